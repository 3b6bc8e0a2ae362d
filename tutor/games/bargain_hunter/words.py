"""Bargain Hunter's moves in plain words, for a reader who has not learnt the notation
(a printed worksheet): ``play blue 9 trump`` reads "play blue 9, declaring blue trump".
Each phrase completes "May Ann ... now?"; it says only what the move itself says."""

from __future__ import annotations

from tutor.games.bargain_hunter.deck import OFFER_LABEL
from tutor.games.bargain_hunter.moves import ChooseBargain, Clean, Play, Skip


def _card(label: str) -> str:
    return "an Irresistible Offer" if label == OFFER_LABEL else label


def move_in_words(move) -> str:
    if isinstance(move, Play):
        declared = []
        if move.trump is not None:
            colour = move.card.split()[0]
            declared.append(f"{colour} trump" if move.trump else f"{colour} not trump")
        if move.order is not None:
            declared.append(f"it {move.order} than the other {move.card} in the trick")
        said = f", declaring {' and '.join(declared)}" if declared else ""
        return f"play {_card(move.card)}{said}"
    if isinstance(move, ChooseBargain):
        return f"lay {_card(move.card)} as the bargain"
    if isinstance(move, Clean):
        if move.item == "offer":
            return "clear the Irresistible Offers out of the junk pile"
        return f"clear every {move.item} out of the junk pile"
    if isinstance(move, Skip):
        return "clear nothing (more) out of the junk pile"
    raise TypeError(f"not a Bargain Hunter move: {move!r}")
