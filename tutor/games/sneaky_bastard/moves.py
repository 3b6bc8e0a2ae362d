"""Sneaky Bastard's moves and their notation.

============================  ===============================================
``bid 100K``                  add cards to your bid (house or sneaky bid)
``bid Opknappertje+100K``     several cards are joined with ``+``
``bid`` / ``bid 0K``          a bid of nothing: it reads as a move, which SB-3.2 refuses
``sneaky`` / ``sneaky 25K``   play a Sneaky Bastard card, optionally adding cards
``pass``                      take your cards back and sit out the round
``wait``                      skip your turn as the only sneaky bidder (SB-4.5)
============================  ===============================================

Cards are named by their label: money by value ("10K"), houses by name ("Huis aan zee")
or by price ("House 400K"). Words are not case-sensitive. Identical money cards are
interchangeable (SB-R9), so moves hold labels, not card ids, and
``parse(format(move)) == move`` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from tutor.core.game import NotationError
from tutor.core.notation import Verbs, bare
from tutor.games.sneaky_bastard.deck import SNEAKY_LABEL, label_order, read_label


def canonical(labels) -> tuple[str, ...]:
    return tuple(sorted(labels, key=label_order))


@dataclass(frozen=True)
class Bid:
    """Lay these value cards on the table, on top of your bid so far. ``bid`` alone or
    ``bid 0K`` reads as a bid of no cards, which the rules refuse (SB-3.2)."""

    cards: tuple[str, ...]
    RULES: ClassVar = ("SB-3.1", "SB-3.2", "SB-3.3", "SB-3.4", "SB-4.1", "SB-4.4",
                       "SB-4.5", "SB-4.6", "SB-5.1", "SB-6.1", "SB-6.3", "SB-8.3", "SB-R2",
                       "SB-R5")

    def __post_init__(self):
        object.__setattr__(self, "cards", canonical(self.cards))


@dataclass(frozen=True)
class PlaySneaky:
    """Play a Sneaky Bastard card, with these value cards added at once (maybe none)."""

    cards: tuple[str, ...] = ()
    RULES: ClassVar = ("SB-4.1", "SB-4.2", "SB-4.3", "SB-4.4", "SB-4.5", "SB-3.3",
                       "SB-5.1", "SB-6.1", "SB-6.3", "SB-8.3", "SB-R3")

    def __post_init__(self):
        object.__setattr__(self, "cards", canonical(self.cards))


@dataclass(frozen=True)
class Pass:
    """Take your cards back and sit out the rest of the round."""

    RULES: ClassVar = ("SB-5.1", "SB-4.5", "SB-6.1", "SB-8.3")


@dataclass(frozen=True)
class Wait:
    """Skip your turn while holding a sneaky bid."""

    RULES: ClassVar = ("SB-4.5", "SB-4.6", "SB-5.1", "SB-6.1", "SB-8.3")


_ZERO = re.compile(r"0+ *k?")


def parse_cards(text: str, move_text: str) -> tuple[str, ...]:
    labels = []
    for word in text.split("+"):
        key = " ".join(word.split()).lower()
        if not key:
            raise NotationError(f"{move_text!r}: an empty card name between '+' signs")
        if _ZERO.fullmatch(key):
            continue  # "bid 0K" is a bid of nothing: the rules, not the notation, refuse it
        label = read_label(key)
        if label is None:
            raise NotationError(f"{move_text!r}: there is no card called {word.strip()!r} "
                                f"(money is 10K, 25K, 100K, 250K or 500K; houses go by "
                                f"name or as 'House 200K')")
        if label == SNEAKY_LABEL:
            raise NotationError(f"{move_text!r}: a Sneaky Bastard card is played with "
                                f"'sneaky', not bid")
        labels.append(label)
    return tuple(labels)


def _parse_bid(rest: str, text: str) -> Bid:
    return Bid(parse_cards(rest, text) if rest else ())


def _parse_sneaky(rest: str, text: str) -> PlaySneaky:
    return PlaySneaky(parse_cards(rest, text) if rest else ())


NOTATION = Verbs({"bid": _parse_bid, "sneaky": _parse_sneaky,
                  "pass": bare("pass", Pass(), "takes no cards"),
                  "wait": bare("wait", Wait(), "takes no cards")},
                 names=("bid", "sneaky", "pass", "wait"))
parse = NOTATION.parse


def format_move(move) -> str:
    if isinstance(move, Bid):
        return "bid " + "+".join(move.cards) if move.cards else "bid"
    if isinstance(move, PlaySneaky):
        return "sneaky " + "+".join(move.cards) if move.cards else "sneaky"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Wait):
        return "wait"
    raise TypeError(f"not a Sneaky Bastard move: {move!r}")
