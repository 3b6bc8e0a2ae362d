"""A phase of a game as a table: the moves it takes, how each is judged and carried out.

Every engine writes its phases the same way (the idea of boardgame.io's phases): one
module per phase holds the functions that check and apply each kind of move, and ends
with one :class:`Phase` value that lists them::

    BIDDING = Phase("bidding", rules=("SB-3.1",), to_act=table.to_act,
                    legal=legal_moves, refuse=not_a_move,
                    moves={Bid: Step(check_bid, bid), Pass: Step(allowed, pass_)})

A game made of such phases subclasses :class:`PhasedGame`, which picks the phase
under way (by default ``phases[state.data["phase"]]``) and hands every check, effect
and list of legal moves to it::

    class SneakyThing(PhasedGame):
        phases = {p.name: p for p in (BIDDING, PAYING)}

A move of a kind the phase does not list is refused by the phase's ``refuse`` function,
which says what the phase asks for instead. A phase may also have a ``limit``: a rule of
the whole phase asked before any move's own check ("the lone sneaky bidder must wait").

Phases are plain values: a game keeps them in a dict by name, and nothing in a phase
calls the game back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from tutor.core.game import Event, Game, Rejection
from tutor.core.state import State

Check = Callable[[State, int, Any], "Rejection | None"]
"""(state, seat, move) -> None when the move is allowed, else why not."""
Effect = Callable[[State, int, Any], "list[Event]"]
"""(state, seat, move) -> what happened; changes ``state``, a private copy."""


def allowed(state: State, seat: int, move) -> None:
    """The check of a move that is always allowed to the seat that may act."""
    return None


@dataclass(frozen=True)
class Step:
    """One kind of move in a phase: its check and its effect."""

    check: Check
    apply: Effect


@dataclass(frozen=True)
class Phase:
    """A phase: its name, the clauses that say what it asks for, who acts in it, the
    moves it takes (move class -> :class:`Step`), and how it refuses any other move.

    ``to_act`` (state -> seats) and ``legal`` ((state, seat) -> moves) are the
    phase's own answers to :meth:`Game.to_act` and :meth:`Game.legal_moves`;
    ``limit`` is asked before any move's own check; ``refuse`` words the refusal of a
    move the phase does not take; ``waiting`` (optional) tells a seat that may not act
    now why this move is closed to it, when that says more than whose turn it is
    (:meth:`Game._check_waiting`)."""

    name: str
    moves: Mapping[type, Step]
    refuse: Check
    to_act: Callable[[State], tuple[int, ...]]
    legal: Callable[[State, int], list]
    rules: tuple[str, ...] = ()
    limit: Check | None = None
    waiting: Check | None = None
    kinds: frozenset = field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "kinds", frozenset(self.moves))

    def takes(self, move) -> bool:
        """Whether this kind of move belongs to the phase."""
        return type(move) in self.kinds

    def check(self, state: State, seat: int, move) -> Rejection | None:
        """None if the seat (one that may act) may make the move now, else why not."""
        if self.limit is not None:
            rejection = self.limit(state, seat, move)
            if rejection is not None:
                return rejection
        step = self.moves.get(type(move))
        if step is None:
            return self.refuse(state, seat, move)
        return step.check(state, seat, move)

    def check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """Why a seat that may not act now cannot make this move, if the phase says
        more than whose turn it is; None lets the turn-order clause answer."""
        return self.waiting(state, seat, move) if self.waiting is not None else None

    def perform(self, state: State, seat: int, move) -> list[Event]:
        """Carry out a checked move of this phase."""
        return self.moves[type(move)].apply(state, seat, move)


class PhasedGame(Game):
    """A game whose phases are :class:`Phase` tables: the checks, the effects, the
    legal moves and the phase's clauses all come from the phase under way.

    ``phases`` maps the names ``data["phase"]`` holds to the phases; a game whose
    phase is read otherwise (Sneaky Bastard: from the acting seat's status) overrides
    :meth:`phase`. No phase (the game is over) means no moves and no clauses."""

    phases: Mapping[str, Phase] = {}

    def phase(self, state: State, seat: int | None = None) -> Phase | None:
        """The phase under way (for ``seat``, where a game's phases are per seat)."""
        return self.phases.get(state.data.get("phase"))

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        return self.phase(state, seat).check(state, seat, move)

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """The phase's word to a seat that may not act now (Phase.waiting)."""
        phase = self.phase(state, seat)
        return phase.check_waiting(state, seat, move) if phase else None

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        return self.phase(state, seat).perform(state, seat, move)

    def legal_moves(self, state: State, seat: int) -> list:
        """The phase's moves for a seat that may act now; none for any other."""
        if seat not in self.to_act(state):
            return []
        return self.phase(state, seat).legal(state, seat)

    def phase_rules(self, state: State) -> tuple[str, ...]:
        phase = self.phase(state)
        return phase.rules if phase else ()
