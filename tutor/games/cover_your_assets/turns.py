"""The turn (CYA-2.3, CYA-6.1, CYA-6.2, CYA-6.3; rulings CYA-R5, CYA-R9, CYA-R10): whose
turn it is and who answers in a battle (CYA-5.4), and the end of a turn: drawing back
up to five, then the next turn or the end of the round (CYA-7.1, :mod:`.scoring`). The
action of a turn is the phase of :mod:`.actions`, a battle that of :mod:`.battles`.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.cover_your_assets.scoring import end_round
from tutor.games.cover_your_assets.table import HAND_SIZE

TURN_RULE = "CYA-2.3"   # cited when a seat acts out of turn


def to_act(state: State) -> tuple[int, ...]:
    """The turn player, or in a battle the player to answer; nobody at the end."""
    data = state.data
    if data["over"]:
        return ()
    if data["answering"] is not None:
        return (data["answering"],)
    return (data["turn"],)


def out_of_turn_in_battle(state: State, seat: int) -> Rejection | None:
    """In a battle, a seat acting out of turn hears whose answer is awaited."""
    data = state.data
    if data["answering"] is None or not 0 <= seat < state.num_players:
        return None
    names = state.players
    answering, challenger = data["answering"], data["challenger"]
    other = data["defender"] if answering == challenger else challenger
    what = "challenge" if answering != challenger else "defence"
    return Rejection(TURN_RULE, f"it is {names[answering]}'s turn to answer "
                     f"{names[other]}'s {what}, not {names[seat]}'s")


def finish_turn(state: State, defended: int | None = None) -> list[Event]:
    """Drawing after the turn (the turn player, then ``defended``: a defender who
    played cards), then the next turn or the end of the round."""
    data = state.data
    turn = data["turn"]
    data["previous"] = turn
    events = draw_up(state, turn, "CYA-6.1")
    if defended is not None:
        events += draw_up(state, defended, "CYA-6.2")
    n = state.num_players
    if not any(state.zones[f"hand:{seat}"] for seat in range(n)):
        return events + end_round(state)
    for step in range(1, n + 1):
        seat = (turn + step) % n
        if state.zones[f"hand:{seat}"]:
            data["turn"] = seat
            break
        events.append(Event("CYA-R5", f"{state.players[seat]} has no cards left and "
                            "is skipped"))
    return events + [next_turn_event(state, turn, data["turn"])]


def next_turn_event(state: State, ended: int, turn: int) -> Event:
    """The turn passes to the left (CYA-6.3); past players with no cards (CYA-R5)
    the event says whom it reaches."""
    names = state.players
    left = names[(ended + 1) % state.num_players]
    if turn == ended:
        where = f"{names[turn]} plays again, as nobody else has cards"
    elif names[turn] == left:
        where = f"{names[turn]}, on {names[ended]}'s left, plays next"
    else:
        where = f"{names[turn]}, the next player on the left with cards, plays next"
    return Event("CYA-6.3", f"{names[ended]}'s turn is over: {where}")


def draw_up(state: State, seat: int, rule: str) -> list[Event]:
    hand, pile = state.zones[f"hand:{seat}"], state.zones["draw"]
    count = min(HAND_SIZE - len(hand), len(pile))
    if count <= 0:
        return []
    for _ in range(count):
        hand.append(pile.pop())
    who = state.players[seat] + (", who defended," if rule == "CYA-6.2" else "")
    events = [Event(rule, f"{who} draws {plural(count, 'card')} and holds {len(hand)}; "
                    f"{len(pile)} left in the draw pile")]
    if not pile:
        events.append(Event("CYA-7.1", "The draw pile is empty: from now on nobody "
                            "draws, and play goes on until every hand is played out"))
    return events
