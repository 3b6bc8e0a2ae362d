"""Sneaky Snakes' moves and their notation.

A player may not know the faces of their own cards, so moves name cards by their
position in a hand, counted from 1 (the view shows positions; after a card leaves a
hand, the cards behind it move up one place). Player names are not case-sensitive.

=============================  ==========================================================
``play 2``                     play your second card face up on the discard pile (SN-3.3)
``point Ann 3``                point at Ann's third card (SN-3.4); Ann answers
``answer play``                pointed at: play the card yourself (SN-3.5)
``answer yours``               pointed at: let the pointing player play it (SN-3.5)
``discard 1+3``                discard two of your cards and draw one facing you (SN-3.6)
``skip``                       take no action, when you see no other player's card (SN-3.7)
``peek 3``                     look at your own card 3 that faces away: penalised (SN-4.4)
``steal Ann 2``                resolving a steal: take Ann's second card (SN-R20)
``give 1 to Ann``              resolving a gift: give your first card to Ann (SN-R22)
``swap 1 with Ann 3``          resolving a Switcheroo: your card 1 for Ann's card 3 (SN-R23)
``swap hands with Ann``        resolving a Snake Pit: exchange whole hands (SN-R23)
``turn 2``                     resolving Eyes Open: turn your card 2 to face you (SN-R24)
``battle`` / ``share``         tied at the end: ask for a snake battle, or share (SN-6.3)
=============================  ==========================================================

``parse(format(move)) == move`` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from tutor.core.game import NotationError


@dataclass(frozen=True)
class Play:
    """Play the card at this position of your hand (1-based), seen or not."""

    position: int
    RULES: ClassVar = ("SN-3.2", "SN-3.3", "SN-R5")


@dataclass(frozen=True)
class Point:
    """Point at the card at this position of another player's hand."""

    target: str
    position: int
    RULES: ClassVar = ("SN-3.2", "SN-3.4", "SN-R16", "SN-R5")


@dataclass(frozen=True)
class Answer:
    """Pointed at: play the card yourself (``mine``) or let the pointing player play it."""

    mine: bool
    RULES: ClassVar = ("SN-3.5",)


@dataclass(frozen=True)
class DiscardTwo:
    """Discard the cards at these two positions and draw one that faces you."""

    positions: tuple[int, int]
    RULES: ClassVar = ("SN-3.2", "SN-3.6", "SN-R11", "SN-R5")

    def __post_init__(self):
        object.__setattr__(self, "positions", tuple(sorted(self.positions)))


@dataclass(frozen=True)
class Skip:
    """Take no action this turn."""

    RULES: ClassVar = ("SN-3.2", "SN-3.7", "SN-R10")


@dataclass(frozen=True)
class Peek:
    """Look at your own card that faces away from you: it goes back into the draw pile."""

    position: int
    RULES: ClassVar = ("SN-4.4", "SN-R9", "SN-R5")
    # The book forbids looking (SN-4.1) and only punishes it (SN-4.4): hints never
    # offer it as a move to make.
    OFFERED: ClassVar = False


@dataclass(frozen=True)
class Steal:
    """Resolving a steal: take the card at ``position`` of ``target``'s hand."""

    target: str
    position: int
    RULES: ClassVar = ("SN-R18", "SN-R20", "SN-R7", "SN-R5")


@dataclass(frozen=True)
class Give:
    """Resolving a gift: give your card at ``position`` to ``target``."""

    position: int
    target: str
    RULES: ClassVar = ("SN-R18", "SN-R22", "SN-R7", "SN-R5")


@dataclass(frozen=True)
class Swap:
    """Resolving a Switcheroo: your card at ``position`` for ``target``'s at ``theirs``."""

    position: int
    target: str
    theirs: int
    RULES: ClassVar = ("SN-R18", "SN-R23", "SN-R7", "SN-R5")


@dataclass(frozen=True)
class SwapHands:
    """Resolving a Snake Pit: exchange your whole hand with ``target``'s."""

    target: str
    RULES: ClassVar = ("SN-R18", "SN-R23", "SN-R7")


@dataclass(frozen=True)
class TurnCard:
    """Resolving Eyes Open: turn your card at ``position`` so that it faces you."""

    position: int
    RULES: ClassVar = ("SN-R18", "SN-R24", "SN-R7", "SN-R5")


@dataclass(frozen=True)
class Vote:
    """Tied for the most cards at the end: ask for a snake battle, or share the win."""

    battle: bool
    RULES: ClassVar = ("SN-6.3", "SN-R12")


VERBS = "play, point, answer, discard, skip, peek, steal, give, swap, turn, battle, share"
_NAME = r"(.+?)"
_POS = r"(\d+)"
_FORMS = [
    (re.compile(rf"play\s+{_POS}", re.I), lambda m: Play(int(m[1]))),
    (re.compile(rf"point\s+(?:at\s+)?{_NAME}\s+{_POS}", re.I),
     lambda m: Point(_name(m[1]), int(m[2]))),
    (re.compile(r"answer\s+(play|yours)", re.I), lambda m: Answer(m[1].lower() == "play")),
    (re.compile(rf"discard\s+{_POS}\s*\+\s*{_POS}", re.I),
     lambda m: DiscardTwo((int(m[1]), int(m[2])))),
    (re.compile(r"skip", re.I), lambda m: Skip()),
    (re.compile(rf"peek\s+{_POS}", re.I), lambda m: Peek(int(m[1]))),
    (re.compile(rf"steal\s+{_NAME}\s+{_POS}", re.I), lambda m: Steal(_name(m[1]), int(m[2]))),
    (re.compile(rf"give\s+{_POS}\s+to\s+{_NAME}", re.I), lambda m: Give(int(m[1]), _name(m[2]))),
    (re.compile(rf"swap\s+hands\s+with\s+{_NAME}", re.I), lambda m: SwapHands(_name(m[1]))),
    (re.compile(rf"swap\s+{_POS}\s+with\s+{_NAME}\s+{_POS}", re.I),
     lambda m: Swap(int(m[1]), _name(m[2]), int(m[3]))),
    (re.compile(rf"turn\s+{_POS}", re.I), lambda m: TurnCard(int(m[1]))),
    (re.compile(r"battle", re.I), lambda m: Vote(True)),
    (re.compile(r"share", re.I), lambda m: Vote(False)),
]
_EXAMPLES = {"play": "play 2", "point": "point Ann 3", "answer": "answer play' or "
             "'answer yours", "discard": "discard 1+3", "peek": "peek 3",
             "steal": "steal Ann 2", "give": "give 1 to Ann",
             "swap": "swap 1 with Ann 3' or 'swap hands with Ann", "turn": "turn 2",
             "skip": "skip", "battle": "battle", "share": "share"}


def _name(text: str) -> str:
    return " ".join(text.split())


def parse(text: str):
    words = text.strip().split(None, 1)
    if not words:
        raise NotationError(f"an empty move: the moves are {VERBS}")
    verb = words[0].lower()
    if verb not in _EXAMPLES:
        raise NotationError(f"{text!r}: unknown move {words[0]!r}; the moves are {VERBS}")
    for pattern, build in _FORMS:
        found = pattern.fullmatch(text.strip())
        if found:
            move = build(found)
            for number in _positions(move):
                if number < 1:
                    raise NotationError(f"{text!r}: hand positions count from 1, "
                                        f"not {number}")
            if isinstance(move, DiscardTwo) and move.positions[0] == move.positions[1]:
                raise NotationError(f"{text!r}: name two different cards, as in "
                                    f"'discard 1+3'")
            return move
    raise NotationError(f"{text!r}: write '{_EXAMPLES[verb]}' (cards are named by their "
                        f"position in the hand, from 1)")


def _positions(move) -> list[int]:
    if isinstance(move, DiscardTwo):
        return list(move.positions)
    if isinstance(move, Swap):
        return [move.position, move.theirs]
    number = getattr(move, "position", None)
    return [] if number is None else [number]


def format_move(move) -> str:
    if isinstance(move, Play):
        return f"play {move.position}"
    if isinstance(move, Point):
        return f"point {move.target} {move.position}"
    if isinstance(move, Answer):
        return "answer play" if move.mine else "answer yours"
    if isinstance(move, DiscardTwo):
        return f"discard {move.positions[0]}+{move.positions[1]}"
    if isinstance(move, Skip):
        return "skip"
    if isinstance(move, Peek):
        return f"peek {move.position}"
    if isinstance(move, Steal):
        return f"steal {move.target} {move.position}"
    if isinstance(move, Give):
        return f"give {move.position} to {move.target}"
    if isinstance(move, Swap):
        return f"swap {move.position} with {move.target} {move.theirs}"
    if isinstance(move, SwapHands):
        return f"swap hands with {move.target}"
    if isinstance(move, TurnCard):
        return f"turn {move.position}"
    if isinstance(move, Vote):
        return "battle" if move.battle else "share"
    raise TypeError(f"not a Sneaky Snakes move: {move!r}")
