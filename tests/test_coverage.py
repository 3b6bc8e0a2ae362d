"""The rule-coverage map: every clause with the example steps that show it, and the
share of the rulebook's clauses (rulings not counted) that some step illustrates."""

import subprocess
import sys

import pytest

from tutor import scenario as scenarios
from tutor.coverage import coverage
from tutor.games import GAMES, scenario_dir


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_coverage_lists_exactly_the_steps_that_cite_a_clause(game_id):
    cov = coverage(game_id)
    cited = {(path.stem, step.number, rule)
             for path in scenario_dir(game_id).glob("*.yaml")
             for step in scenarios.load(path).steps for rule in step.rules}
    mapped = {(stem, number, rule) for rule, steps in cov.shown_by.items()
              for stem, number in steps if number > 0}
    assert mapped == cited
    missing = {c.id for c in cov.missing}
    assert all(not cov.shown_by.get(rule) for rule in missing)
    assert not any(c.is_ruling for c in cov.missing)
    assert cov.percent == pytest.approx(100 * (1 - len(missing) / len(cov.counted)))


def test_the_command_prints_the_map_and_the_figure():
    run = subprocess.run([sys.executable, "-m", "tutor", "coverage", "sneaky_bastard"],
                         capture_output=True, text=True, check=True)
    first, *lines = run.stdout.splitlines()
    assert first.startswith("Sneaky Bastard: ") and "clauses illustrated" in first
    assert "SB-3.2: three_players step 2" in run.stdout
    assert any(line.endswith("not illustrated yet") for line in lines)
    bad = subprocess.run([sys.executable, "-m", "tutor", "coverage", "chess"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown game 'chess'" in bad.stderr


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_clause_of_the_rulebook_is_illustrated_by_some_step(game_id):
    """The goal of the worked examples: every clause that is not a ruling is shown at work
    by at least one step (the setup counts as step 0)."""
    missing = [c.id for c in coverage(game_id).missing]
    assert not missing, f"no step illustrates {', '.join(missing)}"
