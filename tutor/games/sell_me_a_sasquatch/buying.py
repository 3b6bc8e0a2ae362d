"""The buyer's part of a turn: the extra card, then the choice of a deal.

Implements the buyer's extra face-up card (SQ-3.3) or going on without it (ruling
SQ-R18), choosing one deal (SQ-6.1), the chosen deal going to the buyer and the Buyer
Squatch to its owner (SQ-6.2), every other deal going to its owner (SQ-6.3), deal cards
only into collections (SQ-4.2), emptied deals (ruling SQ-R15), and the two-player
accept or reverse (SQ-9.4). Then the sets are traded in (sets.py).
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.games.sell_me_a_sasquatch.deck import LABEL, article
from tutor.games.sell_me_a_sasquatch.moves import Accept, Choose, Flip, Reverse
from tutor.games.sell_me_a_sasquatch.sets import trade_in
from tutor.games.sell_me_a_sasquatch.table import (check_spot, deal_seats, face_down,
                                                   names_or_nobody, ordinal, seat_named,
                                                   turn_up)
from tutor.games.sell_me_a_sasquatch.thingamabobs import pending, window_opens


# Told at the end of every turn's choice: events are immutable, so one value serves.
ALL_COLLECTED = Event("SQ-4.2", "Every deal card has gone into a collection")


def check_flip(state: State, move: Flip) -> Rejection | None:
    return check_spot(state, move.target, move.position, "SQ-3.3", face_down_only=True)


def flip_moves(state: State) -> list[Flip]:
    names = state.players
    return [Flip(names[s], p) for s in deal_seats(state) for p in face_down(state, s)]


def flip(state: State, seat: int, move: Flip) -> list[Event]:
    target = seat_named(state, move.target)
    cid = state.zones[f"deal:{target}"][move.position - 1]
    turn_up(state, cid)
    state.data["phase"] = "window"
    return [Event("SQ-3.3", f"{state.players[seat]} turns the {ordinal(move.position)} "
                  f"card of {state.players[target]}'s deal: {article(LABEL[cid])}")] + \
        window_opens(state)


def pass_up_flip(state: State, seat: int) -> list[Event]:
    """The buyer goes on without turning the extra card: the window opens (SQ-R18)."""
    state.data.update(phase="window", no_flip=True)
    return [Event("SQ-R18", f"{state.players[seat]} turns no extra card")] + \
        window_opens(state)


def check_decision(state: State, seat: int, move) -> Rejection | None:
    """A choose, accept or reverse by the player who decides the deal."""
    data, name = state.data, state.players[seat]
    waiting = pending(state)
    if waiting and data["phase"] != "last":
        return Rejection("SQ-5.3", f"{names_or_nobody(state.players[s] for s in waiting)} "
                         f"may still play a Thingamabob: {name} must call "
                         f"'last chance' before deciding")
    if state.num_players == 2:
        if isinstance(move, Choose):
            return Rejection("SQ-9.4", f"with two players {name} accepts or "
                             f"reverses the deal instead of choosing one")
        return None
    if not isinstance(move, Choose):
        return Rejection("SQ-6.1", f"accepting or reversing is for two players; "
                         f"{name} chooses one deal, as in 'choose "
                         f"{state.players[data['offered'][0]]}'")
    target = seat_named(state, move.target)
    if target is None:
        return Rejection("SQ-6.1", f"there is no player called {move.target!r} "
                         f"(players: {', '.join(state.players)})")
    if target not in data["offered"]:
        return Rejection("SQ-6.1", f"{state.players[target]} offered no deal "
                         f"this turn; the deals are "
                         f"{names_or_nobody(state.players[s] for s in data['offered'])}'s")
    return None


def choose(state: State, buyer: int, move: Choose) -> list[Event]:
    return take_deals(state, buyer, seat_named(state, move.target))


def accept(state: State, chooser: int, move: Accept) -> list[Event]:
    return take_two(state, chooser, reverse=False)


def reverse(state: State, chooser: int, move: Reverse) -> list[Event]:
    return take_two(state, chooser, reverse=True)


def take_deals(state: State, buyer: int, target: int) -> list[Event]:
    """The buyer takes ``target``'s deal; everyone else takes their own (SQ-6.2, 6.3)."""
    data, names = state.data, state.players
    taken = collect(state, f"deal:{target}", buyer)
    events = [Event("SQ-6.1", f"{names[buyer]} chooses {names[target]}'s deal"),
              Event("SQ-6.2", f"{names[buyer]} takes {taken} into {names[buyer]}'s "
                    f"collection and gives the Buyer Squatch to {names[target]}")]
    for seat in data["offered"]:
        if seat != target:
            got = collect(state, f"deal:{seat}", seat)
            events.append(Event("SQ-6.3", f"{names[seat]}'s own deal goes into "
                                f"{names[seat]}'s collection: {got}"))
    events.append(ALL_COLLECTED)
    data["turn"] = data["chooser"] = target
    return events + trade_in(state)


def take_two(state: State, chooser: int, reverse: bool) -> list[Event]:
    """Two players: each takes a side, as laid or swapped (SQ-9.4)."""
    names, active = state.players, 1 - chooser
    if reverse:
        got_chooser = collect(state, f"deal:{active}", chooser)
        got_active = collect(state, f"deal:{chooser}", active)
        word = "reverses"
    else:
        got_chooser = collect(state, f"deal:{chooser}", chooser)
        got_active = collect(state, f"deal:{active}", active)
        word = "accepts"
    # With two players the turn passes to the other (SQ-9.1); the decider of a
    # loss is always the other player (SQ-9.5).
    state.data["turn"], state.data["chooser"] = chooser, active
    return [Event("SQ-9.4", f"{names[chooser]} {word} the deal: {names[chooser]} takes "
                  f"{got_chooser}, {names[active]} takes {got_active}"),
            ALL_COLLECTED] + \
        trade_in(state)


def collect(state: State, zone: str, seat: int) -> str:
    """Move a deal into a collection; its cards as they lay, first to last."""
    cards = state.zones[zone]
    text = ", ".join(LABEL[c] for c in cards) or "nothing"
    for cid in cards:
        state.seen_by.pop(cid, None)
    state.move_all(zone, f"coll:{seat}")
    return text
