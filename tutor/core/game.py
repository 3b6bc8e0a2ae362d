"""The contract every game implements, and the values that cross it.

A game is a stateless object; all that changes lives in a :class:`~tutor.core.state.State`.
The loop is the same for every game::

    state = game.new_state(["Lisa", "Frank", "Fleur"], seed=7)
    seat = game.to_act(state)[0]
    move = game.parse_move(state, seat, "bid 100K")
    state, events = game.apply(state, seat, move)   # raises IllegalMove, state untouched

Moves are small frozen dataclasses defined by each game, with a text notation that
``parse_move`` and ``format_move`` turn into each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from tutor.core.cards import Deck
from tutor.core.glossary import Glossary
from tutor.core.rules import Rules
from tutor.core.state import State, Visibility, zone_owner
from tutor.core.wording import joined


@dataclass(frozen=True)
class Rejection:
    """Why a move is not allowed: the rule it breaks and a concrete sentence."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.reason}"


class IllegalMove(Exception):
    """Raised by :meth:`Game.apply` for a move the rules forbid; nothing was changed."""

    def __init__(self, rejection: Rejection):
        super().__init__(str(rejection))
        self.rejection = rejection

    @property
    def rule(self) -> str:
        return self.rejection.rule

    @property
    def reason(self) -> str:
        return self.rejection.reason


class NotationError(ValueError):
    """A move text that cannot be read; the message says which word is wrong."""


class SetupError(ValueError):
    """A new game cannot be set up as asked (player count, deal, position)."""


class Event(NamedTuple):
    """Something that happened, as a sentence, with the rule that made it happen.

    An event that names a card some seats cannot see lists those seats in
    ``hidden_from``; they read ``public_text`` instead ("Ann draws 2 cards" for "Ann
    draws a Gold and a Silver"). Ask :meth:`for_viewer` before showing an event to a
    seat; the all-seeing teacher (``None``) reads ``text``.

    A named tuple rather than a frozen dataclass: every move makes a few events, and a
    tuple is made in a third of the time, as immutable."""

    rule: str
    text: str
    hidden_from: tuple[int, ...] = ()
    public_text: str = ""

    def for_viewer(self, viewer: int | None) -> "Event":
        """The event as ``viewer`` may read it (None: the teacher reads everything);
        the result names no card hidden from that seat and carries no secret."""
        if viewer is None:
            return self
        if viewer in self.hidden_from:
            return Event(self.rule, self.public_text)
        return Event(self.rule, self.text)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winning seats (several share a win) and the scores."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    explanation: str


class Game:
    """Base class of the games. Subclasses fill in the class attributes and the hooks.

    Hooks to implement: ``set_up`` (or ``new_state``), ``to_act``, ``legal_moves``, ``_check``,
    ``_perform``, ``parse_move``, ``format_move``, ``visibility``, ``outcome``, ``facts``.
    The games implement ``legal_moves``, ``_check`` and ``_perform`` by their phases,
    as tables of moves: see :class:`tutor.core.phases.PhasedGame`.
    """

    id: str = ""
    title: str = ""
    player_counts: range = range(0)
    rules_path: Path | None = None
    turn_rule: str = ""        # cited when a seat acts out of turn
    end_rule: str = ""         # cited when anyone acts after the end

    def __init__(self):
        self.rules = Rules.load(self.rules_path)
        self.glossary = Glossary.load(
            self.rules_path.with_name("glossary.yaml") if self.rules_path else None,
            self.rules)

    # -- setting up ----------------------------------------------------------------

    def deck(self, options: dict) -> Deck:
        raise NotImplementedError

    def new_state(self, players, seed: int = 0, options: dict | None = None,
                  setup: dict | None = None) -> State:
        """A new game. ``setup`` may fix the deal or give a mid-game position.

        The players and options are checked (:meth:`check_player_count`,
        :meth:`checked_options`), then :meth:`set_up` makes the state."""
        players = tuple(players)
        self.check_player_count(players)
        return self.set_up(players, seed, self.checked_options(options), setup)

    def set_up(self, players: tuple[str, ...], seed: int, options: dict,
               setup: dict | None) -> State:
        """The new state for checked players and options (see :meth:`new_state`)."""
        raise NotImplementedError

    def checked_options(self, options: dict | None) -> dict:
        """The options as the game reads them: by default their names checked
        (:meth:`check_option_names`); a game with options fills in their defaults and
        refuses a wrong value (SetupError)."""
        return self.check_option_names(options)

    option_names: tuple[str, ...] = ()  # the game's variant options

    def check_option_names(self, options: dict | None) -> dict:
        """A copy of ``options``; SetupError naming any option this game does not have,
        so a typo in a scenario's options never passes silently."""
        options = dict(options or {})
        unknown = ", ".join(sorted(str(name) for name in options
                                   if name not in self.option_names))
        if unknown and not self.option_names:
            raise SetupError(f"options: {self.title} has no options (unknown: {unknown})")
        if unknown:
            raise SetupError(f"options: unknown option(s) {unknown}; the options are "
                             f"{joined(self.option_names)}")
        return options

    def check_player_count(self, players) -> None:
        if len(players) not in self.player_counts:
            low, high = self.player_counts[0], self.player_counts[-1]
            raise SetupError(f"{self.title} is for {low} to {high} players, "
                             f"not {len(players)}")
        if len(set(players)) != len(players):
            raise SetupError(f"two players share a name: {', '.join(players)}")

    # -- playing --------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list:
        """Moves this seat may make now. Where there are too many to list (which cards
        to bid), a representative few: every kind of move that is open, never every
        subset of a hand. Any move that :meth:`check` accepts may still be played."""
        raise NotImplementedError

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """How many legal moves of class ``kind`` the seat has now, the same cards in
        another order counted once: the one count of the project, what a hint's "N
        options" says. By default the different moves :meth:`legal_moves` lists (it
        lists each move once). A game that lists a representative few of a kind counts
        them all here, by a formula (Sasquatch's deals and splits) or by asking
        :meth:`check` of every candidate (Snakes' pairs, Sneaky Bastard's bids). None
        where there are too many candidates to ask in a hint's time: no number is then
        better than a wrong one.

        The count never compares the positions the moves lead to: two moves that end
        alike only because of cards the seat cannot see (an answer to a pointing) stay
        two, so the number tells the seat nothing it cannot see."""
        return len({move for move in self.legal_moves(state, seat) if type(move) is kind})

    def check(self, state: State, seat: int, move) -> Rejection | None:
        """None if the move is legal for this seat now, else why not."""
        out_of_turn = self.check_turn(state, seat)
        if out_of_turn is None:
            return self._check(state, seat, move)
        if 0 <= seat < state.num_players and self.to_act(state):
            return self._check_waiting(state, seat, move) or out_of_turn
        return out_of_turn

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """Why a seat that may not act now cannot make this move, when a limit of the
        move says more than whose turn it is ("Sara already cleared out one item this
        round"); None lets the turn-order clause answer."""
        return None

    def move_rules(self, move) -> tuple[str, ...]:
        """The clauses that govern and limit this kind of move: when it may be made and
        how far. A refusal of the move cites one of them or a limit of the phase under
        way (:meth:`phase_rules`). Each move class declares them as ``RULES``."""
        return getattr(type(move), "RULES", ())

    def phase_rules(self, state: State) -> tuple[str, ...]:
        """The clauses that say what the phase now under way asks for; a move of the
        wrong kind for the phase is refused under one of them."""
        return ()

    def ruling_decides(self, history: list[State], seat: int, move, ruling: str) -> bool:
        """Whether ``ruling``, one of the move's or the phase's clauses, decides this
        move: whether the rulebook's own reading could have judged it otherwise.
        ``history`` is the game's states up to the position before the move (the last
        one). Coverage asks this before it lists a ruling a step's narration cites; a
        game whose rulings can be tried against the book's reading says so here, the
        others count every ruling the move is checked against."""
        return True

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        """The game's own rules, asked only of a seat that may act now."""
        raise NotImplementedError

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        """Carry out a checked move on a state that is already a private copy."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, move) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``move``, and what happened.

        Raises IllegalMove (with the rule id) and leaves ``state`` as it was."""
        rejection = self.check(state, seat, move)
        if rejection:
            raise IllegalMove(rejection)
        return self.apply_listed(state, seat, move)

    def apply_listed(self, state: State, seat: int, move) -> tuple[State, list[Event]]:
        """:meth:`apply` for a move just taken from ``legal_moves(state, seat)``: it is
        not checked again (as python-chess's ``Board.push``), so random play does not
        pay for every rule twice. Any other move goes through :meth:`apply`; random
        play with its invariants checked uses apply too, so a listed move that the
        rules refuse is still found."""
        after = state.clone()
        events = self._perform(after, seat, move)
        after.derived = {}   # done changing: from now on it may remember (State.remembered)
        return after, events

    def opening_events(self, state: State) -> list[Event]:
        """The setup as a short sequence of events for the learner, in order: what the
        game is played with, what each player gets, what lies where, who starts and why,
        then what :meth:`new_state` did by itself before the first move (a first draw, a
        house put up for sale). ``state`` is the state new_state returned (or a
        scenario's set-up position). Each event names hidden cards only with
        ``hidden_from`` set; the app tours them at step 0 and the rule-coverage map
        counts their rules as shown by step 0."""
        return []

    def event_part(self, event: Event) -> str:
        """The part of a long step ``event`` belongs to, named for the learner: the app
        cuts a step of many events into parts the learner steps through, and events of
        one part in a row are shown together. By default the section of the rules the
        cited clause stands in (the rulebook's own grouping); "" for a ruling or an
        unknown clause, which stays with the part before it. A game whose turn has
        phases finer than its rule sections names them itself."""
        clause = self.rules.clauses.get(event.rule)
        return clause.section if clause and not clause.is_ruling else ""

    def forced(self, state: State, seat: int) -> Rejection | None:
        """When the seat has exactly one move because a rule leaves no choice (a forced
        skip), that rule and why; None otherwise. The app explains it to the learner."""
        return None

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        if not 0 <= seat < state.num_players:
            return Rejection(self.turn_rule, f"there is no seat {seat} in a "
                             f"{state.num_players}-player game")
        acting = self.to_act(state)
        if seat in acting:
            return None
        if not acting:
            return Rejection(self.end_rule, "the game is over: nobody moves any more")
        names = " or ".join(state.players[s] for s in acting)
        return Rejection(self.turn_rule, f"it is {names}'s turn, not {state.players[seat]}'s")

    def position_key(self, state: State):
        """The position as a hashable value: equal for two states that are the same
        position of the game. Equal states by default (the state's JSON); a game whose
        rules make some order no difference leaves it out (Sell Me a Sasquatch: the
        order of a deal's face-down cards)."""
        return state.dumps()

    def same_position(self, a: State, b: State) -> bool:
        """Whether two states are the same position: how a move is judged against
        another (practice takes a move with the book's result as the book's move)."""
        return a == b or self.position_key(a) == self.position_key(b)

    def is_over(self, state: State) -> bool:
        return not self.to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    # -- notation -------------------------------------------------------------------

    def parse_move(self, state: State | None, seat: int | None, text: str):
        raise NotImplementedError

    def format_move(self, state: State | None, seat: int | None, move) -> str:
        raise NotImplementedError

    def format_move_for(self, state: State, seat: int, move, viewer: int | None) -> str:
        """The move as ``viewer`` may read it (None: the teacher), ``state`` being the
        position it was played from. The same as :meth:`format_move` unless the move
        names cards the viewer cannot see: games with such moves override this and
        describe those cards without their faces ("two cards face down")."""
        return self.format_move(state, seat, move)

    # -- seeing ---------------------------------------------------------------------

    def visibility(self, zone: str) -> Visibility:
        raise NotImplementedError

    def public_data(self, state: State, seat: int | None) -> dict:
        """The game's own values a seat may know (all of them unless a game hides some)."""
        return dict(state.data)

    def can_see(self, state: State, zone: str, index: int, seat: int | None) -> bool:
        """Whether ``seat`` (None: the all-seeing teacher) sees this card's face."""
        if seat is None:
            return True
        cards = state.zones[zone]
        override = state.seen_by.get(cards[index])
        if override is not None:
            return seat in override
        rule = self.visibility(zone)
        if rule is Visibility.PUBLIC:
            return True
        if rule is Visibility.HIDDEN:
            return False
        if rule is Visibility.TOP_PUBLIC:
            return index == len(cards) - 1
        owner = zone_owner(zone)
        if rule is Visibility.OWNER:
            return seat == owner
        return seat != owner  # ALL_BUT_OWNER

    # -- describing -----------------------------------------------------------------

    def scoreboard(self, state: State) -> list[dict]:
        """One row per player of public standings ({"player": name, ...numbers}), for
        comparisons, tables and charts."""
        raise NotImplementedError

    # Checkpoint names a scenario may use, with what they mean; NAME stands for a player.
    FACT_NAMES: dict[str, str] = {}
    # Other ways a checkpoint may write a fact's value (lower case) -> the fact's own word.
    FACT_ALIASES: dict[str, str] = {}

    def facts(self, state: State) -> dict:
        """Named facts a scenario checkpoint can assert (values: str or list of str)."""
        raise NotImplementedError

    def describe_fact_names(self) -> str:
        return ", ".join(self.FACT_NAMES)
