"""Sell Me a Sasquatch's moves and their notation.

Offering and deciding deals:

=============================================  ==========================================
``deal Tiny+Big+Loan Shark up Big``            offer a deal: three cards from your hand,
                                               face down, the one after ``up`` face up
``flip Ann 2``                                 the buyer turns Ann's 2nd deal card up
``done``                                       a player other than the buyer is done
                                               with Thingamabobs for this turn
``last chance``                                the buyer's call before choosing
``choose Ann``                                 the buyer takes Ann's deal
``steal Big`` / ``steal nothing``              after a Poison Pill Bug or Loan Shark set:
                                               take a card from that collection, or stop
``split Tiny+Big / Loan Shark up Big``         2 players: your side / the other side
                                               (``nothing`` for an empty side; ``up their
                                               Big`` when both sides hold a Big)
``accept`` / ``reverse``                       2 players: take the sides as laid, swapped
=============================================  ==========================================

Thingamabobs (``thingamabob NAME ...``):

==========================================================  =============================
``thingamabob Platonic Isolator from Ann``                  take a point token from Ann
``thingamabob Detrital Repositioner on Ann 2``              discard Ann's 2nd deal card
``thingamabob Super Detrital Repositioner on Ann 2, Ben 1`` discard one or two deal cards
``thingamabob Cryptozooptic Expander adds Tiny to Ann``     add a Tiny from hand to Ann's
``thingamabob Spectroelectric Optimeter on Ann 1``          turn Ann's 1st deal card up
==========================================================  =============================

Cards are named as printed ("Tiny", "Loan Shark", "Cryptozooptic Expander"); words are
not case-sensitive. Identical cards are interchangeable, so moves hold names, not card
ids. A deal keeps the order written: its face-down cards lie in that order and the
face-up card last, so ``deal Tiny+Big+Loan Shark up Big`` lies as Tiny, Loan Shark, Big.
Cards of a deal are named by their position, counting every card of the deal from 1
(ruling SQ-R4): nobody may name a face-down card by what it is. Player names are read
without regard to case. ``parse(format(move)) == move`` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from tutor.core.game import NotationError
from tutor.core.notation import Verbs, bare
from tutor.games.sell_me_a_sasquatch.deck import THINGAMABOBS, read_name

PLATONIC, DETRITAL, SUPER_DETRITAL, EXPANDER, OPTIMETER = (
    "Platonic Isolator", "Detrital Repositioner", "Super Detrital Repositioner",
    "Cryptozooptic Expander", "Spectroelectric Optimeter")
assert set(THINGAMABOBS) == {PLATONIC, DETRITAL, SUPER_DETRITAL, EXPANDER, OPTIMETER}
NOTHING = "nothing"


@dataclass(frozen=True)
class Deal:
    """Offer a deal: these cards from hand (in the order they lie), ``up`` turned up."""

    cards: tuple[str, ...]
    up: str
    RULES: ClassVar = ("SQ-3.1", "SQ-3.2", "SQ-4.1", "SQ-R10", "SQ-9.2", "SQ-1.2")


@dataclass(frozen=True)
class Split:
    """Two players: ``mine`` in front of the active player, ``theirs`` in front of the
    other; ``up`` is turned face up on side ``up_side`` ("mine" or "theirs")."""

    mine: tuple[str, ...]
    theirs: tuple[str, ...]
    up: str
    up_side: str = "mine"
    RULES: ClassVar = ("SQ-9.2", "SQ-9.3", "SQ-4.1", "SQ-R10", "SQ-1.2")


@dataclass(frozen=True)
class Flip:
    """The buyer turns the card at ``position`` (from 1) of ``target``'s deal face up."""

    target: str
    position: int
    RULES: ClassVar = ("SQ-3.3", "SQ-R18", "SQ-9.3", "SQ-R4")


@dataclass(frozen=True)
class Thingamabob:
    """Play a Thingamabob from your collection. ``spots`` are (player, position) deal
    cards; ``player`` is the one robbed (Platonic Isolator) or whose deal grows
    (Cryptozooptic Expander, with ``card`` from hand)."""

    name: str
    spots: tuple[tuple[str, int], ...] = ()
    player: str = ""
    card: str = ""
    RULES: ClassVar = ("SQ-5.1", "SQ-5.2", "SQ-5.3", "SQ-5.4", "SQ-5.5", "SQ-5.6",
                       "SQ-5.7", "SQ-5.8", "SQ-4.3", "SQ-4.1", "SQ-R4", "SQ-R6", "SQ-R7",
                       "SQ-R13", "SQ-R17", "SQ-1.2")


@dataclass(frozen=True)
class Done:
    """A player other than the buyer plays no more Thingamabobs this turn."""

    RULES: ClassVar = ("SQ-R6", "SQ-5.1", "SQ-R17")


@dataclass(frozen=True)
class LastChance:
    """The buyer's call: last chance for everyone else to play Thingamabobs."""

    RULES: ClassVar = ("SQ-5.3", "SQ-R7", "SQ-R17", "SQ-6.1", "SQ-9.4")


@dataclass(frozen=True)
class Choose:
    """The buyer takes ``target``'s deal."""

    target: str
    RULES: ClassVar = ("SQ-6.1", "SQ-5.3", "SQ-9.4")


@dataclass(frozen=True)
class Steal:
    """Take one card with this name from the collection that traded in Nasties, or
    nothing (``card`` None). ``under`` is the clause of the loss it decides, SQ-7.2 (one
    card, Poison Pill Bugs) or SQ-7.3 (up to two, Loan Sharks), when the position is
    known: it is cited first (SellMeASasquatch.move_rules), and it is no part of the
    move's value (``steal Big`` is one move, whichever loss it decides)."""

    card: str | None
    under: str = field(default="", compare=False, repr=False)
    RULES: ClassVar = ("SQ-7.2", "SQ-7.3", "SQ-7.6", "SQ-9.5")


@dataclass(frozen=True)
class Accept:
    """Two players: each takes the cards in front of them."""

    RULES: ClassVar = ("SQ-9.4", "SQ-5.3", "SQ-6.1")


@dataclass(frozen=True)
class Reverse:
    """Two players: the two sides are swapped before they are taken."""

    RULES: ClassVar = ("SQ-9.4", "SQ-5.3", "SQ-6.1")


# The moves that name nothing: one value each (moves are immutable), as the legal moves
# of every Thingamabob window list them.
DONE, LAST_CHANCE, ACCEPT, REVERSE = Done(), LastChance(), Accept(), Reverse()


def parse_card(word: str, move_text: str) -> str:
    name = read_name(word)
    if name is None:
        raise NotationError(f"{move_text!r}: there is no card called {word.strip()!r} "
                            f"(creatures go by size: Tiny, Medium, Big, Giant; the Nasties "
                            f"are Poison Pill Bug, Loan Shark and Trojan Horse)")
    return name


def parse_cards(text: str, move_text: str) -> tuple[str, ...]:
    text = " ".join(text.split())
    if text.lower() in ("", NOTHING):
        return ()
    cards = []
    for word in text.split("+"):
        if not word.strip():
            raise NotationError(f"{move_text!r}: an empty card name between '+' signs")
        cards.append(parse_card(word, move_text))
    return tuple(cards)


def parse_spot(text: str, move_text: str) -> tuple[str, int]:
    found = re.fullmatch(r"(.+?)\s+(\d+)", " ".join(text.split()))
    if not found:
        raise NotationError(f"{move_text!r}: name a deal card as PLAYER POSITION, as in "
                            f"'Ann 2' (positions count the deal's cards from 1)")
    position = int(found.group(2))
    if position < 1:
        raise NotationError(f"{move_text!r}: positions count from 1, not {position}")
    return found.group(1), position


def _split_up(rest: str, move_text: str, example: str) -> tuple[str, str]:
    found = re.fullmatch(r"(.*?)\s*\bup\s+(.+)", rest, re.IGNORECASE | re.DOTALL)
    if not found:
        raise NotationError(f"{move_text!r}: say which card is turned face up, as in "
                            f"{example!r}")
    return found.group(1), found.group(2)


def parse_thingamabob(rest: str, move_text: str) -> Thingamabob:
    lowered = " ".join(rest.split()).lower()
    for name in sorted(THINGAMABOBS, key=len, reverse=True):
        if lowered.startswith(name.lower()):
            args = " ".join(rest.split())[len(name):].strip()
            break
    else:
        raise NotationError(f"{move_text!r}: name a Thingamabob: "
                            f"{', '.join(THINGAMABOBS)}")
    word, _, tail = args.partition(" ")
    word = word.lower()
    if name == PLATONIC:
        if word != "from" or not tail.strip():
            raise NotationError(f"{move_text!r}: write 'thingamabob {PLATONIC} from NAME'")
        return Thingamabob(name, player=" ".join(tail.split()))
    if name == EXPANDER:
        found = re.fullmatch(r"adds\s+(.+?)\s+to\s+(.+)", args, re.IGNORECASE)
        if not found:
            raise NotationError(f"{move_text!r}: write 'thingamabob {EXPANDER} adds CARD "
                                f"to NAME'")
        return Thingamabob(name, player=" ".join(found.group(2).split()),
                           card=parse_card(found.group(1), move_text))
    if word != "on" or not tail.strip():
        raise NotationError(f"{move_text!r}: write 'thingamabob {name} on NAME POSITION'")
    spots = tuple(parse_spot(part, move_text) for part in tail.split(","))
    if len(spots) > (2 if name == SUPER_DETRITAL else 1):
        allowed = "one or two deal cards" if name == SUPER_DETRITAL else "one deal card"
        raise NotationError(f"{move_text!r}: {name} names {allowed}, not {len(spots)}")
    return Thingamabob(name, spots=spots)


def parse_split(rest: str, move_text: str) -> Split:
    sides, up = _split_up(rest, move_text, "split Tiny+Big / Loan Shark up Big")
    if sides.count("/") != 1:
        raise NotationError(f"{move_text!r}: write your side and their side with one '/' "
                            f"between them, as in 'split Tiny+Big / Loan Shark up Big'")
    left, right = sides.split("/")
    mine, theirs = parse_cards(left, move_text), parse_cards(right, move_text)
    words = up.split(None, 1)
    side = None
    if len(words) == 2 and words[0].lower() in ("my", "their"):
        side = "mine" if words[0].lower() == "my" else "theirs"
        up = words[1]
    card = parse_card(up, move_text)
    if side is None:
        side = "mine" if card in mine or card not in theirs else "theirs"
    return Split(mine, theirs, card, side)


def _parse_deal(rest: str, text: str) -> Deal:
    cards, up = _split_up(rest, text, "deal Tiny+Big+Loan Shark up Big")
    cards = parse_cards(cards, text)
    if not cards:
        raise NotationError(f"{text!r}: say which cards, as in "
                            f"'deal Tiny+Big+Loan Shark up Big'")
    return Deal(cards, parse_card(up, text))


def _parse_flip(rest: str, text: str) -> Flip:
    target, position = parse_spot(rest, text)
    return Flip(target, position)


def _parse_choose(rest: str, text: str) -> Choose:
    if not rest:
        raise NotationError(f"{text!r}: say whose deal, as in 'choose Ann'")
    return Choose(" ".join(rest.split()))


def _parse_steal(rest: str, text: str) -> Steal:
    if not rest:
        raise NotationError(f"{text!r}: say which card, as in 'steal Big', or "
                            f"'steal nothing'")
    return Steal(None if rest.lower() == NOTHING else parse_card(rest, text))


def _parse_last(rest: str, text: str) -> LastChance:
    if rest.lower() != "chance":
        raise NotationError(f"{text!r}: the buyer's call is 'last chance'")
    return LastChance()


NOTATION = Verbs({"deal": _parse_deal, "split": parse_split, "flip": _parse_flip,
                  "thingamabob": parse_thingamabob, "choose": _parse_choose,
                  "steal": _parse_steal, "last": _parse_last,
                  "done": bare("done", Done()), "accept": bare("accept", Accept()),
                  "reverse": bare("reverse", Reverse())},
                 names=("deal", "flip", "thingamabob", "done", "last chance", "choose",
                        "steal", "split", "accept", "reverse"))
parse = NOTATION.parse


def _cards(cards) -> str:
    return "+".join(cards) or NOTHING


def format_move(move) -> str:
    if isinstance(move, Deal):
        return f"deal {_cards(move.cards)} up {move.up}"
    if isinstance(move, Split):
        default = "mine" if move.up in move.mine or move.up not in move.theirs else "theirs"
        side = "" if move.up_side == default else \
            ("my " if move.up_side == "mine" else "their ")
        return f"split {_cards(move.mine)} / {_cards(move.theirs)} up {side}{move.up}"
    if isinstance(move, Flip):
        return f"flip {move.target} {move.position}"
    if isinstance(move, Thingamabob):
        if move.name == PLATONIC:
            return f"thingamabob {move.name} from {move.player}"
        if move.name == EXPANDER:
            return f"thingamabob {move.name} adds {move.card} to {move.player}"
        spots = ", ".join(f"{who} {position}" for who, position in move.spots)
        return f"thingamabob {move.name} on {spots}"
    if isinstance(move, Choose):
        return f"choose {move.target}"
    if isinstance(move, Steal):
        return f"steal {move.card or NOTHING}"
    for cls, word in ((Done, "done"), (LastChance, "last chance"), (Accept, "accept"),
                      (Reverse, "reverse")):
        if isinstance(move, cls):
            return word
    raise TypeError(f"not a Sell Me a Sasquatch move: {move!r}")
