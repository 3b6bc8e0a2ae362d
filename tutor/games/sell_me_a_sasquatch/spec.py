"""Sell Me a Sasquatch's declaration: the one place the tutor learns about this game (found
through the ``rulebook_tutor.games`` entry point in pyproject.toml)."""

from tutor.core.spec import GameSpec
from tutor.games.sell_me_a_sasquatch.bot import SellMeASasquatchBot
from tutor.games.sell_me_a_sasquatch.engine import SellMeASasquatch
from tutor.games.sell_me_a_sasquatch.quiz import GENERATORS

SPEC = GameSpec(game=SellMeASasquatch, bot=SellMeASasquatchBot, quiz=GENERATORS)
