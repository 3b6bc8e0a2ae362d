"""Bots that play seats in a tutoring session, each choice with a reason a learner reads.

A bot is a pure function of (seed, state, seat): its random generator is derived from
the seed, the seat and the whole position, so the same position always gives the same
move. That keeps undo and redo in a session coherent (redo asks the bot again and gets
the same answer) and makes games with bots replayable.

Two kinds exist for every game: ``"random"`` (uniform among the engine's legal moves)
and ``"heuristic"`` (a game's own bot, registered in :data:`tutor.games.HEURISTIC_BOTS`).
This module never imports a particular game; :func:`make_bot` looks the heuristic bot up
in the registry when asked for one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.state import State

BOT_KINDS = ("heuristic", "random")


@dataclass(frozen=True)
class BotChoice:
    """A bot's move and the short sentence that explains it to the learner."""

    move: object
    reason: str


class Bot:
    """Base of the bots: a name (the kind), a seed, and :meth:`choose`."""

    name = ""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def rng(self, state: State, seat: int) -> random.Random:
        """The generator for this decision: the same seed, seat and position give the
        same numbers, whatever was asked before."""
        return random.Random(f"{self.seed}|{seat}|{state.dumps()}")

    def choose(self, game: Game, state: State, seat: int) -> BotChoice:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Picks uniformly among the engine's legal moves for the seat."""

    name = "random"

    def choose(self, game: Game, state: State, seat: int) -> BotChoice:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise ValueError(f"{state.players[seat]} has no move to make now")
        move = self.rng(state, seat).choice(moves)
        if len(moves) == 1:
            return BotChoice(move, "plays the only legal move")
        return BotChoice(move, f"picks at random among {len(moves)} legal moves")


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    """A bot of this kind ("heuristic" or "random") for this game.

    Raises ValueError naming the kinds there are, or the games that have a heuristic bot."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        from tutor.games import HEURISTIC_BOTS  # here: the games' bots import this module
        try:
            return HEURISTIC_BOTS[game.id](seed)
        except KeyError:
            have = ", ".join(sorted(HEURISTIC_BOTS)) or "none"
            raise ValueError(f"{game.title or game.id} has no heuristic bot yet (games "
                             f"with one: {have}); use the random bot") from None
    raise ValueError(f"unknown bot kind {kind!r}; the kinds are: {', '.join(BOT_KINDS)}")
