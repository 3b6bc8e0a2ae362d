"""The generic engine core: RNG, cards, state, views, rules, match (undo and replay)."""

import pytest

from tutor.core import Card, Deck, Match, Rng, Rules, State, Visibility, view
from tutor.core.game import IllegalMove, NotationError, SetupError


def test_rng_same_seed_same_numbers_and_state_is_one_int():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    c = Rng(a.state)  # resuming from the saved integer continues the same sequence
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()


def test_rng_shuffle_is_a_permutation_and_below_stays_in_range():
    rng = Rng.from_seed(7)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_shuffle_draws_each_place_as_below_does():
    # A seed shared by link or saved game must deal the same cards as before: shuffle
    # writes the draw out for speed, and must stay Fisher-Yates over below().
    for seed in range(40):
        fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
        shuffled, expected = list(range(120)), list(range(120))
        fast.shuffle(shuffled)
        for i in range(len(expected) - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected and fast.state == slow.state


def test_deck_cards_are_individuals_with_unique_ids():
    deck = Deck((Card("a1", "money", "10K", 10), Card("a2", "money", "10K", 10)))
    assert len(deck) == 2 and deck["a2"].label == "10K"
    with pytest.raises(ValueError, match="share an id"):
        Deck((Card("a", "x", "A"), Card("a", "x", "B")))


def test_state_json_round_trip_and_independent_clone(sneaky_bastard):
    state = sneaky_bastard.new_state(["A", "B", "C"], seed=5)
    assert State.loads(state.dumps()) == state
    twin = state.clone()
    twin.zones["hand:0"].pop()
    twin.data["status"][0] = "out"
    assert twin != state and state.data["status"][0] == "in"


def test_view_hides_other_hands_but_not_the_table(sneaky_bastard):
    state = sneaky_bastard.new_state(["A", "B", "C"], seed=5)
    seen_by_a = view(sneaky_bastard, state, 0)
    assert all("id" in card for card in seen_by_a["zones"]["hand:0"])
    assert all(card == {"hidden": True} for card in seen_by_a["zones"]["hand:1"])
    assert len(seen_by_a["zones"]["hand:1"]) == len(state.zones["hand:1"])  # counts stay
    assert seen_by_a["zones"]["offer"][0]["kind"] == "house"
    pile = seen_by_a["zones"]["pile"]
    assert "id" in pile[-1] and all(c == {"hidden": True} for c in pile[:-1])
    teacher = view(sneaky_bastard, state, None)
    assert all("id" in c for cards in teacher["zones"].values() for c in cards)


def test_visibility_override_per_card(sneaky_bastard):
    state = sneaky_bastard.new_state(["A", "B", "C"], seed=5)
    secret = state.zones["hand:1"][0]
    state.seen_by[secret] = [1, 2]  # shown to C
    assert sneaky_bastard.can_see(state, "hand:1", 0, 2)
    assert not sneaky_bastard.can_see(state, "hand:1", 0, 0)
    assert sneaky_bastard.visibility("hand:1") is Visibility.OWNER


def test_rules_load_and_lookup(sneaky_bastard, tmp_path):
    rules = sneaky_bastard.rules
    assert "SB-3.2" in rules and rules["SB-R1"].is_ruling
    assert "Why:" in rules["SB-R1"].describe()
    with pytest.raises(KeyError, match="no rule 'SB-99'"):
        rules["SB-99"]
    bad = tmp_path / "rules.yaml"
    bad.write_text("title: T\nsections:\n  - title: S\n    clauses:\n"
                   "      - {id: X-1, text: a}\n      - {id: X-1, text: b}\n")
    with pytest.raises(ValueError, match="share an id"):
        Rules.load(bad)


def test_match_undo_restores_the_previous_state_and_replay_rebuilds(sneaky_bastard):
    match = Match(sneaky_bastard, ("A", "B", "C"), seed=9)
    states = [match.state]
    for _ in range(6):
        seat = match.to_act()[0]
        match.play(seat, sneaky_bastard.legal_moves(match.state, seat)[0])
        states.append(match.state)
    again = Match.replay(sneaky_bastard, match.record())
    assert again.state == match.state
    for expected in reversed(states[:-1]):
        match.undo()
        assert match.state == expected
    with pytest.raises(IndexError, match="no move to take back"):
        match.undo()


def test_match_rejects_illegal_and_unreadable_moves_without_change(sneaky_bastard):
    match = Match(sneaky_bastard, ("A", "B", "C"), seed=9)
    before = match.state.dumps()
    seat = match.to_act()[0]
    with pytest.raises(IllegalMove) as error:
        match.play((seat + 1) % 3, "pass")
    assert error.value.rule == "SB-2.2" and "turn" in error.value.reason
    with pytest.raises(NotationError, match="unknown move 'buy'"):
        match.play(seat, "buy it")
    assert match.state.dumps() == before and not match.plies


def test_replay_refuses_a_record_of_another_game(sneaky_bastard):
    with pytest.raises(ValueError, match="not 'sneaky_bastard'"):
        Match.replay(sneaky_bastard, {"game": "chess", "players": ["A", "B"], "moves": []})


@pytest.mark.parametrize("players", [["A"], ["A"] * 2, [f"P{i}" for i in range(7)]])
def test_wrong_player_counts_are_refused(sneaky_bastard, players):
    with pytest.raises(SetupError):
        sneaky_bastard.new_state(players)


def test_sentences_end_with_one_full_stop():
    from tutor.core.wording import sentences
    assert sentences(["Ann draws", "it faces them.", "Why?"]) == "Ann draws. it faces them. Why?"


def test_a_remembered_answer_is_the_one_a_fresh_copy_works_out():
    """Who acts now and who may still play a Thingamabob are worked out once per position
    (State.remembered): over random play, each stays what a copy of the position read
    back from JSON (which remembers nothing) works out, so no answer goes stale."""
    import random

    from tutor.games import get_game
    game = get_game("sell_me_a_sasquatch")
    positions = 0
    for players, seed in ((2, 3), (4, 5)):
        state = game.new_state(tuple(f"P{i}" for i in range(players)), seed=seed)
        chooser = random.Random(seed)
        while game.to_act(state):
            fresh = State.loads(state.dumps())
            assert fresh.derived == {} and fresh == state
            assert game.pending(state) == game.pending(fresh)
            assert game.to_act(state) == game.to_act(fresh)
            seat = chooser.choice(game.to_act(state))
            move = chooser.choice(game.legal_moves(state, seat))
            state, _ = game.apply(state, seat, move)
            positions += 1
    assert positions > 50


def test_a_clone_being_changed_remembers_nothing(sneaky_bastard):
    state = sneaky_bastard.new_state(["Lisa", "Frank", "Fleur"], seed=1)
    twin = state.clone()
    assert twin.remembered("q", lambda s: 7) == 7
    assert twin.remembered("q", lambda s: 8) == 8   # not kept
    assert state.remembered("q", lambda s: 1) == state.remembered("q", lambda s: 2) == 1
    assert twin.num_players == 3 and twin == state
