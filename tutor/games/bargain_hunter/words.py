"""Bargain Hunter's moves in plain words, for a reader who has not learnt the notation
(a printed worksheet): ``play blue 9 trump`` reads "play blue 9 as trump".
Each phrase completes "May Ann ... now?"; it says only what the move itself says."""

from __future__ import annotations

from tutor.games.bargain_hunter.deck import OFFER_LABEL
from tutor.games.bargain_hunter.moves import ChooseBargain, Clean, Play, Skip


def _card(label: str) -> str:
    return "an Irresistible Offer" if label == OFFER_LABEL else label


def move_in_words(move) -> str:
    if isinstance(move, Play):
        declared = []   # the declarations, as the player says them (BH-3.4, BH-3.7)
        if move.trump is not None:
            declared.append("trump" if move.trump else "not trump")
        if move.order is not None:
            declared.append(f"{move.order} than the other {move.card} in the trick")
        said = f" as {' and '.join(declared)}" if declared else ""
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
