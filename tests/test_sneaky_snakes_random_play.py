"""Random legal play of Sneaky Snakes for every player count and both deals, with every
invariant checked after every move (see tutor/core/invariants.py): card conservation,
JSON round trip, clone equality, only acting seats have moves, and no seat's view ever
holds a face that seat cannot see. Bigger runs: ``python -m tutor selfplay sneaky_snakes``."""

import random

import pytest

from tutor import get_game
from tutor.core.invariants import check_all
from tutor.core.match import Match
from tutor.core.views import view
from tutor.selfplay import selfplay

G = get_game("sneaky_snakes")
GAMES_PER_COUNT = 60


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_keep_every_invariant_and_end(players):
    report = selfplay(G, players, GAMES_PER_COUNT, seed=1000 * players)
    assert report.violations == []
    assert report.games == GAMES_PER_COUNT
    assert report.moves > 5 * GAMES_PER_COUNT


def play_random(players, seed, options=None, check=False, on_state=None):
    match = Match(G, tuple(f"P{i}" for i in range(players)), seed=seed,
                  options=dict(options or {}))
    chooser = random.Random(seed)
    while match.to_act():
        assert len(match.plies) < 5000, "the game does not end"
        seat = chooser.choice(match.to_act())
        match.play(seat, chooser.choice(G.legal_moves(match.state, seat)))
        if check:
            assert check_all(G, match.state) == [], len(match.plies)
        if on_state:
            on_state(match.state)
    return match


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_view_shows_a_face_its_seat_cannot_see(players):
    """Per card and per seat: a seat's view shows a card's face exactly when the seat
    may see it, its own facing-away cards are backs, and everyone sees which way every
    hand card is held."""
    def looks(state):
        for seat in range(players):
            seen = view(G, state, seat)
            for other in range(players):
                faces = seen["zones"][f"hand:{other}"]
                facing = seen["data"][f"facing:{other}"]
                for face, way in zip(faces, facing):
                    if other == seat:
                        assert ("id" in face) == (way == "holder")
                    else:
                        assert ("id" in face) == (way == "away")
            assert all("id" not in f for f in seen["zones"]["draw"])
    for seed in range(4):
        play_random(players, seed, {"hard": seed % 2 == 1}, on_state=looks)


@pytest.mark.parametrize("options", [{"hard": True}, {"snake_battle": "always"},
                                     {"snake_battle": "never"}])
def test_options_keep_every_invariant(options):
    for seed in range(6):
        match = play_random(3, seed, options, check=True)
        assert G.outcome(match.state).winners


def test_snake_battles_happen_and_end():
    battles = 0
    for seed in range(80):
        match = play_random(2, seed, {"snake_battle": "always"})
        battles += match.state.data["battles"]
        assert G.outcome(match.state) is not None
    assert battles > 0


@pytest.mark.parametrize("players", [2, 5, 8])
def test_same_seed_gives_the_same_game(players):
    first = play_random(players, seed=77)
    second = play_random(players, seed=77)
    assert first.record() == second.record()
    assert first.state == second.state
    other = play_random(players, seed=78)
    assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"hard": True}),
                                              (3, {"snake_battle": "always"})])
def test_undo_equals_replay(players, options):
    match = play_random(players, seed=5, options=options)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(G, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state
