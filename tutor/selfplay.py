"""Random play: many games of uniformly random legal moves, with the invariants checked.

Used by ``python -m tutor selfplay``, the benchmarks and the random-play tests.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from tutor.core.game import Game
from tutor.core.invariants import check_all

# A game that runs this long is assumed stuck: every real game ends far sooner.
MAX_MOVES_PER_GAME = 20_000


@dataclass
class SelfplayReport:
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0


def random_game(game: Game, num_players: int, seed: int, check: bool = True,
                report: SelfplayReport | None = None,
                options: dict | None = None) -> SelfplayReport:
    """Play one game of random legal moves from ``seed`` (with the game's ``options``);
    problems go into the report."""
    report = report or SelfplayReport()
    players = tuple(f"P{i + 1}" for i in range(num_players))
    state = game.new_state(players, seed=seed, options=options)
    chooser = random.Random(seed)
    moves = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        if moves >= MAX_MOVES_PER_GAME:
            report.violations.append(f"seed {seed}: no end after {moves} moves")
            break
        seat = acting[0] if len(acting) == 1 else chooser.choice(acting)
        move = chooser.choice(game.legal_moves(state, seat))
        if not check:
            state, _ = game.apply_listed(state, seat, move)
            moves += 1
            continue
        # Checked: apply also finds a listed move that the rules refuse, and the state
        # played from must be left as it was (a state is a value; clones share lists).
        before = _position(state)
        after, _ = game.apply(state, seat, move)
        moves += 1
        problems = check_all(game, after)
        if _position(state) != before:
            problems.insert(0, "the move changed the state it was played from")
        state = after
        if problems:
            report.violations += [f"seed {seed}, move {moves}: {p}" for p in problems]
            break
    report.games += 1
    report.moves += moves
    return report


def _position(state) -> str:
    """Everything a move may change, as text (repr: the quickest full copy to compare)."""
    return repr((state.zones, state.data, state.seen_by, state.rng))


def selfplay(game: Game, num_players: int, games: int, seed: int = 0,
             check: bool = True, options: dict | None = None) -> SelfplayReport:
    report = SelfplayReport()
    start = time.perf_counter()
    for index in range(games):
        random_game(game, num_players, seed + index, check, report, options)
    report.seconds = time.perf_counter() - start
    return report
