"""The rule-coverage map: every clause with the example steps that apply it, and the
share of the rulebook's clauses (rulings not counted) that some step shows at work. A
step applies a clause when the engine cites it for that step, never because the
narration names it."""

import re
import subprocess
import sys

import pytest

from tutor import scenario as scenarios
from tutor.coverage import applied_rules, coverage
from tutor.games import GAMES, get_game, scenario_dir

# Entries of the shipped examples whose narration names the clause while the step does
# not apply it (issue 24's sample): a narration that says "he may not play a second card"
# shows SB-4.2 no more than a picture of a closed door shows how a lock works.
ONLY_NAMED = [
    ("sneaky_bastard", "waiting_sneaky_bidder", 5, "SB-4.2"),
    ("sneaky_bastard", "waiting_sneaky_bidder", 7, "SB-4.2"),
    ("sneaky_bastard", "last_house_tie", 4, "SB-3.3"),
    # SB-R5 (only standing bids count): each bid beats every bid made before anyway.
    ("sneaky_bastard", "four_players", 4, "SB-R5"),
    ("sneaky_bastard", "four_players", 6, "SB-R5"),
    ("bargain_hunter", "new_bargain", 4, "BH-6.2"),
    ("cover_your_assets", "forming_sets", 6, "CYA-5.2"),
    ("cover_your_assets", "quick_game_end", 1, "CYA-8.1"),
    ("sell_me_a_sasquatch", "first_turn", 1, "SQ-1.1"),
    ("sell_me_a_sasquatch", "first_turn", 2, "SQ-2.1"),
    ("sell_me_a_sasquatch", "first_turn", 2, "SQ-2.2"),
    ("sell_me_a_sasquatch", "first_turn", 4, "SQ-2.3"),
    ("sell_me_a_sasquatch", "thingamabobs", 4, "SQ-4.3"),
    ("sneaky_snakes", "playing_and_pointing", 5, "SN-4.1"),
]


@pytest.mark.parametrize("game_id, stem, number, rule", ONLY_NAMED)
def test_a_clause_the_narration_only_names_is_not_counted_at_that_step(game_id, stem,
                                                                         number, rule):
    scenario = scenarios.load(scenario_dir(game_id) / f"{stem}.yaml")
    assert rule in scenario.steps[number - 1].rules   # the narration does name it
    assert (stem, number) not in coverage(game_id).shown_by.get(rule, ())


def test_a_narrated_clause_counts_only_where_the_engine_applies_it():
    """A bid that names SB-4.2 (one Sneaky Bastard card a round) and SB-3.2 (beat the
    highest bid): the bid is held to SB-3.2, never to SB-4.2; the pass after it cites
    SB-5.1 in its events though the narration names nothing."""
    scenario = scenarios.parse(
        "game: sneaky_bastard\nplayers: [Ann, Bob, Cy]\nsetup: {first: Ann}\nsteps:\n"
        "  - {who: Ann, move: bid 25K, rules: [SB-3.2, SB-4.2]}\n"
        "  - {who: Bob, move: pass}\n")
    game, match = scenario.game, scenario.new_match()
    before = match.state
    applied = []
    for result in scenarios.play(scenario, match):
        applied.append(applied_rules(game, before, result.step, result.events))
        before = match.state
    assert "SB-3.2" in applied[0] and "SB-4.2" not in applied[0]
    assert "SB-5.1" in applied[1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_step_of_the_map_is_one_the_engine_cites_the_clause_for(game_id):
    """Each (example, step, clause) of the map: the clause is a rule of the step's events,
    the rule that forced the move, or one the move, its phase or the turn order is
    checked against; and
    every rule an event cites is in the map."""
    game, cov = get_game(game_id), coverage(game_id)
    mapped = {(stem, number, rule) for rule, steps in cov.shown_by.items()
              for stem, number in steps if number > 0}
    cited, event_rules = set(), set()
    for path in scenario_dir(game_id).glob("*.yaml"):
        scenario = scenarios.load(path)
        match = scenario.new_match()
        before = match.state
        for result in scenarios.play(scenario, match):
            if isinstance(result.step, scenarios.Jump):   # no move: a new position
                before = match.state
                continue
            forced = game.forced(before, result.step.seat)
            for rule in ({e.rule for e in result.events} | {forced.rule if forced else ""}
                         | set(game.move_rules(result.step.move))
                         | set(game.phase_rules(before)) | {game.turn_rule}):
                cited.add((path.stem, result.step.number, rule))
            event_rules |= {(path.stem, result.step.number, e.rule) for e in result.events}
            before = match.state
    assert mapped <= cited
    assert event_rules <= mapped
    missing = {c.id for c in cov.missing}
    assert not any(c.is_ruling for c in cov.missing)
    assert cov.percent == pytest.approx(100 * (1 - len(missing) / len(cov.counted)))


def test_the_stand_in_deck_of_sneaky_snakes_is_not_counted_as_the_books():
    """The rulebook's card list is missing: every clause that names a card of the tutor's
    stand-in deck (SN-R1) is a ruling, so coverage never counts it as the book's."""
    game = get_game("sneaky_snakes")
    invented = ("Sticky Fingers", "Double Bite", "Lucky Dip", "Dumpster Dive", "Gift",
                "Switcheroo", "Snake Pit", "Eyes Open")
    naming = [c for c in game.rules if any(name in c.text for name in invented)]
    assert {c.id for c in naming} >= {"SN-R1", "SN-R20", "SN-R21", "SN-R22", "SN-R23",
                                      "SN-R24"}
    assert all(c.is_ruling for c in naming)
    counted = {c.id for c in coverage("sneaky_snakes").counted}
    assert not counted & {f"SN-R{n}" for n in range(18, 26)}
    assert not any(rule.startswith("SN-5.") for rule in game.rules.clauses)


def test_the_command_prints_the_map_and_the_figure():
    run = subprocess.run([sys.executable, "-m", "tutor", "coverage", "sneaky_bastard"],
                         capture_output=True, text=True, check=True)
    first, *lines = run.stdout.splitlines()
    assert first.startswith("Sneaky Bastard: ") and "clauses illustrated" in first
    assert re.search(r"^SB-3\.2: .*\bthree_players step 2\b", run.stdout, re.M)
    assert any(line.endswith("not illustrated yet") for line in lines)
    bad = subprocess.run([sys.executable, "-m", "tutor", "coverage", "chess"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown game 'chess'" in bad.stderr


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_clause_of_the_rulebook_is_illustrated_by_some_step(game_id):
    """The goal of the worked examples: every clause that is not a ruling is applied by
    at least one step (the setup counts as step 0), so the figure is 100%."""
    cov = coverage(game_id)
    missing = {c.id for c in cov.missing}
    assert not missing, f"no step applies {', '.join(sorted(missing))}"
    assert cov.percent == 100.0 and "(100%)" in cov.summary()


# Issue 24 point 7: the clauses no engine event cited, each now applied where the engine
# does what it says, at a step of a shipped example.
NEWLY_CITED = [
    ("bargain_hunter", "BH-2.3", "three_players_round", 3),   # the bargains are laid
    ("bargain_hunter", "BH-5.6", "former_bargain", 3),        # an old bargain cleared out
    ("cover_your_assets", "CYA-6.3", "forming_sets", 1),      # the turn passes left
    ("sell_me_a_sasquatch", "SQ-1.1", "first_turn", 0),       # the setup: players, aim
    ("sell_me_a_sasquatch", "SQ-2.1", "first_turn", 5),       # a creature set traded in
    ("sell_me_a_sasquatch", "SQ-2.2", "nasties", 5),          # a Nasty set traded in
    ("sell_me_a_sasquatch", "SQ-2.3", "thingamabobs", 5),     # a Thingamabob spent
    ("sell_me_a_sasquatch", "SQ-7.1", "first_turn", 5),       # the trade-in begins
    ("sneaky_snakes", "SN-4.1", "playing_and_pointing", 7),   # a peek breaks it
]


@pytest.mark.parametrize("game_id, rule, stem, number", NEWLY_CITED)
def test_a_clause_once_cited_by_no_event_is_applied_at_its_step(game_id, rule, stem,
                                                                number):
    assert (stem, number) in coverage(game_id).shown_by.get(rule, ())


def test_a_ruling_counts_only_where_it_decides_the_move():
    """SB-R5 lets a bid beat only the bids still on the house. At four_players step 6
    Frank's 120K beats every bid made on the house that round (Lisa's 10K, moved into
    her sneaky bid, too), so the ruling decides nothing; had Lisa's bid been 250K when
    she moved it, the book's wording would refuse 120K, and the ruling decides it."""
    game = get_game("sneaky_bastard")
    scenario = scenarios.load(scenario_dir("sneaky_bastard") / "four_players.yaml")
    match = scenario.new_match()
    history = [match.state]
    for step in scenario.steps[:5]:
        match.play(step.seat, step.move)
        history.append(match.state)
    frank, move = scenario.steps[5].seat, scenario.steps[5].move
    assert not game.ruling_decides(history, frank, move, "SB-R5")
    lisa = scenario.players.index("Lisa")
    deck = game.deck(history[1].options)
    big = next(card.id for card in deck if card.face().get("value") == 250 and
               card.face().get("kind") == "money")
    earlier = history[1].clone()     # Lisa's first bid, as if she had laid 250K
    earlier.zones[f"bid:{lisa}"] = [big]
    assert game.ruling_decides([history[0], earlier] + history[2:], frank, move, "SB-R5")
