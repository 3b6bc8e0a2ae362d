"""What lies on a Sell Me a Sasquatch table, read the same way by every phase.

Zones (the last card of a list is the top of a pile):

``draw``      the face-down draw pile (SQ-1.3)
``discard``   the discard pile, face up; only its top card is seen (SQ-R14)
``hand:S``    seat S's hand (private)
``deal:S``    the deal in front of seat S (in a two-player game: the cards on S's side).
              The zone itself is face down; ``state.seen_by`` says who sees each card:
              the player who laid it, or everyone once it is turned (SQ-R3, SQ-R4)
``coll:S``    seat S's collection, face up

This module holds the components' numbers (SQ-1.3, SQ-1.4, SQ-8.4), how deal cards are
named by position and laid face down (SQ-R4), which seats have a deal on the table, and
the small wording helpers the phases share. It knows no phase.
"""

from __future__ import annotations

import json
from collections import Counter

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.core.wording import joined, ordinal, plural  # ordinal: re-exported to its users
from tutor.games.sell_me_a_sasquatch.deck import LABEL, ORDER, article, name_order

HAND_SIZE = 5
DEAL_SIZE = 3
TOKENS = 28
# Zone names by seat, for the questions asked several times a move (who could play a
# Thingamabob, which deal cards are face down): no string is formatted for them.
HAND = tuple(f"hand:{seat}" for seat in range(6))
DEAL = tuple(f"deal:{seat}" for seat in range(6))
COLL = tuple(f"coll:{seat}" for seat in range(6))


def names_or_nobody(names) -> str:
    """Player names joined, as in 'Ann and Bob'; 'nobody' when no one is left."""
    return joined(names, empty="nobody")


def who_builds(names) -> str:
    """'Cat builds a deal', 'Bob and Cat build their deals': who is still building."""
    names = list(names)
    if len(names) == 1:
        return f"{names[0]} builds a deal"
    return f"{names_or_nobody(names)} build their deals"


def target_tokens(players: int) -> int:
    """Point tokens needed to win (SQ-8.4, SQ-9.6)."""
    return 4 if players in (3, 4) else 5


def two_players(state: State) -> bool:
    return state.num_players == 2


def seat_named(state: State, name: str) -> int | None:
    """The seat of the player called ``name`` (any case, any spacing), or None."""
    lowered = " ".join(str(name).split()).lower()
    return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)


def is_face_up(state: State, cid: str) -> bool:
    return len(state.seen_by.get(cid, ())) == state.num_players


def face_down(state: State, seat: int) -> list[int]:
    """Positions (from 1) of the face-down cards of seat's deal."""
    seen_by, n = state.seen_by, state.num_players
    return [i for i, c in enumerate(state.zones[DEAL[seat]], 1)
            if len(seen_by.get(c, ())) != n]


def deal_seats(state: State) -> list[int]:
    """The seats whose deal can be chosen or targeted this turn."""
    if state.num_players == 2:
        return [0, 1]
    return list(state.data["offered"])


def steal_decider(state: State, victim: int) -> int:
    """Who decides a Nasty loss: the new buyer (SQ-7.6), the other of two (SQ-9.5)."""
    return 1 - victim if state.num_players == 2 else state.data["turn"]


def labels(state: State, zone: str) -> list[str]:
    return [LABEL[c] for c in state.zones[zone]]


# Card id -> the place of its name in name order, so that a zone is sorted by name with
# a lookup per card (the legal deals and splits are read from the sorted hand every turn).
_NAME_RANK = {cid: name_order(label) for cid, label in LABEL.items()}


def sorted_labels(state: State, zone: str) -> list[str]:
    """The card names of a zone in name order (deck.name_order)."""
    return [LABEL[c] for c in sorted(state.zones[zone], key=_NAME_RANK.__getitem__)]


# Every card name in name order: a name's rank (deck.ORDER) is its place here.
_NAMES_IN_ORDER = tuple(ORDER)


def kinds_held(state: State, zone: str) -> list[str]:
    """The card names in a zone, each once, in name order (which steals and which
    Expander cards to list)."""
    return [_NAMES_IN_ORDER[rank] for rank in
            sorted({_NAME_RANK[c] for c in state.zones[zone]})]


def hand_text(state: State, seat: int) -> str:
    return ", ".join(sorted_labels(state, HAND[seat])) or "no cards"


def coll_text(state: State, seat: int) -> str:
    return ", ".join(sorted_labels(state, COLL[seat])) or "nothing"


def find(state: State, zone: str, wanted_labels) -> list[str] | None:
    """The ids of these cards in the zone (each id once), or None."""
    cards, chosen = state.zones[zone], []
    for wanted in wanted_labels:
        for cid in cards:
            if LABEL[cid] == wanted and cid not in chosen:
                chosen.append(cid)
                break
        else:
            return None
    return chosen


def seen_in_deal(state: State, seat: int, label: str) -> bool:
    """Whether seat sees a card of this name in the deal in front of it: a card another
    player laid there face down (a two-player split, an Expander) is not seat's to know
    of, so no message may name it."""
    return any(LABEL[c] == label and seat in state.seen_by.get(c, ())
               for c in state.zones[f"deal:{seat}"])


def where_else(state: State, seat: int, label: str) -> str:
    """Where the seat has this card if not in the hand (for SQ-4.x messages)."""
    name = state.players[seat]
    if label in labels(state, f"coll:{seat}"):
        return f"; {name}'s {label} is in {name}'s collection"
    if seen_in_deal(state, seat, label):
        return f"; {name}'s {label} is in {name}'s deal"
    return ""


def not_in_hand(state: State, seat: int, wanted_labels) -> Rejection | None:
    """SQ-4.1: None if the hand holds these cards, else which one is missing."""
    if find(state, f"hand:{seat}", wanted_labels) is not None:
        return None
    held = Counter(labels(state, f"hand:{seat}"))
    name = state.players[seat]
    for wanted, count in Counter(wanted_labels).items():
        if held[wanted] < count:
            how = "no" if not held[wanted] else f"only {held[wanted]}"
            return Rejection("SQ-4.1", f"cards go into a deal only from the hand, and "
                             f"{name} has {how} {wanted} in hand (hand: "
                             f"{hand_text(state, seat)})"
                             f"{where_else(state, seat, wanted)}")
    raise AssertionError("cards missing from a hand, yet every count is there")


def check_spot(state: State, who: str, position: int, rule: str,
               face_down_only: bool) -> Rejection | None:
    """Whether ``who``'s deal has a card at ``position`` (SQ-R4), face down if asked."""
    target = seat_named(state, who)
    if target is None:
        return Rejection(rule, f"there is no player called {who!r} "
                         f"(players: {', '.join(state.players)})")
    name = state.players[target]
    if target not in deal_seats(state):
        return Rejection(rule, f"{name} offered no deal this turn")
    deal = state.zones[f"deal:{target}"]
    if not 1 <= position <= len(deal):
        return Rejection(rule, f"{name}'s deal has {plural(len(deal), 'card')}, so "
                         f"there is no {ordinal(position)} card")
    if face_down_only and is_face_up(state, deal[position - 1]):
        down = face_down(state, target)
        what = (f"its face-down cards are at {', '.join(map(str, down))}" if down
                else "it has no face-down card")
        return Rejection(rule, f"the {ordinal(position)} card of {name}'s deal, "
                         f"{article(LABEL[deal[position - 1]])}, is face up already; "
                         f"{what}")
    return None


def turn_up(state: State, cid: str) -> None:
    state.seen_by[cid] = list(range(state.num_players))


def lay(state: State, seat: int, zone: str, laid_labels, up: str | None) -> None:
    """Lay these cards from seat's hand into a deal zone, face down for all but ``seat``;
    the ``up`` card goes last (SQ-R4) and its face is set by the caller."""
    ids = find(state, f"hand:{seat}", laid_labels)
    if up is not None:
        index = laid_labels.index(up)
        ids.append(ids.pop(index))
    for cid in ids:
        state.move_card(cid, f"hand:{seat}", zone)
        state.seen_by[cid] = [seat]


# -- the same position ----------------------------------------------------------------
#
# Two positions are the same game when they differ only in ways no rule can tell apart:
# which of two cards of one name lies where (moves name cards, not ids), and the order
# of the face-down cards one player laid in a deal: nobody else can tell them apart, so
# a card named by its place (SQ-R4) is one of them picked blind, whatever their order.
# A face-up card keeps its place, and so does the last card of a deal still waiting to
# be turned up (the card its player chose to show, SQ-3.2).

def position_key(state: State) -> tuple:
    """The position as a value (see above), the same for a deal laid in another order
    with the same cards face down and the same card turned up."""
    seen_by, n = state.seen_by, state.num_players
    waiting = state.data["phase"] == "deals"
    zones = []
    for zone, cards in sorted(state.zones.items()):
        faces = [(LABEL[c], tuple(sorted(seen_by.get(c, ())))) for c in cards]
        zones.append((zone, tuple(_face_down_in_order(faces, n, waiting)
                                  if zone in DEAL else faces)))
    return (state.game, state.players, json.dumps([state.options, state.data],
                                                  sort_keys=True), state.rng, tuple(zones))


def _face_down_in_order(faces: list[tuple], players: int, waiting: bool) -> list[tuple]:
    """A deal's cards with each face-down group (the cards seen by the same players)
    sorted by name in the places the group takes."""
    groups: dict[tuple, list[int]] = {}
    for place, (_, seen) in enumerate(faces):
        shown = len(seen) == players or waiting and place == len(faces) - 1
        if not shown:
            groups.setdefault(seen, []).append(place)
    ordered = list(faces)
    for places in groups.values():
        for place, face in zip(places, sorted(faces[p] for p in places)):
            ordered[place] = face
    return ordered
