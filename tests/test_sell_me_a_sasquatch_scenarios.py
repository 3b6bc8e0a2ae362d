"""Sell Me a Sasquatch's worked examples replay exactly, the command line passes them, and
malformed positions or files are refused with a message naming the key, the card, the
step or the problem."""

import textwrap

import pytest

from testkit.examples import facts_after_each_step as example_facts
from tutor import get_game, scenario
from tutor.core.game import SetupError
from tutor.core.invariants import check_all
from tutor.games import scenario_dir
from tutor.scenario import ScenarioError

G = get_game("sell_me_a_sasquatch")
EXAMPLES = scenario_dir("sell_me_a_sasquatch")
FILES = sorted(EXAMPLES.glob("*.yaml"))
FOUR = ("Ann", "Bob", "Cat", "Dan")


def facts_after_each_step(name):
    return example_facts(EXAMPLES / name)


# -- the worked examples ------------------------------------------------------------------

def test_there_are_examples_for_every_part_of_the_game():
    assert {path.stem for path in FILES} >= {
        "first_turn", "thingamabobs", "nasties", "reshuffle_and_win", "tie", "two_players"}


def test_the_examples_together_cite_every_numbered_clause():
    cited = {rule for path in FILES for step in scenario.load(path).steps
             for rule in step.rules}
    numbered = {clause.id for clause in G.rules if not clause.is_ruling}
    assert sorted(numbered - cited) == []


def test_the_first_turn_has_no_thingamabob_and_two_trade_ins():
    loaded, facts = facts_after_each_step("first_turn.yaml")
    assert not any(step.move_text.startswith("thingamabob") for step in loaded.steps)
    assert [f["to act"] for f in facts[:3]] == [["Bob", "Cat"], ["Cat"], ["Ann"]]
    assert (facts[-1]["tokens/Ann"], facts[-1]["tokens/Cat"]) == ("1", "1")


def test_every_thingamabob_is_played():
    loaded, _ = facts_after_each_step("thingamabobs.yaml")
    played = {step.move_text.split(" on ")[0].split(" from ")[0].split(" adds ")[0]
              for step in loaded.steps if step.move_text.startswith("thingamabob")}
    assert played == {f"thingamabob {name}" for name in (
        "Platonic Isolator", "Detrital Repositioner", "Super Detrital Repositioner",
        "Cryptozooptic Expander", "Spectroelectric Optimeter")}


def test_every_nasty_and_both_two_player_answers():
    loaded, facts = facts_after_each_step("nasties.yaml")
    assert facts[4]["phase"] == "steal" and facts[-1]["tokens/Bob"] == "2"
    moves = [s.move_text for s in scenario.load(EXAMPLES / "two_players.yaml").steps]
    assert "accept" in moves and "reverse" in moves


def test_the_endings():
    _, facts = facts_after_each_step("reshuffle_and_win.yaml")
    assert facts[-1]["winners"] == ["Cat"]
    _, facts = facts_after_each_step("tie.yaml")
    assert facts[3]["winners"] == [] and facts[3]["tokens/Bob"] == facts[3]["tokens/Cat"]
    assert facts[-1]["winners"] == ["Cat"]


def test_the_two_player_game_ends_with_the_fifth_token_at_the_end_of_the_turn():
    """SQ-9.6: with two players, five point tokens at the end of a turn win: Ann's pair
    of Bigs brings her from 4 to 5, against Bob's 3."""
    loaded, facts = facts_after_each_step("two_players_win.yaml")
    assert facts[0]["winners"] == [] and facts[0]["tokens/Ann"] == "4"
    assert (facts[-1]["tokens/Ann"], facts[-1]["tokens/Bob"]) == ("5", "3")
    assert facts[-1]["winners"] == ["Ann"] and facts[-1]["phase"] == "over"


# -- setups -------------------------------------------------------------------------------

def test_a_mid_game_position_keeps_every_card_once():
    state = G.new_state(FOUR, seed=4, setup={
        "buyer": "Cat", "tokens": {"Ann": 2}, "draw_size": 10,
        "collections": {"Ann": ["Giant"] and ["Tiny", "Tiny", "Loan Shark"]},
        "discard": ["Big"], "draw": ["Giant"]})
    assert G.facts(state)["discard"] == "Big" and len(state.zones["draw"]) == 10
    assert G.facts(state)["buyer"] == "Cat" and G.facts(state)["tokens/Ann"] == "2"
    assert check_all(G, state) == []


@pytest.mark.parametrize("setup, message", [
    ({"hands": {"Ann": ["Giant"] * 5}}, "setup.hands.Ann: no Giant card is left: the deck "
                                        "has 4 and all are placed"),
    ({"hands": {"Ann": ["Yeti"]}}, "setup.hands.Ann: there is no card called 'Yeti'"),
    ({"hands": {"Zed": ["Tiny"]}}, "setup.hands.Zed: 'Zed' is not a player"),
    ({"hands": {"Ann": ["Tiny"] * 6}}, "setup.hands.Ann: a hand holds at most 5 cards"),
    ({"hands": {"Ann": ["Tiny", "Big"]}}, "setup.hands.Ann: Ann holds 2 cards, but while "
                                          "the draw pile has cards"),
    ({"collections": {"Ann": ["Big", "Big"]}}, "setup.collections.Ann: 2 Big make a "
                                               "complete set"),
    ({"collections": {"Ann": "Big"}}, None),
    ({"collections": ["Big"]}, "setup.collections: expected a map from player name"),
    ({"tokens": {"Ann": -1}}, "setup.tokens.Ann: expected a whole number, got -1"),
    ({"discard": {"top": "Big"}}, "setup.discard: expected a list of cards"),
    ({"draw_size": -1}, "setup.draw_size: expected a number from 0"),
    ({"deal": "fast"}, "setup: unknown key(s) deal; the keys are"),
    ({"buyer": "Zed"}, "setup.buyer: 'Zed' is not a player"),
    ({"buyer": "Ann", "first": "Bob"}, "name the first buyer once"),
    ({"buyer": "Ann", "draw_size": 0,
      "hands": {"Ann": ["Tiny"], "Bob": [], "Cat": [], "Dan": []}},
     "nobody can offer a deal"),
])
def test_malformed_positions_name_the_key_and_the_card(setup, message):
    if message is None:   # a single card is read as a list of one
        assert G.facts(G.new_state(FOUR, seed=1, setup=setup))["collection/Ann"] == ["Big"]
        return
    with pytest.raises(SetupError) as error:
        G.new_state(FOUR, seed=1, setup=setup)
    assert message in str(error.value)


def test_options_are_refused():
    with pytest.raises(SetupError, match="has no options"):
        G.new_state(FOUR, options={"deck": "big"})


# -- malformed scenario files -------------------------------------------------------------

GOOD = """\
game: sell_me_a_sasquatch
title: Small
players: [Ann, Bob, Cat]
setup:
  buyer: Ann
  hands:
    Bob: [Giant, Tiny, Medium, Big, Big]
    Cat: [Tiny, Tiny, Tiny, Medium, Loan Shark]
steps:
  - who: Bob
    move: deal Giant+Tiny+Medium up Medium
  - who: Cat
    move: deal Tiny+Tiny+Loan Shark up Tiny
    check: {to act: [Ann], phase: flip}
"""


def write(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_the_good_file_loads_and_plays(tmp_path):
    results = list(scenario.play(scenario.load(write(tmp_path, GOOD))))
    assert results[1].checked == ("to act", "phase")


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("Bob: [Giant,", "Bob: [Yeti,"),
     "setup.hands.Bob: there is no card called 'Yeti'"),
    (lambda t: t.replace("move: deal Giant+Tiny+Medium up Medium", "move: sell Giant"),
     "step 1, line 10 (Bob: sell Giant): 'sell Giant': unknown move 'sell'"),
    (lambda t: t.replace("phase: flip", "mood/Ann: happy"), "unknown checkpoint 'mood/Ann'"),
    (lambda t: t.replace("who: Cat", "who: Zed"), "'who' must be one of Ann, Bob, Cat"),
])
def test_malformed_files_name_the_file_the_step_and_the_problem(tmp_path, change, message):
    path = write(tmp_path, change(GOOD))
    with pytest.raises(ScenarioError) as error:
        scenario.load(path)
    assert str(path) in str(error.value) and message in str(error.value)


def test_an_illegal_move_names_step_move_rule_and_cards(tmp_path):
    path = write(tmp_path, GOOD.replace("deal Giant+Tiny+Medium up Medium",
                                        "deal Giant+Giant+Medium up Medium"))
    with pytest.raises(ScenarioError) as error:
        list(scenario.play(scenario.load(path)))
    assert ("step 1, line 10 (Bob: deal Giant+Giant+Medium up Medium): illegal move "
            "[SQ-4.1] cards go into a deal only from the hand, and Bob has only 1 Giant "
            "in hand") in str(error.value)


def test_a_failed_checkpoint_says_expected_and_found(tmp_path):
    path = write(tmp_path, GOOD.replace("phase: flip", "phase: window"))
    with pytest.raises(ScenarioError, match="phase: expected window, found flip"):
        list(scenario.play(scenario.load(path)))
