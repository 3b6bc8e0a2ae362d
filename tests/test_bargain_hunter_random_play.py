"""Random legal play of Bargain Hunter for 3 and 4 players, with every invariant checked
after every move (see tutor/core/invariants.py). Bigger runs: the selfplay command and
benchmarks/selfplay_throughput.py."""

import random

import pytest

from tutor.core.match import Match
from tutor.games import get_game
from tutor.selfplay import selfplay

G = get_game("bargain_hunter")
GAMES_PER_COUNT = 150


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_keep_every_invariant_and_end(players):
    report = selfplay(G, players, GAMES_PER_COUNT, seed=1000 * players)
    assert report.violations == []
    assert report.games == GAMES_PER_COUNT
    # Six or four rounds of tricks and cleanings: far more moves than 100 a game.
    assert report.moves > 100 * GAMES_PER_COUNT


def play_random(players, seed):
    match = Match(G, tuple(f"P{i}" for i in range(players)), seed=seed)
    chooser = random.Random(seed)
    while match.to_act():
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(G.legal_moves(match.state, seat)))
    return match


@pytest.mark.parametrize("players", [3, 4])
def test_same_seed_gives_the_same_game(players):
    first = play_random(players, seed=77)
    second = play_random(players, seed=77)
    assert first.record() == second.record()
    assert first.state == second.state
    assert G.outcome(first.state) == G.outcome(second.state)
    other = play_random(players, seed=78)
    assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("players", [3, 4])
def test_undo_equals_replay(players):
    match = play_random(players, seed=5)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 30, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(G, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state


def test_a_game_of_each_size_runs_through_every_round():
    for players, rounds in ((3, 6), (4, 4)):
        final = play_random(players, seed=11).state
        assert final.data["phase"] == "over" and final.data["round"] == rounds
        assert G.outcome(final) is not None
