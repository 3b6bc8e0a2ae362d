"""One test (or a small group) per clause of Sell Me a Sasquatch's rules.yaml.

Every clause id SQ-1.1 ... SQ-9.6 and every ruling SQ-R1 ... SQ-R18 has a test below
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
from tutor.core.invariants import check_all
from tutor.core.match import Match
from tutor.core.views import view
from tutor.games import scenario_dir
from tutor.games.sell_me_a_sasquatch import (Accept, Choose, Deal, Done, Flip, LastChance,
                                             Reverse, Split, Steal, Thingamabob)
from tutor.games.sell_me_a_sasquatch.deck import CARDS_FILE, DECK, LABEL
from tutor.games.sell_me_a_sasquatch.moves import format_move, parse
from tutor.hints import hints
from tutor.session import Walkthrough

from rule_checks import facts, legal, play, reject, rules_of, seat, texts

G = get_game("sell_me_a_sasquatch")
FOUR = ("Ann", "Bob", "Cat", "Dan")
HANDS = {"Ann": ["Tiny", "Medium", "Big", "Trojan Horse", "Loan Shark"],
         "Bob": ["Giant", "Tiny", "Loan Shark", "Medium", "Detrital Repositioner"],
         "Cat": ["Big", "Big", "Poison Pill Bug", "Tiny", "Medium"],
         "Dan": ["Medium", "Trojan Horse", "Tiny", "Platonic Isolator", "Big"]}
DEALS = ("Bob: deal Giant+Loan Shark+Tiny up Tiny",
         "Cat: deal Poison Pill Bug+Big+Big up Big",
         "Dan: deal Trojan Horse+Platonic Isolator+Medium up Medium")
GADGETS = {"Ann": ["Spectroelectric Optimeter", "Super Detrital Repositioner"],
           "Bob": ["Detrital Repositioner"], "Cat": ["Cryptozooptic Expander"],
           "Dan": ["Platonic Isolator"]}


# -- helpers ---------------------------------------------------------------------------

def match(*steps, players=FOUR, seed=1, **setup) -> Match:
    """A match from ``setup`` (Ann is the buyer unless told), then ``steps`` like
    'Bob: deal Giant+Loan Shark+Tiny up Tiny'."""
    if "first" not in setup:
        setup.setdefault("buyer", players[0])
    if players == FOUR:
        setup.setdefault("hands", {k: list(v) for k, v in HANDS.items()})
    m = Match(G, players, seed, {}, setup)
    play(m, *steps)
    return m


def window(**setup) -> Match:
    """Every deal built and Cat's first card turned; everyone holds Thingamabobs
    (GADGETS) in their collection; Ann 2 tokens, Dan 1."""
    setup.setdefault("collections", {k: list(v) for k, v in GADGETS.items()})
    setup.setdefault("tokens", {"Ann": 2, "Dan": 1})
    return match(*DEALS, "Ann: flip Cat 1", **setup)


# -- setting up -------------------------------------------------------------------------

def test_player_counts():
    """SQ-1.1: three to six players, and two with the changes of SQ-9; 4 or 5 tokens win."""
    for n in range(2, 7):
        state = G.new_state([f"P{i}" for i in range(n)], seed=1)
        assert G.public_data(state, None)["target"] == (4 if n in (3, 4) else 5)
        (aim,) = [e.text for e in G.opening_events(state) if e.rule == "SQ-1.1"]
        assert f"whoever has {4 if n in (3, 4) else 5} at the end of a turn wins" in aim
        assert ("changes for two (SQ-9)" in aim) == (n == 2)
    for n in (1, 7):
        with pytest.raises(SetupError, match=f"for 2 to 6 players, not {n}"):
            G.new_state([f"P{i}" for i in range(n)])


def test_the_deck_has_three_kinds_of_cards():
    """SQ-1.2 and SQ-R1: 120 cards; 25 Medium creatures make up the count."""
    kinds = Counter(card.kind for card in DECK)
    assert kinds == {"creature": 65, "nasty": 32, "thingamabob": 23}
    assert Counter(LABEL.values())["Medium"] == 25 and len(DECK) == 120


def test_the_card_data_file_is_what_the_deck_is_built_from():
    """SQ-R2: the five Thingamabobs and every count come from cards.yaml."""
    doc = yaml.safe_load(CARDS_FILE.read_text())
    assert Counter(LABEL.values()) == {row["name"]: row["copies"] for row in doc["cards"]}
    assert "Cryptozooptic Expander" in LABEL.values()
    assert "Spectroelectric Optimeter" in LABEL.values()


def test_the_deal_gives_five_cards_and_hides_the_hands():
    """SQ-1.3: five cards each, the rest face down, the discard pile empty."""
    state = G.new_state(FOUR, seed=4)
    assert [len(state.zones[f"hand:{s}"]) for s in range(4)] == [5] * 4
    assert len(state.zones["draw"]) == 100 and state.zones["discard"] == []
    seen = view(G, state, 1)["zones"]
    assert all(card == {"hidden": True} for card in seen["hand:0"] + seen["draw"])
    assert all("id" in card for card in seen["hand:1"])
    assert check_all(G, state) == []


def test_the_point_token_supply():
    """SQ-1.4: 28 point tokens in the supply."""
    assert facts(match())["supply"] == "28"
    assert facts(match(tokens={"Ann": 3, "Bob": 2}))["supply"] == "23"


def test_the_first_buyer():
    """SQ-1.5 and SQ-R12: the buyer is drawn by lot from the seed unless named."""
    buyers = {G.facts(G.new_state(FOUR, seed=s))["buyer"] for s in range(20)}
    assert len(buyers) > 1
    m = match(buyer="Cat")
    assert facts(m)["buyer"] == "Cat" and G.to_act(m.state) == (0, 1, 3)


# -- the cards ------------------------------------------------------------------------------

def test_creature_sets_earn_a_token():
    """SQ-2.1: four Tiny, three Medium, two Big or one Giant earn one token each."""
    m = match(*DEALS, "Ann: flip Cat 1",
              collections={"Ann": ["Tiny", "Tiny"], "Dan": ["Medium", "Medium"],
                           "Bob": ["Tiny", "Tiny", "Tiny"]})
    events = legal(m, "Ann", "choose Bob")
    assert "Ann trades in 1 set of Giant creatures" in texts(events)
    assert facts(m)["tokens/Dan"] == "1"               # three Medium
    told = [e.text.split(":")[0] for e in events if e.rule == "SQ-2.1"]
    assert sorted(told) == ["Ann's Giant creature makes a complete set",
                            "Cat's 2 Big creatures make a complete set",
                            "Dan's 3 Medium creatures make a complete set"]   # not Bob's
    assert facts(m)["tokens/Bob"] == "0"               # three Tiny are not yet a set
    assert sorted(facts(m)["collection/Ann"]) == ["Loan Shark", "Tiny", "Tiny", "Tiny"]


def test_nasty_sets_need_their_full_number():
    """SQ-2.2: two Trojan Horses do nothing; the third is a set."""
    m = match(*DEALS, "Ann: flip Cat 1", tokens={"Dan": 1}, collections={"Dan": ["Trojan Horse"]})
    events = legal(m, "Ann", "choose Bob")
    assert facts(m)["collection/Dan"].count("Trojan Horse") == 2
    assert facts(m)["tokens/Dan"] == "1"
    assert "Trojan Horse" not in " ".join(e.text for e in events if e.rule == "SQ-2.2")
    m, events = nasty_turn()
    told = [e.text.split(":")[0] for e in events if e.rule == "SQ-2.2"]
    assert told == ["Cat's 2 Poison Pill Bugs make a complete set",
                    "Dan's 2 Loan Sharks make a complete set"]


def test_a_thingamabob_needs_no_set():
    """SQ-2.3: a single Thingamabob in a collection can be played."""
    m = window()
    assert Thingamabob("Detrital Repositioner", spots=(("Cat", 1),)) in \
        G.legal_moves(m.state, seat(m, "Bob"))
    events = legal(m, "Bob", "thingamabob Detrital Repositioner on Cat 1")
    assert events[-1].rule == "SQ-2.3" and "One Detrital Repositioner was enough and it " \
        "is spent" in events[-1].text
    assert "Detrital Repositioner" not in facts(m)["collection/Bob"]   # once only


# -- offering deals ---------------------------------------------------------------------

def test_everyone_but_the_buyer_builds_a_deal_at_once():
    """SQ-3.1: the others act together, in any order; the buyer offers none."""
    m = match()
    assert G.to_act(m.state) == (1, 2, 3)
    reject(m, "Ann", "deal Tiny+Medium+Big up Big", "SQ-3.1", "Ann is the buyer")
    reject(m, "Bob", "deal Giant+Tiny up Tiny", "SQ-3.1", "a deal is 3 cards, not 2")
    one = match(*DEALS)
    other = match(*reversed(DEALS))
    assert one.state == other.state
    reject(match(DEALS[0]), "Bob", "deal Medium+Tiny+Loan Shark up Tiny", "SQ-3.1",
           "Bob's deal is ready")


def test_one_card_of_each_deal_is_turned_up():
    """SQ-3.2: the face-up card must be one of the deal's cards."""
    m = match()
    reject(m, "Bob", "deal Giant+Tiny+Medium up Big", "SQ-3.2", "Giant+Tiny+Medium", "Big")
    events = play(m, *DEALS)
    assert "Bob a Tiny, Cat a Big and Dan a Medium" in texts(events)
    assert facts(m)["deal/Cat"] == ["face down", "face down", "Big"]


def test_the_buyer_turns_one_more_card():
    """SQ-3.3: one face-down card of one deal, by the buyer only."""
    m = match(*DEALS)
    assert G.to_act(m.state) == (0,)
    reject(m, "Bob", "flip Cat 1", "SQ-3.3", "the buyer, Ann")
    reject(m, "Ann", "flip Cat 3", "SQ-3.3", "a Big, is face up already",
           "face-down cards are at 1, 2")
    reject(m, "Ann", "flip Cat 4", "SQ-3.3", "Cat's deal has 3 cards")
    reject(m, "Ann", "flip Ann 1", "SQ-3.3", "Ann offered no deal")
    reject(m, "Ann", "steal Big", "SQ-7.6", "now Ann may turn one more face-down card",
           "or go on without it (SQ-R18)")
    legal(m, "Ann", "flip Cat 2")
    assert facts(m)["deal/Cat"] == ["face down", "Big", "Big"]


def test_the_buyer_may_choose_without_the_extra_card():
    """SQ-3.3: the buyer "gets to" turn a card, so it is optional: with nobody able to play
    a Thingamabob the buyer may choose at once (SQ-R18), and no deal card is turned."""
    m = match(*DEALS)
    assert Choose("Bob") in G.legal_moves(m.state, 0)
    events = legal(m, "Ann", "choose Bob")
    assert rules_of(events)[:3] == ["SQ-R18", "SQ-5.1", "SQ-6.1"]
    assert "Ann turns no extra card" in texts(events)
    # Bob's Giant, Loan Shark and Tiny: the Giant is a set at once
    assert sorted(facts(m)["collection/Ann"]) == ["Loan Shark", "Tiny"]
    assert facts(m)["tokens/Ann"] == "1" and facts(m)["buyer"] == "Bob"
    assert "SQ-3.3" not in rules_of(events)      # no card was turned


def test_passing_up_the_extra_card_opens_the_thingamabob_window():
    """SQ-R18: instead of a flip the buyer may call last chance or play a Thingamabob; the
    window opens as after a flip, so choosing while others could still play a Thingamabob
    is refused as in the window (SQ-5.3), and the flip is gone once passed up."""
    m = match(*DEALS, collections={k: list(v) for k, v in GADGETS.items()},
              tokens={"Ann": 2, "Dan": 1})
    assert facts(m)["phase"] == "flip"
    reject(m, "Ann", "choose Bob", "SQ-5.3", "Bob, Cat and Dan", "must call 'last chance'")
    assert {LastChance(), Flip("Cat", 1)} <= set(G.legal_moves(m.state, 0))
    events = legal(m, "Ann", "last chance")
    assert rules_of(events) == ["SQ-R18", "SQ-5.1", "SQ-5.3"]
    assert facts(m)["phase"] == "last" and facts(m)["deal/Cat"] == ["face down",
                                                                    "face down", "Big"]
    reject(m, "Ann", "flip Cat 1", "SQ-R18", "one extra card a turn",
           "Ann went on without it")
    gadget = match(*DEALS, collections={"Ann": ["Spectroelectric Optimeter"]})
    events = legal(gadget, "Ann", "thingamabob Spectroelectric Optimeter on Cat 1")
    assert rules_of(events) == ["SQ-R18", "SQ-5.1", "SQ-5.2", "SQ-5.8", "SQ-2.3"]
    assert facts(gadget)["deal/Cat"] == ["Poison Pill Bug", "face down", "Big"]


# -- hands, deals, collections -----------------------------------------------------------

def test_cards_from_hands_only_go_into_deals():
    """SQ-4.1: a deal is made of hand cards; a collection card cannot be dealt."""
    m = match(collections={"Bob": ["Big"]})
    reject(m, "Bob", "deal Big+Tiny+Giant up Big", "SQ-4.1", "no Big in hand",
           "Bob's Big is in Bob's collection")


def test_cards_from_deals_only_go_into_collections():
    """SQ-4.2: once a deal is chosen every deal card is in a collection."""
    m = match(*DEALS, "Ann: flip Cat 1")
    events = legal(m, "Ann", "choose Bob")
    assert "SQ-4.2" in rules_of(events)
    assert all(not m.state.zones[f"deal:{s}"] for s in range(4))


def test_thingamabobs_only_from_collections():
    """SQ-4.3: a Thingamabob in the hand or in a deal cannot be played."""
    m = match(*DEALS, "Ann: flip Cat 1", collections={"Ann": ["Spectroelectric Optimeter"]},
              hands=dict(HANDS, Ann=["Detrital Repositioner", "Tiny", "Medium", "Big",
                                     "Big"]))
    reject(m, "Ann", "thingamabob Detrital Repositioner on Cat 1", "SQ-4.3",
           "Ann's Detrital Repositioner is in Ann's hand")
    reject(m, "Dan", "thingamabob Platonic Isolator from Ann", "SQ-4.3",
           "Dan's collection holds no Platonic Isolator: Dan's Platonic Isolator is in "
           "Dan's deal")
    reject(m, "Dan", "done", "SQ-R13", "Dan's collection holds no Thingamabob to play")


# -- Thingamabobs -----------------------------------------------------------------------------

def test_the_window_opens_for_the_buyer_and_the_holders():
    """SQ-5.1: the buyer and every player with a playable Thingamabob may act."""
    m = window()
    assert G.to_act(m.state) == (0, 1, 2, 3)
    m = match(*DEALS, "Ann: flip Cat 1", collections={"Cat": ["Cryptozooptic Expander"]})
    assert G.to_act(m.state) == (0, 2)
    reject(m, "Bob", "done", "SQ-R13", "Bob's collection holds no Thingamabob")


def test_a_played_thingamabob_goes_to_the_discard_pile():
    """SQ-5.2: face up on the discard pile, then its effect."""
    m = window()
    events = legal(m, "Bob", "thingamabob Detrital Repositioner on Cat 1")
    assert rules_of(events)[:2] == ["SQ-5.2", "SQ-5.5"]
    assert "Detrital Repositioner" not in facts(m)["collection/Bob"]


def test_the_buyer_calls_last_chance_before_choosing():
    """SQ-5.3: while others may still play, the buyer must call last chance first."""
    m = window()
    reject(m, "Ann", "choose Bob", "SQ-5.3", "Bob, Cat and Dan may still play",
           "last chance")
    reject(m, "Bob", "choose Bob", "SQ-6.1", "only Ann decides")
    legal(m, "Ann", "last chance")
    assert G.to_act(m.state) == (1, 2, 3)
    play(m, "Bob: done", "Cat: done", "Dan: done")
    legal(m, "Ann", "choose Bob")


def test_platonic_isolator():
    """SQ-5.4: a token from a player with more tokens than you."""
    m = window(tokens={"Ann": 2, "Bob": 3})
    reject(m, "Dan", "thingamabob Platonic Isolator from Cat", "SQ-5.4",
           "Cat has 0 point tokens, not more than Dan's 0", "only Ann and Bob have more")
    m2 = window(tokens={"Ann": 1, "Dan": 2, "Bob": 3})
    reject(m2, "Dan", "thingamabob Platonic Isolator from Ann", "SQ-5.4",
           "Ann has 1 point token, not more than Dan's 2", "only Bob has more")
    legal(m, "Dan", "thingamabob Platonic Isolator from Bob")
    assert (facts(m)["tokens/Bob"], facts(m)["tokens/Dan"]) == ("2", "1")


def test_detrital_repositioner():
    """SQ-5.5: one card out of one deal, onto the discard pile."""
    m = window()
    reject(m, "Bob", "thingamabob Detrital Repositioner on Cat 5", "SQ-5.5",
           "Cat's deal has 3 cards")
    legal(m, "Bob", "thingamabob Detrital Repositioner on Dan 1")
    assert facts(m)["deal cards/Dan"] == ["Platonic Isolator", "Medium"]
    assert facts(m)["discard"] == "Trojan Horse"


def test_super_detrital_repositioner():
    """SQ-5.6: up to two cards, from one deal or two."""
    m = window()
    reject(m, "Ann", "thingamabob Super Detrital Repositioner on Cat 1, Cat 1", "SQ-5.6",
           "the same card is named twice")
    legal(m, "Ann", "thingamabob Super Detrital Repositioner on Cat 1, Dan 3")
    assert facts(m)["deal cards/Cat"] == ["Big", "Big"]
    assert facts(m)["deal cards/Dan"] == ["Trojan Horse", "Platonic Isolator"]
    with pytest.raises(NotationError, match="one or two deal cards, not 3"):
        parse("thingamabob Super Detrital Repositioner on Cat 1, Cat 2, Dan 1")


def test_cryptozooptic_expander():
    """SQ-5.7: a card from your hand, face down, to any deal; only you know it."""
    m = window()
    reject(m, "Cat", "thingamabob Cryptozooptic Expander adds Giant to Dan", "SQ-4.1",
           "Cat has no Giant in hand")
    reject(m, "Cat", "thingamabob Cryptozooptic Expander adds Tiny to Ann", "SQ-5.7",
           "Ann has no deal")
    legal(m, "Cat", "thingamabob Cryptozooptic Expander adds Tiny to Dan")
    assert facts(m)["deal/Dan"] == ["face down", "face down", "Medium", "face down"]
    assert view(G, m.state, 2)["zones"]["deal:3"][-1]["label"] == "Tiny"
    assert view(G, m.state, 3)["zones"]["deal:3"][-1] == {"hidden": True}


def test_a_card_that_is_no_thingamabob_is_refused_under_the_deck_clause():
    """SQ-1.2: a Thingamabob move built in code (the notation already refuses one)
    naming a card that is not one of the five is refused with the five named, by every
    seat in the window, and changes nothing; it used to raise KeyError. Outside the
    window the phase refuses it first."""
    assert G.check(match().state, 1, Thingamabob("Wonder Wand")).rule == "SQ-3.1"
    m = window()
    before = m.state.dumps()
    for who in FOUR:
        for card, words in (("Wonder Wand", "no Thingamabob called 'Wonder Wand'"),
                            ("Poison Pill Bug", "a Poison Pill Bug is a Nasty, not a "
                             "Thingamabob")):
            reason = reject(m, who, Thingamabob(card), "SQ-1.2", words)
            assert "Platonic Isolator" in reason and "Spectroelectric Optimeter" in reason
    assert m.state.dumps() == before


def test_a_thingamabob_without_its_target_is_refused_with_an_example():
    """A move made without the notation (a hint's bare move) may leave out whom or what
    its card acts on: the refusal says what to name, with a real example, never an
    empty name ('' has no deal ...)."""
    m = window()
    bare = {"Cat": (Thingamabob("Cryptozooptic Expander", card="Tiny"), "SQ-5.7",
                    "names the deal the card goes into, as in 'thingamabob Cryptozooptic "
                    "Expander adds Tiny to Bob'"),
            "Dan": (Thingamabob("Platonic Isolator"), "SQ-5.4",
                    "takes a token from the player you name"),
            "Bob": (Thingamabob("Detrital Repositioner"), "SQ-5.5",
                    "names one deal card by player and place, as in 'thingamabob "
                    "Detrital Repositioner on Bob 1', not 0")}
    for name, (move, rule, words) in bare.items():
        assert "''" not in reject(m, name, move, rule, words)
    reject(m, "Cat", Thingamabob("Cryptozooptic Expander", player="Dan"), "SQ-5.7",
           "names the card from your hand and the deal")
    reject(m, "Cat", "thingamabob Cryptozooptic Expander adds Tiny to Zed", "SQ-5.7",
           "there is no player called 'Zed' (players: Ann, Bob, Cat, Dan)")


def test_the_expander_hint_names_no_empty_player():
    """The thingamabobs example, step 8: Cat's hint tells how to name the deal."""
    book = Walkthrough.load(scenario_dir(G.id) / "thingamabobs.yaml")
    step = book.steps[7]
    assert (step.who, step.move_text.split(" adds")[0]) == \
        ("Cat", "thingamabob Cryptozooptic Expander")
    text = " ".join(h.text for h in hints(G, step.before, step.seat))
    assert "''" not in text and "names the deal the card goes into, as in " \
        "'thingamabob Cryptozooptic Expander adds" in text


def test_spectroelectric_optimeter():
    """SQ-5.8: one more face-down card turned face up."""
    m = window()
    reject(m, "Ann", "thingamabob Spectroelectric Optimeter on Cat 1", "SQ-5.8",
           "a Poison Pill Bug, is face up already")
    legal(m, "Ann", "thingamabob Spectroelectric Optimeter on Bob 1")
    assert facts(m)["deal/Bob"] == ["Giant", "face down", "Tiny"]
    assert view(G, m.state, 3)["zones"]["deal:1"][0]["label"] == "Giant"


# -- choosing -----------------------------------------------------------------------------------

def test_the_buyer_chooses_one_offered_deal():
    """SQ-6.1: exactly one of the deals on the table."""
    m = match(*DEALS, "Ann: flip Cat 1")
    reject(m, "Ann", "choose Zed", "SQ-6.1", "no player called 'Zed'")
    reject(m, "Ann", "choose Ann", "SQ-6.1", "Ann offered no deal",
           "Bob, Cat and Dan's")
    reject(m, "Ann", "accept", "SQ-6.1", "for two players")
    assert G.legal_moves(m.state, 0) == [Choose("Bob"), Choose("Cat"), Choose("Dan")]


def test_the_buyer_takes_the_deal_and_passes_the_squatch():
    """SQ-6.2: the chosen cards go into the buyer's collection; its owner gets the Squatch."""
    m = match(*DEALS, "Ann: flip Cat 1")
    legal(m, "Ann", "choose cat")
    assert facts(m)["buyer"] == "Cat"
    assert sorted(facts(m)["collection/Ann"]) == ["Poison Pill Bug"]   # the Bigs: a token
    assert facts(m)["tokens/Ann"] == "1" and facts(m)["collection/Cat"] == []


def test_the_others_take_their_own_deals():
    """SQ-6.3: Nasties and all."""
    m = match(*DEALS, "Ann: flip Cat 1")
    legal(m, "Ann", "choose Bob")
    assert sorted(facts(m)["collection/Dan"]) == ["Medium", "Platonic Isolator",
                                                  "Trojan Horse"]


# -- trading in ---------------------------------------------------------------------------------

def nasty_turn(**setup):
    """Ann chooses Bob's deal; Cat completes two Poison Pill Bugs and, before the
    Nasties, a pair of Bigs; Dan completes two Loan Sharks; Bob becomes the buyer."""
    setup.setdefault("collections", {"Cat": ["Poison Pill Bug"], "Dan": ["Loan Shark"]})
    hands = dict(HANDS, Dan=["Loan Shark", "Tiny", "Medium", "Big", "Giant"])
    m = match("Bob: deal Giant+Loan Shark+Tiny up Tiny",
              "Cat: deal Poison Pill Bug+Big+Big up Big",
              "Dan: deal Loan Shark+Tiny+Medium up Medium", "Ann: flip Cat 1",
              hands=hands, **setup)
    return m, legal(m, "Ann", "choose Bob")


def test_nasties_are_traded_in_before_creatures():
    """SQ-7.1: the buyer may steal from a complete creature set before it is traded in."""
    m, events = nasty_turn()
    rules = rules_of(events)
    assert "SQ-7.1" in rules and rules.index("SQ-7.1") < rules.index("SQ-2.2")
    assert "SQ-2.1" not in rules       # Cat's Bigs wait until the losses are decided
    assert facts(m)["phase"] == "steal" and facts(m)["tokens/Cat"] == "0"
    assert facts(m)["collection/Cat"] == ["Big", "Big"]
    legal(m, "Bob", "steal Big")
    play(m, "Bob: steal nothing")
    assert facts(m)["tokens/Cat"] == "0" and facts(m)["collection/Cat"] == ["Big"]


def test_poison_pill_bugs():
    """SQ-7.2: the buyer may take one card, or none; only a card that is there."""
    m, events = nasty_turn()
    assert "Cat trades in 2 Poison Pill Bugs: Bob may take 1 card" in texts(events)
    reject(m, "Bob", "steal Giant", "SQ-7.2", "Cat's collection holds no Giant",
           "Big, Big")
    legal(m, "Bob", "steal Big")
    assert facts(m)["collection/Bob"] == ["Big"]
    assert G.to_act(m.state) == (1,) and m.state.data["steals"][0] == 3   # now Dan


def test_loan_sharks():
    """SQ-7.3: up to two cards."""
    m, _ = nasty_turn()
    play(m, "Bob: steal nothing")
    legal(m, "Bob", "steal Tiny")
    reject(m, "Bob", "steal Giant", "SQ-7.3", "Dan's collection holds no Giant")
    events = legal(m, "Bob", "steal Medium")
    assert facts(m)["phase"] == "deals" and sorted(facts(m)["collection/Bob"]) == \
        ["Medium", "Tiny"]
    assert "SQ-8.1" in rules_of(events)



def test_one_more_steal_is_refused_under_the_loss_just_decided():
    """Poison Pill Bugs allow one card (SQ-7.2), Loan Sharks two (SQ-7.3): once they are
    taken, or the buyer stops, one more steal is refused under that clause, not under
    who decides (SQ-7.6); after the next move, as no loss is open at all (SQ-7.6)."""
    m, _ = nasty_turn(collections={"Cat": ["Poison Pill Bug"]})   # Dan: one Loan Shark
    legal(m, "Bob", "steal Big")
    assert facts(m)["phase"] == "deals"
    reject(m, "Bob", "steal Big", "SQ-7.2", "Poison Pill Bugs let Bob take one card "
           "from Cat's collection, and Bob took it")
    reject(m, "Cat", "steal Tiny", "SQ-7.2", "Bob took it")
    play(m, "Ann: deal Tiny+Medium+Big up Big")
    reject(m, "Bob", "steal Big", "SQ-7.6", "no such loss is open")

    m, _ = nasty_turn()
    legal(m, "Bob", "steal Big")                       # Cat's Poison Pill Bugs
    legal(m, "Bob", "steal Tiny")                      # the first of Dan's Loan Sharks
    legal(m, "Bob", "steal Medium")
    reject(m, "Bob", "steal Big", "SQ-7.3", "Loan Sharks let Bob take up to two cards "
           "from Dan's collection, and Bob took both")
    m, _ = nasty_turn()
    play(m, "Bob: steal nothing", "Bob: steal Tiny", "Bob: steal nothing")
    reject(m, "Bob", "steal Big", "SQ-7.3", "Bob took one and then nothing more")


def test_a_steal_hint_cites_the_clause_of_the_loss_open():
    """The hint for a steal names one card (SQ-7.2) for Poison Pill Bugs and up to two
    (SQ-7.3) for Loan Sharks; so do the steal moves, listed or read."""
    m, _ = nasty_turn()
    bob = seat(m, "Bob")
    (hint,) = hints(G, m.state, bob)
    assert hint.rules[0] == "SQ-7.2" and hint.text.startswith("Steal (SQ-7.2)")
    play(m, "Bob: steal nothing")                      # on to Dan's Loan Sharks
    (hint,) = hints(G, m.state, bob)
    assert hint.rules[0] == "SQ-7.3" and hint.text.startswith("Steal (SQ-7.3)")
    assert G.move_rules(G.parse_move(m.state, bob, "steal Tiny"))[0] == "SQ-7.3"
    assert all(G.move_rules(move)[0] == "SQ-7.3" for move in G.legal_moves(m.state, bob))


def test_trojan_horses():
    """SQ-7.4: the buyer takes a token, or nothing from a player without one."""
    hands = dict(HANDS, Bob=["Trojan Horse", "Tiny", "Loan Shark", "Medium", "Giant"])
    m = match("Bob: deal Trojan Horse+Loan Shark+Tiny up Tiny", *DEALS[1:], "Ann: flip Cat 1",
              hands=hands, collections={"Ann": ["Trojan Horse", "Trojan Horse"]},
              tokens={"Ann": 2})
    events = legal(m, "Ann", "choose Bob")
    assert "Bob takes a point token from Ann (Bob 1, Ann 1)" in texts(events)
    m = match("Bob: deal Trojan Horse+Loan Shark+Tiny up Tiny", *DEALS[1:], "Ann: flip Cat 1",
              hands=hands, collections={"Ann": ["Trojan Horse", "Trojan Horse"]})
    events = legal(m, "Ann", "choose Bob")
    assert "Ann has no point token, so Bob gets nothing" in texts(events)


def test_creature_sets_are_traded_for_tokens():
    """SQ-7.5: one token per set, several sets at once."""
    hands = dict(HANDS, Bob=["Giant", "Giant", "Loan Shark", "Medium", "Tiny"])
    m = match("Bob: deal Giant+Giant+Medium up Medium", *DEALS[1:], "Ann: flip Bob 1",
              hands=hands)
    events = legal(m, "Ann", "choose Bob")
    assert "Ann trades in 2 sets of Giant creatures for 2 point tokens" in texts(events)


def test_the_new_buyer_decides_the_losses():
    """SQ-7.6: only the new buyer acts while a loss is decided."""
    m, _ = nasty_turn()
    assert G.to_act(m.state) == (1,)
    reject(m, "Ann", "steal Big", "SQ-7.6", "Bob decides what Cat loses")
    reject(m, "Bob", "done", "SQ-R6", "Thingamabobs are over for this turn",
           "'steal CARD' or 'steal nothing'")


# -- ending a turn ------------------------------------------------------------------------------

def test_everyone_draws_back_to_five():
    """SQ-8.1: after the trade-ins every hand is filled to five."""
    m = match(*DEALS, "Ann: flip Cat 1", "Ann: choose Bob")
    assert [facts(m)[f"hand size/{n}"] for n in FOUR] == ["5"] * 4


def test_the_discard_pile_is_reshuffled():
    """SQ-8.2 and SQ-R16: the new buyer draws first; the pile is reshuffled mid-draw."""
    m = match(*DEALS, "Ann: flip Cat 1", draw=["Medium", "Giant"], draw_size=2)
    events = legal(m, "Ann", "choose Bob")
    assert rules_of(events).index("SQ-8.2") > 0
    assert {"Medium", "Giant"} <= set(facts(m)["hand/Bob"])
    assert facts(m)["discard pile"] == "0"


def test_the_squatch_holder_is_the_next_buyer():
    """SQ-8.3: the next turn is the new buyer's."""
    m = match(*DEALS, "Ann: flip Cat 1", "Ann: choose Dan")
    assert facts(m)["buyer"] == "Dan" and G.to_act(m.state) == (0, 1, 2)


def test_winning_at_the_end_of_a_turn():
    """SQ-8.4: four tokens with three or four players, five with five or six."""
    m = match(*DEALS, "Ann: flip Cat 1", tokens={"Ann": 3})
    legal(m, "Ann", "choose Bob")
    assert facts(m)["winners"] == ["Ann"] and G.to_act(m.state) == ()
    assert G.outcome(m.state).explanation == "Ann wins with 4 point tokens"
    reject(m, "Bob", "done", "SQ-8.4", "the game is over")
    six = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    m = match(*DEALS, "Eve: deal Tiny+Tiny+Tiny up Tiny", "Fay: deal Tiny+Tiny+Tiny up Tiny",
              "Ann: flip Cat 1", players=six, tokens={"Ann": 3},
              hands=dict(HANDS, Eve=["Tiny"] * 5, Fay=["Tiny"] * 5))
    legal(m, "Ann", "choose Bob")
    assert facts(m)["winners"] == [] and facts(m)["tokens/Ann"] == "4"


def test_passing_the_target_wins_too():
    """SQ-8.4: at least four tokens win: Ann jumps from 3 to 5 in one turn (a Giant and a
    Tiny set) and wins with 5."""
    m = match(*DEALS, "Ann: flip Cat 1", tokens={"Ann": 3},
              collections={"Ann": ["Tiny", "Tiny", "Tiny"]})
    legal(m, "Ann", "choose Bob")
    assert facts(m)["tokens/Ann"] == "5" and facts(m)["winners"] == ["Ann"]
    assert G.outcome(m.state).explanation == "Ann wins with 5 point tokens"


def test_book_clauses_do_not_pass_off_rulings_or_sourced_cards_as_the_book():
    """SQ-3.1 leaves the timing of the deals to ruling SQ-R3; SQ-3.3's optional flip is
    ruled by SQ-R18; SQ-5.6 to SQ-5.8 say their names come from the card facts (SQ-R2)."""
    rules = G.rules
    assert "same time" not in rules["SQ-3.1"].text and "SQ-R3" in rules["SQ-3.1"].text
    assert "same time" in rules["SQ-R3"].text and rules["SQ-R3"].is_ruling
    assert "may turn" in rules["SQ-3.3"].text and rules["SQ-R18"].is_ruling
    for clause in ("SQ-5.6", "SQ-5.7", "SQ-5.8"):
        assert "SQ-R2" in rules[clause].text and "card facts" in rules[clause].text
    assert "goes against the rulebook" in rules["SQ-R2"].text
    assert "at least four" in rules["SQ-8.4"].text
    assert "turns by turns" not in rules["SQ-9.1"].text


def test_a_tie_plays_on():
    """SQ-8.5: enough tokens but not more than everyone else: play goes on."""
    m = match(*DEALS, "Ann: flip Cat 1", tokens={"Ann": 3, "Cat": 3})
    events = legal(m, "Ann", "choose Bob")
    assert "SQ-8.5" in rules_of(events) and facts(m)["winners"] == []
    assert facts(m)["phase"] == "deals"


# -- two players ---------------------------------------------------------------------------------

TWO_HANDS = {"Ann": ["Big", "Loan Shark", "Tiny", "Medium", "Medium"],
             "Bob": ["Trojan Horse", "Giant", "Medium", "Tiny", "Poison Pill Bug"]}


def two(*steps, **setup):
    setup.setdefault("hands", {k: list(v) for k, v in TWO_HANDS.items()})
    setup.setdefault("first", "Ann")
    return match(*steps, players=("Ann", "Bob"), **setup)


def test_two_players_take_turns_without_the_squatch():
    """SQ-9.1: the players alternate."""
    m = two("Ann: split Big+Loan Shark / Tiny up Tiny", "Bob: accept")
    assert facts(m)["buyer"] == "Bob" and facts(m)["phase"] == "split"
    assert G.to_act(m.state) == (1,)
    reject(m, "Ann", "split Big / Tiny+Medium up Big", "SQ-9.2", "Bob's turn")


def test_the_split_is_any_split_of_three_cards():
    """SQ-9.2: three and none, two and one, ... but three in all."""
    m = two()
    reject(m, "Ann", "split Big / Tiny up Tiny", "SQ-9.2", "3 cards in all", "not 2")
    reject(m, "Ann", "deal Big+Tiny+Medium up Big", "SQ-9.2", "splits three cards")
    moves = G.legal_moves(m.state, 0)
    assert {(len(mv.mine), len(mv.theirs), mv.up_side) for mv in moves} == {
        (3, 0, "mine"), (2, 1, "mine"), (2, 1, "theirs"), (1, 2, "mine"), (1, 2, "theirs"),
        (0, 3, "theirs")}
    # A representative few, not every subset: yet every card of the hand is offered on
    # both sides and turned up.
    assert len(moves) < 60
    for card in set(TWO_HANDS["Ann"]):
        assert any(card in mv.mine for mv in moves) and any(card in mv.theirs for mv in moves)
        assert any(mv.up == card for mv in moves)
    legal(m, "Ann", "split nothing / Big+Tiny+Medium up Medium", offered=False)
    assert facts(m)["deal/Ann"] == [] and facts(m)["deal/Bob"] == ["face down", "face down",
                                                                   "Medium"]


def test_a_refusal_never_names_a_face_down_card_laid_by_the_other_player():
    """SQ-4.3: Ann lays her Optimeter face down on Bob's side; Bob, who cannot see it, is
    told only that his collection holds none, not where one lies."""
    m = two("Ann: split Big / Spectroelectric Optimeter+Tiny up Tiny",
            hands={"Ann": ["Spectroelectric Optimeter", "Big", "Tiny", "Medium", "Medium"],
                   "Bob": TWO_HANDS["Bob"]})
    reason = reject(m, "Bob", "thingamabob Spectroelectric Optimeter on Bob 1", "SQ-4.3",
                    "Bob's collection holds no Spectroelectric Optimeter")
    assert "deal" not in reason


def test_one_card_is_turned_and_there_is_no_extra_flip():
    """SQ-9.3: the face-up card lies on the side named; the other turns nothing."""
    m = two()
    reject(m, "Ann", "split Big+Tiny / Medium up their Big", "SQ-9.3",
           "their side, which holds no Big")
    legal(m, "Ann", "split Big+Tiny / Medium up Big", offered=False)
    assert facts(m)["phase"] == "window"
    reason = reject(m, "Bob", "flip Ann 1", "SQ-9.3", "nobody turns an extra card")
    assert "buyer" not in reason   # two players have no buyer (SQ-9.1)
    for text in ("deal Tiny+Big+Medium up Big", "steal nothing", "split Big / Tiny up Big"):
        assert "buyer" not in G.check(m.state, 1, G.parse_move(m.state, 1, text)).reason


def test_accept_or_reverse():
    """SQ-9.4: each takes their own side, or the sides are swapped; even an empty one."""
    m = two("Ann: split nothing / Big+Tiny+Medium up Medium")
    reject(m, "Bob", "choose Ann", "SQ-9.4", "accepts or reverses")
    reject(m, "Ann", "accept", "SQ-9.4", "only Bob decides the deal")
    events = legal(m, "Bob", "reverse")
    assert "Bob reverses the deal: Bob takes nothing, Ann takes Big, Tiny, Medium" in \
        texts(events)
    m = two("Ann: split nothing / Big+Tiny+Medium up Medium")
    legal(m, "Bob", Accept())
    assert sorted(facts(m)["collection/Bob"]) == ["Big", "Medium", "Tiny"]


def test_the_other_player_decides_nasty_losses():
    """SQ-9.5: with two players the other player takes the cards."""
    m = two("Ann: split Big+Loan Shark / Tiny up Tiny", collections={"Ann": ["Loan Shark"]})
    legal(m, "Bob", "accept")
    assert G.to_act(m.state) == (1,)
    reject(m, "Ann", "steal Big", "SQ-9.5", "Bob decides what Ann loses")
    legal(m, "Bob", "steal Big")
    assert facts(m)["collection/Bob"] == ["Tiny", "Big"]


def test_two_players_draw_back_and_need_five_tokens():
    """SQ-9.6: both draw back to five; four tokens do not win, five do."""
    m = two("Ann: split Big+Loan Shark / Tiny up Tiny", "Bob: reverse", tokens={"Ann": 3,
                                                                             "Bob": 4})
    assert facts(m)["winners"] == [] and facts(m)["hand size/Ann"] == "5"
    m = two("Ann: split Big+Medium / Tiny up Tiny", tokens={"Bob": 4},
            collections={"Bob": ["Big"]})
    legal(m, "Bob", "reverse")
    assert facts(m)["winners"] == ["Bob"] and facts(m)["tokens/Bob"] == "5"


# -- rulings ------------------------------------------------------------------------------------

def test_face_up_cards_are_shown_when_every_deal_is_ready():
    """SQ-R3: before that, only the deal's owner sees the card to be turned."""
    m = match(DEALS[0])
    assert view(G, m.state, 1)["zones"]["deal:1"][-1]["label"] == "Tiny"
    assert view(G, m.state, 2)["zones"]["deal:1"][-1] == {"hidden": True}
    assert view(G, m.state, 0)["zones"]["deal:1"][-1] == {"hidden": True}
    play(m, *DEALS[1:])
    assert view(G, m.state, 2)["zones"]["deal:1"][-1]["label"] == "Tiny"


def test_deal_cards_lie_as_written_with_the_face_up_card_last():
    """SQ-R4: positions count from 1; face-down cards first in the order written."""
    m = match("Bob: deal Tiny+Giant+Loan Shark up Giant")
    assert facts(m)["deal cards/Bob"] == ["Tiny", "Loan Shark", "Giant"]
    with pytest.raises(NotationError, match="positions count from 1"):
        parse("flip Bob 0")


def test_repositioners_take_cards_out_of_deals():
    """SQ-R5: the one way out of a deal other than into a collection."""
    events = legal(window(), "Bob", "thingamabob Detrital Repositioner on Bob 2")
    assert "SQ-R5" in rules_of(events)


def test_saying_done_is_final_for_the_turn():
    """SQ-R6: a player who said done plays no more Thingamabobs; the buyer cannot say it."""
    m = window()
    legal(m, "Bob", "done")
    assert 1 not in G.to_act(m.state)
    reject(m, "Bob", "thingamabob Detrital Repositioner on Cat 1", "SQ-R6", "Bob said done")
    reject(m, "Ann", "done", "SQ-R6", "Ann decides the deal")


def test_after_last_chance_the_buyer_plays_no_thingamabob():
    """SQ-R7: others may still play; the buyer may choose at once when nobody can."""
    m = window()
    legal(m, "Ann", LastChance())
    reject(m, "Ann", "thingamabob Spectroelectric Optimeter on Bob 1", "SQ-R7",
           "Ann called last chance")
    play(m, "Bob: done", "Cat: done", "Dan: done")
    reject(m, "Ann", "last chance", "SQ-R7", "already called")
    assert G.legal_moves(m.state, 0)[-1] == Choose("Dan")
    m = match(*DEALS, "Ann: flip Cat 1")
    legal(m, "Ann", "choose Dan")     # nobody could play: no call needed


def test_nobody_robs_themselves():
    """SQ-R8: a new buyer who completes Nasties with stolen cards just discards them."""
    m, _ = nasty_turn(collections={"Cat": ["Poison Pill Bug"], "Bob": ["Poison Pill Bug"],
                                   "Dan": ["Loan Shark", "Poison Pill Bug"]})
    play(m, "Bob: steal nothing", "Bob: steal Poison Pill Bug")
    events = legal(m, "Bob", "steal nothing")
    assert "SQ-R8" in rules_of(events)
    assert "Poison Pill Bug" not in facts(m)["collection/Bob"]


def test_trade_ins_go_round_from_the_new_buyer():
    """SQ-R9: losses are decided one set at a time, from the new buyer round the table."""
    m, events = nasty_turn()
    said = texts(events)
    assert said.index("Cat trades in") < said.index("Dan trades in")
    assert m.state.data["steals"] == [2, 1, 1, 3, 2, 2]


def test_short_hands():
    """SQ-R10: a short hand offers all its cards; no deal at all ends the game."""
    m = match(draw_size=0, hands=dict(HANDS, Bob=["Giant", "Tiny"]))
    reject(m, "Bob", "deal Giant up Giant", "SQ-R10", "a deal is 2 cards (all Bob holds")
    legal(m, "Bob", "deal Giant+Tiny up Tiny")
    with pytest.raises(SetupError, match="nobody can offer a deal"):
        match(draw_size=0, hands={"Ann": ["Tiny"], "Bob": [], "Cat": [], "Dan": []})


def test_point_tokens_do_not_run_out():
    """SQ-R11: a set still earns a token when the supply is empty."""
    m = match(*DEALS, "Ann: flip Cat 1", tokens={"Bob": 3, "Cat": 3, "Dan": 3, "Ann": 19})
    events = legal(m, "Ann", "choose Bob")
    assert "a stand-in, SQ-R11" in texts(events) and facts(m)["tokens/Ann"] == "20"


def test_a_thingamabob_must_do_something():
    """SQ-R13: a Thingamabob with nothing to do leaves its holder out of the window; a Platonic Isolator tried anyway is refused under its own clause SQ-5.4, as when someone else is richer."""
    m = window(tokens={})
    assert 3 not in G.to_act(m.state)
    reject(m, "Dan", "done", "SQ-R13", "Dan's Platonic Isolator would do nothing now",
           "nobody has more point tokens than Dan (0)")
    reject(m, "Dan", "thingamabob Platonic Isolator from Ann", "SQ-5.4",
           "Ann has 0 point tokens, not more than Dan's 0", "nobody has more than Dan")


def test_only_the_top_of_the_discard_pile_is_seen():
    """SQ-R14: the discard pile is squared: one face shows."""
    m = window()
    play(m, "Bob: thingamabob Detrital Repositioner on Dan 1")
    seen = view(G, m.state, 0)["zones"]["discard"]
    assert seen[0] == {"hidden": True} and seen[-1]["label"] == "Trojan Horse"


def test_an_emptied_deal_can_be_chosen():
    """SQ-R15: the buyer gets nothing; the Squatch still passes."""
    m = match("Bob: deal Giant up Giant", "Cat: deal Big up Big", "Dan: deal Tiny up Tiny",
              draw_size=0, collections={"Ann": ["Detrital Repositioner"]},
              hands={"Ann": ["Tiny"], "Bob": ["Giant"], "Cat": ["Big"], "Dan": ["Tiny"]})
    assert facts(m)["phase"] == "window"     # no face-down card: no extra flip
    legal(m, "Ann", "thingamabob Detrital Repositioner on Bob 1")
    events = legal(m, "Ann", "choose Bob")
    assert "Ann takes nothing into Ann's collection and gives the Buyer Squatch to Bob" in \
        texts(events)


def test_draws_start_with_the_next_buyer():
    """SQ-R16: the next buyer draws first."""
    m = match(*DEALS, "Ann: flip Cat 1", draw=["Giant", "Giant", "Giant"])
    legal(m, "Ann", "choose Dan")
    assert facts(m)["hand/Dan"].count("Giant") == 3


def test_two_player_window_is_run_by_the_deciding_player():
    """SQ-R17: the player who accepts or reverses calls last chance."""
    m = two("Ann: split Big+Loan Shark / Tiny up Tiny",
            collections={"Ann": ["Detrital Repositioner"]})
    assert G.to_act(m.state) == (0, 1)
    reject(m, "Bob", "accept", "SQ-5.3", "Ann may still play")
    legal(m, "Bob", "last chance")
    legal(m, "Ann", "thingamabob Detrital Repositioner on Ann 1")
    legal(m, "Bob", Reverse())


# -- notation --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("deal Tiny+Big+Loan Shark up Big", Deal(("Tiny", "Big", "Loan Shark"), "Big")),
    ("flip Ann 2", Flip("Ann", 2)),
    ("thingamabob Platonic Isolator from Ann", Thingamabob("Platonic Isolator", player="Ann")),
    ("thingamabob Detrital Repositioner on Ann 2",
     Thingamabob("Detrital Repositioner", spots=(("Ann", 2),))),
    ("thingamabob Super Detrital Repositioner on Ann 2, Mary Jo 1",
     Thingamabob("Super Detrital Repositioner", spots=(("Ann", 2), ("Mary Jo", 1)))),
    ("thingamabob Cryptozooptic Expander adds Tiny to Ann",
     Thingamabob("Cryptozooptic Expander", player="Ann", card="Tiny")),
    ("thingamabob Spectroelectric Optimeter on Ann 1",
     Thingamabob("Spectroelectric Optimeter", spots=(("Ann", 1),))),
    ("done", Done()), ("last chance", LastChance()), ("choose Ann", Choose("Ann")),
    ("steal Big", Steal("Big")), ("steal nothing", Steal(None)),
    ("split Tiny+Big / Loan Shark up Big", Split(("Tiny", "Big"), ("Loan Shark",), "Big")),
    ("split Big / Big+Tiny up their Big", Split(("Big",), ("Big", "Tiny"), "Big", "theirs")),
    ("split nothing / Big+Tiny+Giant up Tiny", Split((), ("Big", "Tiny", "Giant"), "Tiny",
                                                     "theirs")),
    ("accept", Accept()), ("reverse", Reverse()),
])
def test_notation_round_trips(text, move):
    assert parse(text) == move
    assert format_move(move) == text


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("buy Ann", "unknown move 'buy'"),
    ("deal Tiny+Big", "say which card is turned face up"),
    ("deal Tiny++Big up Big", "empty card name"),
    ("deal Yeti+Big+Big up Big", "no card called 'Yeti'"),
    ("flip Ann", "PLAYER POSITION"),
    ("thingamabob Gizmo on Ann 1", "name a Thingamabob"),
    ("thingamabob Platonic Isolator on Ann 1", "from NAME"),
    ("thingamabob Cryptozooptic Expander on Ann 1", "adds CARD to NAME"),
    ("thingamabob Detrital Repositioner on Ann 1, Bob 2", "one deal card, not 2"),
    ("steal", "steal nothing"),
    ("last call", "'last chance'"),
    ("done now", "'done' takes nothing"),
    ("split Big up Big", "one '/'"),
])
def test_unreadable_moves_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_names_are_read_without_case():
    m = window()
    assert G.parse_move(m.state, 0, "thingamabob spectroelectric optimeter on BOB 1") == \
        Thingamabob("Spectroelectric Optimeter", spots=(("Bob", 1),))


# -- what is told and refused reads right (issue 13) ----------------------------------------

def test_a_reshuffle_in_the_middle_of_a_draw_is_told_in_order():
    """SQ-8.2: Bob draws the two cards left, the discard pile is reshuffled, then Bob draws one more."""
    m = match(*DEALS, "Ann: flip Cat 1", draw=["Medium", "Giant"], draw_size=2)
    events = legal(m, "Ann", "choose Bob")
    told = [e.text for e in events if e.rule in ("SQ-8.1", "SQ-8.2")]
    assert told[:3] == ["Bob draws 2 cards",
                        told[1], "Bob draws 1 more card and holds 5"]
    assert told[1].startswith("The draw pile is empty")
    assert all(t.startswith(("The draw", "Bob draws", "Ann draws", "Cat draws", "Dan draws"))
               for t in told)


def test_a_deal_taken_is_listed_in_the_order_it_lay():
    """SQ-6.2: the chosen deal goes into the buyer's collection, named card by card as it lay (face-down cards first, the turned card last)."""
    m = match(*DEALS, "Ann: flip Cat 1")
    events = legal(m, "Ann", "choose Bob")
    assert "Ann takes Giant, Loan Shark, Tiny into Ann's collection" in texts(events)
    assert "Cat's own deal goes into Cat's collection: Poison Pill Bug, Big, Big" in texts(events)
    assert "their collection" not in texts(events) and "their own" not in texts(events)


def test_the_extra_card_tried_again_names_the_once_a_turn_limit():
    """SQ-3.3: after the buyer's extra card is turned, a second flip is refused under SQ-3.3 as used up, not with the Thingamabob window's text."""
    m = window()
    reason = reject(m, "Ann", "flip Bob 2", "SQ-3.3", "one extra card a turn",
                    "Ann turned it already")
    assert "offers no deal" not in reason


def test_a_choice_during_the_deals_names_the_choosing_clause():
    """SQ-6.1: the buyer who tries to choose while deals are built hears when choosing comes, not only that the buyer offers no deal."""
    m = match("Bob: deal Giant+Loan Shark+Tiny up Tiny")
    reject(m, "Ann", "choose Bob", "SQ-6.1", "once the deals are ready",
           "now Cat and Dan build their deals")
    reject(m, "Ann", "deal Tiny+Medium+Big up Big", "SQ-3.1",
           "Ann is the buyer and offers no deal")
    reject(m, "Bob", "deal Tiny+Medium+Big up Big", "SQ-3.1", "Bob's deal is ready")
    reject(m, "Bob", "flip Cat 1", "SQ-3.3", "once every deal is ready")
    reject(m, "Ann", "split Tiny / Medium+Big up Big", "SQ-9.2", "a split is for two players")
