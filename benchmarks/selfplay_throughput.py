"""Random-play throughput and peak memory of a game, per player count.

    python benchmarks/selfplay_throughput.py [GAME] [--games K] [--seed S]

Runs K games of random legal moves without invariant checks (as
``python -m tutor selfplay --no-check``) on one core and prints moves/s and games/s of
wall-clock time, moves per second of this process's own CPU time (what other programs
on a shared machine disturb least), then replays the same games under tracemalloc for
the peak Python heap. Figures only: timings on a shared machine are noisy, so nothing
here passes or fails.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from tutor.games import get_game
from tutor.selfplay import selfplay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="sneaky_bastard")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    print(f"{game.title}: {args.games} random games per player count, invariants off")
    print(f"{'players':>7} {'moves/game':>10} {'moves/s':>9} {'games/s':>8} "
          f"{'moves/cpu-s':>11} {'peak heap':>10}")
    for players in game.player_counts:
        cpu = time.process_time()
        report = selfplay(game, players, args.games, args.seed, check=False)
        cpu = time.process_time() - cpu
        tracemalloc.start()
        selfplay(game, players, min(args.games, 50), args.seed, check=False)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{players:>7} {report.moves / report.games:>10.1f} "
              f"{report.moves_per_second:>9.0f} {report.games_per_second:>8.1f} "
              f"{report.moves / cpu:>11.0f} {peak / 1024:>8.0f} KB")


if __name__ == "__main__":
    main()
