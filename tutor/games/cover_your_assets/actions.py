"""The one action of a turn (CYA-2.1, CYA-2.2, CYA-4.1; ruling CYA-R6): the turn player
forms a set (:mod:`.sets`), discards a card, or challenges another player's top set,
which opens a battle (:mod:`.battles`). Passing is not allowed. After a set or a discard
the turn ends (:mod:`.turns`).
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.games.cover_your_assets.battles import challenge, check_challenge
from tutor.games.cover_your_assets.deck import name_order
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet, GiveUp,
                                                 Pass)
from tutor.games.cover_your_assets.sets import check_set, form_set
from tutor.games.cover_your_assets.table import (edition_of, find, hand_text, not_in_hand,
                                                 set_asset, top_set)
from tutor.games.cover_your_assets.turns import finish_turn, to_act


def check_discard(state: State, seat: int, move: Discard) -> Rejection | None:
    """Any card of the hand may be discarded (CYA-4.1)."""
    return not_in_hand(state, seat, [move.card], "CYA-4.1")


def discard(state: State, seat: int, move: Discard) -> list[Event]:
    """The card goes face up onto the discard pile, and the turn ends."""
    (cid,) = find(state, seat, [move.card])
    state.move_card(cid, f"hand:{seat}", "discard")
    return [Event("CYA-4.1", f"{state.players[seat]} discards {move.card} face up")] + \
        finish_turn(state)


def new_set(state: State, seat: int, move: FormSet) -> list[Event]:
    """The set goes on top of the stack (sets.py), and the turn ends."""
    return form_set(state, seat, move) + finish_turn(state)


def refuse(state: State, seat: int, move) -> Rejection:
    """No battle to answer in, and no passing: one action each turn (CYA-2.1, CYA-2.2)."""
    name = state.players[seat]
    if isinstance(move, Answer):
        return Rejection("CYA-2.1", f"there is no battle for {name} to answer in: on "
                         f"this turn {name} forms a set, discards or challenges")
    if isinstance(move, GiveUp):
        return Rejection("CYA-2.2", f"there is no battle to give up, and passing is not "
                         f"allowed: {name} must form a set, challenge or discard")
    if isinstance(move, Pass):
        return Rejection("CYA-2.2", f"passing is not allowed: {name} must form a set, "
                         f"challenge or discard (hand: {hand_text(state, seat)})")
    return Rejection("CYA-2.1", f"{move!r} is not a Cover Your Assets move")


def waiting(state: State, seat: int, move) -> Rejection | None:
    """The player whose turn just ended hears the one-action limit, not only whose
    turn it is."""
    data = state.data
    if seat == data.get("previous") and isinstance(move, (FormSet, Discard, Challenge, Pass)):
        name = state.players[seat]
        return Rejection("CYA-2.1", f"{name} already took the one action of {name}'s "
                         f"turn; now it is {state.players[data['turn']]}'s turn")
    return None


def legal_moves(state: State, seat: int) -> list:
    """Every set the hand can form (with the discard pile's top card too), every
    challenge, every discard: hands are small, so all of them."""
    edition, data = edition_of(state.options), state.data
    held = sorted({edition.label[c] for c in state.zones[f"hand:{seat}"]}, key=name_order)
    wilds = [c for c in held if edition.is_wild(c)]
    assets = [c for c in held if not edition.is_wild(c)]
    counts = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
    moves = []
    for asset in assets:
        if counts[asset] >= 2:
            moves.append(FormSet((asset, asset)))
        moves += [FormSet((asset, wild)) for wild in wilds]
    pile = state.zones["discard"]
    if pile:
        top = edition.label[pile[-1]]
        if edition.is_wild(top):
            moves += [FormSet((asset,), True) for asset in assets]   # CYA-R6
        else:
            moves += [FormSet((card,), True) for card in held
                      if card == top or card in wilds]
    if data[f"sets:{seat}"]:
        for other in range(state.num_players):
            sets = data[f"sets:{other}"]
            if other == seat or len(sets) < 2:
                continue
            asset = set_asset(edition, top_set(state, other))
            moves += [Challenge(state.players[other], card) for card in held
                      if card == asset or card in wilds]
    moves += [Discard(card) for card in held]
    return moves


TURN = Phase("turn", rules=("CYA-2.1", "CYA-2.2"), to_act=to_act, legal=legal_moves,
             refuse=refuse, waiting=waiting,
             moves={FormSet: Step(check_set, new_set), Discard: Step(check_discard, discard),
                    Challenge: Step(check_challenge, challenge)})
