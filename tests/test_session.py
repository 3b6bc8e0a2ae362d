"""Tutoring sessions: the walkthrough cursor over a worked example, and branches with
bots, hot seat, undo/redo and the comparison with the book."""

import re

import pytest

from tutor.core.game import IllegalMove
from tutor.games import scenario_dir
from tutor.session import LEARNER, Branch, Walkthrough, history_frame, log_frame

from book_words import without_own_narration

FOUR = scenario_dir("sneaky_bastard") / "four_players.yaml"


@pytest.fixture
def book():
    return Walkthrough.load(FOUR)


def test_walkthrough_cursor_moves_and_shows_each_step(book):
    assert (book.position, book.size) == (0, 10)
    assert book.step is None and "Studentenkamer" in book.narration
    assert book.next() and book.step.who == "Lisa" and book.step.move_text == "bid 10K"
    assert [c.id for c in book.step.rules] == ["SB-3.1", "SB-3.2"]
    assert "Lisa bids 10K" in book.step.events[0].text
    book.jump(8)
    assert book.game.facts(book.state)["sale/price"] == "120K"
    assert book.step.before is not book.step.after
    book.jump(10)
    assert not book.next() and book.position == 10
    assert book.back() and book.position == 9
    book.restart()
    assert book.position == 0 and not book.back()
    with pytest.raises(IndexError, match="steps 0 to 10, not 11"):
        book.jump(11)


def test_branch_from_a_step_plays_bots_until_the_learner_must_act(book):
    book.jump(7)  # Robin has just raised her sneaky bid to 25K; Fleur is next
    branch = Branch.from_book(book, {0: LEARNER, 1: "heuristic", 2: "heuristic",
                                     3: "heuristic"}, seed=3)
    assert branch.base == 7 and len(branch.turns) >= 7
    assert branch.turns[7].by == "heuristic" and branch.turns[7].reason
    assert branch.learner_to_act() == 0 or branch.over
    assert book.position == 7  # the book itself is untouched


def test_hot_seat_learner_plays_every_seat_and_undo_redo(book):
    book.jump(5)
    everyone = {seat: LEARNER for seat in range(4)}
    branch = Branch.from_book(book, everyone)
    assert branch.learner_to_act() == 1  # Frank, as in the book
    before = branch.state
    branch.play(1, "bid 250K")
    assert branch.game.facts(branch.state)["bid/Frank"] == "270K"
    assert branch.learner_to_act() == 2
    assert branch.undo() and branch.state == before
    assert not branch.undo()  # the book's moves are not undone
    assert branch.redo() and branch.game.facts(branch.state)["bid/Frank"] == "270K"
    assert not branch.redo()


def test_undo_takes_back_the_bot_answers_too(book):
    book.jump(5)
    branch = Branch.from_book(book, {0: "random", 1: LEARNER, 2: "random", 3: "random"}, seed=2)
    start = len(branch.turns)
    branch.play(1, "pass")
    assert len(branch.turns) > start + 1  # the bots answered
    branch.undo()
    assert len(branch.turns) == start and branch.learner_to_act() == 1
    branch.redo()
    assert [t.by for t in branch.turns[start:]][0] == LEARNER


def test_an_illegal_learner_move_changes_nothing(book):
    book.jump(5)
    branch = Branch.from_book(book, {seat: LEARNER for seat in range(4)})
    before, turns = branch.state.dumps(), len(branch.turns)
    with pytest.raises(IllegalMove) as error:
        branch.play(1, "bid 10K")  # Frank laid both his 10K cards in step 2
    assert error.value.rule == "SB-3.3" and "Frank has no 10K card" in error.value.reason
    assert branch.state.dumps() == before and len(branch.turns) == turns
    with pytest.raises(ValueError, match="played by a bot"):
        Branch.from_book(book, {0: LEARNER, 1: "random", 2: "random", 3: "random"},
                         at=5).play(1, "pass")


def test_comparison_sets_the_branch_beside_the_book(book):
    book.jump(7)
    branch = Branch.from_book(book, {seat: LEARNER for seat in range(4)})
    branch.play(3, "bid 250K")  # Fleur fights for the house instead of passing
    table = branch.comparison()
    assert list(table.index) == ["Lisa", "Frank", "Robin", "Fleur"]
    assert table.loc["Frank", ("book", "houses")] == "Studentenkamer"
    assert table.loc["Frank", ("your line", "houses")] == "-"
    assert table.loc["Lisa", ("book", "money")] == 1480


def test_free_play_with_bots_reaches_the_end():
    from tutor import get_game
    game = get_game("sneaky_bastard")
    branch = Branch.new_game(game, ["A", "B", "C"], {0: "heuristic", 1: "random",
                                                     2: "heuristic"}, seed=4)
    assert branch.over and game.outcome(branch.state) is not None
    log = log_frame(branch.state.players, branch.turns, viewer=None)
    assert len(log) == len(branch.turns) and set(log["by"]) == {"heuristic", "random"}
    assert set(log["player"]) == {"A", "B", "C"}
    history = history_frame(game, branch.match.states)
    assert set(history.columns) >= {"move", "player", "money", "house value"}
    assert len(history) == 3 * len(branch.match.states)
    per_round = history_frame(game, branch.match.states, lambda s: s.data["round"])
    assert list(per_round["at"].unique()) == list(range(1, 18))
    assert len(per_round) == 3 * 17
    final = per_round[per_round["at"] == 17].set_index("player")["house value"]
    assert list(final) == list(game.outcome(branch.state).scores)


def test_a_branch_saves_as_a_scenario_that_replays_to_the_same_state(book, tmp_path):
    from tutor import scenario
    book.jump(6)
    branch = Branch.from_book(book, {0: LEARNER, 1: "heuristic", 2: "random",
                                     3: "heuristic"}, seed=9)
    while branch.learner_to_act() is not None and len(branch.turns) < 40:
        seat = branch.learner_to_act()
        branch.play(seat, branch.game.legal_moves(branch.state, seat)[-1])
    path = tmp_path / "saved.yaml"
    path.write_text(branch.to_scenario("My line", viewer=None))
    saved = scenario.load(path)
    assert saved.title == "My line" and len(saved.steps) == len(branch.turns)
    assert saved.steps[0].say == book.steps[0].say  # the book's narration is kept
    assert any("bot:" in step.say for step in saved.steps)
    replayed = Walkthrough(saved)
    replayed.jump(replayed.size)
    assert replayed.state == branch.state


def test_the_book_up_to_a_step_saves_as_a_scenario(book):
    from tutor import scenario
    book.jump(3)
    saved = scenario.parse(book.to_scenario(viewer=None))
    assert [s.move_text for s in saved.steps] == ["bid 10K", "bid 10K+10K", "sneaky"]
    book.jump(0)
    with pytest.raises(ValueError, match="at least one step"):
        book.to_scenario(viewer=None)


def test_walkthrough_tells_what_the_setup_did_before_step_1():
    """Sneaky Snakes' first player draws as the game begins (SN-R3), after the setup is
    told; Sneaky Bastard's first house goes up for sale (SB-2.1): the walkthrough offers
    them for position 0."""
    snakes = Walkthrough.load(scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml")
    *setup, event = snakes.opening_events
    assert setup[0].rule == "SN-1.1"
    assert event.rule == "SN-R3" and "draws a card" in event.text
    event = Walkthrough.load(FOUR).opening_events[-1]   # after the deal, the pile, who starts
    assert event.rule == "SB-2.1" and "Studentenkamer (150K) is for sale" in event.text


def test_the_lines_compare_move_by_move_and_part_once(book):
    from tutor.session import compare_lines
    book.jump(5)
    branch = Branch.from_book(book, {1: LEARNER, 0: "heuristic", 2: "heuristic",
                                     3: "heuristic"}, seed=1)
    branch.play(1, "pass")
    rows = compare_lines(book.scenario.players, book.match.plies, branch.turns, branch.base,
                         viewer=None)
    assert rows[0]["#"] == 6 and rows[0][""] == "they part here"
    assert rows[0]["book"] == "Frank: bid 100K" and rows[0]["your line"] == "Frank: pass"
    assert [r[""] for r in rows[1:]].count("they part here") == 0
    # Neither side has an empty cell: a shorter line says so.
    assert all(r["book"] and r["your line"] for r in rows)
    assert len(rows) == max(len(book.match.plies), len(branch.turns)) - 5


SNAKES = scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml"


def test_book_words_that_show_a_card_a_seat_cannot_see_give_way_to_its_account():
    """Cy draws the Snake Pit facing away, then points (step 5): the book's words name
    it, so Cy reads the engine's account of the step and where to read the book (the
    shipped example gives Cy words of her own there, left out here)."""
    book = without_own_narration(Walkthrough.load(SNAKES))
    book.jump(5)
    assert "Snake Pit" in book.step.say
    assert book.narration_for(2) == (
        "Cy points at Bob's card 1, which faces Bob; Bob decides who plays it. The book's "
        "words for this step show cards Cy cannot see: switch View as to All-seeing to "
        "read them.")
    assert book.narration_for(None) == book.step.say    # the teacher reads the book's words
    book.jump(1)                                        # Ann plays the card she sees
    assert all(book.narration_for(seat) == book.step.say for seat in range(3))
    four = Walkthrough.load(FOUR)                        # Sneaky Bastard's bids are public
    four.jump(4)
    assert all(four.narration_for(seat) == four.step.say for seat in range(4))


def test_the_intro_is_held_to_the_same_rule():
    """The intro says Ann has drawn the Lucky Dip facing away from her: Ann reads what
    the game did as it began instead, where the file gives her no intro of her own."""
    book = without_own_narration(Walkthrough.load(SNAKES))
    assert "Lucky Dip, facing away from her" in book.scenario.intro
    assert book.narration_for(None) == book.scenario.intro
    assert book.narration_for(0) == (
        "The game begins: Ann starts and at once draws a card, held facing away; 5 cards "
        "left in the draw pile. The book's introduction shows cards Ann cannot see: "
        "switch View as to All-seeing to read it.")
    assert Walkthrough.load(FOUR).narration_for(2) == Walkthrough.load(FOUR).scenario.intro


PER_SEAT = """\
game: sneaky_snakes
title: t
players: [Ann, Bob, Cy]
seed: 5
setup:
  first: Ann
  hands:
    Ann: [Sticky Fingers, Gift, Dumpster Dive (away)]
    Bob: [Lucky Dip, Snake Jones, Gift (away)]
    Cy: [Eyes Open, Switcheroo, Sticky Fingers (away)]
  draw: [Lucky Dip, Double Bite, Snake Pit, Gift, Eyes Open, Switcheroo]
  draw_size: 6
intro: Ann has drawn the Lucky Dip, facing away from her.
intro_for:
  Ann: Ann has drawn a card she cannot see.
steps:
  - who: Ann
    move: point Cy 3
    say: Ann points at Cy's Sticky Fingers, which faces away from Cy.
    say_for:
      Cy: Ann points at Cy's third card, which Cy cannot see.
      Bob: Ann points at the Snake Pit.
"""


def test_a_scenario_may_narrate_a_step_for_one_seat():
    from tutor import scenario
    book = Walkthrough(scenario.parse(PER_SEAT))
    assert book.narration_for(0) == "Ann has drawn a card she cannot see."
    book.jump(1)
    assert book.narration_for(2) == "Ann points at Cy's third card, which Cy cannot see."
    assert book.narration_for(None) == book.step.say
    # A seat's own words are written for it and shown as they stand, unless they name a
    # card the seat cannot see: Bob's name the Snake Pit lying face down in the draw
    # pile, so Bob reads the engine's account, and the check made as the file loaded
    # says which text was held back and why (for the teacher). The seat with no words
    # of its own reads the book's only where they tell it nothing hidden.
    assert "Snake Pit" not in book.narration_for(1)
    assert book.narration_for(1).startswith("Ann points at Cy's card 3")
    assert [str(held) for held in book.held_back] == [
        "Bob's own narration at step 1, line 17 names a card Bob cannot see there, so Bob "
        "reads the tutor's own words instead"]
    assert book.held_back[0].words == ("Snake Pit",)
    assert book.narration_for(0).endswith("switch View as to All-seeing to read them.")
    saved = scenario.parse(book.to_scenario(viewer=None))
    assert saved.steps[0].say_for == {2: "Ann points at Cy's third card, which Cy cannot "
                                         "see.", 1: "Ann points at the Snake Pit."}
    assert saved.intro_for == {0: "Ann has drawn a card she cannot see."}


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("      Bob: Ann points", "      Dora: Ann points"),
     "'say_for': 'Dora' is not a player; the players are Ann, Bob, Cy"),
    (lambda t: t.replace("  Ann: Ann has drawn a card she cannot see.", "  Ann: [1, 2]"),
     "'intro_for': Ann's text must be a text"),
    (lambda t: t.replace("intro_for:\n  Ann: Ann has drawn a card she cannot see.",
                         "intro_for: Ann"), "'intro_for' must be a map of player names"),
])
def test_a_per_seat_narration_names_players_and_gives_texts(change, message):
    from tutor import scenario
    with pytest.raises(scenario.ScenarioError, match=re.escape(message)):
        scenario.parse(change(PER_SEAT))
