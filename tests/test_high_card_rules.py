"""High Card's rules, clause by clause: the test game (tests/tiny_game) is held to what
every game's rules tests do, one test per clause."""

import pytest

import tiny_game
from tutor.core.game import IllegalMove, SetupError
from tutor.core.views import view
from tutor.games import get_game


@pytest.fixture(scope="module")
def game():
    with tiny_game.installed():
        yield get_game(tiny_game.GAME_ID)


def dealt(game, **hands):
    return game.new_state(tuple(hands), setup={"hands": hands})


def play(game, state, *moves):
    for text in moves:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.parse_move(state, seat, text))
    return state


def test_hc_1_1_two_to_four_players_and_twelve_cards(game):
    """HC-1.1: two to four players, a deck of twelve numbered cards."""
    assert list(game.player_counts) == [2, 3, 4]
    assert len(game.deck({})) == 12
    with pytest.raises(SetupError, match="2 to 4 players, not 5"):
        game.new_state(("A", "B", "C", "D", "E"))


def test_hc_1_2_three_cards_each_seen_by_their_holder_and_the_first_player_leads(game):
    """HC-1.2: three cards each, seen only by their holder; the rest lie out of play."""
    state = game.new_state(("Ann", "Bob", "Cleo"), seed=3)
    assert [len(state.zones[f"hand:{s}"]) for s in range(3)] == [3, 3, 3]
    assert len(state.zones["out"]) == 3 and game.to_act(state) == (0,)
    bob_sees = view(game, state, 1)["zones"]
    assert all("id" in face for face in bob_sees["hand:1"])
    assert not any("id" in face for face in bob_sees["hand:0"] + bob_sees["out"])
    with pytest.raises(SetupError, match=r"setup.hands.Ann: 3 numbers from 1 to 12 \(HC-1.2\)"):
        dealt(game, Ann=[1, 2], Bob=[3, 4, 5])


def test_hc_2_1_only_the_player_to_act_plays_a_card_they_hold(game):
    """HC-2.1: in turn, one card from your own hand."""
    state = dealt(game, Ann=[3, 9, 5], Bob=[12, 2, 7])
    refusal = game.check(state, 1, game.parse_move(state, 1, "play 12"))
    assert refusal.rule == "HC-2.1" and "Ann's turn, not Bob's" in refusal.reason
    refusal = game.check(state, 0, game.parse_move(state, 0, "play 4"))
    assert (refusal.rule, refusal.reason) == ("HC-2.1", "Ann holds no 4")


def test_hc_2_2_a_player_who_can_beat_the_trick_must(game):
    """HC-2.2: a player holding a higher card must play one; one who cannot plays any."""
    state = play(game, dealt(game, Ann=[3, 9, 5], Bob=[12, 2, 7]), "play 5")
    with pytest.raises(IllegalMove, match=r"\[HC-2.2\] 2 does not beat the trick's 5"):
        game.apply(state, 1, game.parse_move(state, 1, "play 2"))
    assert [m.number for m in game.legal_moves(state, 1)] == [7, 12]
    low = play(game, dealt(game, Ann=[3, 9, 5], Bob=[1, 2, 4]), "play 5")
    assert [m.number for m in game.legal_moves(low, 1)] == [1, 2, 4]   # none beats 5


def test_hc_2_3_the_highest_card_takes_the_trick_and_leads(game):
    """HC-2.3: the highest card wins the trick, which goes face up to its player, who
    leads next."""
    state = play(game, dealt(game, Ann=[3, 9, 5], Bob=[12, 2, 7]), "play 5", "play 7")
    assert game.facts(state)["tricks/Bob"] == "1" and game.to_act(state) == (1,)
    assert sorted(state.zones["won:1"]) == ["c5", "c7"] and state.zones["trick"] == []


def test_hc_3_1_after_three_tricks_the_most_tricks_win_and_ties_share(game):
    """HC-3.1: after three tricks the most tricks win; a tie shares the win."""
    state = play(game, dealt(game, Ann=[3, 9, 5], Bob=[12, 2, 7]),
                 "play 5", "play 7", "play 12", "play 9", "play 2", "play 3")
    result = game.outcome(state)
    assert game.to_act(state) == () and result.winners == (1,) and result.scores == (1, 2)
    tie = play(game, dealt(game, Ann=[3, 9, 5], Bob=[12, 2, 7], Cleo=[4, 10, 1]),
               "play 5", "play 7", "play 10", "play 4", "play 9", "play 12", "play 2",
               "play 1", "play 3")
    assert game.outcome(tie).winners == (0, 1, 2)   # a trick each
