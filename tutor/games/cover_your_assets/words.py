"""Cover Your Assets' moves in plain words, for a reader who has not learnt the notation
(a printed worksheet): ``challenge Ben with Jewels`` reads "challenge Ben's top set with
Jewels". Each phrase completes "May Ann ... now?"; it says only what the move itself says."""

from __future__ import annotations

from tutor.core.wording import joined
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet, GiveUp,
                                                 Pass)


def move_in_words(move) -> str:
    if isinstance(move, FormSet):
        if move.discard:
            return (f"form a set of {joined(move.cards)} with the top card of the discard "
                    "pile")
        return f"form a set of {joined(move.cards)}"
    if isinstance(move, Discard):
        return f"discard {move.card}"
    if isinstance(move, Challenge):
        return f"challenge {move.target}'s top set with {move.card}"
    if isinstance(move, Answer):
        return f"answer the challenge with {move.card}"
    if isinstance(move, GiveUp):
        return "give up the battle"
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"not a Cover Your Assets move: {move!r}")
