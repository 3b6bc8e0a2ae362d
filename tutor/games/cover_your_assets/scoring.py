"""The end of a round and of the game (CYA-7.1, CYA-7.2, CYA-8.1, CYA-8.2, CYA-8.3,
CYA-8.4, CYA-8.5; rulings CYA-R11, CYA-R12, CYA-R13, CYA-R15 and CYA-R20): the round's
scores, the game length's verdict, a new deal when the game goes on, and the outcome.
"""

from __future__ import annotations

from tutor.core.game import Event, Outcome
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.cover_your_assets.deck import money
from tutor.games.cover_your_assets.table import (HAND_SIZE, MILLION, MODE_RULE, edition_of,
                                                 stack_value)


def end_round(state: State) -> list[Event]:
    data, names, n = state.data, state.players, state.num_players
    mode = state.options["mode"]
    scores = [stack_value(state, seat) for seat in range(n)]
    best = max(scores)
    leaders = [seat for seat in range(n) if scores[seat] == best]
    data["round_scores"] = scores
    data["totals"] = [t + s for t, s in zip(data["totals"], scores)]
    data["round_winners"] = leaders
    for seat in leaders:
        data["round_wins"][seat] += 1
    number = data["round"]
    listed = ", ".join(f"{names[s]} {money(scores[s])} "
                       f"({plural(len(data[f'sets:{s}']), 'set')})" for s in range(n))
    events = [Event("CYA-7.1", f"Every hand is played out: round {number} is over"),
              Event("CYA-7.2", f"Round {number} scores: {listed}")]
    if mode == "two_wins":
        wins = ", ".join(f"{names[s]} {data['round_wins'][s]}" for s in range(n))
        events.append(Event("CYA-8.3", f"{joined(names[s] for s in leaders)} "
                            f"{'wins' if len(leaders) == 1 else 'share'} round {number}; "
                            f"rounds won: {wins}"))
        over = max(data["round_wins"]) >= 2
    elif mode in ("three_rounds", "classic"):
        totals = ", ".join(f"{names[s]} {money(data['totals'][s])}" for s in range(n))
        events.append(Event(MODE_RULE[mode], f"Totals after round {number}: {totals}"))
        over = number >= 3 if mode == "three_rounds" else max(data["totals"]) >= MILLION
    else:
        over = True
    if not over:
        return events + new_round(state)
    data.update(over=True, turn=None)
    result = outcome(state)
    rule = "CYA-R11" if len(result.winners) > 1 else MODE_RULE[mode]
    return events + [Event(rule, result.explanation)]


def new_round(state: State) -> list[Event]:
    """Gather every card in play, shuffle, deal afresh (CYA-R20); the deal passes
    to the left (CYA-R15)."""
    edition, data, zones, n = edition_of(state.options), state.data, state.zones, \
        state.num_players
    cards = edition.in_play()   # deck order, so the shuffle alone decides
    for name in list(zones):
        if name != "box":
            zones[name] = []
    for seat in range(n):
        data[f"sets:{seat}"] = []
    rng = Rng(state.rng)
    rng.shuffle(cards)
    dealer = (data["dealer"] + 1) % n
    first = (dealer + 1) % n
    for _ in range(HAND_SIZE):
        for k in range(n):
            zones[f"hand:{(first + k) % n}"].append(cards.pop())
    zones["discard"] = [cards.pop()]
    zones["draw"] = cards
    state.rng = rng.state
    data.update(round=data["round"] + 1, dealer=dealer, turn=first, last_winner=None,
                last_loser=None, previous=None, dealer_by_lot=False)
    names = state.players
    return [Event("CYA-R20", f"Round {data['round']}: all {len(edition.in_play())} "
                  f"cards are shuffled and dealt again; {names[dealer]} deals, the "
                  f"discard pile starts with {edition.label[zones['discard'][-1]]}, and "
                  f"{names[first]} begins")]


def outcome(state: State) -> Outcome | None:
    """The winners, and the scores that decide: rounds won in two_wins, otherwise
    the dollar totals (the single round's scores in a quick game)."""
    data = state.data
    if not data["over"]:
        return None
    mode, names = state.options["mode"], state.players
    if mode == "two_wins":
        scores = tuple(data["round_wins"])
        best = max(scores)
        winners = tuple(s for s in range(len(scores)) if scores[s] == best)
        if len(winners) == 1:
            text = f"{names[winners[0]]} is the first to win {best} rounds and wins"
        else:
            text = (f"{joined(names[s] for s in winners)} reach {best} rounds won "
                    f"together and share the win")
        return Outcome(winners, scores, text)
    scores = tuple(data["totals"])
    best = max(scores)
    winners = tuple(s for s in range(len(scores)) if scores[s] == best)
    what = {"quick": "the quick game", "three_rounds": "after three rounds",
            "classic": "the classic game"}[mode]
    if len(winners) == 1:
        return Outcome(winners, scores, f"{names[winners[0]]} wins {what} with "
                       f"{money(best)}")
    return Outcome(winners, scores, f"{joined(names[s] for s in winners)} tie on "
                   f"{money(best)} and share the win ({what})")
