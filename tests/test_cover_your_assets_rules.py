"""One test (or a small group) per clause of Cover Your Assets' rules.yaml.

Every clause id CYA-1.1 ... CYA-8.5 and every ruling CYA-R1 ... CYA-R20 has a test below
whose docstring starts with that id; a test near the end checks that none is forgotten.
Clauses that forbid something get a legal case and an illegal case; an illegal case
asserts the rule id that ``check`` and ``apply`` cite, that the reason names the
concrete cards, and that a rejected ``apply`` leaves the state untouched. The move
notation is tested at the end.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from tutor import get_game
from tutor.core.game import NotationError, SetupError
from tutor.core.invariants import card_conservation
from tutor.core.match import Match
from tutor.core.views import view
from tutor.games.cover_your_assets import (Answer, Challenge, Discard, FormSet, GiveUp,
                                           Pass)
from tutor.games.cover_your_assets.deck import CARDS_FILE, EDITIONS, money
from tutor.games.cover_your_assets.moves import format_move, parse

from rule_checks import facts, legal, play, reject, rules_of, seat, texts

G = get_game("cover_your_assets")
FOUR = ("Ada", "Ben", "Cleo", "Dev")
CURRENT, ORIGINAL = EDITIONS["current"], EDITIONS["original"]


# -- helpers ---------------------------------------------------------------------------

def match(*steps, players=FOUR, seed=1, options=None, **setup) -> Match:
    """A match from ``setup`` (Ada moves first unless told), then ``steps`` like
    'Ada: set Jewels+Jewels'."""
    setup.setdefault("first", players[0])
    m = Match(G, players, seed, dict(options or {}), setup)
    play(m, *steps)
    return m


def labels(state, zone) -> list[str]:
    return [CURRENT.label[c] for c in state.zones[zone]]


def battle_position(**setup) -> Match:
    """Ada to move with a set of her own; Ben's stack: Cabin+Silver at the bottom and
    Piano+Piano on top (exposed)."""
    setup.setdefault("stacks", {"Ada": ["Jewels+Jewels"],
                                "Ben": ["Cabin+Silver", "Piano+Piano"]})
    setup.setdefault("hands", {"Ada": ["Piano", "Piano", "Gold", "Jewels", "Scooter"],
                               "Ben": ["Piano", "Silver", "Toy Train", "Jewels", "Cabin"]})
    return match(**setup)


def end_of_round(options=None, **setup) -> Match:
    """Draw pile empty; Ada holds the last card (a Piano), everyone else is out.
    Stacks: Ada $24,000, Ben $40,000, Cleo $20,000, Dev nothing."""
    setup.setdefault("stacks", {"Ada": ["Jewels+Jewels"], "Ben": ["Sport Plane+Sport Plane"],
                                "Cleo": ["Scooter+Scooter"]})
    setup.setdefault("hands", {"Ada": ["Piano"], "Ben": [], "Cleo": [], "Dev": []})
    return match(options=options, draw_size=0, **setup)


# -- Setting up --------------------------------------------------------------------------

def test_cya_1_1_classic_cards_advanced_cards_in_the_box_and_player_counts():
    """CYA-1.1: 110 cards, the six advanced ones stay hidden in the box; 2-6 players (4-6 and CYA-R1)."""
    deck = list(G.deck({}))
    assert len(deck) == 110
    state = G.new_state(FOUR, seed=1)
    box = Counter(CURRENT.label[c] for c in state.zones["box"])
    assert box == {"Swap": 2, "Move": 2, "Penny Jar": 2}
    assert all(card == {"hidden": True} for card in view(G, state, 0)["zones"]["box"])
    in_play = [c for name, cards in state.zones.items() if name != "box" for c in cards]
    assert len(in_play) == 104 and card_conservation(G, state) == []
    for n in (1, 7):
        with pytest.raises(SetupError, match=f"2 to 6 players, not {n}"):
            G.new_state([f"P{i}" for i in range(n)], seed=1)
    with pytest.raises(NotationError, match="Swap is an advanced card"):
        G.parse_move(state, 0, "discard Swap")
    with pytest.raises(SetupError, match=r"setup.hands.Ada: Penny Jar is an advanced card"):
        G.new_state(FOUR, seed=1, setup={"hands": {"Ada": ["Penny Jar"]}})
    # The book calls four to six optimal, not the only counts.
    assert "best with four to six" in G.rules["CYA-1.1"].text


def test_cya_1_2_assets_and_wilds_with_values():
    """CYA-1.2: assets of one name are identical; Silver and Gold are the two kinds of wild, of high value (CYA-R3)."""
    assert CURRENT.wilds == ("Silver", "Gold")
    assert set(CURRENT.assets) == {"Comic Books", "Piano", "Toy Train", "Jewels",
                                   "Cash under the Mattress", "Piggy Bank", "Scooter",
                                   "Sport Plane", "Classic Auto", "Cabin"}
    for name in CURRENT.assets:
        assert len({c.value for c in G.deck({}) if c.label == name}) == 1
    assert min(CURRENT.value_of[w] for w in CURRENT.wilds) > \
        max(CURRENT.value_of[a] for a in CURRENT.assets)
    # The book calls them high in value; how high is a ruling, not its text.
    assert "worth more than any asset" not in G.rules["CYA-1.2"].text
    assert "CYA-R3" in G.rules["CYA-1.2"].text and G.rules["CYA-R3"].is_ruling
    # A card of the other edition does not exist in this game.
    m = match(hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Gold"]})
    reject(m, "Ada", "set Home+Gold", "CYA-1.2", "the current edition has no Home cards")
    legal(m, "Ada", "set Jewels+Jewels")


@pytest.mark.parametrize("n", [4, 5, 6])
def test_cya_1_3_five_secret_cards_each_and_a_face_down_draw_pile(n):
    """CYA-1.3: everyone holds five cards only they can see; the rest is the hidden draw pile."""
    names = [f"P{i}" for i in range(n)]
    state = G.new_state(names, seed=n)
    for s in range(n):
        assert len(state.zones[f"hand:{s}"]) == 5
    assert len(state.zones["draw"]) == 104 - 5 * n - 1
    seen = view(G, state, 0)["zones"]
    assert all("label" in card for card in seen["hand:0"])
    assert all(card == {"hidden": True} for card in seen["hand:1"] + seen["draw"])


def test_cya_1_4_the_first_discard_is_turned_up():
    """CYA-1.4: the discard pile starts with one card that every player sees."""
    state = G.new_state(FOUR, seed=3)
    assert len(state.zones["discard"]) == 1
    top = CURRENT.label[state.zones["discard"][0]]
    for s in range(4):
        assert view(G, state, s)["zones"]["discard"][0]["label"] == top
    assert G.facts(state)["discard"] == top


def test_cya_1_5_left_of_the_dealer_starts_and_turns_go_left():
    """CYA-1.5: the player after the dealer in seat order starts; the turn then passes on to the left."""
    for seed in range(8):
        state = G.new_state(FOUR, seed=seed)
        assert state.data["turn"] == (state.data["dealer"] + 1) % 4
    assert facts(Match(G, FOUR, 1, {}, {"dealer": "Dev"}))["turn"] == "Ada"
    m = Match(G, FOUR, 1, {}, {"dealer": "Cleo"})
    assert facts(m)["turn"] == "Dev"
    m.play(3, G.legal_moves(m.state, 3)[-1])   # the last move offered is a discard
    assert facts(m)["turn"] == "Ada"


# -- A turn --------------------------------------------------------------------------------

def test_cya_2_1_exactly_one_action_per_turn():
    """CYA-2.1: a turn is one of form a set, discard or challenge; then it is over."""
    m = battle_position()
    kinds = {type(move) for move in G.legal_moves(m.state, 0)}
    assert kinds == {FormSet, Discard, Challenge}
    reason = reject(m, "Ada", "answer Piano", "CYA-2.1", "no battle for Ada to answer in",
                    "on this turn Ada forms a set, discards or challenges")
    assert "your" not in reason
    legal(m, "Ada", "set Piano+Piano")
    assert facts(m)["to act"] == "Ben"
    reject(m, "Ada", "discard Scooter", "CYA-2.1", "Ada already took the one action of Ada's turn",
           "now it is Ben's turn")
    reject(m, "Cleo", "discard Scooter", "CYA-2.3", "it is Ben's turn, not Cleo's")


def test_cya_2_2_no_passing_discard_instead():
    """CYA-2.2: passing (or giving up outside a battle) is refused; a player with nothing else must discard."""
    m = match(hands={"Ada": ["Jewels", "Piano", "Cabin", "Scooter", "Toy Train"]},
              discard=["Comic Books"])
    reject(m, "Ada", Pass(), "CYA-2.2", "passing is not allowed",
           "hand: Cabin, Jewels, Piano, Scooter, Toy Train")
    reject(m, "Ada", "give up", "CYA-2.2", "no battle to give up")
    moves = G.legal_moves(m.state, 0)
    assert moves and all(isinstance(move, Discard) for move in moves)
    legal(m, "Ada", "discard Toy Train")
    assert facts(m)["discard"] == "Toy Train"


def test_cya_2_3_only_the_turn_player_or_the_player_to_answer_acts():
    """CYA-2.3: out of turn is refused, naming who is to act; in a battle the defender and challenger take turns."""
    m = battle_position()
    reject(m, "Ben", "discard Cabin", "CYA-2.3", "it is Ada's turn, not Ben's")
    legal(m, "Ada", "challenge Ben with Piano")
    assert G.to_act(m.state) == (1,) and facts(m)["turn"] == "Ada"
    reject(m, "Ada", "answer Piano", "CYA-2.3",
           "it is Ben's turn to answer Ada's challenge, not Ada's")
    reject(m, "Cleo", "give up", "CYA-2.3", "not Cleo's")
    legal(m, "Ben", "answer Piano")
    reject(m, "Ben", "answer Silver", "CYA-2.3",
           "it is Ada's turn to answer Ben's defence, not Ben's")
    assert [G.legal_moves(m.state, s) == [] for s in range(4)] == [False, True, True, True]
    assert G.check(m.state, 9, GiveUp()).rule == "CYA-2.3"


# -- Forming a set ------------------------------------------------------------------------

def test_cya_3_1_two_identical_assets_from_the_hand():
    """CYA-3.1: two identical assets make a set; one card, three cards, two different assets or missing cards do not."""
    m = match(hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Scooter"]},
              discard=["Comic Books"])
    reject(m, "Ada", "set Jewels", "CYA-3.1", "exactly two cards, not 1")
    reject(m, "Ada", "set Jewels+Jewels+Jewels", "CYA-3.1", "not 3")
    reject(m, "Ada", "set Jewels+Piano", "CYA-3.1", "two identical assets",
           "Jewels and Piano differ")
    reject(m, "Ada", "set Cabin+Cabin", "CYA-3.1", "Ada has only 1 Cabin in hand",
           "hand: Cabin, Jewels, Jewels, Piano, Scooter")
    reject(m, "Ada", "set Toy Train+Toy Train", "CYA-3.1", "Ada has no Toy Train in hand")
    events = legal(m, "Ada", "set Jewels+Jewels")
    assert rules_of(events)[:2] == ["CYA-3.1", "CYA-3.5"]
    assert events[0].text == "Ada forms a set of Jewels from two Jewels in hand, worth $24,000"
    assert facts(m)["top set/Ada"] == "Jewels+Jewels"


def test_cya_3_2_an_asset_with_the_identical_top_of_the_discard_pile():
    """CYA-3.2: one asset from hand pairs with the identical top discard, which leaves the pile."""
    m = match(hands={"Ada": ["Jewels", "Piano", "Cabin", "Scooter", "Toy Train"]},
              discard=["Piano", "Jewels"])
    reject(m, "Ada", "set Jewels+discard", "CYA-3.2",
           "the top card of the discard pile is Piano, not Jewels")
    reject(m, "Ada", "set Comic Books+discard", "CYA-3.2", "Ada has no Comic Books in hand")
    events = legal(m, "Ada", "set Piano+discard")
    assert rules_of(events)[0] == "CYA-3.2"
    assert "the Piano from hand and the Piano on top of the discard pile, worth $24,000" in \
        events[0].text and "the discard pile now shows Jewels" in events[0].text
    assert facts(m)["discard"] == "Jewels" and facts(m)["top set/Ada"] == "Piano+Piano"
    # An empty discard pile offers nothing to pair with.
    m = match(hands={"Ada": ["Jewels", "Piano", "Cabin", "Scooter", "Toy Train"]}, discard=[])
    reject(m, "Ada", "set Piano+discard", "CYA-3.2", "the discard pile is empty")


def test_cya_3_3_one_wild_may_stand_in_never_two():
    """CYA-3.3: an asset with a wild from hand, or a wild with the asset on the pile; two wilds never."""
    m = match(hands={"Ada": ["Jewels", "Gold", "Silver", "Cabin", "Scooter"]},
              discard=["Piano"])
    reject(m, "Ada", "set Gold+Silver", "CYA-3.3",
           "two wilds never make a set: Gold and Silver")
    legal(m, "Ada", "set Jewels+Gold")
    assert facts(m)["top set/Ada"] == "Jewels+Gold"
    m = match(hands={"Ada": ["Jewels", "Gold", "Silver", "Cabin", "Scooter"]},
              discard=["Piano"])
    events = legal(m, "Ada", "set Silver+discard")
    assert events[0].rule == "CYA-3.3" and "the Silver from hand and the Piano" in events[0].text
    assert facts(m)["top set value/Ada"] == "$37,000"
    m = match(hands={"Ada": ["Jewels", "Gold", "Silver", "Cabin", "Scooter"]},
              discard=["Silver"])
    reject(m, "Ada", "set Gold+discard", "CYA-3.3",
           "the Gold from the hand and the Silver on top of the discard pile")


def test_cya_3_4_the_wild_lies_under_the_asset():
    """CYA-3.4: in the stack the wild comes before (under) the asset, however the move names them."""
    m = match(hands={"Ada": ["Jewels", "Gold", "Piano", "Cabin", "Scooter"]})
    events = legal(m, "Ada", "set Gold+Jewels")
    assert "The Gold lies under the Jewels" in texts(events) and "CYA-3.4" in rules_of(events)
    assert labels(m.state, "stack:0") == ["Gold", "Jewels"]
    shown = [card["label"] for card in view(G, m.state, 2)["zones"]["stack:0"]]
    assert shown == ["Gold", "Jewels"]


def test_cya_3_5_new_sets_go_on_top_crosswise_and_never_merge():
    """CYA-3.5: each set lies on the one before (its index gives the orientation); sets of one asset stay apart."""
    m = match(stacks={"Ada": ["Jewels+Jewels"]},
              hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Scooter"]})
    events = legal(m, "Ada", "set Jewels+Jewels")
    assert "crosswise to the Jewels set below: 2 sets worth $48,000" in texts(events)
    assert m.state.data["sets:0"] == [2, 2]
    assert facts(m)["stack/Ada"] == ["Jewels+Jewels", "Jewels+Jewels"]
    assert facts(m)["sets/Ada"] == "2"
    # Nothing merges a set with the one below: a three-card "set" is not a move either.
    m = match(stacks={"Ada": ["Jewels+Jewels"]},
              hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Scooter"]})
    reject(m, "Ada", "set Jewels+Jewels+Jewels", "CYA-3.1", "exactly two cards")


# -- Discarding ------------------------------------------------------------------------------

def test_cya_4_1_discard_any_one_card_face_up():
    """CYA-4.1: any card from hand, even a wild, goes face up on the pile; a card not held is refused."""
    m = match(hands={"Ada": ["Jewels", "Gold", "Piano", "Cabin", "Scooter"]})
    reject(m, "Ada", "discard Silver", "CYA-4.1", "Ada has no Silver in hand",
           "hand: Cabin, Jewels, Piano, Scooter, Gold")
    events = legal(m, "Ada", "discard Gold")
    assert events[0].text == "Ada discards Gold face up"
    for s in range(4):
        assert view(G, m.state, s)["zones"]["discard"][-1]["label"] == "Gold"


# -- Challenging -------------------------------------------------------------------------------

def test_cya_5_1_challenge_the_top_set_with_its_asset_or_a_wild():
    """CYA-5.1: a matching asset or a wild challenges another player's top set; wrong cards, own stack and strangers are refused."""
    m = battle_position()
    reject(m, "Ada", "challenge Ben with Jewels", "CYA-5.1",
           "Ben's top set is a Piano set: challenge it with Piano or a wild, not Jewels")
    reject(m, "Ada", "challenge Ben with Silver", "CYA-5.1", "Ada has no Silver in hand")
    reject(m, "Ada", "challenge Ada with Piano", "CYA-5.1", "cannot challenge Ada's own stack")
    reject(m, "Ada", "challenge Zed with Piano", "CYA-5.1", "no player called 'Zed'",
           "players: Ada, Ben, Cleo, Dev")
    reject(m, "Ada", "challenge Cleo with Piano", "CYA-5.1", "Cleo has no set to challenge")
    offered = {G.format_move(m.state, 0, mv) for mv in G.legal_moves(m.state, 0)
               if isinstance(mv, Challenge)}
    assert offered == {"challenge Ben with Piano", "challenge Ben with Gold"}
    events = legal(m, "Ada", "challenge ben with Gold")   # names are read in any case
    assert events[0].rule == "CYA-5.1"
    assert "Ada challenges Ben's top set, a Piano set of 2 cards worth $24,000, with Gold" in \
        events[0].text
    f = facts(m)
    assert (f["challenger"], f["defender"], f["battle cards"]) == ("Ada", "Ben", ["Gold"])
    assert view(G, m.state, 3)["zones"]["battle"][0]["label"] == "Gold"


def test_cya_5_2_the_bottom_set_is_safe():
    """CYA-5.2: a stack of one set cannot be challenged; losing the top set leaves the bottom one safe again."""
    m = battle_position(stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Cabin+Silver"]})
    reason = reject(m, "Ada", "challenge Ben with Piano", "CYA-5.2")
    assert reason == ("Ben's only set, a Cabin set worth $40,000, is the bottom of the stack "
                      "and safe")
    reject(m, "Ada", "challenge Ben with Gold", "CYA-5.2", "safe")
    assert not any(isinstance(mv, Challenge) for mv in G.legal_moves(m.state, 0))
    m = battle_position()
    play(m, "Ada: challenge Ben with Piano", "Ben: give up")
    assert facts(m)["stack/Ben"] == ["Cabin+Silver"]
    play(m, "Ben: discard Toy Train", "Cleo: discard " +
         facts(m)["hand/Cleo"][0], "Dev: discard " + facts(m)["hand/Dev"][0])
    reject(m, "Ada", "challenge Ben with Gold", "CYA-5.2", "Ben's only set, a Cabin set")


def test_cya_5_3_only_a_player_with_a_set_may_challenge():
    """CYA-5.3: without a set of your own a challenge is refused; after forming one it is allowed."""
    m = battle_position(stacks={"Ben": ["Cabin+Silver", "Piano+Piano"]},
                        hands={"Ada": ["Piano", "Scooter", "Gold", "Jewels", "Jewels"],
                               "Ben": ["Piano", "Silver", "Toy Train", "Jewels", "Cabin"]})
    reject(m, "Ada", "challenge Ben with Piano", "CYA-5.3", "Ada has not formed a set yet")
    assert not any(isinstance(mv, Challenge) for mv in G.legal_moves(m.state, 0))
    legal(m, "Ada", "set Jewels+Jewels")
    for name in ("Ben", "Cleo", "Dev"):
        play(m, f"{name}: discard {facts(m)[f'hand/{name}'][-1]}")
    legal(m, "Ada", "challenge Ben with Piano")


def test_cya_5_4_the_battle_goes_back_and_forth():
    """CYA-5.4: defender and challenger answer by turns with the asset or a wild, or give up; other cards are refused."""
    m = battle_position()
    legal(m, "Ada", "challenge Ben with Piano")
    assert set(G.legal_moves(m.state, 1)) == {Answer("Piano"), Answer("Silver"), GiveUp()}
    reject(m, "Ben", "answer Jewels", "CYA-5.4",
           "Ben's top set is a Piano set: answer with Piano or a wild, not Jewels")
    reject(m, "Ben", "answer Gold", "CYA-5.4", "Ben has no Gold in hand")
    reject(m, "Ben", "discard Cabin", "CYA-5.4",
           "Ben is defending the Piano set against Ada: answer with Piano or a wild, or "
           "give up")
    events = legal(m, "Ben", "answer Piano")
    assert events[0].text == ("Ben answers with Piano (2 cards in the battle); Ada may answer "
                              "with Piano or a wild, or give up")
    reject(m, "Ada", "set Jewels+Gold", "CYA-5.4", "Ada is challenging Ben's Piano set")
    legal(m, "Ada", "answer Piano")
    assert facts(m)["to act"] == "Ben"
    legal(m, "Ben", "answer Silver")
    assert facts(m)["battle cards"] == ["Piano", "Piano", "Piano", "Silver"]
    assert facts(m)["to act"] == "Ada"


def test_cya_5_5_assets_and_wilds_are_equally_strong():
    """CYA-5.5: a $50,000 Gold is answered by a $12,000 Piano; only giving up decides."""
    m = battle_position(hands={"Ada": ["Piano", "Piano", "Scooter", "Jewels", "Cabin"],
                               "Ben": ["Gold", "Toy Train", "Toy Train", "Jewels", "Cabin"]})
    legal(m, "Ada", "challenge Ben with Piano")
    events = legal(m, "Ben", "answer Gold")
    assert "CYA-5.5" in rules_of(events)
    assert "The Gold counts as one answer, just like a Piano" in texts(events)
    legal(m, "Ada", "answer Piano")
    legal(m, "Ben", "give up")
    assert facts(m)["last battle/winner"] == "Ada"
    assert facts(m)["top set/Ada"] == "Piano+Piano+Piano+Piano+Gold"


def test_cya_5_6_the_challenger_wins_and_takes_the_set_with_the_battle_cards():
    """CYA-5.6: when the defender gives up the set and every battle card go on top of the challenger's stack."""
    m = battle_position()
    play(m, "Ada: challenge Ben with Piano", "Ben: answer Piano", "Ada: answer Gold")
    events = legal(m, "Ben", "give up")
    assert events[0].rule == "CYA-5.6"
    assert events[0].text == ("Ben gives up: Ada wins the battle and takes the Piano set with "
                              "the 3 cards played in the battle, 5 cards worth $98,000, onto "
                              "the top of Ada's stack")
    f = facts(m)
    assert f["stack/Ada"] == ["Jewels+Jewels", "Piano+Piano+Piano+Piano+Gold"]
    assert f["stack/Ben"] == ["Cabin+Silver"]
    assert (f["battle cards"], f["challenger"], f["defender"]) == ([], "none", "none")
    assert (f["last battle/winner"], f["last battle/loser"]) == ("Ada", "Ben")
    assert f["stack value/Ada"] == "$122,000"


def test_cya_5_7_the_defender_wins_and_the_set_grows():
    """CYA-5.7: when the challenger gives up the defender keeps the set, enlarged by every battle card."""
    m = battle_position()
    play(m, "Ada: challenge Ben with Piano", "Ben: answer Piano", "Ada: answer Piano",
         "Ben: answer Silver")
    events = legal(m, "Ada", "give up")
    assert events[0].rule == "CYA-5.7"
    assert events[0].text == ("Ada gives up: Ben keeps the Piano set and adds the 4 cards "
                              "played in the battle: 6 cards worth $85,000")
    f = facts(m)
    assert f["top set/Ben"] == "Piano+Piano+Piano+Piano+Piano+Silver"
    assert f["stack/Ada"] == ["Jewels+Jewels"]
    assert f["last battle/winner"] == "Ben"


# -- Drawing --------------------------------------------------------------------------------

def test_cya_6_1_after_the_turn_draw_back_up_to_five():
    """CYA-6.1: the turn player refills to five after a set, a discard or a whole battle."""
    m = battle_position()
    events = legal(m, "Ada", "set Piano+Piano")
    assert facts(m)["hand size/Ada"] == "5"
    assert "Ada draws 2 cards and holds 5" in texts(events)
    m = battle_position()
    play(m, "Ada: challenge Ben with Piano", "Ben: answer Piano")
    assert facts(m)["hand size/Ada"] == "4"    # no drawing in the middle of a battle
    play(m, "Ada: answer Piano", "Ben: give up")
    assert facts(m)["hand size/Ada"] == "5"


def test_cya_6_2_a_defender_who_played_cards_draws_too():
    """CYA-6.2: after the turn player, a defender who answered with cards also refills to five."""
    m = battle_position()
    play(m, "Ada: challenge Ben with Piano", "Ben: answer Piano", "Ada: answer Piano",
         "Ben: answer Silver")
    events = legal(m, "Ada", "give up")
    assert rules_of(events) == ["CYA-5.7", "CYA-6.1", "CYA-6.2", "CYA-6.3"]
    assert "Ben, who defended, draws 2 cards and holds 5" in events[2].text
    assert facts(m)["hand size/Ben"] == "5" and facts(m)["hand size/Ada"] == "5"


def test_cya_6_3_the_next_turn_is_to_the_left_of_the_turn_player():
    """CYA-6.3: after a battle the turn passes from the challenger, not the defender; seat order wraps round."""
    m = battle_position(first="Dev")
    events = legal(m, "Dev", f"discard {facts(m)['hand/Dev'][0]}")
    assert facts(m)["turn"] == "Ada"
    assert events[-1][:2] == ("CYA-6.3", "Dev's turn is over: Ada, on Dev's left, plays next")
    play(m, "Ada: challenge Ben with Piano")
    events = legal(m, "Ben", "give up")
    assert facts(m)["turn"] == "Ben"
    assert events[-1].text == "Ada's turn is over: Ben, on Ada's left, plays next"
    m = battle_position(stacks={"Ada": ["Jewels+Jewels"], "Cleo": ["Cabin+Silver", "Piano+Piano"]},
                        hands={"Ada": ["Piano", "Piano", "Gold", "Jewels", "Scooter"]})
    play(m, "Ada: challenge Cleo with Piano", "Cleo: give up")
    assert facts(m)["turn"] == "Ben"


# -- End of a round -----------------------------------------------------------------------

def test_cya_7_1_without_a_draw_pile_play_goes_on_until_the_hands_are_empty():
    """CYA-7.1: nobody draws from an empty pile; the round ends only when every hand is played out."""
    m = end_of_round(hands={"Ada": ["Piano", "Piano", "Cabin"], "Ben": ["Scooter"],
                            "Cleo": [], "Dev": []})
    events = legal(m, "Ada", "set Piano+Piano")
    assert not any(e.rule == "CYA-6.1" for e in events)
    assert facts(m)["hand size/Ada"] == "1" and facts(m)["round"] == "1"
    legal(m, "Ben", "discard Scooter")
    assert G.to_act(m.state) == (0,)
    events = legal(m, "Ada", "discard Cabin")
    assert "Every hand is played out: round 1 is over" in texts(events)
    assert G.to_act(m.state) == ()
    # The pile running dry during a draw is announced once.
    m = match(draw_size=1, hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Scooter"]})
    events = legal(m, "Ada", "set Jewels+Jewels")
    assert rules_of(events)[-2:] == ["CYA-7.1", "CYA-6.3"] and facts(m)["draw pile"] == "0"
    assert facts(m)["hand size/Ada"] == "4"


def test_cya_7_2_the_score_is_the_value_of_every_card_in_the_stack():
    """CYA-7.2: all sets count, wilds included; cards once held count for nothing."""
    m = end_of_round(stacks={"Ada": ["Jewels+Jewels", "Piano+Gold"],
                             "Ben": ["Sport Plane+Sport Plane+Silver+Silver"],
                             "Cleo": ["Scooter+Scooter"]})
    events = legal(m, "Ada", "discard Piano")
    assert ("Round 1 scores: Ada $86,000 (2 sets), Ben $90,000 (1 set), Cleo $20,000 "
            "(1 set), Dev $0 (0 sets)") in texts(events)
    f = facts(m)
    assert [f[f"round score/{n}"] for n in FOUR] == ["$86,000", "$90,000", "$20,000", "$0"]
    assert G.outcome(m.state).scores == (86000, 90000, 20000, 0)


def test_cya_7_2_no_round_score_before_a_round_is_scored():
    """CYA-7.2: a round has a score only once it is finished; before that, and in a later
    round set up from totals alone, the checkpoint reads 'none' (not a score of $0)."""
    assert facts(match())["round score/Ada"] == "none"
    later = match(options={"mode": "three_rounds"}, round=2,
                  totals={"Ada": 90000, "Ben": 40000, "Cleo": 0, "Dev": 0})
    assert facts(later)["round score/Ben"] == "none" and facts(later)["total/Ben"] == "$40,000"


# -- Length of the game ---------------------------------------------------------------------

def test_cya_8_1_the_length_is_an_option_and_nobody_moves_after_the_end():
    """CYA-8.1: mode picks the length (unknown ones are refused); after the end every move is refused."""
    with pytest.raises(SetupError, match="options.mode: 'forever' is not a game length; "
                                         "the modes are quick, two_wins, three_rounds, classic"):
        G.new_state(FOUR, options={"mode": "forever"})
    with pytest.raises(SetupError, match="unknown option"):
        G.new_state(FOUR, options={"speed": "fast"})
    m = end_of_round()
    legal(m, "Ada", "discard Piano")
    for name in FOUR:
        reject(m, name, "discard Piano", "CYA-8.1", "the game is over")
        assert G.legal_moves(m.state, seat(m, name)) == []


def test_cya_8_2_quick_game_one_round_highest_score_wins():
    """CYA-8.2: the quick game ends after one round; the highest stack wins."""
    m = end_of_round(options={"mode": "quick"})
    events = legal(m, "Ada", "discard Piano")
    assert events[-1].rule == "CYA-8.2"
    assert events[-1].text == "Ben wins the quick game with $40,000"
    assert facts(m)["winners"] == ["Ben"]


def test_cya_8_3_first_to_win_two_rounds():
    """CYA-8.3: only the round winner is noted; a first round win goes on, a second one ends the game."""
    m = end_of_round(options={"mode": "two_wins"})
    events = legal(m, "Ada", "discard Piano")
    assert "Ben wins round 1; rounds won: Ada 0, Ben 1, Cleo 0, Dev 0" in texts(events)
    assert facts(m)["round"] == "2" and facts(m)["winners"] == []
    m = end_of_round(options={"mode": "two_wins"}, round=3, rounds_won={"Ada": 1, "Ben": 1})
    events = legal(m, "Ada", "discard Piano")
    assert facts(m)["winners"] == ["Ben"] and facts(m)["rounds won/Ben"] == "2"
    assert events[-1].rule == "CYA-8.3"
    assert events[-1].text == "Ben is the first to win 2 rounds and wins"
    assert G.outcome(m.state).scores == (1, 2, 0, 0)


def test_cya_8_4_highest_total_after_three_rounds():
    """CYA-8.4: scores add up; rounds 1 and 2 go on, round 3 ends the game."""
    m = end_of_round(options={"mode": "three_rounds"}, round=2,
                     totals={"Ada": 100000, "Ben": 50000})
    events = legal(m, "Ada", "discard Piano")
    assert "Totals after round 2: Ada $124,000, Ben $90,000, Cleo $20,000, Dev $0" in \
        texts(events)
    assert facts(m)["round"] == "3" and not G.outcome(m.state)
    m = end_of_round(options={"mode": "three_rounds"}, round=3,
                     totals={"Ada": 100000, "Ben": 50000})
    events = legal(m, "Ada", "discard Piano")
    assert events[-1].rule == "CYA-8.4"
    assert events[-1].text == "Ada wins after three rounds with $124,000"


def test_cya_8_5_classic_game_until_someone_passes_a_million():
    """CYA-8.5: rounds go on while every total is below $1,000,000; then the highest total wins."""
    m = end_of_round(options={"mode": "classic"}, round=5,
                     totals={"Ada": 900000, "Ben": 950000, "Cleo": 970000})
    legal(m, "Ada", "discard Piano")
    assert facts(m)["total/Ben"] == "$990,000" and facts(m)["total/Cleo"] == "$990,000"
    assert facts(m)["round"] == "6" and not G.outcome(m.state)
    # Ben and Cleo both pass the million; the higher total wins.
    m = end_of_round(options={"mode": "classic"}, round=5,
                     totals={"Ada": 900000, "Ben": 970000, "Cleo": 990000})
    events = legal(m, "Ada", "discard Piano")
    assert facts(m)["total/Cleo"] == "$1,010,000" and facts(m)["total/Ben"] == "$1,010,000"
    assert events[-1].rule == "CYA-R11"   # a tie: shared, see CYA-R11
    m = end_of_round(options={"mode": "classic"}, round=5,
                     totals={"Ada": 900000, "Ben": 970000, "Cleo": 985000})
    events = legal(m, "Ada", "discard Piano")
    assert facts(m)["total/Cleo"] == "$1,005,000"
    assert events[-1].rule == "CYA-8.5"
    assert events[-1].text == "Ben wins the classic game with $1,010,000"
    assert facts(m)["winners"] == ["Ben"]


def test_cya_r20_a_new_round_deals_the_whole_deck_again():
    """CYA-R20: all 104 cards are gathered, shuffled and dealt; stacks start empty. The
    rulebook does not say how a new round begins, so this is a ruling."""
    assert G.rules["CYA-R20"].is_ruling
    m = end_of_round(options={"mode": "three_rounds"}, dealer="Dev")
    events = legal(m, "Ada", "discard Piano")
    assert events[-1].rule == "CYA-R20"
    assert events[-1].text.startswith("Round 2: all 104 cards are shuffled and dealt again; "
                                      "Ada deals")
    state = m.state
    for s in range(4):
        assert len(state.zones[f"hand:{s}"]) == 5 and state.zones[f"stack:{s}"] == []
        assert state.data[f"sets:{s}"] == []
    assert len(state.zones["draw"]) == 83 and len(state.zones["discard"]) == 1
    assert card_conservation(G, state) == []
    assert facts(m)["turn"] == "Ben" and facts(m)["total/Ben"] == "$40,000"


# -- Rulings ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3])
def test_cya_r1_two_or_three_players_use_the_classic_rules(n):
    """CYA-R1: two or three players get five cards each and play unchanged."""
    names = FOUR[:n]
    state = G.new_state(names, seed=n)
    assert all(len(state.zones[f"hand:{s}"]) == 5 for s in range(n))
    assert len(state.zones["draw"]) == 104 - 5 * n - 1


def rules_text(clause_id: str) -> str:
    return " ".join(G.rules[clause_id].text.split())


def test_cya_r2_asset_values_of_the_current_edition_match_the_data_file():
    """CYA-R2: the values in the ruling are the ones in cards.yaml (Cash under the Mattress $5,000)."""
    assert CURRENT.value_of["Cash under the Mattress"] == 5000
    text = rules_text("CYA-R2")
    for name in CURRENT.assets:
        assert f"{name} {money(CURRENT.value_of[name])}" in text, name


def test_cya_r3_silver_and_gold_values_in_both_editions():
    """CYA-R3: a Silver is worth $25,000 and a Gold $50,000 in either edition."""
    for edition in (CURRENT, ORIGINAL):
        assert (edition.value_of["Silver"], edition.value_of["Gold"]) == (25000, 50000)
    assert "Silver is worth $25,000 and a Gold $50,000" in rules_text("CYA-R3")


def test_cya_r4_the_original_edition_as_an_option():
    """CYA-R4: deck original plays the original 110 cards (no advanced cards); names of the other edition are refused."""
    assert len(ORIGINAL.deck) == 110
    counts = Counter(c.label for c in ORIGINAL.deck)
    assert counts["Home"] == 8 and counts["Gold"] == 4 and counts["Stocks"] == 10
    text = rules_text("CYA-R4")
    for name in ORIGINAL.assets:
        assert name in text and money(ORIGINAL.value_of[name]) in text
    m = match(options={"deck": "original"},
              hands={"Ada": ["Home", "Home", "Stocks", "Jewels", "Gold"]})
    assert m.state.zones["box"] == [] and len(m.state.zones["draw"]) == 110 - 21
    assert card_conservation(G, m.state) == []
    reject(m, "Ada", "discard Comic Books", "CYA-1.2", "the original edition has no Comic Books")
    legal(m, "Ada", "set Home+Home")
    assert facts(m)["stack value/Ada"] == "$40,000"
    with pytest.raises(SetupError, match="options.deck: 'deluxe' is not an edition"):
        G.new_state(FOUR, options={"deck": "deluxe"})


def test_cya_r5_a_player_without_cards_is_skipped_and_can_only_give_up():
    """CYA-R5: empty hands are skipped (with an event); an empty-handed defender's only move is give up."""
    m = end_of_round(stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Cabin+Cabin", "Piano+Piano"]},
                     hands={"Ada": ["Piano", "Scooter"], "Ben": [], "Cleo": [], "Dev": []})
    legal(m, "Ada", "challenge Ben with Piano")
    assert G.legal_moves(m.state, 1) == [GiveUp()]
    forced = G.forced(m.state, 1)
    assert forced.rule == "CYA-R5" and "Ben has no cards left, so Ben must give up" in \
        forced.reason
    reject(m, "Ben", "answer Piano", "CYA-5.4", "Ben has no Piano in hand (hand: no cards)")
    events = legal(m, "Ben", "give up")
    assert [e.text for e in events if e.rule == "CYA-R5"] == [
        "Ben has no cards left and is skipped", "Cleo has no cards left and is skipped",
        "Dev has no cards left and is skipped"]
    assert facts(m)["turn"] == "Ada"
    assert events[-1][:2] == ("CYA-6.3", "Ada's turn is over: Ada plays again, as nobody "
                              "else has cards")
    with pytest.raises(SetupError, match="setup.first: Ben has no cards and would be skipped"):
        G.new_state(FOUR, setup={"first": "Ben", "draw_size": 0,
                                 "hands": {"Ben": [], "Ada": ["Piano"]}})


def test_cya_r6_a_wild_on_top_of_the_discard_pile_pairs_with_an_asset():
    """CYA-R6: the wild on the pile stands in for the identical card; with a wild from hand it is refused."""
    m = match(hands={"Ada": ["Jewels", "Gold", "Piano", "Cabin", "Scooter"]},
              discard=["Silver"])
    reject(m, "Ada", "set Gold+discard", "CYA-3.3", "two wilds never make a set")
    offered = {G.format_move(m.state, 0, mv) for mv in G.legal_moves(m.state, 0)
               if isinstance(mv, FormSet) and mv.discard}
    assert offered == {"set Cabin+discard", "set Jewels+discard", "set Piano+discard",
                       "set Scooter+discard"}
    events = legal(m, "Ada", "set Cabin+discard")
    assert events[0].rule == "CYA-R6"
    assert facts(m)["top set/Ada"] == "Cabin+Silver"
    assert labels(m.state, "stack:0") == ["Silver", "Cabin"]


def test_cya_r7_a_set_holding_wilds_is_fought_over_its_asset_and_a_wild_may_open():
    """CYA-R7: Ben's Piano+Silver set is challenged with a wild and answered only with Piano or a wild."""
    m = battle_position(stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Cabin+Cabin", "Piano+Silver"]},
                        hands={"Ada": ["Silver", "Jewels", "Scooter", "Piano", "Cabin"],
                               "Ben": ["Silver", "Cabin", "Toy Train", "Jewels", "Piano"]})
    reject(m, "Ada", "challenge Ben with Cabin", "CYA-5.1", "a Piano set", "not Cabin")
    legal(m, "Ada", "challenge Ben with Silver")
    assert set(G.legal_moves(m.state, 1)) == {Answer("Piano"), Answer("Silver"), GiveUp()}
    reject(m, "Ben", "answer Cabin", "CYA-5.4", "answer with Piano or a wild, not Cabin")


def test_cya_r8_the_defender_may_answer_with_a_wild():
    """CYA-R8: a defender without the asset answers with a wild."""
    m = battle_position(hands={"Ada": ["Piano", "Piano", "Gold", "Jewels", "Scooter"],
                               "Ben": ["Silver", "Toy Train", "Toy Train", "Jewels", "Cabin"]})
    legal(m, "Ada", "challenge Ben with Piano")
    events = legal(m, "Ben", "answer Silver")
    assert events[0].rule == "CYA-5.4" and facts(m)["to act"] == "Ada"


def test_cya_r9_the_turn_player_draws_first_from_a_short_pile():
    """CYA-R9: with three cards left, the challenger takes two and the defender only one."""
    m = battle_position(draw_size=3)
    play(m, "Ada: challenge Ben with Piano", "Ben: answer Piano", "Ada: answer Piano",
         "Ben: answer Silver")
    events = legal(m, "Ada", "give up")
    assert rules_of(events) == ["CYA-5.7", "CYA-6.1", "CYA-6.2", "CYA-7.1", "CYA-6.3"]
    f = facts(m)
    assert (f["hand size/Ada"], f["hand size/Ben"], f["draw pile"]) == ("5", "4", "0")


def test_cya_r10_a_defender_who_played_nothing_does_not_draw():
    """CYA-R10: giving up at once is not a defence: only the challenger draws."""
    m = battle_position()
    before = len(m.state.zones["draw"])
    play(m, "Ada: challenge Ben with Piano")
    events = legal(m, "Ben", "give up")
    assert rules_of(events) == ["CYA-5.6", "CYA-6.1", "CYA-6.3"]
    assert len(m.state.zones["draw"]) == before - 1   # Ada's one card, nothing for Ben


def test_cya_r11_ties_share_the_win():
    """CYA-R11: a tie at the top shares a quick game; in two_wins tied players each win the round."""
    m = end_of_round(stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Piano+Piano"]})
    events = legal(m, "Ada", "discard Piano")
    assert events[-1].rule == "CYA-R11"
    assert events[-1].text == "Ada and Ben tie on $24,000 and share the win (the quick game)"
    assert facts(m)["winners"] == ["Ada", "Ben"]
    m = end_of_round(options={"mode": "two_wins"},
                     stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Piano+Piano"]})
    events = legal(m, "Ada", "discard Piano")
    assert "Ada and Ben share round 1; rounds won: Ada 1, Ben 1, Cleo 0, Dev 0" in texts(events)
    assert facts(m)["round winners"] == ["Ada", "Ben"]


def test_cya_r12_the_round_ends_after_the_turn_and_its_battle():
    """CYA-R12: a challenge with the last card still plays its battle out before the round ends."""
    m = end_of_round(stacks={"Ada": ["Jewels+Jewels"], "Ben": ["Cabin+Cabin", "Piano+Piano"]},
                     hands={"Ada": ["Piano"], "Ben": ["Silver"], "Cleo": [], "Dev": []})
    legal(m, "Ada", "challenge Ben with Piano")
    assert facts(m)["to act"] == "Ben" and facts(m)["round score/Ada"] == "none"
    legal(m, "Ben", "answer Silver")
    assert facts(m)["to act"] == "Ada"   # Ada has no card left: she can only give up
    events = legal(m, "Ada", "give up")
    assert "round 1 is over" in texts(events)
    assert facts(m)["round score/Ben"] == "$91,000"


def test_cya_r13_exactly_a_million_ends_the_classic_game():
    """CYA-R13: a total of exactly $1,000,000 counts as passing the million."""
    m = end_of_round(options={"mode": "classic"}, round=4, totals={"Ben": 960000})
    legal(m, "Ada", "discard Piano")
    assert facts(m)["total/Ben"] == "$1,000,000" and facts(m)["winners"] == ["Ben"]
    with pytest.raises(SetupError, match=r"setup.totals.Ben: \$1,000,000 already ends"):
        G.new_state(FOUR, options={"mode": "classic"},
                    setup={"round": 2, "totals": {"Ben": 1000000}})


def test_cya_r14_only_the_top_of_the_discard_pile_shows():
    """CYA-R14: every seat sees the top discard; the covered cards are hidden from all."""
    m = match(hands={"Ada": ["Jewels", "Gold", "Piano", "Cabin", "Scooter"]},
              discard=["Piano", "Jewels", "Cabin"])
    for s in range(4):
        pile = view(G, m.state, s)["zones"]["discard"]
        assert pile[-1]["label"] == "Piano"
        assert pile[:-1] == [{"hidden": True}, {"hidden": True}]
    assert G.visibility("discard").value == "top_public"


def test_cya_r15_the_dealer_is_drawn_by_lot_and_the_deal_passes_left():
    """CYA-R15: the first dealer depends on the seed (and repeats with it); each new round the next seat deals."""
    dealers = {G.new_state(FOUR, seed=seed).data["dealer"] for seed in range(16)}
    assert dealers == {0, 1, 2, 3}
    assert G.new_state(FOUR, seed=5).dumps() == G.new_state(FOUR, seed=5).dumps()
    m = end_of_round(options={"mode": "classic"}, dealer="Dev")
    legal(m, "Ada", "discard Piano")
    assert (facts(m)["dealer"], facts(m)["turn"]) == ("Ada", "Ben")


def test_cya_r16_the_quick_game_is_the_default():
    """CYA-R16: without options the game is a quick game with the current edition."""
    state = G.new_state(FOUR, seed=1)
    assert state.options == {"deck": "current", "mode": "quick"}


def test_cya_r17_identical_cards_are_interchangeable():
    """CYA-R17: moves name cards; either copy may leave the hand, and names are read in any case."""
    m = match(hands={"Ada": ["Jewels", "Jewels", "Piano", "Cabin", "Scooter"]})
    move = G.parse_move(m.state, 0, "SET jewels + JEWELS")
    assert move == FormSet(("Jewels", "Jewels"))
    legal(m, "Ada", move)
    assert sorted(labels(m.state, "stack:0")) == ["Jewels", "Jewels"]


def test_cya_r18_nothing_to_answer_with_means_giving_up():
    """CYA-R18: a player in a battle without the asset or a wild is offered only give up, and told why."""
    m = battle_position(hands={"Ada": ["Piano", "Piano", "Gold", "Jewels", "Scooter"],
                               "Ben": ["Toy Train", "Toy Train", "Jewels", "Cabin", "Scooter"]})
    legal(m, "Ada", "challenge Ben with Piano")
    assert G.legal_moves(m.state, 1) == [GiveUp()]
    forced = G.forced(m.state, 1)
    assert forced.rule == "CYA-R18"
    assert forced.reason == "Ben holds no Piano and no wild, so Ben must give up"
    assert G.forced(m.state, 0) is None
    legal(m, "Ben", "give up")
    assert G.forced(m.state, G.to_act(m.state)[0]) is None


def test_cya_r19_after_a_battle_the_wilds_lie_under_the_assets():
    """CYA-R19: a set won with wilds in it shows its asset on top, wilds at the bottom."""
    m = battle_position()
    play(m, "Ada: challenge Ben with Gold", "Ben: answer Silver", "Ada: answer Piano",
         "Ben: give up")
    top = labels(m.state, "stack:0")[-7:][2:]
    assert top == ["Gold", "Silver", "Piano", "Piano", "Piano"]
    assert facts(m)["top set/Ada"] == "Piano+Piano+Piano+Gold+Silver"


# -- notation --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("set Jewels+Jewels", FormSet(("Jewels", "Jewels"))),
    ("set Jewels+Gold", FormSet(("Gold", "Jewels"))),
    ("set Jewels+discard", FormSet(("Jewels",), True)),
    ("set Gold+discard", FormSet(("Gold",), True)),
    ("discard Cash under the Mattress", Discard("Cash under the Mattress")),
    ("challenge Ben with Jewels", Challenge("Ben", "Jewels")),
    ("challenge Mary Withers with Silver", Challenge("Mary Withers", "Silver")),
    ("answer Silver", Answer("Silver")),
    ("give up", GiveUp()),
    ("pass", Pass()),
])
def test_notation_round_trips(text, move):
    assert parse(text) == move
    assert format_move(move) == text


def test_notation_is_forgiving_about_case_spaces_and_order():
    assert parse("  SET  gold + jewels ") == parse("set Jewels+Gold")
    assert parse("set discard+piano") == FormSet(("Piano",), True)
    assert format_move(parse("discard comic   books")) == "discard Comic Books"
    assert parse("Give  Up") == GiveUp()
    state = G.new_state(FOUR, seed=1)
    assert G.parse_move(state, 0, "challenge BEN with piano") == Challenge("Ben", "Piano")


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("steal Ben", "unknown move 'steal'"),
    ("set", "say which cards"),
    ("set Jewels++Jewels", "empty card name"),
    ("set Jewel+Jewel", "no card called 'Jewel'"),
    ("set Jewels+discard+discard", "'discard' is named twice"),
    ("discard", "say which card"),
    ("challenge Ben", "write 'challenge NAME with CARD'"),
    ("answer", "say which card"),
    ("give in", "write 'give up'"),
    ("pass now", "'pass' takes nothing"),
    ("discard Move", "Move is an advanced card"),
])
def test_unreadable_moves_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_the_card_data_file_is_what_the_decks_are_built_from():
    doc = yaml.safe_load(CARDS_FILE.read_text())
    for name, edition in EDITIONS.items():
        listed = {row["name"]: row["copies"] for row in doc["editions"][name]["cards"]}
        assert Counter(c.label for c in edition.deck) == listed
