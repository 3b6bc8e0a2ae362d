"""Bargain Hunter: a trick-taking game where every trick picks its own trump colour, and
players collect their bargain item while dodging junk."""

from tutor.games.bargain_hunter.engine import BargainHunter
from tutor.games.bargain_hunter.moves import ChooseBargain, Clean, Play, Skip

__all__ = ["BargainHunter", "ChooseBargain", "Clean", "Play", "Skip"]
