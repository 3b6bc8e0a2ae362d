"""Sneaky Snakes' moves in plain words, for a reader who has not learnt the notation (a
printed worksheet): ``point Ann 3`` reads "point at Ann's 3rd card". Cards are named by
their place in a hand, as the notation names them (a player may not know the faces of
their own cards). Each phrase completes "May Ann ... now?"; it says only what the move
itself says."""

from __future__ import annotations

from tutor.core.wording import ordinal
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)


def _own(position: int) -> str:
    return f"the {ordinal(position)} card of their hand"


def move_in_words(move) -> str:
    if isinstance(move, Play):
        return f"play {_own(move.position)}"
    if isinstance(move, Point):
        return f"point at {move.target}'s {ordinal(move.position)} card"
    if isinstance(move, Answer):
        return ("answer by playing the card themselves" if move.mine
                else "answer by letting the pointing player play the card")
    if isinstance(move, DiscardTwo):
        first, second = (ordinal(p) for p in move.positions)
        return f"discard the {first} and {second} cards of their hand and draw one"
    if isinstance(move, Skip):
        return "skip the turn"
    if isinstance(move, Peek):
        return f"look at {_own(move.position)}, which faces away from them"
    if isinstance(move, Steal):
        return f"take {move.target}'s {ordinal(move.position)} card"
    if isinstance(move, Give):
        return f"give {_own(move.position)} to {move.target}"
    if isinstance(move, Swap):
        return (f"swap {_own(move.position)} for {move.target}'s "
                f"{ordinal(move.theirs)} card")
    if isinstance(move, SwapHands):
        return f"swap hands with {move.target}"
    if isinstance(move, TurnCard):
        return f"turn {_own(move.position)} to face them"
    if isinstance(move, Vote):
        return "ask for a snake battle" if move.battle else "share the win"
    raise TypeError(f"not a Sneaky Snakes move: {move!r}")
