"""Trading in complete sets once the deals are in the collections.

Implements the compulsory trade-in of every complete set, Nasties first (SQ-7.1, set
sizes SQ-2.1, SQ-2.2), in the order of ruling SQ-R9 (the new buyer first, round the
table), stopping while a Nasty loss is decided (nasties.py); creature sets earn point
tokens (SQ-7.5), also when the supply has run out (ruling SQ-R11). Then the turn ends
(turns.py).
"""

from __future__ import annotations

from tutor.core.game import Event
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.sell_me_a_sasquatch.deck import (CREATURE, KIND_OF, LABEL, NASTY, SET_SIZE,
                                                   THINGAMABOB, name_order)
from tutor.games.sell_me_a_sasquatch.moves import Steal
from tutor.games.sell_me_a_sasquatch.nasties import nasty, skip_empty_steals, take
from tutor.games.sell_me_a_sasquatch.table import COLL, TOKENS, find, steal_decider
from tutor.games.sell_me_a_sasquatch.turns import end_turn


def trade_in(state: State) -> list[Event]:
    """Trade in every complete set (SQ-7.1): Nasties first, stopping for a loss to be
    decided; then creatures; then the end of the turn."""
    data, names, n = state.data, state.players, state.num_players
    order = [(data["turn"] + k) % n for k in range(n)]   # SQ-R9
    events = []
    # Trading in Nasties takes no creature, so one count per collection serves both.
    found = {seat: complete_sets(state, seat) for seat in order}
    if any(found[seat][NASTY] or found[seat][CREATURE] for seat in order):
        events.append(Event("SQ-7.1", "Every complete set in the collections is traded "
                            "in now, face up onto the discard pile: the Nasty sets first, "
                            "then the creatures"))
    for seat in order:
        for label, sets in found[seat][NASTY]:
            events.append(set_told(state, seat, label, sets))
            discard_sets(state, seat, label, sets)
            decider = steal_decider(state, seat)
            for _ in range(sets):
                events += nasty(state, seat, decider, label)
    events += skip_empty_steals(state)
    if data["steals"]:
        data["phase"] = "steal"
        return events
    for seat in order:
        for label, sets in found[seat][CREATURE]:
            events.append(set_told(state, seat, label, sets))
            discard_sets(state, seat, label, sets)
            data["tokens"][seat] += sets
            supply = TOKENS - sum(data["tokens"])
            note = "" if supply >= 0 else " (the supply is empty: a stand-in, SQ-R11)"
            events.append(Event("SQ-7.5", f"{names[seat]} trades in "
                                f"{plural(sets, 'set')} of {label} creatures for "
                                f"{plural(sets, 'point token')}{note} and has "
                                f"{data['tokens'][seat]}"))
    return events + end_turn(state)


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def set_told(state: State, seat: int, label: str, sets: int) -> Event:
    """The complete set(s) of ``label`` found in seat's collection, and how many cards
    of it make a set: SQ-2.1 for creatures (a set earns a token), SQ-2.2 for Nasties
    (a set brings a loss)."""
    kind, size = KIND_OF[label], SET_SIZE[label]
    count = sets * size
    if kind == CREATURE:
        rule, what = "SQ-2.1", f"{_WORDS[size]} {label} {'is' if size == 1 else 'make'} a set"
        cards = f"{label} creature" if count == 1 else f"{count} {label} creatures"
    else:
        rule, what = "SQ-2.2", f"{_WORDS[size]} {label}s make a set, and it brings a loss"
        cards = plural(count, label)
    made = ("makes" if count == 1 else "make") + \
        (" a complete set" if sets == 1 else f" {sets} complete sets")
    return Event(rule, f"{state.players[seat]}'s {cards} {made}: {what}")


def steal(state: State, seat: int, move: Steal) -> list[Event]:
    """A steal move; once no loss is open, trading in goes on (cards taken may complete
    new sets, SQ-R9)."""
    events = take(state, seat, move)
    if state.data["steals"]:
        return events
    return events + trade_in(state)


# Card id -> name for the cards that make sets (not the Thingamabobs).
_SET_CARD = {cid: label for cid, label in LABEL.items() if KIND_OF[label] != THINGAMABOB}


def complete_sets(state: State, seat: int) -> dict[str, list[tuple[str, int]]]:
    """Kind (creature, Nasty) -> (card name, complete sets) in seat's collection, in name
    order."""
    counts: dict[str, int] = {}   # not a Counter: its set-up costs more than the count
    for cid in state.zones[COLL[seat]]:
        label = _SET_CARD.get(cid)
        if label is not None:
            counts[label] = counts.get(label, 0) + 1
    found: dict[str, list[tuple[str, int]]] = {CREATURE: [], NASTY: []}
    for label, count in counts.items():
        if count >= SET_SIZE[label]:
            found[KIND_OF[label]].append((label, count // SET_SIZE[label]))
    for sets in found.values():
        if len(sets) > 1:   # seldom: most collections hold no complete set
            sets.sort(key=lambda item: name_order(item[0]))
    return found


def discard_sets(state: State, seat: int, label: str, sets: int) -> None:
    ids = find(state, f"coll:{seat}", [label] * (sets * SET_SIZE[label]))
    for cid in ids:
        state.move_card(cid, f"coll:{seat}", "discard")
