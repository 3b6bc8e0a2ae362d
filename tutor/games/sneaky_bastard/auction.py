"""The auction of the house for sale (SB-3, SB-4.1, SB-5): the phase of a seat still
bidding on the house. On a turn the seat bids or raises, plays a Sneaky Bastard card
(leaving the auction for the sneaky auction, see sneaky_auction.py) or passes.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.state import State
from tutor.games.sneaky_bastard.deck import KIND, VALUE, amount
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait
from tutor.games.sneaky_bastard.table import (IN, OUT, SNEAKY, cheapest_bids, describe,
                                              find_cards, highest_other, house_name, lay,
                                              must_beat, return_table_cards, sneaky_total,
                                              to_act, total, value_cards)


def not_a_move(state: State, seat: int, move) -> Rejection:
    """Refusal of a move of no kind Sneaky Bastard knows."""
    return Rejection("SB-2.2", f"{move!r} is not a Sneaky Bastard move")


def refuse(state: State, seat: int, move) -> Rejection:
    """Only a lone sneaky bidder waits (SB-4.5); anything else is no move of the game."""
    if type(move) is not Wait:
        return not_a_move(state, seat, move)
    name = state.players[seat]
    return Rejection("SB-4.5", f"only a lone sneaky bidder waits, and {name} has no "
                     "sneaky bid to wait with: on this turn "
                     f"{name} bids, plays a Sneaky Bastard card or passes")


def _holds_sneaky_card(state: State, seat: int) -> bool:
    return any(KIND[c] == "sneaky" for c in state.zones[f"hand:{seat}"])


# -- checks ----------------------------------------------------------------------------

def check_bid(state: State, seat: int, move: Bid) -> Rejection | None:
    """A bid must beat the highest bid (SB-3.2) with cards the seat holds (SB-3.3)."""
    if not move.cards:
        return _empty_bid(state, seat)
    return must_beat(state, seat, move.cards, "bid", IN, "SB-3.2",
                     "a bid must beat the highest bid")


def _empty_bid(state: State, seat: int) -> Rejection:
    """A bid of no cards ('bid', 'bid 0K'): it cannot beat anything."""
    name = state.players[seat]
    now = amount(total(state.zones[f"bid:{seat}"]))
    top, leader = highest_other(state, seat, IN, "bid")
    to_beat = f" and beat the highest bid, {amount(top)} ({state.players[leader]})" \
        if leader is not None and top > 0 else ""
    return Rejection("SB-3.2", f"a bid must be at least 10K (the smallest money card)"
                     f"{to_beat}: a bid of no cards adds nothing to {name}'s {now}")


def check_play_sneaky(state: State, seat: int, move: PlaySneaky) -> Rejection | None:
    """A Sneaky Bastard card from hand (SB-4.1), its bid beating every other sneaky bid
    (SB-4.4)."""
    name = state.players[seat]
    if not _holds_sneaky_card(state, seat):
        return Rejection("SB-4.1", f"{name} has no Sneaky Bastard card left")
    return must_beat(state, seat, move.cards, "bid", SNEAKY, "SB-4.4",
                     "a sneaky bid must beat the highest sneaky bid")


# -- effects ---------------------------------------------------------------------------

def bid(state: State, seat: int, move: Bid) -> list[Event]:
    """Lay the cards on the bid: a first bid (SB-3.1, SB-3.2) or a raise (SB-3.4)."""
    zones, name, house = state.zones, state.players[seat], house_name(state)
    cards = find_cards(state, seat, move.cards)
    before = total(zones[f"bid:{seat}"])
    for cid in cards:
        lay(state, seat, cid, f"bid:{seat}")
    now = total(zones[f"bid:{seat}"])
    added = describe(cards)
    top, leader = highest_other(state, seat, IN, "bid")
    beaten = f", beating {state.players[leader]}'s {amount(top)}" \
        if leader is not None and top > 0 else ""
    if before:
        return [Event("SB-3.4", f"{name} raises the bid on {house} to {amount(now)} "
                      f"(adds {added}){beaten}")]
    detail = f" ({added})" if len(cards) > 1 else ""
    return [Event("SB-3.2" if beaten else "SB-3.1",
                  f"{name} bids {amount(now)}{detail} on {house}{beaten}")]


def play_sneaky(state: State, seat: int, move: PlaySneaky) -> list[Event]:
    """The seat leaves the auction: its bid so far and the cards named become its
    sneaky bid (SB-4.1); with two players that is also a pass (SB-8.3)."""
    data, zones, name = state.data, state.zones, state.players[seat]
    house = house_name(state)
    hand = zones[f"hand:{seat}"]
    card = next(c for c in hand if KIND[c] == "sneaky")
    hand.remove(card)
    moved = zones[f"bid:{seat}"][:]
    cards = find_cards(state, seat, move.cards)
    zones[f"sneaky:{seat}"] = [card] + moved
    zones[f"bid:{seat}"] = []
    for cid in cards:
        lay(state, seat, cid, f"sneaky:{seat}")
    data["status"][seat] = SNEAKY
    now = sneaky_total(state, seat)
    text = (f"{name} plays a Sneaky Bastard card and leaves the auction of {house}: "
            f"{name}'s sneaky bid is {amount(now)}")
    if moved:
        text += f" (the {amount(total(moved))} already bid moves into it)"
    events = [Event("SB-4.1", text)]
    if state.num_players == 2:
        events.append(Event("SB-8.3", f"With two players this is also a pass: "
                            f"{name} cannot raise it later"))
    return events


def pass_(state: State, seat: int, move: Pass) -> list[Event]:
    """The seat takes back what it laid out and sits out the round (SB-5.1)."""
    zones = state.zones
    back = zones[f"bid:{seat}"] + zones[f"sneaky:{seat}"]
    return_table_cards(state, seat)
    state.data["status"][seat] = OUT
    took = [describe(back)] if any(KIND[c] != "sneaky" for c in back) else []
    if any(KIND[c] == "sneaky" for c in back):
        took.append("the Sneaky Bastard card")
    what = f" and takes back {' and '.join(took)}" if took else ""
    return [Event("SB-5.1", f"{state.players[seat]} passes{what}")]


# -- the moves listed ------------------------------------------------------------------

def legal_moves(state: State, seat: int) -> list:
    """The cheapest few bids, the cheapest few sneaky plays, and passing."""
    available = sorted(value_cards(state, seat), key=VALUE.get)
    on_bid = total(state.zones[f"bid:{seat}"])
    top, _ = highest_other(state, seat, IN, "bid")
    moves = [Bid(c) for c in cheapest_bids(available, top - on_bid)]
    if _holds_sneaky_card(state, seat):
        top, leader = highest_other(state, seat, SNEAKY, "sneaky")
        gap = top - on_bid if leader is not None else -1
        if gap < 0:
            moves.append(PlaySneaky(()))
        else:
            moves += [PlaySneaky(c) for c in cheapest_bids(available, gap)]
    moves.append(Pass())
    return moves


AUCTION = Phase("auction", to_act=to_act, legal=legal_moves, refuse=refuse,
                moves={Bid: Step(check_bid, bid),
                       PlaySneaky: Step(check_play_sneaky, play_sneaky),
                       Pass: Step(allowed, pass_)})
