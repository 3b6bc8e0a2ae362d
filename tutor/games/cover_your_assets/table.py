"""What Cover Your Assets' table shows, read the same way by every phase: the
edition's cards (CYA-1.2), each stack cut into sets with the wilds under the asset
(CYA-3.4, CYA-3.5, CYA-R19), the values of stacks and sets, and which cards a hand
holds, identical cards being interchangeable (CYA-R17); and the game lengths with their
clauses (CYA-8.2 to CYA-8.5). The phases (:mod:`.actions`, :mod:`.battles`) and the
modules they hand on to (:mod:`.dealing`, :mod:`.sets`, :mod:`.turns`,
:mod:`.scoring`) read a position through these functions; :mod:`.engine` describes the
zones and the ``data`` keys.
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.games.cover_your_assets.deck import (DEFAULT_EDITION, EDITIONS, WILD, Edition,
                                                name_order)

HAND_SIZE = 5
MILLION = 1_000_000
MODES = ("quick", "two_wins", "three_rounds", "classic")
DEFAULT_MODE = "quick"
MODE_RULE = {"quick": "CYA-8.2", "two_wins": "CYA-8.3", "three_rounds": "CYA-8.4",
             "classic": "CYA-8.5"}


def edition_of(options: dict | None) -> Edition:
    return EDITIONS[(options or {}).get("deck", DEFAULT_EDITION)]


def deck(options=None):
    return edition_of(options).deck


def sets_of(state: State, seat: int) -> list[list[str]]:
    """Seat's sets as lists of card ids, bottom set first."""
    stack, out, start = state.zones[f"stack:{seat}"], [], 0
    for size in state.data[f"sets:{seat}"]:
        out.append(stack[start:start + size])
        start += size
    return out


def top_set(state: State, seat: int) -> list[str]:
    sizes = state.data[f"sets:{seat}"]
    return state.zones[f"stack:{seat}"][-sizes[-1]:] if sizes else []


def set_asset(edition: Edition, cards) -> str:
    """The asset a set is made of (its top card: wilds lie under the assets)."""
    return edition.label[cards[-1]]


def stack_value(state: State, seat: int) -> int:
    value = edition_of(state.options).value
    return sum(value[c] for c in state.zones[f"stack:{seat}"])


def battle_asset(state: State) -> str | None:
    defender = state.data["defender"]
    if defender is None:
        return None
    return set_asset(edition_of(state.options), top_set(state, defender))


def describe_set(edition: Edition, cards) -> str:
    """'Jewels+Jewels+Gold': the set as the notation writes cards, asset first."""
    return "+".join(sorted((edition.label[c] for c in cards), key=name_order))


def hand_text(state: State, seat: int) -> str:
    label = edition_of(state.options).label
    hand = state.zones[f"hand:{seat}"]
    return ", ".join(sorted((label[c] for c in hand), key=name_order)) or "no cards"


def arranged(edition: Edition, cards) -> list[str]:
    """Wilds under assets (CYA-3.4, CYA-R19), otherwise in the order given."""
    return [c for c in cards if edition.kind[c] == WILD] + \
        [c for c in cards if edition.kind[c] != WILD]


def find(state: State, seat: int, labels) -> list[str] | None:
    """The ids of these cards in the seat's hand (each id once), or None."""
    label = edition_of(state.options).label
    hand, chosen = state.zones[f"hand:{seat}"], []
    for wanted in labels:
        cid = next((c for c in hand if label[c] == wanted and c not in chosen), None)
        if cid is None:
            return None
        chosen.append(cid)
    return chosen


def not_in_hand(state: State, seat: int, labels, rule: str) -> Rejection | None:
    edition = edition_of(state.options)
    for wanted in labels:
        if wanted not in edition.kind_of:
            return Rejection("CYA-1.2", f"the {edition.title} has no {wanted} cards")
    if find(state, seat, labels) is not None:
        return None
    held = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
    for wanted, count in Counter(labels).items():
        if held[wanted] < count:
            how = "no" if not held[wanted] else f"only {held[wanted]}"
            return Rejection(rule, f"{state.players[seat]} has {how} {wanted} in hand "
                             f"(hand: {hand_text(state, seat)})")
    raise AssertionError("cards missing from a hand, yet every count is there")


def seat_named(state: State, name: str) -> int | None:
    lowered = " ".join(name.split()).lower()
    return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)
