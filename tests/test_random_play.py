"""Random legal play of Sneaky Bastard for every player count, with every invariant
checked after every move (see tutor/core/invariants.py). Bigger runs: the selfplay
command and benchmarks/selfplay_throughput.py."""

import random

import pytest

from tutor.core.match import Match
from tutor.selfplay import random_game, selfplay

GAMES_PER_COUNT = 200


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_end(sneaky_bastard, players):
    report = selfplay(sneaky_bastard, players, GAMES_PER_COUNT, seed=1000 * players)
    assert report.violations == []
    assert report.games == GAMES_PER_COUNT
    # A game sells 17 houses, so it needs well over 17 moves; a stuck one would hit the cap.
    assert report.moves > 17 * GAMES_PER_COUNT


def play_random(game, players, seed):
    match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed)
    chooser = random.Random(seed)
    while match.to_act():
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
    return match


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_gives_the_same_game(sneaky_bastard, players):
    first = play_random(sneaky_bastard, players, seed=77)
    second = play_random(sneaky_bastard, players, seed=77)
    assert first.record() == second.record()
    assert first.state == second.state
    other = play_random(sneaky_bastard, players, seed=78)
    assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_undo_equals_replay(sneaky_bastard, players):
    match = play_random(sneaky_bastard, players, seed=5)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(sneaky_bastard, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state


def test_a_stuck_game_would_be_reported(sneaky_bastard, monkeypatch):
    monkeypatch.setattr("tutor.selfplay.MAX_MOVES_PER_GAME", 5)
    report = random_game(sneaky_bastard, 3, seed=1)
    assert report.violations == ["seed 1: no end after 5 moves"]


@pytest.mark.parametrize("game_id", ["sneaky_bastard", "bargain_hunter", "sell_me_a_sasquatch",
                                     "sneaky_snakes", "cover_your_assets"])
def test_unchecked_random_play_plays_the_same_games_as_checked(game_id):
    # The benchmarks' fast path (apply_listed: a listed move is not checked again) must
    # play exactly the games that the checked path plays and verifies.
    from tutor.games import get_game
    game = get_game(game_id)
    players = game.player_counts[0] + 1
    checked = selfplay(game, players, 4, seed=3)
    unchecked = selfplay(game, players, 4, seed=3, check=False)
    assert checked.violations == []
    assert unchecked.moves == checked.moves > 0


def test_a_move_that_changes_the_state_it_was_played_from_is_reported(sneaky_bastard,
                                                                    monkeypatch):
    applied = sneaky_bastard.apply

    def careless(state, seat, move):   # as an engine that changed a shared list would
        after, events = applied(state, seat, move)
        state.rng ^= 1
        return after, events
    monkeypatch.setattr(sneaky_bastard, "apply", careless)
    report = random_game(sneaky_bastard, 3, seed=1)
    assert report.violations == ["seed 1, move 1: the move changed the state it was "
                                 "played from"]
