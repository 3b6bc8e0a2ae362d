"""Step 0 tells the setup as events a learner steps through (issue 14, point 5): what the
game is played with, what each player gets, what lies where, who starts and why, then
what the game did by itself as it began.

Each game here has a row in ``SETUPS`` saying where its opening events read their
numbers from; the tests check the events against the state, never against fixed
texts, and check that no seat reads a card face it cannot see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import pytest

from tutor import scenario as scenarios
from tutor.core.views import hidden_card_ids, names_unseen_card
from tutor.core.wording import plural
from tutor.games import GAMES, scenario_dir

from testkit.twins import apply_permutation, twin_permutation

THREE = ("Ann", "Bob", "Cy")


@dataclass(frozen=True)
class Setup:
    """Where one game's setup events get their clauses and numbers."""

    deck_rule: str                      # the components, first of all
    hand_rules: frozenset[str]          # one event per seat, starting with its name
    draw_rule: str                      # the draw pile's size
    start_rules: frozenset[str]         # who starts and why
    last_rule: str | None               # what the game does by itself, kept last
    dealt: Callable                     # (state, seat) -> the ids the seat was dealt
    draw_size: Callable                 # state -> cards in the draw pile as set up


def _snakes_dealt(state, seat):
    hand = state.zones[f"hand:{seat}"]
    # new_state has made the starter's first draw (SN-R3): that card was not dealt.
    return hand[:-1] if seat == state.data["starter"] else hand


SETUPS = {
    "cover_your_assets": Setup(
        "CYA-1.1", frozenset({"CYA-1.3"}), "CYA-1.3", frozenset({"CYA-1.5"}), None,
        lambda state, seat: state.zones[f"hand:{seat}"],
        lambda state: len(state.zones["draw"])),
    "sneaky_snakes": Setup(
        "SN-1.1", frozenset({"SN-1.2", "SN-1.3", "SN-2.2"}), "SN-1.4", frozenset({"SN-1.5", "SN-R2"}), "SN-R3",
        _snakes_dealt, lambda state: len(state.zones["draw"]) + 1),
}


def told(game_id, players=THREE, seed=1, options=None):
    game = GAMES[game_id]
    state = game.new_state(players, seed=seed, options=options)
    return game, state, game.opening_events(state)


def set_up_states(game_id):
    """Fresh games with the fewest, three and the most players, and the position every
    shipped example starts from."""
    game = GAMES[game_id]
    for count in (game.player_counts[0], 3, game.player_counts[-1]):
        players = tuple(f"P{i}" for i in range(count))
        yield f"{count} players", game.new_state(players, seed=count)
    for path in sorted(scenario_dir(game_id).glob("*.yaml")):
        yield path.stem, scenarios.load(path).new_match().states[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_a_fresh_game_tells_every_hand_the_piles_and_the_starter_with_the_state_s_counts(
        game_id, seed):
    game, state, events = told(game_id, seed=seed)
    setup = SETUPS[game_id]
    rules = [e.rule for e in events]
    assert all(rule in game.rules for rule in rules)
    used = len(game.deck(state.options)) - len(state.zones["box"])
    assert rules[0] == setup.deck_rule and f"{used} cards" in events[0].text
    hands = []
    for seat, name in enumerate(THREE):
        (index,) = [i for i, e in enumerate(events)
                    if e.rule in setup.hand_rules and e.text.startswith(name)]
        assert plural(len(setup.dealt(state, seat)), "card") in events[index].text
        hands.append(index)
    assert hands == sorted(hands)
    (draw,) = [i for i, e in enumerate(events)
               if e.rule == setup.draw_rule and "draw pile" in e.text]
    assert plural(setup.draw_size(state), "card") in events[draw].text
    (start,) = [i for i, e in enumerate(events) if e.rule in setup.start_rules]
    starter = THREE[game.to_act(state)[0]]
    assert starter in events[start].text and "by lot" in events[start].text
    assert hands[0] > 0 and hands[-1] < draw < start
    assert (rules[-1] == setup.last_rule) if setup.last_rule else start == len(events) - 1


@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_the_teacher_reads_every_dealt_card_and_no_seat_reads_one_it_cannot_see(game_id):
    """Checked on fresh games and every example's setup: a seat's reading names no card
    hidden from it, and stays the same when the cards hidden from it are exchanged."""
    game, setup = GAMES[game_id], SETUPS[game_id]
    rng = random.Random(game_id)
    for where, state in set_up_states(game_id):
        events = game.opening_events(state)
        label = {c.id: c.label for c in game.deck(state.options)}
        for seat, name in enumerate(state.players):
            (hand,) = [e for e in events
                       if e.rule in setup.hand_rules and e.text.startswith(name)]
            assert all(label[c] in hand.text for c in setup.dealt(state, seat)), where
        for seat in range(state.num_players):
            read = [e.for_viewer(seat).text for e in events]
            for text in read:
                assert not names_unseen_card(game, [state], seat, text), (where, seat, text)
            hidden = hidden_card_ids(game, state, seat)
            for _ in range(3):
                twin = apply_permutation(state, twin_permutation(game, state, hidden, rng))
                assert [e.for_viewer(seat).text for e in game.opening_events(twin)] == read, \
                    (where, seat)


def test_cya_each_player_reads_their_own_five_cards_and_the_others_read_face_down():
    game, state, events = told("cover_your_assets")
    ann = next(e for e in events if e.text.startswith("Ann is dealt"))
    own = sorted(game.edition(state.options).label[c] for c in state.zones["hand:0"])
    assert all(card in ann.for_viewer(0).text for card in own)
    assert ann.for_viewer(1).text == "Ann is dealt 5 cards, face down: only Ann sees them"
    dealer = THREE[state.data["dealer"]]
    shown = next(e for e in events if e.rule == "CYA-1.4")
    top = game.edition(state.options).label[state.zones["discard"][-1]]
    assert shown.text == f"{dealer} turns the next card face up to start the discard pile: " \
        f"{top}"
    assert "quick game" in events[1].text and events[1].rule == "CYA-8.1" \
        and events[1].text.endswith("(CYA-8.2)")   # the agreement, naming the mode clause


def cya_example(name):
    loaded = scenarios.load(scenario_dir("cover_your_assets") / f"{name}.yaml")
    state = loaded.new_match().states[0]
    return loaded.game.opening_events(state)


def test_cya_an_example_s_dealer_explains_the_first_turn():
    """forming_sets names Dev as dealer: Ada, on his left, starts (CYA-1.5)."""
    (start,) = [e for e in cya_example("forming_sets") if e.rule == "CYA-1.5"]
    assert start.text == ("Dev dealt, so Ada, on Dev's left, takes the first turn; turns "
                          "then pass to the left")


def test_cya_a_round_under_way_tells_the_stacks_the_scores_and_whose_turn_it_is():
    events = cya_example("first_to_two_rounds")
    texts = [e.text for e in events]
    assert "this is round 3, and the rounds won so far are Ada 1, Ben 1, Cleo 0, Dev 0" \
        in texts[1]
    assert "Cleo holds no cards" in texts
    stacks = [e for e in events if e.rule == "CYA-3.5"]
    assert [e.text.split("'")[0] for e in stacks] == ["Ada", "Ben", "Cleo", "Dev"]
    assert stacks[0].text == ("Ada's stack already holds 2 sets worth $64,000, from the "
                              "bottom: Jewels+Jewels, Cabin+Silver; the top one, "
                              "Cabin+Silver, may be challenged")
    assert "single set is safe" in stacks[2].text
    assert events[-1].rule == "CYA-2.1" and "Ada's turn" in events[-1].text
    assert any(e.rule == "CYA-7.1" and "draw pile is empty" in e.text for e in events)


def test_sn_the_deal_each_way_round_the_starter_and_the_first_draw_last():
    game, state, events = told("sneaky_snakes", options={"hard": True})
    starter = state.data["starter"]
    name = THREE[starter]
    hands = [e for e in events if e.rule == "SN-1.3"]
    assert len(hands) == 3
    assert hands[starter].for_viewer(starter).text == (
        f"{name} starts with 4 cards: 2 facing {name}, which only {name} sees, and 2 "
        f"facing away, which everyone but {name} sees")
    assert set(hands[starter].hidden_from) == {0, 1, 2}
    assert events[0].text == ("With 3 players the game uses 40 cards of the tutor's "
                              "stand-in deck; the other 12, marked for more players, stay "
                              "in the box")
    assert events[-1].rule == "SN-R3" and events[-1].text.startswith(
        f"The game begins: {name} starts and at once draws a card")


def test_sn_a_named_starter_is_the_shortest_and_all_cards_are_used_by_five():
    game = GAMES["sneaky_snakes"]
    players = ("Ann", "Bob", "Cy", "Dee", "Eve")
    state = game.new_state(players, seed=1, setup={"first": "Cy"})
    events = game.opening_events(state)
    (start,) = [e for e in events if e.rule in ("SN-1.5", "SN-R2")]
    assert start.rule == "SN-1.5" and start.text == (
        "Cy is the shortest player, so Cy starts; after Cy come Dee, Eve, Ann and Bob, "
        "clockwise round the table")
    assert events[0].text == "With 5 players the game uses all 52 cards of the tutor's " \
        "stand-in deck"


def test_sn_a_first_draw_that_empties_the_pile_ends_the_game_at_step_0():
    game = GAMES["sneaky_snakes"]
    state = game.new_state(("Ann", "Bob"), seed=1, setup={"first": "Bob", "draw_size": 1})
    events = game.opening_events(state)
    assert any(e.rule == "SN-1.4" and "The draw pile holds 1 card," in e.text
               for e in events)
    assert events[-1].rule == "SN-R3" and "the game ends before Bob acts" in events[-1].text
