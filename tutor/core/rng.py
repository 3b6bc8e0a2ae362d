"""A tiny seeded random number generator whose whole state is one integer.

The state of a game holds this integer, so the game's chance is part of its JSON, clones
for free and replays exactly. The generator is SplitMix64 (Steele, Lea and Flood, 2014):
small, fast and good enough for shuffling cards.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
# SplitMix64's constants: the step added to the state, and the two mixing multipliers.
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
# Seeds are whole numbers from 0 up to (not including) this: every one of them survives
# JSON and a browser's number field exactly, so a game shared by link or file is the same.
# Not 2 ** 53: Pyodide (the static site) hands 2 ** 53 - 1 to the page as a BigInt, which
# a widget's state cannot carry, so the free-play seed field would not appear.
SEED_LIMIT = 2 ** 53 - 1


class Rng:
    """Draws numbers from a 64-bit state that is read back with :attr:`state`."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        rng = cls(seed * 0x2545F4914F6CDD1D + 0x9E3779B97F4A7C15)
        rng.next64()  # so that neighbouring seeds do not start neighbouring sequences
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in range(n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates), each place drawn as :meth:`below`
        draws it. Every new game shuffles its deck, so the draw is written out here
        rather than called per card: the same numbers, a tenth sooner."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:   # next64, then below's rejection of a biased draw
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
