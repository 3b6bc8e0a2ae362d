"""Sneaky Bastard's rules engine. Clause ids (SB-...) refer to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``pile``      the face-down house pile; its top card is face up (SB-2.1)
``offer``     the house for sale this round
``discard``   paid money, played Sneaky Bastard cards, unsold houses
``box``       cards not in this game (more money, unused characters)
``hand:S``    seat S's money and Sneaky Bastard cards (private)
``houses:S``  houses seat S owns, face up (SB-R6)
``bid:S``     seat S's bid on the house
``sneaky:S``  seat S's Sneaky Bastard card and the value cards of its sneaky bid

``data`` keys: ``round``, ``first`` (first player of the round), ``turn``,
``status`` (per seat: ``in`` bidding on the house or not yet bid, ``sneaky``, ``out``
after passing, ``buyer``), ``sold``, ``over``, and ``last_*`` describing the latest sale.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path

from tutor.core.game import Event, Game, Outcome, Rejection, SetupError
from tutor.core.position import Position
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.sneaky_bastard import moves as notation
from tutor.games.sneaky_bastard.deck import (DECK, HOUSE_PRICES, KIND, LABEL,
                                             SNEAKY_PER_CHARACTER, STARTING_MONEY, VALUE,
                                             amount, label_order, read_label,
                                             sneaky_cards_per_player)
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait

IN, SNEAKY, OUT, BUYER = "in", "sneaky", "out", "buyer"

_VISIBILITY = {"pile": Visibility.TOP_PUBLIC, "offer": Visibility.PUBLIC,
               "discard": Visibility.PUBLIC, "box": Visibility.HIDDEN,
               "hand": Visibility.OWNER, "houses": Visibility.PUBLIC,
               "bid": Visibility.PUBLIC, "sneaky": Visibility.PUBLIC}


def total(cards) -> int:
    return sum(VALUE[c] for c in cards)


def describe(cards) -> str:
    """'Opknappertje, 100K' for a list of card ids, most valuable first."""
    labels = sorted((LABEL[c] for c in cards if KIND[c] != "sneaky"), key=label_order)
    return ", ".join(labels) if labels else "no cards"


class SneakyBastard(Game):
    id = "sneaky_bastard"
    title = "Sneaky Bastard"
    player_counts = range(2, 7)
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SB-2.2"
    end_rule = "SB-7.1"
    # Zone kinds whose contents every seat can work out (tutor.core.views.secret_words):
    # money and Sneaky Bastard cards are dealt alike by the player count and only ever
    # change hands face up, so only the order of a hand is secret, and the box holds the
    # rest of the deck.
    contents_known = ("hand", "box")

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK

    def new_state(self, players, seed=0, options=None, setup=None) -> State:
        """A new game, or the position that ``setup`` describes.

        ``setup`` keys (all optional): ``first`` (the name of the player who starts),
        ``pile`` (house labels on top of the house pile, top first; the others are
        shuffled below), and for a mid-game position ``round``, ``for_sale``,
        ``hands`` (name -> money labels), ``houses`` (name -> house labels),
        ``sneaky_cards`` (name -> how many are still in hand) and ``discard``.
        """
        players = tuple(players)
        self.check_player_count(players)
        options = self.check_option_names(options)
        setup = dict(setup or {})
        unknown = set(setup) - {"first", "pile", "round", "for_sale", "hands", "houses",
                                "sneaky_cards", "discard"}
        if unknown:
            raise SetupError(f"setup: unknown key(s) {', '.join(sorted(unknown))}")
        rng = Rng.from_seed(seed)
        n = len(players)
        zones = {"pile": [], "offer": [], "discard": [], "box": []}
        for seat in range(n):
            for name in ("hand", "houses", "bid", "sneaky"):
                zones[f"{name}:{seat}"] = []
        position = Position(players, setup, DECK.ids(), LABEL, read_label)
        free, seat_of, card_list = position.free, position.seat_of, position.card_list

        def take_kind(label_text, kind: str, where: str) -> str:
            cid = position.take(label_text, where)
            if KIND[cid] != kind:
                raise SetupError(f"setup.{where}: {LABEL[cid]} is not a {kind} card")
            return cid

        # Houses first: those named in the position, then the pile.
        for seat, labels in position.per_player("houses").items():
            for label in card_list(labels, f"houses.{players[seat]}"):
                zones[f"houses:{seat}"].append(
                    take_kind(label, "house", f"houses.{players[seat]}"))
        for label in card_list(setup.get("discard"), "discard"):
            cid = position.take(label, "discard")
            if KIND[cid] == "sneaky":
                raise SetupError("setup.discard: Sneaky Bastard cards belong to players; "
                                 "say how many each still holds with sneaky_cards")
            zones["discard"].append(cid)
        if setup.get("for_sale") is not None:
            zones["offer"].append(take_kind(setup["for_sale"], "house", "for_sale"))
        on_top = [take_kind(label, "house", "pile")
                  for label in card_list(setup.get("pile"), "pile")]
        rest = [f"h{p}" for p in HOUSE_PRICES if f"h{p}" in free]
        rng.shuffle(rest)
        free.difference_update(rest)
        zones["pile"] = rest + on_top[::-1]

        hands = position.per_player("hands")
        for seat in range(n):
            where = f"hands.{players[seat]}"
            if seat in hands:
                labels = card_list(hands[seat], where)
            else:
                labels = [amount(v) for v, k in STARTING_MONEY[n].items() for _ in range(k)]
            zones[f"hand:{seat}"] += [take_kind(label, "money", where) for label in labels]
        sneaky_left = position.per_player("sneaky_cards", "a number")
        per_seat = sneaky_cards_per_player(n)
        for seat in range(n):
            count = sneaky_left.get(seat, per_seat)
            if not isinstance(count, int) or not 0 <= count <= per_seat:
                raise SetupError(f"setup.sneaky_cards.{players[seat]}: expected a number "
                                 f"from 0 to {per_seat}, got {count!r}")
            characters = range(seat * per_seat // 2 + 1, (seat + 1) * per_seat // 2 + 1)
            own = [f"s{ch}.{k}" for ch in characters for k in (1, 2)]
            zones[f"hand:{seat}"] += own[:count]
            zones["discard"] += own[count:]  # played in earlier rounds
            free.difference_update(own)
        zones["box"] = position.free_cards()

        if "first" in setup:
            first = seat_of(setup["first"], "first")
        else:
            first = rng.below(n)  # drawn by lot (SB-1.4)
        # One house leaves the game per round, so the round follows from the houses gone.
        gone = len(HOUSE_PRICES) - len(zones["pile"]) - len(zones["offer"])
        round_number = gone + 1
        if "round" in setup and setup["round"] != round_number:
            raise SetupError(f"setup.round: this position is round {round_number} "
                             f"({gone} houses are owned or discarded), not "
                             f"{setup['round']!r}; place the houses of earlier rounds in "
                             "houses or discard")
        data = {"round": round_number - 1, "first": first, "turn": first,
                "status": [IN] * n, "sold": False, "over": False,
                "last_house": None, "last_buyer": None, "last_price": 0,
                "last_thief": None, "last_thief_bid": 0}
        state = State(self.id, players, dict(options or {}), zones, data, rng.state)
        if state.zones["offer"]:
            data["round"] = round_number
        else:
            if not zones["pile"]:
                raise SetupError("setup: no house is left to sell")
            self._start_round(state, first)
        return state

    # -- whose turn ----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        turn = state.data["turn"]
        return () if turn is None else (turn,)

    def _takes_turns(self, state: State, seat: int) -> bool:
        status = state.data["status"][seat]
        if status == SNEAKY:
            return state.num_players > 2  # a two-player sneaky card is also a pass (SB-8.3)
        return status == IN and not state.data["sold"]

    def _next_turn(self, state: State, after: int) -> int:
        n = state.num_players
        for step in range(1, n + 1):
            seat = (after + step) % n
            if self._takes_turns(state, seat):
                return seat
        raise AssertionError("nobody left to take a turn in a round that goes on")

    # -- facts used by checks and moves -----------------------------------------------

    def _sneaky_total(self, state: State, seat: int) -> int:
        return total(state.zones[f"sneaky:{seat}"])

    def _highest_other(self, state: State, seat: int, status: str, zone: str):
        """(amount, seat) of the highest standing bid of another seat with that status."""
        best = (-1, None)
        for other, st in enumerate(state.data["status"]):
            if other != seat and st == status:
                value = total(state.zones[f"{zone}:{other}"])
                if value > best[0]:
                    best = (value, other)
        return best

    def _is_lone_sneaky(self, state: State, seat: int) -> bool:
        status = state.data["status"]
        return status[seat] == SNEAKY and status.count(SNEAKY) == 1

    def _value_cards(self, state: State, seat: int) -> list[str]:
        return [c for c in state.zones[f"hand:{seat}"] if KIND[c] == "money"] + \
            state.zones[f"houses:{seat}"]

    def _find_cards(self, state: State, seat: int, labels) -> list[str] | Rejection:
        """The card ids for these labels from the seat's value cards, or why not."""
        available = self._value_cards(state, seat)
        chosen = []
        for label in labels:
            for cid in available:
                if LABEL[cid] == label and cid not in chosen:
                    chosen.append(cid)
                    break
            else:
                wanted = list(labels).count(label)
                return Rejection("SB-3.3", f"{state.players[seat]} has "
                                 f"{'no' if wanted == 1 else f'fewer than {wanted}'} "
                                 f"{label} card{'s' if wanted > 1 else ''} to bid "
                                 f"(value cards: {describe(available)})")
        return chosen

    # -- checking ------------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        data, name = state.data, state.players[seat]
        status = data["status"][seat]
        lone_wait = status == SNEAKY and not data["sold"] and self._is_lone_sneaky(state, seat)
        if isinstance(move, Wait):
            if lone_wait:
                return None
            if status != SNEAKY:
                return Rejection("SB-4.5", f"only a lone sneaky bidder waits, and {name} "
                                 "has no sneaky bid to wait with: on this turn "
                                 f"{name} bids, plays a Sneaky Bastard card or passes")
            top, leader = self._highest_other(state, seat, SNEAKY, "sneaky")
            return Rejection("SB-4.6", f"{name}'s sneaky bid of "
                             f"{amount(self._sneaky_total(state, seat))} is below "
                             f"{state.players[leader]}'s {amount(top)}: raise above "
                             f"{amount(top)} or pass")
        if lone_wait:
            return Rejection("SB-4.5", f"{name}'s sneaky bid is the only one and the house "
                             f"is unsold, so {name} must wait: no raising, no passing")
        if isinstance(move, Pass):
            return None
        if isinstance(move, PlaySneaky):
            if status == SNEAKY:
                return Rejection("SB-4.2", f"{name} already played a Sneaky Bastard card "
                                 "this round")
            if not any(KIND[c] == "sneaky" for c in state.zones[f"hand:{seat}"]):
                return Rejection("SB-4.1", f"{name} has no Sneaky Bastard card left")
            cards = self._find_cards(state, seat, move.cards)
            if isinstance(cards, Rejection):
                return cards
            new_total = total(state.zones[f"bid:{seat}"]) + total(cards)
            top, leader = self._highest_other(state, seat, SNEAKY, "sneaky")
            if leader is not None and new_total <= top:
                return Rejection("SB-4.4", f"a sneaky bid must beat the highest sneaky bid, "
                                 f"{amount(top)} ({state.players[leader]}); "
                                 f"{name}'s would total {amount(new_total)}")
            return None
        if isinstance(move, Bid):
            if not move.cards:
                return self._check_empty_bid(state, seat)
            cards = self._find_cards(state, seat, move.cards)
            if isinstance(cards, Rejection):
                return cards
            zone = "sneaky" if status == SNEAKY else "bid"
            new_total = total(state.zones[f"{zone}:{seat}"]) + total(cards)
            top, leader = self._highest_other(state, seat, status, zone)
            if leader is not None and new_total <= top:
                if status == SNEAKY:
                    return Rejection("SB-4.4", f"a sneaky bid must beat the highest other "
                                     f"sneaky bid, {amount(top)} ({state.players[leader]}); "
                                     f"{name}'s would total {amount(new_total)}")
                return Rejection("SB-3.2", f"a bid must beat the highest bid, {amount(top)} "
                                 f"({state.players[leader]}); {name}'s would total "
                                 f"{amount(new_total)}")
            return None
        return Rejection("SB-2.2", f"{move!r} is not a Sneaky Bastard move")

    def ruling_decides(self, history: list[State], seat: int, move, ruling: str) -> bool:
        """SB-R5 (only standing bids count) decides a bid that beats every standing bid
        but not some bid another player made on this house earlier in the round and
        took back or moved into a sneaky bid: the rulebook's wording would refuse it.
        Every other ruling counts wherever the move is checked against it."""
        if ruling != "SB-R5":
            return True
        before = history[-1]
        if not isinstance(move, Bid) or before.data["status"][seat] != IN:
            return False
        cards = self._find_cards(before, seat, move.cards)
        if isinstance(cards, Rejection):
            return False
        new_total = total(before.zones[f"bid:{seat}"]) + total(cards)
        earlier = max((total(state.zones[f"bid:{other}"])
                       for state in history if state.data["round"] == before.data["round"]
                       for other in range(state.num_players) if other != seat), default=0)
        return new_total <= earlier

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """A seat that left this round's bidding hears why it has no more turns."""
        data, name = state.data, state.players[seat]
        status = data["status"][seat]
        if status == OUT:
            return Rejection("SB-5.1", f"{name} passed this round and sits out until the "
                             f"next house is up for sale")
        if status == BUYER:
            bought = DECK[data["last_house"]].name
            return Rejection("SB-6.1", f"{name} bought {bought} this round and bids no "
                             f"more: the sneaky bidders play on for {name}'s payment")
        if status == SNEAKY and state.num_players == 2:
            return Rejection("SB-8.3", f"with two players {name}'s Sneaky Bastard card was "
                             f"also a pass: {name}'s sneaky bid stays as it is")
        return None

    def _check_empty_bid(self, state: State, seat: int) -> Rejection:
        """A bid of no cards ('bid', 'bid 0K'): it cannot beat anything."""
        name, status = state.players[seat], state.data["status"][seat]
        zone = "sneaky" if status == SNEAKY else "bid"
        now = amount(total(state.zones[f"{zone}:{seat}"]))
        top, leader = self._highest_other(state, seat, status, zone)
        if status == SNEAKY:
            return Rejection("SB-4.6", f"a raise of a sneaky bid adds value cards and must "
                             f"beat the highest other sneaky bid, {amount(top)} "
                             f"({state.players[leader]}); adding nothing leaves {name}'s "
                             f"at {now}")
        to_beat = f" and beat the highest bid, {amount(top)} ({state.players[leader]})" \
            if leader is not None and top > 0 else ""
        return Rejection("SB-3.2", f"a bid must be at least 10K (the smallest money card)"
                         f"{to_beat}: a bid of no cards adds nothing to {name}'s {now}")

    def forced(self, state: State, seat: int) -> Rejection | None:
        data = state.data
        if seat in self.to_act(state) and not data["sold"] and \
                self._is_lone_sneaky(state, seat):
            return self._check(state, seat, Pass())  # the SB-4.5 rejection says why
        return None

    # -- legal moves (representative, never every subset) -------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        data = state.data
        status = data["status"][seat]
        if status == SNEAKY and not data["sold"] and self._is_lone_sneaky(state, seat):
            return [Wait()]
        moves = []
        available = sorted(self._value_cards(state, seat), key=VALUE.get)
        if status == IN:
            top, _ = self._highest_other(state, seat, IN, "bid")
            moves += [Bid(c) for c in _cheapest_bids(available, top - total(
                state.zones[f"bid:{seat}"]))]
            if any(KIND[c] == "sneaky" for c in state.zones[f"hand:{seat}"]):
                top, leader = self._highest_other(state, seat, SNEAKY, "sneaky")
                gap = top - total(state.zones[f"bid:{seat}"]) if leader is not None else -1
                if gap < 0:
                    moves.append(PlaySneaky(()))
                else:
                    moves += [PlaySneaky(c) for c in _cheapest_bids(available, gap)]
        else:  # a sneaky bidder whose rival has just overtaken them (SB-4.6)
            top, _ = self._highest_other(state, seat, SNEAKY, "sneaky")
            mine = self._sneaky_total(state, seat)
            moves += [Bid(c) for c in _cheapest_bids(available, top - mine)]
        moves.append(Pass())
        return moves

    # Above this many choices of cards a bid is not counted (a hint gives no number).
    MOST_CHOICES = 20000

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """Bids and sneaky plays are listed a cheapest few: here every different choice
        of the seat's value cards (hand and houses) that :meth:`check` accepts is
        counted, the same cards in another order once; None past ``MOST_CHOICES``."""
        if kind not in (Bid, PlaySneaky) or seat not in self.to_act(state):
            return super().count_moves(state, seat, kind)
        held = Counter(LABEL[c] for c in self._value_cards(state, seat))
        labels = sorted(held)
        choices = 1
        for label in labels:
            choices *= held[label] + 1
        if choices > self.MOST_CHOICES:
            return None
        return sum(self.check(state, seat, kind(cards)) is None
                   for cards in _every_choice(labels, held))

    # -- applying ------------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        data, name = state.data, state.players[seat]
        zones = state.zones
        house = self._house_name(state)
        events = []
        if isinstance(move, Bid):
            cards = self._find_cards(state, seat, move.cards)
            zone = "sneaky" if data["status"][seat] == SNEAKY else "bid"
            before = total(zones[f"{zone}:{seat}"])
            for cid in cards:
                self._lay(state, seat, cid, f"{zone}:{seat}")
            now = total(zones[f"{zone}:{seat}"])
            added = describe(cards)
            top, leader = self._highest_other(state, seat, data["status"][seat], zone)
            beaten = f", beating {state.players[leader]}'s {amount(top)}" \
                if leader is not None and top > 0 else ""
            if zone == "sneaky":
                events.append(Event("SB-4.6", f"{name} raises the sneaky bid to {amount(now)} "
                                    f"(adds {added}){beaten}"))
            elif before:
                events.append(Event("SB-3.4", f"{name} raises the bid on {house} to "
                                    f"{amount(now)} (adds {added}){beaten}"))
            else:
                detail = f" ({added})" if len(cards) > 1 else ""
                events.append(Event("SB-3.2" if beaten else "SB-3.1",
                                    f"{name} bids {amount(now)}{detail} on {house}{beaten}"))
        elif isinstance(move, PlaySneaky):
            hand = zones[f"hand:{seat}"]
            card = next(c for c in hand if KIND[c] == "sneaky")
            hand.remove(card)
            moved = zones[f"bid:{seat}"][:]
            cards = self._find_cards(state, seat, move.cards)
            zones[f"sneaky:{seat}"] = [card] + moved
            zones[f"bid:{seat}"] = []
            for cid in cards:
                self._lay(state, seat, cid, f"sneaky:{seat}")
            data["status"][seat] = SNEAKY
            now = self._sneaky_total(state, seat)
            text = (f"{name} plays a Sneaky Bastard card and leaves the auction of {house}: "
                    f"{name}'s sneaky bid is {amount(now)}")
            if moved:
                text += f" (the {amount(total(moved))} already bid moves into it)"
            events.append(Event("SB-4.1", text))
            if state.num_players == 2:
                events.append(Event("SB-8.3", f"With two players this is also a pass: "
                                    f"{name} cannot raise it later"))
        elif isinstance(move, Pass):
            back = zones[f"bid:{seat}"] + zones[f"sneaky:{seat}"]
            self._return_table_cards(state, seat)
            data["status"][seat] = OUT
            took = [describe(back)] if any(KIND[c] != "sneaky" for c in back) else []
            if any(KIND[c] == "sneaky" for c in back):
                took.append("the Sneaky Bastard card")
            what = f" and takes back {' and '.join(took)}" if took else ""
            events.append(Event("SB-5.1", f"{name} passes{what}"))
        elif isinstance(move, Wait):
            events.append(Event("SB-4.5", f"{name} must wait: the only sneaky bid, "
                                "and the house is not sold yet"))
        events += self._settle(state, seat)
        return events

    def _lay(self, state: State, seat: int, cid: str, target: str) -> None:
        source = f"houses:{seat}" if KIND[cid] == "house" else f"hand:{seat}"
        state.move_card(cid, source, target)

    def _return_table_cards(self, state: State, seat: int) -> None:
        for zone in (f"bid:{seat}", f"sneaky:{seat}"):
            for cid in state.zones[zone]:
                home = f"houses:{seat}" if KIND[cid] == "house" else f"hand:{seat}"
                state.zones[home].append(cid)
            state.zones[zone] = []

    def _house_name(self, state: State) -> str:
        offer = state.zones["offer"]
        return DECK[offer[0]].name if offer else "the house"

    def _settle(self, state: State, mover: int) -> list[Event]:
        """What follows by itself from the move: a sale, a steal, the end of a round."""
        data, events = state.data, []
        status = data["status"]
        if not data["sold"]:
            bidders = [s for s, st in enumerate(status) if st == IN]
            if not bidders:
                events += self._unsold(state)
                return events
            if len(bidders) == 1 and state.zones[f"bid:{bidders[0]}"]:
                events += self._sell(state, bidders[0])
        if data["sold"]:
            sneaky = [s for s, st in enumerate(status) if st == SNEAKY]
            if len(sneaky) <= 1:
                events += self._pay(state, sneaky[0] if sneaky else None)
                events += self._end_round(state, data["last_buyer"])
                return events
        data["turn"] = self._next_turn(state, mover)
        return events

    def _sell(self, state: State, buyer: int) -> list[Event]:
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

    def _pay(self, state: State, thief: int | None) -> list[Event]:
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

    def _unsold(self, state: State) -> list[Event]:
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
        return events + self._end_round(state, (state.data["first"] + 1) % state.num_players,
                                        sold=False)

    def _end_round(self, state: State, next_first: int, sold: bool = True) -> list[Event]:
        data = state.data
        for seat in range(state.num_players):
            self._return_table_cards(state, seat)
        if not state.zones["pile"]:
            data.update(turn=None, over=True, sold=False)
            result = self.outcome(state)
            scores = result.scores
            tied = scores.count(max(scores)) > 1
            return [Event("SB-7.1", f"The last house is {'sold' if sold else 'gone'}: "
                          "the game is over"),
                    Event("SB-7.3" if tied else "SB-7.2", result.explanation)]
        if not sold:
            return self._start_round(state, next_first)
        # A sale ends the round and its buyer starts the next (SB-6.4): said once, so
        # the new round's event does not name the first player again.
        buyer = state.players[next_first]
        return [Event("SB-6.4", f"The round is over: {buyer} bought the house, so {buyer} "
                      "starts the next round")] + \
            self._start_round(state, next_first, name_first=False)

    def _start_round(self, state: State, first: int, name_first: bool = True) -> list[Event]:
        data, zones = state.data, state.zones
        zones["offer"].append(zones["pile"].pop())
        data.update(round=data["round"] + 1, first=first, turn=first,
                    status=[IN] * state.num_players, sold=False)
        return [self._round_begins(state, name_first)]

    def _round_begins(self, state: State, name_first: bool = True) -> Event:
        zones, data = state.zones, state.data
        upcoming = f"; next up: {DECK[zones['pile'][-1]].name}" if zones["pile"] else \
            "; it is the last house"
        starts = f". {state.players[data['first']]} starts" if name_first else ""
        return Event("SB-2.1", f"Round {data['round']}: {self._house_name(state)} is for "
                     f"sale{upcoming}{starts}")

    # -- the setup, told step by step ------------------------------------------------

    def opening_events(self, state: State) -> list[Event]:
        """Step 0 of an example: what the game is played with, what each player has,
        what lies where, who starts and why, and then the house put up for sale.

        A new game tells the deal (SB-1.x, SB-8.1, SB-8.2); a mid-game position tells
        each player's value cards instead, naming their money only to the player who
        holds it."""
        if not state.zones["offer"]:
            return []
        names, first = state.players, state.players[state.data["first"]]
        events = [self._components(state)]
        if self._is_new_game(state):
            events += self._deal(state)
            pile = plural(len(state.zones["pile"]), "house")
            events.append(Event("SB-1.4", f"The other {pile} are shuffled into one "
                                "face-down pile"))
            events.append(Event("SB-1.4", f"{first} starts, drawn by lot; turns go round "
                                f"the table: {joined(names)}"))
        else:
            events += [self._holdings(state, seat) for seat in range(state.num_players)]
            events.append(self._houses_gone(state))
            events.append(Event("SB-2.2", f"The example joins the game in round "
                                f"{state.data['round']}, which {first} starts; turns go "
                                f"round the table: {joined(names)}"))
        return events + [self._round_begins(state, name_first=False)]

    def _is_new_game(self, state: State) -> bool:
        """Whether this is a game's first round with every player holding exactly what
        the setup clauses give, so that the deal can be told as the rules tell it."""
        n, zones = state.num_players, state.zones
        start = sorted(v for v, k in STARTING_MONEY[n].items() for _ in range(k))
        for seat in range(n):
            hand = zones[f"hand:{seat}"]
            if sorted(VALUE[c] for c in hand if KIND[c] == "money") != start or \
                    _count_sneaky(hand) != sneaky_cards_per_player(n) or \
                    zones[f"houses:{seat}"]:
                return False
        return state.data["round"] == 1

    def _components(self, state: State) -> Event:
        n = state.num_players
        money = sum(STARTING_MONEY[n].values())
        sneaky = sneaky_cards_per_player(n)
        return Event("SB-1.1", f"Sneaky Bastard for {n} players is played with "
                     f"{len(HOUSE_PRICES)} houses priced {amount(HOUSE_PRICES[0])} to "
                     f"{amount(HOUSE_PRICES[-1])}, {money * n} money cards ({money} for "
                     f"each player) and {sneaky * n} Sneaky Bastard cards ({sneaky} for "
                     "each player)")

    def _deal(self, state: State) -> list[Event]:
        """What each player gets in a new game. Everyone gets the same, as the rules say,
        so naming the money cards tells no player anything secret."""
        n, zones = state.num_players, state.zones
        start = STARTING_MONEY[n]
        cards = joined(f"{k}x{amount(v)}" for v, k in start.items())
        worth = amount(sum(v * k for v, k in start.items()))
        money_rule, sneaky_rule = ("SB-8.1", "SB-8.2") if n == 2 else ("SB-1.2", "SB-1.3")
        whose = "of two characters" if n == 2 else "of the character they pick"
        instead = f" (with two players, instead of {SNEAKY_PER_CHARACTER})" if n == 2 else ""
        boxed = Counter(KIND[c] for c in zones["box"])
        left = [plural(boxed[kind], word) for kind, word in
                (("sneaky", "Sneaky Bastard card"), ("money", "money card")) if boxed[kind]]
        box = f". The other {joined(left)} stay in the box" if left else ""
        return [Event(money_rule, f"{joined(state.players)} each get "
                      f"{sum(start.values())} money cards, {worth} in all, into their hand: "
                      f"{cards}"),
                Event(sneaky_rule, f"Each player takes the {sneaky_cards_per_player(n)} "
                      f"Sneaky Bastard cards {whose} into their hand{instead}{box}")]

    def _holdings(self, state: State, seat: int) -> Event:
        """A player's value cards in a mid-game position: the money cards are named to
        that player only; everyone else reads the total, which is public in this game
        (everyone starts alike and every payment is made face up)."""
        zones, name = state.zones, state.players[seat]
        money = [c for c in zones[f"hand:{seat}"] if KIND[c] == "money"]
        houses = zones[f"houses:{seat}"]
        owned = f"house{'' if len(houses) == 1 else 's'}: " \
            f"{joined((DECK[c].name for c in houses), empty='none')}"
        head = f"{name}'s value cards: {amount(total(money))} in money"
        sneaky = _sneaky_cards(_count_sneaky(zones[f"hand:{seat}"]))
        tail = f"; {owned}. {name} holds {sneaky}"
        return Event("SB-3.1", f"{head} ({describe(money)}){tail}",
                     hidden_from=tuple(s for s in range(state.num_players) if s != seat),
                     public_text=f"{head} ({plural(len(money), 'card')}){tail}")

    def _houses_gone(self, state: State) -> Event:
        """Where the houses of a mid-game position are, and what the discard pile holds."""
        zones, n = state.zones, state.num_players
        owned = sum(len(zones[f"houses:{s}"]) for s in range(n))
        unsold = [DECK[c].name for c in zones["discard"] if KIND[c] == "house"]
        earlier = state.data["round"] - 1
        text = "One house leaves the pile each round" + (
            f": in the {plural(earlier, 'round')} before this one "
            f"{plural(owned, 'house')} {'was' if owned == 1 else 'were'} bought"
            if earlier else "")
        if unsold:
            text += f" and {joined(unsold)} went unsold"
        pile = zones["pile"]
        text += f"; {plural(len(pile), 'house')} lie face down in the pile" if pile \
            else "; the pile is empty"
        paid = [c for c in zones["discard"] if KIND[c] == "money"]
        played = _count_sneaky(zones["discard"])
        held = ([describe(paid)] if paid else []) + ([_sneaky_cards(played)] if played else [])
        if held:
            text += f". The discard pile holds {joined(held)}"
        return Event("SB-2.1", text)

    # -- the end -------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
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
        money = {s: self._money(state, s) for s in tied}
        most = max(money.values())
        winners = tuple(s for s in tied if money[s] == most)
        if len(winners) == 1:
            return Outcome(winners, scores, f"{', '.join(names[s] for s in tied)} tie on "
                           f"{amount(best)} in houses; {names[winners[0]]} wins the tie with "
                           f"{amount(most)} in money left")
        return Outcome(winners, scores, f"{' and '.join(names[s] for s in winners)} tie on "
                       f"{amount(best)} in houses and {amount(most)} in money: "
                       f"they share the win")

    def _money(self, state: State, seat: int, on_table: bool = False) -> int:
        """Money in hand, and with ``on_table`` also the money the seat has laid out."""
        zones = ("hand", "bid", "sneaky") if on_table else ("hand",)
        return sum(VALUE[c] for zone in zones for c in state.zones[f"{zone}:{seat}"]
                   if KIND[c] == "money")

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        return notation.parse(text)

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def visibility(self, zone: str) -> Visibility:
        return _VISIBILITY[zone.partition(":")[0]]

    def scoreboard(self, state: State) -> list[dict]:
        """Houses and money per player. Money is public knowledge in this game: every
        card that changes hands does so face up, from a starting amount everyone knows."""
        return [{"player": name,
                 "houses": ", ".join(LABEL[c] for c in state.zones[f"houses:{seat}"]) or "-",
                 "house value": total(state.zones[f"houses:{seat}"]),
                 "money": self._money(state, seat, on_table=True)}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_NAMES = {
        "round": "the round number",
        "for sale": "the house for sale",
        "next house": "the face-up house on the pile ('none' when empty)",
        "to act": "the player whose turn it is ('nobody' at the end)",
        "bid/NAME": "NAME's bid on the house, e.g. 120K",
        "sneaky bid/NAME": "the value of NAME's sneaky bid",
        "money/NAME": "the total of NAME's money cards in hand",
        "hand/NAME": "the labels of NAME's cards in hand (a list)",
        "houses/NAME": "the houses NAME owns (a list)",
        "house value/NAME": "the total price of NAME's houses",
        "status/NAME": "in, sneaky, out (passed) or buyer",
        "sale/house": "the house of the latest sale",
        "sale/buyer": "who bought it",
        "sale/price": "what they paid",
        "sale/thief": "who won the buyer's payment ('nobody')",
        "sale/thief bid": "what the thief's sneaky bid was",
        "sale/thief gain": "payment minus the discarded sneaky bid (all of it with 2)",
        "discard": "the labels of the cards in the discard pile (a list)",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        offer, pile = zones["offer"], zones["pile"]
        facts = {
            "round": str(data["round"]),
            "for sale": DECK[offer[0]].label if offer else "none",
            "next house": DECK[pile[-1]].label if pile else "none",
            "to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
            "discard": [LABEL[c] for c in zones["discard"]],
        }
        for seat, name in enumerate(names):
            facts[f"bid/{name}"] = amount(total(zones[f"bid:{seat}"]))
            facts[f"sneaky bid/{name}"] = amount(self._sneaky_total(state, seat))
            facts[f"money/{name}"] = amount(self._money(state, seat))
            facts[f"hand/{name}"] = [LABEL[c] for c in zones[f"hand:{seat}"]]
            facts[f"houses/{name}"] = [LABEL[c] for c in zones[f"houses:{seat}"]]
            facts[f"house value/{name}"] = amount(total(zones[f"houses:{seat}"]))
            facts[f"status/{name}"] = data["status"][seat]
        if data["last_house"] is not None:
            thief = data["last_thief"]
            price = data["last_price"]
            gain = price if state.num_players == 2 else price - data["last_thief_bid"]
            facts.update({
                "sale/house": LABEL[data["last_house"]],
                "sale/buyer": names[data["last_buyer"]],
                "sale/price": amount(price),
                "sale/thief": names[thief] if thief is not None else "nobody",
                "sale/thief bid": amount(data["last_thief_bid"]),
                "sale/thief gain": amount(gain if thief is not None else 0),
            })
        result = self.outcome(state)
        facts["winners"] = [names[s] for s in result.winners] if result else []
        return facts


def _every_choice(labels: list[str], held: Counter):
    """Every multiset of the held cards (each label up to as often as it is held), the
    empty one too, as tuples of labels."""
    for counts in product(*(range(held[label] + 1) for label in labels)):
        yield tuple(label for label, n in zip(labels, counts) for _ in range(n))


def _cheapest_bids(available: list[str], gap: int) -> list[tuple[str, ...]]:
    """A few card combinations adding more than ``gap``: for each distinct card, that card
    plus the smallest others until the sum is enough. ``available`` is sorted by value."""
    seen, bids = set(), []
    labels_done = set()
    for i, cid in enumerate(available):
        label = LABEL[cid]
        if label in labels_done:
            continue
        labels_done.add(label)
        chosen, value = [label], VALUE[cid]
        for j, other in enumerate(available):
            if value > gap:
                break
            if j != i:
                chosen.append(LABEL[other])
                value += VALUE[other]
        if value > gap:
            key = tuple(sorted(chosen, key=label_order))
            if key not in seen:
                seen.add(key)
                bids.append(key)
    return bids


def _count_sneaky(cards) -> int:
    return sum(KIND[c] == "sneaky" for c in cards)


def _sneaky_cards(count: int) -> str:
    """'2 Sneaky Bastard cards', 'no Sneaky Bastard card'."""
    return plural(count, "Sneaky Bastard card") if count else "no Sneaky Bastard card"
