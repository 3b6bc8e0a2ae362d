"""Tutoring sessions: walk through a worked example, or branch off and play.

A :class:`Walkthrough` is a cursor over a scenario's book line (next, back, jump,
restart). A :class:`Branch` is the learner's own line, starting from any position of the
book (or from a new game): the learner plays some seats, bots or the learner (hot seat)
play the others, with undo and redo, and a comparison with the book. Both are headless;
the widgets only render them.

Every text a seat's page shows is made for that seat: take a move, its events and a
bot's reason through the ``*_for(viewer)`` methods (``viewer`` is the seat whose page it
is, None for the all-seeing teacher), and the log through ``log_frame(..., viewer=)``.
A saved scenario holds every card (its seed deals the hidden ones), so only the teacher
may download one: ``to_scenario`` refuses any other viewer with :class:`SecretError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tutor import scenario as scenarios
from tutor.bots import make_bot, private_or_public
from tutor.core.game import Event, Game
from tutor.core.match import Match, Ply
from tutor.core.rules import Clause
from tutor.core.state import State
from tutor.core.views import names_any, secret_words
from tutor.core.wording import sentences
from tutor.seat_texts import HeldBack, held_back, listed_summary, listed_title, title_for

if TYPE_CHECKING:  # pandas is imported where a table is made: it doubles a kernel's memory
    import pandas as pd

LEARNER = "learner"

# What a seat reads in place of the book's words when they show a card it cannot see.
WITHHELD_STEP = ("The book's words for this step show cards {name} cannot see: switch "
                 "View as to All-seeing to read them.")
WITHHELD_INTRO = ("The book's introduction shows cards {name} cannot see: switch View as "
                  "to All-seeing to read it.")


class SecretError(ValueError):
    """A seat asked for something that would show it cards it cannot see."""


def _teacher_only(viewer: int | None, players) -> None:
    if viewer is not None:
        raise SecretError(f"a saved game holds every card, including the ones "
                          f"{players[viewer]} cannot see: switch to the all-seeing "
                          f"view to download it")


def setup_narration_for(game: Game, start: State, viewer: int, text: str) -> str:
    """A text about the setup ``start`` (an intro) as seat ``viewer`` may read it:
    ``text`` where it names no :func:`~tutor.core.views.secret_words` of the setup (a
    setup keeps every hidden card from the seat, so none at all), else what the game
    did last as it began, as the seat may know it, and where to read the text."""
    if not names_any(text, secret_words(game, start, start, viewer)):
        return text
    told = sentences(event.for_viewer(viewer).text
                     for event in game.opening_events(start)[-1:])
    return " ".join(filter(None, [told, WITHHELD_INTRO.format(
        name=start.players[viewer])]))


@dataclass(frozen=True)
class BookStep:
    """One step of the book line with everything a learner is shown about it.

    ``say`` is the book's narration, written for the all-seeing view; ``say_for`` the
    scenario's own narration for some seats. Show a seat its narration through
    :meth:`narration_for`, which gives the book's words only where they name no card
    the seat cannot see (see :func:`tutor.core.views.secret_words`), else the engine's
    account of the step for that seat. ``goal`` and ``also`` are the scenario's (what
    the mover is after; moves as good as the book's)."""

    number: int
    who: str
    seat: int
    move_text: str
    say: str
    rules: tuple[Clause, ...]
    events: tuple[Event, ...]
    before: State
    after: State
    ply: Ply | None = None
    goal: str = ""
    also: tuple[str, ...] = ()
    say_for: dict[int, str] = field(default_factory=dict)
    game: Game | None = None
    # The seats whose own narration (say_for) names a card they cannot see
    # (tutor.seat_texts.held_back): they read the engine's account instead.
    held_back: frozenset[int] = frozenset()
    # A jump to a later position (no move: ``who`` and ``move_text`` are empty, ``seat``
    # is None, ``before`` is where the game was, ``after`` the position jumped to).
    jump: bool = False

    def words_for(self, viewer: int | None) -> str:
        """The scenario's words for ``viewer``: its own narration where the file gives
        one, else the book's (not yet checked: see :meth:`narration_for`)."""
        return self.say if viewer is None else self.say_for.get(viewer, self.say)

    def words_safe_for(self, viewer: int | None, played: bool = True) -> bool:
        """Whether ``viewer`` may read :meth:`words_for`: they name no card word of
        :func:`~tutor.core.views.secret_words` (``played`` False: before the move is
        made, as practice asks for it). A function of what the seat sees only.

        A seat's own narration (``say_for``) is written for that seat, as a goal is,
        and read before and after the move: it is shown as it stands unless it names a
        card the seat sees neither before nor after the move (``held_back``, checked
        when the file is loaded: tutor.seat_texts)."""
        if viewer in self.held_back:
            return False
        if viewer is None or viewer in self.say_for:
            return True
        text = self.words_for(viewer)
        if self.jump:   # it tells a new setup: held to what the seat sees of it
            return not names_any(text, secret_words(self.game, self.after, self.after,
                                                    viewer))
        return not names_any(text, secret_words(self.game, self.before, self.after,
                                                viewer, played))

    def account_for(self, viewer: int | None) -> str:
        """The engine's account of the step as ``viewer`` reads it, in sentences."""
        return sentences(event.text for event in self.events_for(viewer))

    def narration_for(self, viewer: int | None) -> str:
        """The step's narration as ``viewer`` may read it once the move is made: the
        scenario's words if :meth:`words_safe_for`, else the engine's account for the
        seat and a line saying where the book's words are to be read."""
        if self.words_safe_for(viewer):
            return self.words_for(viewer)
        if self.jump:
            return setup_narration_for(self.game, self.after, viewer, self.say)
        name = self.before.players[viewer]
        return " ".join(filter(None, [self.account_for(viewer),
                                      WITHHELD_STEP.format(name=name)]))

    def move_text_for(self, viewer: int | None) -> str:
        """The move as ``viewer`` may read it: the book's own text for the teacher
        (empty for a jump, which makes no move)."""
        if self.jump:
            return ""
        return self.move_text if viewer is None else self.ply.text_for(viewer)

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        return tuple(event.for_viewer(viewer) for event in self.events)


class Walkthrough:
    """A cursor over a scenario. Position 0 is the setup; position i is after step i.

    A step is a move, or a jump to a later position (a scenario's ``jump``), after
    which the line goes on from that position: the book is then made of parts, each
    a match from its own start (the setup, or a jump's position). ``state`` and
    ``states`` follow the positions across the parts; ``match`` is the part that holds
    the current position, with its own moves only (which a branch plays on from)."""

    def __init__(self, scenario: scenarios.Scenario):
        self.scenario = scenario
        self.game: Game = scenario.game
        match = scenario.new_match()
        self.parts: list[Match] = [match]
        self.part_starts: list[int] = [0]   # the position each part starts at
        self.states: list[State] = [match.state]
        steps = []
        for result in scenarios.play(scenario, match):
            step = result.step
            if isinstance(step, scenarios.Jump):
                # play() started the match over with new lists (Match.start_over): the
                # part that ends here keeps the lists it had
                finished = self.parts[-1]
                self.parts[-1] = Match(self.game, match.players, finished.seed,
                                       dict(finished.options), finished.setup,
                                       states=part_states, plies=part_plies)
                self.parts.append(match)
                self.part_starts.append(step.number)
                steps.append(BookStep(step.number, "", None, "", step.say, (), (),
                                      self.states[-1], match.state, None,
                                      say_for=dict(step.say_for), game=self.game,
                                      jump=True))
            else:
                steps.append(BookStep(step.number, step.who, step.seat, step.move_text,
                                      step.say, tuple(self.game.rules[r] for r in step.rules),
                                      result.events, match.states[-2], match.states[-1],
                                      match.plies[-1], step.goal, step.also,
                                      dict(step.say_for), self.game))
            self.states.append(match.state)
            part_states, part_plies = match.states, match.plies
        # The file's texts each seat may not read, found once: a teacher's file is
        # checked as it loads (the app tells the teacher), the shipped ones by the suite.
        self.held_back: tuple[HeldBack, ...] = held_back(scenario, self.states)
        self.steps: tuple[BookStep, ...] = tuple(
            replace(step, held_back=frozenset(
                scenario.players.index(held.seat) for held in self.held_back
                if held.what == "say_for" and held.step == step.number))
            for step in steps)
        self.position = 0

    @classmethod
    def load(cls, path) -> "Walkthrough":
        return cls(scenarios.load(path))

    @property
    def size(self) -> int:
        return len(self.steps)

    @property
    def state(self) -> State:
        return self.states[self.position]

    @property
    def moves(self) -> tuple[BookStep, ...]:
        """The steps that make a move: every step but the jumps."""
        return tuple(step for step in self.steps if not step.jump)

    def part_at(self, position: int) -> int:
        """The part (0: the setup's, k: the k-th jump's) that holds ``position``."""
        return max(k for k, start in enumerate(self.part_starts) if start <= position)

    @property
    def match(self) -> Match:
        """The part holding the current position, played to its end (without jumps,
        the whole book): its states count from the part's start, not from step 0."""
        return self.parts[self.part_at(self.position)]

    def part_steps(self, part: int) -> tuple[BookStep, ...]:
        """The moves of ``part`` (0: from the setup, k: from the k-th jump), in order."""
        start = self.part_starts[part]
        end = self.part_starts[part + 1] - 1 if part + 1 < len(self.parts) else self.size
        return tuple(step for step in self.steps[start:end] if not step.jump)

    def last_move(self, position: int | None = None) -> tuple[State, Ply] | None:
        """(the state before, the ply) of the move that led to ``position`` (default:
        the current one); None at the setup and at a jump, where no move led."""
        position = self.position if position is None else position
        step = self.steps[position - 1] if position else None
        if step is None or step.jump:
            return None
        return step.before, step.ply

    @property
    def step(self) -> BookStep | None:
        """The step that led to this position (None at the setup)."""
        return self.steps[self.position - 1] if self.position else None

    @property
    def narration(self) -> str:
        return self.step.say if self.step else self.intro_for(None)

    def narration_for(self, viewer: int | None) -> str:
        """The narration of this position as ``viewer`` may read it: the step's
        (:meth:`BookStep.narration_for`), or at the setup the intro, held to the same
        rule (a setup keeps every hidden card from the seat, so the intro may name none
        of them; else the seat reads what the setup did, as it may know it)."""
        if self.step is not None:
            return self.step.narration_for(viewer)
        return self.intro_for(viewer)

    def intro_for(self, viewer: int | None) -> str:
        """The scenario's intro for ``viewer`` (its own, where the file gives one), or
        where it names a card the seat cannot see, what the game did last as it began
        (who starts, a first draw) as the seat may know it, and where to read the
        intro: the rest of the setup is the setup tour's to tell, part by part. A
        first game's opening sentences (how you win, your turn, the end) come first:
        they are about the game, for every seat."""
        scenario = self.scenario
        if viewer is None:
            intro = scenario.intro
        elif viewer in scenario.intro_for and viewer not in {
                scenario.players.index(h.seat) for h in self.held_back
                if h.what == "intro_for"}:       # written for that seat: shown as it stands
            intro = scenario.intro_for[viewer]
        else:
            intro = setup_narration_for(self.game, self.states[0], viewer, scenario.intro)
        return " ".join(filter(None, [*scenario.opening, intro]))

    def title_for(self, viewer: int | None) -> str:
        """The example's title as ``viewer`` may read it at the setup
        (:func:`tutor.seat_texts.title_for`)."""
        return title_for(self.scenario, self.match.states[0], viewer)

    @property
    def listed_title(self) -> str:
        """The title for a list every seat reads (:func:`tutor.seat_texts.listed_title`)."""
        return listed_title(self.scenario, self.match.states[0])

    @property
    def listed_summary(self) -> str:
        """The summary for a list every seat reads (tutor.seat_texts)."""
        return listed_summary(self.scenario, self.match.states[0])

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """What the setup did by itself before step 1 (Sneaky Snakes' first draw)."""
        return tuple(self.game.opening_events(self.states[0]))

    def jump(self, position: int) -> None:
        if not 0 <= position <= self.size:
            raise IndexError(f"there are steps 0 to {self.size}, not {position}")
        self.position = position

    def next(self) -> bool:
        """Go one step on; False (and no change) at the end."""
        if self.position == self.size:
            return False
        self.position += 1
        return True

    def back(self) -> bool:
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def restart(self) -> None:
        self.position = 0

    def plies(self, upto: int | None = None) -> list[Ply]:
        """The moves of the book up to position ``upto`` (default: the current one),
        across its parts (a jump adds none)."""
        upto = self.position if upto is None else upto
        return [step.ply for step in self.steps[:upto] if not step.jump]

    def to_scenario(self, *, viewer: int | None) -> str:
        """The book up to the current position as a scenario file; for the teacher
        only (SecretError for a seat)."""
        scenario = self.scenario
        _teacher_only(viewer, scenario.players)
        players = scenario.players
        jumps = {jump.number: jump for jump in scenario.jumps}
        steps = []
        for step in self.steps[:self.position]:
            say_for = {players[seat]: text for seat, text in step.say_for.items()}
            if step.jump:
                jump = jumps[step.number]
                steps.append({"jump": jump.setup, "seed": jump.seed, "say": step.say,
                              "say_for": say_for, "check": jump.check})
            else:
                steps.append({"who": step.who, "move": step.move_text, "say": step.say,
                              "say_for": say_for, "goal": step.goal,
                              "also": list(step.also), "rules": [c.id for c in step.rules]})
        while steps and "jump" in steps[-1]:   # a file may not end on a jump
            steps.pop()
        if not steps:
            raise ValueError("step forward first: a scenario needs at least one step")
        return scenarios.dump(self.game, scenario.players, scenario.seed, scenario.options,
                              scenario.setup, steps, scenario.title, scenario.summary,
                              scenario.intro, {players[seat]: text for seat, text
                                               in scenario.intro_for.items()},
                              None if scenario.learner is None
                              else players[scenario.learner], scenario.opening)


@dataclass
class Turn:
    """A ply of a branch with who decided it and why (bots state a reason)."""

    ply: Ply
    by: str            # "book", "learner" or a bot's name
    reason: str = ""   # a bot's, from its seat's view: for that seat and the teacher
    public_reason: str = ""

    def text_for(self, viewer: int | None) -> str:
        return self.ply.text_for(viewer)

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        return self.ply.events_for(viewer)

    def reason_for(self, viewer: int | None) -> str:
        """The bot's reason as ``viewer`` may read it (see :mod:`tutor.bots`)."""
        return private_or_public(self.reason, self.public_reason, self.ply.seat, viewer)


@dataclass
class Branch:
    """The learner's own line. ``controllers`` maps every seat to LEARNER or a bot kind
    ("heuristic", "random"); seats played by the learner include hot-seat play."""

    game: Game
    match: Match
    controllers: dict[int, str]
    seed: int = 0
    book: Walkthrough | None = None
    turns: list[Turn] = field(default_factory=list)
    redo_stack: list[list[tuple[int, object, str]]] = field(default_factory=list)
    autoplay: bool = True    # False: the bots wait for bot_step (an app showing each move)
    # False for a line from a bare position (from_state): no seed and setup rebuild its
    # start, so it has no link and cannot be saved as a scenario file.
    replayable: bool = True
    book_part: int = 0       # the part of the book (see Walkthrough) it branched from

    def __post_init__(self):
        self.base = len(self.match.plies)  # plies from the book, not to be undone
        self.bots = {seat: make_bot(self.game, kind, self.seed + seat)
                     for seat, kind in self.controllers.items() if kind != LEARNER}
        self.turns = [Turn(p, "book") for p in self.match.plies]
        if self.autoplay:
            self.advance()

    @classmethod
    def from_book(cls, book: Walkthrough, controllers: dict[int, str], seed: int = 0,
                  at: int | None = None, autoplay: bool = True) -> "Branch":
        """Branch off the book at ``at`` (default: the walkthrough's position)."""
        at = book.position if at is None else at
        part = book.parts[book.part_at(at)]
        local = at - book.part_starts[book.part_at(at)]   # moves into that part
        match = Match(book.game, book.scenario.players, part.seed,
                      dict(book.scenario.options), part.setup,
                      states=list(part.states[:local + 1]), plies=list(part.plies[:local]))
        return cls(book.game, match, dict(controllers), seed, book, autoplay=autoplay,
                   book_part=book.part_at(at))

    @classmethod
    def new_game(cls, game: Game, players, controllers: dict[int, str],
                 seed: int = 0, autoplay: bool = True) -> "Branch":
        """Free play from a new game."""
        return cls(game, Match(game, tuple(players), seed), dict(controllers), seed,
                   autoplay=autoplay)

    @classmethod
    def from_state(cls, game: Game, state: State, controllers: dict[int, str],
                   seed: int = 0, autoplay: bool = True) -> "Branch":
        """Play on from any position of ``game`` (one reached in random play, say), with
        no history before it: the branch's log starts there and nothing before it can
        be undone."""
        match = Match(game, state.players, seed, dict(state.options), states=[state])
        return cls(game, match, dict(controllers), seed, autoplay=autoplay,
                   replayable=False)

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def over(self) -> bool:
        return not self.match.to_act()

    def learner_to_act(self) -> int | None:
        """The seat the learner must move for now, or None (game over)."""
        for seat in self.match.to_act():
            if self.controllers.get(seat) == LEARNER:
                return seat
        return None

    def play(self, seat: int, move, bots: bool = True) -> list[Turn]:
        """The learner's move (value or notation), then (unless ``bots`` is False, for
        an app that shows the answers one at a time with :meth:`bot_step`) the bots'
        answers.

        Raises IllegalMove / NotationError with nothing changed."""
        if self.controllers.get(seat) != LEARNER:
            raise ValueError(f"{self.state.players[seat]} is played by a bot here")
        start = len(self.turns)
        self._push(seat, move, LEARNER)
        self.redo_stack.clear()
        if bots:
            self.advance()
        return self.turns[start:]

    def bot_to_act(self) -> int | None:
        """The bot seat that moves next, or None when a learner seat must act (or the
        game is over)."""
        acting = [s for s in self.match.to_act() if s in self.bots]
        if not acting or self.learner_to_act() is not None:
            return None
        return acting[0]

    def bot_step(self) -> Turn | None:
        """Let the next bot make one move; None if no bot is to move."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        choice = self.bots[seat].choose(self.game, self.state, seat)
        self._push(seat, choice.move, self.controllers[seat], choice.reason,
                   choice.public_reason)
        return self.turns[-1]

    def advance(self) -> None:
        """Let bots move until a learner seat must act or the game is over."""
        while self.bot_step() is not None:
            pass

    def _push(self, seat: int, move, by: str, reason: str = "",
              public_reason: str = "") -> None:
        self.match.play(seat, move)
        self.turns.append(Turn(self.match.plies[-1], by, reason, public_reason))

    def can_undo(self) -> bool:
        return any(t.by == LEARNER for t in self.turns[self.base:])

    def undo(self) -> bool:
        """Take back the learner's last move and the bot moves after it."""
        if not self.can_undo():
            return False
        group = []
        while True:
            turn = self.turns.pop()
            self.match.undo()
            group.append((turn.ply.seat, turn.ply.move, turn.by))
            if turn.by == LEARNER:
                break
        self.redo_stack.append(group[::-1])
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        group = self.redo_stack.pop()
        for seat, move, by in group:
            if by == LEARNER:
                self._push(seat, move, by)
            else:
                choice = self.bots[seat].choose(self.game, self.state, seat)
                self._push(seat, choice.move, by, choice.reason, choice.public_reason)
        return True

    def recent_turns(self) -> list[Turn]:
        """What happened since the learner's last decision: that move and the answers
        (every branch move when the learner has not moved yet). Narrate each with its
        ``*_for(viewer)`` texts."""
        recent = self.turns[self.base:]
        for index in range(len(recent) - 1, -1, -1):
            if recent[index].by == LEARNER:
                return recent[index:]
        return recent

    def to_scenario(self, title: str, *, viewer: int | None) -> str:
        """This line (the book's moves up to the branch point, then the branch) as a
        scenario file, which the app and ``python -m tutor replay`` load back; for the
        teacher only (SecretError for a seat: the file holds every card)."""
        _teacher_only(viewer, self.match.players)
        if not self.replayable:
            raise ValueError("this line starts from a bare position, which a scenario "
                             "file cannot set up")
        book_steps = self.book.part_steps(self.book_part) if self.book else ()
        steps = []
        for index, turn in enumerate(self.turns):
            ply = turn.ply
            if turn.by == "book" and index < len(book_steps):
                say = book_steps[index].say
            elif turn.reason:
                say = f"{turn.by} bot: {turn.reason}"
            else:
                say = "Played by the learner."
            steps.append({"who": self.state.players[ply.seat], "move": ply.text, "say": say,
                          "rules": list(dict.fromkeys(e.rule for e in ply.events))})
        match = self.match
        origin = self.book.scenario if self.book else None
        return scenarios.dump(self.game, match.players, match.seed, match.options,
                              match.setup, steps, title,
                              f"Saved from the tutor ({len(steps)} moves).",
                              origin.intro if origin else "")

    def comparison(self) -> pd.DataFrame:
        """Each player's standing now in the branch beside the book line's end. It
        reads the same to every seat: a scoreboard holds only public facts."""
        import pandas as pd

        branch = pd.DataFrame(self.game.scoreboard(self.state)).set_index("player")
        if self.book is None:
            return branch
        book_end = self.book.parts[self.book_part].state
        book = pd.DataFrame(self.game.scoreboard(book_end)).set_index("player")
        return pd.concat({"book": book, "your line": branch}, axis=1)


def compare_lines(players, book: list[Ply], mine: list[Turn], base: int, *,
                  viewer: int | None) -> list[dict]:
    """The book line and the learner's line move by move, from the branch point on, as
    ``viewer`` (a seat, or None for the teacher) may read them: one row per move number
    that either line has, and which row is where they part. Two moves count as the same
    when they read the same to the viewer (else "same" would tell a hidden card)."""
    rows, parted = [], False
    for index in range(base, max(len(book), len(mine))):
        theirs = book[index] if index < len(book) else None
        ours = mine[index].ply if index < len(mine) else None

        def said(ply, missing):
            return f"{players[ply.seat]}: {ply.text_for(viewer)}" if ply else missing
        same = theirs is not None and ours is not None and theirs.seat == ours.seat \
            and theirs.text_for(viewer) == ours.text_for(viewer)
        note = "same move" if same else "" if parted else "they part here"
        parted = parted or not same
        rows.append({"#": index + 1, "book": said(theirs, "(the book ends here)"),
                     "your line": said(ours, "(not played yet)"), "": note})
    return rows


LOG_COLUMNS = ("#", "player", "move", "by", "what happened", "rules", "reason")


def log_rows(players, turns: list[Turn], *, viewer: int | None) -> list[dict]:
    """The move log as ``viewer`` (a seat, or None for the teacher) may read it: one dict
    per move with the keys LOG_COLUMNS (no pandas needed)."""
    rows = []
    for number, turn in enumerate(turns, 1):
        events = turn.events_for(viewer)
        rows.append({"#": number, "player": players[turn.ply.seat],
                     "move": turn.text_for(viewer), "by": turn.by,
                     "what happened": sentences(e.text for e in events),
                     "rules": ", ".join(dict.fromkeys(e.rule for e in events)),
                     "reason": turn.reason_for(viewer)})
    return rows


def log_frame(players, turns: list[Turn], *, viewer: int | None) -> pd.DataFrame:
    """The move log as a table, as ``viewer`` may read it: one row per move."""
    import pandas as pd

    return pd.DataFrame(log_rows(players, turns, viewer=viewer), columns=list(LOG_COLUMNS))


def history_rows(game: Game, states: list[State], by=None) -> list[dict]:
    """Each player's scoreboard after every move, one row per player and move ("move",
    "at", then the scoreboard's columns), for charts.

    With ``by`` (state -> a number such as the round), one row per player for each value
    of it: the standing after the last move with that value, in column "at"."""
    rows = []
    for number, state in enumerate(states):
        at = number if by is None else by(state)
        for row in game.scoreboard(state):
            rows.append({"move": number, "at": at, **row})
    if by is None:
        return rows
    last: dict[tuple, dict] = {}   # (at, player) -> its last row, kept in order of first sight
    for row in rows:
        last[(row["at"], row["player"])] = row
    return list(last.values())


def history_frame(game: Game, states: list[State], by=None) -> pd.DataFrame:
    """:func:`history_rows` as a table (long format)."""
    import pandas as pd

    return pd.DataFrame(history_rows(game, states, by))
