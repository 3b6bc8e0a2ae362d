"""The sneaky auction (SB-4): the phase of a seat holding a sneaky bid. Sneaky bidders
play for the buyer's payment: a sneaky bidder overtaken by a rival raises or passes
(SB-4.6); the only sneaky bidder of a house not yet sold must wait (SB-4.5).
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.state import State
from tutor.games.sneaky_bastard.auction import not_a_move, pass_
from tutor.games.sneaky_bastard.deck import VALUE, amount
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait
from tutor.games.sneaky_bastard.table import (SNEAKY, cheapest_bids, describe, find_cards,
                                              highest_other, lay, must_beat, must_wait,
                                              sneaky_total, to_act, value_cards)


def limit(state: State, seat: int, move) -> Rejection | None:
    """The lone sneaky bidder of an unsold house does nothing but wait (SB-4.5)."""
    if type(move) is not Wait and must_wait(state, seat):
        name = state.players[seat]
        return Rejection("SB-4.5", f"{name}'s sneaky bid is the only one and the house "
                         f"is unsold, so {name} must wait: no raising, no passing")
    return None


def refuse(state: State, seat: int, move) -> Rejection:
    """A second Sneaky Bastard card in one round is refused (SB-4.2)."""
    if type(move) is not PlaySneaky:
        return not_a_move(state, seat, move)
    return Rejection("SB-4.2", f"{state.players[seat]} already played a Sneaky Bastard "
                     "card this round")


def check_wait(state: State, seat: int, move: Wait) -> Rejection | None:
    """Waiting is for the lone sneaky bidder; an overtaken one raises or passes (SB-4.6)."""
    if must_wait(state, seat):
        return None
    top, leader = highest_other(state, seat, SNEAKY, "sneaky")
    return Rejection("SB-4.6", f"{state.players[seat]}'s sneaky bid of "
                     f"{amount(sneaky_total(state, seat))} is below "
                     f"{state.players[leader]}'s {amount(top)}: raise above "
                     f"{amount(top)} or pass")


def check_raise(state: State, seat: int, move: Bid) -> Rejection | None:
    """A raise must beat the highest other sneaky bid (SB-4.4, SB-4.6)."""
    name = state.players[seat]
    if not move.cards:
        now = amount(sneaky_total(state, seat))
        top, leader = highest_other(state, seat, SNEAKY, "sneaky")
        return Rejection("SB-4.6", f"a raise of a sneaky bid adds value cards and must "
                         f"beat the highest other sneaky bid, {amount(top)} "
                         f"({state.players[leader]}); adding nothing leaves {name}'s "
                         f"at {now}")
    return must_beat(state, seat, move.cards, "sneaky", SNEAKY, "SB-4.4",
                     "a sneaky bid must beat the highest other sneaky bid")


def raise_(state: State, seat: int, move: Bid) -> list[Event]:
    """Add the cards to the sneaky bid (SB-4.6)."""
    cards = find_cards(state, seat, move.cards)
    for cid in cards:
        lay(state, seat, cid, f"sneaky:{seat}")
    top, leader = highest_other(state, seat, SNEAKY, "sneaky")
    beaten = f", beating {state.players[leader]}'s {amount(top)}" \
        if leader is not None and top > 0 else ""
    return [Event("SB-4.6", f"{state.players[seat]} raises the sneaky bid to "
                  f"{amount(sneaky_total(state, seat))} (adds {describe(cards)}){beaten}")]


def wait(state: State, seat: int, move: Wait) -> list[Event]:
    return [Event("SB-4.5", f"{state.players[seat]} must wait: the only sneaky bid, "
                  "and the house is not sold yet")]


def legal_moves(state: State, seat: int) -> list:
    """Waiting alone; else the cheapest few raises over the rival, and passing."""
    if must_wait(state, seat):
        return [Wait()]
    available = sorted(value_cards(state, seat), key=VALUE.get)
    top, _ = highest_other(state, seat, SNEAKY, "sneaky")
    return [Bid(c) for c in cheapest_bids(available, top - sneaky_total(state, seat))] + \
        [Pass()]


SNEAKY_AUCTION = Phase("sneaky auction", to_act=to_act, legal=legal_moves, refuse=refuse,
                       limit=limit,
                       moves={Bid: Step(check_raise, raise_), Wait: Step(check_wait, wait),
                              Pass: Step(allowed, pass_)})
