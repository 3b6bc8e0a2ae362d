"""Random legal play of Cover Your Assets for every player count, every game length and
both decks, with every invariant checked after every move (see tutor/core/invariants.py).
Bigger runs: ``python -m tutor selfplay cover_your_assets`` and
benchmarks/selfplay_throughput.py."""

import random

import pytest

from tutor.core.invariants import check_all
from tutor.core.match import Match
from tutor.selfplay import selfplay

GAMES_PER_COUNT = 100


@pytest.fixture(scope="module")
def cya():
    from tutor import get_game
    return get_game("cover_your_assets")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_end(cya, players):
    report = selfplay(cya, players, GAMES_PER_COUNT, seed=1000 * players)
    assert report.violations == []
    assert report.games == GAMES_PER_COUNT
    # Every turn but the last few plays at least one card of the 104 - 5 per hand - 1,
    # so a round takes dozens of moves; a stuck game would hit the cap instead.
    assert report.moves > 30 * GAMES_PER_COUNT


def play_random(game, players, seed, options=None, check=False):
    match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed,
                  options=dict(options or {}))
    chooser = random.Random(seed)
    while match.to_act():
        assert len(match.plies) < 5000, "the game does not end"
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
        if check:
            assert check_all(game, match.state) == [], len(match.plies)
    return match


@pytest.mark.parametrize("options, seeds", [
    ({"mode": "two_wins"}, 2),
    ({"mode": "three_rounds"}, 2),
    ({"mode": "classic"}, 1),
    ({"deck": "original", "mode": "classic"}, 1),
    ({"deck": "original"}, 4),
])
def test_longer_games_and_the_original_deck_keep_every_invariant_and_end(cya, options, seeds):
    for seed in range(seeds):
        match = play_random(cya, 4, seed, options, check=True)
        result = cya.outcome(match.state)
        assert result and result.winners
        rounds = match.state.data["round"]
        if options.get("mode") == "three_rounds":
            assert rounds == 3
        if options.get("mode") == "classic":
            assert max(match.state.data["totals"]) >= 1_000_000


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_gives_the_same_game(cya, players):
    first = play_random(cya, players, seed=77)
    second = play_random(cya, players, seed=77)
    assert first.record() == second.record()
    assert first.state == second.state
    other = play_random(cya, players, seed=78)
    assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("players, options", [(3, {}), (5, {}), (4, {"mode": "two_wins"})])
def test_undo_equals_replay(cya, players, options):
    match = play_random(cya, players, seed=5, options=options)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(cya, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state
