"""Bots that play seats in a tutoring session: :func:`make_bot` makes one of a kind.

The bot base, the choice with its reasons and the random bot live in
:mod:`tutor.core.bots`, where the games' own bots import them; they are named here too
for the session, the CLI and the tests. The heuristic bot of a game is the class its spec
declares (:class:`tutor.core.spec.GameSpec`).

Bot reasons are written as sentences a learner reads (figures in words where they are
the bot's estimates: "worth about half a point token"), and in a private reason "it",
"its" and "itself" speak of the bot only: :func:`tutor.coach.to_learner` turns a reason
into advice to the learner in that seat ("bid 250K: ... worth 300K to you").
"""

from __future__ import annotations

from tutor.core.bots import (BOT_KINDS, PRIVATE_REASON, PRIVATE_REST, Bot,  # noqa: F401
                             BotChoice, RandomBot, private_or_public)
from tutor.core.game import Game
from tutor.core.registry import game_ids, spec


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    """A bot of this kind ("heuristic" or "random") for this game.

    Raises ValueError naming the kinds there are, or the games that have a heuristic bot."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        bot = spec(game.id).bot if game.id in game_ids() else None
        if bot is None:
            have = ", ".join(sorted(g for g in game_ids() if spec(g).bot)) or "none"
            raise ValueError(f"{game.title or game.id} has no heuristic bot yet (games "
                             f"with one: {have}); use the random bot")
        return bot(seed)
    raise ValueError(f"unknown bot kind {kind!r}; the kinds are: {', '.join(BOT_KINDS)}")
