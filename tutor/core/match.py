"""A game being played: its setup, the moves so far, and the states they led to.

Like python-chess's ``Board.move_stack``: ``play`` pushes, ``undo`` pops. A match's
:meth:`record` is plain JSON data (setup plus moves in notation), and :meth:`replay`
rebuilds the same match from it, which is how undo is checked and games are saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.core.game import Event, Game
from tutor.core.state import State


@dataclass(frozen=True)
class Ply:
    """One move that was played: who, what (as a value and in notation), what happened.

    ``text`` and the events' ``text`` are the all-seeing teacher's; ``seat_texts`` holds
    the move as each seat may read it (index = seat). Show a ply to a seat only through
    :meth:`text_for` and :meth:`events_for`."""

    seat: int
    move: object
    text: str
    events: tuple[Event, ...]
    seat_texts: tuple[str, ...] = ()

    def text_for(self, viewer: int | None) -> str:
        """The move's notation as ``viewer`` (None: the teacher) may read it."""
        if viewer is None:
            return self.text
        if not self.seat_texts:
            raise ValueError("this ply was made without per-seat texts; play it "
                             "through Match.play")
        return self.seat_texts[viewer]

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        """What happened, as ``viewer`` may read it."""
        return tuple(event.for_viewer(viewer) for event in self.events)


@dataclass
class Match:
    game: Game
    players: tuple[str, ...]
    seed: int = 0
    options: dict = field(default_factory=dict)
    setup: dict | None = None
    states: list[State] = field(default_factory=list)
    plies: list[Ply] = field(default_factory=list)

    def __post_init__(self):
        self.players = tuple(self.players)
        if not self.states:
            self.states = [self.game.new_state(self.players, self.seed, self.options,
                                               self.setup)]

    @property
    def state(self) -> State:
        return self.states[-1]

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def play(self, seat: int, move) -> tuple[Event, ...]:
        """Play a move (a value or its notation). Raises IllegalMove or NotationError;
        either way the match is unchanged."""
        if isinstance(move, str):
            move = self.game.parse_move(self.state, seat, move)
        after, events = self.game.apply(self.state, seat, move)
        text = self.game.format_move(self.state, seat, move)
        seat_texts = tuple(self.game.format_move_for(self.state, seat, move, viewer)
                           for viewer in range(self.state.num_players))
        self.states.append(after)
        self.plies.append(Ply(seat, move, text, tuple(events), seat_texts))
        return tuple(events)

    def start_over(self, seed: int, setup: dict | None) -> None:
        """Begin again from ``setup`` and ``seed`` (same game, players and options), as
        a scenario's jump to a later position does. The states and plies start as new
        lists: whoever holds the old ones keeps the moves made before."""
        self.seed, self.setup = seed, setup
        self.states = [self.game.new_state(self.players, seed, self.options, setup)]
        self.plies = []

    def undo(self) -> Ply:
        """Take back the last move; returns it."""
        if not self.plies:
            raise IndexError("there is no move to take back")
        self.states.pop()
        return self.plies.pop()

    def record(self) -> dict:
        return {"game": self.game.id, "players": list(self.players), "seed": self.seed,
                "options": dict(self.options), "setup": self.setup,
                "moves": [{"seat": p.seat, "move": p.text} for p in self.plies]}

    @classmethod
    def replay(cls, game: Game, record: dict) -> "Match":
        """Rebuild a match from :meth:`record` data by playing every move again."""
        if record.get("game") != game.id:
            raise ValueError(f"this record is for {record.get('game')!r}, not {game.id!r}")
        match = cls(game, tuple(record["players"]), record.get("seed", 0),
                    dict(record.get("options") or {}), record.get("setup"))
        for entry in record["moves"]:
            match.play(entry["seat"], entry["move"])
        return match
