"""Sneaky Bastard's declaration: the one place the tutor learns about this game (found
through the ``rulebook_tutor.games`` entry point in pyproject.toml)."""

from tutor.core.spec import GameSpec
from tutor.games.sneaky_bastard.bot import SneakyBastardBot
from tutor.games.sneaky_bastard.engine import SneakyBastard
from tutor.games.sneaky_bastard.quiz import GENERATORS

SPEC = GameSpec(game=SneakyBastard, bot=SneakyBastardBot, quiz=GENERATORS)
