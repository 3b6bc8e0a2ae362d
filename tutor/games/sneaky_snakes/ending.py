"""The end of a turn (the next player draws a card, SN-3.8, SN-3.9) and of the game
(SN-6.1 to SN-6.4; rulings SN-R3, SN-R4, SN-R12, SN-R13): Snake Jones, the count when
the draw pile runs out, the tied players' vote and the snake battle."""

from __future__ import annotations

from tutor.core.game import Event, Outcome, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes.moves import Vote
from tutor.games.sneaky_snakes.table import (BATTLE_CARDS, give_card, hand_of, pile_left,
                                             snake_jones_holder, to_act, to_discard)


def finish_turn(state: State) -> list[Event]:
    """After an action: check the end (SN-6.1), else the next active player's turn
    begins with its draw (SN-3.8, SN-3.1)."""
    data = state.data
    data["phase"] = "action"
    holder = snake_jones_holder(state)
    if holder is not None:
        return snake_jones_win(state, holder)
    if not state.zones["draw"]:
        return [Event("SN-R4", "The last card of the draw pile has been drawn")] + \
            count(state)
    active = data["active"]
    turn = data["previous"] = data["turn"]
    later = [s for s in active if s > turn]
    data["turn"] = later[0] if later else active[0]
    return draw_for_turn(state)


def draw_for_turn(state: State) -> list[Event]:
    data, names = state.data, state.players
    seat = data["turn"]
    name = names[seat]
    events = [Event("SN-3.8", f"{name}'s turn")]
    if not hand_of(state, seat):
        events.append(Event("SN-3.9", f"{name} holds no cards and draws as usual"))
    give_card(state, state.zones["draw"].pop(), seat, False)
    events.append(Event("SN-3.1", f"{name} draws a card and holds it facing away; "
                        f"{pile_left(state)}"))
    if not state.zones["draw"]:
        events.append(Event("SN-R3", f"{name} drew the last card: the game ends before "
                            f"{name} acts"))
        events += count(state)
    return events


def snake_jones_win(state: State, seat: int) -> list[Event]:
    data = state.data
    data.update(phase="over", turn=None, winners=[seat], end="snake_jones",
                resolver=None, effect=None, left=0, pointer=None, pointed=None,
                pointed_at=None)
    name = state.players[seat]
    return [Event("SN-2.1", f"{name} holds every Snake Jones card, each facing {name}: "
                  f"that is one of the two ways to win"),
            Event("SN-6.1", f"The game ends at once, and {name} wins")]


def count(state: State) -> list[Event]:
    """The draw pile is empty: the most cards win, or the tie is settled (SN-6.2)."""
    data, names = state.data, state.players
    active = data["active"]
    sizes = {s: len(hand_of(state, s)) for s in active}
    best = max(sizes.values())
    leaders = [s for s in active if sizes[s] == best]
    counted = ", ".join(f"{names[s]} {sizes[s]}" for s in active)
    events = [Event("SN-6.2", f"Cards in hand: {counted}")]
    data.update(phase="over", turn=None, end="draw pile")
    if len(leaders) == 1:
        data["winners"] = leaders
        return events + [Event("SN-6.2", f"{names[leaders[0]]} has the most cards, "
                               f"{best}, and wins")]
    choice = state.options["snake_battle"]
    together = joined(names[s] for s in leaders)
    if data["battles"] or choice == "never":
        data["winners"] = leaders
        why = "after a snake battle a tie is shared (SN-R12)" if data["battles"] else \
            "the option snake_battle is never"
        return events + [Event("SN-6.3", f"{together} tie with {best} cards and share "
                               f"the win: {why}")]
    if choice == "always":
        return events + battle(state, leaders)
    data.update(phase="tie", tied=leaders, for_battle=[])
    return events + [Event("SN-6.3", f"{together} tie with {best} cards: each says "
                           f"'battle' for a snake battle or 'share' (SN-R12)")]


def vote(state: State, seat: int, move: Vote) -> list[Event]:
    data, names = state.data, state.players
    name = names[seat]
    if not move.battle:
        data.update(winners=list(data["tied"]), tied=[], for_battle=[], phase="over")
        together = joined(names[s] for s in data["winners"])
        return [Event("SN-R12", f"{name} would rather share: {together} share the win")]
    data["for_battle"].append(seat)
    events = [Event("SN-R12", f"{name} asks for a snake battle")]
    if set(data["for_battle"]) == set(data["tied"]):
        tied = list(data["tied"])
        data.update(tied=[], for_battle=[])
        return events + battle(state, tied)
    return events


def battle(state: State, tied: list[int]) -> list[Event]:
    """Set up a snake battle among ``tied`` (SN-6.4, SN-R13)."""
    data, names, zones = state.data, state.players, state.zones
    for seat in tied:
        for card in list(hand_of(state, seat)):
            to_discard(state, seat, card)
    rng = Rng(state.rng)
    pile = zones["discard"]
    wanted = min(BATTLE_CARDS * len(tied), len(pile))
    taken = [pile.pop(rng.below(len(pile))) for _ in range(wanted)]
    zones["draw"] = taken
    first = tied[rng.below(len(tied))]
    state.rng = rng.state
    data.update(phase="action", active=sorted(tied), battles=data["battles"] + 1,
                winners=[], end=None, turn=first, previous=None)
    together = joined(names[s] for s in tied)
    events = [Event("SN-6.4", f"Snake battle: {together} discard their hands; "
                    f"{plural(wanted, 'random card')} from the discard pile form a new "
                    f"draw pile"),
              Event("SN-R13", f"{names[first]} is the tallest (drawn by lot) and "
                    f"starts; the other players sit out")]
    order = [s for s in data["active"] if s >= first] + \
        [s for s in data["active"] if s < first]
    for seat in order:
        if zones["draw"]:
            give_card(state, zones["draw"].pop(), seat, False)
            events.append(Event("SN-6.4", f"{names[seat]} draws a card facing away"))
    if not zones["draw"]:
        return events + count(state)
    return events + draw_for_turn(state)


def outcome(state: State) -> Outcome | None:
    data = state.data
    if data["phase"] != "over":
        return None
    names = state.players
    scores = tuple(len(hand_of(state, s)) for s in range(state.num_players))
    winners = tuple(data["winners"])
    if data["end"] == "snake_jones":
        text = (f"{names[winners[0]]} wins with every Snake Jones card, each facing "
                f"{names[winners[0]]}")
    elif len(winners) == 1:
        text = (f"{names[winners[0]]} wins with the most cards, "
                f"{scores[winners[0]]}")
    else:
        text = (f"{joined(names[s] for s in winners)} share the win with "
                f"{scores[winners[0]]} cards each")
    return Outcome(winners, scores, text)


def refuse(state: State, seat: int, move) -> Rejection:
    """While the tied players decide, only their votes count (SN-6.3)."""
    return Rejection("SN-6.3", f"{state.players[seat]} is tied for the most cards: say "
                     f"'battle' for a snake battle or 'share' to share the win")


def vote_moves(state: State, seat: int) -> list:
    return [Vote(True), Vote(False)]


TIE = Phase("tie", rules=("SN-6.3", "SN-R12"), to_act=to_act, legal=vote_moves,
            refuse=refuse, moves={Vote: Step(allowed, vote)})
