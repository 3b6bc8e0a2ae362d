"""The games, one package each, each declaring itself in its ``spec.py``. Games never
import each other, and this package names none of them: the games are found through the
registry (:mod:`tutor.core.registry`), which reads the ``rulebook_tutor.games`` entry
points, so importing ``tutor.games`` loads no game."""

from __future__ import annotations

from pathlib import Path

from tutor.core.datafile import read_yaml
from tutor.core.registry import GAMES, game_ids, get_game, spec

__all__ = ["GAMES", "example_order", "game_ids", "get_game", "scenario_dir", "spec"]


def example_order(game_id: str) -> list[str]:
    """A game's worked examples (scenario file stems) in teaching order: the order in its
    ``examples.yaml``, then any scenario that file does not list, by name."""
    listed = read_yaml(spec(game_id).home / "examples.yaml")["order"]
    stems = sorted(path.stem for path in scenario_dir(game_id).glob("*.yaml"))
    return [s for s in listed if s in stems] + [s for s in stems if s not in listed]


# The tutor's scripted first game of every game (docs/scenario-format.md), listed first in
# its examples.yaml: a fresh deal, one round, then a jump to the end of a later game.
FIRST_GAME = "first_game"


def book_examples(game_id: str) -> list[str]:
    """The worked examples in teaching order without the scripted first game: the
    rulebook's own first, then the tutor's."""
    return [stem for stem in example_order(game_id) if stem != FIRST_GAME]


def scenario_dir(game_id: str) -> Path:
    """Where a game's worked examples live (its spec's home)."""
    return spec(game_id).scenario_dir
