"""Seeded games for tests, of random moves or of bots: the same seed always gives the
same game."""

from __future__ import annotations

import random

from tutor.bots import BotChoice, make_bot
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


def bots_play(game: Game, kinds, seed: int, on_choice=None, options: dict | None = None):
    """Bots of these kinds (one per seat, "heuristic" or "random") play a new game to the
    end; returns the final state. Every choice is checked with the engine before it is
    played and must carry a reason; ``on_choice(state, seat, kind, choice)`` sees each."""
    bots = [make_bot(game, kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    state = game.new_state([f"P{i}" for i in range(len(kinds))], seed=seed, options=options)
    for _ in range(MAX_PLIES):
        acting = game.to_act(state)
        if not acting:
            return state
        seat = acting[0]
        choice = bots[seat].choose(game, state, seat)
        assert isinstance(choice, BotChoice)
        rejection = game.check(state, seat, choice.move)
        assert rejection is None, (f"seed {seed}, {kinds[seat]} bot at seat {seat}: "
                                   f"{game.format_move(state, seat, choice.move)} "
                                   f"refused: {rejection}")
        assert choice.reason.strip()
        if on_choice:
            on_choice(state, seat, kinds[seat], choice)
        state, _ = game.apply(state, seat, choice.move)
    raise AssertionError(f"seed {seed}: {kinds} did not finish within {MAX_PLIES} moves")


def heuristic_wins(game: Game, games: int, seed: int, players: int = 4) -> float:
    """The heuristic bot's wins in ``games`` games against random bots, its seat moving
    round the table from game to game; a shared win counts as a share."""
    wins = 0.0
    for index in range(games):
        kinds = ["random"] * players
        kinds[index % players] = "heuristic"
        result = game.outcome(bots_play(game, kinds, seed + index))
        if index % players in result.winners:
            wins += 1 / len(result.winners)
    return wins
