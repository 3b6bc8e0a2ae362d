"""Cover Your Assets under random play, what only this game has: each game length and
the original deck end as their rules say. Every game's random play with its invariants,
over every player count and both decks: test_conformance.py."""

import pytest

from testkit.play import play_random
from tutor.core.invariants import check_all
from tutor.games import get_game

G = get_game("cover_your_assets")


@pytest.mark.parametrize("options, seeds", [
    ({"mode": "two_wins"}, 2),
    ({"mode": "three_rounds"}, 2),
    ({"mode": "classic"}, 1),
    ({"deck": "original", "mode": "classic"}, 1),
    ({"deck": "original"}, 4),
])
def test_longer_games_and_the_original_deck_keep_every_invariant_and_end(options, seeds):
    def holds(state):
        assert check_all(G, state) == []
    for seed in range(seeds):
        match = play_random(G, 4, seed, options, on_state=holds)
        result = G.outcome(match.state)
        assert result and result.winners
        rounds = match.state.data["round"]
        if options.get("mode") == "three_rounds":
            assert rounds == 3
        if options.get("mode") == "classic":
            assert max(match.state.data["totals"]) >= 1_000_000
