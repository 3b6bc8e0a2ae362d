"""Bargain Hunter's declaration: the one place the tutor learns about this game (found
through the ``rulebook_tutor.games`` entry point in pyproject.toml)."""

from tutor.core.spec import GameSpec
from tutor.games.bargain_hunter.bot import BargainHunterBot
from tutor.games.bargain_hunter.engine import BargainHunter
from tutor.games.bargain_hunter.quiz import GENERATORS

SPEC = GameSpec(game=BargainHunter, bot=BargainHunterBot, quiz=GENERATORS)
