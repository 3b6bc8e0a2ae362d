"""Moves in plain words, for readers who have not learnt a game's notation.

The notation (``bid House 850K+House 500K``) is exact and short, made for scenario
files, logs and the command line; a printed worksheet is read by learners who have never
seen it. Each game says its moves in words in ``tutor/games/<game>/words.py``
(``move_in_words(move)``: "bid House 850K and House 500K"), computed from the move's own
fields, so every move of the game reads in words without a text written per question.

:func:`notation_in_words` rewrites a text that quotes a move in notation (a quiz
question: "May Ann play 'bid House 850K+House 500K' now?") with the move in words ("May
Ann bid House 850K and House 500K now?"). A move in notation written for a seat names
only what that seat sees, and its words say no more than its notation, so the words are
as safe to show that seat.
"""

from __future__ import annotations

import importlib
import re

from tutor.core.game import Game
from tutor.core.state import State

# A move quoted in single quotes: the opening quote follows no letter (so "Ann's" opens
# nothing) and the closing one is followed by none.
QUOTED = re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)")
# "play 'bid 100K'": the move's words are a verb phrase of their own ("bid 100K").
PLAY_QUOTED = re.compile(r"(\bplay )?" + QUOTED.pattern)


def move_in_words(game: Game, move) -> str:
    """``move`` of ``game`` in plain words (the game's ``words.move_in_words``)."""
    module = importlib.import_module(f"tutor.games.{game.id}.words")
    return module.move_in_words(move)


def notation_in_words(game: Game, state: State, seat: int, text: str) -> str:
    """``text`` with every quoted move in notation that ``seat`` could play in ``state``
    written in plain words: "play 'bid 100K'" becomes "bid 100K", any other quoted move
    its words in double quotes. A quoted phrase that is not a move is left as it was."""
    def in_words(match: re.Match) -> str:
        try:
            move = game.parse_move(state, seat, match.group(2))
        except ValueError:   # NotationError: not a move, a quoted phrase
            return match.group(0)
        words = move_in_words(game, move)
        return words if match.group(1) else f"\u201c{words}\u201d"
    return PLAY_QUOTED.sub(in_words, text)
