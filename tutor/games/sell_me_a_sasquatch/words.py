"""Sell Me a Sasquatch's moves in plain words, for a reader who has not learnt the
notation (a printed worksheet): ``flip Ann 2`` reads "turn up Ann's 2nd deal card".
Each phrase completes "May Ann ... now?"; it says only what the move itself says (a
move in words for another seat must come from its notation for that seat)."""

from __future__ import annotations

from tutor.core.wording import joined, ordinal
from tutor.games.sell_me_a_sasquatch.deck import article
from tutor.games.sell_me_a_sasquatch.moves import (DETRITAL, EXPANDER, OPTIMETER, PLATONIC,
                                                   SUPER_DETRITAL, Accept, Choose, Deal,
                                                   Done, Flip, LastChance, Reverse, Split,
                                                   Steal, Thingamabob)


def _side(cards) -> str:
    return joined(cards, empty="no cards")


def _spot(who: str, position: int) -> str:
    return f"{who}'s {ordinal(position)} deal card"


def _thingamabob(move: Thingamabob) -> str:
    if move.name == PLATONIC:
        return f"play the {PLATONIC} to take a point token from {move.player}"
    if move.name == EXPANDER:
        return f"play the {EXPANDER} to add {article(move.card)} to {move.player}'s deal"
    spots = joined(_spot(who, position) for who, position in move.spots)
    if move.name in (DETRITAL, SUPER_DETRITAL):
        return f"play the {move.name} to discard {spots}"
    assert move.name == OPTIMETER, move.name   # the five Thingamabobs, each said above
    return f"play the {OPTIMETER} to turn up {spots}"


def move_in_words(move) -> str:
    if isinstance(move, Deal):
        return f"offer a deal of {joined(move.cards)}, with the {move.up} face up"
    if isinstance(move, Split):
        up_side = "my side" if move.up_side == "mine" else "the other side"
        return (f"split the cards: {_side(move.mine)} on my side, {_side(move.theirs)} on "
                f"the other, with the {move.up} on {up_side} face up")
    if isinstance(move, Flip):
        return f"turn up {_spot(move.target, move.position)}"
    if isinstance(move, Thingamabob):
        return _thingamabob(move)
    if isinstance(move, Choose):
        return f"take {move.target}'s deal"
    if isinstance(move, Steal):
        return f"steal {article(move.card)}" if move.card else "steal nothing"
    if isinstance(move, Done):
        return "say they are done with Thingamabobs for this turn"
    if isinstance(move, LastChance):
        return "call last chance before choosing"
    if isinstance(move, Accept):
        return "take the sides as they were laid"
    if isinstance(move, Reverse):
        return "take the sides swapped"
    raise TypeError(f"not a Sell Me a Sasquatch move: {move!r}")
