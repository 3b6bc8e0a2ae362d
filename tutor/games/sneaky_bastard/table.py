"""What every phase of Sneaky Bastard reads of a position: the seats' statuses, the bids
on the table, whose turn comes next, and the few ways cards move between a seat's hand,
houses and bids.

``data["status"]`` holds one word per seat: ``in`` (bidding on the house, or not yet
bid), ``sneaky`` (holds a sneaky bid, SB-4.1), ``out`` (passed, SB-5.1) or ``buyer``
(bought the house this round, SB-6.1).
"""

from __future__ import annotations

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.sneaky_bastard.deck import DECK, KIND, LABEL, VALUE, amount, label_order

IN, SNEAKY, OUT, BUYER = "in", "sneaky", "out", "buyer"


def total(cards) -> int:
    return sum(VALUE[c] for c in cards)


def describe(cards) -> str:
    """'Opknappertje, 100K' for a list of card ids, most valuable first."""
    labels = sorted((LABEL[c] for c in cards if KIND[c] != "sneaky"), key=label_order)
    return ", ".join(labels) if labels else "no cards"


def count_sneaky(cards) -> int:
    return sum(KIND[c] == "sneaky" for c in cards)


def sneaky_cards(count: int) -> str:
    """'2 Sneaky Bastard cards', 'no Sneaky Bastard card'."""
    return plural(count, "Sneaky Bastard card") if count else "no Sneaky Bastard card"


def house_name(state: State) -> str:
    """The name of the house for sale ("the house" between rounds)."""
    offer = state.zones["offer"]
    return DECK[offer[0]].name if offer else "the house"


# -- whose turn ------------------------------------------------------------------------

def to_act(state: State) -> tuple[int, ...]:
    """The one seat whose turn it is; nobody once the game is over."""
    turn = state.data["turn"]
    return () if turn is None else (turn,)


def takes_turns(state: State, seat: int) -> bool:
    """Whether the seat still has turns this round."""
    status = state.data["status"][seat]
    if status == SNEAKY:
        return state.num_players > 2  # a two-player sneaky card is also a pass (SB-8.3)
    return status == IN and not state.data["sold"]


def next_turn(state: State, after: int) -> int:
    """The next seat round the table after ``after`` that still takes turns."""
    n = state.num_players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if takes_turns(state, seat):
            return seat
    raise AssertionError("nobody left to take a turn in a round that goes on")


# -- the bids on the table ---------------------------------------------------------------

def sneaky_total(state: State, seat: int) -> int:
    return total(state.zones[f"sneaky:{seat}"])


def highest_other(state: State, seat: int, status: str, zone: str):
    """(amount, seat) of the highest standing bid of another seat with that status."""
    best = (-1, None)
    for other, st in enumerate(state.data["status"]):
        if other != seat and st == status:
            value = total(state.zones[f"{zone}:{other}"])
            if value > best[0]:
                best = (value, other)
    return best


def is_lone_sneaky(state: State, seat: int) -> bool:
    status = state.data["status"]
    return status[seat] == SNEAKY and status.count(SNEAKY) == 1


def must_wait(state: State, seat: int) -> bool:
    """The lone sneaky bidder of a house not yet sold may only wait (SB-4.5)."""
    return not state.data["sold"] and is_lone_sneaky(state, seat)


def money(state: State, seat: int, on_table: bool = False) -> int:
    """Money in hand, and with ``on_table`` also the money the seat has laid out."""
    zones = ("hand", "bid", "sneaky") if on_table else ("hand",)
    return sum(VALUE[c] for zone in zones for c in state.zones[f"{zone}:{seat}"]
               if KIND[c] == "money")


# -- the cards a seat bids with ----------------------------------------------------------

def value_cards(state: State, seat: int) -> list[str]:
    """What the seat may bid with: the money in hand and the houses it owns."""
    return [c for c in state.zones[f"hand:{seat}"] if KIND[c] == "money"] + \
        state.zones[f"houses:{seat}"]


def find_cards(state: State, seat: int, labels) -> list[str] | Rejection:
    """The card ids for these labels from the seat's value cards, or why not."""
    available = value_cards(state, seat)
    chosen = []
    for label in labels:
        for cid in available:
            if LABEL[cid] == label and cid not in chosen:
                chosen.append(cid)
                break
        else:
            wanted = list(labels).count(label)
            return Rejection("SB-3.3", f"{state.players[seat]} has "
                             f"{'no' if wanted == 1 else f'fewer than {wanted}'} "
                             f"{label} card{'s' if wanted > 1 else ''} to bid "
                             f"(value cards: {describe(available)})")
    return chosen


def must_beat(state: State, seat: int, labels, on_table: str, rivals: str, rule: str,
              what: str) -> Rejection | None:
    """Whether cards the seat holds (SB-3.3), added to its bid in zone ``on_table``
    (``bid`` or ``sneaky``), beat the highest bid of the other seats with status
    ``rivals``; else why not, under ``rule``, saying ``what`` a bid must beat."""
    cards = find_cards(state, seat, labels)
    if isinstance(cards, Rejection):
        return cards
    new_total = total(state.zones[f"{on_table}:{seat}"]) + total(cards)
    top, leader = highest_other(state, seat, rivals, "sneaky" if rivals == SNEAKY else "bid")
    if leader is not None and new_total <= top:
        return Rejection(rule, f"{what}, {amount(top)} ({state.players[leader]}); "
                         f"{state.players[seat]}'s would total {amount(new_total)}")
    return None


def lay(state: State, seat: int, cid: str, target: str) -> None:
    """Move one of the seat's value cards (from hand or houses) onto ``target``."""
    source = f"houses:{seat}" if KIND[cid] == "house" else f"hand:{seat}"
    state.move_card(cid, source, target)


def return_table_cards(state: State, seat: int) -> None:
    """The seat takes back every card it laid out: houses home, the rest to hand."""
    for zone in (f"bid:{seat}", f"sneaky:{seat}"):
        for cid in state.zones[zone]:
            home = f"houses:{seat}" if KIND[cid] == "house" else f"hand:{seat}"
            state.zones[home].append(cid)
        state.zones[zone] = []


def cheapest_bids(available: list[str], gap: int) -> list[tuple[str, ...]]:
    """A few card combinations adding more than ``gap``: for each distinct card, that card
    plus the smallest others until the sum is enough. ``available`` is sorted by value."""
    seen, bids = set(), []
    labels_done = set()
    for i, cid in enumerate(available):
        label = LABEL[cid]
        if label in labels_done:
            continue
        labels_done.add(label)
        chosen, value = [label], VALUE[cid]
        for j, other in enumerate(available):
            if value > gap:
                break
            if j != i:
                chosen.append(LABEL[other])
                value += VALUE[other]
        if value > gap:
            key = tuple(sorted(chosen, key=label_order))
            if key not in seen:
                seen.add(key)
                bids.append(key)
    return bids
