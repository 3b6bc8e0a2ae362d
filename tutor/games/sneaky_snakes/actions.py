"""The action of a turn (SN-3.2 to SN-3.7, SN-4.4; rulings SN-R9, SN-R10, SN-R11,
SN-R16): after drawing, the player plays a card of their own hand, points at a card of
another player's (who then answers, :mod:`.pointing`), discards two cards and draws one
facing them, or skips when they see no face in the other hands. Peeking at a card that
faces away is the penalty move of SN-4.4. A played card is carried out by
:mod:`.effects`; the turn ends in :mod:`.ending`.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes import moves as notation
from tutor.games.sneaky_snakes.deck import DECK
from tutor.games.sneaky_snakes.effects import start_effect
from tutor.games.sneaky_snakes.ending import finish_turn
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)
from tutor.games.sneaky_snakes.table import (give_card, hand_card, hand_of, other_seat,
                                             pile_left, seat_named, sees_other_faces,
                                             to_act, to_discard)

# -- checks ----------------------------------------------------------------------------


def check_play(state: State, seat: int, move: Play | Peek) -> Rejection | None:
    """A card of the seat's own hand (SN-3.3); a peek only at one facing away (SN-R9)."""
    name = state.players[seat]
    card, rejection = hand_card(state, seat, move.position,
                                "SN-3.3" if isinstance(move, Play) else "SN-4.4")
    if rejection:
        return rejection
    if isinstance(move, Peek) and card in state.seen_by:
        return Rejection("SN-R9", f"{name}'s card {move.position} already faces "
                         f"{name}: there is nothing to peek at")
    return None


def check_point(state: State, seat: int, move: Point) -> Rejection | None:
    """A card of another active player's hand (SN-3.4, SN-R16)."""
    target, rejection = other_seat(state, seat, move.target, "SN-3.4", "point at")
    if rejection:
        return rejection
    if not hand_of(state, target):
        return Rejection("SN-R16", f"{state.players[target]} holds no cards to "
                         f"point at")
    return hand_card(state, target, move.position, "SN-3.4")[1]


def check_discard_two(state: State, seat: int, move: DiscardTwo) -> Rejection | None:
    """Two cards of the seat's own hand (SN-3.6, SN-R11)."""
    name, hand = state.players[seat], hand_of(state, seat)
    if len(hand) < 2:
        return Rejection("SN-R11", f"{name} holds {plural(len(hand), 'card')}; "
                         f"discarding two needs two")
    for position in move.positions:
        rejection = hand_card(state, seat, position, "SN-3.6")[1]
        if rejection:
            return rejection
    return None


def check_skip(state: State, seat: int, move: Skip) -> Rejection | None:
    """Only a player who sees no face in the other hands skips (SN-3.7, SN-R10)."""
    if sees_other_faces(state, seat):
        name = state.players[seat]
        shown = [state.players[o] for o in state.data["active"] if o != seat
                 and any(c not in state.seen_by for c in hand_of(state, o))]
        return Rejection("SN-3.7", f"{name} may not skip: {name} sees the face of "
                         f"cards held by {joined(shown)} (SN-R10)")
    return None


def refuse(state: State, seat: int, move) -> Rejection:
    """Moves of the other phases: nothing to answer, no tie, no card being carried out."""
    name = state.players[seat]
    if isinstance(move, Answer):
        return Rejection("SN-3.5", f"nobody has pointed at a card of {name}'s: on this "
                         f"turn {name} plays, points, discards two or skips")
    if isinstance(move, Vote):
        return Rejection("SN-6.3", "the game is not over, so there is no tie to settle")
    if isinstance(move, (Steal, Give, Swap, SwapHands, TurnCard)):
        return Rejection("SN-R18", f"no card is being carried out: "
                         f"'{notation.format_move(move)}' is a choice a played card "
                         f"asks for; on this turn {name} plays, points, discards two "
                         "or skips")
    return Rejection("SN-3.2", f"{move!r} is not a Sneaky Snakes move")


def waiting(state: State, seat: int, move) -> Rejection | None:
    """The player whose turn just ended hears the one-action limit, not only whose
    turn it is."""
    data = state.data
    if seat == data.get("previous") and \
            isinstance(move, (Play, Point, DiscardTwo, Skip, Peek)):
        name = state.players[seat]
        return Rejection("SN-3.2", f"{name} already took the one action of {name}'s "
                         f"turn; now it is {state.players[data['turn']]}'s turn")
    return None


# -- effects ---------------------------------------------------------------------------


def play(state: State, seat: int, move: Play) -> list[Event]:
    """The card goes face up onto the discard pile and is carried out (SN-3.3)."""
    name = state.players[seat]
    card = hand_of(state, seat)[move.position - 1]
    seen = card in state.seen_by
    to_discard(state, seat, card)
    how = "" if seen else f" ({name} could not see it)"
    events = [Event("SN-3.3", f"{name} plays card {move.position}, "
                    f"{DECK.label[card]}, face up{how}")]
    return events + start_effect(state, seat, card, seen)


def point(state: State, seat: int, move: Point) -> list[Event]:
    """The player pointed at answers next (SN-3.4, :mod:`.pointing`)."""
    names = state.players
    target = seat_named(state, move.target)
    card = hand_of(state, target)[move.position - 1]
    state.data.update(phase="answer", pointer=seat, pointed=target,
                      pointed_at=move.position)
    way = (f"which faces {names[target]}" if card in state.seen_by
           else f"which faces away from {names[target]}")
    return [Event("SN-3.4", f"{names[seat]} points at {names[target]}'s card "
                  f"{move.position}, {way}; {names[target]} decides who plays it")]


def discard_two(state: State, seat: int, move: DiscardTwo) -> list[Event]:
    """Two cards to the discard pile, one drawn facing the player (SN-3.6)."""
    name, hand = state.players[seat], hand_of(state, seat)
    cards = [hand[p - 1] for p in move.positions]
    for card in cards:
        to_discard(state, seat, card)
    events = [Event("SN-3.6", f"{name} discards cards {move.positions[0]} and "
                    f"{move.positions[1]}")]
    if state.zones["draw"]:
        give_card(state, state.zones["draw"].pop(), seat, True)
        events.append(Event("SN-3.6", f"{name} draws a card that faces {name}; "
                            f"{pile_left(state)}"))
    return events + finish_turn(state)


def skip(state: State, seat: int, move: Skip) -> list[Event]:
    return [Event("SN-3.7", f"{state.players[seat]} sees no face in the other players' "
                  f"hands and skips the action")] + finish_turn(state)


def peek(state: State, seat: int, move: Peek) -> list[Event]:
    """The card peeked at goes into the middle of the draw pile (SN-4.4)."""
    name = state.players[seat]
    card = hand_of(state, seat).pop(move.position - 1)
    pile = state.zones["draw"]
    pile.insert(len(pile) // 2, card)
    # The rule broken (SN-4.1), then its penalty (SN-4.4).
    return [Event("SN-4.1", f"{name} may not see the face of a card that faces "
                  f"away, unless a card's effect allows it"),
            Event("SN-4.4", f"{name} peeks at card {move.position}, which faces "
                  f"away from {name}: as the penalty it goes back into the middle "
                  f"of the draw pile ({plural(len(pile), 'card')}), and {name} "
                  f"still takes an action")]


def legal_moves(state: State, seat: int) -> list:
    """Every play, pointing, skip and peek; a representative few of the pairs to
    discard (every subset would swamp the list)."""
    data, names = state.data, state.players
    others = [o for o in data["active"] if o != seat]
    hand = hand_of(state, seat)
    moves: list = [Play(p) for p in range(1, len(hand) + 1)]
    moves += [Point(names[o], p) for o in others
              for p in range(1, len(hand_of(state, o)) + 1)]
    moves += [DiscardTwo((p, p + 1)) for p in range(1, len(hand))]
    if not sees_other_faces(state, seat):
        moves.append(Skip())
    moves += [Peek(p) for p, c in enumerate(hand, 1) if c not in state.seen_by]
    return moves


ACTION = Phase("action", rules=("SN-3.2",), to_act=to_act, legal=legal_moves,
               refuse=refuse, waiting=waiting,
               moves={Play: Step(check_play, play), Point: Step(check_point, point),
                      DiscardTwo: Step(check_discard_two, discard_two),
                      Skip: Step(check_skip, skip), Peek: Step(check_play, peek)})
