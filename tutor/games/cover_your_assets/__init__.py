"""Cover Your Assets: form sets of assets, stack them, and steal the top sets of others."""

from tutor.games.cover_your_assets.engine import CoverYourAssets
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet, GiveUp,
                                                 Pass)

__all__ = ["Answer", "Challenge", "CoverYourAssets", "Discard", "FormSet", "GiveUp", "Pass"]
