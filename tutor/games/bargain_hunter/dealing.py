"""The round and its phases in order (BH-1.3 to BH-1.6, BH-2.3, BH-5.1, BH-6): each
round's deal (the trash shuffled under the cards set aside, then eight cards each, or
fewer when too few are left, BH-R8), the start of the phase the deal leads to (the
bargains in round 1, bargains.py; the hunt, hunt.py; spring cleaning when nobody is
dealt a card, cleaning.py), the start of spring cleaning after the last trick, and the
end of the game after the last spring cleaning.

Each phase module ends its phase by calling the start of the next one here, so the
phases never import each other."""

from __future__ import annotations

from tutor.core.game import Event, Outcome
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter.table import (BARGAIN, CLEANING, FINAL_CLEANINGS, HAND_SIZE,
                                              HUNT, OVER, points_text, rounds, score)


def deal(state: State) -> list[Event]:
    """Deal the round (BH-1.4 to BH-1.6): trash under the deck, then cards one at a
    time clockwise from the dealer's left, from the top of the deck."""
    data, zones, n = state.data, state.zones, state.num_players
    dealer = state.players[data["dealer"]]
    events = []
    if data["round"] > 1:
        events.append(Event("BH-1.3", f"Round {data['round']} of {rounds(state)}: "
                            f"the deal passes to {dealer}"))
    if zones["trash"]:
        trash = zones["trash"]
        rng = Rng(state.rng)
        rng.shuffle(trash)
        state.rng = rng.state
        events.append(Event("BH-1.5", f"{dealer} shuffles the trash "
                            f"({plural(len(trash), 'card')}) and puts it under the "
                            f"{plural(len(zones['deck']), 'card')} set aside"))
        zones["deck"] = trash + zones["deck"]
        zones["trash"] = []
    deck = zones["deck"]
    each = min(HAND_SIZE, len(deck) // n)
    first = (data["dealer"] + 1) % n
    for _ in range(each):
        for step in range(n):
            zones[f"hand:{(first + step) % n}"].append(deck.pop())
    data["dealt"] = each
    head = f"Round 1 of {rounds(state)}: " if data["round"] == 1 else ""
    if each == HAND_SIZE:
        events.append(Event("BH-1.4", f"{head}{dealer} deals {HAND_SIZE} cards to each "
                            f"player; {plural(len(deck), 'card')} "
                            f"{'is' if len(deck) == 1 else 'are'} set aside"))
    elif each:
        events.append(Event("BH-1.6", f"Only {plural(len(deck) + each * n, 'card')} "
                            f"{'is' if len(deck) + each * n == 1 else 'are'} left: "
                            f"{dealer} deals {each} to each player and "
                            f"{len(deck)} stay{'s' if len(deck) == 1 else ''} set aside "
                            "(BH-R8)"))
    else:
        events.append(Event("BH-R8", f"Only {plural(len(deck), 'card')} "
                            f"{'is' if len(deck) == 1 else 'are'} left, fewer than the "
                            "players: nobody is dealt a card and there are no tricks "
                            "this round"))
        return events + start_cleaning(state, first)
    if data["round"] == 1:
        data.update(phase=BARGAIN, turn=first)
        events.append(Event("BH-2.1", f"Before the first trick everyone chooses a "
                            f"bargain, starting with {state.players[first]}"))
        return events
    return events + start_hunt(state, tricks=each)


def start_hunt(state: State, tricks: int) -> list[Event]:
    data = state.data
    leader = (data["dealer"] + 1) % state.num_players
    data.update(phase=HUNT, tricks=tricks, trick_no=1, leader=leader, turn=leader,
                lead=None, trump=None)
    return [tricks_event(state, tricks),
            Event("BH-3.1", f"The hunt begins: {state.players[leader]}, left of the "
                  f"dealer, leads the first of {plural(tricks, 'trick')}")]


def tricks_event(state: State, tricks: int) -> Event:
    """How many tricks the round has and why (BH-2.3): one per card in hand, and
    in the first round every hand gave a card to the bargain piles."""
    head = f"Round {state.data['round']} has {plural(tricks, 'trick')}"
    if state.data["round"] == 1:
        return Event("BH-2.3", f"{head}: each hand gave one of its "
                     f"{state.data['dealt']} cards to the bargain piles")
    return Event("BH-2.3", f"{head}, one for each card dealt")


def start_cleaning(state: State, first: int) -> list[Event]:
    data = state.data
    final = data["round"] == rounds(state)
    data.update(phase=CLEANING, turn=first, cleaned=0,
                cleanings_left=FINAL_CLEANINGS if final else 1,
                cleared=[[] for _ in range(state.num_players)])
    each = "up to two items each, as it is the last round (BH-6.1)" if final else \
        "one item each"
    return [Event("BH-5.1", f"Spring cleaning, {each}: {state.players[first]} starts")]


def end_game(state: State) -> list[Event]:
    state.data.update(phase=OVER, turn=None, cleanings_left=0)
    result = outcome(state)
    tied = result.scores.count(max(result.scores)) > 1
    return [Event("BH-6.1", f"Round {state.data['round']} was the last: the game is "
                  "over"),
            Event("BH-6.3" if tied else "BH-6.2", result.explanation)]


def outcome(state: State) -> Outcome | None:
    if state.data["phase"] != OVER:
        return None
    n, names = state.num_players, state.players
    scores = tuple(score(state, s) for s in range(n))
    junk = [len(state.zones[f"junk:{s}"]) for s in range(n)]
    best = max(scores)
    tied = [s for s in range(n) if scores[s] == best]
    if len(tied) == 1:
        s = tied[0]
        return Outcome((s,), scores, f"{names[s]} wins with {points_text(best)} "
                       f"({len(state.zones[f'bargain:{s}'])} bargain cards, "
                       f"{junk[s]} junk)")
    fewest = min(junk[s] for s in tied)
    winners = tuple(s for s in tied if junk[s] == fewest)
    if len(winners) == 1:
        return Outcome(winners, scores, f"{joined(names[s] for s in tied)} tie on "
                       f"{points_text(best)}; {names[winners[0]]} wins the tie with the "
                       f"smallest junk pile ({plural(fewest, 'card')})")
    return Outcome(winners, scores, f"{joined(names[s] for s in winners)} tie on "
                   f"{points_text(best)} and {plural(fewest, 'junk card')}: they share the "
                   "win")
