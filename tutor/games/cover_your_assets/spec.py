"""Cover Your Assets' declaration: the one place the tutor learns about this game (found
through the ``rulebook_tutor.games`` entry point in pyproject.toml)."""

from tutor.core.spec import GameSpec
from tutor.games.cover_your_assets.bot import CoverYourAssetsBot
from tutor.games.cover_your_assets.engine import CoverYourAssets
from tutor.games.cover_your_assets.quiz import GENERATORS

SPEC = GameSpec(game=CoverYourAssets, bot=CoverYourAssetsBot, quiz=GENERATORS,
                sample_options={"deck": ("current", "original"),
                                "mode": ("quick", "two_wins", "three_rounds", "classic")})
