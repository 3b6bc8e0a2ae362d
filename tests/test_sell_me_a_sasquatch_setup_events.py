"""Step 0 of a Sell Me a Sasquatch example tells the setup as events (issue 14, point 5):
the cards, each hand, what lies on the table, who begins and why, then the first turn.
Numbers are checked against the state, never against fixed texts; no seat reads a card
it cannot see."""

from __future__ import annotations

import pytest

from tutor import get_game
from tutor import scenario as scenarios
from tutor.core.views import names_unseen_card
from tutor.core.wording import plural
from tutor.coverage import coverage
from tutor.games import scenario_dir
from tutor.games.sell_me_a_sasquatch.deck import DECK, LABEL

G = get_game("sell_me_a_sasquatch")
THREE = ("Ann", "Bob", "Cy")


def by_rule(events, rule):
    return [e for e in events if e.rule == rule]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_fresh_three_player_game_tells_every_hand_the_piles_and_the_buyer(seed):
    state = G.new_state(THREE, seed=seed)
    events = G.opening_events(state)
    assert all(e.rule in G.rules for e in events)
    assert events[0].rule == "SQ-1.2" and f"all {len(DECK)} cards" in events[0].text
    for seat, name in enumerate(THREE):
        (hand,) = [e for e in by_rule(events, "SQ-1.3") if e.text.startswith(name)]
        held = state.zones[f"hand:{seat}"]
        assert plural(len(held), "card") in hand.text and len(held) == 5
        assert all(LABEL[c] in hand.text for c in held)
        assert set(hand.hidden_from) == set(range(3)) - {seat}
    (piles,) = [e for e in events if "draw pile" in e.text]
    assert plural(len(state.zones["draw"]), "card") in piles.text
    assert len(state.zones["draw"]) == len(DECK) - 15 and "discard pile" in piles.text
    (tokens,) = by_rule(events, "SQ-1.4")
    assert "28 point tokens" in tokens.text and "nobody has one" in tokens.text
    buyer = THREE[state.data["turn"]]
    (first,) = by_rule(events, "SQ-1.5")
    assert first.text.startswith(f"{buyer} was drawn by lot") and "Buyer Squatch" in first.text
    assert events[-1].rule == "SQ-8.3" and events[-1].text.startswith(f"{buyer} is the buyer")
    # The order the learner steps through: cards, hands, the table, the buyer, the turn.
    hands = [e for e in by_rule(events, "SQ-1.3") if e.hidden_from]
    order = [events.index(e) for e in (events[0], *hands, tokens, piles, first, events[-1])]
    assert order == sorted(order) and len(hands) == 3


def test_each_seat_reads_its_own_hand_and_only_counts_of_the_others():
    state = G.new_state(THREE, seed=4)
    events = G.opening_events(state)
    for viewer in range(3):
        read = [e.for_viewer(viewer).text for e in events]
        assert all(LABEL[c] in " ".join(read) for c in state.zones[f"hand:{viewer}"])
        for text in read:
            assert not names_unseen_card(G, [state], viewer, text), (viewer, text)
    bob_for_ann = next(e for e in events if e.text.startswith("Bob gets")).for_viewer(0)
    assert bob_for_ann.text == "Bob gets 5 cards, face down: only Bob looks at them"


def test_two_players_start_without_the_buyer_squatch():
    names = ("Ann", "Bob")
    state = G.new_state(names, seed=3)
    events = G.opening_events(state)
    first = names[state.data["turn"]]
    assert not by_rule(events, "SQ-1.5")
    (told, turn) = by_rule(events, "SQ-9.1")
    assert "without the Buyer Squatch" in told.text and f"{first} was drawn by lot" in told.text
    assert events[-1] is turn and turn.text.startswith(f"{first}'s turn")


def test_a_stated_position_tells_its_collections_tokens_discard_and_named_buyer():
    setup = {"buyer": "Cy", "collections": {"Ann": ["Tiny", "Platonic Isolator"]},
             "tokens": {"Ann": 2, "Bob": 1}, "discard": ["Giant", "Tiny"]}
    state = G.new_state(THREE, seed=5, setup=setup)
    events = G.opening_events(state)
    texts = [e.text for e in events]
    (collections,) = [t for t in texts if "collections" in t]
    assert "Ann's collection: Tiny, Platonic Isolator" in collections
    assert "Bob's collection: nothing" in collections
    (tokens,) = by_rule(events, "SQ-1.4")
    assert "Ann 2, Bob 1 and Cy 0" in tokens.text and "25 tokens of the 28" in tokens.text
    (piles,) = [t for t in texts if "draw pile" in t]
    assert "holds 2 cards, with a Giant face up on top" in piles
    (first,) = by_rule(events, "SQ-1.5")
    assert first.text.startswith("Cy is named by the example to begin")
    assert events[-1].text.startswith("Cy is the buyer; Ann and Bob build their deals")


def test_every_example_s_step_0_hides_what_each_seat_cannot_see():
    for path in sorted(scenario_dir(G.id).glob("*.yaml")):
        state = scenarios.load(path).new_match().states[0]
        events = G.opening_events(state)
        assert len({e.text for e in by_rule(events, "SQ-1.3")}) >= state.num_players
        for seat in range(state.num_players):
            for event in events:
                text = event.for_viewer(seat).text
                assert not names_unseen_card(G, [state], seat, text), (path.stem, seat, text)


def test_the_setup_clauses_are_covered_by_step_0():
    shown = coverage(G.id).shown_by
    for clause in ("SQ-1.2", "SQ-1.3", "SQ-1.4", "SQ-1.5"):
        assert any(step == 0 for _, step in shown.get(clause, ())), clause


def test_the_turn_says_who_builds_in_the_right_number():
    from tutor.games.sell_me_a_sasquatch.table import who_builds
    assert who_builds(["Cat"]) == "Cat builds a deal"
    assert who_builds(["Bob", "Cat"]) == "Bob and Cat build their deals"
