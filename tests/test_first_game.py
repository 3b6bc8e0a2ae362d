"""The scripted first game of each game (``first_game.yaml``): a fresh deal at three or
four players, the learner's seat and three opening sentences, one whole round, then a
jump to a later position that the engine plays to a winner (tie-break included); every
kind of move the engine knows occurs, and the narration's claims hold on the engine.
Also the format's new keys (``learner``, ``opening``, a ``jump`` step): how they load,
the errors that name them, and how the Walkthrough steps across a jump."""

import dataclasses
import importlib
import textwrap

import pytest

from tutor import scenario as scenarios
from tutor.core.match import Match
from tutor.games import GAMES, example_order, get_game, scenario_dir
from tutor.scenario import Jump, ScenarioError
from tutor.session import LEARNER, Branch, Walkthrough

FIRST_GAMES = sorted(GAMES)

# The games whose rules break a tie for the most points (money left, the smaller junk
# pile): their first game ends on such a tie, so the learner sees the tie-break work.
TIE_BREAKS = {"sneaky_bastard", "bargain_hunter"}
# Sneaky Snakes has none: tied players share the win unless every one of them asks for a
# snake battle (SN-6.3, SN-R12); its first game ends on a tie that is shared.
SHARED_TIES = {"sneaky_snakes"}

# Kinds of move that cannot occur at the first game's player count, with the notation
# of one and the clause the engine refuses it under (checked below at every position of
# the file, for the seat to act).
NEVER_LEGAL: dict[str, dict[str, tuple[str, str]]] = {
    "cover_your_assets": {"Pass": ("pass", "CYA-2.2")},   # you may never pass
    "sell_me_a_sasquatch": {                               # two players only (SQ-9)
        "Split": ("split Tiny / nothing up Tiny", "SQ-9.2"),
        "Accept": ("accept", "SQ-6.1"), "Reverse": ("reverse", "SQ-6.1")},
}


def load(game_id):
    return scenarios.load(scenario_dir(game_id) / "first_game.yaml")


def move_kinds(game) -> set[type]:
    """The move classes of the game's notation: every class of its moves module that
    declares the clauses checking it (RULES), as the engine's ``move_rules`` reads them."""
    package = type(game).__module__.rsplit(".", 1)[0]
    module = importlib.import_module(f"{package}.moves")
    return {value for value in vars(module).values()
            if isinstance(value, type) and dataclasses.is_dataclass(value)
            and value.__module__ == module.__name__ and hasattr(value, "RULES")}


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_the_first_game_comes_first_and_opens_with_three_sentences(game_id):
    loaded = load(game_id)
    assert example_order(game_id)[0] == "first_game"
    assert len(loaded.players) in (3, 4)          # never a two-player rule here
    assert loaded.learner is not None
    assert len(loaded.opening) == 3
    win, turn, end = loaded.opening
    assert "win" in win.lower() and "turn" in turn.lower() and "end" in end.lower()
    for sentence in loaded.opening:
        assert sentence.endswith(".") and sentence.count(". ") == 0   # one sentence each
    book = Walkthrough(loaded)
    for viewer in (None, *range(len(loaded.players))):
        assert book.narration_for(viewer).startswith(" ".join(loaded.opening))


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_it_starts_from_a_fresh_deal(game_id):
    """Nobody has scored anything yet: the scoreboard is that of a new game."""
    loaded = load(game_id)
    game, start = loaded.game, Walkthrough(loaded).states[0]
    fresh = game.new_state(loaded.players, loaded.seed, loaded.options)
    assert game.scoreboard(start) == game.scoreboard(fresh)


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_every_kind_of_move_occurs(game_id):
    loaded = load(game_id)
    kinds = move_kinds(loaded.game)
    assert len(kinds) >= 4
    shown = {type(step.move) for step in loaded.steps}
    excluded = {kind for kind in kinds if kind.__name__ in NEVER_LEGAL.get(game_id, {})}
    missing = kinds - shown - excluded
    assert not missing, f"never played in the first game: {sorted(k.__name__ for k in missing)}"
    # what is left out is refused by the engine wherever the learner could try it
    book, game = Walkthrough(loaded), loaded.game
    for name, (text, rule) in NEVER_LEGAL.get(game_id, {}).items():
        refused_under = set()
        for state in book.states:
            for seat in game.to_act(state):
                move = game.parse_move(state, seat, text)
                assert type(move).__name__ == name
                assert type(move) not in map(type, game.legal_moves(state, seat))
                refused_under.add(game.check(state, seat, move).rule)
        assert rule in refused_under    # (in a battle the battle's clause says it first)


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_the_learner_moves_say_why_and_the_others_are_narrated(game_id):
    loaded = load(game_id)
    mine = [step for step in loaded.steps if step.seat == loaded.learner]
    assert len(mine) >= 3
    for step in loaded.steps:
        assert step.say, step.where()
        if step.seat == loaded.learner:
            assert step.goal, step.where()
    # the learner moves in the round and after the jump
    assert {step.part for step in mine} == {0, 1}


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_the_learner_reads_every_step_in_words_written_for_the_seat(game_id):
    """Nothing the learner reads is withheld: where the book's words name a card the
    learner's seat cannot see, the file gives the seat its own (say_for, intro_for); the
    learner's own moves read so before they are made too (practice's "allowed, but")."""
    book = Walkthrough(load(game_id))
    learner = book.scenario.learner
    assert book.intro_for(learner).endswith(
        book.scenario.intro_for.get(learner, book.scenario.intro))
    for step in book.steps:
        assert step.words_safe_for(learner), f"step {step.number}"
        assert step.narration_for(learner) == step.words_for(learner)
        if step.seat == learner:
            assert step.words_safe_for(learner, played=False), f"step {step.number}"


@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_the_jump_lands_on_a_later_position_that_plays_to_a_winner(game_id):
    loaded = load(game_id)
    game = loaded.game
    (jump,) = loaded.jumps
    assert jump.say.startswith("Later in the game:")
    assert all(text.startswith("Later in the game:") for text in jump.say_for.values())
    assert "game begins" not in jump.say.lower()
    # The later position replays on its own, from its setup and seed, to the end.
    match = Match(game, loaded.players, jump.seed, dict(loaded.options), jump.setup)
    for step in loaded.steps:
        if step.part == 1:
            match.play(step.seat, step.move_text)
    outcome = game.outcome(match.state)
    assert outcome is not None and not game.to_act(match.state)
    assert len(outcome.winners) == (2 if game_id in SHARED_TIES else 1)
    # the file's last checkpoint names the engine's winners
    assert loaded.steps[-1].check["winners"] == [loaded.players[s] for s in outcome.winners]
    # where the rules break ties, the top score is shared: the tie-break decided it
    top = max(outcome.scores)
    tied = sum(score == top for score in outcome.scores)
    assert tied == (2 if game_id in TIE_BREAKS | SHARED_TIES else 1)


def test_walkthrough_steps_across_the_jump_and_back():
    loaded = load("sneaky_bastard")
    book = Walkthrough(loaded)
    (jump,) = loaded.jumps
    assert book.size == loaded.size == len(loaded.steps) + 1
    book.jump(jump.number - 1)                  # after the round's last move
    before = book.state
    assert book.next() and book.step.jump and book.position == jump.number
    assert book.state.data["round"] == 17 and book.last_move() is None
    assert book.step.move_text_for(0) == "" and book.step.events_for(0) == ()
    assert book.narration_for(0).startswith("Later in the game:")
    assert book.match.states[0] is book.state     # the part that starts here
    assert book.back() and book.state is before   # back across the jump
    assert book.match.plies and book.last_move() is not None
    while book.next():
        pass
    assert loaded.game.outcome(book.state).winners == (0,)
    # log rows: the moves of both parts, no entry for the jump
    assert len(book.plies()) == len(loaded.steps)


def test_practice_steps_over_the_jump_and_tells_the_later_position():
    from tutor.practice import Judgement, Practice
    loaded = load("sneaky_bastard")
    book = Walkthrough(loaded)
    book.jump(loaded.jumps[0].number - 1)          # the jump is the next step
    practice = Practice(book)
    assert practice.step.number == loaded.jumps[0].number + 1 and not practice.step.jump
    assert "Later in the game:" in practice.context()
    book.jump(loaded.jumps[0].number - 2)          # Bob's pass, then the jump
    practice = Practice(book)
    assert practice.judge("pass").judgement is Judgement.FOUND
    assert practice.position == loaded.jumps[0].number and practice.seat == 1


def test_a_branch_after_the_jump_plays_on_from_the_later_position():
    loaded = load("sneaky_bastard")
    book = Walkthrough(loaded)
    at = loaded.jumps[0].number + 1                # after Bob's first bid of round 17
    book.jump(at)
    branch = Branch.from_book(book, {0: LEARNER, 1: "heuristic", 2: "heuristic"},
                              autoplay=False)
    assert branch.state is book.state and branch.base == 1
    assert branch.match.setup == loaded.jumps[0].setup
    saved = scenarios.parse(branch.to_scenario("mine", viewer=None))
    assert saved.setup == loaded.jumps[0].setup and len(saved.steps) == 1
    assert list(scenarios.play(saved))            # the saved line replays


def test_the_book_up_to_a_position_after_the_jump_saves_and_loads_back():
    loaded = load("bargain_hunter")
    book = Walkthrough(loaded)
    book.jump(loaded.jumps[0].number + 2)
    again = scenarios.parse(book.to_scenario(viewer=None))
    assert again.learner == loaded.learner and again.opening == loaded.opening
    assert [j.setup for j in again.jumps] == [loaded.jumps[0].setup]
    assert len(list(scenarios.play(again))) == again.size


def test_replay_goes_on_in_the_same_match_after_a_jump():
    """A caller holding the match sees where the scenario goes on: the match starts
    over at the jump, so its end is the scenario's end."""
    loaded = load("bargain_hunter")
    match = loaded.new_match()
    results = list(scenarios.play(loaded, match))
    assert [type(r.step) for r in results].count(Jump) == 1
    assert loaded.game.outcome(match.state).winners == (0,)
    assert match.setup == loaded.jumps[0].setup


# -- the narration's claims, checked on the engine -----------------------------------------

def states_before(game_id):
    """position -> the book step made there (move steps only), with the state before."""
    book = Walkthrough(load(game_id))
    return {step.number: step for step in book.steps if not step.jump}


def test_sneaky_bastard_claims_hold():
    from tutor.games.sneaky_bastard import Bid, Wait
    steps = states_before("sneaky_bastard")
    game = get_game("sneaky_bastard")
    # "Bob must wait: he may neither raise nor pass"
    wait = steps[5]
    assert wait.who == "Bob" and game.legal_moves(wait.before, 1) == [Wait()]
    # "To win Cy's 200K, Bob would have to lay more than Ann's 150K"
    bob_pass = steps[8]
    assert game.check(bob_pass.before, 1, Bid(("100K",))) is not None
    assert game.facts(bob_pass.before)["sneaky bid/Ann"] == "150K"
    # "each of your houses is worth more than the house for sale"
    ann_pass = steps[14]
    facts = game.facts(ann_pass.before)
    price = {"House 100K": 100}[facts["for sale"]]
    assert all(int(house.split()[1][:-1]) > price for house in facts["houses/Ann"])
    # "Without the house Bob would lose on houses": Ann's houses are worth more
    assert facts["house value/Ann"] == "3000K" and facts["house value/Bob"] == "2900K"


def test_bargain_hunter_claims_hold():
    steps = states_before("bargain_hunter")
    game = get_game("bargain_hunter")
    # "green 9 / blue 6 / black 6 is your only card of the colour led": no other choice
    for number, card in ((9, "green 9"), (14, "blue 6"), (18, "black 6")):
        step = steps[number]
        legal = {game.format_move(step.before, 0, m) for m in game.legal_moves(step.before, 0)}
        assert legal <= {f"play {card}", "play offer"} and f"play {card}" in legal, number
    # "the Irresistible Offer beats every other card": it wins the last trick
    offer = steps[23]
    assert offer.move_text == "play offer"
    assert game.facts(steps[24].after)["last winner"] == "Ann"
    # "Bob's only junk card is the Offer, which can never be cleared out": he can only skip
    bob = steps[31]
    assert bob.who == "Bob" and [game.format_move(bob.before, 1, m)
                                 for m in game.legal_moves(bob.before, 1)] == ["skip"]


def legal_texts(game, state, seat):
    return sorted(game.format_move(state, seat, m) for m in game.legal_moves(state, seat))


def test_cover_your_assets_claims_hold():
    steps = states_before("cover_your_assets")
    game = get_game("cover_your_assets")
    # "Cy has no pair and nothing to pair with on the pile, so he puts a card down"
    cy = steps[3]
    assert all(text.startswith("discard ") for text in legal_texts(game, cy.before, 2))
    # "Bob has no Piano or wild left, so he gives up" / "his one card is no Classic Auto
    # and no wild, so he must give up"
    for number in (7, 11):
        assert legal_texts(game, steps[number].before, 1) == ["give up"], number
    # "Your first set, at the bottom of your stack, can now never be stolen"
    after = steps[4].after
    refusal = game.check(after, 1, game.parse_move(after, 1, "challenge Ann with Gold"))
    assert refusal is None         # the top set, yes
    assert game.facts(after)["stack/Ann"][0] == "Jewels+Jewels"


def test_sell_me_a_sasquatch_claims_hold():
    steps = states_before("sell_me_a_sasquatch")
    game = get_game("sell_me_a_sasquatch")
    # "Bob still has a Detrital Repositioner, and he may play it before you choose"
    call = steps[10]
    assert call.move_text == "last chance"
    assert any(text.startswith("thingamabob Detrital Repositioner")
               for text in legal_texts(game, call.before, 1))
    # "Bob takes a Big from Cy, which breaks Cy's pair of Bigs"
    steal = steps[13]
    assert game.facts(steal.before)["collection/Cy"].count("Big") == 2
    assert game.facts(steal.after)["collection/Cy"].count("Big") == 1


def test_sneaky_snakes_claims_hold():
    steps = states_before("sneaky_snakes")
    game = get_game("sneaky_snakes")
    # "Bob points at your Gift"; "whoever plays a Gift must give away one of their cards"
    answer = steps[4]
    assert game.facts(answer.before)["hand/Ann"][0] == "Gift"
    assert legal_texts(game, answer.after, 1)[0].startswith("give ")
    # "You cannot see the face of any of Bob's or Cy's cards, so you may skip"
    skip = steps[9]
    assert "skip" in legal_texts(game, skip.before, 0)
    # "Of your cards you now see only the Eyes Open"
    assert game.facts(steps[14].before)["sees/Ann"] == ["Eyes Open"]
    # "A snake battle needs every tied player to ask for one": Cy asked, Bob shares
    assert game.facts(steps[18].before)["phase"] == "tie"


# -- the format's new keys: loading and errors ---------------------------------------------

GOOD = """\
game: sneaky_bastard
players: [Ann, Bob, Cy]
learner: Ann
opening:
  win: You win with the most houses.
  turn: You bid, play a Sneaky Bastard card or pass.
  end: The game ends when the last house is sold.
setup: {first: Ann}
steps:
  - who: Ann
    move: bid 10K
  - jump:
      round: 17
      first: Ann
      for_sale: House 100K
      houses:
        Ann: [House 850K, House 800K, House 700K, House 450K, House 200K]
        Bob: [House 750K, House 650K, House 600K, House 550K, Opknappertje]
        Cy: [House 500K, Huis aan zee, House 300K, House 250K, Studentenkamer, House 50K]
    say: "Later in the game: the last house."
    check: {round: 17}
  - who: Ann
    move: bid 10K
"""


def parsed(text):
    return scenarios.parse(textwrap.dedent(text), None)


def test_the_new_keys_load():
    loaded = parsed(GOOD)
    assert loaded.learner == 0 and loaded.opening[0] == "You win with the most houses."
    assert [item.number for item in loaded.items()] == [1, 2, 3]
    assert loaded.steps[1].part == 1 and loaded.jumps[0].seed == 0
    assert len(list(scenarios.play(loaded))) == 3


@pytest.mark.parametrize("change, message", [
    (("learner: Ann", "learner: Zed"), "line 3: 'learner' must be the name of the player"),
    (("  end: The game ends when the last house is sold.\n", ""),
     "line 4: 'opening.end' is missing"),
    (("  win:", "  won:"), "line 4: 'opening' has the keys win, turn, end; not won"),
    (("    say: \"Later in the game: the last house.\"\n", ""),
     "step 2, line 12 (jump): 'say' is required"),
    (("      first: Ann\n      for_sale", "      first: Zed\n      for_sale"),
     "step 2, line 12 (jump): 'jump': setup.first"),
    (("    check: {round: 17}", "    who: Ann"),
     "step 2, line 12 (jump): a jump step has check, jump, say, say_for, seed; not who"),
    (("    check: {round: 17}", "    check: {round: 16}"),
     "step 2, line 12 (jump to a later position): checkpoint failed: round: expected 16"),
])
def test_errors_name_the_key_and_the_line(change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(ScenarioError) as error:
        list(scenarios.play(parsed(GOOD.replace(old, new, 1))))
    assert message in str(error.value)


def test_a_jump_may_neither_begin_nor_end_the_steps():
    steps_at = GOOD.index("  - who: Ann\n    move: bid 10K\n  - jump")
    first = GOOD[:steps_at] + GOOD[GOOD.index("  - jump"):]
    with pytest.raises(ScenarioError, match=r"step 1, line 10 \(jump\): a jump cannot be "
                                             "the first step"):
        parsed(first)
    last = GOOD[:GOOD.rindex("  - who: Ann")]
    with pytest.raises(ScenarioError, match="a jump must be followed by a move"):
        parsed(last)


# -- the app steps through a first game, across the jump and back ----------------------------

@pytest.mark.parametrize("game_id", FIRST_GAMES)
def test_the_app_opens_the_first_game_and_steps_to_its_end_and_back(game_id):
    from page_text import unmarked
    from widgets.app import TutorApp

    app = TutorApp(game_id, "first_game")
    loaded = load(game_id)
    (jump,) = loaded.jumps
    assert app.example_picker.value == "first_game"
    assert app.step_label.value == f"Step 0 of {loaded.size}"
    assert unmarked(loaded.opening[0]) in unmarked(app.narration.value)
    shown = {}
    while not app.next_button.disabled:
        app.next_button.click()
        shown[app.model.book.position] = (unmarked(app.narration.value), app.table.value)
    assert app.model.book.position == loaded.size
    at_jump, table_at_jump = shown[jump.number]
    assert f"Step {jump.number}: a later position" in at_jump
    assert "Later in the game:" in at_jump
    # the last step tells the winner the engine found
    winner = loaded.players[loaded.game.outcome(app.model.book.state).winners[0]]
    assert winner in shown[loaded.size][0]
    # back across the jump: the table is the round's end again, then the later position
    app.slider.value = jump.number
    assert app.table.value == table_at_jump
    app.back_button.click()
    assert app.step_label.value == f"Step {jump.number - 1} of {loaded.size}"
    assert app.table.value == shown[jump.number - 1][1] != table_at_jump
    app.next_button.click()
    assert app.table.value == table_at_jump
