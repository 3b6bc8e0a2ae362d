"""Sell Me a Sasquatch under random play, what only this game has: simultaneous deals
in any order give the same position. Every game's random play with its invariants:
test_conformance.py."""

from tutor.games import get_game

G = get_game("sell_me_a_sasquatch")


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
