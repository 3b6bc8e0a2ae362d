"""What follows by itself from a move (SB-6, SB-7, SB-R1): the sale of the house to the
last bidder, the sneaky auction's winner taking the payment, an unsold house, the end
of a round, the next house up for sale and the end of the game.
"""

from __future__ import annotations

from tutor.core.game import Event, Outcome
from tutor.core.state import State
from tutor.games.sneaky_bastard.deck import DECK, KIND, amount
from tutor.games.sneaky_bastard.table import (BUYER, IN, SNEAKY, describe, house_name,
                                              money, next_turn, return_table_cards, total)


def settle(state: State, mover: int) -> list[Event]:
    """What follows by itself from the move: a sale, a steal, the end of a round."""
    data, events = state.data, []
    status = data["status"]
    if not data["sold"]:
        bidders = [s for s, st in enumerate(status) if st == IN]
        if not bidders:
            events += _unsold(state)
            return events
        if len(bidders) == 1 and state.zones[f"bid:{bidders[0]}"]:
            events += _sell(state, bidders[0])
    if data["sold"]:
        sneaky = [s for s, st in enumerate(status) if st == SNEAKY]
        if len(sneaky) <= 1:
            events += _pay(state, sneaky[0] if sneaky else None)
            events += _end_round(state, data["last_buyer"])
            return events
    data["turn"] = next_turn(state, mover)
    return events


def _sell(state: State, buyer: int) -> list[Event]:
    data = state.data
    house = state.zones["offer"].pop()
    state.zones[f"houses:{buyer}"].append(house)
    price = total(state.zones[f"bid:{buyer}"])
    data["status"][buyer] = BUYER
    data["sold"] = True
    data.update(last_house=house, last_buyer=buyer, last_price=price,
                last_thief=None, last_thief_bid=0)
    return [Event("SB-6.1", f"{state.players[buyer]} is the only bidder left and buys "
                  f"{DECK[house].name} for {amount(price)}")]


def _pay(state: State, thief: int | None) -> list[Event]:
    data, zones = state.data, state.zones
    buyer = data["last_buyer"]
    payment = zones[f"bid:{buyer}"]
    zones[f"bid:{buyer}"] = []
    who = state.players[buyer]
    if thief is None:
        zones["discard"] += payment
        return [Event("SB-6.2", f"{who}'s payment ({describe(payment)}) goes to the "
                      "discard pile")]
    name = state.players[thief]
    bid_cards = [c for c in zones[f"sneaky:{thief}"] if KIND[c] != "sneaky"]
    own = total(bid_cards)
    data.update(last_thief=thief, last_thief_bid=own)
    if state.num_players == 2:
        for cid in zones[f"sneaky:{thief}"]:
            if KIND[cid] == "sneaky":
                zones["discard"].append(cid)
            else:
                zones[f"houses:{thief}" if KIND[cid] == "house" else f"hand:{thief}"].append(cid)
        kept = "discards only the Sneaky Bastard card" + (
            f", keeps the {amount(own)} of the sneaky bid ({describe(bid_cards)})"
            if bid_cards else "")
        rule = "SB-8.4"
        gain = total(payment)
    else:
        zones["discard"] += zones[f"sneaky:{thief}"]
        kept = "discards the Sneaky Bastard card" + (
            f" and the {amount(own)} of the sneaky bid ({describe(bid_cards)})"
            if bid_cards else ", the sneaky bid held no value cards")
        rule = "SB-6.3"
        gain = total(payment) - own
    zones[f"sneaky:{thief}"] = []
    for cid in payment:
        zones[f"houses:{thief}" if KIND[cid] == "house" else f"hand:{thief}"].append(cid)
    result = f"a gain of {amount(gain)} in all" if gain >= 0 else \
        f"a loss of {amount(-gain)} in all"
    return [Event(rule, f"{name} wins the sneaky auction: takes {who}'s payment of "
                  f"{amount(total(payment))} ({describe(payment)}) and {kept}: "
                  f"{result}")]


def _unsold(state: State) -> list[Event]:
    house = state.zones["offer"].pop()
    state.zones["discard"].append(house)
    events = [Event("SB-R1", f"Nobody is bidding on {DECK[house].name} any more: it "
                    "goes unsold to the discard pile and every player takes back the "
                    "cards laid out this round")]
    for seat, status in enumerate(state.data["status"]):
        if status == SNEAKY:
            events.append(Event("SB-R4", f"{state.players[seat]}'s sneaky bid has no "
                                "payment to steal: the Sneaky Bastard card goes back "
                                "to the hand with the rest"))
    return events + _end_round(state, (state.data["first"] + 1) % state.num_players,
                               sold=False)


def _end_round(state: State, next_first: int, sold: bool = True) -> list[Event]:
    data = state.data
    for seat in range(state.num_players):
        return_table_cards(state, seat)
    if not state.zones["pile"]:
        data.update(turn=None, over=True, sold=False)
        result = outcome(state)
        scores = result.scores
        tied = scores.count(max(scores)) > 1
        return [Event("SB-7.1", f"The last house is {'sold' if sold else 'gone'}: "
                      "the game is over"),
                Event("SB-7.3" if tied else "SB-7.2", result.explanation)]
    if not sold:
        return start_round(state, next_first)
    # A sale ends the round and its buyer starts the next (SB-6.4): said once, so
    # the new round's event does not name the first player again.
    buyer = state.players[next_first]
    return [Event("SB-6.4", f"The round is over: {buyer} bought the house, so {buyer} "
                  "starts the next round")] + \
        start_round(state, next_first, name_first=False)


def start_round(state: State, first: int, name_first: bool = True) -> list[Event]:
    """The next house goes up for sale, and ``first`` starts the round (SB-2.1)."""
    data, zones = state.data, state.zones
    zones["offer"].append(zones["pile"].pop())
    data.update(round=data["round"] + 1, first=first, turn=first,
                status=[IN] * state.num_players, sold=False)
    return [round_begins(state, name_first)]


def round_begins(state: State, name_first: bool = True) -> Event:
    zones, data = state.zones, state.data
    upcoming = f"; next up: {DECK[zones['pile'][-1]].name}" if zones["pile"] else \
        "; it is the last house"
    starts = f". {state.players[data['first']]} starts" if name_first else ""
    return Event("SB-2.1", f"Round {data['round']}: {house_name(state)} is for "
                 f"sale{upcoming}{starts}")


def outcome(state: State) -> Outcome | None:
    """The most valuable houses win; a tie goes to the most money left (SB-7.2, SB-7.3)."""
    if not state.data["over"]:
        return None
    n = state.num_players
    scores = tuple(total(state.zones[f"houses:{s}"]) for s in range(n))
    best = max(scores)
    tied = [s for s in range(n) if scores[s] == best]
    names = state.players
    if len(tied) == 1:
        return Outcome(tuple(tied), scores, f"{names[tied[0]]} wins with houses worth "
                       f"{amount(best)}")
    left = {s: money(state, s) for s in tied}
    most = max(left.values())
    winners = tuple(s for s in tied if left[s] == most)
    if len(winners) == 1:
        return Outcome(winners, scores, f"{', '.join(names[s] for s in tied)} tie on "
                       f"{amount(best)} in houses; {names[winners[0]]} wins the tie with "
                       f"{amount(most)} in money left")
    return Outcome(winners, scores, f"{' and '.join(names[s] for s in winners)} tie on "
                   f"{amount(best)} in houses and {amount(most)} in money: "
                   f"they share the win")
