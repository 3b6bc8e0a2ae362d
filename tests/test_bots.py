"""The bots: only legal moves, always a reason, the same move for the same position and
seed, and a heuristic Sneaky Bastard bot that plays sensibly (bounded bids, stealing when
the price runs away, the sneaky auction) and beats the random bot clearly. And for every
game's heuristic bot: the other seats read what its reason can say from the open table
(issue 25)."""

import re
from types import SimpleNamespace

import pytest

from testkit.play import bots_play as play_out
from testkit.play import heuristic_wins
from tutor import get_game
from tutor.bots import (BOT_KINDS, PRIVATE_REASON, PRIVATE_REST, BotChoice, RandomBot,
                        make_bot)
from tutor.core.state import State
from tutor.games import game_ids, spec
from tutor.games.sneaky_bastard.bot import SneakyBastardBot
from tutor.games.sneaky_bastard.deck import VALUE, VALUE_OF_LABEL
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait

MOVE_CAP = 3000   # a full game takes well under 300 moves
PLAYERS4 = ["P0", "P1", "P2", "P3"]


def position(game, moves, players=PLAYERS4, **setup):
    """A new game with this setup, then these moves (notation) by the seats to act."""
    state = game.new_state(players, seed=1, setup=setup)
    for text in moves:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.parse_move(state, seat, text))
    return state


def bid_total(move) -> int:
    return sum(VALUE_OF_LABEL[label] for label in move.cards)


# -- legal moves, reasons, termination ------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_only_make_legal_moves_and_always_say_why(sneaky_bastard, players):
    digits = []

    def heuristic_reasons_have_numbers(state, seat, kind, choice):
        if kind == "heuristic":
            digits.append(any(ch.isdigit() for ch in choice.reason))

    lineups = [["heuristic"] * players, ["random"] * players,
               [BOT_KINDS[seat % 2] for seat in range(players)]]
    for seed in range(8):
        for kinds in lineups:
            final = play_out(sneaky_bastard, kinds, 100 * players + seed,
                             heuristic_reasons_have_numbers)
            assert sneaky_bastard.outcome(final) is not None
    assert digits and all(digits)


# -- determinism ------------------------------------------------------------------------

def positions_of_a_game(game, players=4, seed=5):
    states = []
    play_out(game, ["random"] * players, seed, lambda state, *_: states.append(state))
    return states


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_same_seed_and_position_give_the_same_choice(sneaky_bastard, kind):
    bot, twin = make_bot(sneaky_bastard, kind, 7), make_bot(sneaky_bastard, kind, 7)
    for state in positions_of_a_game(sneaky_bastard)[::3]:
        seat = sneaky_bastard.to_act(state)[0]
        first = bot.choose(sneaky_bastard, state, seat)
        assert bot.choose(sneaky_bastard, state, seat) == first        # asked again
        assert twin.choose(sneaky_bastard, state, seat) == first       # a new bot
        copy = State.loads(state.dumps())
        assert bot.choose(sneaky_bastard, copy, seat) == first         # a copied state


def test_a_different_seed_can_change_the_random_choice(sneaky_bastard):
    one, two = RandomBot(1), RandomBot(2)
    differ = 0
    for state in positions_of_a_game(sneaky_bastard):
        seat = sneaky_bastard.to_act(state)[0]
        if len(sneaky_bastard.legal_moves(state, seat)) > 1:
            differ += one.choose(sneaky_bastard, state, seat).move != \
                two.choose(sneaky_bastard, state, seat).move
    assert differ > 10


def test_random_bot_reason_counts_the_legal_moves(sneaky_bastard):
    state = sneaky_bastard.new_state(PLAYERS4, seed=3)
    seat = sneaky_bastard.to_act(state)[0]
    count = len(sneaky_bastard.legal_moves(state, seat))
    choice = RandomBot(0).choose(sneaky_bastard, state, seat)
    assert choice.reason == f"picks at random among {count} legal moves"
    assert choice.move in sneaky_bastard.legal_moves(state, seat)


# -- strength ---------------------------------------------------------------------------

def test_heuristic_bot_beats_three_random_bots_clearly(sneaky_bastard):
    """One heuristic seat (moving round the table) against three random ones. Measured
    when written: 60 wins in 60 games (200/200 over 200 games); chance would be 1/4."""
    games = 60
    wins = heuristic_wins(sneaky_bastard, games, 9000)
    assert wins >= 0.75 * games, f"the heuristic bot won only {wins:g} of {games} games"


# -- sensible play in constructed positions ----------------------------------------------

def cheapest_raise(game, state, seat):
    """An opponent that always raises as little as it can, and never gives up."""
    bids = [m for m in game.legal_moves(state, seat) if isinstance(m, Bid)]
    return min(bids, key=bid_total) if bids else Pass()


@pytest.mark.parametrize("house", ["Studentenkamer", "House 300K", "Huis aan zee",
                                   "House 600K", "House 850K"])
def test_heuristic_bot_never_bids_more_than_90_percent_of_the_price_in_round_one(
        sneaky_bastard, house):
    """Round one of a four-player game: 5580K of money against 7650K of houses, so money
    is worth about 1.35K of house per 1K and no house is worth its price in money. Three
    opponents push the price up as little as they can at a time; the bot bids, but stops
    (passes or turns sneaky) before its bid passes 90% of the price."""
    game = sneaky_bastard
    for first in PLAYERS4:
        state = game.new_state(PLAYERS4, seed=2, setup={"pile": [house], "first": first})
        price = VALUE[state.zones["offer"][0]]
        bot, highest = make_bot(game, "heuristic", 4), 0
        while state.data["round"] == 1:
            seat = game.to_act(state)[0]
            if seat == 0:
                move = bot.choose(game, state, 0).move
            else:
                move = cheapest_raise(game, state, seat)
            state, _ = game.apply(state, seat, move)
            highest = max(highest, sum(VALUE[c] for c in state.zones["bid:0"]))
        assert 0 < highest <= 0.9 * price, (first, highest)
        if state.data["last_buyer"] == 0:
            assert state.data["last_price"] <= 0.9 * price


def test_heuristic_bot_steals_when_the_price_is_far_above_the_worth(sneaky_bastard):
    # P1 bids 500K on a 100K house; the bot (P2) has not bid yet.
    state = position(sneaky_bastard, ["bid 500K"], pile=["House 100K"], first="P1")
    choice = SneakyBastardBot(0).choose(sneaky_bastard, state, 2)
    assert choice.move == PlaySneaky(())
    assert "500K" in choice.reason and "Sneaky Bastard" in choice.reason


def test_heuristic_bot_steals_in_a_two_player_game_too(sneaky_bastard):
    state = position(sneaky_bastard, ["bid 500K"], players=["A", "B"],
                     pile=["House 100K"], first="A")
    choice = SneakyBastardBot(0).choose(sneaky_bastard, state, 1)
    assert choice.move == PlaySneaky(())


def test_without_a_sneaky_card_the_bot_passes_and_names_the_price(sneaky_bastard):
    state = position(sneaky_bastard, ["bid 500K"], pile=["House 100K"], first="P1",
                     sneaky_cards={"P2": 0})
    choice = SneakyBastardBot(0).choose(sneaky_bastard, state, 2)
    assert choice.move == Pass()
    assert "500K" in choice.reason


def test_heuristic_bot_opens_cheaply_on_a_fresh_house(sneaky_bastard):
    state = position(sneaky_bastard, [], pile=["Huis aan zee"], first="P0")
    choice = SneakyBastardBot(0).choose(sneaky_bastard, state, 0)
    assert choice.move == Bid(("10K",))
    assert choice.reason.startswith("bids 10K")


def test_heuristic_bot_raises_its_sneaky_bid_while_the_gain_stays_clear(sneaky_bastard):
    # P0 bids 250K on a 100K house; P1 goes sneaky for nothing; the bot (P2) must beat
    # that to steal too; P3 passes, so P0 buys for 250K; P1 raises to 25K.
    game = sneaky_bastard
    state = position(game, ["bid 250K", "sneaky"], pile=["House 100K"], first="P0")
    bot = SneakyBastardBot(0)
    choice = bot.choose(game, state, 2)
    assert choice.move == PlaySneaky(("10K",))
    state, _ = game.apply(state, 2, choice.move)
    for text in ("pass", "bid 25K"):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.parse_move(state, seat, text))
    assert state.data["sold"] and state.data["last_price"] == 250
    choice = bot.choose(game, state, 2)
    assert choice.move == Bid(("25K",))               # 35K for a 250K payment
    assert "gain 215K" in choice.reason
    state, _ = game.apply(state, 2, choice.move)
    state, _ = game.apply(state, 1, game.parse_move(state, 1, "bid 250K"))  # P1: 275K
    choice = bot.choose(game, state, 2)
    assert choice.move == Pass()                      # beating 275K loses money
    assert "loss" in choice.reason and "250K" in choice.reason


def test_heuristic_bot_waits_as_the_lone_sneaky_bidder(sneaky_bastard):
    game = sneaky_bastard
    state = position(game, ["bid 250K"], pile=["House 100K"], first="P0")
    bot = SneakyBastardBot(0)
    choice = bot.choose(game, state, 1)
    assert isinstance(choice.move, PlaySneaky)
    state, _ = game.apply(state, 1, choice.move)
    for text in ("bid 500K", "bid 500K+10K", "bid 250K+25K+10K"):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.parse_move(state, seat, text))
    assert game.to_act(state) == (1,) and not state.data["sold"]
    choice = bot.choose(game, state, 1)
    assert choice.move == Wait() and "SB-4.5" in choice.reason


def test_on_the_last_house_the_bot_pays_with_a_cheaper_house(sneaky_bastard):
    # The last house; the bot owns House 50K and has no money: paying with the cheaper
    # house gains 600K of score, and money would count for nothing anyway.
    gone = [f"House {price}K" for price in range(100, 851, 50) if price != 650]
    state = sneaky_bastard.new_state(
        ["A", "B", "C"], seed=1,
        setup={"round": 17, "for_sale": "House 650K", "first": "A", "discard": gone,
               "hands": {"A": [], "B": ["500K"], "C": ["100K"]},
               "houses": {"A": ["House 50K"]}})
    assert state.zones["pile"] == []
    choice = SneakyBastardBot(0).choose(sneaky_bastard, state, 0)
    assert choice.move == Bid(("House 50K",))
    assert "last house" in choice.reason


def test_a_refused_choice_falls_back_to_a_legal_move(sneaky_bastard, monkeypatch):
    state = sneaky_bastard.new_state(PLAYERS4, seed=3)
    seat = sneaky_bastard.to_act(state)[0]
    bot = SneakyBastardBot(0)
    monkeypatch.setattr(bot, "_decide", lambda *a: BotChoice(Bid(("500K",) * 3), "greed"))
    choice = bot.choose(sneaky_bastard, state, seat)
    assert sneaky_bastard.check(state, seat, choice.move) is None
    assert "refused" in choice.reason
    # Another seat reads that the bot fell back, but neither move nor the first reason.
    other = choice.reason_for(seat, (seat + 1) % 4)
    assert "refused" in other and "greed" not in other and "pass" not in other


# -- making bots -------------------------------------------------------------------------

def test_make_bot_gives_each_kind_with_its_seed(sneaky_bastard):
    assert spec("sneaky_bastard").bot is SneakyBastardBot
    heuristic = make_bot(sneaky_bastard, "heuristic", seed=3)
    assert isinstance(heuristic, SneakyBastardBot) and heuristic.name == "heuristic"
    assert heuristic.seed == 3
    random_bot = make_bot(sneaky_bastard, "random")
    assert isinstance(random_bot, RandomBot) and random_bot.name == "random"
    assert random_bot.seed == 0


def test_make_bot_errors_name_what_exists(sneaky_bastard):
    with pytest.raises(ValueError, match="unknown bot kind 'clever'.*heuristic, random"):
        make_bot(sneaky_bastard, "clever")
    no_bot = SimpleNamespace(id="go_fish", title="Go Fish")
    with pytest.raises(ValueError, match="Go Fish has no heuristic bot.*sneaky_bastard"):
        make_bot(no_bot, "heuristic")
    assert isinstance(make_bot(no_bot, "random"), RandomBot)   # random works for any game


# -- reasons as the other seats read them ------------------------------------------------

# Games of heuristic bots against each other, per game: (players, seeds); a game not
# listed plays three games at its fewest and its most players.
REASON_GAMES = {"sneaky_bastard": [(3, range(3)), (5, range(2))],
                "bargain_hunter": [(3, range(3)), (4, range(2))],
                "cover_your_assets": [(3, range(3)), (4, range(2))],
                "sell_me_a_sasquatch": [(2, range(3)), (4, range(3))],
                "sneaky_snakes": [(3, range(4)), (5, range(3))]}
# Words that tell a reader which kind of move a reason is about, per move class.
MOVE_WORDS = {
    "sneaky_bastard": {"Bid": r"\b(bids|raises)\b", "Pass": r"\bpasses\b",
                       "PlaySneaky": r"plays a Sneaky Bastard card", "Wait": r"\bwaits\b"},
    "bargain_hunter": {"ChooseBargain": r"\bchooses\b.*\bbargain\b",
                       "Play": r"\b(plays|leads)\b", "Clean": r"\bclears out\b",
                       "Skip": r"\bskips\b"},
    "cover_your_assets": {"Answer": r"\b(defends|fights on)\b",
                          "Challenge": r"\bchallenges\b", "Discard": r"\bdiscards\b",
                          "FormSet": r"\bforms a set\b", "GiveUp": r"\bgives up\b"},
    "sell_me_a_sasquatch": {"Deal": r"\boffers\b.*\bdeal\b", "Split": r"\bsplits\b",
                            "Flip": r"\bturns\b", "Steal": r"\btakes\b",
                            "Done": r"\bis done\b", "LastChance": r"\blast chance\b",
                            "Choose": r"\bchooses\b", "Accept": r"\baccepts\b",
                            "Reverse": r"\breverses\b", "Thingamabob": r"\bplays the\b"},
    "sneaky_snakes": {"Play": r"\bplays\b", "Point": r"\bpoints\b",
                      "Answer": r"\b(plays|leaves)\b", "Skip": r"\bskips\b",
                      "Steal": r"\bsteals\b", "Give": r"\bgives\b", "Swap": r"\bswaps\b",
                      "SwapHands": r"\btakes\b.*\bhand\b", "TurnCard": r"\bturns\b",
                      "Vote": r"\b(shares|votes)\b"},
}
# Reasons another seat reads as PRIVATE_REASON alone. Measured when written: 0% in every
# game (before issue 25: 100% in Sneaky Bastard, Bargain Hunter and Cover Your Assets,
# 67% in Sneaky Snakes, 58% in Sasquatch).
MAX_WITHHELD_SHARE = 0.02


def reasons_read_by_the_others(game_id):
    """(move class name, the bot's own reason, that reason as read) for every choice of
    heuristic bots playing each other in ``REASON_GAMES``, read by every seat but the
    bot's own."""
    game = get_game(game_id)
    read = []
    counts = game.player_counts
    plans = [(counts[0], range(3)), (counts[-1], range(3))]
    for players, seeds in REASON_GAMES.get(game_id, plans):
        for seed in seeds:
            bots = [make_bot(game, "heuristic", seed * 10 + s) for s in range(players)]
            state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
            for _ in range(MOVE_CAP):
                acting = game.to_act(state)
                if not acting:
                    break
                seat = acting[0]
                choice = bots[seat].choose(game, state, seat)
                read += [(type(choice.move).__name__, choice.reason,
                          choice.reason_for(seat, viewer))
                         for viewer in range(players) if viewer != seat]
                state, _ = game.apply(state, seat, choice.move)
    return read


@pytest.mark.parametrize("game_id", game_ids())
def test_another_seat_reads_what_a_bot_can_say_without_its_hidden_cards(game_id):
    """Issue 25: a player's view showed the fixed 'rests on cards only it can see' for
    nearly every heuristic move. Now each reason says what it can from the open table
    and withholds only the hidden part: the share read as the fixed sentence alone
    stays small, every reason read names the kind of move (a bid, a pass, ...), and one
    that leaves something out says so. (That what is said names no hidden card is
    tests/test_secrets.py's twin test.)"""
    read = reasons_read_by_the_others(game_id)
    withheld = sum(shown == PRIVATE_REASON for _, _, shown in read)
    partly = sum(shown.endswith(PRIVATE_REST) for _, _, shown in read)
    share = withheld / len(read)
    print(f"{game_id}: {len(read)} reasons read by other seats: {withheld} fully withheld "
          f"({share:.0%}), {partly} partly ({partly / len(read):.0%}), the rest in full")
    assert share <= MAX_WITHHELD_SHARE, f"{share:.0%} of the reasons read fully withheld"
    words = MOVE_WORDS[game_id]
    unnamed = [(kind, shown) for kind, _, shown in read
               if shown != PRIVATE_REASON and not re.search(words[kind], shown)]
    assert not unnamed, f"reasons that do not name their move: {unnamed[:5]}"
    silent = [(own, shown) for _, own, shown in read
              if shown not in (own, PRIVATE_REASON) and not shown.endswith(PRIVATE_REST)]
    assert not silent, f"reasons cut short without saying so: {silent[:5]}"
