"""Each round's deal (BH-1.3 to BH-1.6, BH-R8: the trash shuffled under the cards set
aside, then eight cards each, or fewer when too few are left) and the bargains every
player lays before the first trick of the game (BH-2.1)."""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.bargain_hunter.deck import CARD_HELP, IDS_OF_LABEL, NUMBER, OFFER_LABEL
from tutor.games.bargain_hunter.moves import ChooseBargain
from tutor.games.bargain_hunter.table import BARGAIN, HAND_SIZE, Table

# Every bargain move there can be, made once (legal_moves hands these out).
BARGAINS = {label: ChooseBargain(label) for label in IDS_OF_LABEL}


class Dealing(Table):
    """Dealing a round, and choosing the bargains."""

    def _deal(self, state: State) -> list[Event]:
        """Deal the round (BH-1.4 to BH-1.6): trash under the deck, then cards one at a
        time clockwise from the dealer's left, from the top of the deck."""
        data, zones, n = state.data, state.zones, state.num_players
        dealer = state.players[data["dealer"]]
        events = []
        if data["round"] > 1:
            events.append(Event("BH-1.3", f"Round {data['round']} of {self.rounds(state)}: "
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
        head = f"Round 1 of {self.rounds(state)}: " if data["round"] == 1 else ""
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
            return events + self._start_cleaning(state, first)
        if data["round"] == 1:
            data.update(phase=BARGAIN, turn=first)
            events.append(Event("BH-2.1", f"Before the first trick everyone chooses a "
                                f"bargain, starting with {state.players[first]}"))
            return events
        return events + self._start_hunt(state, tricks=each)

    def _check_bargain(self, state: State, seat: int, move: ChooseBargain) -> Rejection | None:
        name = state.players[seat]
        if move.card not in IDS_OF_LABEL:
            return Rejection("BH-1.1", f"there is no card called {move.card!r} ({CARD_HELP})")
        if move.card == OFFER_LABEL:
            return Rejection("BH-2.1", f"an {OFFER_LABEL} is not an item, so it cannot be a "
                             f"bargain: {name} lays a numbered card")
        hand = self._hand_labels(state, seat)
        if move.card not in hand:
            return Rejection("BH-2.1", f"{name} holds no {move.card} "
                             f"(hand: {', '.join(hand)})")
        return None

    def _choose_bargain(self, state: State, seat: int, move: ChooseBargain) -> list[Event]:
        data, n, name = state.data, state.num_players, state.players[seat]
        cid = self._take_from_hand(state, seat, move.card)
        state.zones[f"bargain:{seat}"].append(cid)
        events = [Event("BH-2.1", f"{name} chooses {NUMBER[cid]} as bargain: {move.card} "
                        f"starts {name}'s bargain pile")]
        following = (seat + 1) % n
        if state.zones[f"bargain:{following}"]:
            events += self._start_hunt(state, tricks=data["dealt"] - 1)
        else:
            data["turn"] = following
        return events
