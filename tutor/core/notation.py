"""Reading a move's text by its first word, as every game's notation does.

The first word of a move (``bid``, ``play``, ``deal`` ...) names the kind of move and
picks the function that reads the rest. A game lists its words once::

    NOTATION = Verbs({"bid": parse_bid, "pass": bare("pass", Pass())},
                     names=("bid", "pass"))
    move = NOTATION.parse("bid 100K")

An empty text or an unknown first word is refused with the list of moves, so a learner
sees what may be written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from tutor.core.game import NotationError
from tutor.core.wording import joined

Parser = Callable[[str, str], object]
"""(rest, text) -> move: ``rest`` is what follows the first word, stripped; ``text`` the
whole move as written, for error messages."""


@dataclass(frozen=True)
class Verbs:
    """A notation read by its first word: ``parsers`` maps each first word (lower case)
    to its parser; ``names`` lists the moves as a learner writes them ("last chance",
    "give up"), for the messages that refuse an empty or unknown move."""

    parsers: Mapping[str, Parser]
    names: tuple[str, ...]

    def parse(self, text: str):
        """The move ``text`` writes; NotationError saying which word is wrong."""
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError(f"an empty move: write {', '.join(self.names[:-1])} or "
                                f"{self.names[-1]}")
        verb, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
        parser = self.parsers.get(verb)
        if parser is None:
            raise NotationError(f"{text!r}: unknown move {words[0]!r}; the moves are "
                                f"{joined(self.names)}")
        return parser(rest, text)


def bare(word: str, move, complaint: str = "takes nothing after it") -> Parser:
    """The parser of a move written as one word (``pass``): anything after the word is
    refused with ``complaint``."""
    def parse(rest: str, text: str):
        if rest:
            raise NotationError(f"{text!r}: '{word}' {complaint}")
        return move
    return parse
