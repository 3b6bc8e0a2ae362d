"""Cover Your Assets' moves and their notation.

=================================  ======================================================
``set Jewels+Jewels``              form a set of two identical assets from your hand
``set Jewels+Gold``                ... or of one asset and one wild (Silver or Gold)
``set Jewels+discard``             form a set with the top card of the discard pile
``set Gold+discard``               ... a wild from hand with the asset on the pile
``discard Piano``                  lay one card from your hand face up on the discard pile
``challenge Ben with Jewels``      challenge Ben's top set with a Jewels (or a wild)
``answer Silver``                  in a battle: answer with a matching asset or a wild
``give up``                        in a battle: stop answering and lose the battle
``pass``                           not allowed (CYA-2.2); the engine says why
=================================  ======================================================

Cards are named as printed on them ("Comic Books", "Cash under the Mattress", "Gold");
words are not case-sensitive. Identical cards are interchangeable (CYA-R17), so moves
hold names, not card ids. In a set the asset comes first and the wild second, whatever
order they are written in, and ``parse(format(move)) == move`` for every move. A
challenge names the defending player; the engine reads the name without regard to case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from tutor.core.game import NotationError
from tutor.core.notation import Verbs, bare
from tutor.games.cover_your_assets.deck import ADVANCED, KIND_OF_NAME, name_order, read_name

DISCARD_WORD = "discard"


@dataclass(frozen=True)
class FormSet:
    """Form a set: these cards from hand, with the top card of the discard pile or not."""

    cards: tuple[str, ...]
    discard: bool = False
    RULES: ClassVar = ("CYA-3.1", "CYA-3.2", "CYA-3.3", "CYA-R6", "CYA-1.2")

    def __post_init__(self):
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=name_order)))


@dataclass(frozen=True)
class Discard:
    """Lay this card from hand face up on the discard pile."""

    card: str
    RULES: ClassVar = ("CYA-4.1", "CYA-1.2")


@dataclass(frozen=True)
class Challenge:
    """Challenge the top set of ``target`` (a player's name) with this card from hand."""

    target: str
    card: str
    RULES: ClassVar = ("CYA-5.1", "CYA-5.2", "CYA-5.3", "CYA-R7", "CYA-1.2")


@dataclass(frozen=True)
class Answer:
    """In a battle, play this card (a matching asset or a wild) against the other side."""

    card: str
    RULES: ClassVar = ("CYA-5.4", "CYA-5.5", "CYA-R7", "CYA-R8", "CYA-1.2")


@dataclass(frozen=True)
class GiveUp:
    """In a battle, stop answering: the other side wins."""

    RULES: ClassVar = ("CYA-5.4", "CYA-5.6", "CYA-5.7")


@dataclass(frozen=True)
class Pass:
    """Do nothing. Never allowed (CYA-2.2); it exists so the engine can say why."""

    RULES: ClassVar = ("CYA-2.2",)


def parse_card(word: str, move_text: str) -> str:
    name = read_name(word)
    if name is None:
        raise NotationError(f"{move_text!r}: there is no card called {word.strip()!r} "
                            f"(assets go by their name, as in 'Jewels' or 'Comic Books'; "
                            f"the wilds are Silver and Gold)")
    if KIND_OF_NAME[name] == ADVANCED:
        raise NotationError(f"{move_text!r}: {name} is an advanced card; the classic rules "
                            f"leave it in the box (CYA-1.1)")
    return name


def parse_set(text: str, move_text: str) -> FormSet:
    cards, discard = [], False
    for word in text.split("+"):
        key = " ".join(word.split()).lower()
        if not key:
            raise NotationError(f"{move_text!r}: an empty card name between '+' signs")
        if key == DISCARD_WORD:
            if discard:
                raise NotationError(f"{move_text!r}: 'discard' is named twice; a set takes "
                                    f"only the top card of the discard pile")
            discard = True
        else:
            cards.append(parse_card(word, move_text))
    return FormSet(tuple(cards), discard)


def _parse_set(rest: str, text: str) -> FormSet:
    if not rest:
        raise NotationError(f"{text!r}: say which cards, as in 'set Jewels+Jewels' or "
                            f"'set Jewels+discard'")
    return parse_set(rest, text)


def _parse_discard(rest: str, text: str) -> Discard:
    if not rest:
        raise NotationError(f"{text!r}: say which card, as in 'discard Piano'")
    return Discard(parse_card(rest, text))


def _parse_challenge(rest: str, text: str) -> Challenge:
    # Greedy: the last "with" splits, so a name may contain the word.
    found = re.fullmatch(r"(.+)\s+with\s+(.+)", rest, re.IGNORECASE)
    if not found:
        raise NotationError(f"{text!r}: write 'challenge NAME with CARD', as in "
                            f"'challenge Ben with Jewels'")
    return Challenge(" ".join(found.group(1).split()), parse_card(found.group(2), text))


def _parse_answer(rest: str, text: str) -> Answer:
    if not rest:
        raise NotationError(f"{text!r}: say which card, as in 'answer Silver'")
    return Answer(parse_card(rest, text))


def _parse_give(rest: str, text: str) -> GiveUp:
    if rest.lower() != "up":
        raise NotationError(f"{text!r}: to stop a battle write 'give up'")
    return GiveUp()


# Passing is no move of the game, but is read so that the rules can refuse it (CYA-2.2).
NOTATION = Verbs({"set": _parse_set, "discard": _parse_discard,
                  "challenge": _parse_challenge, "answer": _parse_answer,
                  "give": _parse_give, "pass": bare("pass", Pass())},
                 names=("set", "discard", "challenge", "answer", "give up"))
parse = NOTATION.parse


def format_move(move) -> str:
    if isinstance(move, FormSet):
        return "set " + "+".join(move.cards + ((DISCARD_WORD,) if move.discard else ()))
    if isinstance(move, Discard):
        return f"discard {move.card}"
    if isinstance(move, Challenge):
        return f"challenge {move.target} with {move.card}"
    if isinstance(move, Answer):
        return f"answer {move.card}"
    if isinstance(move, GiveUp):
        return "give up"
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"not a Cover Your Assets move: {move!r}")
