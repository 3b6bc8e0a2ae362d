"""The phases of a turn as tables (:class:`tutor.core.phases.Phase`): for each value of
``data["phase"]``, the moves it takes, the check and the effect of each (carried out by
the module of its stage: dealing.py, buying.py, thingamabobs.py, sets.py, nasties.py),
who acts (turn_order.py) and the clauses that say what the phase asks for.

The Thingamabob window (``window``, and ``last`` after the last-chance call) takes the
Thingamabobs, ``done`` and the buyer's decision; ``flip`` takes the extra card and,
passing it up, every move of the window too (SQ-R18). A move of another stage is
refused by turn_order.wrong_phase, which says whether its time has passed or not come.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.games.sell_me_a_sasquatch import buying, dealing, nasties, sets, thingamabobs
from tutor.games.sell_me_a_sasquatch.moves import (ACCEPT, DONE, LAST_CHANCE, REVERSE,
                                                   Accept, Choose, Deal, Done, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)
from tutor.games.sell_me_a_sasquatch.table import HAND, sorted_labels, two_players
from tutor.games.sell_me_a_sasquatch.turn_order import to_act, wrong_phase

# The moves of the stages before and after the window, each open in its own phase only.
_STAGE_MOVES = (Deal, Split, Flip, Steal)


def refuse(state: State, seat: int, move) -> Rejection:
    """A move of another stage is refused by its stage (turn_order.wrong_phase); any
    other move is no move of the game."""
    if isinstance(move, _STAGE_MOVES):
        return wrong_phase(state, seat, move)
    return Rejection("SQ-3.1", f"{move!r} is not a Sell Me a Sasquatch move")


# -- the window's limits (SQ-5, SQ-6.1, SQ-9.4, rulings SQ-R6, SQ-R7) -------------------

def _only_the_chooser(state: State, seat: int) -> Rejection:
    return Rejection("SQ-6.1" if not two_players(state) else "SQ-9.4",
                     f"only {state.players[state.data['chooser']]} decides the deal; "
                     f"{state.players[seat]} may play a Thingamabob or say done")


def check_thingamabob(state: State, seat: int, move: Thingamabob) -> Rejection | None:
    """After calling last chance the buyer plays no more Thingamabobs (SQ-R7)."""
    data = state.data
    if data["phase"] == "last" and seat == data["chooser"]:
        return Rejection("SQ-R7", f"{state.players[seat]} called last chance and plays "
                         f"no more Thingamabobs this turn")
    return thingamabobs.check_thingamabob(state, seat, move)


def check_done(state: State, seat: int, move: Done) -> Rejection | None:
    """The one who decides the deal is never just done (SQ-R6)."""
    if seat != state.data["chooser"]:
        return None
    what = "say last chance or choose a deal" if not two_players(state) \
        else "say last chance, accept or reverse"
    return Rejection("SQ-R6", f"{state.players[seat]} decides the deal and cannot just be "
                     f"done: {what}")


def check_last_chance(state: State, seat: int, move: LastChance) -> Rejection | None:
    """The buyer's call, once a turn (SQ-5.3, SQ-R7)."""
    if seat != state.data["chooser"]:
        return _only_the_chooser(state, seat)
    if state.data["phase"] == "last":
        return Rejection("SQ-R7", f"{state.players[seat]} has already called last chance")
    return None


def check_decision(state: State, seat: int, move) -> Rejection | None:
    """Only the one who decides the deal chooses, accepts or reverses (buying.py)."""
    if seat != state.data["chooser"]:
        return _only_the_chooser(state, seat)
    return buying.check_decision(state, seat, move)


_WINDOW_MOVES = {Thingamabob: Step(check_thingamabob, thingamabobs.play),
                 Done: Step(check_done, thingamabobs.done),
                 LastChance: Step(check_last_chance, thingamabobs.last_chance),
                 Choose: Step(check_decision, buying.choose),
                 Accept: Step(check_decision, buying.accept),
                 Reverse: Step(check_decision, buying.reverse)}


def window_moves(state: State, seat: int, phase: str = "") -> list:
    """The Thingamabobs the seat may play, then done, last chance or the decision."""
    data, phase = state.data, phase or state.data["phase"]
    chooser, moves = data["chooser"], []
    if not (phase == "last" and seat == chooser):
        moves += thingamabobs.thingamabob_moves(state, seat)
    if seat != chooser:
        return moves + [DONE]
    if phase == "window" and thingamabobs.pending(state):
        return moves + [LAST_CHANCE]
    if two_players(state):
        return moves + [ACCEPT, REVERSE]
    return moves + [Choose(state.players[s]) for s in data["offered"]]


# -- the extra card, or the window without it (SQ-3.3, SQ-R18) ---------------------------

def _passing_up(effect):
    """A window move made instead of turning the extra card: the buyer passes it up
    first (SQ-R18), then the move has its effect."""
    def apply(state: State, seat: int, move) -> list[Event]:
        events = buying.pass_up_flip(state, seat)
        return events + effect(state, seat, move)
    return apply


def flip_moves(state: State, seat: int) -> list:
    """The extra card to turn, or any move of the window."""
    return buying.flip_moves(state) + window_moves(state, seat, "window")


# -- the deals and the Nasty losses ------------------------------------------------------

def deal_moves(state: State, seat: int) -> list:
    return list(dealing.deal_moves(tuple(sorted_labels(state, HAND[seat]))))


def split_moves(state: State, seat: int) -> list:
    return list(dealing.split_moves(tuple(sorted_labels(state, HAND[seat]))))


def steal_moves(state: State, seat: int) -> list:
    return nasties.steal_moves(state)


def check_flip(state: State, seat: int, move: Flip) -> Rejection | None:
    return buying.check_flip(state, move)


def check_steal(state: State, seat: int, move: Steal) -> Rejection | None:
    return nasties.check_steal(state, move)


PHASES: dict[str, Phase] = {phase.name: phase for phase in (
    Phase("deals", rules=("SQ-3.1",), to_act=to_act, legal=deal_moves, refuse=wrong_phase,
          moves={Deal: Step(dealing.check_deal, dealing.deal)}),
    Phase("split", rules=("SQ-9.2",), to_act=to_act, legal=split_moves, refuse=wrong_phase,
          moves={Split: Step(dealing.check_split, dealing.split)}),
    Phase("flip", rules=("SQ-3.3", "SQ-R18"), to_act=to_act, legal=flip_moves,
          refuse=refuse,
          moves={Flip: Step(check_flip, buying.flip),
                 **{kind: Step(step.check, _passing_up(step.apply))
                    for kind, step in _WINDOW_MOVES.items()}}),
    Phase("window", rules=("SQ-5.1", "SQ-R6"), to_act=to_act, legal=window_moves,
          refuse=refuse, moves=_WINDOW_MOVES),
    Phase("last", rules=("SQ-5.3", "SQ-R7"), to_act=to_act, legal=window_moves,
          refuse=refuse, moves=_WINDOW_MOVES),
    Phase("steal", rules=("SQ-7.6", "SQ-9.5"), to_act=to_act, legal=steal_moves,
          refuse=wrong_phase, moves={Steal: Step(check_steal, sets.steal)}),
)}
"""The phases by the name ``data["phase"]`` holds; ``over`` has none (nobody acts)."""
