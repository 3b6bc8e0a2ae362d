"""Which narrations of the shipped examples a seat cannot read (the book's words name a
card it cannot see), for writing seat narrations (``say_for``, ``intro_for``).

    python scripts/withheld_narration.py [GAME ...]

Lists, per example, each step whose words the mover cannot read before the move
(practice's "allowed, but") or after it (Watch as the mover, practice's "well done"),
and each seat that cannot read the intro. A seat with its own narration is not listed.
"""

from __future__ import annotations

import sys

from tutor.games import GAMES, example_order, scenario_dir
from tutor.session import Walkthrough


def withheld(game_id: str) -> list[str]:
    lines = []
    for stem in example_order(game_id):
        book = Walkthrough.load(scenario_dir(game_id) / f"{stem}.yaml")
        players = book.scenario.players
        for seat, name in enumerate(players):
            own = seat in book.scenario.intro_for     # written for that seat: not withheld
            if not own and book.intro_for(seat) != book.intro_for(None):
                lines.append(f"{stem}: intro, for {name}")
        for step in book.steps:
            when = [label for label, played in (("before", False), ("after", True))
                    if not step.words_safe_for(step.seat, played)]
            if when:
                lines.append(f"{stem}: step {step.number} ({step.who}: {step.move_text}), "
                             f"for {step.who} {' and '.join(when)} the move")
    return lines


if __name__ == "__main__":
    for game_id in sys.argv[1:] or sorted(GAMES):
        found = withheld(game_id)
        print(f"{game_id}: {len(found)}")
        for line in found:
            print("  " + line)
