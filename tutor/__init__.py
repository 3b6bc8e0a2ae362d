"""Rulebook Tutor: headless rules engines, rule texts, scenarios and tutoring for card games.

The generic engine contract lives in :mod:`tutor.core`; each game is one package under
:mod:`tutor.games`, found through the registry (:mod:`tutor.core.registry`). Importing
this package loads no game, and nothing here imports :mod:`widgets`.
"""

from tutor.core.registry import GAMES, get_game

__all__ = ["GAMES", "get_game"]
