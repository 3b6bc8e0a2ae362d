"""Bots that play seats in a tutoring session, each choice with a reason a learner reads.

A bot is a pure function of (seed, seat, what that seat sees): its random generator is
derived from the seed, the seat and the seat's view of the position, so the same
position always gives the same move. That keeps undo and redo in a session coherent
(redo asks the bot again and gets the same answer) and makes games with bots replayable;
and a bot never decides on a card its seat cannot see, not even through its dice.

A reason may name the bot's own cards ("keeps its Giant"), so it is for the bot's seat
and the all-seeing teacher only. It is written as sentences a learner reads (figures in
words where they are the bot's estimates: "worth about half a point token"), and in it
"it", "its" and "itself" speak of the bot only: :func:`tutor.coach.to_learner` turns a
reason into advice to the learner in that seat ("bid 250K: ... worth 300K to you"). Any other seat reads :attr:`BotChoice.public_reason`,
which must rest on nothing that seat cannot see. Bots write one for every choice: the
whole reason when it rests on the open table (:meth:`BotChoice.public`), or what can be
said from the open table (the move, public bids, face-up cards, counts, tokens, the rule
that forced it) followed by :data:`PRIVATE_REST` when the rest is about hidden cards
(:meth:`BotChoice.partly_public`). Only a choice with no public reason at all shows the
fixed :data:`PRIVATE_REASON` (see :meth:`BotChoice.reason_for`).

Two kinds exist for every game: ``"random"`` (uniform among the engine's legal moves)
and ``"heuristic"`` (a game's own bot, registered in :data:`tutor.games.HEURISTIC_BOTS`).
This module never imports a particular game; :func:`make_bot` looks the heuristic bot up
in the registry when asked for one.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.state import State
from tutor.core.views import view

BOT_KINDS = ("heuristic", "random")

# The reason another seat reads when the bot's own reason names what only the bot sees.
# It is the same sentence whatever the bot saw, so it gives nothing away.
PRIVATE_REASON = "its reason rests on cards only it can see (the all-seeing view shows it)"
# What another seat reads after the public part of a reason whose rest is about hidden
# cards: the same words whatever those cards are.
PRIVATE_REST = "the rest of its reason is about cards not everyone can see"


@dataclass(frozen=True)
class BotChoice:
    """A bot's move and the short sentence that explains it to the learner.

    ``reason`` is written from the bot seat's own view and may name its cards;
    ``public_reason``, when given, is one that every other seat may read."""

    move: object
    reason: str
    public_reason: str = ""

    @classmethod
    def public(cls, move, reason: str) -> "BotChoice":
        """A choice whose reason rests only on what every seat sees (face-up cards,
        counts, tokens), so that every seat may read it."""
        return cls(move, reason, reason)

    @classmethod
    def partly_public(cls, move, reason: str, public_part: str) -> "BotChoice":
        """A choice whose reason rests partly on cards only the bot sees. The other seats
        read ``public_part`` (written from what every one of them sees: the move as they
        read it, face-up cards, counts, public numbers) and :data:`PRIVATE_REST`."""
        return cls(move, reason, f"{public_part}; {PRIVATE_REST}")

    @classmethod
    def fallback(cls, move, move_text: str, refused: "BotChoice") -> "BotChoice":
        """The safety net of the heuristic bots: the engine refused ``refused``, so the
        bot plays ``move`` (written ``move_text``) instead. Others read no move text,
        since a move may name cards they cannot see."""
        return cls(move, f"falls back to '{move_text}' ({refused.reason}, but the engine "
                   f"refused that move)",
                   f"falls back to another legal move: the engine refused the one it "
                   f"chose first; {PRIVATE_REST}")

    def reason_for(self, seat: int, viewer: int | None) -> str:
        """The reason as ``viewer`` may read it, the bot playing ``seat``."""
        return private_or_public(self.reason, self.public_reason, seat, viewer)


def private_or_public(reason: str, public_reason: str, seat: int,
                      viewer: int | None) -> str:
    """``reason`` for the bot's own seat and the teacher (None), else the public one."""
    if viewer is None or viewer == seat or not reason:
        return reason
    return public_reason or PRIVATE_REASON


class Bot:
    """Base of the bots: a name (the kind), a seed, and :meth:`choose`."""

    name = ""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def rng(self, state: State, seat: int) -> random.Random:
        """The generator for this decision: the same seed, seat and position give the
        same numbers, whatever was asked before. It is drawn from what the seat sees,
        so that hidden cards cannot steer a bot even through chance."""
        from tutor.games import get_game  # here: the games' bots import this module
        seen = view(get_game(state.game), state, seat)
        return random.Random(f"{self.seed}|{seat}|{json.dumps(seen, sort_keys=True)}")

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
        # How many moves a seat has can rest on its hidden cards: others read no count.
        public = "picks at random among its legal moves"
        if len(moves) == 1:
            return BotChoice(move, "plays the only legal move", public)
        return BotChoice(move, f"picks at random among {len(moves)} legal moves", public)


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
