"""Rulebook Tutor: headless rules engines, rule texts, scenarios and tutoring for card games.

The generic engine contract lives in :mod:`tutor.core`; each game is one package under
:mod:`tutor.games`. Nothing here imports :mod:`widgets`.
"""

from tutor.games import GAMES, get_game

__all__ = ["GAMES", "get_game"]
