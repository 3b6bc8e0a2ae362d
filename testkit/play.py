"""Seeded random games for tests: the same seed always gives the same game."""

from __future__ import annotations

import random

from tutor.core.game import Game
from tutor.core.match import Match

MAX_PLIES = 5000   # far more than any game takes: a game still going is stuck


def play_random(game: Game, players: int, seed: int, options: dict | None = None,
                on_state=None) -> Match:
    """A game of random legal moves in which, where several seats may act, a random one
    moves first; ``on_state`` is called with each position after a move."""
    match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed,
                  options=dict(options or {}))
    chooser = random.Random(seed)
    while match.to_act():
        assert len(match.plies) < MAX_PLIES, f"seed {seed}: the game does not end"
        seat = chooser.choice(match.to_act())
        match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
        if on_state:
            on_state(match.state)
    return match
