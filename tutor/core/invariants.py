"""Checks that hold after every move of every game; random play runs them all.

Each function returns a list of problems as sentences (empty when all is well), so a
failing run can print exactly what broke.
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Game
from tutor.core.state import State
from tutor.core.views import hidden_card_ids, view


def card_conservation(game: Game, state: State) -> list[str]:
    """Every card of the deck is in exactly one zone, once."""
    seen = Counter(cid for cards in state.zones.values() for cid in cards)
    deck = set(game.deck(state.options).ids())
    problems = [f"card {cid} is in {n} places" for cid, n in seen.items() if n > 1]
    problems += [f"card {cid} is in no zone" for cid in sorted(deck - set(seen))]
    problems += [f"unknown card {cid} is in a zone" for cid in sorted(set(seen) - deck)]
    return problems


def serialization_round_trip(game: Game, state: State) -> list[str]:
    again = State.loads(state.dumps())
    return [] if again == state else ["the state changes when written to JSON and read back"]


def clone_equality(game: Game, state: State) -> list[str]:
    twin = state.clone()
    if twin != state:
        return ["a clone differs from its original"]
    for cards in twin.zones.values():
        cards.append("x")  # a clone shares no list with its original
        break
    return [] if twin != state else ["a clone shares its zones with the original"]


def acting_seats(game: Game, state: State) -> list[str]:
    """Exactly the seats that may act have legal moves, and every offered move is legal."""
    problems = []
    acting = set(game.to_act(state))
    for seat in range(state.num_players):
        moves = game.legal_moves(state, seat)
        if seat in acting and not moves:
            problems.append(f"seat {seat} may act but has no legal move")
        if seat not in acting and moves:
            problems.append(f"seat {seat} may not act but is offered {len(moves)} moves")
        for move in moves:
            rejection = game.check(state, seat, move)
            if rejection:
                problems.append(f"offered move {game.format_move(state, seat, move)!r} "
                                f"is rejected: {rejection}")
            text = game.format_move(state, seat, move)
            if game.parse_move(state, seat, text) != move:
                problems.append(f"notation does not round trip: {text!r}")
    return problems


def views_keep_secrets(game: Game, state: State) -> list[str]:
    """A seat's view never contains the id or label of a card hidden from it."""
    problems = []
    for seat in range(state.num_players):
        seen = view(game, state, seat)
        shown = {card["id"] for cards in seen["zones"].values() for card in cards
                 if "id" in card}
        for cid in sorted(shown & hidden_card_ids(game, state, seat)):
            problems.append(f"seat {seat}'s view shows hidden card {cid}")
        hidden = [card for cards in seen["zones"].values() for card in cards
                  if "id" not in card]
        if any(card != {"hidden": True} for card in hidden):
            problems.append(f"seat {seat}'s view describes a card it cannot see")
    return problems


ALL_CHECKS = (card_conservation, serialization_round_trip, clone_equality, acting_seats,
              views_keep_secrets)


def check_all(game: Game, state: State) -> list[str]:
    return [p for check in ALL_CHECKS for p in check(game, state)]
