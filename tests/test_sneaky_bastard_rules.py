"""One test (or a small group) per clause of Sneaky Bastard's rules.yaml.

Every clause id SB-1.1 ... SB-8.4 and every ruling SB-R1 ... SB-R12 has a test below
whose docstring starts with that id; the last test checks that no clause is forgotten.
Clauses that forbid something get a legal case and an illegal case; an illegal case
asserts the rule id that ``check`` and ``apply`` cite, that the reason names the
concrete amounts or cards, and that a rejected ``apply`` leaves the state untouched.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from tutor import get_game
from tutor.core.game import SetupError
from tutor.core.invariants import card_conservation
from tutor.core.match import Match
from tutor.core.views import names_unseen_card, view
from tutor.games.sneaky_bastard import Bid, Pass, PlaySneaky, Wait
from tutor.games.sneaky_bastard.deck import HOUSE_PRICES, house_label

from rule_checks import facts, legal, play, reject, rules_of

G = get_game("sneaky_bastard")
THREE = ("Lisa", "Frank", "Fleur")
FOUR = ("Lisa", "Frank", "Robin", "Fleur")
TWO = ("Lisa", "Frank")
ALL_HOUSES = [house_label(p) for p in HOUSE_PRICES]

# Starting money (in K) per player count, as SB-1.2 and SB-8.1 list it.
START = {2: {500: 2, 250: 4, 100: 5, 25: 5, 10: 4},
         3: {500: 2, 250: 3, 100: 4, 25: 4, 10: 3},
         4: {500: 1, 250: 2, 100: 3, 25: 3, 10: 2},
         5: {500: 1, 250: 1, 100: 2, 25: 2, 10: 2},
         6: {500: 1, 250: 1, 100: 2, 25: 2, 10: 2}}


# -- helpers ---------------------------------------------------------------------------

def match(players=THREE, *steps, seed=1, **setup) -> Match:
    """A match from ``setup`` (Lisa starts unless told), then ``steps`` like 'Lisa: bid 10K'."""
    setup.setdefault("first", players[0])
    m = Match(G, players, seed, {}, setup)
    play(m, *steps)
    return m


def last_round(players=THREE, for_sale="House 50K", houses=None, **setup) -> Match:
    """Round 17: ``for_sale`` is the last house, every other house owned or discarded."""
    houses = houses or {}
    placed = {h for owned in houses.values() for h in owned} | {for_sale}
    return match(players, round=17, for_sale=for_sale, houses=houses,
                 discard=[h for h in ALL_HOUSES if h not in placed], **setup)


def three_player_example() -> Match:
    """The rulebook's three-player position (round 5, Huis aan zee for sale)."""
    return match(THREE, round=5, for_sale="Huis aan zee",
                 houses={"Lisa": ["Opknappertje"], "Frank": ["House 600K"],
                         "Fleur": ["House 200K", "House 50K"]},
                 hands={"Lisa": ["100K", "100K", "25K", "10K", "10K"],
                        "Frank": ["500K", "500K", "250K", "100K", "25K"],
                        "Fleur": ["250K", "250K", "100K", "100K", "25K", "10K"]})


# -- Setting up --------------------------------------------------------------------------

def test_sb_1_1_cards_in_play_and_player_counts():
    """SB-1.1: the deck holds the listed money, 17 houses of 50K-850K and 12 Sneaky Bastard cards; 2-6 players."""
    deck = list(G.deck({}))
    money = Counter(c.value for c in deck if c.kind == "money")
    assert money == {10: 12, 25: 12, 100: 12, 250: 9, 500: 6}
    assert sorted(c.value for c in deck if c.kind == "house") == list(range(50, 851, 50))
    sneaky = [c for c in deck if c.kind == "sneaky"]
    assert len(sneaky) == 12
    assert len({c.name for c in sneaky}) == 6  # six characters, two cards each
    for n in range(2, 7):
        state = G.new_state([f"P{i}" for i in range(n)], seed=n)
        assert card_conservation(G, state) == []
    for n in (1, 7):
        with pytest.raises(SetupError, match=f"2 to 6 players, not {n}"):
            G.new_state([f"P{i}" for i in range(n)], seed=1)


@pytest.mark.parametrize("n, total", [(3, 2280), (4, 1395), (5, 1020), (6, 1020)])
def test_sb_1_2_starting_money_depends_on_player_count(n, total):
    """SB-1.2: with 3/4/5/6 players everyone starts with the listed money cards."""
    names = [f"P{i}" for i in range(n)]
    state = G.new_state(names, seed=2)
    for s, name in enumerate(names):
        hand = [c for c in state.zones[f"hand:{s}"] if not c.startswith("s")]
        assert Counter(G.deck({})[c].value for c in hand) == START[n]
        assert G.facts(state)[f"money/{name}"] == f"{total}K"


def test_sb_1_3_two_sneaky_cards_each_and_the_rest_out_of_the_game():
    """SB-1.3: each player holds the two cards of one character; unused cards lie hidden out of the game."""
    state = G.new_state(FOUR, seed=3)
    deck = G.deck({})
    characters = []
    for s in range(4):
        mine = [deck[c] for c in state.zones[f"hand:{s}"] if deck[c].kind == "sneaky"]
        assert len(mine) == 2 and mine[0].name == mine[1].name
        characters.append(mine[0].name)
    assert len(set(characters)) == 4
    box = [deck[c] for c in state.zones["box"]]
    assert sum(c.kind == "sneaky" for c in box) == 12 - 8
    # money nobody received: 12 - 4*2 tens, 12 - 4*3 twenty-fives, ...
    assert Counter(c.value for c in box if c.kind == "money") == {10: 4, 250: 1, 500: 2}
    seen = view(G, state, 0)["zones"]["box"]
    assert seen and all(card == {"hidden": True} for card in seen)


def test_sb_1_3_setup_cannot_put_a_dealt_sneaky_card_in_two_places():
    """SB-1.3: a position naming a played Sneaky Bastard card keeps every card in exactly one place."""
    try:
        state = G.new_state(THREE, seed=1, setup={"discard": ["Sneaky Bastard"]})
    except SetupError:
        return
    assert card_conservation(G, state) == []


def test_sb_1_4_houses_shuffled_and_first_player_drawn_by_lot():
    """SB-1.4: the house order and the first player change with the seed and repeat with it."""
    firsts, orders = set(), set()
    for seed in range(12):
        state = G.new_state(THREE, seed=seed)
        firsts.add(state.data["first"])
        orders.add(tuple(state.zones["offer"] + state.zones["pile"]))
        assert sorted(state.zones["offer"] + state.zones["pile"]) == \
            sorted(f"h{p}" for p in HOUSE_PRICES)
    assert firsts == {0, 1, 2}
    assert len(orders) == 12
    assert G.new_state(THREE, seed=5).dumps() == G.new_state(THREE, seed=5).dumps()
    # The pile lies face down: only its top card shows (SB-2.1).
    pile = view(G, G.new_state(THREE, seed=5), 1)["zones"]["pile"]
    assert all(card == {"hidden": True} for card in pile[:-1]) and "label" in pile[-1]


# -- A round -------------------------------------------------------------------------------

def test_sb_2_1_top_house_for_sale_and_next_one_visible():
    """SB-2.1: the top house is for sale, everyone sees the next one, and it is sold next round."""
    m = match(THREE, pile=["Studentenkamer", "Opknappertje", "Huis aan zee"])
    f = facts(m)
    assert (f["for sale"], f["next house"], f["round"]) == ("Studentenkamer", "Opknappertje", "1")
    for s in range(3):
        assert view(G, m.state, s)["zones"]["pile"][-1]["label"] == "Opknappertje"
    events = play(m, "Lisa: bid 10K", "Frank: pass", "Fleur: pass")
    start = [e for e in events if e.rule == "SB-2.1"]
    assert len(start) == 1
    assert "Round 2: Opknappertje (350K) is for sale; next up: Huis aan zee (400K)" in start[0].text
    assert (facts(m)["for sale"], facts(m)["next house"]) == ("Opknappertje", "Huis aan zee")


def test_sb_2_1_last_house_has_no_next():
    """SB-2.1: in the last round there is no next house to show."""
    m = last_round()
    assert facts(m)["next house"] == "none" and m.state.zones["pile"] == []


def test_sb_2_2_turns_go_round_in_seat_order_and_nobody_acts_out_of_turn():
    """SB-2.2: turns go round in seat order (SB-R11) from the first player; acting out of turn is refused, naming whose turn it is."""
    m = match(FOUR, first="Robin")
    assert facts(m)["to act"] == "Robin"
    reject(m, "Lisa", "bid 10K", "SB-2.2", "it is Robin's turn, not Lisa's")
    legal(m, "Robin", "bid 10K")
    assert facts(m)["to act"] == "Fleur"
    legal(m, "Fleur", "pass")
    assert facts(m)["to act"] == "Lisa"
    legal(m, "Lisa", "bid 25K")
    legal(m, "Frank", "bid 100K")
    assert facts(m)["to act"] == "Robin"
    legal(m, "Robin", "pass")
    assert facts(m)["to act"] == "Lisa"  # Fleur has passed: she is skipped
    reject(m, "Fleur", "bid 500K", "SB-5.1", "Fleur passed this round and sits out")
    assert G.check(m.state, 7, Pass()).rule == "SB-2.2"
    assert "no seat 7 in a 4-player game" in G.check(m.state, 7, Pass()).reason


def test_sb_2_2_one_thing_per_turn_wait_is_not_a_turn_for_a_bidder():
    """SB-2.2: a player still bidding on the house must bid, play a Sneaky Bastard card or pass, not wait; the refusal names the waiting clause SB-4.5, not the turn order."""
    m = match()
    reject(m, "Lisa", Wait(), "SB-4.5", "Lisa has no sneaky bid to wait with")
    kinds = {type(mv) for mv in G.legal_moves(m.state, 0)}
    assert kinds == {Bid, PlaySneaky, Pass}
    assert G.legal_moves(m.state, 1) == []


# -- Bidding on the house ------------------------------------------------------------------

def test_sb_3_1_bid_is_total_of_laid_cards_including_houses():
    """SB-3.1: a bid is the total of the money and owned houses laid out this round."""
    m = three_player_example()
    play(m, "Lisa: bid 100K", "Frank: bid 500K", "Fleur: pass")
    events = legal(m, "Lisa", "bid Opknappertje+100K", offered=False)
    assert facts(m)["bid/Lisa"] == "550K"
    assert facts(m)["houses/Lisa"] == []
    assert facts(m)["money/Lisa"] == "45K"
    assert "raises the bid on Huis aan zee (400K) to 550K (adds Opknappertje, 100K)" in \
        events[0].text


def test_sb_3_1_a_bid_needs_a_card():
    """SB-3.1: a bid of no cards at all ('bid', 'bid 0K') reads as a bid and is refused under the 10K minimum of SB-3.2."""
    m = match()
    assert G.parse_move(m.state, 0, "bid") == G.parse_move(m.state, 0, "bid 0K") == Bid(())
    assert G.format_move(m.state, 0, Bid(())) == "bid"
    for text in ("bid", "bid 0K", "bid 0k"):
        reject(m, "Lisa", text, "SB-3.2", "at least 10K", "Lisa's 0K")
    legal(m, "Lisa", "bid 10K")
    assert facts(m)["bid/Lisa"] == "10K"
    reason = reject(m, "Frank", "bid", "SB-3.2", "at least 10K", "beat the highest bid, 10K (Lisa)")
    assert "Frank's 0K" in reason


def test_sb_4_6_a_raise_of_nothing_is_refused_under_the_sneaky_raise_clause():
    """SB-4.6: a sneaky bidder behind a rival who 'bids' nothing is told the amount to beat."""
    m = match(THREE, "Lisa: sneaky", "Frank: sneaky 10K", "Fleur: bid 10K")
    reject(m, "Lisa", "bid", "SB-4.6", "10K (Frank)", "leaves Lisa's at 0K")


def test_sb_3_2_bid_must_beat_every_other_standing_bid():
    """SB-3.2: a bid that does not top the best bid is refused, naming the 500K to beat and the total."""
    m = three_player_example()
    play(m, "Lisa: bid 100K", "Frank: bid 500K", "Fleur: pass")
    reject(m, "Lisa", "bid 100K+25K+10K+10K", "SB-3.2",
           "must beat the highest bid, 500K (Frank)", "Lisa's would total 245K")
    reject(m, "Lisa", "bid Opknappertje+25K+10K+10K", "SB-3.2",
           "500K (Frank)", "would total 495K")
    legal(m, "Lisa", "bid Opknappertje+100K", offered=False)
    assert facts(m)["bid/Lisa"] == "550K"


def test_sb_3_2_equal_bid_is_not_higher():
    """SB-3.2: matching the best bid exactly is not enough; the smallest opening bid is 10K."""
    m = match()
    legal(m, "Lisa", "bid 10K")  # the first bid: one 10K card is enough
    reject(m, "Frank", "bid 10K", "SB-3.2", "10K (Lisa)", "Frank's would total 10K")
    legal(m, "Frank", "bid 10K+10K")
    assert facts(m)["bid/Frank"] == "20K"


def test_sb_3_3_only_cards_you_have_can_be_bid():
    """SB-3.3: bidding a house you do not own, more copies than you hold, or a Sneaky Bastard card is refused."""
    m = three_player_example()
    reject(m, "Lisa", "bid Huis aan zee", "SB-3.3", "Lisa has no Huis aan zee card",
           "value cards: Opknappertje, 100K, 100K, 25K, 10K, 10K")
    reject(m, "Lisa", "bid House 600K", "SB-3.3", "no House 600K card")
    reject(m, "Lisa", "bid 100K+100K+100K", "SB-3.3", "fewer than 3 100K cards")
    reject(m, "Lisa", "bid 500K", "SB-3.3", "no 500K card")
    reject(m, "Lisa", Bid(("Sneaky Bastard",)), "SB-3.3", "no Sneaky Bastard card to bid")
    with pytest.raises(ValueError, match="played with 'sneaky', not bid"):
        G.parse_move(m.state, 0, "bid Sneaky Bastard")
    legal(m, "Lisa", "bid Opknappertje")
    assert facts(m)["bid/Lisa"] == "350K"


def test_sb_3_4_raising_adds_cards_and_laid_cards_stay_on_the_table():
    """SB-3.4: a raise adds to the cards already laid; those stay out and cannot be bid again."""
    m = match(FOUR)
    play(m, "Lisa: bid 10K", "Frank: bid 500K", "Robin: pass", "Fleur: pass")
    assert facts(m)["to act"] == "Lisa"
    events = legal(m, "Lisa", "bid 500K+10K", offered=False)
    assert facts(m)["bid/Lisa"] == "520K"
    assert "raises the bid on" in events[0].text and "to 520K (adds 500K, 10K)" in events[0].text
    table = [G.deck({})[c].label for c in m.state.zones["bid:0"]]
    assert sorted(table) == ["10K", "10K", "500K"]
    # Frank's only 500K lies on the table: it cannot be taken back into a new bid.
    reject(m, "Frank", "bid 500K", "SB-3.3", "Frank has no 500K card")
    reject(m, "Frank", "bid 10K", "SB-3.2", "520K (Lisa)", "Frank's would total 510K")
    legal(m, "Frank", "bid 25K")
    assert facts(m)["bid/Frank"] == "525K"


# -- The Sneaky Bastard card ---------------------------------------------------------------

def test_sb_4_1_sneaky_card_leaves_the_house_auction():
    """SB-4.1: playing a Sneaky Bastard card moves you out of the house auction into the sneaky one."""
    m = match(FOUR)
    events = legal(m, "Lisa", "sneaky")
    assert events[0].rule == "SB-4.1"
    assert facts(m)["status/Lisa"] == "sneaky"
    play(m, "Frank: sneaky 10K", "Robin: bid 10K", "Fleur: bid 25K")
    legal(m, "Lisa", "bid 25K")  # now goes to her sneaky bid, not on the house
    assert (facts(m)["bid/Lisa"], facts(m)["sneaky bid/Lisa"]) == ("0K", "25K")
    reject(m, "Frank", "bid 10K", "SB-4.4", "25K (Lisa)")  # sneaky bid: 10K+10K
    legal(m, "Frank", "pass")
    # Robin only has to beat Fleur's 25K on the house; Lisa's 25K is a sneaky bid.
    legal(m, "Robin", "bid 25K")
    assert facts(m)["bid/Robin"] == "35K"


def test_sb_4_1_no_card_left_cannot_play_one():
    """SB-4.1: a player without Sneaky Bastard cards in hand cannot play one."""
    m = match(THREE, sneaky_cards={"Lisa": 0, "Frank": 1})
    reject(m, "Lisa", "sneaky", "SB-4.1", "Lisa has no Sneaky Bastard card left")
    assert not any(isinstance(mv, PlaySneaky) for mv in G.legal_moves(m.state, 0))
    legal(m, "Lisa", "bid 10K")
    legal(m, "Frank", "sneaky")
    assert facts(m)["status/Frank"] == "sneaky"


def test_sb_4_2_one_sneaky_card_per_round():
    """SB-4.2: a second Sneaky Bastard card in the same round is refused; next round it is allowed again."""
    m = match(THREE, "Lisa: bid 10K", "Frank: sneaky", "Fleur: sneaky 10K")
    assert facts(m)["sale/buyer"] == "Lisa" and facts(m)["to act"] == "Frank"
    reject(m, "Frank", "sneaky 25K", "SB-4.2", "Frank already played a Sneaky Bastard card")
    legal(m, "Frank", "pass")  # Fleur wins the 10K; Lisa starts round 2
    assert facts(m)["round"] == "2"
    play(m, "Lisa: bid 10K")
    legal(m, "Frank", "sneaky")
    assert facts(m)["status/Frank"] == "sneaky"


def test_sb_4_3_house_bid_moves_into_the_sneaky_bid_plus_added_cards():
    """SB-4.3: your house bid moves into your sneaky bid, and cards added with the card count too."""
    m = match(THREE, "Lisa: bid 10K", "Frank: bid 25K", "Fleur: bid 100K")
    events = legal(m, "Lisa", "sneaky 25K", offered=False)
    assert (facts(m)["bid/Lisa"], facts(m)["sneaky bid/Lisa"]) == ("0K", "35K")
    assert "sneaky bid is 35K (the 10K already bid moves into it)" in events[0].text
    # Frank's 25K moves too: 25K alone would not beat Lisa's 35K, 25K+25K does.
    reject(m, "Frank", "sneaky 10K", "SB-4.4", "35K (Lisa)", "Frank's would total 35K")
    legal(m, "Frank", "sneaky 25K")
    assert facts(m)["sneaky bid/Frank"] == "50K"


def test_sb_4_4_first_sneaky_bid_may_be_nothing_later_ones_must_beat():
    """SB-4.4: the first sneaky bid may be 0K; every later sneaky bid or raise must top the highest, naming it."""
    m = match(FOUR)
    legal(m, "Lisa", "sneaky")
    assert facts(m)["sneaky bid/Lisa"] == "0K"
    reject(m, "Frank", "sneaky", "SB-4.4", "highest sneaky bid, 0K (Lisa)",
           "Frank's would total 0K")
    legal(m, "Frank", "sneaky 10K")
    legal(m, "Robin", "bid 10K")
    legal(m, "Fleur", "bid 25K")
    reject(m, "Lisa", "bid 10K", "SB-4.4", "highest other sneaky bid, 10K (Frank)",
           "Lisa's would total 10K")
    legal(m, "Lisa", "bid 25K")
    assert facts(m)["sneaky bid/Lisa"] == "25K"


def test_sb_4_5_lone_sneaky_bidder_must_wait_while_the_house_is_unsold():
    """SB-4.5: the only sneaky bidder may neither raise nor pass before the sale, only wait."""
    m = match(THREE, "Lisa: sneaky", "Frank: bid 10K", "Fleur: bid 25K")
    assert facts(m)["to act"] == "Lisa"
    assert G.legal_moves(m.state, 0) == [Wait()]
    reject(m, "Lisa", "bid 100K", "SB-4.5", "Lisa's sneaky bid is the only one",
           "must wait: no raising, no passing")
    reject(m, "Lisa", "pass", "SB-4.5", "Lisa must wait")
    reject(m, "Lisa", "sneaky", "SB-4.5")
    forced = G.forced(m.state, 0)  # what the app shows to explain the forced skip
    assert forced.rule == "SB-4.5" and "Lisa must wait" in forced.reason
    assert G.forced(m.state, 1) is None
    events = legal(m, "Lisa", "wait")
    assert rules_of(events) == ["SB-4.5"]
    assert facts(m)["to act"] == "Frank"
    assert facts(m)["sneaky bid/Lisa"] == "0K"


def test_sb_4_5_a_rival_sneaky_bid_frees_the_lone_bidder():
    """SB-4.5: once a rival sneaky bid appears the former lone bidder must raise or pass, not wait."""
    m = match(FOUR, "Lisa: sneaky", "Frank: bid 10K", "Robin: sneaky 10K", "Fleur: bid 25K")
    assert facts(m)["to act"] == "Lisa"
    reject(m, "Lisa", "wait", "SB-4.6", "Lisa's sneaky bid of 0K is below",
           "Robin's 10K")
    assert G.forced(m.state, 0) is None
    legal(m, "Lisa", "bid 25K")
    assert facts(m)["sneaky bid/Lisa"] == "25K"


def test_sb_4_6_with_a_rival_you_raise_above_it_or_pass():
    """SB-4.6: facing another sneaky bid you must top it or pass; waiting or matching is refused with the amount."""
    m = match(THREE, "Lisa: sneaky", "Frank: sneaky 10K", "Fleur: bid 10K")
    assert facts(m)["sale/buyer"] == "Fleur" and facts(m)["to act"] == "Lisa"
    reject(m, "Lisa", "wait", "SB-4.6", "Lisa's sneaky bid of 0K is below",
           "Frank's 10K", "raise above 10K or pass")
    reject(m, "Lisa", "bid 10K", "SB-4.4", "10K (Frank)", "Lisa's would total 10K")
    kinds = {type(mv) for mv in G.legal_moves(m.state, 0)}
    assert kinds == {Bid, Pass}
    legal(m, "Lisa", "bid 25K")
    assert facts(m)["to act"] == "Frank"


def test_sb_4_6_passing_is_the_other_choice():
    """SB-4.6: a sneaky bidder behind a rival may pass and takes their cards back."""
    m = match(THREE, "Lisa: sneaky", "Frank: sneaky 10K", "Fleur: bid 10K")
    legal(m, "Lisa", "pass")
    assert facts(m)["sale/thief"] == "Frank"
    assert facts(m)["hand/Lisa"].count("Sneaky Bastard") == 2


# -- Passing -------------------------------------------------------------------------------

def test_sb_5_1_pass_takes_everything_back_and_sits_out_the_round():
    """SB-5.1: passing returns your laid money and Sneaky Bastard card and skips you for the round."""
    m = match(FOUR, "Lisa: bid 100K", "Frank: sneaky 25K", "Robin: bid 250K",
              "Fleur: sneaky 100K", "Lisa: bid 250K")
    assert facts(m)["money/Frank"] == "1370K"
    events = legal(m, "Frank", "pass")
    assert events[0].text == "Frank passes and takes back 25K and the Sneaky Bastard card"
    f = facts(m)
    assert (f["money/Frank"], f["status/Frank"], f["sneaky bid/Frank"]) == ("1395K", "out", "0K")
    assert f["hand/Frank"].count("Sneaky Bastard") == 2
    legal(m, "Robin", "bid 250K")
    legal(m, "Fleur", "wait")  # now the only sneaky bid
    assert facts(m)["to act"] == "Lisa"
    legal(m, "Lisa", "bid 500K")
    assert facts(m)["to act"] == "Robin"  # Frank is skipped for the rest of the round
    reject(m, "Frank", "bid 500K", "SB-5.1", "Frank passed this round and sits out")
    events = legal(m, "Robin", "pass")
    assert events[0].text == "Robin passes and takes back 250K, 250K"
    assert facts(m)["money/Robin"] == "1395K"


# -- Buying and stealing -------------------------------------------------------------------

def test_sb_6_1_last_bidder_must_buy_for_their_bid():
    """SB-6.1: when everyone else passed or went sneaky, the last bidder buys at once for their bid."""
    house = "Studentenkamer (150K)"
    m = match(THREE, "Lisa: bid 25K", "Frank: bid 100K", "Fleur: sneaky", pile=["Studentenkamer"])
    assert facts(m)["status/Frank"] == "in" and "sale/buyer" not in facts(m)
    events = legal(m, "Lisa", "pass")
    assert "SB-6.1" in rules_of(events)
    sale = next(e for e in events if e.rule == "SB-6.1")
    assert sale.text == f"Frank is the only bidder left and buys {house} for 100K"
    f = facts(m)
    assert (f["sale/buyer"], f["sale/price"]) == ("Frank", "100K")
    assert f["houses/Frank"] == [f["sale/house"]]


def test_sb_6_1_buyer_cannot_back_out():
    """SB-6.1: once the sale happened the buyer has no more turns this round, so cannot take the bid back."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: sneaky", "Robin: sneaky 10K", "Fleur: pass")
    assert facts(m)["status/Lisa"] == "buyer" and facts(m)["to act"] == "Frank"
    reject(m, "Lisa", "pass", "SB-6.1", "Lisa bought", "bids no more")
    assert G.legal_moves(m.state, 0) == []


def test_sb_6_2_payment_goes_to_discard_without_sneaky_bidders():
    """SB-6.2: with no sneaky bidder the buyer's cards go to the discard pile; the buyer takes the house."""
    m = three_player_example()
    events = play(m, "Lisa: bid 100K", "Frank: bid 500K", "Fleur: pass",
                  "Lisa: bid Opknappertje+100K", "Frank: pass")
    assert ["SB-6.1", "SB-6.2"] == [r for r in rules_of(events) if r.startswith("SB-6.")][:2]
    f = facts(m)
    assert f["houses/Lisa"] == ["Huis aan zee"]
    assert Counter(f["discard"]) == Counter(["Opknappertje", "100K", "100K"])
    assert (f["money/Lisa"], f["money/Frank"]) == ("45K", "1375K")
    assert f["sale/thief"] == "nobody"


def test_sb_6_2_payment_goes_to_the_sneaky_auction_winner():
    """SB-6.2: with a sneaky bidder the buyer's payment goes into the thief's hand, not the discard pile."""
    m = match(THREE, "Lisa: sneaky", "Frank: bid 100K", "Fleur: pass")
    f = facts(m)
    assert f["sale/thief"] == "Lisa" and "100K" not in f["discard"]
    assert f["money/Lisa"] == "2380K" and f["money/Frank"] == "2180K"


def test_sb_6_3_thief_discards_sneaky_bid_and_takes_payment():
    """SB-6.3: the last sneaky bidder discards their sneaky bid and card and takes the buyer's payment (rulebook example)."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: bid 10K+10K", "Robin: sneaky", "Fleur: bid 25K",
              "Lisa: sneaky", "Frank: bid 100K", "Robin: bid 25K", "Fleur: pass", seed=4,
              pile=["Studentenkamer"])
    assert facts(m)["sale/buyer"] == "Frank" and facts(m)["to act"] == "Lisa"
    legal(m, "Lisa", "bid 25K")  # the sneaky auction goes on after the sale
    events = legal(m, "Robin", "pass")
    steal = next(e for e in events if e.rule == "SB-6.3")
    assert "takes Frank's payment of 120K" in steal.text
    assert ("discards the Sneaky Bastard card and the 35K of the sneaky bid (25K, 10K): "
            "a gain of 85K in all") in steal.text
    f = facts(m)
    assert (f["sale/thief"], f["sale/thief bid"], f["sale/thief gain"]) == ("Lisa", "35K", "85K")
    assert (f["money/Lisa"], f["money/Frank"], f["money/Robin"]) == ("1480K", "1275K", "1395K")
    assert f["hand/Lisa"].count("Sneaky Bastard") == 1
    assert Counter(f["discard"]) == Counter(["Sneaky Bastard", "25K", "10K"])


def test_sb_6_4_round_ends_and_buyer_starts_the_next():
    """SB-6.4: after sale and payment the table is cleared and the buyer opens the next
    round; the sale's events say so under SB-6.4, and the new round's event names the
    house without naming the first player twice."""
    m = match(THREE, "Lisa: bid 10K", "Frank: bid 25K", "Fleur: pass")
    events = play(m, "Lisa: pass")
    ending = [e for e in events if e.rule == "SB-6.4"]
    assert [e.text for e in ending] == ["The round is over: Frank bought the house, so "
                                        "Frank starts the next round"]
    assert events[-1].rule == "SB-2.1" and "starts" not in events[-1].text
    f = facts(m)
    assert f["sale/buyer"] == "Frank"
    assert (f["round"], f["to act"]) == ("2", "Frank")
    assert all(f[f"status/{n}"] == "in" for n in THREE)
    assert all(not m.state.zones[z] for z in m.state.zones if z.startswith(("bid:", "sneaky:")))


def test_sb_6_4_round_waits_for_the_sneaky_auction():
    """SB-6.4: the round is not over while the sneaky auction for the payment goes on."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: sneaky", "Robin: sneaky 10K", "Fleur: pass")
    assert facts(m)["round"] == "1" and facts(m)["sale/buyer"] == "Lisa"
    play(m, "Frank: pass")
    assert (facts(m)["round"], facts(m)["to act"]) == ("2", "Lisa")


# -- End of the game -----------------------------------------------------------------------

def test_sb_7_1_game_ends_after_the_last_house_and_nobody_moves():
    """SB-7.1: when the last house is sold the game is over and any move is refused."""
    m = last_round(houses={"Lisa": ["House 850K"]})
    assert not m.state.data["over"]
    events = play(m, "Lisa: bid 10K", "Frank: pass", "Fleur: pass")
    assert "SB-7.1" in rules_of(events)
    assert m.state.data["over"] and G.to_act(m.state) == () and facts(m)["to act"] == "nobody"
    reject(m, "Lisa", "bid 10K", "SB-7.1", "the game is over")
    reject(m, "Frank", "pass", "SB-7.1", "nobody moves any more")
    assert all(G.legal_moves(m.state, s) == [] for s in range(3))


def test_sb_7_1_game_goes_on_while_houses_remain():
    """SB-7.1: a round that is not the last one leads to another round, not the end."""
    m = match(THREE, round=16, for_sale="House 50K", pile=["House 100K"],
              discard=[h for h in ALL_HOUSES if h not in ("House 50K", "House 100K")])
    play(m, "Lisa: bid 10K", "Frank: pass", "Fleur: pass")
    assert not m.state.data["over"] and facts(m)["round"] == "17"
    assert G.outcome(m.state) is None


def test_sb_7_1_unsold_last_house_is_not_announced_as_sold():
    """SB-7.1/SB-R1: if the last house goes unsold the end of the game does not claim it was sold."""
    m = last_round()
    events = play(m, "Lisa: pass", "Frank: pass", "Fleur: pass")
    end = next(e for e in events if e.rule == "SB-7.1")
    assert m.state.data["over"]
    assert "is sold" not in end.text


def test_sb_7_2_highest_house_total_wins_money_counts_for_nothing():
    """SB-7.2: the winner has the most in houses even with almost no money left."""
    m = last_round(houses={"Lisa": ["House 600K"], "Frank": ["House 200K", "House 300K"]},
                   hands={"Lisa": ["10K"]})
    events = play(m, "Lisa: pass", "Frank: pass", "Fleur: bid 10K")
    outcome = G.outcome(m.state)
    assert outcome.scores == (600, 500, 50)
    assert outcome.winners == (0,)
    assert outcome.explanation == "Lisa wins with houses worth 600K"
    assert facts(m)["winners"] == ["Lisa"]
    assert (facts(m)["money/Lisa"], facts(m)["money/Fleur"]) == ("10K", "2270K")
    assert events[-1].rule == "SB-7.2" and events[-1].text == outcome.explanation


def test_sb_7_2_clear_winner_is_not_announced_as_a_tie_whatever_their_name():
    """SB-7.2: a clear win is announced under SB-7.2 even when the winner's name contains 'tie'."""
    m = last_round(("Katie", "Bob", "Cy"), for_sale="House 850K")
    events = play(m, "Katie: bid 10K", "Bob: pass", "Cy: pass")
    assert G.outcome(m.state).winners == (0,)
    assert events[-1].rule == "SB-7.2"


def test_sb_7_3_tie_on_houses_goes_to_the_most_money():
    """SB-7.3: players tied on houses are separated by the money left in hand."""
    m = last_round(houses={"Lisa": ["House 500K"], "Frank": ["House 200K", "House 300K"]},
                   hands={"Frank": ["500K", "10K"]})
    events = play(m, "Lisa: pass", "Frank: pass", "Fleur: pass")  # last house unsold
    outcome = G.outcome(m.state)
    assert outcome.scores == (500, 500, 0)
    assert outcome.winners == (0,)
    assert outcome.explanation == ("Lisa, Frank tie on 500K in houses; Lisa wins the tie "
                                   "with 2280K in money left")
    assert events[-1].rule == "SB-7.3"


def test_sb_7_3_full_tie_shares_the_win():
    """SB-7.3: tied on houses and on money, the players share the win."""
    m = last_round(houses={"Lisa": ["House 500K"], "Frank": ["House 200K", "House 300K"]})
    play(m, "Lisa: pass", "Frank: pass", "Fleur: pass")
    outcome = G.outcome(m.state)
    assert outcome.winners == (0, 1)
    assert facts(m)["winners"] == ["Lisa", "Frank"]
    assert outcome.explanation == ("Lisa and Frank tie on 500K in houses and 2280K in money: "
                                   "they share the win")


# -- Two players ---------------------------------------------------------------------------

def test_sb_8_1_two_player_starting_money():
    """SB-8.1: with two players each starts with 2x500K, 4x250K, 5x100K, 5x25K, 4x10K (2665K)."""
    state = G.new_state(TWO, seed=8)
    for s, name in enumerate(TWO):
        money = [G.deck({})[c].value for c in state.zones[f"hand:{s}"] if c.startswith("m")]
        assert Counter(money) == START[2]
        assert G.facts(state)[f"money/{name}"] == "2665K"


def test_sb_8_2_two_players_take_four_sneaky_cards():
    """SB-8.2: with two players each holds four Sneaky Bastard cards (two characters)."""
    state = G.new_state(TWO, seed=8)
    for name in TWO:
        assert G.facts(state)[f"hand/{name}"].count("Sneaky Bastard") == 4
    assert card_conservation(G, state) == []
    G.new_state(TWO, seed=8, setup={"sneaky_cards": {"Lisa": 4}})
    with pytest.raises(SetupError, match="from 0 to 2, got 3"):
        G.new_state(THREE, seed=8, setup={"sneaky_cards": {"Lisa": 3}})


def test_sb_8_3_two_player_sneaky_card_is_also_a_pass():
    """SB-8.3: with two players the other's bid is at once the highest: they buy immediately."""
    m = match(TWO, "Lisa: bid 100K", "Frank: bid 250K")
    events = legal(m, "Lisa", "sneaky")
    assert "SB-8.3" in rules_of(events)
    assert facts(m)["sale/buyer"] == "Frank" and facts(m)["sale/price"] == "250K"
    assert facts(m)["round"] == "2"


def test_sb_8_3_two_player_sneaky_bid_cannot_be_raised():
    """SB-8.3: with two players the sneaky bidder gets no more turns, so cannot raise."""
    m = match(TWO, "Lisa: sneaky 10K")
    assert facts(m)["to act"] == "Frank"
    reject(m, "Lisa", "bid 25K", "SB-8.3", "with two players Lisa's Sneaky Bastard card "
           "was also a pass")
    legal(m, "Frank", "bid 10K")  # Frank must still bid (SB-R2) and buys at once
    assert facts(m)["sale/buyer"] == "Frank" and facts(m)["sale/thief"] == "Lisa"


def test_sb_8_4_two_player_thief_keeps_their_own_bid():
    """SB-8.4: with two players the thief discards only the Sneaky Bastard card and keeps their value cards."""
    m = match(TWO, "Lisa: bid 100K", "Frank: bid 250K")
    events = legal(m, "Lisa", "sneaky")
    steal = next(e for e in events if e.rule == "SB-8.4")
    assert ("discards only the Sneaky Bastard card, keeps the 100K of the sneaky bid "
            "(100K): a gain of 250K in all") in steal.text
    f = facts(m)
    assert (f["money/Lisa"], f["money/Frank"]) == ("2915K", "2415K")
    assert f["discard"] == ["Sneaky Bastard"]
    assert f["hand/Lisa"].count("Sneaky Bastard") == 3
    assert (f["sale/thief bid"], f["sale/thief gain"]) == ("100K", "250K")


# -- Rulings -------------------------------------------------------------------------------

def test_sb_r1_nobody_buys_the_house():
    """SB-R1: if everyone leaves without a bidder the house is discarded, cards go back, and the next seat starts."""
    m = match(THREE, first="Frank", pile=["Opknappertje", "Studentenkamer"])
    events = play(m, "Frank: sneaky 25K", "Fleur: pass")
    assert facts(m)["to act"] == "Lisa"
    events = legal(m, "Lisa", "pass")
    assert "SB-R1" in rules_of(events)
    f = facts(m)
    assert f["discard"] == ["Opknappertje"]
    assert all(f[f"houses/{n}"] == [] for n in THREE)
    assert f["money/Frank"] == "2280K" and f["hand/Frank"].count("Sneaky Bastard") == 2
    assert (f["round"], f["for sale"], f["to act"]) == ("2", "Studentenkamer", "Fleur")


def test_sb_r2_last_player_in_without_a_bid_must_still_act():
    """SB-R2: the last player in gets no free house: they must bid at least 10K, go sneaky or pass."""
    m = match(THREE, "Lisa: pass", "Frank: pass")
    f = facts(m)
    assert f["to act"] == "Fleur" and f["status/Fleur"] == "in" and "sale/buyer" not in f
    reject(m, "Fleur", "wait", "SB-4.5", "Fleur has no sneaky bid to wait with")
    reject(m, "Fleur", Bid(()), "SB-3.2", "at least 10K")
    assert Bid(("10K",)) in G.legal_moves(m.state, 2)
    legal(m, "Fleur", "bid 10K")
    assert (facts(m)["sale/buyer"], facts(m)["sale/price"]) == ("Fleur", "10K")


def test_sb_r3_player_without_value_cards_can_go_sneaky_or_pass():
    """SB-R3: a penniless player may open a sneaky bid of nothing or pass, but cannot bid."""
    m = match(THREE, hands={"Lisa": []})
    assert set(G.legal_moves(m.state, 0)) == {PlaySneaky(()), Pass()}
    reject(m, "Lisa", "bid 10K", "SB-3.3", "Lisa has no 10K card", "value cards: no cards")
    legal(m, "Lisa", "sneaky")
    assert facts(m)["sneaky bid/Lisa"] == "0K"


def test_sb_r3_penniless_player_cannot_top_an_existing_sneaky_bid():
    """SB-R3: the empty sneaky bid is only allowed as the first one of the round; passing always is."""
    m = match(THREE, "Frank: sneaky", "Fleur: bid 10K", first="Frank", hands={"Lisa": []})
    reject(m, "Lisa", "sneaky", "SB-4.4", "0K (Frank)", "Lisa's would total 0K")
    assert G.legal_moves(m.state, 0) == [Pass()]
    legal(m, "Lisa", "pass")
    assert facts(m)["sale/thief"] == "Frank"


def test_sb_r4_sneaky_bidder_keeps_the_card_when_nobody_buys():
    """SB-R4: an unsold house leaves nothing to steal, so the sneaky card returns to the hand."""
    m = match(THREE, "Lisa: sneaky 25K", "Frank: pass")
    assert facts(m)["to act"] == "Fleur"
    events = play(m, "Fleur: pass")
    assert rules_of(events)[1:3] == ["SB-R1", "SB-R4"]
    assert "Lisa's sneaky bid has no payment to steal" in events[2].text
    hand = facts(m)["hand/Lisa"]
    assert hand.count("Sneaky Bastard") == 2 and facts(m)["money/Lisa"] == "2280K"


def test_sb_r4_a_sneaky_bidder_with_a_rival_may_not_wait():
    """SB-R4/SB-4.6: waiting is only for the lone sneaky bidder; with a rival, raise or pass."""
    m = match(THREE, "Lisa: bid 10K", "Frank: sneaky", "Fleur: sneaky 10K")
    assert facts(m)["to act"] == "Frank"
    reject(m, "Frank", "wait", "SB-4.6", "Frank's sneaky bid of 0K is below Fleur's 10K",
           "raise above 10K or pass")
    assert Wait() not in G.legal_moves(m.state, 1)


def test_sb_r5_only_standing_bids_count():
    """SB-R5: a raise only has to beat bids still on the house, not passed or sneaky-moved ones (the rulebook's four-player example)."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: bid 10K+10K", "Robin: sneaky", "Fleur: bid 25K",
              "Lisa: sneaky", seed=4, pile=["Studentenkamer"])
    assert facts(m)["bid/Lisa"] == "0K"
    legal(m, "Frank", "bid 100K")  # 120K beats Fleur's 25K
    assert facts(m)["bid/Frank"] == "120K"


def test_sb_r5_a_passed_bid_no_longer_sets_the_price():
    """SB-R5: after a pass the rejection names the highest bid still standing, not the one taken back."""
    m = match(THREE, "Lisa: bid 250K", "Frank: bid 500K", "Fleur: bid 500K+10K")
    legal(m, "Lisa", "pass")
    assert facts(m)["bid/Lisa"] == "0K"
    reject(m, "Frank", "bid 10K", "SB-3.2", "510K (Fleur)", "Frank's would total 510K")
    legal(m, "Frank", "bid 10K+10K")
    assert facts(m)["bid/Frank"] == "520K"


def test_sb_r6_bought_houses_lie_open_and_can_be_bid():
    """SB-R6: every player sees which houses others own (not their money), and a house can be bid."""
    m = three_player_example()
    for s in (1, 2):
        seen = view(G, m.state, s)["zones"]
        assert [c["label"] for c in seen["houses:0"]] == ["Opknappertje"]
        assert all(c == {"hidden": True} for c in seen["hand:0"])
    legal(m, "Lisa", "bid Opknappertje")
    assert facts(m)["bid/Lisa"] == "350K"
    play(m, "Frank: pass", "Fleur: pass")
    seen = view(G, m.state, 2)["zones"]
    assert [c["label"] for c in seen["houses:0"]] == ["Huis aan zee"]


def test_sb_r7_payment_stays_visible_during_the_sneaky_auction():
    """SB-R7: after the sale the buyer's payment lies face up until the sneaky auction ends."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: bid 10K+10K", "Robin: sneaky", "Fleur: bid 25K",
              "Lisa: sneaky", "Frank: bid 100K", "Robin: bid 25K", "Fleur: pass",
              seed=4, pile=["Studentenkamer"])
    assert facts(m)["sale/buyer"] == "Frank" and facts(m)["bid/Frank"] == "120K"
    for s in (0, 2, 3):
        labels = sorted(c["label"] for c in view(G, m.state, s)["zones"]["bid:1"])
        assert labels == ["100K", "10K", "10K"]
    play(m, "Lisa: bid 25K", "Robin: pass")
    assert m.state.zones["bid:1"] == []


def test_sb_r8_sneaky_auction_continues_from_the_player_who_completed_the_sale():
    """SB-R8: after the sale the next turn goes on in seat order from the player whose move caused it, not from the buyer."""
    m = match(FOUR, "Lisa: bid 10K", "Frank: sneaky", "Robin: bid 25K", "Fleur: sneaky 10K")
    legal(m, "Lisa", "pass")  # Robin buys; Lisa's move completed the sale
    assert facts(m)["sale/buyer"] == "Robin"
    assert facts(m)["to act"] == "Frank"  # after Lisa, not Fleur (after Robin)
    reject(m, "Fleur", "wait", "SB-2.2", "it is Frank's turn, not Fleur's")


def test_sb_r8_lone_sneaky_bidder_wins_at_once_even_at_a_loss():
    """SB-R8: a lone sneaky bidder takes the payment at the sale, even if their bid was bigger."""
    m = match(THREE, "Lisa: sneaky 500K", "Frank: bid 10K")
    events = legal(m, "Fleur", "pass")
    assert rules_of(events)[:3] == ["SB-5.1", "SB-6.1", "SB-6.3"]
    f = facts(m)
    assert (f["sale/thief"], f["sale/thief bid"], f["sale/thief gain"]) == \
        ("Lisa", "500K", "-490K")
    assert f["money/Lisa"] == "1790K" and f["round"] == "2" and f["to act"] == "Frank"


def test_sb_r9_identical_money_cards_are_interchangeable():
    """SB-R9: moves name cards by label, in any order and case, and any copy of a label will do."""
    assert Bid(("25K", "100K")) == Bid(("100K", "25K"))
    m = match()
    move = G.parse_move(m.state, 0, "bid 100k + 25K+100K")
    assert move == Bid(("100K", "100K", "25K"))
    assert G.parse_move(m.state, 0, G.format_move(m.state, 0, move)) == move
    legal(m, "Lisa", move, offered=False)
    assert facts(m)["hand/Lisa"].count("100K") == 2
    moves = G.legal_moves(m.state, 1)
    assert len(moves) == len(set(moves))
    # Two matches that bid "100K" pick cards the same way: same state, same notation.
    assert match(THREE, "Lisa: bid 100K").state.dumps() == \
        match(THREE, "Lisa: bid 100K").state.dumps()


def test_sb_r10_house_names():
    """SB-R10: three houses have their rulebook names; the others are 'House <price>' and either name works."""
    labels = {c.value: c.label for c in G.deck({}) if c.kind == "house"}
    assert (labels[150], labels[350], labels[400]) == \
        ("Studentenkamer", "Opknappertje", "Huis aan zee")
    assert labels[50] == "House 50K" and labels[850] == "House 850K"
    assert sum(not label.startswith("House ") for label in labels.values()) == 3
    m = three_player_example()
    assert G.parse_move(m.state, 0, "bid House 350K") == G.parse_move(m.state, 0,
                                                                      "bid opknappertje")
    with pytest.raises(ValueError, match="no card called 'Villa'"):
        G.parse_move(m.state, 0, "bid Villa")


def test_sb_r12_the_book_lets_the_two_player_thief_take_back_the_bid_and_the_tutor_does():
    """SB-R12: SB-8.4 says the thief *may* take their sneaky bid back (the book's word);
    the tutor always does, as a ruling. SB-4.1: a sneaky bid is for every value card the
    buyer bids (houses too), not only money."""
    rules = G.rules
    assert "may take" in rules["SB-8.4"].text and "SB-R12" in rules["SB-8.4"].text
    assert rules["SB-R12"].is_ruling and "always" in rules["SB-R12"].text
    assert "every" in rules["SB-4.1"].text and "houses" in rules["SB-4.1"].text
    assert "the money the buyer will pay" not in rules["SB-4.1"].text


def test_sb_r11_rulings_are_not_passed_off_as_the_rulebook():
    """SB-R11: the direction of play is a ruling (the book names none). SB-2.1 leaves the
    unsold house to SB-R1, SB-3.2 states the 10K minimum as a rule of its own, and SB-R5
    and SB-R6 say where they depart from the rulebook's words."""
    rules = G.rules
    assert rules["SB-R11"].is_ruling and "seat order" in rules["SB-R11"].text
    assert "clockwise" not in rules["SB-2.2"].text and "SB-R11" in rules["SB-2.2"].text
    assert "SB-R1" in rules["SB-2.1"].text and "sells one house" not in rules["SB-2.1"].text
    assert "always at least 10K" in rules["SB-3.2"].text and "and so" not in rules["SB-3.2"].text
    assert "standing" not in rules["SB-3.2"].text and "SB-R5" in rules["SB-3.2"].text
    assert "narrows the rulebook" in rules["SB-R5"].text
    assert "departs from the rulebook" in rules["SB-R6"].text


# -- narration (issue 13): the clause of what happened, and words a learner reads right ----

def test_sb_3_2_an_outbid_is_told_under_the_clause_it_meets():
    """SB-3.2: a first bid that beats another player's is narrated as an outbid (SB-3.2), an opening bid as SB-3.1, a raise of a sneaky bid as SB-4.6."""
    m = match(FOUR, seed=4, pile=["Studentenkamer"])
    opening = play(m, "Lisa: bid 10K")
    assert rules_of(opening) == ["SB-3.1"]
    outbid = play(m, "Frank: bid 10K+10K")
    assert rules_of(outbid) == ["SB-3.2"]
    assert outbid[0].text == "Frank bids 20K (10K, 10K) on Studentenkamer (150K), beating Lisa's 10K"
    play(m, "Robin: sneaky", "Fleur: bid 25K", "Lisa: sneaky", "Frank: bid 100K")
    raised = play(m, "Robin: bid 25K")
    assert rules_of(raised) == ["SB-4.6"]
    assert "beating Lisa's 10K" in raised[0].text


def test_sb_6_3_a_thief_who_loses_on_the_steal_is_told_it_is_a_loss():
    """SB-6.3: when the sneaky bid was worth more than the payment, the narration says 'a loss', and a house paid is named."""
    m = match(THREE, "Lisa: sneaky 250K", "Frank: bid House 200K",
              houses={"Frank": ["House 200K"]})
    events = play(m, "Fleur: pass")
    steal = next(e for e in events if e.rule == "SB-6.3")
    assert "payment of 200K (House 200K)" in steal.text
    assert steal.text.endswith("the 250K of the sneaky bid (250K): a loss of 50K in all")
    assert "gaining" not in steal.text and "-50K" not in steal.text


def test_sb_6_3_an_empty_sneaky_bid_is_not_called_a_0k_bid():
    """SB-6.3: a thief whose sneaky bid held no cards discards only the Sneaky Bastard card."""
    m = match(THREE, "Lisa: sneaky", "Frank: bid 10K")
    steal = next(e for e in play(m, "Fleur: pass") if e.rule == "SB-6.3")
    assert "0K bid" not in steal.text
    assert "the sneaky bid held no value cards: a gain of 10K in all" in steal.text


def test_sb_6_3_a_house_discarded_with_a_sneaky_bid_is_named():
    """SB-6.3: the thief's discarded sneaky bid is told card by card, a house by its name."""
    m = match(THREE, "Lisa: sneaky House 200K+10K", "Frank: bid 25K",
              houses={"Lisa": ["House 200K"]})
    steal = next(e for e in play(m, "Fleur: pass") if e.rule == "SB-6.3")
    assert "discards the Sneaky Bastard card and the 210K of the sneaky bid " \
           "(House 200K, 10K): a loss of 185K in all" in steal.text
    assert "House 200K" in facts(m)["discard"]


def test_sb_2_1_the_first_house_for_sale_is_told_before_the_first_move():
    """SB-2.1: the setup puts the first house up for sale; the learner reads it before step 1,
    as the last of the setup's events (the one before says who starts)."""
    m = match(FOUR, seed=4, pile=["Studentenkamer"])
    *_, starts, event = G.opening_events(m.state)
    assert event.rule == "SB-2.1"
    assert event.text.startswith("Round 1: Studentenkamer (150K) is for sale; next up: ")
    assert "starts" not in event.text and starts.text.startswith("Lisa starts")


# -- the setup as step 0 ------------------------------------------------------------------

def opening_texts(state, viewer):
    return [e.for_viewer(viewer).text for e in G.opening_events(state)]


@pytest.mark.parametrize("players", [THREE, TWO])
def test_sb_1_a_new_game_is_told_as_the_setup_clauses_give_it(players):
    """SB-1.1 to SB-1.4 (SB-8.1, SB-8.2 with two): step 0 tells what the game is played
    with, what each player gets, the pile and who starts, with the numbers of the state."""
    state = G.new_state(players, seed=7)
    n, deck = len(players), G.deck({})
    events = G.opening_events(state)
    assert [e.rule for e in events] == (
        ["SB-1.1", "SB-8.1", "SB-8.2"] if n == 2 else ["SB-1.1", "SB-1.2", "SB-1.3"]) + \
        ["SB-1.4", "SB-1.4", "SB-2.1"]
    played_with, money, sneaky, pile, starts, for_sale = (e.text for e in events)
    hand = [deck[c] for c in state.zones["hand:0"]]
    money_cards = [c for c in hand if c.kind == "money"]
    sneaky_cards = sum(c.kind == "sneaky" for c in hand)
    assert f"{len(money_cards) * n} money cards ({len(money_cards)} for each player)" \
        in played_with and f"{sneaky_cards * n} Sneaky Bastard cards" in played_with
    assert all(name in money for name in players)
    assert f"each get {len(money_cards)} money cards, {G.facts(state)['money/Lisa']} in all" \
        in money
    assert f"takes the {sneaky_cards} Sneaky Bastard cards" in sneaky
    box = Counter(deck[c].kind for c in state.zones["box"])
    assert f"other {box['sneaky']} Sneaky Bastard cards and {box['money']} money cards " \
        "stay in the box" in sneaky
    assert f"other {len(state.zones['pile'])} houses are shuffled" in pile
    first = players[state.data["first"]]
    assert starts.startswith(f"{first} starts, drawn by lot")
    assert deck[state.zones["offer"][0]].name in for_sale
    for seat in range(n):
        for text in opening_texts(state, seat):
            assert not names_unseen_card(G, [state], seat, text), text


def test_sb_3_1_a_mid_game_position_tells_each_players_money_to_that_player_only():
    """SB-3.1: a position's step 0 gives each player's value cards (money and houses); the
    money cards are named to their holder, the others read how many and their total."""
    state = three_player_example().state
    events = G.opening_events(state)
    assert [e.rule for e in events] == ["SB-1.1", "SB-3.1", "SB-3.1", "SB-3.1", "SB-2.1",
                                        "SB-2.2", "SB-2.1"]
    lisa = events[1]
    assert lisa.text == ("Lisa's value cards: 245K in money (100K, 100K, 25K, 10K, 10K); "
                         "house: Opknappertje (350K). Lisa holds 2 Sneaky Bastard cards")
    assert lisa.for_viewer(0).text == lisa.text
    for other in (1, 2):
        assert lisa.for_viewer(other).text == ("Lisa's value cards: 245K in money (5 cards); "
                                               "house: Opknappertje (350K). Lisa holds 2 "
                                               "Sneaky Bastard cards")
    assert "4 houses were bought; 12 houses lie face down" in events[4].text
    assert events[5].text.startswith("The example joins the game in round 5, which Lisa "
                                     "starts")
    for seat in range(3):
        for text in opening_texts(state, seat):
            assert not names_unseen_card(G, [state], seat, text), text


# -- counting the moves (what a hint's "N options" says) ---------------------------------

def test_the_engine_counts_every_different_bid_not_the_few_it_lists():
    """Bids are listed a cheapest few, but counted in full: each different choice of
    the seat's value cards once. Lisa opens with 16 money cards of five values (2 of
    500K, 3 of 250K, 4 of 100K, 4 of 25K, 3 of 10K): 3*4*5*5*4 = 1200 choices, all
    but the empty one a bid (SB-3.2); a Sneaky Bastard card may go down with none. Once
    Lisa bids 100K, Frank's choices must total more (SB-3.2)."""
    m = match()
    assert len([mv for mv in G.legal_moves(m.state, 0) if type(mv) is Bid]) < 1199
    assert G.count_moves(m.state, 0, Bid) == 1199
    assert G.count_moves(m.state, 0, PlaySneaky) == 1200
    assert G.count_moves(m.state, 0, Pass) == 1
    play(m, "Lisa: bid 100K")
    values = {"500K": 500, "250K": 250, "100K": 100, "25K": 25, "10K": 10}
    held = Counter(facts(m)["hand/Frank"])
    held = {label: n for label, n in held.items() if label in values}
    beating = sum(1 for counts in product(*(range(n + 1) for n in held.values()))
                  if sum(values[label] * k for label, k in zip(held, counts)) > 100)
    assert 0 < beating < 1199 and G.count_moves(m.state, 1, Bid) == beating
    assert G.count_moves(m.state, 0, Bid) == 0   # not Lisa's turn: she has no bid
