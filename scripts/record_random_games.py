"""Write seeded random games of one game to a file, move by move, to prove a refactor
changed no behaviour: record with the old code, record with the new, compare the files.

    python scripts/record_random_games.py GAME OUT [--games 300] [--seed 0]

Each game line names its seed, players and options; then every move with what happened
(the events, with their hidden_from and public texts), and at every position a digest of
what the engine answers there (the legal moves and forced reason of every seat, and the
verdict on the moves legal one position earlier, mostly refusals); then the outcome and
the final state. Player counts and options cycle through every combination the game
has, so every phase is played.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.games import get_game, spec  # noqa: E402

MAX_MOVES = 20_000


def option_sets(game_id: str) -> list[dict]:
    """Every combination of the option values the game's spec asks to sample."""
    return spec(game_id).option_sets()


def probe(game, state, earlier) -> str:
    """What the engine answers at this position, as one line of text."""
    parts = []
    for seat in range(state.num_players):
        parts.append(repr([game.format_move(state, seat, m)
                           for m in game.legal_moves(state, seat)]))
        parts.append(str(game.forced(state, seat)))
        parts += [str(game.check(state, seat, move)) for move in earlier]
    parts.append(repr(game.phase_rules(state)))
    return "\n".join(parts)


def record(game_id: str, games: int, seed: int, out) -> None:
    game = get_game(game_id)
    counts, options = list(game.player_counts), option_sets(game_id) or [{}]
    for index in range(games):
        game_seed = seed + index
        players = tuple(f"P{i + 1}" for i in range(counts[index % len(counts)]))
        chosen = options[(index // len(counts)) % len(options)]
        state = game.new_state(players, seed=game_seed, options=chosen)
        chooser = random.Random(game_seed)
        digest = hashlib.sha256()
        out.write(f"game {index}: seed {game_seed}, {len(players)} players, {chosen}\n")
        for event in game.opening_events(state):
            out.write(f"  = {event!r}\n")
        earlier: list = []
        for _ in range(MAX_MOVES):
            digest.update(probe(game, state, earlier).encode())
            acting = game.to_act(state)
            if not acting:
                break
            seat = chooser.choice(acting)
            legal = game.legal_moves(state, seat)
            move = chooser.choice(legal)
            text = game.format_move(state, seat, move)
            state, events = game.apply(state, seat, move)
            out.write(f"  {players[seat]}: {text}\n")
            for event in events:
                out.write(f"    {event!r}\n")
            earlier = legal[:6]
        out.write(f"  outcome: {game.outcome(state)}\n")
        out.write(f"  probes: {digest.hexdigest()}\n")
        out.write(f"  final: {state.dumps()}\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with args.out.open("w", encoding="utf-8") as out:
        record(args.game, args.games, args.seed, out)
    print(f"{args.games} games of {args.game} written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
