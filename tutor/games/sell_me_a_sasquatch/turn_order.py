"""Who may act in each phase of a turn, and why a move is closed to a seat now.

``data["phase"]`` is ``deals`` (deals being built, SQ-3.1; ``split`` with two players,
SQ-9.2), ``flip`` (the buyer's extra card, SQ-3.3, or a move of the window that passes
it up, SQ-R18), ``window`` (Thingamabobs, SQ-5.1), ``last`` (after the last-chance call,
SQ-5.3), ``steal`` (a Nasty loss being decided, SQ-7.6, SQ-9.5) or ``over``.

This module says who acts in each (the buyer's turn, SQ-1.5; simultaneous deals, SQ-R3;
the window, SQ-R6, SQ-R7) and words the refusals of a move tried by a seat that may
not act, or in a phase it does not belong to: a move of a later stage waits for the
phase's own move, one of an earlier stage is used up for this turn, each refused under
the move's own clause.
"""

from __future__ import annotations

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.games.sell_me_a_sasquatch.moves import (Accept, Choose, Deal, Done, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)
from tutor.games.sell_me_a_sasquatch.nasties import decided_refusal
from tutor.games.sell_me_a_sasquatch.table import (face_down, names_or_nobody,
                                                   sorted_labels, steal_decider,
                                                   two_players, who_builds)
from tutor.games.sell_me_a_sasquatch.thingamabobs import cannot_play, first_held, pending

# The order of a turn: a move of a later stage than the phase waits for the phase's
# own move; a move of an earlier stage is used up for this turn.
STAGE = {"deals": 0, "split": 0, "flip": 1, "window": 2, "last": 2, "steal": 3}


def to_act(state: State) -> tuple[int, ...]:
    """The seats that may act now; worked out once per position, as random play, the
    legal moves and apply's check all ask (State.remembered)."""
    return state.remembered("to_act", _who_acts)


def _who_acts(state: State) -> tuple[int, ...]:
    data = state.data
    phase = data["phase"]
    if phase == "over":
        return ()
    if phase == "deals":
        return tuple(s for s in data["offered"] if s not in data["built"])
    if phase in ("split", "flip"):
        return (data["turn"],) if phase == "split" else (data["chooser"],)
    if phase == "steal":
        return (steal_decider(state, data["steals"][0]),)
    waiting = pending(state)
    if phase == "window":
        return tuple(sorted(set(waiting) | {data["chooser"]}))
    return tuple(waiting) or (data["chooser"],)   # last


def waiting_refusal(state: State, seat: int) -> Rejection:
    """Why ``seat`` (a real seat that may not act, the game not over) waits, said by the
    phase under way rather than by whose turn it is."""
    data, names, name = state.data, state.players, state.players[seat]
    phase = data["phase"]
    if phase == "deals":
        if seat == data["turn"]:
            waiting = names_or_nobody(names[s] for s in to_act(state))
            return Rejection("SQ-3.1", f"{name} is the buyer and offers no deal; "
                             f"waiting for {waiting}")
        return Rejection("SQ-3.1", f"{name}'s deal is ready; waiting for "
                         f"{names_or_nobody(names[s] for s in to_act(state))}")
    if phase == "split":
        return Rejection("SQ-9.2", f"it is {names[data['turn']]}'s turn to lay out the "
                         f"deal, not {name}'s")
    if phase == "flip":
        return Rejection("SQ-3.3", f"the buyer, {names[data['chooser']]}, decides on "
                         f"the extra card now, not {name}")
    if phase == "steal":
        victim = data["steals"][0]
        decider = steal_decider(state, victim)
        rule = "SQ-9.5" if two_players(state) else "SQ-7.6"
        return Rejection(rule, f"{names[decider]} decides what {names[victim]} loses, "
                         f"not {name}")
    if phase == "last" and seat == data["chooser"]:
        return Rejection("SQ-R7", f"{name} called last chance; "
                         f"{names_or_nobody(names[s] for s in pending(state))} may "
                         f"still play Thingamabobs or say done before {name} chooses")
    if seat in data["done"]:
        return Rejection("SQ-R6", f"{name} said done and plays no more Thingamabobs "
                         f"this turn")
    held = first_held(state, seat)
    if held:
        return Rejection("SQ-R13", f"{name}'s {held} would do nothing now: "
                         f"{cannot_play(state, seat, held)}; only "
                         f"{names[data['chooser']]} decides the deal")
    return Rejection("SQ-R13", f"{name}'s collection holds no Thingamabob to play, and "
                     f"only {names[data['chooser']]} decides the deal")


def open_in(move, phase: str) -> bool:
    """Whether this kind of move belongs to this phase of a turn."""
    if isinstance(move, Deal):
        return phase == "deals"
    if isinstance(move, Split):
        return phase == "split"
    if isinstance(move, Flip):
        return phase == "flip"
    if isinstance(move, Steal):
        return phase == "steal"
    return phase in ("window", "last")


def phase_now(state: State, seat: int) -> str:
    """What the turn is waiting for now, said to ``seat``."""
    data, names, phase = state.data, state.players, state.data["phase"]
    name, acting = names[seat], to_act(state)
    chooser = names[data["chooser"]]
    if phase == "deals":
        if seat in acting:
            return f"now {name} offers a deal{_deal_example(state, seat)}"
        return f"now {who_builds(names[s] for s in acting)}"
    if phase == "split":
        if seat in acting:
            return f"now {name} lays out three cards{_split_example(state, seat)}"
        return f"now {names[data['turn']]} lays out the deal"
    if phase == "flip":
        if seat in acting:
            return (f"now {name} may turn one more face-down card{_flip_example(state)}, "
                    f"or go on without it (SQ-R18)")
        return f"now {chooser} decides on the extra card"
    if phase == "steal":
        victim = names[data["steals"][0]]
        decider = names[steal_decider(state, data["steals"][0])]
        if decider == name:
            return f"now {name} decides what {victim} loses: 'steal CARD' or 'steal nothing'"
        return f"now {decider} decides what {victim} loses"
    decides = "choose a deal" if not two_players(state) else "accept or reverse"
    if phase == "last":
        return f"now {chooser} has called last chance and will {decides}"
    return f"now the deals are on the table for Thingamabobs, and then {chooser} will {decides}"


def _own_cards(state: State, seat: int) -> list[str]:
    """Up to three card names of the seat's own hand, in name order: an example built
    from them names only cards the seat holds (and is told only to that seat)."""
    return sorted_labels(state, f"hand:{seat}")[:3]


def _deal_example(state: State, seat: int) -> str:
    """", as in 'deal Big+Tiny+Medium up Medium'", from three of the seat's own cards."""
    cards = _own_cards(state, seat)
    if not cards:
        return ""
    return (f", as in 'deal {'+'.join(cards)} up {cards[-1]}' from "
            f"{state.players[seat]}'s hand")


def _split_example(state: State, seat: int) -> str:
    """", as in 'split Big+Tiny / Medium up Medium'", from the seat's own cards."""
    cards = _own_cards(state, seat)
    if len(cards) < 2:
        return ""
    return (f", as in 'split {'+'.join(cards[:-1])} / {cards[-1]} up {cards[-1]}' from "
            f"{state.players[seat]}'s hand")


def _flip_example(state: State) -> str:
    """", as in 'flip Bob 1'": the first face-down card of the deals on the table."""
    for target in state.data["offered"]:
        down = face_down(state, target)
        if down:
            return f", as in 'flip {state.players[target]} {down[0]}'"
    return ""


def _stage(move) -> int:
    if isinstance(move, (Deal, Split)):
        return 0
    return 1 if isinstance(move, Flip) else 3 if isinstance(move, Steal) else 2


def _phase_first(state: State, seat: int) -> Rejection:
    """The phase's own move comes first (a move of a later stage was tried)."""
    phase, now = state.data["phase"], phase_now(state, seat)
    if phase == "deals":
        return Rejection("SQ-3.1", f"every player but the buyer is building a deal "
                         f"first; {now}")
    if phase == "split":
        return Rejection("SQ-9.2", f"the three cards are laid out first; {now}")
    return Rejection("SQ-3.3", f"the buyer decides on the extra card before anything "
                     f"else happens to the deals; {now}")


def wrong_phase(state: State, seat: int, move, acting: bool = True) -> Rejection:
    """Why this kind of move is not open in the phase under way: a move the turn has not
    reached yet waits for the phase's own move (for a seat with that move to make;
    another hears when its move comes); one the turn is past is refused under its own
    clause, saying it is used up for this turn."""
    data, names, name, phase = state.data, state.players, state.players[seat], \
        state.data["phase"]
    two, now = two_players(state), phase_now(state, seat)
    chooser = names[data["chooser"]]
    # Once the deals are laid out, a deal, a split and the extra card are used up.
    laid = phase not in ("deals", "split")
    later = _stage(move) > STAGE[phase] and not isinstance(move, Steal)
    fits_count = not isinstance(move, (Split, Accept, Reverse) if not two else
                                (Deal, Flip, Choose))
    if later and fits_count and acting:
        return _phase_first(state, seat)
    if isinstance(move, Deal):
        if two:
            return Rejection("SQ-9.2", "with two players the player to move splits three "
                             "cards between the two sides: 'split ... / ... up ...'")
        if seat == data["turn"] and not laid:
            return Rejection("SQ-3.1", f"{name} is the buyer and offers no deal; {now}")
        return Rejection("SQ-3.1", f"a deal is offered once a turn, at its start, and "
                         f"this turn's deals are laid out already; {now}")
    if isinstance(move, Split):
        if not two:
            return Rejection("SQ-9.2", "a split is for two players; offer a deal instead")
        return Rejection("SQ-9.2", f"the three cards are laid out once a turn, at its "
                         f"start, and {names[data['turn']]} laid them out this turn; {now}")
    if isinstance(move, Flip):
        if two:
            return Rejection("SQ-9.3", "with two players nobody turns an extra card "
                             "(only a Spectroelectric Optimeter turns one up)")
        if not laid:
            return Rejection("SQ-3.3", f"the buyer turns one extra card once every deal "
                             f"is ready; {now}")
        if data.get("no_flip"):
            return Rejection("SQ-R18", f"the buyer may turn one extra card a turn, before "
                             f"the Thingamabobs, and {chooser} went on without it; {now}")
        return Rejection("SQ-3.3", f"the buyer turns one extra card a turn, and "
                         f"{chooser} turned it already; {now}")
    if isinstance(move, Steal):
        decided = decided_refusal(state)   # one card too many for the loss just decided
        if decided is not None:
            return Rejection(decided.rule, f"{decided.reason}; {now}")
        return Rejection("SQ-7.6" if not two else "SQ-9.5",
                         "a card is taken from a collection only when Poison Pill Bugs "
                         f"or Loan Sharks are traded in, and no such loss is open; {now}")
    if phase == "steal":   # the deal is decided: the window of this turn is over
        decided = "this turn's deal is decided"
        if isinstance(move, (Thingamabob, Done)):
            return Rejection("SQ-5.1" if isinstance(move, Thingamabob) else "SQ-R6",
                             f"Thingamabobs are over for this turn, as {decided}; {now}")
        if isinstance(move, LastChance):
            return Rejection("SQ-5.3", f"last chance comes before the deal is decided, "
                             f"and {decided}; {now}")
        if isinstance(move, Choose) and not two:
            return Rejection("SQ-6.1", f"the buyer chooses one deal a turn, and "
                             f"{decided}; {now}")
        if isinstance(move, (Accept, Reverse)) and two:
            return Rejection("SQ-9.4", f"the deal is accepted or reversed once a turn, "
                             f"and {decided}; {now}")
    ready = "once the deals are ready" + (
        "" if two else " and the buyer has turned the extra card or gone on without it")
    if isinstance(move, Thingamabob):
        return Rejection("SQ-5.1", f"Thingamabobs are played {ready}; {now}")
    if isinstance(move, Done):
        return Rejection("SQ-R6", f"saying done ends a player's Thingamabobs, {ready}; "
                         f"{now}")
    if isinstance(move, LastChance):
        return Rejection("SQ-5.3", f"last chance is called before the deal is decided, "
                         f"{ready}; {now}")
    if isinstance(move, Choose) and not two:
        return Rejection("SQ-6.1", f"the buyer chooses one deal {ready}; {now}")
    if isinstance(move, (Accept, Reverse)) and two:
        return Rejection("SQ-9.4", f"the deal is accepted or reversed {ready}; {now}")
    if two:
        return Rejection("SQ-9.4", f"with two players the deal is accepted or reversed, "
                         f"not chosen; {now}")
    return Rejection("SQ-6.1", f"accepting or reversing is for two players; the buyer "
                     f"chooses one deal; {now}")
