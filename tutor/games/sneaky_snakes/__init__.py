"""Sneaky Snakes: hold cards that everyone but you can see, and end with the biggest snake."""

from tutor.games.sneaky_snakes.engine import SneakySnakes
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)

__all__ = ["Answer", "DiscardTwo", "Give", "Peek", "Play", "Point", "Skip", "SneakySnakes",
           "Steal", "Swap", "SwapHands", "TurnCard", "Vote"]
