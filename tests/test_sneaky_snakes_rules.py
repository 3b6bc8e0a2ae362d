"""One test (or a small group) per clause of Sneaky Snakes' rules.yaml.

Every clause id SN-1.1 ... SN-6.4 and every ruling SN-R1 ... SN-R17 has a test below
whose docstring starts with that id; a test near the end checks that none is forgotten.
Clauses that forbid something get a legal case and an illegal case; an illegal case
asserts the rule id that ``check`` and ``apply`` cite, that the reason names the
concrete cards, players or numbers, and that a rejected ``apply`` leaves the state
untouched. The move notation and the stand-in deck's data file are tested at the end.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from tutor import get_game
from tutor.core.game import NotationError, SetupError
from tutor.core.invariants import card_conservation, check_all
from tutor.core.match import Match
from tutor.core.views import view
from tutor.games.sneaky_snakes import (Answer, DiscardTwo, Give, Peek, Play, Point, Skip,
                                       Steal, Swap, SwapHands, TurnCard, Vote)
from tutor.games.sneaky_snakes.deck import CARDS_FILE, DECK, load_deck
from tutor.games.sneaky_snakes.moves import format_move, parse

from rule_checks import facts, legal, play, reject, rules_of, seat, texts

G = get_game("sneaky_snakes")
TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")


# -- helpers ---------------------------------------------------------------------------

def match(*steps, players=TWO, seed=1, options=None, **setup) -> Match:
    """A match from ``setup`` (Ann moves first unless told), then ``steps`` like
    'Ann: play 1'."""
    setup.setdefault("first", players[0])
    m = Match(G, players, seed, dict(options or {}), setup)
    play(m, *steps)
    return m


def basic(**setup) -> Match:
    """Two players. Before Ann's first draw (the Lucky Dip, facing away from her):
    Ann: Sticky Fingers, Gift, Snake Jones (away); Bob: Eyes Open, Switcheroo, Gift (away)."""
    setup.setdefault("hands", {"Ann": ["Sticky Fingers", "Gift", "Snake Jones (away)"],
                               "Bob": ["Eyes Open", "Switcheroo", "Gift (away)"]})
    setup.setdefault("draw", ["Lucky Dip", "Dumpster Dive", "Snake Pit"])
    return match(**setup)


# -- setting up --------------------------------------------------------------------------

def test_deck_bands():
    """SN-1.1: 24 cards for two players, 40 for three or four, 52 for five or more; the
    cards a smaller band does not use stay in the box."""
    for players, size in ((2, 24), (3, 40), (4, 40), (5, 52), (8, 52)):
        state = G.new_state([f"P{i}" for i in range(players)], seed=1)
        in_play = sum(len(cards) for zone, cards in state.zones.items() if zone != "box")
        assert in_play == size
        assert len(state.zones["box"]) == 52 - size
        assert card_conservation(G, state) == []
    assert DECK.counts_of["Snake Jones"] == (3, 3, 4)
    two = G.new_state(TWO, seed=1)
    assert not any(DECK.label[c] == "Double Bite" for zone, cards in two.zones.items()
                   if zone != "box" for c in cards)


def test_the_deal():
    """SN-1.2: two cards facing the holder, then one facing away; the starting player has
    also made the turn's first draw."""
    state = G.new_state(THREE, seed=4, setup={"first": "Bob"})
    assert G.facing(state, 0) == ["holder", "holder", "away"]
    assert G.facing(state, 2) == ["holder", "holder", "away"]
    assert G.facing(state, 1) == ["holder", "holder", "away", "away"]   # Bob drew
    assert len(state.zones["draw"]) == 40 - 9 - 1


def test_harder_deal():
    """SN-1.3: with the option hard, two cards face away from each player."""
    state = G.new_state(TWO, seed=4, options={"hard": True}, setup={"first": "Bob"})
    assert G.facing(state, 0) == ["holder", "holder", "away", "away"]
    with pytest.raises(SetupError, match="options.hard: expected true or false"):
        G.new_state(TWO, options={"hard": "yes"})


def test_draw_and_discard_piles():
    """SN-1.4: the rest is the face-down draw pile; the discard pile starts empty and
    shows its top card only."""
    m = basic()
    state = m.state
    assert state.zones["discard"] == []
    assert all(face == {"hidden": True} for face in view(G, state, 0)["zones"]["draw"])
    play(m, "Ann: play 2", "Ann: give 1 to Bob")
    assert [f.get("label") for f in view(G, m.state, 1)["zones"]["discard"]] == ["Gift"]


def test_starting_player_and_clockwise():
    """SN-1.5: the named shortest player starts; turns go on in seat order."""
    m = match(players=THREE, first="Bob")
    assert facts(m)["turn"] == "Bob"
    play(m, "Bob: point Cy 1", "Cy: answer yours")
    if facts(m)["phase"] == "resolve":
        m.play(seat(m, "Bob"), G.legal_moves(m.state, seat(m, "Bob"))[0])
    assert facts(m)["turn"] == "Cy"


# -- winning and seeing ---------------------------------------------------------------------

def test_two_ways_to_win():
    """SN-2.1: most cards at the end, or all Snake Jones facing you."""
    m = match(hands={"Ann": ["Snake Jones", "Snake Jones", "Eyes Open", "Snake Jones (away)"],
                     "Bob": ["Gift"]}, draw=["Gift"])
    events = play(m, "Ann: play 3", "Ann: turn 3")
    assert facts(m)["winners"] == ["Ann"] and facts(m)["end"] == "snake jones"
    won = [e for e in events if e.rule in ("SN-2.1", "SN-6.1")]
    assert [(e.rule, e.text) for e in won] == [   # the player is named, not "them"
        ("SN-2.1", "Ann holds every Snake Jones card, each facing Ann: that is one of the "
                   "two ways to win"),
        ("SN-6.1", "The game ends at once, and Ann wins")]
    assert G.outcome(m.state).explanation.endswith("each facing Ann")
    m = match(hands={"Ann": ["Gift", "Gift"], "Bob": ["Gift"]}, draw=["Gift", "Lucky Dip"],
              draw_size=2)
    play(m, "Ann: discard 1+2")
    assert facts(m)["end"] == "draw pile"


def test_seeing_is_per_card_and_per_seat():
    """SN-2.2: a card facing its holder is seen by the holder only; a card facing away
    by everyone else; which way each is held is public."""
    m = basic()
    state = m.state
    ann, bob = view(G, state, 0), view(G, state, 1)
    own = [f.get("label") for f in ann["zones"]["hand:0"]]
    assert own == ["Sticky Fingers", "Gift", None, None]   # Snake Jones, Lucky Dip hidden
    seen_by_bob = [f.get("label") for f in bob["zones"]["hand:0"]]
    assert seen_by_bob == [None, None, "Snake Jones", "Lucky Dip"]
    assert ann["data"]["facing:0"] == bob["data"]["facing:0"] == \
        ["holder", "holder", "away", "away"]
    assert [f.get("label") for f in ann["zones"]["hand:1"]] == [None, None, "Gift"]


# -- a turn ---------------------------------------------------------------------------------

def test_turn_begins_with_a_draw_facing_away():
    """SN-3.1: the turn's draw faces away from the drawer; the draw after discarding two
    (SN-3.6) is an exception the clause names, and faces the drawer."""
    m = basic()
    assert facts(m)["hand/Ann"][-1] == "Lucky Dip (away)"
    events = play(m, "Ann: discard 1+2")
    assert facts(m)["hand/Ann"][-1] == "Dumpster Dive"
    assert "SN-3.1" in rules_of(events) and "Bob draws a card" in texts(events)
    assert facts(m)["hand/Bob"][-1] == "Snake Pit (away)"
    assert "SN-3.6" in G.rules["SN-3.1"].text and "always" not in G.rules["SN-3.1"].text


def test_one_action_then_the_turn_passes():
    """SN-3.2: exactly one action; a second one is refused (the turn is over)."""
    m = basic()
    legal(m, "Ann", "discard 1+2")
    reject(m, "Ann", "skip", "SN-3.2", "Ann already took the one action of Ann's turn",
           "now it is Bob's turn")
    m3 = match(players=THREE)
    reject(m3, "Cy", "skip", "SN-3.8", "Ann's turn, not Cy's")   # Cy has not played yet


def test_play_a_card_seen_or_not():
    """SN-3.3: any card of yours, even unseen; a position past the hand is refused."""
    m = basic()
    reject(m, "Ann", "play 5", "SN-3.3", "Ann's hand holds 4 cards", "no card 5")
    events = legal(m, "Ann", "play 3")
    assert "Snake Jones, face up (Ann could not see it)" in texts(events)
    assert facts(m)["discard"] == "Snake Jones"


def test_point_at_another_players_card():
    """SN-3.4: at any card of another player; not at your own, not past the hand."""
    m = basic()
    reject(m, "Ann", "point Ann 1", "SN-3.4", "Ann cannot point at Ann")
    reject(m, "Ann", "point Dan 1", "SN-3.4", "no player called 'Dan'")
    reject(m, "Ann", "point Bob 4", "SN-3.4", "Bob's hand holds 3 cards")
    events = legal(m, "Ann", "point Bob 1")
    assert "Ann points at Bob's card 1, which faces Bob" in texts(events)
    assert "Eyes Open" not in texts(events)
    assert G.to_act(m.state) == (1,)


def test_pointed_player_answers_both_ways():
    """SN-3.5: the player pointed at answers out of turn: play it, or let the pointer."""
    m = basic()
    play(m, "Ann: point Bob 3")
    reject(m, "Ann", "answer yours", "SN-3.5", "Bob must answer, not Ann")
    reject(m, "Bob", "play 1", "SN-3.5", "answer play")
    events = legal(m, "Bob", "answer yours")
    assert "Ann plays the card, Gift" in texts(events)
    assert facts(m)["phase"] == "resolve" and facts(m)["to act"] == "Ann"
    m = basic()
    play(m, "Ann: point Bob 1")
    events = legal(m, "Bob", "answer play")
    assert "Bob plays the card, Eyes Open" in texts(events)
    assert facts(m)["to act"] == "Bob" and facts(m)["resolving"] == "Eyes Open"


def test_discard_two_and_draw_one_facing_you():
    """SN-3.6: two cards go, one comes facing you, the turn ends."""
    m = basic()
    reject(m, "Ann", "discard 1+7", "SN-3.6", "no card 7")
    assert G.check(m.state, 0, DiscardTwo((1, 3))) is None   # any two, not just those offered
    assert DiscardTwo((1, 2)) in G.legal_moves(m.state, 0)
    m.play(0, "discard 1+3")
    assert facts(m)["hand/Ann"] == ["Gift", "Lucky Dip (away)", "Dumpster Dive"]
    assert facts(m)["turn"] == "Bob"


def test_skip_only_without_faces_in_view():
    """SN-3.7: skipping needs you to see no face in the other hands."""
    m = basic()
    reject(m, "Ann", "skip", "SN-3.7", "Ann sees the face of cards held by Bob")
    m = match(hands={"Ann": ["Gift"], "Bob": ["Gift", "Lucky Dip"]}, draw=["Eyes Open"] * 1)
    events = legal(m, "Ann", "skip")
    assert rules_of(events)[0] == "SN-3.7"


def test_out_of_turn_is_refused():
    """SN-3.8: only the turn player acts outside an answer."""
    m = basic()
    reject(m, "Bob", "play 1", "SN-3.8", "it is Ann's turn, not Bob's")


def test_empty_hand_waits_and_draws():
    """SN-3.9: a player with no cards draws on their next turn as usual."""
    m = match(hands={"Ann": ["Sticky Fingers", "Gift"], "Bob": ["Gift"]},
              draw=["Eyes Open", "Lucky Dip", "Snake Pit"])
    play(m, "Ann: play 1", "Ann: steal Bob 1")
    assert facts(m)["hand size/Bob"] == "1"   # Bob lost his only card, then drew
    events = m.plies[-1].events
    assert "SN-3.9" in rules_of(events) and "Bob holds no cards" in texts(events)


# -- seeing cards ---------------------------------------------------------------------------

def test_drawn_cards_are_never_seen():
    """SN-4.1: a drawn card is hidden from the drawer only."""
    m = basic()
    lucky = m.state.zones["hand:0"][-1]
    assert not G.can_see(m.state, "hand:0", 3, 0) and G.can_see(m.state, "hand:0", 3, 1)
    assert DECK.label[lucky] == "Lucky Dip"


def test_received_cards_face_you():
    """SN-4.2: stolen, given and taken cards face their new holder."""
    m = basic()
    play(m, "Ann: play 1", "Ann: steal Bob 3")
    assert facts(m)["hand/Ann"][-1] == "Gift"
    assert G.facing(m.state, 0)[-1] == "holder"


def test_swap_keeps_what_each_saw():
    """SN-4.3: after a swap both players see exactly what they saw before."""
    m = basic(hands={"Ann": ["Switcheroo", "Gift", "Snake Jones (away)"],
                     "Bob": ["Eyes Open", "Sticky Fingers (away)"]})
    before = {s: [f.get("label") for f in view(G, m.state, s)["zones"]["hand:0"]]
              for s in (0, 1)}
    play(m, "Ann: play 1", "Ann: swap 2 with Bob 2")
    after = {s: view(G, m.state, s) for s in (0, 1)}
    # Ann gave the Snake Jones (Bob saw it) and got the Sticky Fingers (Ann saw it).
    assert [f.get("label") for f in after[0]["zones"]["hand:0"]][1] == "Sticky Fingers"
    assert [f.get("label") for f in after[1]["zones"]["hand:1"]][1] == "Snake Jones"
    assert before[1][2] == "Snake Jones" and before[0][2] is None


def test_peeking_is_penalised():
    """SN-4.4: a card looked at after drawing it goes back into the middle of the draw
    pile; the turn goes on."""
    m = basic()
    reject(m, "Ann", "peek 9", "SN-4.4", "no card 9")
    pile = len(m.state.zones["draw"])
    card = m.state.zones["hand:0"][3]          # the Lucky Dip Ann has just drawn
    events = legal(m, "Ann", "peek 4")
    assert rules_of(events) == ["SN-4.1", "SN-4.4"] and "Lucky Dip" not in texts(events)
    assert events[0].text == "Ann may not see the face of a card that faces away, unless " \
        "a card's effect allows it"
    assert m.state.zones["draw"].index(card) == pile // 2
    assert facts(m)["to act"] == "Ann" and facts(m)["phase"] == "action"


# -- the stand-in deck's effects (rulings SN-R18 to SN-R25, the tutor's own deck) ----------

def test_choices_are_made_by_the_cards_player():
    """SN-R18: a card with choices puts its player in the resolve phase; other moves and
    other seats wait."""
    m = basic()
    play(m, "Ann: play 1")
    reject(m, "Ann", "skip", "SN-R20", "Sticky Fingers", "steal NAME 2")
    reject(m, "Bob", "play 1", "SN-R18", "Ann is carrying out the Sticky Fingers")
    m2 = basic()
    reject(m2, "Ann", "steal Bob 1", "SN-R18", "no card is being carried out")


def test_unseen_cards_work_or_not_as_they_say():
    """SN-R19: an unseen Sticky Fingers does nothing; an unseen Gift works."""
    m = basic(hands={"Ann": ["Gift", "Sticky Fingers (away)", "Gift (away)"],
                     "Bob": ["Gift"]})
    events = legal(m, "Ann", "play 2")
    assert "Sticky Fingers played unseen does nothing" in texts(events)
    assert facts(m)["turn"] == "Bob"
    m = basic(hands={"Ann": ["Gift", "Gift (away)"], "Bob": ["Gift"]})
    events = legal(m, "Ann", "play 2")
    assert "works even when played unseen" in texts(events)
    assert facts(m)["phase"] == "resolve"


def test_steal():
    """SN-R20: take a card of another player; Double Bite takes two."""
    m = basic()
    play(m, "Ann: play 1")
    reject(m, "Ann", "steal Bob 4", "SN-R20", "Bob's hand holds 3 cards")
    reject(m, "Ann", "steal Ann 1", "SN-R20", "Ann cannot steal from Ann")
    legal(m, "Ann", "steal Bob 2")
    assert facts(m)["hand size/Ann"] == "4"
    m = match(players=THREE, hands={"Ann": ["Double Bite", "Gift"], "Bob": ["Gift", "Gift"],
                                    "Cy": ["Gift"]})
    play(m, "Ann: play 1", "Ann: steal Bob 1")
    assert facts(m)["to act"] == "Ann"
    play(m, "Ann: steal Cy 1")
    assert facts(m)["hand size/Ann"] == "4" and facts(m)["turn"] == "Bob"


def test_take_from_a_pile():
    """SN-R21: Lucky Dip takes the top of the draw pile; Dumpster Dive the two cards under
    it on the discard pile."""
    m = basic(hands={"Ann": ["Lucky Dip", "Dumpster Dive"], "Bob": ["Gift"]},
              discard=["Snake Pit", "Gift"], draw=["Gift", "Eyes Open", "Switcheroo"])
    play(m, "Ann: play 1")
    assert facts(m)["hand/Ann"] == ["Dumpster Dive", "Gift (away)", "Eyes Open"]
    m = basic(hands={"Ann": ["Lucky Dip", "Dumpster Dive"], "Bob": ["Gift"]},
              discard=["Snake Pit", "Gift"], draw=["Gift"] * 2)
    events = play(m, "Ann: play 2")
    assert facts(m)["hand/Ann"][-2:] == ["Snake Pit", "Gift"]
    assert facts(m)["discard"] == "Dumpster Dive" and "SN-R21" in rules_of(events)


def test_gift():
    """SN-R22: give one of your cards to another player; it faces them."""
    m = basic()
    play(m, "Ann: play 2")
    reject(m, "Ann", "give 8 to Bob", "SN-R22", "Ann's hand holds 3 cards")
    reject(m, "Ann", "turn 1", "SN-R22", "give 1 to NAME")
    legal(m, "Ann", "give 2 to Bob")
    assert facts(m)["hand/Bob"][3] == "Snake Jones"


def test_swap_one_card_or_whole_hands():
    """SN-R23: Switcheroo swaps one card, Snake Pit the whole hands."""
    m = basic(hands={"Ann": ["Snake Pit", "Gift"], "Bob": ["Eyes Open", "Switcheroo", "Gift"]},
              draw=["Gift", "Lucky Dip"])
    play(m, "Ann: play 1")
    reject(m, "Ann", "swap 1 with Bob 1", "SN-R23", "swap hands with NAME")
    legal(m, "Ann", "swap hands with Bob")
    assert facts(m)["hand size/Ann"] == "3" and facts(m)["hand/Ann"][0] == "Eyes Open (away)"
    m = basic()
    play(m, "Ann: point Bob 2", "Bob: answer play")
    reject(m, "Bob", "swap 1 with Ann 9", "SN-R23", "Ann's hand holds 4 cards")
    legal(m, "Bob", "swap 1 with Ann 1")
    assert facts(m)["hand/Bob"][0] == "Sticky Fingers (away)"


def test_reveal():
    """SN-R24: Eyes Open turns up to two facing-away cards to face you."""
    m = basic(hands={"Ann": ["Eyes Open", "Gift (away)", "Gift"], "Bob": ["Gift"]})
    play(m, "Ann: play 1")
    reject(m, "Ann", "turn 2", "SN-R24", "card 2 already faces Ann")
    events = legal(m, "Ann", "turn 1")
    assert rules_of(events)[:2] == ["SN-R24", "SN-4.1"]   # the effect SN-4.1 excepts
    assert "Ann sees this one from now on" in events[1].text
    assert facts(m)["to act"] == "Ann"
    legal(m, "Ann", "turn 3")
    assert G.facing(m.state, 0) == ["holder", "holder", "holder"]


def test_snake_jones_does_nothing_when_played():
    """SN-R25."""
    m = basic(hands={"Ann": ["Snake Jones"], "Bob": ["Gift"]})
    events = legal(m, "Ann", "play 1")
    assert "SN-R25" in rules_of(events) and facts(m)["turn"] == "Bob"


# -- the end --------------------------------------------------------------------------------

def test_end_at_the_last_draw_or_snake_jones():
    """SN-6.1: the last card drawn ends the game; anyone acting after is refused."""
    m = match(hands={"Ann": ["Lucky Dip"], "Bob": ["Gift", "Eyes Open"]},
              draw=["Switcheroo", "Snake Pit"], draw_size=2)
    play(m, "Ann: point Bob 1", "Bob: answer play", "Bob: give 1 to Ann")
    assert facts(m)["phase"] == "over" and G.to_act(m.state) == ()
    assert facts(m)["winners"] == ["Ann"]
    m = match(hands={"Ann": ["Gift", "Lucky Dip"], "Bob": ["Gift"]},
              draw=["Switcheroo", "Eyes Open"], draw_size=2)
    play(m, "Ann: discard 1+2")
    reject(m, "Bob", "skip", "SN-6.1", "the game is over")


def test_most_cards_win():
    """SN-6.2."""
    m = match(hands={"Ann": ["Gift", "Lucky Dip", "Eyes Open"], "Bob": ["Gift"]},
              draw=["Switcheroo", "Snake Jones"], draw_size=2)
    events = play(m, "Ann: discard 1+2")
    assert facts(m)["winners"] == ["Ann"]
    assert "Cards in hand: Ann 3, Bob 1" in texts(events)
    assert G.outcome(m.state).scores == (3, 1)


def tie_position(**options) -> Match:
    """Ann and Bob end with three cards each, Cy with one."""
    return match(players=THREE, options=options,
                 hands={"Ann": ["Gift", "Lucky Dip", "Switcheroo"],
                        "Bob": ["Gift", "Gift", "Eyes Open"], "Cy": ["Gift"]},
                 draw=["Sticky Fingers", "Snake Pit"], draw_size=2)


def test_ties_are_shared_or_battled():
    """SN-6.3: the tied players choose; 'share' shares the win."""
    m = tie_position()
    play(m, "Ann: discard 1+2")
    assert facts(m)["phase"] == "tie" and set(G.to_act(m.state)) == {0, 1}
    reject(m, "Cy", "battle", "SN-R12", "only the tied players Ann and Bob")
    reject(m, "Ann", "skip", "SN-6.3", "say 'battle'")
    legal(m, "Bob", "share")
    assert facts(m)["winners"] == ["Ann", "Bob"] and G.to_act(m.state) == ()


def test_snake_battle():
    """SN-6.4: hands discarded, four random cards per tied player, one card each."""
    m = tie_position()
    play(m, "Ann: discard 1+2", "Ann: battle", "Bob: battle")
    f = facts(m)
    assert f["in game"] == ["Ann", "Bob"] and f["battles"] == "1"
    assert f["draw pile"] == str(8 - 2 - 1)
    assert f["hand size/Cy"] == "1"
    assert check_all(G, m.state) == []


# -- rulings --------------------------------------------------------------------------------

def test_stand_in_deck_is_data():
    """SN-R1: the deck comes from cards.yaml, labelled as the tutor's stand-in."""
    doc = yaml.safe_load(CARDS_FILE.read_text())
    assert doc["title"] == "the tutor's stand-in deck"
    listed = {row["name"]: row["counts"][2] for row in doc["cards"]}
    assert Counter(DECK.label[c.id] for c in DECK.deck) == listed
    assert view(G, G.new_state(TWO), None)["data"]["deck"] == "the tutor's stand-in deck"
    for name, effect in DECK.effect_of.items():
        assert name in G.rules["SN-R1"].text
        assert effect.text


def test_starting_player_by_lot_or_setup():
    """SN-R2."""
    turns = {G.new_state(THREE, seed=s).data["turn"] for s in range(20)}
    assert turns == {0, 1, 2}
    with pytest.raises(SetupError, match="'Dan' is not a player"):
        G.new_state(THREE, setup={"first": "Dan"})


def test_the_last_draw_ends_before_acting():
    """SN-R3: the turn's automatic draw of the last card ends the game at once."""
    m = match(hands={"Ann": ["Gift"], "Bob": ["Gift"]}, draw=["Gift", "Gift"], draw_size=2)
    events = play(m, "Ann: point Bob 1", "Bob: answer yours", "Ann: give 1 to Bob")
    assert "SN-R3" in rules_of(events)
    assert G.to_act(m.state) == () or facts(m)["phase"] == "tie"


def test_other_draws_end_after_the_move():
    """SN-R4: a take of the last card ends the game after the move."""
    m = match(hands={"Ann": ["Lucky Dip"], "Bob": ["Gift"]}, draw=["Gift", "Gift"],
              draw_size=2)
    events = play(m, "Ann: play 1")
    assert "SN-R4" in rules_of(events) and facts(m)["end"] == "draw pile"


def test_positions_shift_left():
    """SN-R5: new cards go to the right; later cards move up when one leaves."""
    m = basic()
    play(m, "Ann: play 1")
    assert facts(m)["hand/Ann"][0] == "Gift"
    play(m, "Ann: steal Bob 1")
    assert facts(m)["hand/Ann"][-1] == "Eyes Open"


def test_pointer_sees_what_faced_away():
    """SN-R6: a pointed card played by the pointer counts as seen when it faced away
    from its holder."""
    m = basic(hands={"Ann": ["Gift"], "Bob": ["Gift", "Sticky Fingers (away)"]})
    play(m, "Ann: point Bob 2")
    events = legal(m, "Bob", "answer yours")
    assert "could not see" not in texts(events) and facts(m)["resolving"] == "Sticky Fingers"


def test_nothing_to_choose():
    """SN-R7: a steal with no card anywhere else ends at once."""
    m = match(hands={"Ann": ["Sticky Fingers"], "Bob": []}, draw=["Gift", "Gift", "Gift"])
    events = legal(m, "Ann", "play 1")
    assert "nothing is left to choose" in texts(events)


def test_swapped_cards_turn_round():
    """SN-R8: a third player's sight of swapped cards turns round."""
    m = match(players=THREE, hands={"Ann": ["Switcheroo", "Gift"],
                                    "Bob": ["Eyes Open (away)"], "Cy": ["Gift"]})
    gift = m.state.zones["hand:0"][1]
    assert not G.can_see(m.state, "hand:0", 1, 2)
    play(m, "Ann: play 1", "Ann: swap 1 with Bob 1")
    index = m.state.zones["hand:1"].index(gift)
    assert G.can_see(m.state, "hand:1", index, 2)          # Cy now sees it
    assert not G.can_see(m.state, "hand:1", index, 1)      # Bob did not, and does not
    assert G.can_see(m.state, "hand:1", index, 0)          # Ann did, and does


def test_peek_only_a_card_facing_away():
    """SN-R9: the penalty covers every card facing away, also one dealt that way (the
    book names only a drawn card); a card facing its holder cannot be peeked at."""
    m = basic()
    reject(m, "Ann", "peek 1", "SN-R9", "card 1 already faces Ann")
    card = m.state.zones["hand:0"][2]          # Snake Jones, dealt facing away
    events = legal(m, "Ann", "peek 3")
    assert rules_of(events) == ["SN-4.1", "SN-4.4"] and "Snake Jones" not in texts(events)
    assert card in m.state.zones["draw"] and facts(m)["to act"] == "Ann"
    assert G.rules["SN-R9"].is_ruling and "goes beyond the rulebook" in G.rules["SN-R9"].text
    assert "you drew" in G.rules["SN-4.4"].text


def test_skip_ruling():
    """SN-R10: another hand's facing-away card forbids skipping; empty hands do not."""
    m = match(hands={"Ann": ["Gift"], "Bob": []}, draw=["Gift"] * 2)
    assert Skip() in G.legal_moves(m.state, 0)


def test_discard_two_needs_two_cards():
    """SN-R11."""
    m = match(hands={"Ann": [], "Bob": ["Gift"]}, draw=["Gift"] * 2)
    reject(m, "Ann", "discard 1+2", "SN-R11", "Ann holds 1 card")


def test_battle_options_and_second_tie():
    """SN-R12: 'never' shares, 'always' battles; a tie after a battle is shared."""
    m = tie_position(snake_battle="never")
    play(m, "Ann: discard 1+2")
    assert facts(m)["winners"] == ["Ann", "Bob"]
    m = tie_position(snake_battle="always")
    play(m, "Ann: discard 1+2")
    assert facts(m)["battles"] == "1"
    with pytest.raises(SetupError, match="snake_battle: 'maybe' is not a choice"):
        G.new_state(TWO, options={"snake_battle": "maybe"})


def test_battle_setup_and_sitting_out():
    """SN-R13: the others sit out and may not be targeted."""
    m = tie_position(snake_battle="always")
    play(m, "Ann: discard 1+2")
    turn = facts(m)["turn"]
    reject(m, turn, "point Cy 1", "SN-R13", "Cy sits out")
    assert "Cy" not in facts(m)["to act"]


def test_snake_jones_in_play_only():
    """SN-R14: five players need all four Snake Jones; a setup that already wins is
    refused."""
    state = G.new_state([f"P{i}" for i in range(5)], seed=1)
    assert len(G.snake_jones_in_play(state)) == 4
    with pytest.raises(SetupError, match="already holds every Snake Jones"):
        G.new_state(TWO, setup={"hands": {"Ann": ["Snake Jones"] * 3}})


def test_hard_is_an_option():
    """SN-R15: unknown options are refused."""
    with pytest.raises(SetupError, match="unknown option"):
        G.new_state(TWO, options={"harder": True})


def test_pointing_needs_a_card_and_passes_the_turn():
    """SN-R16."""
    m = match(players=THREE, hands={"Ann": ["Gift"], "Bob": [], "Cy": ["Gift", "Lucky Dip"]})
    reject(m, "Ann", "point Bob 1", "SN-R16", "Bob holds no cards")
    play(m, "Ann: point Cy 1", "Cy: answer play", "Cy: give 1 to Ann")
    assert facts(m)["turn"] == "Bob"


def test_player_counts():
    """SN-R17: two to eight players."""
    with pytest.raises(SetupError, match="2 to 8 players, not 9"):
        G.new_state([f"P{i}" for i in range(9)])


# -- setup validation, notation, data -------------------------------------------------------

def test_setup_errors_name_the_key_and_card():
    with pytest.raises(SetupError, match="setup.hands.Ann: the tutor's stand-in deck has "
                                         "no card called 'Snek'"):
        G.new_state(TWO, setup={"hands": {"Ann": ["Snek"]}})
    with pytest.raises(SetupError, match="no Double Bite card is left: with 2 players"):
        G.new_state(TWO, setup={"hands": {"Ann": ["Double Bite"]}})
    with pytest.raises(SetupError, match="unknown key"):
        G.new_state(TWO, setup={"deal": []})
    with pytest.raises(SetupError, match="draw_size: expected a number from 1"):
        G.new_state(TWO, setup={"draw_size": 0})


def test_every_card_is_somewhere_once_in_a_mid_game_position():
    m = basic(discard=["Eyes Open", "Switcheroo"], draw_size=4)
    assert card_conservation(G, m.state) == []
    assert len(m.state.zones["draw"]) == 3


@pytest.mark.parametrize("text, move", [
    ("play 2", Play(2)), ("point Ann 3", Point("Ann", 3)), ("answer play", Answer(True)),
    ("answer yours", Answer(False)), ("discard 1+3", DiscardTwo((1, 3))),
    ("skip", Skip()), ("peek 3", Peek(3)), ("steal Ann 2", Steal("Ann", 2)),
    ("give 1 to Ann", Give(1, "Ann")), ("swap 1 with Ann 3", Swap(1, "Ann", 3)),
    ("swap hands with Ann", SwapHands("Ann")), ("turn 2", TurnCard(2)),
    ("battle", Vote(True)), ("share", Vote(False)),
])
def test_notation_round_trip(text, move):
    assert parse(text) == move
    assert format_move(move) == text
    assert parse(format_move(move)) == move


def test_notation_is_forgiving_about_case_and_order():
    assert parse("DISCARD 3+1") == DiscardTwo((1, 3))
    assert parse("Point  at ann 2") == Point("ann", 2)
    state = G.new_state(TWO, seed=1)
    assert G.parse_move(state, 0, "point BOB 1") == Point("Bob", 1)


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("shout", "unknown move 'shout'"),
    ("play", "write 'play 2'"),
    ("play 0", "count from 1"),
    ("discard 2+2", "two different cards"),
    ("give Ann 1", "write 'give 1 to Ann'"),
])
def test_unreadable_moves_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_bad_card_data_is_refused(tmp_path):
    doc = yaml.safe_load(CARDS_FILE.read_text())
    doc["cards"][0]["counts"] = [3, 3, 5]
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(ValueError, match="the bands hold"):
        load_deck(path)
    doc["cards"][0]["effect"] = {"kind": "explode"}
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(ValueError, match="effect kind 'explode'"):
        load_deck(path)


# -- narration and refusals a learner reads right (issue 13) --------------------------------

def test_sn_r3_the_first_draw_of_the_game_is_told():
    """SN-R3: the starting player's automatic first draw is an event, before any move,
    told last of the setup."""
    m = basic()
    *_, event = G.opening_events(m.state)
    assert event.rule == "SN-R3"
    assert event.text == ("The game begins: Ann starts and at once draws a card, held facing "
                          "away; 17 cards left in the draw pile")
    assert facts(m)["hand/Ann"][-1] == "Lucky Dip (away)"


def test_sn_r20_a_card_s_words_are_quoted_not_narrated():
    """SN-R20: the card's text speaks to its player ("it faces you"); the narration quotes it as the card's words."""
    m = basic()
    events = play(m, "Ann: play 1")
    carried = next(e for e in events if e.rule == "SN-R20")
    assert carried.text.startswith('Ann carries out Sticky Fingers, which reads: "')
    assert carried.text.endswith('"')
    outside_quote = carried.text.split('"')[0]
    assert "you" not in outside_quote.lower()


def test_sn_3_5_refusals_name_the_player_not_you():
    """SN-3.5: answering when nobody pointed is refused in the third person, like the narration."""
    m = basic()
    reason = reject(m, "Ann", "answer play", "SN-3.5", "nobody has pointed at a card of Ann's",
                    "on this turn Ann plays, points, discards two or skips")
    assert "your" not in reason
