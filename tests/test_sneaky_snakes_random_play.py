"""Sneaky Snakes under random play, what only this game has: cards held facing away from
their holder are seen by everyone else, and snake battles happen and end. Every game's
random play with its invariants, over every player count and option: test_conformance.py."""

import pytest

from testkit.play import play_random
from tutor.core.views import view
from tutor.games import get_game

G = get_game("sneaky_snakes")


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
        play_random(G, players, seed, {"hard": seed % 2 == 1}, on_state=looks)


def test_snake_battles_happen_and_end():
    battles = 0
    for seed in range(80):
        match = play_random(G, 2, seed, {"snake_battle": "always"})
        battles += match.state.data["battles"]
        assert G.outcome(match.state) is not None
    assert battles > 0
