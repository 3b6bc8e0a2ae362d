"""The Sell Me a Sasquatch heuristic bot: only legal moves, always a reason in words,
the same move for the same position and seed, sensible choices in constructed
positions, and stronger than random play."""

import re

import pytest

from testkit.play import bots_play, heuristic_wins
from tutor import get_game
from tutor.bots import make_bot
from tutor.core.match import Match
from tutor.core.state import State
from tutor.games import spec
from tutor.games.sell_me_a_sasquatch.bot import SellMeASasquatchBot
from tutor.games.sell_me_a_sasquatch.moves import Choose, Steal, Thingamabob

G = get_game("sell_me_a_sasquatch")
FOUR = ("Ann", "Bob", "Cat", "Dan")


def play_out(kinds, seed, on_choice=None, options=None):
    """Bots of these kinds (one per seat) play a new game of this game to the end."""
    return bots_play(G, kinds, seed, on_choice, options)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_only_make_legal_moves_and_always_say_why(players):
    said = []

    def heuristic_reasons(state, seat, kind, choice):
        if kind == "heuristic":
            said.append(choice.reason)

    lineups = [["heuristic"] * players, [("heuristic", "random")[s % 2] for s in range(players)]]
    for seed in range(3):
        for kinds in lineups:
            assert G.outcome(play_out(kinds, 100 * players + seed, heuristic_reasons))
    # Worth is said in words ("worth about half a point token"), never "+0.50 tokens".
    assert said and not [r for r in said if re.search(r"[+-]?\d+\.\d", r)]
    assert any("point token" in reason for reason in said)


def test_same_seed_and_position_give_the_same_choice():
    states = []
    play_out(["random"] * 4, 5, lambda state, *_: states.append(state))
    bot, twin = make_bot(G, "heuristic", 7), make_bot(G, "heuristic", 7)
    for state in states[::3]:
        seat = G.to_act(state)[0]
        first = bot.choose(G, state, seat)
        assert bot.choose(G, state, seat) == first == twin.choose(G, state, seat)
        assert bot.choose(G, State.loads(state.dumps()), seat) == first


def test_heuristic_bot_beats_random_bots():
    """One heuristic seat against three random ones; chance would be 1/4."""
    games = 40
    wins = heuristic_wins(G, games, 9000)
    assert wins >= 0.4 * games, f"the heuristic bot won only {wins:g} of {games} games"


def test_the_buyer_chooses_the_deal_worth_most_and_steals_what_helps():
    m = Match(G, FOUR, 1, {}, {"buyer": "Ann", "collections": {"Ann": ["Big"]}, "hands": {
        "Bob": ["Big", "Tiny", "Medium", "Loan Shark", "Giant"],
        "Cat": ["Trojan Horse", "Loan Shark", "Tiny", "Medium", "Medium"],
        "Dan": ["Poison Pill Bug", "Medium", "Tiny", "Tiny", "Medium"]}})
    for text in ("Bob: deal Tiny+Medium+Big up Big",
                 "Cat: deal Trojan Horse+Loan Shark+Tiny up Tiny",
                 "Dan: deal Poison Pill Bug+Medium+Tiny up Tiny", "Ann: flip Cat 1"):
        name, _, move = text.partition(": ")
        m.play(FOUR.index(name), move)
    choice = SellMeASasquatchBot(0).choose(G, m.state, 0)
    assert choice.move == Choose("Bob") and "worth about" in choice.reason


def test_throws_out_its_own_nasty_and_steals_what_helps():
    hands = {"Ann": ["Tiny", "Medium", "Big", "Trojan Horse", "Loan Shark"],
             "Bob": ["Giant", "Tiny", "Loan Shark", "Medium", "Medium"],
             "Cat": ["Big", "Big", "Poison Pill Bug", "Tiny", "Medium"],
             "Dan": ["Medium", "Trojan Horse", "Tiny", "Tiny", "Big"]}
    m = Match(G, FOUR, 1, {}, {"buyer": "Ann", "hands": hands, "collections": {
        "Cat": ["Poison Pill Bug"], "Dan": ["Detrital Repositioner"]}})
    for text in ("Bob: deal Giant+Loan Shark+Tiny up Tiny",
                 "Cat: deal Poison Pill Bug+Big+Big up Big",
                 "Dan: deal Trojan Horse+Tiny+Medium up Medium", "Ann: flip Bob 1"):
        name, _, move = text.partition(": ")
        m.play(FOUR.index(name), move)
    bot = SellMeASasquatchBot(0)
    choice = bot.choose(G, m.state, 3)   # Dan throws the Trojan Horse out of his own deal
    assert choice.move == Thingamabob("Detrital Repositioner", spots=(("Dan", 1),))
    assert "Trojan Horse from Dan's deal: that card would be a loss of about a third of a " \
        "point token" in choice.reason
    m.play(3, choice.move)
    assert bot.choose(G, m.state, 0).move == Choose("Bob")   # the Giant: +1.00
    m.play(0, "choose Bob")                         # Bob decides Cat's Poison Pill Bugs
    choice = bot.choose(G, m.state, 1)
    assert choice.move == Steal("Big") and "worth about half a point token" in choice.reason


def test_make_bot_gives_the_heuristic_bot_for_this_game():
    assert spec("sell_me_a_sasquatch").bot is SellMeASasquatchBot
    bot = make_bot(G, "heuristic", seed=3)
    assert isinstance(bot, SellMeASasquatchBot) and bot.seed == 3
