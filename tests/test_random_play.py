"""The random-play runner itself (tutor.selfplay): it reports a game that never ends and
a move that changes the state it was played from. Random play of every game, with every
invariant, is in tests/test_conformance.py; bigger runs: the selfplay command and
benchmarks/selfplay_throughput.py."""

from tutor.selfplay import random_game, selfplay


def test_a_stuck_game_would_be_reported(sneaky_bastard, monkeypatch):
    monkeypatch.setattr("tutor.selfplay.MAX_MOVES_PER_GAME", 5)
    report = random_game(sneaky_bastard, 3, seed=1)
    assert report.violations == ["seed 1: no end after 5 moves"]


def test_a_move_that_changes_the_state_it_was_played_from_is_reported(sneaky_bastard,
                                                                    monkeypatch):
    applied = sneaky_bastard.apply

    def careless(state, seat, move):   # as an engine that changed a shared list would
        after, events = applied(state, seat, move)
        state.rng ^= 1
        return after, events
    monkeypatch.setattr(sneaky_bastard, "apply", careless)
    report = random_game(sneaky_bastard, 3, seed=1)
    assert report.violations == ["seed 1, move 1: the move changed the state it was "
                                 "played from"]


def test_options_reach_every_game_played(monkeypatch):
    from tutor.games import get_game
    game, asked = get_game("cover_your_assets"), []
    new_state = game.new_state

    def noting(players, seed=0, options=None, setup=None):
        asked.append(options)
        return new_state(players, seed, options, setup)
    monkeypatch.setattr(game, "new_state", noting)
    report = selfplay(game, 3, 2, seed=4, options={"mode": "quick"})
    assert report.violations == [] and asked == [{"mode": "quick"}] * 2


def test_a_sneaky_bastard_game_sells_every_house(sneaky_bastard):
    # 17 houses are auctioned, each over several moves: a game cut short would show.
    report = selfplay(sneaky_bastard, 4, 10, seed=4000)
    assert report.violations == [] and report.moves > 17 * 10
