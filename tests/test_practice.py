"""Practice mode: each game's first worked example made move by move by the learner,
judged by the engine against the book (found, allowed other, illegal, shown), and the
end summary's numbers."""

import re
from itertools import permutations, product

import pytest

from tutor.games import GAMES, book_examples, example_order, scenario_dir
from tutor.practice import Judgement, Practice
from tutor.session import LEARNER, Walkthrough


def first_example(game_id) -> Practice:
    return Practice(Walkthrough.load(scenario_dir(game_id) / f"{book_examples(game_id)[0]}.yaml"))


def other_legal_move(practice):
    """A legal move of the acting seat whose result differs from the book's, from the
    first step that has one; the practice is moved there with the book's moves."""
    game = practice.game
    while not practice.done:
        step = practice.step
        for move in game.legal_moves(step.before, step.seat):
            if game.apply(step.before, step.seat, move)[0] != step.after:
                return move
        assert practice.judge(step.move_text).judgement is Judgement.FOUND
    pytest.fail("no step of the example offers a move other than the book's")


def refused_move(practice):
    """A move text the engine reads for the acting seat but refuses now: some move
    played or open elsewhere in the example."""
    game, step = practice.game, practice.step
    for other in practice.book.steps:
        for text in [other.move_text] + [game.format_move(other.before, other.seat, m)
                                         for m in game.legal_moves(other.before, other.seat)]:
            try:
                move = game.parse_move(step.before, step.seat, text)
            except ValueError:
                continue
            rejection = game.check(step.before, step.seat, move)
            if rejection is not None:
                return text, rejection
    pytest.fail("no refused move found for the first step")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_book_moves_are_found_and_the_summary_counts_them(game_id):
    practice = first_example(game_id)
    size = practice.book.size
    while not practice.done:
        step = practice.step
        question = practice.question()
        assert practice.prompt().startswith(question) and question.endswith("?")
        assert f"Your turn as {step.who} (step {step.number} of {size})." in practice.prompt()
        verdict = practice.judge(step.move_text)
        assert verdict.judgement is Judgement.FOUND and verdict.advanced
        assert verdict.book_move == step.move_text_for(step.seat)
        assert verdict.message == f'Well done: "{verdict.book_move}" is the book\'s move. ' \
                                  f"{step.narration_for(step.seat)}"
        assert verdict.say == step.narration_for(step.seat) and "`" not in verdict.message
        assert verdict.rules == tuple(c.id for c in step.rules)
        assert practice.book.state == step.after
    summary = practice.summary()
    assert (summary.steps, summary.first_time, summary.after_hints, summary.after_tries,
            summary.shown) == (size, size, 0, 0, 0)
    assert summary.missed_rules == () and f"{size} of {size} moves found first time" \
        in summary.text
    with pytest.raises(ValueError, match="the example is over"):
        practice.judge(practice.book.steps[-1].move_text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_another_legal_move_names_the_book_move_and_can_branch(game_id):
    practice = first_example(game_id)
    move = other_legal_move(practice)
    step, position = practice.step, practice.position
    game = practice.game
    verdict = practice.judge(move)
    assert verdict.judgement is Judgement.ALLOWED_OTHER and not verdict.advanced
    book_move = step.move_text_for(step.seat)
    assert verdict.book_move == book_move and "`" not in verdict.message
    assert verdict.message.startswith(f'Allowed, but the book plays "{book_move}" here (')
    # The reason is the seat's own narration where the file gives one, else the book's
    # words less the move told again, or nothing where the book's words show a card the
    # seat cannot see before the move is made.
    assert verdict.say in verdict.message and book_move not in verdict.say
    if step.seat in step.say_for:
        assert verdict.say == step.say_for[step.seat]
        assert "Its reason is told" not in verdict.message
    elif step.words_safe_for(step.seat, played=False):
        assert verdict.say in step.say and "Its reason is told" not in verdict.message
    else:
        assert "Its reason is told once it is played" in verdict.message
        assert verdict.say == ""
    assert verdict.rules == tuple(c.id for c in step.rules) and all(
        rule in verdict.message for rule in verdict.rules)
    assert practice.position == position and practice.pending == move

    branch = practice.branch()
    assert branch.state != step.after
    assert branch.state == game.apply(step.before, step.seat, move)[0]
    assert branch.turns[-1].by == LEARNER and len(branch.turns) == position + 1
    assert practice.position == position  # the practice waits at this step

    taken = practice.take_book_move()
    assert taken.judgement is Judgement.SHOWN and practice.position == position + 1
    assert practice.book.state == step.after and practice.pending is None
    summary = practice.summary()
    assert summary.shown == 1 and summary.missed_steps == (step.number,)
    assert summary.missed_rules == tuple(dict.fromkeys(c.id for c in step.rules))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_illegal_move_gives_the_rule_and_changes_nothing(game_id):
    practice = first_example(game_id)
    step, state = practice.step, practice.book.state
    text, rejection = refused_move(practice)
    verdict = practice.judge(text)
    assert verdict.judgement is Judgement.ILLEGAL and not verdict.advanced
    assert (verdict.rule, verdict.reason) == (rejection.rule, rejection.reason)
    assert rejection.rule in verdict.message and rejection.reason in verdict.message
    assert "Nothing changed" in verdict.message
    assert verdict.book_move == "" and verdict.say == ""   # the book move stays untold
    assert practice.position == 0 and practice.book.state is state and practice.step is step

    unreadable = practice.judge("fly to the moon")
    assert unreadable.judgement is Judgement.ILLEGAL and "cannot be read" in unreadable.message
    assert "'fly to the moon'" in unreadable.reason and practice.position == 0

    assert practice.judge(step.move_text).judgement is Judgement.FOUND
    summary = practice.summary()
    assert (summary.after_tries, summary.first_time, summary.missed_steps) == (1, 0, (1,))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_show_me_plays_the_book_move_and_counts_as_shown(game_id):
    practice = first_example(game_id)
    step = practice.step
    verdict = practice.show_me()
    assert verdict.judgement is Judgement.SHOWN and verdict.advanced
    assert verdict.book_move == step.move_text_for(step.seat)
    assert verdict.message == f'The book plays "{verdict.book_move}". ' \
                              f"{step.narration_for(step.seat)}"
    assert practice.position == 1 and practice.book.state == step.after
    assert practice.summary().shown == 1


def test_the_summary_counts_each_way_a_move_was_made():
    practice = first_example("bargain_hunter")   # four steps
    steps = practice.book.steps
    hint = practice.hint(1)
    assert hint and practice.judge(steps[0].move_text).judgement is Judgement.FOUND
    assert practice.judge("play green 1").judgement is Judgement.ALLOWED_OTHER  # James
    assert practice.judge(steps[1].move_text).judgement is Judgement.FOUND
    practice.show_me()
    assert practice.judge(steps[3].move_text).judgement is Judgement.FOUND
    summary = practice.summary()
    assert (summary.steps, summary.first_time, summary.after_hints, summary.after_tries,
            summary.shown) == (4, 1, 1, 1, 1)
    assert summary.missed_steps == (1, 2, 3)
    expected = tuple(dict.fromkeys(c.id for s in steps[:3] for c in s.rules))
    assert summary.missed_rules == expected
    assert summary.text.startswith("1 of 4 moves found first time, 1 found after hints, "
                                   "1 found after another try and 1 shown.")


def test_the_order_of_cards_in_a_bid_does_not_matter():
    practice = first_example("sneaky_bastard")
    for _ in range(3):
        practice.judge(practice.step.move_text)
    assert practice.step.move_text == "bid Opknappertje+100K"
    verdict = practice.judge("bid 100K + opknappertje")
    assert verdict.judgement is Judgement.FOUND


def without_goals(game_id) -> Practice:
    """The game's first example with every goal taken out."""
    from tutor import scenario
    path = scenario_dir(game_id) / f"{book_examples(game_id)[0]}.yaml"
    text = re.sub(r"    goal: >-\n(      .*\n)+|    goal: .*\n", "", path.read_text())
    return Practice(Walkthrough(scenario.parse(text)))


def test_the_prompt_asks_the_goal_then_names_the_seat_and_what_just_happened():
    practice = first_example("sneaky_bastard")
    goal = practice.step.goal
    assert goal.endswith("?")
    assert practice.prompt().startswith(f"{goal} Your turn as Lisa (step 1 of 5). Just "
                                        "now: ")
    assert "Huis aan zee" in practice.prompt()   # the opening event: the house for sale
    practice.judge("bid 100K")
    assert practice.prompt().startswith(practice.step.goal)
    assert "Your turn as Frank (step 2 of 5). Just now: Lisa bids 100K on Huis aan zee" \
        in practice.prompt()


def test_without_a_goal_the_question_is_the_kinds_of_move_the_engine_allows():
    practice = without_goals("sneaky_bastard")
    assert practice.prompt().startswith("Lisa may bid, play sneaky or pass here: what does "
                                        "the book do, and why? Your turn as Lisa (step 1 "
                                        "of 5). Just now: ")
    bargain = without_goals("bargain_hunter")     # one kind of move: how many of it
    assert bargain.question() == ("Sara may only play here, in 7 ways: which does the "
                                  "book choose, and why?")


def test_a_level_two_hint_offers_a_legal_move_of_the_book_kind():
    practice = first_example("sneaky_bastard")
    practice.judge("bid 100K")
    (hint,) = practice.hint(2)
    step = practice.step
    assert practice.game.check(step.before, step.seat, hint.move) is None
    assert type(hint.move) is type(step.ply.move) and hint.move_text in hint.text
    assert practice.judge(hint.move).judgement in (Judgement.FOUND, Judgement.ALLOWED_OTHER)


def test_take_book_move_and_branch_need_another_move_first():
    practice = first_example("cover_your_assets")
    with pytest.raises(ValueError, match="no other move"):
        practice.take_book_move()
    with pytest.raises(ValueError, match="no other move"):
        practice.branch()


def test_a_branch_with_bots_answers_the_learner_move():
    practice = first_example("sneaky_bastard")
    verdict = practice.judge("bid 25K")
    assert verdict.judgement is Judgement.ALLOWED_OTHER
    branch = practice.branch({0: LEARNER, 1: "heuristic", 2: "heuristic"}, seed=1)
    assert branch.turns[0].by == LEARNER and branch.turns[0].ply.text == "bid 25K"
    assert len(branch.turns) > 1 and branch.turns[1].by == "heuristic"
    with pytest.raises(ValueError, match="learner must play Lisa"):
        practice.branch({0: "heuristic", 1: LEARNER, 2: LEARNER})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_book_move_of_every_example_is_found(game_id):
    for name in example_order(game_id):
        practice = Practice(Walkthrough.load(scenario_dir(game_id) / f"{name}.yaml"))
        while not practice.done:
            number = practice.step.number
            verdict = practice.judge(practice.step.move_text)
            assert verdict.judgement is Judgement.FOUND, f"{name} step {number}: {verdict}"
        assert practice.summary().first_time == len(practice.book.moves)


def test_the_prompt_tells_a_move_the_rules_force():
    practice = Practice(Walkthrough.load(scenario_dir("cover_your_assets") /
                                         "stealing_a_set.yaml"))
    practice.book.jump(4)
    assert "Your turn as Cleo (step 5 of 9). Just now: Ada answers with Classic Auto" \
        in practice.prompt()
    assert "Cleo holds no Classic Auto and no wild, so Cleo must give up (CYA-R18)." \
        in practice.prompt()
    assert practice.judge("give up").judgement is Judgement.FOUND


def test_another_move_does_not_tell_what_the_book_move_would_turn_up():
    """Ann may flip another card than the book's and branch off: the book's narration
    names the face its flip turns up, so she gets her own narration (say_for) as the
    book's reason instead, and the face stays untold until the book's move is made."""
    practice = first_example("sell_me_a_sasquatch")
    practice.book.jump(3)
    step = practice.step
    assert (step.who, step.move_text) == ("Ann", "flip Cat 1")
    assert "Poison Pill Bug" in step.say
    verdict = practice.judge("flip Bob 2")
    assert verdict.judgement is Judgement.ALLOWED_OTHER
    assert verdict.say == step.say_for[step.seat]     # her own reason, before the move
    assert 'the book plays "flip Cat 1" here (' in verdict.message
    assert "Poison Pill Bug" not in verdict.message
    assert all("Poison Pill Bug" not in e.text for e in verdict.events)
    shown = practice.take_book_move()
    assert any("Poison Pill Bug" in e.text for e in shown.events)  # told once it is made


# -- a move with the book's result is the book's move ---------------------------------

def every_order_of_a_deal(game, state, seat):
    """Every Sasquatch deal or two-player split the seat's hand can lay, in every order
    of its cards and with each card turned up (many more than legal_moves lists)."""
    from tutor.games.sell_me_a_sasquatch.moves import Deal, Split
    hand = game.labels(state, f"hand:{seat}")
    size = min(3, len(hand))
    moves = set()
    for picked in permutations(range(len(hand)), size):
        cards = tuple(hand[i] for i in picked)
        if state.data["phase"] == "deals":
            moves.update(Deal(cards, up) for up in cards)
            continue
        for sides in product(("mine", "theirs"), repeat=size):
            mine = tuple(c for c, side in zip(cards, sides) if side == "mine")
            theirs = tuple(c for c, side in zip(cards, sides) if side == "theirs")
            moves.update(Split(mine, theirs, up, side) for side, laid in
                         (("mine", mine), ("theirs", theirs)) for up in laid)
    return moves


def deal_key(move):
    """A deal or split by what it lays: which cards (on which side), which one up."""
    if hasattr(move, "cards"):
        return tuple(sorted(move.cards)), move.up
    return tuple(sorted(move.mine)), tuple(sorted(move.theirs)), move.up, move.up_side


def same_cards_same_card_up(move, book):
    """The book's test of a deal: the same cards (on the same sides), the same one up."""
    return type(move) is type(book) and deal_key(move) == deal_key(book)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_move_with_the_book_result_is_found_and_no_other(game_id):
    """At every book step of every example: each move the seat may try is "well done"
    exactly when its result is the book's. A Sasquatch deal or split is the book's when
    it lays the same cards with the same one turned up, in whatever order (every order
    is tried); at other steps the engine's listed moves are tried, the book's result
    being the book's state."""
    game = GAMES[game_id]
    for name in example_order(game_id):
        practice = Practice(Walkthrough.load(scenario_dir(game_id) / f"{name}.yaml"))
        for position, step in enumerate(practice.book.steps):
            if step.jump:      # no move to judge: the practice steps over it
                continue
            dealing = game_id == "sell_me_a_sasquatch" and \
                step.before.data["phase"] in ("deals", "split")
            tries = every_order_of_a_deal(game, step.before, step.seat) if dealing else \
                game.legal_moves(step.before, step.seat)
            found = 0
            for move in tries:
                practice.book.jump(position)
                verdict = practice.judge(move)
                if dealing:
                    books = same_cards_same_card_up(move, step.ply.move)
                else:
                    books = game.apply(step.before, step.seat, move)[0] == step.after
                # a move the example lists as just as good counts as the book's
                books = books or move in {game.parse_move(step.before, step.seat, other)
                                          for other in step.also}
                assert (verdict.judgement is Judgement.FOUND) == books, \
                    f"{name} step {step.number}: {verdict.move_text}: {verdict}"
                found += books
            assert found >= 1 or not dealing, f"{name} step {step.number}"


def test_a_sasquatch_deal_or_split_in_another_order_is_the_book_move():
    deal = first_example("sell_me_a_sasquatch")
    assert deal.step.move_text == "deal Trojan Horse+Platonic Isolator+Medium up Medium"
    assert deal.judge("deal Platonic Isolator+Medium+Trojan Horse up Medium").judgement \
        is Judgement.FOUND
    assert deal.judge("deal Giant+Loan Shark+Tiny up Giant").judgement \
        is Judgement.ALLOWED_OTHER   # Bob's cards, another one turned up
    split = Practice(Walkthrough.load(scenario_dir("sell_me_a_sasquatch") /
                                      "two_players.yaml"))
    assert split.step.move_text == "split Big+Loan Shark / Tiny up Tiny"
    assert split.judge("split Loan Shark+Tiny / Big up Tiny").judgement \
        is Judgement.ALLOWED_OTHER   # other cards on each side
    assert split.judge("split Loan Shark+Big / Tiny up Tiny").judgement is Judgement.FOUND


def test_sasquatch_counts_every_different_deal_and_split():
    """Deals and splits are listed a representative few, but counted in full: one per
    different result (same cards, same one up, in whatever order), as a hint counts
    them (and says "N options" up to twenty). The first deal of the book has 30 (five different cards: ten sets of
    three, each with three cards to turn up), the first two-player split 138."""
    game = GAMES["sell_me_a_sasquatch"]
    counted = {}
    for name in example_order(game.id):
        for step in Walkthrough.load(scenario_dir(game.id) / f"{name}.yaml").moves:
            if step.before.data["phase"] not in ("deals", "split"):
                continue
            kind = type(step.ply.move)
            different = {deal_key(move) for move in
                         every_order_of_a_deal(game, step.before, step.seat)
                         if game.check(step.before, step.seat, move) is None}
            counted[name, step.number] = game.count_moves(step.before, step.seat, kind)
            assert counted[name, step.number] == len(different), (name, step.number)
    assert counted["first_turn", 1] == 30 and counted["two_players", 1] == 138


# -- goals, moves as good as the book's, the book's reason -----------------------------

GOALS = """\
game: sneaky_bastard
title: t
players: [Ann, Bob, Cy]
setup: {first: Ann, pile: [Studentenkamer]}
steps:
  - who: Ann
    move: bid 10K
    goal: Ann wants to open as cheaply as she can. Which card does she lay?
    also: bid 25K
    say: Ann opens with her smallest card, to stay in the auction for little.
  - who: Bob
    move: bid 25K
"""


def test_the_prompt_starts_with_the_steps_goal():
    from tutor import scenario
    practice = Practice(Walkthrough(scenario.parse(GOALS)))
    assert practice.prompt().startswith("Ann wants to open as cheaply as she can. Which "
                                        "card does she lay? Your turn as Ann (step 1 of 2).")


def test_a_move_listed_as_just_as_good_counts_as_the_books():
    from tutor import scenario
    practice = Practice(Walkthrough(scenario.parse(GOALS)))
    step = practice.step
    verdict = practice.judge("bid 25K")
    assert verdict.judgement is Judgement.FOUND and verdict.as_good
    assert verdict.message == ("Well done: that is as good as the book's move here; the "
                               "book plays \"bid 10K\", and we go on with it. Ann opens "
                               "with her smallest card, to stay in the auction for little.")
    assert practice.book.state == step.after      # the practice goes on with the book's
    assert practice.summary().first_time == 1
    # Bob's step lists no other move: another bid is only allowed.
    assert practice.judge("bid 100K").judgement is Judgement.ALLOWED_OTHER


def test_a_goal_that_names_a_card_the_mover_cannot_see_gives_way_to_the_engines_question():
    from tutor import scenario
    path = scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml"
    text = re.sub(r"    goal: >-\n(      .*\n)+", "    goal: What can Ann do without her "
                  "Dumpster Dive?\n", path.read_text(), count=1)
    practice = Practice(Walkthrough(scenario.parse(text)))
    assert practice.step.goal.startswith("What can Ann do")
    assert practice.question() == ("Ann may play, point or discard two here: what does "
                                   "the book do, and why?")
    assert "Dumpster Dive" not in practice.prompt()


def test_allowed_but_gives_the_books_reason_without_the_move_told_again():
    from tutor import scenario
    path = scenario_dir("sneaky_bastard") / "three_players.yaml"
    # Lisa's narration made to tell only her bid; Frank's, as shipped, says why.
    text = re.sub(r"    say: >-\n(      .*\n)+", "    say: Lisa bids 100K.\n",
                  path.read_text(), count=1)
    practice = Practice(Walkthrough(scenario.parse(text)))
    verdict = practice.judge("bid 25K")
    assert verdict.message == 'Allowed, but the book plays "bid 100K" here (SB-3.1).'
    assert verdict.say == ""
    practice.take_book_move()
    frank = practice.step.say
    assert "500K" in frank and len(frank) > 40
    verdict = practice.judge("pass")
    assert verdict.say == frank
    assert verdict.message == f'Allowed, but the book plays "bid 500K" here (SB-3.2). {frank}'
    assert "`" not in verdict.message


def test_practice_never_asks_to_press_next():
    from widgets.panels.story import step_html
    book = first_example("sneaky_bastard").book
    assert "Press Next" in step_html(book, 0, {})
    assert "Press Next" not in step_html(book, 0, {}, practicing=True)


def test_the_next_mover_reads_the_last_verdict_without_the_movers_secrets():
    """Dan deals face down; the table then turns to Bob, who must not read Dan's cards
    in the 'well done' or 'show me' left on screen."""
    practice = first_example("sell_me_a_sasquatch")
    dan = practice.seat
    verdict = practice.judge(practice.step.move_text)
    assert "Trojan Horse" in verdict.message
    bob = practice.seat
    assert practice.retold(verdict, dan) == verdict.message
    assert practice.retold(verdict, bob) == (
        "Well done: Dan's move is the book's, \"deal: 2 cards face down and one to be "
        "turned up\". "
        + practice.book.steps[0].narration_for(bob))
    assert "Trojan Horse" not in practice.retold(verdict, bob)
    shown = practice.show_me()                      # Bob's deal, retold for Cat
    assert practice.retold(shown, practice.seat).startswith('The book plays "deal: 2 '
                                                             'cards face down')


def test_rules_in_play_fit_the_player_count():
    """Sasquatch's steal phase names who decides a Nasty loss for the game being played:
    the new buyer (SQ-7.6) with three or more players, the other player (SQ-9.5) with
    two; the practice context never cites the two-player rule in a bigger game. Checked
    at every step of every example."""
    game = GAMES["sell_me_a_sasquatch"]
    seen = set()
    for name in example_order("sell_me_a_sasquatch"):
        practice = Practice(Walkthrough.load(scenario_dir("sell_me_a_sasquatch") /
                                             f"{name}.yaml"))
        while not practice.done:
            step = practice.step
            context = practice.context()
            cited = set(re.findall(r"[A-Z]+-R?[\d.]*\d",
                                   context.partition("Rules in play:")[2]))
            two = step.before.num_players == 2
            wrong = {"SQ-7.6"} if two else {r for r in cited if r.startswith("SQ-9.")}
            assert not cited & wrong, f"{name} step {step.number}: {cited}"
            if step.before.data["phase"] == "steal":
                seen.add("SQ-9.5" if two else "SQ-7.6")
                assert ("SQ-9.5" if two else "SQ-7.6") in cited
            practice.show_me()
    assert seen == {"SQ-7.6", "SQ-9.5"}    # both kinds of game reach a steal
