"""Laying out the deals at the start of a turn: ``deal`` moves and the two-player split.

Implements the deals (SQ-3.1: three cards from the hand face down, SQ-3.2: one of them
turned up, SQ-4.1: from the hand only), built at the same time and shown together
(ruling SQ-R3), laid in the order written (SQ-R4), short hands (ruling SQ-R10), and the
two-player split between the two sides (SQ-9.2, SQ-9.3). The legal-move lists offer a
representative few deals and splits, never every subset or order of a hand;
``count_deals`` and ``count_splits`` count them all (each different deal once).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, product

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch.deck import LABEL, article
from tutor.games.sell_me_a_sasquatch.moves import Deal, Split
from tutor.games.sell_me_a_sasquatch.table import (DEAL_SIZE, face_down, lay, not_in_hand,
                                                   turn_up)
from tutor.games.sell_me_a_sasquatch.thingamabobs import window_opens


def offered_cards(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A few sets of cards to offer from a hand sorted by name: every run of neighbours
    (at most three sets from five cards), so that each card of the hand is in one of
    them; listing every subset of the hand would cost far more and add no kind of move
    (Game.legal_moves)."""
    size = min(DEAL_SIZE, len(hand))
    return list(dict.fromkeys(tuple(hand[start:start + size])
                              for start in range(len(hand) - size + 1)))


# Moves are immutable values and depend only on the card names of a hand sorted by
# name, so the moves of one hand are made once: at most a few thousand such hands of
# five or fewer cards exist (random play asks for these on every deal).

@lru_cache(maxsize=None)
def deal_moves(hand: tuple[str, ...]) -> tuple[Deal, ...]:
    """Representative deals (SQ-3.1, SQ-3.2): each set of offered_cards with each of its
    cards turned up."""
    return tuple(move for cards in offered_cards(hand) for move in _deals_of(cards))


@lru_cache(maxsize=None)
def split_moves(hand: tuple[str, ...]) -> tuple[Split, ...]:
    """Representative splits (SQ-9.2, SQ-9.3): each set of offered_cards laid out in
    every shape (three and none ... none and three), with a card turned up on either
    side. The set is rotated by its place in the hand, and so is the card turned up, so
    that the cards take turns on either side and face up."""
    return tuple(move for turn, cards in enumerate(offered_cards(hand))
                 for move in _splits_of(cards, turn))


def _laid_sets(hand: tuple[str, ...]) -> list[Counter]:
    """Every set of cards (by name) a deal or split can lay from the hand."""
    size = min(DEAL_SIZE, len(hand))
    return [Counter(cards) for cards in dict.fromkeys(combinations(sorted(hand), size))]


@lru_cache(maxsize=None)
def count_deals(hand: tuple[str, ...]) -> int:
    """How many different deals the hand can offer: each set of cards with each of its
    names turned up. The order of the face-down cards makes no other deal."""
    return sum(len(laid) for laid in _laid_sets(hand))


@lru_cache(maxsize=None)
def count_splits(hand: tuple[str, ...]) -> int:
    """How many different splits the hand can lay: each set of cards, each way to share
    it between the two sides, each name on either side turned up."""
    count = 0
    for laid in _laid_sets(hand):
        names = sorted(laid)
        for mine in product(*(range(laid[name] + 1) for name in names)):
            theirs = [laid[name] - n for name, n in zip(names, mine)]
            count += sum(n > 0 for n in mine) + sum(n > 0 for n in theirs)
    return count


@lru_cache(maxsize=None)
def _deals_of(cards: tuple[str, ...]) -> tuple[Deal, ...]:
    return tuple(Deal(tuple(c for i, c in enumerate(cards) if i != cards.index(up)) + (up,),
                      up) for up in dict.fromkeys(cards))


@lru_cache(maxsize=None)
def _splits_of(cards: tuple[str, ...], turn: int) -> tuple[Split, ...]:
    """The shapes of one set, rotated by ``turn``, its place in the hand."""
    cards = cards[turn % len(cards):] + cards[:turn % len(cards)]
    moves = []
    for cut in range(len(cards) + 1):
        mine, theirs = cards[:cut], cards[cut:]
        for side, laid in (("mine", mine), ("theirs", theirs)):
            if laid:
                moves.append(Split(mine, theirs, laid[(turn + cut) % len(laid)], side))
    return tuple(moves)


def check_deal(state: State, seat: int, move: Deal) -> Rejection | None:
    name = state.players[seat]
    hand = state.zones[f"hand:{seat}"]
    size = min(DEAL_SIZE, len(hand))
    if len(move.cards) != size:
        extra = "" if size == DEAL_SIZE else f" (all {name} holds, SQ-R10)"
        return Rejection("SQ-3.1" if size == DEAL_SIZE else "SQ-R10",
                         f"a deal is {plural(size, 'card')}{extra}, not "
                         f"{len(move.cards)}")
    rejection = not_in_hand(state, seat, move.cards)
    if rejection:
        return rejection
    if move.up not in move.cards:
        return Rejection("SQ-3.2", f"the card turned face up must be one of the deal's "
                         f"own cards ({'+'.join(move.cards)}), not {move.up}")
    return None


def check_split(state: State, seat: int, move: Split) -> Rejection | None:
    name = state.players[seat]
    cards = move.mine + move.theirs
    size = min(DEAL_SIZE, len(state.zones[f"hand:{seat}"]))
    if len(cards) != size:
        return Rejection("SQ-9.2", f"{name} lays out {plural(size, 'card')} in all, "
                         f"split between the sides, not {len(cards)}")
    rejection = not_in_hand(state, seat, cards)
    if rejection:
        return rejection
    side = move.mine if move.up_side == "mine" else move.theirs
    if move.up not in side:
        where = "your side" if move.up_side == "mine" else "their side"
        return Rejection("SQ-9.3", f"the card turned face up must lie on {where}, "
                         f"which holds no {move.up}")
    return None


def deal(state: State, seat: int, move: Deal) -> list[Event]:
    """Lay seat's deal; the last deal of the turn turns every chosen card up and opens
    the buyer's extra card (or the window, when no card is left face down)."""
    data, names = state.data, state.players
    lay(state, seat, f"deal:{seat}", list(move.cards), move.up)
    data["built"] = sorted(data["built"] + [seat])   # the order of deals is no matter
    events = [Event("SQ-3.1", f"{names[seat]} lays a deal of "
                    f"{plural(len(move.cards), 'card')} face down and chooses one to "
                    f"turn up")]
    if len(data["built"]) < len(data["offered"]):
        return events
    shown = []
    for s in data["offered"]:
        cid = state.zones[f"deal:{s}"][-1]
        turn_up(state, cid)
        shown.append(f"{names[s]} {article(LABEL[cid])}")
    events.append(Event("SQ-3.2", f"Every deal is ready and the chosen cards are turned "
                        f"up: {joined(shown)}"))
    if any(face_down(state, s) for s in data["offered"]):
        data["phase"] = "flip"
        return events
    events.append(Event("SQ-3.3", f"No deal has a face-down card, so "
                        f"{names[data['chooser']]} has no extra card to turn"))
    data["phase"] = "window"
    return events + window_opens(state)


def split(state: State, seat: int, move: Split) -> list[Event]:
    """Lay the two sides, turn the chosen card up and open the window (SQ-9.2, SQ-9.3)."""
    names, other = state.players, 1 - seat
    mine_up = move.up if move.up_side == "mine" else None
    their_up = move.up if move.up_side == "theirs" else None
    lay(state, seat, f"deal:{seat}", list(move.mine), mine_up)
    lay(state, seat, f"deal:{other}", list(move.theirs), their_up)
    side = seat if move.up_side == "mine" else other
    turn_up(state, state.zones[f"deal:{side}"][-1])
    state.data["phase"] = "window"
    return [Event("SQ-9.2", f"{names[seat]} lays {len(move.mine)} face down on "
                  f"{names[seat]}'s own side and {len(move.theirs)} on {names[other]}'s side"),
            Event("SQ-9.3", f"{names[seat]} turns up {article(move.up)} on "
                  f"{names[side]}'s side; {names[other]} turns no extra card")] + \
        window_opens(state)
