"""One test (or a small group) per clause of Bargain Hunter's rules.yaml.

Every clause id BH-1.1 ... BH-6.3 and every ruling BH-R1 ... BH-R15 has a test below
whose docstring starts with that id; the last test checks that no clause is forgotten.
Clauses that forbid something get a legal case and an illegal case; an illegal case
asserts the rule id that ``check`` and ``apply`` cite, that the reason names the
concrete cards and numbers, and that a rejected ``apply`` leaves the state untouched.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor import get_game, scenario
from tutor.core.game import NotationError, SetupError
from tutor.core.invariants import card_conservation
from tutor.core.match import Match
from tutor.core.views import names_unseen_card, view
from tutor.games.bargain_hunter import Clean, Play, Skip
from tutor.games.bargain_hunter.deck import (ALL_IDS, COLOURS, ITEM_NAMES, LABEL,
                                             OFFER_LABEL)

from rule_checks import facts, legal, play, reject, rules_of

G = get_game("bargain_hunter")
FOUR = ("Sara", "James", "Fred", "Mandy")
THREE = ("Sara", "James", "Fred")
# Bargain piles used unless a test says otherwise: Sara 6, James 2, Fred 7, Mandy 5.
PILES = {"Sara": ["green 6"], "James": ["yellow 2"], "Fred": ["red 7"], "Mandy": ["black 5"]}
OKABE_ITO = {"#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
             "#CC79A7"}


# -- helpers ---------------------------------------------------------------------------

def match(players=FOUR, *steps, seed=1, **setup) -> Match:
    """A match from ``setup``, then ``steps`` like 'Sara: play green 2'."""
    m = Match(G, players, seed, {}, setup)
    play(m, *steps)
    return m


def hunt(hands: dict, *steps, players=FOUR, bargain=None, **setup) -> Match:
    """A round-1 hunt position: the last player dealt, so the first player leads."""
    setup.setdefault("dealer", players[-1])
    piles = {name: PILES[name] for name in players} if bargain is None else bargain
    return match(players, *steps, hands=hands, bargain=piles, **setup)


def cleaning(junk: dict, *steps, players=FOUR, bargain=None, **setup) -> Match:
    """A spring cleaning position (empty hands); the first player won the last trick."""
    setup.setdefault("dealer", players[-1])
    setup.setdefault("last_winner", players[0])
    piles = {name: PILES[name] for name in players} if bargain is None else bargain
    return match(players, *steps, junk=junk, bargain=piles, **setup)


def texts(events) -> str:
    return "\n".join(str(e) for e in events)


def all_skip(m: Match) -> list:
    """Everyone left in this spring cleaning skips; returns the events."""
    events = []
    while G.facts(m.state)["phase"] == "spring cleaning":
        events += m.play(G.to_act(m.state)[0], "skip")
    return events


def all_but(keep: int, players=FOUR) -> dict:
    """Junk piles holding every item card but ``keep`` of them (and every bargain card
    of PILES), so that only ``keep`` cards are left for the deck."""
    used = {label for name in players for label in PILES[name]}
    labels = [LABEL[c] for c in ALL_IDS if LABEL[c] != OFFER_LABEL]
    for label in used:
        labels.remove(label)
    junk = {name: [] for name in players}
    for i, label in enumerate(labels[:len(labels) - keep]):
        junk[players[i % len(players)]].append(label)
    junk[players[0]] += ["offer", "offer"]
    return junk


# -- Setting up --------------------------------------------------------------------------

def test_bh_1_1_deck_of_110_cards():
    """BH-1.1: six colours x items 1-9 x two copies, and two Irresistible Offers; unknown cards are refused."""
    deck = list(G.deck({}))
    assert len(deck) == 110
    items = [c for c in deck if c.kind == "item"]
    assert len(items) == 108
    assert Counter(c.label for c in items) == {f"{colour.name} {n}": 2
                                               for colour in COLOURS for n in range(1, 10)}
    assert [c.label for c in deck if c.kind == "offer"] == [OFFER_LABEL] * 2
    for players in (THREE, FOUR):
        assert card_conservation(G, G.new_state(players, seed=3)) == []
    with pytest.raises(NotationError, match="no card called 'green 10'"):
        G.parse_move(None, 0, "play green 10")
    with pytest.raises(SetupError, match=r"setup.hands.Sara: there is no card called "
                                         r"'pink 3'"):
        hunt({"Sara": ["pink 3"]})
    m = cleaning({"Sara": ["green 3"]})
    reject(m, "Sara", Clean(12), "BH-1.1", "items are numbered 1 to 9, not 12")
    reject(m, "Sara", Play("green 10"), "BH-5.1")   # wrong phase before anything else


def test_bh_1_2_three_or_four_players_six_or_four_rounds():
    """BH-1.2: 3 or 4 players; a game lasts 6 rounds with 3 and 4 rounds with 4."""
    for n in (2, 5):
        with pytest.raises(SetupError, match=f"3 to 4 players, not {n}"):
            G.new_state([f"P{i}" for i in range(n)], seed=1)
    with pytest.raises(SetupError, match="a 4-player game has rounds 1 to 4, not 5"):
        match(FOUR, round=5, bargain=PILES)
    for players, rounds in ((THREE, 6), (FOUR, 4)):
        m = cleaning({}, players=players, round=rounds - 1)
        all_skip(m)
        assert facts(m)["round"] == str(rounds)
        while G.to_act(m.state):   # play the last round out with the first legal moves
            s = G.to_act(m.state)[0]
            m.play(s, G.legal_moves(m.state, s)[-1])
        assert facts(m)["phase"] == "over" and facts(m)["round"] == str(rounds)


def test_bh_1_3_the_deal_passes_clockwise():
    """BH-1.3: after each round the next seat clockwise deals (Mandy, then Sara, then James)."""
    m = cleaning({}, dealer="Mandy")
    all_skip(m)
    assert (facts(m)["round"], facts(m)["dealer"]) == ("2", "Sara")
    while facts(m)["phase"] == "hunt":
        s = G.to_act(m.state)[0]
        m.play(s, G.legal_moves(m.state, s)[0])
    events = all_skip(m)
    assert (facts(m)["round"], facts(m)["dealer"]) == ("3", "James")
    assert "[BH-1.3] Round 3 of 4: the deal passes to James" in texts(events)


def test_bh_1_4_eight_cards_each_the_rest_set_aside_face_down():
    """BH-1.4: the dealer deals 8 cards each; the rest are set aside, hidden from everyone."""
    for players in (THREE, FOUR):
        state = G.new_state(players, seed=4)
        n = len(players)
        assert all(len(state.zones[f"hand:{s}"]) == 8 for s in range(n))
        assert len(state.zones["deck"]) == 110 - 8 * n
        seen = view(G, state, 0)["zones"]
        assert all(card == {"hidden": True} for card in seen["deck"])
        assert all(card == {"hidden": True} for card in seen["hand:1"])
        assert all("label" in card for card in seen["hand:0"])
    assert G.facts(G.new_state(FOUR, seed=4))["deck size"] == "78"


def test_bh_1_5_trash_goes_under_the_cards_set_aside():
    """BH-1.5: at the next deal the trash is shuffled and put under the deck, so it is dealt last."""
    m = cleaning({"Sara": ["green 3", "red 3", "blue 3"]}, trash=["yellow 9", "yellow 8"])
    legal(m, "Sara", "clean 3")
    trash = list(m.state.zones["trash"])
    assert len(trash) == 4
    events = all_skip(m)
    assert "[BH-1.5] Sara shuffles the trash (4 cards) and puts it under the" in texts(events)
    deck = m.state.zones["deck"]
    assert sorted(deck[:4]) == sorted(trash)          # the bottom of the pile
    assert facts(m)["trash"] == [] and card_conservation(G, m.state) == []


def test_bh_1_6_short_deal_gives_everyone_the_same_number():
    """BH-1.6: with 18 cards left for 4 players everyone gets 4, 2 stay set aside, 4 tricks."""
    m = cleaning(all_but(18), round=3)
    assert facts(m)["deck size"] == "18"
    events = all_skip(m)
    assert "Only 18 cards are left: Sara deals 4 to each player and 2 stay set aside" \
        in texts(events)
    assert [len(m.state.zones[f"hand:{s}"]) for s in range(4)] == [4, 4, 4, 4]
    assert facts(m)["deck size"] == "2"
    assert m.state.data["tricks"] == 4
    assert "BH-1.6" in rules_of(events)


def test_bh_1_7_one_player_at_a_time_clockwise():
    """BH-1.7: bargains, tricks and cleaning go clockwise; acting out of turn is refused, naming whose turn it is."""
    state = G.new_state(FOUR, seed=7, setup={"dealer": "Fred"})
    m = Match(G, FOUR, 7, {}, {"dealer": "Fred"})
    assert facts(m)["to act"] == "Mandy" and m.state.dumps() == state.dumps()
    card = facts(m)["hand/Sara"][0]
    reject(m, "Sara", f"bargain {card}", "BH-1.7", "it is Mandy's turn, not Sara's")
    m = hunt({"Sara": ["green 2"], "James": ["green 7"], "Fred": ["green 4"],
              "Mandy": ["green 1"]})
    reject(m, "James", "play green 7", "BH-1.7", "it is Sara's turn, not James's")
    legal(m, "Sara", "play green 2")
    assert facts(m)["to act"] == "James"
    m = cleaning({"James": ["green 3"]}, last_winner="Mandy")
    reject(m, "James", "clean 3", "BH-1.7", "it is Mandy's turn, not James's")
    assert G.check(m.state, 9, Skip()).rule == "BH-1.7"
    assert "no seat 9 in a 4-player game" in G.check(m.state, 9, Skip()).reason
    legal(m, "Mandy", "skip")
    assert facts(m)["to act"] == "Sara"



# -- The setup as step 0 (issue 14) ------------------------------------------------------

def test_the_opening_events_tell_a_new_game_in_order_and_name_no_hidden_card():
    """A new game's setup, event by event: the cards (BH-1.1), the rounds (BH-1.2), the
    dealer by lot (BH-R6), the deal and what is set aside (BH-1.4), the clockwise order
    (BH-1.7) and, last, who starts (BH-2.1), with the state's names and numbers; no seat
    reads a card it cannot see, and no event names a card at all."""
    for players, seed in ((THREE, 5), (FOUR, 6)):
        state = G.new_state(players, seed=seed)
        events = G.opening_events(state)
        assert [e.rule for e in events] == ["BH-1.1", "BH-1.2", "BH-R6", "BH-1.4", "BH-1.4",
                                            "BH-1.7", "BH-2.1"]
        cards, rounds, dealer, deal, aside, order, starts = events
        assert cards.text.startswith(f"The game is played with {len(ALL_IDS)} cards: 108 "
                                     "items in 6 colours (green, yellow, blue, red, purple "
                                     "and black), numbered 1 to 9")
        n = len(players)
        assert rounds.text == f"With {n} players the game lasts {G.rounds(state)} rounds"
        assert dealer.text.startswith(f"{players[state.data['dealer']]} deals the first "
                                      "round")
        hand = len(state.zones["hand:0"])
        assert hand == 8 and f"{', '.join(players[:-1])} and {players[-1]} each hold " \
            f"{hand}" in deal.text
        assert aside.text.startswith(f"{len(state.zones['deck'])} cards lie set aside")
        first = G.to_act(state)[0]
        assert starts.text.startswith(f"{players[first]} sits left of the dealer")
        rotation = [players[(first + k) % n] for k in range(n)]
        assert order.text.endswith(": " + ", then ".join(rotation))
        labels = {LABEL[c] for c in ALL_IDS if LABEL[c] != OFFER_LABEL}
        for event in events:
            assert not any(re.search(rf"\b{label}\b", event.text) for label in labels)
            for seat in range(n):
                assert not names_unseen_card(G, [state], seat, event.for_viewer(seat).text)


def test_the_opening_events_of_a_position_tell_its_piles_its_trick_and_who_acts():
    """A position's setup: the bargains on the open piles (BH-2.2), the junk hidden
    (BH-4.2) but its sizes told (BH-R14), the trick under way (BH-3.1) and who plays
    next (BH-3.2); at a last-round spring cleaning, who cleans first (BH-5.1) and the
    two clear-outs (BH-6.1)."""
    m = hunt({"Sara": ["blue 1"], "James": ["green 7", "blue 2"], "Fred": ["green 4", "blue 3"],
              "Mandy": ["yellow 6", "blue 4"]}, trick=["green 2"], junk={"Fred": ["red 9"]})
    events = {}
    for event in G.opening_events(m.state):
        events.setdefault(event.rule, event.text)   # the first of the two BH-1.4 events
    assert events["BH-1.4"].startswith("Mandy dealt 8 cards face down to each player this "
                                       "round; now Sara holds 1, James holds 2")
    assert events["BH-2.2"].endswith("Sara 6s (1 card), James 2s (1 card), Fred 7s (1 "
                                     "card) and Mandy 5s (1 card)")
    assert events["BH-4.2"] == ("The junk piles lie face down: only the owner knows what "
                                "is in each")
    assert events["BH-R14"].endswith("Sara 0 cards, James 0 cards, Fred 1 card and Mandy 0 "
                                     "cards") and "red 9" not in events["BH-R14"]
    assert events["BH-3.1"] == ("Trick 6 of 7 is under way, led by Sara: green 2 (Sara); "
                                "green is the lead colour")
    assert events["BH-3.2"] == "James plays next, adding one card to the trick"
    final = cleaning({"James": ["green 3"]}, round=4, last_winner="James")
    rules = [e.rule for e in G.opening_events(final.state)]
    assert rules[-3:] == ["BH-1.7", "BH-6.1", "BH-5.1"]
    told = texts(G.opening_events(final.state))
    assert "this is round 4, the last" in told and "James won the last one, so James " \
        "cleans first" in told and "unused, as this is the last round" in told
    assert "green 3" not in told


# -- The bargain ---------------------------------------------------------------------------

DEAL3 = {"Sara": ["yellow 5", "blue 9", "red 2", "yellow 3", "green 5", "yellow 7",
                  "black 5", "offer"],
         "James": ["red 8", "blue 3", "red 6", "purple 3", "offer", "purple 7", "black 1",
                   "green 1"],
         "Fred": ["green 2", "blue 5", "black 3", "yellow 3", "green 8", "yellow 9",
                  "black 5", "black 2"]}


def test_bh_2_1_bargains_from_the_dealers_left_items_only():
    """BH-2.1: from the dealer's left each lays an item card as bargain; Offers, missing cards and early plays are refused."""
    m = match(THREE, dealer="Fred", hands=DEAL3)
    assert (facts(m)["phase"], facts(m)["to act"]) == ("bargain", "Sara")
    reject(m, "Sara", "bargain offer", "BH-2.1", "an Irresistible Offer is not an item")
    reject(m, "Sara", "bargain green 6", "BH-2.1", "Sara holds no green 6",
           "hand: green 5, yellow 3, yellow 5, yellow 7, blue 9, red 2, black 5, "
           "Irresistible Offer")
    reject(m, "Sara", "play blue 9", "BH-2.1", "the bargains come first",
           "'bargain green 5'")
    assert OFFER_LABEL not in {mv.card for mv in G.legal_moves(m.state, 0)}
    events = legal(m, "Sara", "bargain yellow 5")
    assert events[0].text == "Sara chooses 5 as bargain: yellow 5 starts Sara's bargain pile"
    assert facts(m)["bargain pile/Sara"] == ["yellow 5"] and facts(m)["to act"] == "James"
    legal(m, "James", "bargain red 8")
    legal(m, "Fred", "bargain green 2")
    reject(m, "Fred", "bargain black 5", "BH-1.7", "it is Sara's turn")
    reject(m, "Sara", "bargain black 5", "BH-2.1", "only chosen before the first trick")


def test_bh_2_2_the_top_card_is_the_bargain_and_items_may_repeat():
    """BH-2.2: the number on top of the bargain pile is the bargain; two players may hunt the same item."""
    hands = dict(DEAL3, Fred=["green 5"] + DEAL3["Fred"][1:])
    m = match(THREE, "Sara: bargain yellow 5", "James: bargain red 8", dealer="Fred",
              hands=hands)
    legal(m, "Fred", "bargain green 5")
    assert (facts(m)["bargain/Sara"], facts(m)["bargain/Fred"]) == ("5", "5")
    assert G.bargain_item(m.state, 1) == 8


def test_bh_2_3_seven_tricks_in_the_first_round_eight_later():
    """BH-2.3: after the bargains everyone holds 7 cards and round 1 has 7 tricks; round 2 has 8."""
    m = match(THREE, "Sara: bargain yellow 5", "James: bargain red 8", dealer="Fred",
              hands=DEAL3)
    events = legal(m, "Fred", "bargain green 2")
    assert "leads the first of 7 tricks" in texts(events)
    assert ("BH-2.3", "Round 1 has 7 tricks: each hand gave one of its 8 cards to the "
            "bargain piles") in [e[:2] for e in events]
    assert [len(m.state.zones[f"hand:{s}"]) for s in range(3)] == [7, 7, 7]
    assert m.state.data["tricks"] == 7
    m = cleaning({})
    events = all_skip(m)
    assert "leads the first of 8 tricks" in texts(events)
    assert ("BH-2.3", "Round 2 has 8 tricks, one for each card dealt") in \
        [e[:2] for e in events]
    assert m.state.data["tricks"] == 8


# -- The hunt ------------------------------------------------------------------------------

def test_bh_3_1_left_of_dealer_leads_any_card_which_sets_the_lead_colour():
    """BH-3.1: the dealer's left leads the first trick with any card; its colour is the lead colour."""
    m = hunt({"Sara": ["green 2", "red 9"], "James": ["blue 3", "blue 2"],
              "Fred": ["green 4", "red 1"], "Mandy": ["green 1", "red 5"]}, dealer="Mandy")
    assert facts(m)["to act"] == "Sara" and facts(m)["lead colour"] == "none"
    reject(m, "Mandy", "play green 1", "BH-1.7", "it is Sara's turn, not Mandy's")
    events = legal(m, "Sara", "play red 9")
    assert events[0].text == "Trick 6 of 7: Sara leads red 9; red is the lead colour"
    assert facts(m)["lead colour"] == "red" and facts(m)["leader"] == "Sara"
    assert facts(m)["trick number"] == "6"   # two cards left of seven: trick 6


def test_bh_3_2_follow_the_lead_colour_if_you_can():
    """BH-3.2: a player holding the lead colour must play it; the reason names the cards held."""
    m = hunt({"Sara": ["green 2", "blue 1", "blue 2"], "James": ["green 7", "red 2", "red 4"],
              "Fred": ["green 7", "green 4", "yellow 3"],
              "Mandy": ["yellow 6", "blue 4", "blue 5"]},
             "Sara: play green 2", "James: play green 7", players=FOUR, dealer="Mandy")
    reject(m, "Fred", "play yellow 3 trump", "BH-3.2",
           "Fred must follow green: Fred holds green 4 and green 7")
    reject(m, "Fred", "play purple 9", "BH-3.2", "Fred holds no purple 9",
           "hand: green 4, green 7, yellow 3")
    assert {mv.card for mv in G.legal_moves(m.state, 2)} == {"green 4", "green 7"}
    events = legal(m, "Fred", "play green 4")
    assert events[0].text == "Fred follows with green 4"


def test_bh_3_3_an_offer_may_be_played_even_when_you_could_follow():
    """BH-3.3: on your turn an Irresistible Offer is legal whatever the lead colour or
    trump, also instead of following; it is not playable out of turn."""
    m = hunt({"Sara": ["yellow 4", "red 1"], "James": ["yellow 7", "offer"],
              "Fred": ["yellow 1", "red 2"], "Mandy": ["yellow 2", "offer"]},
             "Sara: play yellow 4", dealer="Mandy")
    assert facts(m)["hand/James"] == ["yellow 7", "offer"]
    reject(m, "James", "play red 9", "BH-3.2", "James holds no red 9")
    reject(m, "Mandy", "play offer", "BH-1.7", "James's turn")
    events = legal(m, "James", "play offer")
    assert events[0].text == "James plays an Irresistible Offer, the highest trump"
    assert "at any time" not in G.rules["BH-3.3"].text


def test_bh_3_4_who_cannot_follow_declares_trump_or_not():
    """BH-3.4: without the lead colour you play another colour and must declare it trump or not; the lead colour is never trump."""
    hands = {"Sara": ["green 2", "green 3"], "James": ["green 7", "red 2"],
             "Fred": ["yellow 3", "blue 7"], "Mandy": ["yellow 6", "blue 4"]}
    m = hunt(hands, dealer="Mandy")
    reject(m, "Sara", "play green 2 trump", "BH-3.4", "green 2 sets the lead colour",
           "never trump")
    legal(m, "Sara", "play green 2")
    reject(m, "James", "play green 7 trump", "BH-3.4",
           "green is the lead colour and can never be trump")
    legal(m, "James", "play green 7")
    reject(m, "Fred", "play yellow 3", "BH-3.4", "Fred cannot follow green and must "
           "declare whether yellow is trump", "'play yellow 3 trump'",
           "'play yellow 3 not trump'")
    events = legal(m, "Fred", "play yellow 3 not trump")
    assert events[0].text == "Fred cannot follow green: plays yellow 3 and declares yellow " \
                             "not trump"
    events = legal(m, "Mandy", "play blue 4 trump")
    assert events[0].text == "Mandy cannot follow green: plays blue 4 and declares blue trump"
    assert facts(m)["last winner"] == "Mandy" and facts(m)["last trump"] == "blue"


def test_bh_3_5_one_trump_colour_per_trick():
    """BH-3.5: once red is trump, yellow cannot be declared trump, and red cards are trump without a declaration."""
    hands = {"James": ["blue 5", "blue 1"], "Fred": ["red 3", "green 1"],
             "Mandy": ["yellow 9", "green 8"],
             "Sara": ["red 3", "red 1"]}
    m = hunt(hands, "James: play blue 5", "Fred: play red 3 trump", dealer="Sara")
    reject(m, "Mandy", "play yellow 9 trump", "BH-3.5", "only one trump colour",
           "already red: yellow cannot be declared trump")
    legal(m, "Mandy", "play yellow 9")
    assert facts(m)["played/Mandy"] == "yellow 9"
    reject(m, "Sara", "play red 1 trump", "BH-R12", "red is already the trump colour of "
           "this trick, so red 1 is a trump without a declaration", "leave out 'trump'")
    reject(m, "Sara", "play red 1 not trump", "BH-3.5", "leave out 'not trump'")
    events = legal(m, "Sara", "play red 1")
    assert events[0].text == "Sara cannot follow blue: plays red 1, a trump (red is trump " \
                             "in this trick)"
    assert facts(m)["last winner"] == "Fred"


def test_bh_3_6_a_colour_played_undeclared_may_still_become_trump():
    """BH-3.6: after Fred played yellow as not trump, Sara may still declare yellow trump."""
    m = hunt({"James": ["purple 7"], "Fred": ["yellow 9"], "Sara": ["yellow 7"]},
             "James: play purple 7", "Fred: play yellow 9 not trump",
             players=("Sara", "James", "Fred"), dealer="Sara",
             bargain={"Sara": ["yellow 5"], "James": ["red 8"], "Fred": ["green 2"]})
    events = legal(m, "Sara", "play yellow 7 trump")
    assert events[0].text == "Sara cannot follow purple: plays yellow 7 and declares yellow " \
                             "trump"
    assert facts(m)["last trump"] == "yellow"
    assert facts(m)["last played/Fred"] == "yellow 9 not trump"


def test_bh_3_7_a_twin_is_declared_higher_or_lower():
    """BH-3.7: the twin of a card in the trick needs higher or lower; another card may not carry one."""
    m = hunt({"Sara": ["green 2", "red 1"], "James": ["green 7", "red 2"],
              "Fred": ["green 7", "green 4"], "Mandy": ["green 2", "green 1"]},
             "Sara: play green 2", dealer="Mandy")
    reject(m, "James", "play green 7 higher", "BH-3.7", "there is no other green 7 in the "
           "trick", "leave out 'higher'")
    legal(m, "James", "play green 7")
    reject(m, "Fred", "play green 7", "BH-3.7", "James's green 7 is already in the trick",
           "'play green 7 higher'")
    assert {mv.order for mv in G.legal_moves(m.state, 2) if mv.card == "green 7"} == \
        {"higher", "lower"}
    events = legal(m, "Fred", "play green 7 higher")
    assert events[-1].text == "Fred declares this green 7 higher than James's"
    assert facts(m)["played/Fred"] == "green 7 higher"
    legal(m, "Mandy", "play green 2 lower")
    assert facts(m)["last winning card"] == "green 7 (declared higher)"


def test_bh_3_8_offers_are_the_highest_trumps_and_the_second_wins():
    """BH-3.8: an Offer beats a declared trump; the second Offer beats the first; Offers take no higher/lower."""
    hands = {"Fred": ["yellow 4"], "Mandy": ["blue 9"], "Sara": ["offer"],
             "James": ["offer"]}
    m = hunt(hands, "Fred: play yellow 4", "Mandy: play blue 9 trump", "Sara: play offer",
             dealer="James")
    reject(m, "James", Play(OFFER_LABEL, None, "higher"), "BH-3.8",
           "never declared higher or lower")
    events = legal(m, "James", "play offer")
    assert events[0].text == "James plays the second Irresistible Offer, which beats the first"
    assert events[1].text == "James wins the trick with the second Irresistible Offer; blue " \
                             "was trump"
    assert facts(m)["last winner"] == "James"


def test_bh_3_9_the_highest_card_wins():
    """BH-3.9: without trump the highest lead-colour card wins; with trump the highest trump; an off colour never wins."""
    lead_only = hunt({"Sara": ["green 2"], "James": ["green 5"], "Fred": ["purple 9"],
                      "Mandy": ["green 3"]},
                     "Sara: play green 2", "James: play green 5",
                     "Fred: play purple 9 not trump", "Mandy: play green 3", dealer="Mandy")
    assert facts(lead_only)["last winner"] == "James"
    trumped = hunt({"Sara": ["green 2"], "James": ["green 9"], "Fred": ["purple 1"],
                    "Mandy": ["purple 4"]},
                   "Sara: play green 2", "James: play green 9",
                   "Fred: play purple 1 trump", dealer="Mandy")
    events = legal(trumped, "Mandy", "play purple 4")
    assert events[1].text == "Mandy wins the trick with purple 4; purple was trump"
    assert G.outcome(trumped.state) is None


def test_bh_3_10_the_winner_leads_and_trump_does_not_carry_over():
    """BH-3.10: the trick winner leads the next trick, which starts without trump."""
    m = hunt({"Sara": ["green 2", "red 1"], "James": ["green 7", "red 2"],
              "Fred": ["purple 1", "red 3"], "Mandy": ["green 3", "red 4"]},
             "Sara: play green 2", "James: play green 7", dealer="Mandy")
    events = legal(m, "Fred", "play purple 1 trump")
    play(m, "Mandy: play green 3")
    f = facts(m)
    assert (f["to act"], f["leader"], f["trump"], f["trick number"]) == ("Fred", "Fred",
                                                                        "none", "7")
    reject(m, "Sara", "play red 1", "BH-1.7", "it is Fred's turn, not Sara's")
    events = legal(m, "Fred", "play red 3")
    assert events[0].text.startswith("Trick 7 of 7: Fred leads red 3")


# -- Bargains and junk -------------------------------------------------------------------

def test_bh_4_1_matching_numbers_to_the_bargain_pile_the_rest_to_junk():
    """BH-4.1: the winner's cards matching the bargain number (any colour) go face up to the bargain pile, others and Offers to junk."""
    m = hunt({"Sara": ["green 7"], "James": ["offer"], "Fred": ["blue 7"], "Mandy": ["red 7"]},
             bargain={"Sara": ["green 6"], "James": ["yellow 7"], "Fred": ["red 1"],
                      "Mandy": ["black 5"]}, dealer="Mandy")
    events = play(m, "Sara: play green 7", "James: play offer", "Fred: play blue 7 not trump",
                  "Mandy: play red 7 not trump")
    assert "[BH-4.1] James hunts 7s: green 7, blue 7 and red 7 onto the bargain pile; " \
           "an Irresistible Offer face down onto the junk pile" in texts(events)
    f = facts(m)
    assert f["bargain pile/James"] == ["yellow 7", "green 7", "blue 7", "red 7"]
    assert f["junk/James"] == ["offer"]        # checkpoints name an Offer as the notation does
    assert f["score/James"] == "3"


def test_bh_4_2_junk_is_hidden_bargains_are_open():
    """BH-4.2: only the owner sees a junk pile; bargain piles and the trick are open. That
    the others see its size is ruling BH-R14: the book hides only what it holds."""
    assert "how big" not in G.rules["BH-4.2"].text and G.rules["BH-R14"].is_ruling
    m = cleaning({"Sara": ["green 3", "red 9"]})
    for other in (1, 2, 3):
        seen = view(G, m.state, other)["zones"]
        assert seen["junk:0"] == [{"hidden": True}, {"hidden": True}]
        assert [c["label"] for c in seen["bargain:0"]] == ["green 6"]
    own = view(G, m.state, 0)["zones"]["junk:0"]
    assert [c["label"] for c in own] == ["green 3", "red 9"]
    row = next(r for r in G.scoreboard(m.state) if r["player"] == "Sara")
    assert row == {"player": "Sara", "bargain": 6, "bargain cards": 1, "junk cards": 2,
                   "score": -1}
    data = view(G, m.state, 1)["data"]   # what every seat may know, derived ones included
    assert (data["scores"], data["bargains"], data["winning_index"]) == ([-1, 1, 1, 1],
                                                                        [6, 2, 7, 5], None)


def test_bh_4_3_the_hunt_ends_with_empty_hands():
    """BH-4.3: after the trick that empties the hands comes spring cleaning, not another trick."""
    m = hunt({"Sara": ["green 2"], "James": ["green 7"], "Fred": ["green 4"],
              "Mandy": ["green 1"]}, "Sara: play green 2", "James: play green 7",
             "Fred: play green 4", dealer="Mandy")
    reject(m, "Mandy", "skip", "BH-5.1", "spring cleaning comes after the last trick",
           "1 trick of round 1 is still to play")
    events = legal(m, "Mandy", "play green 1")
    assert "[BH-4.3] That was the last trick of round 1" in texts(events)
    assert facts(m)["phase"] == "spring cleaning" and facts(m)["to act"] == "James"


# -- Spring cleaning ---------------------------------------------------------------------

def test_bh_5_1_from_the_last_winner_clockwise_one_item_or_skip():
    """BH-5.1: cleaning starts with the last trick's winner; an item not in the junk pile is refused, naming what is there."""
    m = cleaning({"Fred": ["green 3", "blue 3", "red 9", "offer"]}, last_winner="Fred")
    assert facts(m)["to act"] == "Fred"
    reject(m, "Fred", "clean 4", "BH-5.1", "Fred's junk pile has no 4s to clear out",
           "it holds 3 x2, 9 and 1 Irresistible Offer")
    reject(m, "Fred", "play green 3", "BH-5.1", "the tricks of round 1 are over")
    assert set(G.legal_moves(m.state, 2)) == {Clean(3), Clean(9), Skip()}
    legal(m, "Fred", "clean 9")
    assert facts(m)["to act"] == "Mandy"
    events = legal(m, "Mandy", "skip")
    assert events[0].text == "Mandy skips spring cleaning"
    assert facts(m)["to act"] == "Sara"


def test_bh_5_1_a_card_played_in_spring_cleaning_is_told_a_move_the_player_has():
    """BH-5.1: the refusal of a card play in spring cleaning suggests a clean-out of an
    item the player really holds (from the legal moves), not a fixed 'clean 3'; a
    player with an empty junk pile is told to skip."""
    m = cleaning({"Fred": ["green 7", "red 7"]}, last_winner="Fred")
    reason = reject(m, "Fred", "play green 3", "BH-5.1", "'clean 7'")
    assert "clean 3" not in reason
    m = cleaning({}, last_winner="Fred")
    reason = reject(m, "Fred", "play green 3", "BH-5.1", "has no item to clear out",
                    "'skip'")
    assert "'clean" not in reason


def test_bh_5_2_the_first_three_or_two_cards_go_to_the_trash():
    """BH-5.2: three cards are trashed first with three players, two with four. That the
    trash lies face up for all to see is ruling BH-R15, not the book."""
    assert "face-up" not in G.rules["BH-5.2"].text and G.rules["BH-R15"].is_ruling
    three = ["green 3", "red 3", "blue 3", "yellow 3"]
    m = cleaning({"Sara": three}, players=THREE)
    legal(m, "Sara", "clean 3")
    assert (facts(m)["trash size"], facts(m)["bargain size/Sara"]) == ("3", "2")
    m = cleaning({"Sara": three})
    events = legal(m, "Sara", "clean 3")
    assert (facts(m)["trash size"], facts(m)["bargain size/Sara"]) == ("2", "3")
    assert [e.rule for e in events[:2]] == ["BH-5.2", "BH-5.4"]
    assert events[0].text.endswith("green 3 and red 3 go to the trash, as with 4 players "
                                   "the first 2 cleared out always do")
    assert events[1].text.startswith("yellow 3 and blue 3 go onto Sara's bargain pile")
    for other in range(4):                      # BH-R15: every seat sees the trash
        assert [c["label"] for c in view(G, m.state, other)["zones"]["trash"]] == \
            facts(m)["trash"] and len(facts(m)["trash"]) == 2
    m = cleaning({"Sara": ["red 9", "blue 3"]})
    events = legal(m, "Sara", "clean 9")
    assert [e.text for e in events[:2]] == [
        "Sara clears out item 9 (1 card): red 9 goes to the trash, as with 4 players the "
        "first 2 cleared out always do",
        "Nothing is left over, so Sara's bargain stays 6"]


def test_bh_5_3_a_small_item_goes_wholly_to_the_trash():
    """BH-5.3: an item with no more cards than the minimum is trashed whole and the bargain stays."""
    m = cleaning({"Sara": ["green 3", "red 3", "yellow 9"]}, players=THREE)
    events = legal(m, "Sara", "clean 3")
    assert [e.rule for e in events[:2]] == ["BH-5.2", "BH-5.3"]
    assert "Sara's bargain stays 6" in events[1].text
    f = facts(m)
    assert (f["bargain/Sara"], f["bargain size/Sara"], f["junk/Sara"]) == \
        ("6", "1", ["yellow 9"])
    assert sorted(f["trash"]) == ["green 3", "red 3"]


def test_bh_5_4_the_rest_goes_to_the_bargain_pile_and_becomes_the_bargain():
    """BH-5.4: cards beyond the minimum go onto the bargain pile; the new item is hunted and the old one is junk from now on."""
    m = cleaning({"Sara": ["green 3", "red 3", "blue 3", "purple 3"]})
    events = legal(m, "Sara", "clean 3")
    assert [e.text for e in events[:2]] == [
        "Sara clears out item 3 (4 cards): green 3 and red 3 go to the trash, as with 4 "
        "players the first 2 cleared out always do",
        "blue 3 and purple 3 go onto Sara's bargain pile: Sara's bargain is now 3 (it was 6)"]
    assert facts(m)["bargain items/Sara"] == ["6", "3", "3"]
    all_skip(m)
    # Round 2: Sara (dealer) wins a trick holding a 3 and a 6: only the 3 is a bargain.
    m = hunt({"James": ["green 2"], "Fred": ["green 6"], "Mandy": ["green 3"],
              "Sara": ["green 8"]}, "James: play green 2", "Fred: play green 6",
             "Mandy: play green 3", "Sara: play green 8", round=2, dealer="Sara",
             bargain=dict(PILES, Sara=["green 6", "blue 3", "purple 3"]))
    f = facts(m)
    assert f["bargain items/Sara"] == ["6", "3", "3", "3"]
    assert f["junk items/Sara"] == ["2", "6", "8"]


def test_bh_5_5_offers_are_never_trashed():
    """BH-5.5: clearing out Irresistible Offers is refused; they stay in the junk pile."""
    m = cleaning({"Sara": ["offer", "offer", "green 3"]})
    reject(m, "Sara", "clean offer", "BH-5.5", "never cleared out or trashed",
           "Sara's 2 Irresistible Offers stay in the junk pile until the final scoring")
    m2 = cleaning({"James": ["green 3"]})
    reject(m2, "Sara", Clean("offer"), "BH-5.5", "Sara's junk pile holds none anyway")
    legal(m, "Sara", "clean 3")
    assert facts(m)["junk/Sara"] == ["offer", "offer"]


def test_bh_5_6_any_item_even_a_former_bargain_or_a_shared_one():
    """BH-5.6: players may clear out the same item, and an item that was their bargain before."""
    m = cleaning({"Sara": ["green 6", "yellow 6", "black 6"], "James": ["red 6", "blue 6"]},
                 bargain=dict(PILES, Sara=["red 6", "blue 3"]))
    assert facts(m)["bargain/Sara"] == "3"
    events = legal(m, "Sara", "clean 6")             # 6 was Sara's bargain before
    assert facts(m)["bargain/Sara"] == "6"
    assert [e.text for e in events if e.rule == "BH-5.6"] == [
        "Sara may clear out 6s though 6 was Sara's bargain before: any item may be "
        "cleared out"]
    events = legal(m, "James", "clean 6")            # the same item as Sara
    assert facts(m)["junk/James"] == []
    assert [e.text for e in events if e.rule == "BH-5.6"] == [
        "James may clear out 6s though Sara cleared out 6s too: any item may be cleared "
        "out"]


# -- End of the game ---------------------------------------------------------------------

def test_bh_6_1_the_last_round_allows_two_clear_outs_then_the_game_ends():
    """BH-6.1: in the last round a player may clear out two items (not three); after it nobody moves."""
    junk = {"Fred": ["green 3", "red 3", "blue 3", "yellow 5", "blue 5", "red 5", "red 9"]}
    m = cleaning(junk, round=4, last_winner="Fred")
    events = legal(m, "Fred", "clean 3")
    assert events[-1].text == "Fred may clear out a second item or skip"
    assert facts(m)["to act"] == "Fred"
    legal(m, "Fred", "clean 5")
    assert facts(m)["to act"] == "Mandy"
    reject(m, "Fred", "clean 9", "BH-R5", "Fred already cleared out the 3s and the 5s",
           "up to two items", "now Mandy cleans")
    events = all_skip(m)
    assert "[BH-6.1] Round 4 was the last: the game is over" in texts(events)
    reject(m, "Fred", "clean 9", "BH-6.1", "the game is over")
    assert all(G.legal_moves(m.state, s) == [] for s in range(4))
    m3 = cleaning({}, players=THREE, round=5)
    all_skip(m3)
    assert G.outcome(m3.state) is None and facts(m3)["round"] == "6"


def test_bh_6_2_bargain_cards_score_plus_one_junk_minus_one():
    """BH-6.2: the score is bargain cards minus junk cards, Irresistible Offers included."""
    m = cleaning({"Sara": ["green 1", "offer"], "James": ["green 2", "green 3", "offer"]},
                 bargain=dict(PILES, Sara=["green 6", "red 6", "blue 6"]), round=4)
    events = all_skip(m)
    outcome = G.outcome(m.state)
    assert outcome.scores == (1, -2, 1, 1)
    assert facts(m)["score/James"] == "-2"
    assert events[-1].rule == "BH-6.3"   # Sara, Fred and Mandy tie on 1 point


def test_bh_6_3_ties_go_to_the_smallest_junk_pile_then_are_shared():
    """BH-6.3: the highest score wins; a tie goes to the smaller junk pile; a full tie is shared."""
    clear = cleaning({"Sara": ["green 1"]}, bargain=dict(PILES, Sara=["green 6", "red 6",
                                                                     "blue 6"]), round=4)
    events = all_skip(clear)
    assert G.outcome(clear.state).winners == (0,)
    assert events[-1].rule == "BH-6.2"
    assert events[-1].text == "Sara wins with 2 points (3 bargain cards, 1 junk)"
    assert facts(clear)["winners"] == ["Sara"]
    tie = cleaning({"Sara": ["green 1"]}, bargain=dict(PILES, Sara=["green 6", "red 6"]),
                   round=4)
    events = all_skip(tie)
    outcome = G.outcome(tie.state)
    assert outcome.scores == (1, 1, 1, 1)
    assert outcome.winners == (1, 2, 3)
    assert outcome.explanation == ("James, Fred and Mandy tie on 1 point and 0 junk "
                                   "cards: they share the win")
    one = cleaning({"Sara": ["green 1"], "James": ["green 2"], "Fred": ["green 3"]},
                   bargain=dict(PILES, Sara=["green 6", "red 6"], James=["yellow 2",
                                "red 2"], Fred=["red 7", "blue 7"]), round=4)
    all_skip(one)
    assert G.outcome(one.state).winners == (3,)
    assert G.outcome(one.state).explanation == (
        "Sara, James, Fred and Mandy tie on 1 point; Mandy wins the tie with the smallest "
        "junk pile (0 cards)")


# -- Rulings -------------------------------------------------------------------------------

def test_bh_r1_a_led_offer_lets_the_next_coloured_card_set_the_lead():
    """BH-R1: after a led Offer the first coloured card sets the lead colour, which the others must then follow."""
    m = hunt({"Sara": ["offer", "green 2"], "James": ["blue 2", "red 2"],
              "Fred": ["blue 9", "red 9"], "Mandy": ["green 1", "red 1"]}, dealer="Mandy")
    events = legal(m, "Sara", "play offer")
    assert events[0].rule == "BH-R1" and facts(m)["lead colour"] == "none"
    reject(m, "James", "play red 2 trump", "BH-3.4", "red 2 sets the lead colour")
    events = legal(m, "James", "play red 2")
    assert events[0].text == "James plays red 2, the first coloured card: red is the lead " \
                             "colour"
    reject(m, "Fred", "play blue 9 trump", "BH-3.2", "Fred must follow red: Fred holds red 9")
    legal(m, "Fred", "play red 9")
    legal(m, "Mandy", "play red 1")
    assert facts(m)["last winner"] == "Sara"


def test_bh_r2_earlier_cards_of_a_colour_declared_trump_are_trump():
    """BH-R2: Sara declares yellow trump after Fred's yellow 9 'not trump': Fred's 9 now wins."""
    m = hunt({"James": ["purple 7"], "Fred": ["yellow 9"], "Sara": ["yellow 7"]},
             "James: play purple 7", "Fred: play yellow 9 not trump",
             players=THREE, dealer="Sara",
             bargain={"Sara": ["yellow 5"], "James": ["red 8"], "Fred": ["green 2"]})
    events = legal(m, "Sara", "play yellow 7 trump")
    assert "[BH-R2] yellow 9, played before, counts as trump too" in texts(events)
    assert facts(m)["last winner"] == "Fred"
    assert facts(m)["last winning card"] == "yellow 9"


def test_bh_r3_twins_rank_against_each_other_only():
    """BH-R3: a lower twin ranks just below its twin; a higher twin just above it, but below the next number up."""
    lower = hunt({"Sara": ["green 7"], "James": ["green 7"], "Fred": ["green 6"],
                  "Mandy": ["green 1"]}, "Sara: play green 7", "James: play green 7 lower",
                 "Fred: play green 6", "Mandy: play green 1", dealer="Mandy")
    assert (facts(lower)["last winner"], facts(lower)["last winning card"]) == \
        ("Sara", "green 7")
    higher = hunt({"Sara": ["green 4"], "James": ["green 4"], "Fred": ["green 5"],
                   "Mandy": ["green 3"]}, "Sara: play green 4", "James: play green 4 higher",
                  dealer="Mandy")
    assert G.winning_index(higher.state) == 1
    assert view(G, higher.state, 3)["data"]["winning_index"] == 1
    play(higher, "Fred: play green 5", "Mandy: play green 3")
    assert facts(higher)["last winner"] == "Fred"


def test_bh_r4_offers_cannot_be_cleared_out_and_cost_a_point():
    """BH-R4: 'clean offer' is never offered or allowed; Offers in junk cost a point each at the end."""
    m = cleaning({"Sara": ["offer"]}, round=4)
    assert G.legal_moves(m.state, 0) == [Skip()]
    reject(m, "Sara", "clean offer", "BH-5.5", "Sara's 1 Irresistible Offer stays")
    all_skip(m)
    assert G.outcome(m.state).scores[0] == 0


def test_bh_r5_both_clear_outs_in_one_turn_and_a_skip_ends_it():
    """BH-R5: in the last round a player cleans twice in a row; skipping after one ends their turn."""
    m = cleaning({"Sara": ["green 3", "blue 9"], "James": ["green 1"]}, round=4)
    legal(m, "Sara", "clean 3")
    assert facts(m)["to act"] == "Sara"
    events = legal(m, "Sara", "skip")
    assert events[0].text == "Sara clears out nothing more" and events[0].rule == "BH-R5"
    assert facts(m)["to act"] == "James"
    assert facts(m)["junk/Sara"] == ["blue 9"]


def test_bh_r6_first_dealer_by_lot_or_by_setup():
    """BH-R6: the first dealer is drawn by lot from the seed, or named by the setup."""
    dealers = {G.new_state(FOUR, seed=seed).data["dealer"] for seed in range(20)}
    assert dealers == {0, 1, 2, 3}
    assert G.new_state(FOUR, seed=3).dumps() == G.new_state(FOUR, seed=3).dumps()
    state = G.new_state(FOUR, seed=3, setup={"dealer": "Fred"})
    assert G.facts(state)["dealer"] == "Fred" and G.facts(state)["to act"] == "Mandy"
    with pytest.raises(SetupError, match="setup.dealer: 'Bob' is not a player"):
        G.new_state(FOUR, seed=3, setup={"dealer": "Bob"})


def test_bh_r7_an_offer_declares_nothing_and_fixes_no_trump():
    """BH-R7: 'play offer trump' is refused; after an Offer a later player still declares a colour trump."""
    m = hunt({"Sara": ["blue 5"], "James": ["offer"], "Fred": ["red 3"], "Mandy": ["blue 1"]},
             "Sara: play blue 5", dealer="Mandy")
    reject(m, "James", "play offer trump", "BH-R7", "an Irresistible Offer has no colour",
           "'play offer'")
    legal(m, "James", "play offer")
    assert facts(m)["trump"] == "none"
    reject(m, "Fred", "play red 3", "BH-3.4", "must declare whether red is trump")
    legal(m, "Fred", "play red 3 trump")
    legal(m, "Mandy", "play blue 1")
    assert (facts(m)["last winner"], facts(m)["last trump"]) == ("James", "red")


def test_bh_r8_nobody_dealt_a_card_goes_straight_to_cleaning():
    """BH-R8: with fewer cards left than players the round has no tricks; cleaning starts left of the dealer."""
    m = cleaning(all_but(3), round=3, dealer="Mandy")
    events = play(m, "Sara: skip", "James: skip", "Fred: skip", "Mandy: skip")
    assert "[BH-R8] Only 3 cards are left, fewer than the players: nobody is dealt a card" \
        in texts(events)
    f = facts(m)
    assert (f["round"], f["phase"], f["to act"], f["dealer"]) == ("4", "spring cleaning",
                                                                 "James", "Sara")
    assert "Spring cleaning, up to two items each" in texts(events)
    assert f["deck size"] == "3"


def test_bh_r9_six_colour_blind_safe_colours_with_symbols():
    """BH-R9: green, yellow, blue, red, purple, black, each with its own symbol and an Okabe-Ito hex."""
    assert [c.name for c in COLOURS] == ["green", "yellow", "blue", "red", "purple", "black"]
    assert len({c.symbol for c in COLOURS}) == 6
    assert len({c.symbol_name for c in COLOURS}) == 6
    assert {c.hex for c in COLOURS} <= OKABE_ITO and len({c.hex for c in COLOURS}) == 6
    with pytest.raises(NotationError, match="no card called 'orange 3'"):
        G.parse_move(None, 0, "play orange 3")


def test_bh_r10_twins_are_interchangeable():
    """BH-R10: moves name cards by colour and number; either copy will do and the result is the same."""
    m = hunt({"Sara": ["green 2", "green 2"], "James": ["green 7", "green 1"],
              "Fred": ["green 4", "green 3"], "Mandy": ["green 5", "green 6"]},
             dealer="Mandy")
    assert G.legal_moves(m.state, 0) == [Play("green 2")]   # two copies, one move
    assert G.parse_move(None, 0, "PLAY  Green 2") == Play("green 2")
    twin = hunt({"Sara": ["green 2", "green 2"], "James": ["green 7", "green 1"],
                 "Fred": ["green 4", "green 3"], "Mandy": ["green 5", "green 6"]},
                dealer="Mandy")
    legal(m, "Sara", "play green 2")
    legal(twin, "Sara", "play green 2")
    assert m.state.dumps() == twin.state.dumps()


def test_bh_r11_the_bargain_changes_only_when_cards_reach_the_pile():
    """BH-R11: a clear-out of exactly the minimum trashes everything and leaves the bargain as it was."""
    m = cleaning({"Mandy": ["purple 4", "purple 4", "green 9"]}, last_winner="Mandy")
    events = legal(m, "Mandy", "clean 4")
    assert events[1].rule == "BH-5.3" and "Mandy's bargain stays 5" in events[1].text
    assert facts(m)["bargain/Mandy"] == "5" and facts(m)["bargain pile/Mandy"] == ["black 5"]


def test_bh_r12_superfluous_declarations_are_refused():
    """BH-R12: no 'not trump' for a player who follows, nor once the trump colour is set."""
    m = hunt({"James": ["blue 5", "blue 6"], "Fred": ["red 3", "red 5"],
              "Mandy": ["yellow 9", "blue 4"], "Sara": ["red 1", "green 2"]},
             "James: play blue 5", dealer="Sara")
    legal(m, "Fred", "play red 3 trump")
    reject(m, "Mandy", "play blue 4 not trump", "BH-R12", "Mandy follows blue, so there is "
           "nothing to declare")
    legal(m, "Mandy", "play blue 4")
    m = hunt({"James": ["blue 5"], "Fred": ["red 3"], "Mandy": ["yellow 9"],
              "Sara": ["red 1"]}, "James: play blue 5", "Fred: play red 3 trump",
             dealer="Sara")
    reject(m, "Mandy", "play yellow 9 not trump", "BH-R12", "red is already trump, so "
           "yellow 9 is not trump anyway")
    legal(m, "Mandy", "play yellow 9")


def test_bh_r13_cards_are_called_by_colour_and_number():
    """BH-R13: labels are colour and number; only three item names are known and none is used in labels."""
    assert ITEM_NAMES == {3: "hair dryer", 6: "lamp", 8: "TV"}
    labels = {c.label for c in G.deck({})}
    assert "green 6" in labels and not any("lamp" in label for label in labels)


def test_bh_r14_junk_sizes_hand_sizes_and_offers_in_checkpoints():
    """BH-R14: every seat sees how many cards a junk pile holds, not which. A scenario
    checkpoint counts a hand as in the other games (hand size/NAME) and names an
    Irresistible Offer 'offer' wherever one appears, as the notation and setups do."""
    m = cleaning({"Mandy": ["purple 4", "green 9", "offer"]})
    for other in range(3):
        assert view(G, m.state, other)["zones"]["junk:3"] == [{"hidden": True}] * 3
    assert facts(m)["junk size/Mandy"] == "3"
    text = """\
game: bargain_hunter
title: checkpoints
players: [Sara, James, Fred, Mandy]
setup:
  dealer: Mandy
  bargain: {Sara: [green 6], James: [yellow 2], Fred: [red 1], Mandy: [black 5]}
  hands: {Sara: [yellow 4, red 1], James: [yellow 7, offer], Fred: [yellow 1, red 2],
          Mandy: [yellow 2, offer]}
steps:
  - who: Sara
    move: play yellow 4
    check: {hand/James: [yellow 7, offer], hand size/James: 2, hand size/Sara: 1}
  - who: James
    move: play offer
    check: {played/James: offer, hand/Mandy: [yellow 2, offer]}
  - who: Fred
    move: play yellow 1
  - who: Mandy
    move: play offer
    check: {last winner: Mandy, last winning card: offer (the second),
            junk/Mandy: [yellow 4, offer, yellow 1, offer],
            junk items/Mandy: ["4", offer, "1", offer]}
"""
    results = list(scenario.play(scenario.parse(text)))
    assert [r.checked for r in results if r.checked][-1] == (
        "last winner", "last winning card", "junk/Mandy", "junk items/Mandy")


# -- setups --------------------------------------------------------------------------------

def test_a_trick_in_progress_is_replayed_and_checked():
    """A setup's trick is played again on the engine, so an impossible trick is refused."""
    m = hunt({"Sara": ["blue 1"], "James": ["blue 2"], "Fred": ["green 7", "blue 3"],
              "Mandy": ["yellow 6", "blue 4"]}, trick=["green 2", "green 7"])
    f = facts(m)
    assert f["trick"] == ["green 2", "green 7"] and f["to act"] == "Fred"
    assert f["played/James"] == "green 7" and f["lead colour"] == "green"
    with pytest.raises(SetupError, match=r"setup.trick\[2\] \(James: yellow 6 not trump\): "
                                         r"cannot have been played: \[BH-3.2\] James must "
                                         r"follow green: James holds green 4"):
        hunt({"Sara": ["blue 1"], "James": ["green 4"], "Fred": ["blue 3", "red 3"],
              "Mandy": ["blue 4", "red 4"]}, trick=["green 2", "yellow 6 not trump"])


# -- limits a player reached are named, not the turn order (issue 13) ----------------------

def test_bh_5_1_a_second_clear_out_names_the_one_item_limit():
    """BH-5.1: after clearing out one item in a round that is not the last, a second clear-out is refused with the limit, and the end of the player's cleaning is told."""
    m = cleaning({"Sara": ["green 3", "red 3", "blue 3", "red 9", "blue 9"]}, round=1,
                 last_winner="Sara")
    events = legal(m, "Sara", "clean 3")
    assert events[-1].rule == "BH-5.1"
    assert events[-1].text == "Sara's spring cleaning is over; James cleans next"
    reason = reject(m, "Sara", "clean 9", "BH-5.1", "Sara already cleared out the 3s this round",
                    "one item for each player", "now James cleans")
    assert "turn" not in reason
    reject(m, "Sara", "skip", "BH-5.1", "Sara already cleared out the 3s")
    events = legal(m, "James", "skip")
    assert "James's spring cleaning is over; Fred cleans next" in texts(events)
    reject(m, "James", "clean 3", "BH-5.1", "James already skipped spring cleaning this round")
    reject(m, "Mandy", "clean 3", "BH-1.7", "it is Fred's turn, not Mandy's")  # not yet cleaned
    legal(m, "Fred", "skip")
    events = legal(m, "Mandy", "skip")
    assert "[BH-5.1] Mandy's spring cleaning is over, the last of round 1" in texts(events)


def test_bh_3_2_a_second_card_to_the_same_trick_names_the_one_card_limit():
    """BH-3.2: a player who already played to the trick is told so, with the card, not whose turn it is."""
    m = hunt({"Sara": ["green 2", "red 1"], "James": ["green 7", "red 2"],
              "Fred": ["green 4", "red 3"], "Mandy": ["green 1", "red 4"]},
             "Sara: play green 2")
    reject(m, "Sara", "play red 1", "BH-3.2", "Sara already played green 2 to this trick",
           "now James plays")
    reject(m, "Fred", "play green 4", "BH-1.7", "it is James's turn, not Fred's")


def test_bh_2_1_a_second_bargain_names_the_one_card_limit():
    """BH-2.1: a player who already laid a bargain cannot lay another while the others choose."""
    m = Match(G, FOUR, 7, {}, {"dealer": "Fred"})
    first = facts(m)["hand/Mandy"][0]
    legal(m, "Mandy", f"bargain {first}")
    second = facts(m)["hand/Mandy"][0]
    reject(m, "Mandy", f"bargain {second}", "BH-2.1", f"Mandy already chose a bargain ({first})",
           "now Sara chooses")
