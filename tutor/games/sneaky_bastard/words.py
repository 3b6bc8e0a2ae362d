"""Sneaky Bastard's moves in plain words, for a reader who has not learnt the notation
(a printed worksheet): ``bid House 850K+House 500K`` reads "bid House 850K and House 500K".
Each phrase completes "May Ann ... now?"; it says only what the move itself says."""

from __future__ import annotations

from tutor.core.wording import joined
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait


def move_in_words(move) -> str:
    if isinstance(move, Bid):
        return f"bid {joined(move.cards)}" if move.cards else "bid no cards"
    if isinstance(move, PlaySneaky):
        adding = f", adding {joined(move.cards)}" if move.cards else ""
        return f"play a Sneaky Bastard card{adding}"
    if isinstance(move, Pass):
        return "pass, taking the bid back and sitting out the round"
    if isinstance(move, Wait):
        return "wait, letting the turn go by with a sneaky bid down"
    raise TypeError(f"not a Sneaky Bastard move: {move!r}")
