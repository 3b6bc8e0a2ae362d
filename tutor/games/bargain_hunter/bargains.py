"""The bargains (BH-2.1): before the first trick of the game every player in turn lays an
item card from the hand as bargain, the first card of the bargain pile."""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.games.bargain_hunter import dealing
from tutor.games.bargain_hunter.deck import (CARD_HELP, COLOUR_OF_LABEL, IDS_OF_LABEL, KIND,
                                             LABEL, NUMBER, OFFER, OFFER_LABEL)
from tutor.games.bargain_hunter.moves import ChooseBargain, Clean, Play, Skip
from tutor.games.bargain_hunter.table import (BARGAIN, hand_labels, not_a_move,
                                              take_from_hand, to_act)

# Every bargain move there can be, made once (legal_moves hands these out).
BARGAINS = {label: ChooseBargain(label) for label in IDS_OF_LABEL}


def check_bargain(state: State, seat: int, move: ChooseBargain) -> Rejection | None:
    """An item card from the hand (BH-2.1)."""
    name = state.players[seat]
    if move.card not in IDS_OF_LABEL:
        return Rejection("BH-1.1", f"there is no card called {move.card!r} ({CARD_HELP})")
    if move.card == OFFER_LABEL:
        return Rejection("BH-2.1", f"an {OFFER_LABEL} is not an item, so it cannot be a "
                         f"bargain: {name} lays a numbered card")
    hand = hand_labels(state, seat)
    if move.card not in hand:
        return Rejection("BH-2.1", f"{name} holds no {move.card} "
                         f"(hand: {', '.join(hand)})")
    return None


def choose_bargain(state: State, seat: int, move: ChooseBargain) -> list[Event]:
    """Lay the card as bargain; after the last player's, the hunt begins."""
    data, n, name = state.data, state.num_players, state.players[seat]
    cid = take_from_hand(state, seat, move.card)
    state.zones[f"bargain:{seat}"].append(cid)
    events = [Event("BH-2.1", f"{name} chooses {NUMBER[cid]} as bargain: {move.card} "
                    f"starts {name}'s bargain pile")]
    following = (seat + 1) % n
    if state.zones[f"bargain:{following}"]:
        events += dealing.start_hunt(state, tricks=data["dealt"] - 1)
    else:
        data["turn"] = following
    return events


def refuse(state: State, seat: int, move) -> Rejection:
    """Any other move waits: the bargains come first (BH-2.1)."""
    if not isinstance(move, (Play, Clean, Skip)):
        return not_a_move(state, seat, move)
    example = next((label for label in hand_labels(state, seat)
                    if COLOUR_OF_LABEL[label]), "green 6")
    return Rejection("BH-2.1", f"the bargains come first: {state.players[seat]} lays an "
                     f"item card from the hand as bargain, as in 'bargain {example}'")


def waiting(state: State, seat: int, move) -> Rejection | None:
    """A seat that chose its bargain already is told so."""
    if not isinstance(move, ChooseBargain) or not state.zones[f"bargain:{seat}"]:
        return None
    chosen = LABEL[state.zones[f"bargain:{seat}"][0]]
    return Rejection("BH-2.1", f"{state.players[seat]} already chose a bargain ({chosen}): "
                     f"every player lays one item card, and now "
                     f"{state.players[state.data['turn']]} chooses")


def legal_moves(state: State, seat: int) -> list:
    """Each item card of the hand, twins once."""
    labels = dict.fromkeys(LABEL[c] for c in state.zones[f"hand:{seat}"] if KIND[c] != OFFER)
    return [BARGAINS[label] for label in labels]


PHASE = Phase(BARGAIN, rules=("BH-2.1",), to_act=to_act, legal=legal_moves,
              refuse=refuse, waiting=waiting,
              moves={ChooseBargain: Step(check_bargain, choose_bargain)})
