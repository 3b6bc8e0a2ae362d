"""A worked example replayed for its numbers: the engine's facts after each step."""

from __future__ import annotations

from pathlib import Path

from tutor import scenario
from tutor.core.invariants import check_all


def facts_after_each_step(path: Path):
    """The loaded example and the game's facts after each of its steps (the invariants
    checked at every step on the way)."""
    loaded = scenario.load(path)
    match = loaded.new_match()
    out = []
    for _ in scenario.play(loaded, match):
        assert check_all(loaded.game, match.state) == []
        out.append(loaded.game.facts(match.state))
    return loaded, out
