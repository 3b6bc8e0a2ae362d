"""Sell Me a Sasquatch's rules engine: the Game class. Clause ids (SQ-...) refer to
``rules.yaml``.

This module is the state API: who may act (turn_order.py), and the dispatch of each
move's check and effect to the table of the phase under way (phases.py), whose steps
are carried out by the module of each stage:

``setup.py``         the deal or a stated position, and the setup told as events (SQ-1)
``dealing.py``       deals and the two-player split (SQ-3.1, SQ-3.2, SQ-9.2, SQ-9.3)
``buying.py``        the buyer's extra card and the choice of a deal (SQ-3.3, SQ-6, SQ-9.4)
``thingamabobs.py``  the Thingamabob window, done and last chance (SQ-5)
``sets.py``          trading in complete sets (SQ-7.1, SQ-7.5)
``nasties.py``       the losses Nasty sets bring and the steal moves (SQ-7.2 to SQ-7.6)
``turns.py``         drawing up, the next turn and the end (SQ-8, SQ-9.6, SQ-R10)
``turn_order.py``    who acts in each phase and refusals out of turn or phase
``phases.py``        each phase as a table: its moves, their checks and effects
``table.py``         zones, positions in a deal and the numbers every phase shares

``data`` keys: ``turn`` (the buyer; in a two-player game the player to move);
``chooser`` (who chooses: the buyer, or the other player of two); ``phase`` (see
turn_order.py); ``offered`` (the seats with a deal this turn); ``built`` (seats whose
deal is ready); ``done`` (seats done with Thingamabobs, SQ-R6); ``no_flip`` (the buyer
went on without the extra card this turn, SQ-R18); ``tokens`` (point tokens per seat);
``steals`` (open Nasty losses, see nasties.py); ``decided`` (the loss the move just
made decided, see nasties.py); ``turns`` (turns finished);
``winners`` (at the end); ``first_by_lot`` (the first buyer was drawn by lot, not named
by the setup: step 0 says why that player begins). Zones: see table.py.

No option exists; the number of players chooses the rules (SQ-1.1, SQ-9).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tutor.core.game import Event, Outcome, Rejection
from tutor.core.phases import PhasedGame
from tutor.core.state import State, Visibility
from tutor.core.wording import plural
from tutor.games.sell_me_a_sasquatch import dealing, nasties, thingamabobs
from tutor.games.sell_me_a_sasquatch import moves as notation
from tutor.games.sell_me_a_sasquatch import setup as setting_up
from tutor.games.sell_me_a_sasquatch import table, turn_order, turns
from tutor.games.sell_me_a_sasquatch.deck import DECK, LABEL
from tutor.games.sell_me_a_sasquatch.moves import (EXPANDER, Accept, Choose, Deal, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)
from tutor.games.sell_me_a_sasquatch.phases import PHASES
from tutor.games.sell_me_a_sasquatch.table import (HAND, TOKENS, is_face_up, labels,
                                                   seat_named, sorted_labels, target_tokens)
from tutor.games.sell_me_a_sasquatch.thingamabobs import pending

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "hand": Visibility.OWNER, "deal": Visibility.HIDDEN,
               "coll": Visibility.PUBLIC}


@lru_cache(maxsize=None)
def _zone_visibility(zone: str) -> Visibility:
    return _VISIBILITY[zone.partition(":")[0]]


# The end of a turn tells a dozen things at once (the choice, the other deals going home,
# the trade-ins, everyone drawing, the next buyer): the app shows them part by part.
# Two rule sections hold several of these parts, so the parts are named here by clause;
# a clause not named keeps its rule section (Game.event_part); "" joins the part before.
PART_OF_TURN = {"SQ-6.1": "The choice", "SQ-6.2": "The choice", "SQ-9.4": "The choice",
                "SQ-6.3": "The other deals", "SQ-4.2": "",
                # the trade-in opens with SQ-7.1, then a line per set (what a set is)
                "SQ-7.1": "Trading in sets", "SQ-2.1": "", "SQ-2.2": "", "SQ-2.3": "",
                "SQ-8.1": "Drawing back to five", "SQ-8.2": "Drawing back to five",
                "SQ-8.3": "The next turn", "SQ-9.1": "The next turn",
                "SQ-8.4": "Who wins", "SQ-8.5": "Who wins",
                "SQ-9.6": "Who wins", "SQ-R10": "Who wins"}


class SellMeASasquatch(PhasedGame):
    id = "sell_me_a_sasquatch"
    title = "Sell Me a Sasquatch"
    player_counts = range(2, 7)   # 3-6, and 2 with the changes of SQ-9
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SQ-1.5"
    end_rule = "SQ-8.4"

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK

    def set_up(self, players, seed, options, setup) -> State:
        """A new game, or the position ``setup`` describes (its keys: setup.set_up)."""
        return setting_up.set_up(self.id, players, seed, setup)

    def opening_events(self, state: State) -> list[Event]:
        """The setup told for step 0: the cards, each hand, the table, who begins and
        why, and the first turn (setup.opening_events)."""
        return setting_up.opening_events(state)

    def event_part(self, event: Event) -> str:
        """The phase of the turn ``event`` tells (PART_OF_TURN), else its rule section."""
        if event.rule in PART_OF_TURN:
            return PART_OF_TURN[event.rule]
        return super().event_part(event)

    # -- the state, as the bot, the quiz and the views read it -----------------------

    two_players = staticmethod(table.two_players)
    seat_named = staticmethod(table.seat_named)
    is_face_up = staticmethod(table.is_face_up)
    face_down = staticmethod(table.face_down)
    deal_seats = staticmethod(table.deal_seats)
    labels = staticmethod(table.labels)
    steal_decider = staticmethod(table.steal_decider)
    position_key = staticmethod(table.position_key)
    pending = staticmethod(thingamabobs.pending)
    could_play = staticmethod(thingamabobs.could_play)
    playable = staticmethod(thingamabobs.playable)

    # -- whose turn ----------------------------------------------------------------

    to_act = staticmethod(turn_order.to_act)

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        if rejection is None or not 0 <= seat < state.num_players or \
                state.data["phase"] == "over":
            return rejection
        return turn_order.waiting_refusal(state, seat)

    def phase_rules(self, state: State) -> tuple[str, ...]:
        """The clauses of the phase, for the player count: who decides a Nasty loss is
        SQ-7.6 with three or more players and SQ-9.5 with two, never both."""
        not_here = "SQ-7.6" if table.two_players(state) else "SQ-9.5"
        return tuple(rule for rule in super().phase_rules(state) if rule != not_here)

    def move_rules(self, move) -> tuple[str, ...]:
        """A steal move of a known position cites the clause of the loss it decides
        first: one card (SQ-7.2) or up to two (SQ-7.3)."""
        rules = super().move_rules(move)
        under = getattr(move, "under", "")
        return (under, *(r for r in rules if r != under)) if under else rules

    # -- checking, listing and applying: the phase's table (phases.py, PhasedGame) ---

    phases = PHASES

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """A seat that may not act now is told why this kind of move is closed to it,
        when the move's own clause says more than whose turn it is."""
        data, phase = state.data, state.data["phase"]
        if phase == "over" or isinstance(move, Deal) and phase == "deals" or \
                isinstance(move, Split) and phase == "split":
            return None  # "Ann's deal is ready; waiting for ..." says it all
        if isinstance(move, Thingamabob) and phase in ("window", "last") and \
                seat not in data["done"]:
            return thingamabobs.check_thingamabob(state, seat, move)
        if isinstance(move, Steal) and phase == "steal":
            return None  # the decider of the loss is named by check_turn
        if isinstance(move, (LastChance, Choose, Accept, Reverse)) and \
                phase in ("window", "last") and seat != data["chooser"]:
            return self._check(state, seat, move)   # "only Ann decides the deal"
        if turn_order.open_in(move, phase):
            return None
        return turn_order.wrong_phase(state, seat, move, acting=False)

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """Deals and splits are listed a representative few: all of them are counted,
        by formula (the order of face-down cards makes no other deal)."""
        phase = state.data["phase"]
        if seat in self.to_act(state) and (kind, phase) in ((Deal, "deals"),
                                                            (Split, "split")):
            hand = tuple(sorted_labels(state, HAND[seat]))
            return dealing.count_deals(hand) if kind is Deal else dealing.count_splits(hand)
        return super().count_moves(state, seat, kind)

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        if state.data.get("decided"):   # kept for the move after a steal only
            state.data["decided"] = []
        return super()._perform(state, seat, move)

    def outcome(self, state: State) -> Outcome | None:
        return turns.outcome(state)

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        if state is None:
            return move

        def exact(name):
            found = seat_named(state, name)
            return name if found is None else state.players[found]

        if isinstance(move, Steal):
            return nasties.under_open_loss(state, move)
        if isinstance(move, (Flip, Choose)):
            return type(move)(exact(move.target), *(
                (move.position,) if isinstance(move, Flip) else ()))
        if isinstance(move, Thingamabob):
            return Thingamabob(move.name, tuple((exact(w), p) for w, p in move.spots),
                               exact(move.player) if move.player else "", move.card)
        return move

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def format_move_for(self, state, seat, move, viewer):
        """Deals, splits and the Expander lay cards face down: other players read how
        many, and a deal's face-up card only once it is turned (SQ-R3, SQ-R4)."""
        if viewer is None or viewer == seat:
            return self.format_move(state, seat, move)
        if isinstance(move, Deal):
            down = plural(len(move.cards) - 1, "card")
            data = state.data
            if len(data["built"]) + 1 < len(data["offered"]):
                return f"deal: {down} face down and one to be turned up"
            return f"deal: {down} face down, {move.up} face up"
        if isinstance(move, Split):
            names, other = state.players, 1 - seat
            mine = len(move.mine) - (move.up_side == "mine")
            theirs = len(move.theirs) - (move.up_side == "theirs")
            up_seat = seat if move.up_side == "mine" else other
            return (f"split: {mine} face down on {names[seat]}'s side and {theirs} on "
                    f"{names[other]}'s; {move.up} face up on {names[up_seat]}'s side")
        if isinstance(move, Thingamabob) and move.name == EXPANDER:
            return f"thingamabob {move.name} adds a card face down to {move.player}"
        return self.format_move(state, seat, move)

    def visibility(self, zone: str) -> Visibility:
        return _zone_visibility(zone)

    def public_data(self, state: State, seat: int | None) -> dict:
        """The data, plus what the table shows of each deal: which cards are face up
        (positions from 1), and the Thingamabob window's state."""
        data = dict(state.data)
        data["face_up"] = {str(s): [i for i, c in enumerate(state.zones[f"deal:{s}"], 1)
                                    if is_face_up(state, c)]
                           for s in range(state.num_players)}
        data["pending"] = pending(state) if data["phase"] in ("window", "last") else []
        data["target"] = target_tokens(state.num_players)
        data["supply"] = max(0, TOKENS - sum(data["tokens"]))
        return data

    def scoreboard(self, state: State) -> list[dict]:
        """Point tokens, collection sizes and hand sizes: all public."""
        data = state.data
        return [{"player": name,
                 "point tokens": data["tokens"][seat],
                 "collection": len(state.zones[f"coll:{seat}"]),
                 "cards in hand": len(state.zones[f"hand:{seat}"]),
                 "buyer": "yes" if seat == data["turn"] and state.num_players > 2 else ""}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_NAMES = {
        "buyer": "who holds the Buyer Squatch (with two players: whose turn it is)",
        "phase": "deals, split, flip, window, last, steal or over",
        "to act": "who may act now (a list)",
        "draw pile": "how many cards are left in the draw pile",
        "discard pile": "how many cards the discard pile holds",
        "discard": "the top card of the discard pile ('none' when empty)",
        "supply": "point tokens left in the supply",
        "hand/NAME": "the cards in NAME's hand (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "deal/NAME": "NAME's deal in order, face-down cards as 'face down' (a list)",
        "deal cards/NAME": "NAME's deal in order, all faces (a list)",
        "collection/NAME": "the cards in NAME's collection (a list)",
        "tokens/NAME": "NAME's point tokens",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        pile = zones["discard"]
        facts = {
            "buyer": names[data["turn"]],
            "phase": data["phase"],
            "to act": [names[s] for s in self.to_act(state)],
            "draw pile": str(len(zones["draw"])),
            "discard pile": str(len(pile)),
            "discard": LABEL[pile[-1]] if pile else "none",
            "supply": str(max(0, TOKENS - sum(data["tokens"]))),
            "winners": [names[s] for s in data["winners"]],
        }
        for seat, name in enumerate(names):
            deal = zones[f"deal:{seat}"]
            facts.update({
                f"hand/{name}": labels(state, f"hand:{seat}"),
                f"hand size/{name}": str(len(zones[f"hand:{seat}"])),
                f"deal/{name}": [LABEL[c] if is_face_up(state, c) else "face down"
                                 for c in deal],
                f"deal cards/{name}": [LABEL[c] for c in deal],
                f"collection/{name}": labels(state, f"coll:{seat}"),
                f"tokens/{name}": str(data["tokens"][seat]),
            })
        return facts
