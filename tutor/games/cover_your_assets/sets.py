"""Forming a set (CYA-3.1, CYA-3.2, CYA-3.3, CYA-3.4, CYA-3.5, and ruling CYA-R6 for a
wild on top of the discard pile): two identical assets from the hand, or one with the
top card of the discard pile, a wild allowed in place of one asset but never two wilds;
the new set goes on top of the player's stack, crosswise.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.cover_your_assets.deck import WILD, money
from tutor.games.cover_your_assets.moves import FormSet
from tutor.games.cover_your_assets.table import (arranged, edition_of, find, not_in_hand,
                                                 set_asset, stack_value, top_set)


def check_set(state: State, seat: int, move: FormSet) -> Rejection | None:
    edition = edition_of(state.options)
    count = len(move.cards) + move.discard
    if count != 2:
        return Rejection("CYA-3.1", f"a new set is exactly two cards, not {count}: name "
                         f"two cards from your hand, or one and 'discard' for the top "
                         f"card of the discard pile")
    rejection = not_in_hand(state, seat, move.cards,
                            "CYA-3.2" if move.discard else "CYA-3.1")
    if rejection:
        return rejection
    if not move.discard:
        first, second = move.cards   # assets sort before wilds
        if edition.is_wild(first):
            return Rejection("CYA-3.3", f"two wilds never make a set: {first} and "
                             f"{second} need an asset")
        if not edition.is_wild(second) and first != second:
            return Rejection("CYA-3.1", f"a set needs two identical assets, or an asset "
                             f"and a wild: {first} and {second} differ")
        return None
    pile = state.zones["discard"]
    if not pile:
        return Rejection("CYA-3.2", "the discard pile is empty: there is no card on it "
                         "to form a set with")
    top, (held,) = edition.label[pile[-1]], move.cards
    if edition.is_wild(held) and edition.is_wild(top):
        return Rejection("CYA-3.3", f"two wilds never make a set: the {held} from the "
                         f"hand and the {top} on top of the discard pile")
    if not edition.is_wild(held) and not edition.is_wild(top) and held != top:
        return Rejection("CYA-3.2", f"the top card of the discard pile is {top}, not "
                         f"{held}: a set with it needs {top} or a wild from the hand")
    return None


def form_set(state: State, seat: int, move: FormSet) -> list[Event]:
    edition, zones, name = edition_of(state.options), state.zones, state.players[seat]
    held = find(state, seat, move.cards)
    for cid in held:
        zones[f"hand:{seat}"].remove(cid)
    taken = [zones["discard"].pop()] if move.discard else []
    cards = arranged(edition, held + taken)
    below = top_set(state, seat)
    zones[f"stack:{seat}"] += cards
    state.data[f"sets:{seat}"].append(len(cards))
    asset = set_asset(edition, cards)
    worth = money(sum(edition.value[c] for c in cards))
    wild = next((edition.label[c] for c in cards if edition.kind[c] == WILD), None)
    events = []
    if taken:
        top = edition.label[taken[0]]
        shows = (f"the discard pile now shows {edition.label[zones['discard'][-1]]}"
                 if zones["discard"] else "the discard pile is now empty")
        rule = "CYA-R6" if edition.is_wild(top) else \
            "CYA-3.3" if wild else "CYA-3.2"
        events.append(Event(rule, f"{name} forms a set of {asset} with the "
                            f"{move.cards[0]} from hand and the {top} on top of the "
                            f"discard pile, worth {worth}; {shows}"))
    else:
        rule = "CYA-3.3" if wild else "CYA-3.1"
        pair = f"two {asset}" if not wild else f"{asset} and {wild}"
        events.append(Event(rule, f"{name} forms a set of {asset} from {pair} in hand, "
                            f"worth {worth}"))
    if wild:
        events.append(Event("CYA-3.4", f"The {wild} lies under the {asset}"))
    count = len(state.data[f"sets:{seat}"])
    total = money(stack_value(state, seat))
    if below:
        events.append(Event("CYA-3.5", f"The new set goes on top of {name}'s stack, "
                            f"crosswise to the {set_asset(edition, below)} set below: "
                            f"{plural(count, 'set')} worth {total}"))
    else:
        events.append(Event("CYA-3.5", f"It starts {name}'s stack: 1 set worth {total}"))
    return events
