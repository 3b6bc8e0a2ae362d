"""How long reading a hostile or oversized scenario file takes, and its peak memory.

    python benchmarks/scenario_limits.py

Each case goes through ``tutor.scenario.parse_bytes`` as an upload or the command line
would: the largest file the limits accept (and replays it), files just past each limit,
alias bombs, deep nesting, a 50 MB text. Figures only: timings on a shared machine are
noisy, so nothing here passes or fails.
"""

from __future__ import annotations

import time
import tracemalloc

from tutor import scenario
from tutor.scenario import MAX_FILE_BYTES, MAX_STEPS, ScenarioError

HEAD = """game: sneaky_bastard
title: Many steps
players: [Ann, Bob, Cy]
seed: 1
setup: {first: Ann}
steps:
"""
# Parsing checks each step's shape and notation, not its legality: the replay would stop
# at the first illegal one, so the largest file is timed for parsing only.
STEP = "  - {who: Ann, move: bid 10K, say: %s, rules: [SB-3.1], check: {bid/Ann: 10K}}\n"


def biggest_accepted() -> bytes:
    say = "x" * ((MAX_FILE_BYTES - len(HEAD)) // MAX_STEPS - len(STEP % ""))
    return (HEAD + STEP % say * MAX_STEPS).encode()


def bomb(levels: int) -> bytes:
    parts = ["&l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    parts += [f"&l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, levels)]
    return (HEAD.replace("title: Many steps", "title: [" + ", ".join(parts) + "]")
            + STEP % "hi").encode()


CASES = {
    "largest accepted (parse)": biggest_accepted,
    "steps past the limit": lambda: (HEAD + "  - {who: Bob, move: pass}\n"
                                     * (MAX_STEPS + 1)).encode(),
    "alias bomb, 9 levels": lambda: bomb(9),
    "alias bomb, 30 levels": lambda: bomb(30),
    "nesting 999 levels": lambda: (HEAD.replace("title: Many steps", "title: " + "[" * 999
                                                + "]" * 999) + STEP % "hi").encode(),
    "nesting 100,000 levels": lambda: (HEAD.replace("title: Many steps", "title: "
                                                    + "[" * 100_000) + STEP % "hi").encode(),
    "50 MB say": lambda: (HEAD + STEP % ("x" * 50_000_000)).encode(),
    "huge integer": lambda: (HEAD + STEP % ("1" * 100_000)).encode(),
}


def read(data: bytes) -> str:
    try:
        loaded = scenario.parse_bytes(data, "case.yaml")
        return f"loaded, {len(loaded.steps)} steps"
    except ScenarioError as error:
        return str(error)[len("case.yaml: "):][:60]


def main() -> None:
    print(f"limits: {MAX_FILE_BYTES:,} bytes, {MAX_STEPS:,} steps")
    print(f"{'case':<26} {'bytes':>11} {'seconds':>8} {'peak heap':>10}  outcome")
    for name, make in CASES.items():
        data = make()
        start = time.perf_counter()
        outcome = read(data)
        seconds = time.perf_counter() - start
        tracemalloc.start()  # a second run: tracing slows the reading several times
        read(data)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{name:<26} {len(data):>11,} {seconds:>8.3f} {peak / 2**20:>8.1f} MB  {outcome}")


if __name__ == "__main__":
    main()
