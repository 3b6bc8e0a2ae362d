"""Sneaky Bastard's rules engine: the Game class. Clause ids (SB-...) refer to
``rules.yaml``.

This module is the state API: whose turn it is, which phase a seat is in, and the
dispatch of each move's check and effect to the table of that phase
(:class:`tutor.core.phases.Phase`):

``setup.py``           a new game or a stated position, and the setup told as events
``auction.py``         a seat bidding on the house: bid, play a Sneaky Bastard card, pass
``sneaky_auction.py``  a seat holding a sneaky bid: raise, pass, or wait alone
``sale.py``            what follows by itself: the sale, the payment, the next round, the end
``table.py``           the statuses, bids and turn order every phase reads

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

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, PhasedGame
from tutor.core.state import State, Visibility
from tutor.games.sneaky_bastard import moves as notation
from tutor.games.sneaky_bastard import sale
from tutor.games.sneaky_bastard import setup as setting_up
from tutor.games.sneaky_bastard import table
from tutor.games.sneaky_bastard.auction import AUCTION
from tutor.games.sneaky_bastard.deck import DECK, LABEL, amount
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky
from tutor.games.sneaky_bastard.sneaky_auction import SNEAKY_AUCTION
from tutor.games.sneaky_bastard.table import (BUYER, OUT, SNEAKY, money, sneaky_total,
                                              total)
from tutor.games.sneaky_bastard.table import IN  # quiz.py imports it here too

_VISIBILITY = {"pile": Visibility.TOP_PUBLIC, "offer": Visibility.PUBLIC,
               "discard": Visibility.PUBLIC, "box": Visibility.HIDDEN,
               "hand": Visibility.OWNER, "houses": Visibility.PUBLIC,
               "bid": Visibility.PUBLIC, "sneaky": Visibility.PUBLIC}


class SneakyBastard(PhasedGame):
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

    def set_up(self, players, seed, options, setup) -> State:
        """A new game, or the position that ``setup`` describes (setup.py)."""
        return setting_up.set_up(self.id, players, seed, options, setup)

    def opening_events(self, state: State) -> list[Event]:
        """The setup told for step 0 (setup.opening_events)."""
        return setting_up.opening_events(state)

    # -- whose turn, and the phase of each seat ----------------------------------------

    to_act = staticmethod(table.to_act)
    # The quiz reads the bids as the checks do.
    _highest_other = staticmethod(table.highest_other)

    def phase(self, state: State, seat: int | None = None) -> Phase | None:
        """The phase the seat (by default the one whose turn it is) is in: the auction,
        or the sneaky auction once it has played a Sneaky Bastard card."""
        seat = state.data["turn"] if seat is None else seat
        if seat is None:
            return None
        return SNEAKY_AUCTION if state.data["status"][seat] == SNEAKY else AUCTION

    # -- checking, listing and applying: the seat's phase's table (PhasedGame) --------

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
        cards = table.find_cards(before, seat, move.cards)
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

    def forced(self, state: State, seat: int) -> Rejection | None:
        if seat in self.to_act(state) and table.must_wait(state, seat):
            return self._check(state, seat, Pass())  # the SB-4.5 rejection says why
        return None

    # -- counting the legal moves (listed a representative few, never every subset) ---

    # Above this many choices of cards a bid is not counted (a hint gives no number).
    MOST_CHOICES = 20000

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """Bids and sneaky plays are listed a cheapest few: here every different choice
        of the seat's value cards (hand and houses) that :meth:`check` accepts is
        counted, the same cards in another order once; None past ``MOST_CHOICES``."""
        if kind not in (Bid, PlaySneaky) or seat not in self.to_act(state):
            return super().count_moves(state, seat, kind)
        held = Counter(LABEL[c] for c in table.value_cards(state, seat))
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
        """The move's own effect, then what follows from it by itself (sale.settle)."""
        return super()._perform(state, seat, move) + sale.settle(state, seat)

    outcome = staticmethod(sale.outcome)


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
                 "money": money(state, seat, on_table=True)}
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
            facts[f"sneaky bid/{name}"] = amount(sneaky_total(state, seat))
            facts[f"money/{name}"] = amount(money(state, seat))
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
