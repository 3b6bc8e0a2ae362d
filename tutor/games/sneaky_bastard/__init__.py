"""Sneaky Bastard: auction houses with money, or steal the buyer's payment."""

from tutor.games.sneaky_bastard.engine import SneakyBastard
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait

__all__ = ["Bid", "Pass", "PlaySneaky", "SneakyBastard", "Wait"]
