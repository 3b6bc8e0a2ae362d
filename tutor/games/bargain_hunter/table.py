"""What the phases of Bargain Hunter share: the phases and the numbers the rulebook sets,
whose turn it is, the item each player hunts and the score, the card winning a trick,
and how cards are written in events and checkpoints. The phases are the modules beside
this one: :mod:`.setup`, :mod:`.dealing` (the round, phase after phase),
:mod:`.bargains`, :mod:`.hunt` and :mod:`.cleaning`."""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.core.wording import joined
from tutor.games.bargain_hunter.deck import (COLOUR, KIND, LABEL, NUMBER, OFFER, OFFER_LABEL,
                                             label_order)
from tutor.games.bargain_hunter.moves import HIGHER, LOWER

BARGAIN, HUNT, CLEANING, OVER = "bargain", "hunt", "cleaning", "over"
ROUNDS = {3: 6, 4: 4}            # BH-1.2
HAND_SIZE = 8                    # BH-1.4
TRASH_MINIMUM = {3: 3, 4: 2}     # BH-5.2
FINAL_CLEANINGS = 2              # BH-6.1
# Where a twin ranks against its twin (BH-R3): half a number up or down.
ORDER_SHIFT = {"": 0.0, HIGHER: 0.5, LOWER: -0.5}


def sorted_labels(cards) -> list[str]:
    return sorted((LABEL[c] for c in cards), key=label_order)


def items_summary(cards) -> str:
    """'1, 3 x4, 4 x2, 5, 7, 9 and 1 Irresistible Offer' for a junk pile."""
    counts = Counter(NUMBER[c] for c in cards if KIND[c] != OFFER)
    parts = [f"{item} x{k}" if k > 1 else str(item) for item, k in sorted(counts.items())]
    offers = sum(KIND[c] == OFFER for c in cards)
    if offers:
        parts.append(f"{offers} Irresistible Offer{'s' if offers > 1 else ''}")
    return joined(parts)


def trick_winner(faces, lead: str | None, trump: str | None) -> int | None:
    """Which card of a trick wins (BH-3.9, BH-3.8, BH-R3): ``faces`` are the cards in the
    order played as (colour, number, order), with colour None for an Irresistible Offer
    and order "higher", "lower" or "" for a twin's declaration."""
    best, best_key = None, None
    for i, (colour, number, order) in enumerate(faces):
        if colour is None:
            key = (2, i)                   # the later Offer beats the earlier (BH-3.8)
        elif colour == trump:
            key = (1, number + ORDER_SHIFT[order])
        elif colour == lead:
            key = (0, number + ORDER_SHIFT[order])
        else:
            continue                       # neither trump nor lead colour: cannot win
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def winning_card(label: str, order: str, offers_before: int) -> str:
    """How a trick's winning card is named: 'green 7 (declared higher)', 'an Irresistible
    Offer', or 'the second Irresistible Offer' when another Offer was played before it."""
    if label == OFFER_LABEL:
        return f"the second {OFFER_LABEL}" if offers_before else f"an {OFFER_LABEL}"
    return f"{label} (declared {order})" if order else label


def card_name(label: str) -> str:
    """A card as the notation and setups write it: 'green 7', 'offer' (the checkpoints
    name an Irresistible Offer the same way everywhere)."""
    return "offer" if label == OFFER_LABEL else label


def played_text(label: str, declared: str, order: str) -> str:
    """A card of a trick as written in the notation: 'red 3 trump lower', 'offer'."""
    words = [card_name(label), declared, order]
    return " ".join(w for w in words if w)


def points_text(score: int) -> str:
    """'1 point', '-3 points'."""
    return f"{score} point{'' if abs(score) == 1 else 's'}"


# -- the reading of a position every phase uses ---------------------------------------

def not_a_move(state: State, seat: int, move) -> Rejection:
    """Refusal of a move of no kind Bargain Hunter knows."""
    return Rejection("BH-1.7", f"{move!r} is not a Bargain Hunter move")


def rounds(state: State) -> int:
    """How many rounds the game lasts (BH-1.2)."""
    return ROUNDS[state.num_players]


def to_act(state: State) -> tuple[int, ...]:
    """The one seat whose turn it is in every phase; nobody once the game is over."""
    turn = state.data["turn"]
    return () if turn is None else (turn,)


def bargain_item(state: State, seat: int) -> int | None:
    """The item seat hunts: the number on top of its bargain pile (BH-2.2)."""
    pile = state.zones[f"bargain:{seat}"]
    return NUMBER[pile[-1]] if pile else None


def score(state: State, seat: int) -> int:
    return len(state.zones[f"bargain:{seat}"]) - len(state.zones[f"junk:{seat}"])


def winning_index(state: State) -> int | None:
    """The position in the trick of the card that wins it so far (BH-3.9)."""
    orders = state.data["trick_order"]
    faces = [(COLOUR[cid], NUMBER[cid], orders[i])
             for i, cid in enumerate(state.zones["trick"])]
    return trick_winner(faces, state.data["lead"], state.data["trump"])


def twin_at(state: State, label: str) -> int | None:
    """The position in the trick of the twin of an item card (same colour and
    number), if any. The two Offers are no twins: the later one simply wins."""
    if label == OFFER_LABEL:
        return None
    for i, cid in enumerate(state.zones["trick"]):
        if LABEL[cid] == label:
            return i
    return None


def hand_labels(state: State, seat: int) -> list[str]:
    return sorted_labels(state.zones[f"hand:{seat}"])


def take_from_hand(state: State, seat: int, label: str) -> str:
    hand = state.zones[f"hand:{seat}"]
    for i, cid in enumerate(hand):
        if LABEL[cid] == label:
            return hand.pop(i)
    raise AssertionError(f"{label} was checked to be in hand")
