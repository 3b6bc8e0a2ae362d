"""Sneaky Snakes' declaration: the one place the tutor learns about this game (found
through the ``rulebook_tutor.games`` entry point in pyproject.toml)."""

from tutor.core.spec import GameSpec
from tutor.games.sneaky_snakes.bot import SneakySnakesBot
from tutor.games.sneaky_snakes.engine import SneakySnakes
from tutor.games.sneaky_snakes.quiz import GENERATORS, TOLD_BY_THE_OPEN_TABLE

SPEC = GameSpec(game=SneakySnakes, bot=SneakySnakesBot, quiz=GENERATORS,
                told_by_open_table=TOLD_BY_THE_OPEN_TABLE,
                sample_options={"hard": (False, True),
                                "snake_battle": ("ask", "always", "never")})
