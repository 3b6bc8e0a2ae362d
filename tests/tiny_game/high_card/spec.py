"""High Card's declaration, named by the entry point in high_card-1.0.dist-info."""

from high_card.bot import HighCardBot
from high_card.engine import HighCard
from high_card.quiz import GENERATORS
from tutor.core.spec import GameSpec

SPEC = GameSpec(game=HighCard, bot=HighCardBot, quiz=GENERATORS)
