"""Random-play throughput and peak memory of a game, per player count.

    python benchmarks/selfplay_throughput.py [GAME] [--games K] [--repeat R] [--seed S]

Runs K games of random legal moves without invariant checks (as
``python -m tutor selfplay --no-check``: each move is taken from the legal moves and
played without checking it again) on one core, R times over, and prints moves/s
and games/s of wall-clock time, moves per second of this process's own CPU time (what
other programs on a shared machine disturb least): the best of the R runs and their
median, then replays the same games under tracemalloc for the peak Python heap.

The same games do the same work every run, so a slower run was only disturbed more (a
virtual machine's neighbours, a busy core): the best run is the figure, as ``timeit``
reports, and the median says how noisy the machine was. Figures only: nothing here
passes or fails.
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
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs of the same games; the best is reported (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    print(f"{game.title}: {args.games} random games per player count, invariants off, "
          f"best of {args.repeat} runs")
    print(f"{'players':>7} {'moves/game':>10} {'moves/s':>9} {'games/s':>8} "
          f"{'moves/cpu-s':>11} {'median':>8} {'peak heap':>10}")
    for players in game.player_counts:
        runs = []   # (moves per CPU second, the run's report)
        for _ in range(max(1, args.repeat)):
            cpu = time.process_time()
            report = selfplay(game, players, args.games, args.seed, check=False)
            runs.append((report.moves / (time.process_time() - cpu), report))
        runs.sort(key=lambda run: run[0])
        per_cpu, report = runs[-1]
        median = runs[len(runs) // 2][0]
        tracemalloc.start()
        selfplay(game, players, min(args.games, 50), args.seed, check=False)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{players:>7} {report.moves / report.games:>10.1f} "
              f"{report.moves_per_second:>9.0f} {report.games_per_second:>8.1f} "
              f"{per_cpu:>11.0f} {median:>8.0f} {peak / 1024:>8.0f} KB")


if __name__ == "__main__":
    main()
