"""Answering a pointing (SN-3.5; ruling SN-R6): the player whose card was pointed at
decides who plays it, themselves or the pointer. The card is then carried out
(:mod:`.effects`) for whoever plays it, seen or unseen as it faced that player.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.state import State
from tutor.games.sneaky_snakes.deck import DECK
from tutor.games.sneaky_snakes.effects import start_effect
from tutor.games.sneaky_snakes.moves import Answer
from tutor.games.sneaky_snakes.table import hand_of, to_act, to_discard


def answer(state: State, seat: int, move: Answer) -> list[Event]:
    """The card pointed at goes face up onto the discard pile and is carried out by
    the one who plays it."""
    data, names, name = state.data, state.players, state.players[seat]
    pointer, position = data["pointer"], data["pointed_at"]
    card = hand_of(state, seat)[position - 1]
    player = seat if move.mine else pointer
    seen = (card in state.seen_by) == (player == seat)   # SN-R6
    to_discard(state, seat, card)
    data.update(pointer=None, pointed=None, pointed_at=None)
    who = name if move.mine else f"{names[pointer]}"
    how = "" if seen else f" ({names[player]} could not see it)"
    events = [Event("SN-3.5", f"{name} answers: {who} plays the card, "
                    f"{DECK.label[card]}, face up{how}")]
    return events + start_effect(state, player, card, seen)


def refuse(state: State, seat: int, move) -> Rejection:
    """Pointed at, the player answers and does nothing else (SN-3.5)."""
    return Rejection("SN-3.5", f"{state.players[seat]} was pointed at and must answer: "
                     f"'answer play' to play the card, or 'answer yours' to let "
                     f"{state.players[state.data['pointer']]} play it")


def answers(state: State, seat: int) -> list:
    return [Answer(True), Answer(False)]


ANSWER = Phase("answer", rules=("SN-3.5",), to_act=to_act, legal=answers, refuse=refuse,
               moves={Answer: Step(allowed, answer)})
