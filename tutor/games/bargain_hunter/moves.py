"""Bargain Hunter's moves and their notation.

===============================  ====================================================
``bargain green 6``              choose the bargain: lay green 6 as your bargain pile
                                 (first round only, BH-2.1)
``play green 7``                 play a card to the trick: follow, lead, or a card of
                                 the trump colour once trump is set
``play yellow 6 not trump``      cannot follow: play another colour, declaring that it
``play blue 9 trump``            is not trump / is trump (BH-3.4)
``play green 7 higher``          the second copy of a card already in the trick is
``play red 3 lower``             declared higher or lower than the first (BH-3.7)
``play red 3 trump lower``       both declarations at once: trump first, then the order
``play offer``                   play an Irresistible Offer (BH-3.3); it takes no
                                 declaration (ruling BH-R7)
``clean 3``                      spring cleaning: clear out every 3 in your junk pile
``skip``                         spring cleaning: clear out nothing (more)
===============================  ====================================================

A card is its colour and number ("green 7"); "offer" (or "Irresistible Offer") is an
Irresistible Offer. Words are not case-sensitive, extra spaces do not matter, and
declarations may come in either order ("play red 3 lower trump"); "no trump" is read as
"not trump". The two copies of a card are interchangeable (ruling BH-R10), so moves hold
labels, not card ids, and ``parse(format(move)) == move`` for every move.

A move only carries the declarations the rules ask for (ruling BH-R12): the engine, not
the notation, says when one is missing or superfluous, and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tutor.core.game import NotationError
from tutor.core.notation import Verbs, bare
from tutor.games.bargain_hunter.deck import CARD_HELP, ITEMS, OFFER_LABEL, read_label

HIGHER, LOWER = "higher", "lower"


@dataclass(frozen=True)
class ChooseBargain:
    """Lay this item card from your hand face up as your bargain pile (round 1)."""

    card: str
    RULES: ClassVar = ("BH-2.1", "BH-1.1")


@dataclass(frozen=True)
class Play:
    """Play a card to the trick.

    ``trump`` is the declaration of a player who cannot follow: True ("trump"), False
    ("not trump") or None (no declaration). ``order`` is "higher", "lower" or None: how a
    second copy of a card already in the trick compares with the first.
    """

    card: str
    trump: bool | None = None
    order: str | None = None
    RULES: ClassVar = ("BH-3.1", "BH-3.2", "BH-3.3", "BH-3.4", "BH-3.5", "BH-3.6",
                       "BH-3.7", "BH-3.8", "BH-R1", "BH-R7", "BH-R12", "BH-1.1")


@dataclass(frozen=True)
class Clean:
    """Spring cleaning: clear out every card of this item (1-9) from your junk pile.

    ``item`` may also be "offer", only so that the engine can explain why Irresistible
    Offers are never cleared out (BH-5.5)."""

    item: int | str
    RULES: ClassVar = ("BH-5.1", "BH-5.5", "BH-R4", "BH-6.1", "BH-R5", "BH-1.1")


@dataclass(frozen=True)
class Skip:
    """Spring cleaning: clear out nothing, or nothing more."""

    RULES: ClassVar = ("BH-5.1", "BH-6.1", "BH-R5")


def parse_card(text: str, move_text: str) -> str:
    label = read_label(text)
    if label is None:
        raise NotationError(f"{move_text!r}: there is no card called {text.strip()!r} "
                            f"({CARD_HELP})")
    return label


def _parse_play(rest: str, text: str) -> Play:
    words = rest.lower().split()
    trump, order = None, None
    # Peel the declarations off the end; what is left names the card.
    while words:
        if words[-1] in (HIGHER, LOWER):
            if order is not None:
                raise NotationError(f"{text!r}: say higher or lower only once")
            order = words.pop()
        elif words[-1] == "trump":
            if trump is not None:
                raise NotationError(f"{text!r}: declare trump or not trump only once")
            words.pop()
            trump = True
            if words and words[-1] in ("not", "no"):
                words.pop()
                trump = False
        else:
            break
    if not words:
        raise NotationError(f"{text!r}: say which card to play, as in 'play green 7'")
    return Play(parse_card(" ".join(words), text), trump, order)


def _parse_bargain(rest: str, text: str) -> ChooseBargain:
    if not rest:
        raise NotationError(f"{text!r}: say which card, as in 'bargain green 6'")
    return ChooseBargain(parse_card(rest, text))


def _parse_clean(rest: str, text: str) -> Clean:
    if read_label(rest) == OFFER_LABEL:
        return Clean("offer")
    if not rest.isdigit() or int(rest) not in ITEMS:
        raise NotationError(f"{text!r}: say which item to clear out, a number 1 to 9, "
                            f"as in 'clean 3'")
    return Clean(int(rest))


NOTATION = Verbs({"bargain": _parse_bargain, "play": _parse_play, "clean": _parse_clean,
                  "skip": bare("skip", Skip())},
                 names=("bargain", "play", "clean", "skip"))
parse = NOTATION.parse


def format_move(move) -> str:
    if isinstance(move, Play):
        if move.card == OFFER_LABEL:
            words = ["play offer"]
        else:
            words = [f"play {move.card}"]
        if move.trump is not None:
            words.append("trump" if move.trump else "not trump")
        if move.order is not None:
            words.append(move.order)
        return " ".join(words)
    if isinstance(move, ChooseBargain):
        return "bargain offer" if move.card == OFFER_LABEL else f"bargain {move.card}"
    if isinstance(move, Clean):
        return f"clean {move.item}"
    if isinstance(move, Skip):
        return "skip"
    raise TypeError(f"not a Bargain Hunter move: {move!r}")
