"""Hints from the engine at every position of every worked example: the kinds of move
open to the acting seat with their clauses and bounds (checked by a second route), one
concrete legal move, and nothing the seat cannot see."""

import random
import re
from collections import Counter
from itertools import combinations, product

import pytest

from testkit.twins import apply_permutation, twin_permutation
from tutor.core.match import Match
from tutor.core.views import hidden_card_ids, view
from tutor.games import GAMES, example_order, scenario_dir
from tutor.games.sneaky_bastard.moves import Bid
from tutor.hints import MOST_OPTIONS_SAID, hints, kind_name, offered
from tutor.session import Walkthrough


def walkthrough(game_id, name):
    return Walkthrough.load(scenario_dir(game_id) / f"{name}.yaml")


def positions(game_id):
    """(example, step) for every step of every example of the game."""
    for name in example_order(game_id):
        for step in walkthrough(game_id, name).moves:   # a jump makes no move
            yield name, step


def kind_hint(game_id, name, number, kind):
    step = walkthrough(game_id, name).steps[number - 1]
    game = GAMES[game_id]
    found = [h for h in hints(game, step.before, step.seat) if h.kind == kind]
    assert found, f"no {kind} hint at {name} step {number}"
    return game, step, found[0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_example_position_has_kinds_with_clauses_and_a_legal_move(game_id):
    game = GAMES[game_id]
    for name, step in positions(game_id):
        state, seat = step.before, step.seat
        where = f"{name} step {step.number}"
        legal = [m for m in game.legal_moves(state, seat) if offered(m)]
        level1 = hints(game, state, seat)
        assert level1, where
        assert [h.kind for h in level1] == list(dict.fromkeys(kind_name(m) for m in legal))
        for hint in level1:
            assert hint.level == 1 and hint.text and hint.rules, where
            assert all(rule in game.rules for rule in hint.rules), where
            kind_moves = [m for m in legal if kind_name(m) == hint.kind]
            assert hint.rules[0] in game.move_rules(kind_moves[0]) + game.phase_rules(state)
            if hint.move is not None:    # a least bid: legal, and it is what the text names
                assert game.check(state, seat, hint.move) is None, where
                assert hint.move_text in hint.text
        (level2,) = hints(game, state, seat, level=2)
        assert game.check(state, seat, level2.move) is None, where
        assert level2.move_text == game.format_move_for(state, seat, level2.move, seat)
        assert f"`{level2.move_text}`" in level2.text
        for other in range(state.num_players):
            if other not in game.to_act(state):
                assert hints(game, state, other) == [], where


def test_the_least_bid_is_the_least_legal_total_of_the_seats_cards():
    """Second route: every choice of the seat's value cards, checked by the engine."""
    game = GAMES["sneaky_bastard"]
    compared = 0
    for name, step in positions("sneaky_bastard"):
        state, seat = step.before, step.seat
        bids = [h for h in hints(game, state, seat) if h.kind == "bid"]
        if not bids:
            continue
        deck = game.deck(state.options)
        mine = [deck[c] for zone in (f"hand:{seat}", f"houses:{seat}")
                for c in state.zones[zone] if deck[c].value]
        value = {card.label: card.value for card in mine}
        counts = Counter(card.label for card in mine)
        labels = sorted(counts)
        least = None
        for choice in product(*(range(counts[label] + 1) for label in labels)):
            cards = tuple(label for label, n in zip(labels, choice) for _ in range(n))
            if cards and game.check(state, seat, Bid(cards)) is None:
                total = sum(value[label] for label in cards)
                least = total if least is None else min(least, total)
        move = bids[0].move
        if least is None:
            assert move is None
            continue
        assert move is not None, f"{name} step {step.number}"
        assert sum(value[label] for label in move.cards) == least, f"{name} {step.number}"
        compared += 1
    assert compared >= 10


def test_a_bid_hint_says_what_it_must_beat_and_the_least_with_your_cards():
    game, step, hint = kind_hint("sneaky_bastard", "three_players", 2, "bid")  # Frank
    assert hint.rules == ("SB-3.1", "SB-3.2")
    assert "must beat the highest bid, 100K (Lisa)" in hint.text
    # Not "Frank's would total 100K": Frank has nothing down (issue 33, B8).
    assert "would total" not in hint.text and "Frank" not in hint.text
    assert hint.move_text == "bid 100K+25K" and "The least your cards make: bid 100K+25K" \
        in hint.text
    game, step, hint = kind_hint("sneaky_bastard", "three_players", 4, "bid")  # Lisa
    assert hint.move_text == "bid Opknappertje+100K" == step.move_text


def test_a_must_follow_hint_lists_the_cards_that_may_be_played():
    game, step, hint = kind_hint("bargain_hunter", "trick_higher_seven", 2, "play")  # James
    assert "BH-3.2" in hint.rules and "must follow green" in hint.text
    allowed = hint.text.split("Allowed now: ")[1]
    assert allowed == "green 7 and green 1."
    hand = [f["label"] for f in view(game, step.before, step.seat)["zones"]["hand:1"]]
    assert all(label not in allowed for label in hand if not label.startswith("green"))


def test_a_hint_names_the_declaration_the_rules_ask_for():
    game, step, hint = kind_hint("bargain_hunter", "trick_higher_seven", 3, "play")  # Fred
    assert hint.rules == ("BH-3.1", "BH-3.2", "BH-3.7") and "higher or lower" in hint.text
    game, step, hint = kind_hint("bargain_hunter", "trick_higher_seven", 4, "play")  # Mandy
    assert "BH-3.4" in hint.rules and "must declare whether yellow is trump" in hint.text


def test_a_battle_hint_names_what_answers_and_a_forced_give_up():
    game, step, hint = kind_hint("cover_your_assets", "stealing_a_set", 3, "answer")
    assert "CYA-5.4" in hint.rules and "answer with Classic Auto or a wild" in hint.text
    game, step, hint = kind_hint("cover_your_assets", "stealing_a_set", 5, "give up")
    assert "CYA-R18" in hint.rules and "must give up" in hint.text


def test_hint_levels_are_one_and_two():
    game = GAMES["sneaky_bastard"]
    step = walkthrough("sneaky_bastard", "three_players").steps[0]
    with pytest.raises(ValueError, match="levels are 1 .* and 2"):
        hints(game, step.before, step.seat, level=3)


def hint_page(game, state, seat):
    return ([h.text for h in hints(game, state, seat)],
            [h.text for h in hints(game, state, seat, level=2)])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hints_read_the_same_whatever_the_seat_cannot_see(game_id):
    """The twin idea of tests/test_secrets.py: a twin position differs only in the
    cards the acting seat cannot see; its hints must read the same. And no hint names
    a card the seat cannot see (aside from labels the seat sees elsewhere, and card
    kinds the rules themselves name, such as "Irresistible Offer")."""
    game = GAMES[game_id]
    rng = random.Random(14)
    twins = 0
    rule_texts = " ".join(clause.text for clause in game.rules)
    named_by_rules = {card.label for card in game.deck({}) if card.label in rule_texts}
    for name, step in positions(game_id):
        state, seat = step.before, step.seat
        hidden = hidden_card_ids(game, state, seat)
        page = hint_page(game, state, seat)
        seen = {f["label"] for faces in view(game, state, seat)["zones"].values()
                for f in faces if "label" in f}
        deck = game.deck(state.options)
        secret = {deck[c].label for c in hidden} - seen - named_by_rules
        text = " ".join(page[0] + page[1])
        assert not [label for label in secret if re.search(
            rf"(?<!\w){re.escape(label)}(?!\w)", text)], f"{name} {step.number}"
        for _ in range(2):
            twin = apply_permutation(state, twin_permutation(game, state, hidden, rng))
            if twin == state:
                continue
            assert hint_page(game, twin, seat) == page, f"{name} step {step.number}"
            twins += 1
    assert twins > 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hints_hold_in_random_play(game_id):
    """Positions no example reaches: every acting seat gets kinds with clauses, a least
    bid that is legal, and a legal concrete move."""
    game = GAMES[game_id]
    chooser = random.Random(7)
    players = game.player_counts[0] + 1 if len(game.player_counts) > 1 else \
        game.player_counts[0]
    checked = 0
    for seed in range(2):
        match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed)
        while match.to_act() and len(match.plies) < 80:
            for seat in match.to_act():
                kinds = hints(game, match.state, seat)
                assert kinds and all(h.rules for h in kinds)
                assert all(game.check(match.state, seat, h.move) is None
                           for h in kinds if h.move is not None)
                (concrete,) = hints(game, match.state, seat, level=2)
                assert game.check(match.state, seat, concrete.move) is None
                checked += 1
            seat = chooser.choice(match.to_act())
            match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
    assert checked >= 20


# -- option counts: every move of the kind, by a second route --------------------------

def every_move(game, state, seat, kind_moves):
    """The legal moves of one kind, the same cards in another order counted once, found
    by brute force over the seat's cards and positions for the kinds whose legal-move
    list is a representative few; else the engine's list."""
    sample = kind_moves[0]
    hand = state.zones[f"hand:{seat}"]
    deck = game.deck(state.options)
    labels = [deck[c].label for c in hand]
    found = set()
    if type(sample).__name__ == "Deal":
        for cards in set(tuple(sorted(c)) for c in combinations(labels, len(sample.cards))):
            for up in set(cards):
                if game.check(state, seat, type(sample)(cards, up)) is None:
                    found.add((cards, up))
    elif type(sample).__name__ == "Split":
        size = len(sample.mine) + len(sample.theirs)
        for cards in set(tuple(sorted(c)) for c in combinations(labels, size)):
            for sides in product((0, 1), repeat=size):
                mine = tuple(sorted(c for c, s in zip(cards, sides) if s == 0))
                theirs = tuple(sorted(c for c, s in zip(cards, sides) if s == 1))
                for up_side, laid in (("mine", mine), ("theirs", theirs)):
                    for up in set(laid):
                        move = type(sample)(mine, theirs, up, up_side)
                        if game.check(state, seat, move) is None:
                            found.add((mine, theirs, up, up_side))
    elif type(sample).__name__ == "DiscardTwo":
        for pair in combinations(range(1, len(hand) + 1), 2):
            if game.check(state, seat, type(sample)(pair)) is None:
                found.add(pair)
    elif type(sample).__name__ in ("Bid", "PlaySneaky"):
        mine = [deck[c].label for zone in (f"hand:{seat}", f"houses:{seat}")
                for c in state.zones[zone] if deck[c].value]
        counts = Counter(mine)   # each different multiset of the seat's cards once
        for choice in product(*(range(n + 1) for n in counts.values())):
            cards = tuple(sorted(label for label, n in zip(counts, choice)
                                 for _ in range(n)))
            if game.check(state, seat, type(sample)(cards)) is None:
                found.add(cards)
    else:
        return len(kind_moves)
    return len(found)


def assert_counts_true(game, state, seat, where):
    legal = [m for m in game.legal_moves(state, seat) if offered(m)]
    for hint in hints(game, state, seat):
        kind_moves = [m for m in legal if kind_name(m) == hint.kind]
        count = every_move(game, state, seat, kind_moves)
        if hint.options is None:   # not counted: then there is a choice, and no number
            assert count > 1 and not re.search(r"\d+ options", hint.text), \
                f"{where}: {hint.text} ({count})"
            continue
        assert hint.options == count, f"{where}: {hint.text}"
        said = re.search(r"(\d+) options", hint.text)
        if said:
            assert int(said.group(1)) == count <= MOST_OPTIONS_SAID, f"{where}: {hint.text}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_count_is_the_number_of_legal_moves_of_its_kind(game_id):
    """At every book position and at random positions: the count a hint gives is how
    many moves of that kind the engine allows (a deal of 3 of 5 different cards with
    one turned up: 30; not the few the engine lists)."""
    game = GAMES[game_id]
    for name, step in positions(game_id):
        assert_counts_true(game, step.before, step.seat, f"{name} step {step.number}")
    chooser = random.Random(24)
    players = game.player_counts[0]
    for seed in range(2):
        match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed)
        while match.to_act() and len(match.plies) < 16:
            seat = chooser.choice(match.to_act())
            assert_counts_true(game, match.state, seat, f"seed {seed} ply {len(match.plies)}")
            match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))


def test_the_book_counts_from_issue_24():
    """The figures a learner read wrong: 30 deals (not 9), 138 splits (not 18), and six
    pairs to discard from four cards (not 3). A count above twenty is kept in the hint's
    value but not said: "138 options" means nothing to a learner (issue 33, B8)."""
    game, step, hint = kind_hint("sell_me_a_sasquatch", "first_turn", 1, "deal")
    assert hint.options == 30 and "option" not in hint.text
    game, step, hint = kind_hint("sell_me_a_sasquatch", "two_players", 1, "split")
    assert hint.options == 138 and "option" not in hint.text
    game, step, hint = kind_hint("sneaky_snakes", "snake_battle", 1, "discard two")
    assert hint.options == 6 and "6 options" in hint.text


@pytest.mark.parametrize("game_id", ["sneaky_snakes"])
def test_peeking_is_never_offered(game_id):
    """The book forbids looking at a card that faces away (SN-4.1) and only punishes
    it (SN-4.4): no hint offers it, at any level."""
    game = GAMES[game_id]
    for name, step in positions(game_id):
        found = hints(game, step.before, step.seat) + hints(game, step.before, step.seat, 2)
        assert all(h.kind != "peek" and "SN-4.4" not in h.rules for h in found), name
        assert all("Peek" not in h.text for h in found), name


def test_a_pass_hint_speaks_of_the_pass():
    """Level 2 for a pass that turns up a card the seat cannot see says so of the pass,
    not of "what it turns up" as if the pass were a card."""
    game = GAMES["sneaky_bastard"]
    seen = 0
    for name, step in positions("sneaky_bastard"):
        book = step.ply.move
        if kind_name(book) != "pass":
            continue
        (hint,) = hints(game, step.before, step.seat, level=2, book=book)
        assert "What it turns up" not in hint.text, f"{name} {step.number}"
        if "cannot see" in hint.text:
            assert f"After `{hint.move_text}`" in hint.text
            seen += 1
    assert seen > 0


def test_the_second_hint_is_the_books_move_in_practice():
    """Frank's book bid at three_players step 2 is the move the second hint shows,
    not the least bid; without a book move it is still a legal move."""
    game = GAMES["sneaky_bastard"]
    for name in ("three_players", "four_players"):
        for step in walkthrough("sneaky_bastard", name).steps:
            (hint,) = hints(game, step.before, step.seat, level=2, book=step.ply.move)
            assert hint.move == step.ply.move, f"{name} {step.number}"
            (free,) = hints(game, step.before, step.seat, level=2)
            assert game.check(step.before, step.seat, free.move) is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_second_hint_cites_the_clause_the_first_gives_its_kind(game_id):
    """Level 2 (the book's move, as practice asks for it) cites the clause that level 1
    gives the same kind of move in the same position: a Loan Shark steal cites SQ-7.3
    at both levels, not the first clause the move class lists (SQ-7.2)."""
    game = GAMES[game_id]
    for name, step in positions(game_id):
        state, seat = step.before, step.seat
        (level2,) = hints(game, state, seat, level=2, book=step.ply.move)
        first = {h.kind: h.rules[0] for h in hints(game, state, seat)}
        if level2.kind in first and level2.rules:
            assert level2.rules[0] == first[level2.kind], f"{name} step {step.number}"


def test_a_loan_shark_steal_hint_cites_sq_7_3_at_both_levels():
    game = GAMES["sell_me_a_sasquatch"]
    step = walkthrough("sell_me_a_sasquatch", "nasties").steps[6]
    assert step.before.data["steals"][2] == 2    # Dan's Loan Sharks: up to two cards
    (level1,) = hints(game, step.before, step.seat)
    (level2,) = hints(game, step.before, step.seat, level=2, book=step.ply.move)
    assert level1.rules[0] == level2.rules[0] == "SQ-7.3"
