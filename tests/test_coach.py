"""Coaching advice (tutor/coach.py): the heuristic bot's choice for the learner's seat with
its reason said to the learner, then the move itself; never a card the seat cannot see.
And the bots' reasons it shows read as sentences, not figures (issue 33, B20)."""

import random
import re

import pytest

from testkit.twins import apply_permutation, random_matches, seen_so_far, twin_permutation
from tutor.bots import make_bot
from tutor.coach import advice, to_learner
from tutor.core.match import Match
from tutor.core.views import hidden_card_ids, view
from tutor.games import GAMES

SEED = 7


def random_positions(game_id, count=24, players=3, seed=5):
    """(state, seat) at ``count`` positions of seeded random games: every seat that may
    act at every third position."""
    game = GAMES[game_id]
    players = max(players, game.player_counts[0])
    chooser = random.Random(seed)
    found, game_seed = [], seed
    while len(found) < count:
        match = Match(game, tuple(f"P{i}" for i in range(players)), seed=game_seed)
        while match.to_act() and len(found) < count and len(match.plies) < 400:
            if len(match.plies) % 3 == 0:
                found += [(match.state, seat) for seat in match.to_act()]
            seat = chooser.choice(match.to_act())
            match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
        game_seed += 1
    return found[:count]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_advice_is_the_bots_choice_for_the_seat(game_id):
    """Level 1 is the heuristic bot's move for the seat with its reason, level 2 the same
    move ready to play (a legal move, written as the seat reads it), at random positions."""
    game = GAMES[game_id]
    bot = make_bot(game, "heuristic", SEED)
    for state, seat in random_positions(game_id):
        choice = bot.choose(game, state, seat)
        first = advice(game, state, seat, 1, seed=SEED)
        second = advice(game, state, seat, 2, seed=SEED)
        assert first.move == choice.move == second.move
        assert first.level == 1 and second.level == 2
        said = to_learner(choice.reason)
        assert first.text == said[:1].upper() + said[1:].rstrip(".") + "."
        assert game.check(state, seat, second.move) is None
        assert second.move_text == game.format_move_for(state, seat, choice.move, seat)
        assert second.move_text in second.text
        assert all(rule in game.rules for rule in first.rules + second.rules)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_advice_speaks_to_the_learner(game_id):
    """The bot's reason about itself reads as said to the learner: no "it", "its" or
    "itself" is left (each spoke of the bot's seat) and it opens with a command ("Bid",
    "Pass"), not the bot's third person ("Bids", "Passes")."""
    game = GAMES[game_id]
    for state, seat in random_positions(game_id, 30):
        text = advice(game, state, seat, seed=SEED).text
        assert not re.search(r"\b(it|its|itself)\b", text), text
        first = re.match(r"[A-Za-z]+", text).group()
        assert not (first.endswith("s") and not first.endswith("ss")), text


def test_to_learner_turns_a_reason_to_the_second_person():
    assert to_learner("bids 250K: Villa (250K) is worth about 300K to it at the table's "
                      "going rate, and it keeps 900K for later") == (
        "bid 250K: Villa (250K) is worth about 300K to you at the table's going rate, "
        "and you keep 900K for later")
    assert to_learner("passes: its money is not enough") == "pass: your money is not enough"
    assert to_learner("is done: its 2 playable Thingamabobs would not help now") == \
        "say done: your 2 playable Thingamabobs would not help now"
    assert to_learner("has to win the trick: every card it may play wins") == \
        "have to win the trick: every card you may play wins"
    assert to_learner("offers the 3 cards worth most to its own collection: it usually "
                      "keeps its own deal") == ("offer the 3 cards worth most to your own "
                                                "collection: you usually keep your own deal")


def test_advice_asks_for_a_seat_that_may_act_and_a_level_there_is():
    game = GAMES["sneaky_bastard"]
    state = game.new_state(("Ann", "Bob", "Cat"), seed=1)
    waiting = next(s for s in range(3) if s not in game.to_act(state))
    assert advice(game, state, waiting) is None
    with pytest.raises(ValueError, match="levels are 1"):
        advice(game, state, game.to_act(state)[0], level=3)


def test_the_advice_is_not_the_smallest_bid():
    """Issue 33: the closing game's hint gave the smallest legal bid ("bid 10K+10K") as
    advice. The advice on the first house of a fresh game is the bot's bid, with why."""
    game = GAMES["sneaky_bastard"]
    state = game.new_state(("Ann", "Bob", "Cat"), seed=1)
    seat = game.to_act(state)[0]
    first = advice(game, state, seat, seed=SEED)
    assert first.move == make_bot(game, "heuristic", SEED).choose(game, state, seat).move
    assert first.text.startswith(("Bid ", "Pass")) and ": " in first.text
    assert "to you" in first.text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_advice_reads_the_same_whatever_the_seat_cannot_see(game_id):
    """The twin test (tests/twins.py): a twin position differs only in cards the seat
    has never seen; the advice must read the same and name no card hidden from it."""
    game = GAMES[game_id]
    rng = random.Random(3)
    twins = 0
    for name, match in random_matches(game_id, 60):
        for index, state, seen in seen_so_far(game, match):
            if index % 4:
                continue
            deck = game.deck(state.options)
            for seat in game.to_act(state):
                texts = [advice(game, state, seat, level, seed=SEED).text for level in (1, 2)]
                hidden = hidden_card_ids(game, state, seat) - seen[seat]
                # Labels the seat sees on some other card may be named; the rest may not.
                known = {deck[c].label for c in deck.ids() if c not in hidden}
                secret = {deck[c].label for c in hidden} - known
                for label in secret:
                    assert not any(re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text)
                                   for text in texts), f"{name} {index}: {label} in {texts}"
                twin = apply_permutation(state, twin_permutation(game, state, hidden, rng))
                if twin == state:
                    continue
                assert [advice(game, twin, seat, level, seed=SEED).text
                        for level in (1, 2)] == texts, f"{name} position {index}"
                twins += 1
    assert twins > 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bot_reasons_are_sentences_not_figures(game_id):
    """B20: no reason, the bot's own or the one other seats read, gives signed or decimal
    figures ("+0.20 tokens", "+3 points") or figures side by side ("2655K stays in hand,
    keeping 1245K back")."""
    game = GAMES[game_id]
    bot = make_bot(game, "heuristic", SEED)
    soup = re.compile(r"(?<![\w+])[+-]\d|\d\.\d\d|stays in hand|keeping \S+ back")
    for state, seat in random_positions(game_id, 80, players=4, seed=9):
        choice = bot.choose(game, state, seat)
        for reason in (choice.reason, choice.public_reason):
            assert not soup.search(reason), reason
