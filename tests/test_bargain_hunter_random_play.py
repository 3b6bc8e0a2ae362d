"""Bargain Hunter under random play, what only this game has: a game of each size runs
through all its rounds. Every game's random play with its invariants: test_conformance.py."""

from testkit.play import play_random
from tutor.games import get_game

G = get_game("bargain_hunter")


def test_a_game_of_each_size_runs_through_every_round():
    for players, rounds in ((3, 6), (4, 4)):
        final = play_random(G, players, seed=11).state
        assert final.data["phase"] == "over" and final.data["round"] == rounds
        assert G.outcome(final) is not None
