"""Sneaky Snakes' rules engine with the tutor's stand-in deck. Clause ids (SN-...) refer
to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``draw``      the face-down draw pile (SN-1.4)
``discard``   the discard pile, face up; only its top card can be seen
``box``       the cards not used with this many players (SN-1.1), face down
``hand:S``    seat S's hand, left to right (position 1 first, SN-R5)

**Who sees a card in a hand** is per card (SN-2.2). A hand's zone visibility is
``ALL_BUT_OWNER`` (a drawn card faces away from its holder, SN-3.1); a card that faces
its holder has the override ``state.seen_by[card] == [holder]``. So "faces its holder"
is exactly "has an override", and every move that takes a card out of a hand drops it.
Which way each card is held is public (everyone sees the backs and faces at the table):
:meth:`SneakySnakes.public_data` lists it per hand as ``facing:S``.

``data`` keys: ``turn`` (whose turn; None at the end); ``phase`` (``action``,
``answer`` when a pointed-at player must answer, ``resolve`` while a played card's
choices are made, ``tie`` while tied players decide on a snake battle, ``over``);
``pointer``, ``pointed`` and ``pointed_at`` (the seat pointed at and the 1-based
position) during ``answer``; ``resolver``, ``effect`` (the played card) and ``left``
(choices still to make) during ``resolve``; ``active`` (the seats in the game: everyone,
or the tied players during a snake battle); ``tied`` and ``for_battle`` during ``tie``;
``battles`` (snake battles played); ``winners``; ``end`` (``snake_jones``, ``draw
pile`` or None); ``previous`` (whose turn ended last, or None); ``starter`` (who
started the game) and ``starter_by_lot`` (whether the tutor drew them by lot, SN-R2,
or the setup named them), which the setup told at step 0 reads.

Options: ``hard`` (SN-1.3, SN-R15) and ``snake_battle`` (``ask``, ``always`` or
``never``, SN-R12).

This module is the state API: the phase under way is a table of moves
(:class:`tutor.core.phases.Phase`) that checks and applies each move, one module per
phase: :mod:`.actions` (the turn's one action: play, point, discard two, skip, peek),
:mod:`.pointing` (answering a pointing), :mod:`.effects` (the choices a played card asks
for) and :mod:`.ending` (the end of a turn and of the game, and the tied players'
vote). :mod:`.setup` sets up a game and tells the setup, over :mod:`.table`, the reading
of a position they share. This module adds the notation, what each seat sees, the
scoreboard and the checkpoint facts.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, PhasedGame
from tutor.core.state import State, Visibility
from tutor.games.sneaky_snakes import ending, table
from tutor.games.sneaky_snakes import moves as notation
from tutor.games.sneaky_snakes import setup as setting_up
from tutor.games.sneaky_snakes.actions import ACTION
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES, STAND_IN
from tutor.games.sneaky_snakes.effects import RESOLVE
from tutor.games.sneaky_snakes.moves import DiscardTwo
from tutor.games.sneaky_snakes.pointing import ANSWER
from tutor.games.sneaky_snakes.table import AWAY, EFFECT_RULE

# The phases by the name ``data["phase"]`` holds; the game is over in any other.
PHASES: dict[str, Phase] = {p.name: p for p in (ACTION, ANSWER, RESOLVE, ending.TIE)}

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "box": Visibility.HIDDEN, "hand": Visibility.ALL_BUT_OWNER}


class SneakySnakes(PhasedGame):
    id = "sneaky_snakes"
    title = "Sneaky Snakes"
    player_counts = range(2, 9)   # SN-R17
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SN-3.8"
    end_rule = "SN-6.1"
    option_names = ("hard", "snake_battle")

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK.deck

    def checked_options(self, options: dict | None) -> dict:
        """The options with their defaults filled in; SetupError for a wrong one."""
        return setting_up.checked_options(self.check_option_names(options))

    def set_up(self, players, seed, options, setup) -> State:
        """A new game, or the position that ``setup`` describes, just before the
        starting player's first draw (setup.set_up)."""
        return setting_up.set_up(self.id, players, seed, options, setup)

    def opening_events(self, state: State) -> list[Event]:
        """The setup told for step 0 (setup.opening_events)."""
        return setting_up.opening_events(state)

    # -- the state, as the bot, the quiz and the views read it -----------------------

    hand = staticmethod(table.hand_of)
    faces_holder = staticmethod(table.faces_holder)
    facing = staticmethod(table.facing_of)
    sees_other_faces = staticmethod(table.sees_other_faces)
    snake_jones_in_play = staticmethod(table.snake_jones_in_play)
    snake_jones_holder = staticmethod(table.snake_jones_holder)
    to_act = staticmethod(table.to_act)
    outcome = staticmethod(ending.outcome)
    _count = staticmethod(ending.count)   # the count at the end, as the quiz replays it

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        if rejection and rejection.rule == self.turn_rule and 0 <= seat < state.num_players:
            return table.out_of_turn(state, seat) or rejection
        return rejection

    # -- the phase under way: its moves, checks and effects (PhasedGame) --------------

    phases = PHASES

    def phase_rules(self, state: State) -> tuple[str, ...]:
        """The phase's clauses; while a card is carried out, also its effect's clause;
        during a snake battle, SN-R13 (some players sit out)."""
        data = state.data
        battle = ("SN-R13",) if data["battles"] else ()
        phase = self.phase(state)
        if phase is None:
            return battle
        if phase is RESOLVE:
            return phase.rules + (EFFECT_RULE[DECK.effect(data["effect"]).kind],) + battle
        return phase.rules + battle

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """Pairs to discard are listed a representative few: here every pair of the
        seat's positions that :meth:`check` accepts is counted."""
        if kind is not DiscardTwo or seat not in self.to_act(state):
            return super().count_moves(state, seat, kind)
        positions = range(1, len(self.hand(state, seat)) + 1)
        return sum(self.check(state, seat, DiscardTwo(pair)) is None
                   for pair in combinations(positions, 2))

    # -- notation and visibility ---------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        target = getattr(move, "target", None)
        if target is not None and state is not None:
            found = table.seat_named(state, target)
            if found is not None:   # the exact spelling of the name
                move = type(move)(**{**move.__dict__, "target": state.players[found]})
        return move

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def visibility(self, zone: str) -> Visibility:
        return _VISIBILITY[zone.partition(":")[0]]

    def public_data(self, state: State, seat: int | None) -> dict:
        """The data plus which way each card in each hand is held (public: everyone sees
        the backs and the faces at the table), and the deck's label."""
        data = dict(state.data)
        for s in range(state.num_players):
            data[f"facing:{s}"] = self.facing(state, s)
        data["deck"] = STAND_IN
        return data

    def scoreboard(self, state: State) -> list[dict]:
        """Cards in hand (what decides the winner) and which way they are held: public."""
        rows = []
        for seat, name in enumerate(state.players):
            facing = self.facing(state, seat)
            rows.append({"player": name, "cards in hand": len(facing),
                         "facing them": facing.count("holder"),
                         "facing away": facing.count("away"),
                         "in game": "yes" if seat in state.data["active"] else "sits out"})
        return rows

    # -- facts for scenario checkpoints --------------------------------------------

    FACT_NAMES = {
        "turn": "the player whose turn it is ('nobody' at the end)",
        "to act": "who may act now (names joined by commas; 'nobody')",
        "phase": "action, answer, resolve, tie or over",
        "draw pile": "how many cards are left in the draw pile",
        "discard": "the top card of the discard pile ('none')",
        "discard pile": "how many cards the discard pile holds",
        "hand/NAME": "NAME's cards left to right, ' (away)' after those facing away (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "facing/NAME": "for each card of NAME's hand, 'holder' or 'away' (a list)",
        "sees/NAME": "the cards of their own hand that NAME sees (a list)",
        "snake jones/NAME": "how many Snake Jones cards face NAME in NAME's hand",
        "pointed": "the player pointed at and the position, like 'Bob 2' ('none')",
        "resolving": "the card being carried out ('none')",
        "in game": "the players still in the game (a list; the tied ones in a battle)",
        "battles": "how many snake battles have been played",
        "end": "why the game ended: 'snake jones', 'draw pile' or 'not yet'",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        pile = zones["discard"]
        facts = {
            "turn": names[data["turn"]] if data["turn"] is not None else "nobody",
            "to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
            "phase": data["phase"],
            "draw pile": str(len(zones["draw"])),
            "discard": DECK.label[pile[-1]] if pile else "none",
            "discard pile": str(len(pile)),
            "pointed": (f"{names[data['pointed']]} {data['pointed_at']}"
                        if data["pointed"] is not None else "none"),
            "resolving": DECK.label[data["effect"]] if data["effect"] else "none",
            "in game": [names[s] for s in data["active"]],
            "battles": str(data["battles"]),
            "end": (data["end"] or "not yet").replace("_", " "),
            "winners": [names[s] for s in data["winners"]] if data["phase"] == "over" else [],
        }
        for seat, name in enumerate(names):
            hand = self.hand(state, seat)
            facts.update({
                f"hand/{name}": [DECK.label[c] + ("" if c in state.seen_by else f" {AWAY}")
                                 for c in hand],
                f"hand size/{name}": str(len(hand)),
                f"facing/{name}": self.facing(state, seat),
                f"sees/{name}": [DECK.label[c] for c in hand if c in state.seen_by],
                f"snake jones/{name}": str(sum(1 for c in hand if c in state.seen_by and
                                               DECK.label[c] == SNAKE_JONES)),
            })
        return facts
