"""Sneaky Snakes' worked examples replay exactly, the command line passes them, together
they touch every clause, and malformed positions are refused with a message naming the
key and the card."""

import pytest

from testkit.examples import facts_after_each_step as example_facts
from tutor import get_game, scenario
from tutor.core.game import SetupError
from tutor.games import scenario_dir

G = get_game("sneaky_snakes")
EXAMPLES = scenario_dir("sneaky_snakes")
FILES = sorted(EXAMPLES.glob("*.yaml"))


def facts_after_each_step(name):
    return example_facts(EXAMPLES / name)


def test_there_are_examples_for_every_part_of_the_game():
    assert {path.stem for path in FILES} >= {
        "snake_battle", "playing_and_pointing", "swaps_and_snake_jones",
        "skip_and_dumpster_dive", "hard_deal_and_snake_pit"}


def test_the_examples_together_cite_every_numbered_clause():
    cited = {rule for path in FILES for step in scenario.load(path).steps
             for rule in step.rules}
    numbered = {clause.id for clause in G.rules if not clause.is_ruling}
    assert sorted(numbered - cited) == []


def test_the_rulebooks_snake_battle_has_eight_cards_for_two_players():
    loaded, facts = facts_after_each_step("snake_battle.yaml")
    assert facts[1]["phase"] == "tie"
    battle = facts[3]
    # 8 cards (4 per tied player), one drawn by each, one by the starter's turn.
    assert battle["draw pile"] == "5" and battle["in game"] == ["Ann", "Bob"]
    assert facts[-1]["winners"] == ["Bob"]


def test_the_examples_show_every_card_effect_and_both_answers():
    moves = [step.move_text for path in FILES for step in scenario.load(path).steps]
    for verb in ("steal", "give", "swap hands with", "turn", "skip", "peek", "discard",
                 "answer play", "answer yours", "battle"):
        assert any(m.startswith(verb) for m in moves), verb
    assert any(m.startswith("swap ") and "hands" not in m for m in moves)
    played = set()
    for path in FILES:
        loaded = scenario.load(path)
        for result in scenario.play(loaded):
            played |= {text.split(", ")[1] for e in result.events if e.rule in
                       ("SN-3.3", "SN-3.5") and "face up" in (text := e.text)}
    assert played >= {"Sticky Fingers", "Double Bite", "Lucky Dip", "Dumpster Dive", "Gift",
                      "Switcheroo", "Snake Pit", "Eyes Open", "Snake Jones"}


def test_the_swap_keeps_what_each_player_saw():
    _, facts = facts_after_each_step("swaps_and_snake_jones.yaml")
    assert facts[1]["sees/Ann"] == ["Snake Jones", "Eyes Open", "Snake Jones"]
    assert facts[-1]["end"] == "snake jones" and facts[-1]["winners"] == ["Ann"]


def test_a_fixed_deal_and_bad_positions():
    state = G.new_state(("Ann", "Bob"), seed=3, setup={
        "first": "Bob", "hands": {"Ann": ["Gift", "Snake Jones (away)"]},
        "draw": ["Eyes Open"]})
    assert G.facts(state)["hand/Ann"] == ["Gift", "Snake Jones (away)"]
    assert G.facts(state)["hand/Bob"][-1] == "Eyes Open (away)"
    with pytest.raises(SetupError, match="setup.hands.Dan: 'Dan' is not a player"):
        G.new_state(("Ann", "Bob"), setup={"hands": {"Dan": []}})
    with pytest.raises(SetupError, match="setup.draw: expected a list of cards"):
        G.new_state(("Ann", "Bob"), setup={"draw": {"Gift": 1}})
