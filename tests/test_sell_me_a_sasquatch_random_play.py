"""Random legal play of Sell Me a Sasquatch for every player count, with every invariant
checked after every move (see tutor/core/invariants.py); determinism and undo. Bigger
runs: ``python -m tutor selfplay sell_me_a_sasquatch``."""

import random

import pytest

from tutor import get_game
from tutor.core.invariants import check_all
from tutor.core.match import Match
from tutor.selfplay import selfplay

G = get_game("sell_me_a_sasquatch")
GAMES_PER_COUNT = 60


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_end(players):
    report = selfplay(G, players, GAMES_PER_COUNT, seed=1000 * players)
    assert report.violations == []
    assert report.games == GAMES_PER_COUNT
    # A turn takes at least one move per deal and the buyer's choice.
    assert report.moves > 5 * GAMES_PER_COUNT


def play_random(players, seed, check=False):
    """Random play in which the seats of a simultaneous phase move in random order."""
    match = Match(G, tuple(f"P{i}" for i in range(players)), seed=seed)
    chooser = random.Random(seed)
    while match.to_act():
        assert len(match.plies) < 5000, "the game does not end"
        seat = chooser.choice(match.to_act())
        match.play(seat, chooser.choice(G.legal_moves(match.state, seat)))
        if check:
            assert check_all(G, match.state) == [], len(match.plies)
    return match


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_gives_the_same_game(players):
    first = play_random(players, seed=77)
    second = play_random(players, seed=77)
    assert first.record() == second.record() and first.state == second.state
    assert G.outcome(first.state).winners
    other = play_random(players, seed=78)
    assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_undo_equals_replay(players):
    match = play_random(players, seed=5)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(G, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state


def test_the_order_of_simultaneous_deals_does_not_matter():
    """SQ-R3: the same deals built in any order give the same position."""
    for seed in range(10):
        state = G.new_state(("A", "B", "C", "D", "E"), seed=seed)
        moves = {s: G.legal_moves(state, s)[seed % 5] for s in G.to_act(state)}
        finals = set()
        for order in (sorted(moves), sorted(moves, reverse=True)):
            s = state
            for seat in order:
                s, _ = G.apply(s, seat, moves[seat])
            finals.add(s.dumps())
        assert len(finals) == 1
