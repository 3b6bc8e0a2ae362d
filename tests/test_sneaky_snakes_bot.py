"""The Sneaky Snakes heuristic bot: only legal moves, always a reason, the same move for
the same position and seed, decisions from its own seat's view only, sensible choices in
constructed positions, and stronger than random play."""

import pytest

from testkit.play import bots_play
from tutor import get_game
from tutor.bots import make_bot
from tutor.core.match import Match
from tutor.core.views import view
from tutor.games import spec
from tutor.games.sneaky_snakes.bot import SneakySnakesBot
from tutor.games.sneaky_snakes.moves import Answer, Point, Skip, Steal

G = get_game("sneaky_snakes")


def play_out(kinds, seed, on_choice=None, options=None):
    """Bots of these kinds (one per seat) play a new game of this game to the end."""
    return bots_play(G, kinds, seed, on_choice, options)


def test_registered_as_the_heuristic_bot():
    assert spec("sneaky_snakes").bot is SneakySnakesBot
    assert isinstance(make_bot(G, "heuristic", 1), SneakySnakesBot)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_bots_only_make_legal_moves_and_always_say_why(players):
    for seed in range(8):
        play_out(["heuristic"] * players, seed)


def test_the_same_position_gives_the_same_choice():
    state = G.new_state(("Ann", "Bob", "Cy"), seed=3)
    seat = G.to_act(state)[0]
    assert SneakySnakesBot(4).choose(G, state, seat) == SneakySnakesBot(4).choose(G, state, seat)


def test_the_bot_decides_from_its_own_view_only():
    """Two positions that differ only in the faces of the bot's facing-away cards (which
    it cannot see) get the same decision."""
    hands = {"Bob": ["Gift", "Eyes Open (away)"], "Cy": ["Gift"]}
    one = G.new_state(("Ann", "Bob", "Cy"), seed=2, setup={
        "first": "Ann", "hands": dict(hands, Ann=["Lucky Dip", "Snake Jones (away)"]),
        "draw": ["Switcheroo"]})
    two = G.new_state(("Ann", "Bob", "Cy"), seed=2, setup={
        "first": "Ann", "hands": dict(hands, Ann=["Lucky Dip", "Sticky Fingers (away)"]),
        "draw": ["Double Bite"]})
    bot = SneakySnakesBot(0)
    assert bot._decide(G, view(G, one, 0), 0) == bot._decide(G, view(G, two, 0), 0)


def test_the_bot_skips_when_allowed_and_points_at_a_steal_it_sees():
    state = G.new_state(("Ann", "Bob"), seed=1, setup={
        "first": "Ann", "hands": {"Ann": ["Gift"], "Bob": ["Gift", "Lucky Dip"]}})
    assert SneakySnakesBot(0).choose(G, state, 0).move == Skip()
    state = G.new_state(("Ann", "Bob"), seed=1, setup={
        "first": "Ann", "hands": {"Ann": ["Gift"], "Bob": ["Gift", "Sticky Fingers (away)"]}})
    choice = SneakySnakesBot(0).choose(G, state, 0)
    assert choice.move == Point("Bob", 2) and "Sticky Fingers" in choice.reason


def test_the_bot_answers_and_steals_sensibly():
    m = Match(G, ("Ann", "Bob"), 1, {}, {"first": "Ann", "hands": {
        "Ann": ["Gift"], "Bob": ["Gift", "Sticky Fingers"]}})
    m.play(0, "point Bob 1")
    assert SneakySnakesBot(0).choose(G, m.state, 1).move == Answer(False)   # a Gift it sees
    m = Match(G, ("Ann", "Bob", "Cy"), 1, {}, {"first": "Ann", "hands": {
        "Ann": ["Sticky Fingers"], "Bob": ["Gift", "Snake Jones (away)"], "Cy": ["Gift"]}})
    m.play(0, "play 1")
    assert SneakySnakesBot(0).choose(G, m.state, 0).move == Steal("Bob", 2)


def test_heuristic_beats_random():
    wins = 0
    games = 60
    for seed in range(games):
        state = play_out(["heuristic", "random"], seed)
        wins += 0 in G.outcome(state).winners
    assert wins > games * 0.55, wins
