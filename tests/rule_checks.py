"""Helpers shared by the per-clause rules tests of every game.

A test builds a ``Match`` from a setup, plays 'Name: move' steps, and then asserts that a
move is legal (and played) or refused under a rule id, with the state left untouched.
"""

from __future__ import annotations

import pytest

from tutor.core.game import IllegalMove
from tutor.core.match import Match


def play(m: Match, *steps) -> list:
    """Play 'Name: move' steps; returns every event they caused."""
    events = []
    for step in steps:
        name, _, text = step.partition(":")
        events += m.play(m.players.index(name.strip()), text.strip())
    return events


def seat(m_or_state, name: str) -> int:
    return list(m_or_state.players).index(name)


def facts(m: Match) -> dict:
    return m.game.facts(m.state)


def rules_of(events) -> list[str]:
    return [e.rule for e in events]


def texts(events) -> str:
    return " | ".join(e.text for e in events)


def reject(m: Match, name: str, move, rule: str, *words: str) -> str:
    """Assert that check and apply both refuse ``move`` under ``rule`` with the same
    reason, that the reason names every word given, that legal_moves does not offer the
    move, and that nothing changed. Returns the reason."""
    game, state = m.game, m.state
    if isinstance(move, str):
        move = game.parse_move(state, seat(m, name), move)
    before = state.dumps()
    rejection = game.check(state, seat(m, name), move)
    assert rejection is not None, f"{move} should be illegal for {name}"
    assert rejection.rule == rule, rejection
    for word in words:
        assert word in rejection.reason, (word, rejection.reason)
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, seat(m, name), move)
    assert caught.value.rule == rule
    assert caught.value.reason == rejection.reason
    assert state.dumps() == before, "a rejected move changed the state"
    assert move not in game.legal_moves(state, seat(m, name))
    return rejection.reason


def legal(m: Match, name: str, move, offered: bool = True) -> list:
    """Assert the move is accepted (and, if ``offered``, listed by legal_moves) and play
    it; returns its events. legal_moves does not list every combination of cards (a
    Sneaky Bastard bid is built card by card) nor every order of them (a Sasquatch deal),
    so tests of such moves pass ``offered=False``."""
    game = m.game
    if isinstance(move, str):
        move = game.parse_move(m.state, seat(m, name), move)
    assert game.check(m.state, seat(m, name), move) is None
    if offered:
        assert move in game.legal_moves(m.state, seat(m, name))
    return list(m.play(seat(m, name), move))
