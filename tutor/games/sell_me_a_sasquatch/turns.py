"""The end of a Sell Me a Sasquatch turn, the start of the next, and the end of the game.

Implements drawing back to five (SQ-8.1, SQ-9.6, ruling SQ-R16), reshuffling the
discard pile into a new draw pile (SQ-8.2), passing the turn to the holder of the Buyer
Squatch (SQ-8.3; with two players, turn about: SQ-9.1), winning at the end of a turn
(SQ-8.4, SQ-8.5, SQ-9.6) and the end when nobody can offer a deal (ruling SQ-R10).
"""

from __future__ import annotations

from tutor.core.game import Event, Outcome
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.sell_me_a_sasquatch.table import (HAND_SIZE, names_or_nobody,
                                                  target_tokens, who_builds)


def end_turn(state: State) -> list[Event]:
    """Everyone draws up, then the turn's winner if there is one, else the next turn."""
    data, names, n = state.data, state.players, state.num_players
    events = []
    for k in range(n):
        events += draw_up(state, (data["turn"] + k) % n)
    data["turns"] += 1
    tokens = data["tokens"]
    need = target_tokens(n)
    best = max(tokens)
    leaders = [s for s in range(n) if tokens[s] == best]
    if best >= need and len(leaders) == 1:
        data.update(phase="over", winners=leaders)
        return events + [Event("SQ-8.4" if n > 2 else "SQ-9.6", outcome(state).explanation)]
    if best >= need:
        events.append(Event("SQ-8.5", f"{names_or_nobody(names[s] for s in leaders)} have "
                            f"{best} point tokens each: nobody has more than everyone "
                            f"else, so play goes on"))
    return events + start_turn(state)


def draw_up(state: State, seat: int) -> list[Event]:
    """Draw back to five, told in order: a reshuffle in the middle of the draw comes
    between the cards drawn before it and those drawn after."""
    hand, events, drawn = state.zones[f"hand:{seat}"], [], 0
    name, pile, need = state.players[seat], state.zones["draw"], HAND_SIZE - len(hand)
    if need <= 0:
        return []
    if need <= len(pile):   # the usual case, as the loop below would tell it
        hand.extend(pile[:-need - 1:-1])
        del pile[-need:]
        return [Event("SQ-8.1", f"{name} draws {plural(need, 'card')} and holds {len(hand)}")]

    def told(more: bool) -> None:
        if drawn:
            events.append(Event("SQ-8.1", f"{name} draws "
                                f"{plural(drawn, 'more card' if more else 'card')}"))
    reshuffled = False
    while len(hand) < HAND_SIZE:
        if not state.zones["draw"]:
            if not state.zones["discard"]:
                break   # SQ-R10
            told(reshuffled)
            drawn = 0
            events += reshuffle(state)
            reshuffled = True
        hand.append(state.zones["draw"].pop())
        drawn += 1
    told(reshuffled)
    if events and events[-1].rule == "SQ-8.1":
        last = events[-1]
        events[-1] = Event(last.rule, f"{last.text} and holds {len(hand)}")
    return events


def reshuffle(state: State) -> list[Event]:
    rng = Rng(state.rng)
    pile = state.zones["discard"]
    rng.shuffle(pile)
    state.zones["draw"], state.zones["discard"] = pile, []
    state.rng = rng.state
    return [Event("SQ-8.2", f"The draw pile is empty: the {len(pile)} cards of the "
                  f"discard pile are shuffled into a new draw pile")]


def start_turn(state: State) -> list[Event]:
    """The buyer's turn begins: the others build deals (with two players, the player to
    move lays out the split); if nobody can, the game ends (SQ-R10)."""
    data, n = state.data, state.num_players
    buyer = data["turn"]
    data.update(built=[], done=[], steals=[], no_flip=False)
    if n == 2:
        data.update(chooser=1 - buyer, offered=[0, 1], phase="split")
        if state.zones[f"hand:{buyer}"]:
            return [turn_begins(state)]
    else:
        offered = [(buyer + k) % n for k in range(1, n)]
        offered = sorted(s for s in offered if state.zones[f"hand:{s}"])
        data.update(chooser=buyer, offered=offered, phase="deals")
        if offered:
            return [turn_begins(state)]
    data.update(phase="over", offered=[])
    tokens = data["tokens"]
    data["winners"] = [s for s in range(n) if tokens[s] == max(tokens)]
    return [Event("SQ-R10", "Nobody can offer a deal: " + outcome(state).explanation)]


def turn_begins(state: State) -> Event:
    """What a turn that has begun is waiting for: who lays out or builds the deals."""
    data, names = state.data, state.players
    buyer = data["turn"]
    if state.num_players == 2:
        return Event("SQ-9.1", f"{names[buyer]}'s turn: {names[buyer]} lays out the deal "
                     f"and {names[1 - buyer]} decides")
    return Event("SQ-8.3", f"{names[buyer]} is the buyer; "
                 f"{who_builds(names[s] for s in data['offered'])}")


def outcome(state: State) -> Outcome | None:
    data = state.data
    if data["phase"] != "over":
        return None
    names, tokens = state.players, tuple(data["tokens"])
    winners = tuple(data["winners"])
    if len(winners) == 1:
        text = (f"{names[winners[0]]} wins with "
                f"{plural(tokens[winners[0]], 'point token')}")
    else:
        text = (f"{names_or_nobody(names[s] for s in winners)} share the win with "
                f"{plural(tokens[winners[0]], 'point token')} each")
    return Outcome(winners, tokens, text)
