"""The recap after a finished game (tutor/recap.py): standings and winner as the engine
says, the deciding rule from the engine's last event, turning points that are real moves
of the record where the standings moved, and nothing a seat could not see."""

import dataclasses

import pytest

from tutor.bots import make_bot
from tutor.core.game import Event
from tutor.core.match import Match
from tutor.games import GAMES
from tutor.recap import MOST_TURNING_POINTS, recap

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def bot_game(game_id, players, seed, options=None):
    """A seeded game of heuristic bots, played to its end."""
    game = GAMES[game_id]
    match = Match(game, PLAYERS[:players], seed=seed, options=dict(options or {}))
    bots = [make_bot(game, "heuristic", seed + seat) for seat in range(players)]
    while match.to_act():
        seat = match.to_act()[0]
        match.play(seat, bots[seat].choose(game, match.state, seat).move)
    return match


GAMES_PLAYED = [(game_id, players, seed) for game_id in sorted(GAMES)
                for players, seed in ((3, 1), (4, 2))]


@pytest.fixture(scope="module")
def finished():
    return {key: bot_game(*key) for key in GAMES_PLAYED}


@pytest.mark.parametrize("key", GAMES_PLAYED, ids=lambda key: f"{key[0]}-{key[1]}p")
def test_the_winner_and_the_deciding_rule_are_the_engines(key, finished):
    game, match = GAMES[key[0]], finished[key]
    outcome = game.outcome(match.state)
    said = recap(game, match, viewer=0)
    assert said.winners == outcome.winners and said.why == outcome.explanation
    # The standings: every seat once, by the engine's scores, the winners in first place.
    assert sorted(s.seat for s in said.standings) == list(range(len(match.players)))
    assert [s.score for s in said.standings] == sorted(outcome.scores, reverse=True)
    assert {s.seat for s in said.standings if s.place == 1} == \
        {s for s, score in enumerate(outcome.scores) if score == max(outcome.scores)}
    # The deciding rule: the clause the engine cited as it ended the game.
    ending = match.plies[-1].events[-1]
    assert said.rule == ending.rule and said.rule in game.rules
    assert said.rule_text == game.rules[said.rule].text
    text = " ".join(said.sentences())
    assert said.rule in text and outcome.explanation in text
    assert all(match.players[seat] in text for seat in outcome.winners)


@pytest.mark.parametrize("key", GAMES_PLAYED, ids=lambda key: f"{key[0]}-{key[1]}p")
def test_turning_points_are_moves_of_the_record_that_moved_the_standings(key, finished):
    game, match = GAMES[key[0]], finished[key]
    said = recap(game, match, viewer=None)
    assert said.measure, "the outcome's scores are a column of the scoreboard"
    points = said.turning_points
    assert 1 <= len(points) <= MOST_TURNING_POINTS
    numbers = [point.number for point in points]
    assert numbers == sorted(set(numbers))
    for point in points:
        assert 1 <= point.number <= len(match.plies)
        before, after = match.states[point.number - 1], match.states[point.number]
        column = [[row[said.measure] for row in game.scoreboard(state)]
                  for state in (before, after)]
        assert column[0] != column[1], f"move {point.number} changed no standing"
        assert point.seat == match.plies[point.number - 1].seat
        assert point.text.startswith(f"Move {point.number}: ")


def test_a_seats_recap_tells_each_event_as_that_seat_reads_it(finished):
    """A turning point is told in the words its viewer may read: an event whose cards
    one seat cannot see reaches that seat as its public words only. (The bots' games
    rarely hide a card in a move that moves the standings, so one event of a turning
    point is made secret here, as a draw's would be.)"""
    game_id = "sneaky_bastard"
    game, match = GAMES[game_id], finished[(game_id, 3, 1)]
    point = recap(game, match).turning_points[0]
    index = point.number - 1
    ply = match.plies[index]
    secret = Event(ply.events[0].rule, "Ann sees the Villa on top of the pile", (1,),
                   "Ann looks at the top card of the pile")
    match = dataclasses.replace(match, plies=match.plies[:index]
                                + [dataclasses.replace(ply, events=(secret,) + ply.events)]
                                + match.plies[index + 1:])
    told_to = {viewer: " ".join(recap(game, match, viewer).sentences())
               for viewer in (None, 0, 1)}
    assert "Ann sees the Villa on top of the pile" in told_to[None]
    assert "Ann sees the Villa on top of the pile" in told_to[0]
    assert "Villa" not in told_to[1] and "Ann looks at the top card of the pile" in told_to[1]


def test_a_recap_waits_for_the_end():
    game = GAMES["bargain_hunter"]
    with pytest.raises(ValueError, match="not over"):
        recap(game, Match(game, PLAYERS[:3], seed=1))


def test_the_tie_break_is_the_deciding_rule_when_it_decides():
    """A Bargain Hunter game won on the tie-break cites the tie-break clause (BH-6.3), one
    won outright the scoring (BH-6.2): the rule follows what decided this game."""
    game = GAMES["bargain_hunter"]
    seen = {}
    for seed in range(1, 8):
        match = bot_game("bargain_hunter", 3, seed)
        scores = game.outcome(match.state).scores
        tied = scores.count(max(scores)) > 1
        seen[tied] = recap(game, match).rule
        if len(seen) == 2:
            break
    assert seen.get(True, "BH-6.3") == "BH-6.3" and seen.get(False, "BH-6.2") == "BH-6.2"
    assert len(seen) == 2, "seeds 1-7 give both a tie and an outright win"
