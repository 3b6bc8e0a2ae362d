"""The app's state as one traitlets model: what is shown (a worked example or the
learner's own line, the step, the seat viewing, Watch or Practice), what the learner is
doing in it (chosen cards, hints, the page of a setup tour or a long step), what the app
tells them (the message, the spotlight of a scripted lesson) and what they got through.

Only :class:`widgets.app.controller.AppController` writes it. The panels observe the
traits they draw (or ``dlink`` them); a scripted lesson drives the app by asking the
controller, never by setting widgets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import traitlets as t

from widgets.app.modes import PRACTICE, WATCH


@dataclass(frozen=True, eq=False)
class Report:
    """Something the learner got through, for whoever observes ``AppModel.report``:
    "shown" (after every redraw), "tour_seen", "example_watched", "practice_done" (each
    with ``example``), "quiz_graded" (``right``) and "game_over" (``against_bots``,
    ``new_game``). Two reports are never equal, so the same event told twice is two
    changes of the trait."""

    event: str
    detail: dict = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class FocusRequest:
    """Where the keyboard focus should go (CSS selectors, first visible match wins);
    a new request each time, so asking twice moves it twice."""

    selectors: tuple[str, ...]


class AppModel(t.HasTraits):
    """What the app shows and where the learner is. ``book`` and ``branch`` are the
    session objects (tutor.session); they change in place as the learner steps or plays,
    so the controller bumps ``shown`` after every change of what the table shows."""

    # -- what is shown ---------------------------------------------------------------
    example = t.Unicode("")                 # a scenario stem, a loaded file's key, FREE_PLAY
    example_options = t.Tuple()             # (title, key) pairs for the example picker
    book = t.Any(None, allow_none=True)     # the Walkthrough shown, or None in free play
    branch = t.Any(None, allow_none=True)   # the learner's line (a Branch), or None
    step = t.Int(0)                         # the book's step shown (book.position)
    steps = t.Int(0)                        # how many steps the book has
    shown = t.Int(0)                        # bumped whenever the position shown changes
    viewer = t.Int(None, allow_none=True)   # the seat the table is seen as; None: all-seeing
    view_names = t.Tuple()                  # the players the table can be seen as
    teacher_chosen = t.Bool(False)          # all-seeing chosen while playing: keep it
    mode = t.Enum((WATCH, PRACTICE), WATCH)
    practice = t.Any(None, allow_none=True)  # the Practice (tutor.practice) in Practice mode
    verdict = t.Any(None, allow_none=True)   # the practice's last verdict worth telling
    saved_lines = t.Tuple()                 # (label, Branch) of lines the learner left

    # -- what the learner is doing ------------------------------------------------------
    chosen_cards = t.Tuple()                # the cards of the move being composed
    composing = t.Int(None, allow_none=True)  # the seat whose move is composed, or None
    hint_level = t.Int(0)                   # 0 none, 1 the kinds of move, 2 one move
    hints = t.Tuple()                       # the engine's hints at that level
    pager = t.Enum(("", "setup", "parts"), "")   # what the pager steps through, if anything
    pages = t.Tuple()                       # the setup's events, or the long step's parts
    page = t.Int(0)                         # the one told now
    my_seats = t.Tuple((0,))                # the seats ticked to play from here
    seat_names = t.Tuple()                  # the players those ticks are for
    opponent = t.Unicode("heuristic")       # who plays the other seats
    pace = t.Float(1.5, allow_none=True)    # seconds between bot moves; None: on request
    bots_running = t.Bool(False)            # a bot move is on its way
    free_players = t.Int(4)                 # free play: how many players
    free_seed = t.Int(1)                    # free play (and branches): the seed
    free_mine = t.Tuple((0,))               # free play: the seats the learner plays

    # -- what the app tells ---------------------------------------------------------------
    message = t.Unicode("")                 # HTML: a notice, a refusal, what was loaded
    example_watched = t.Bool(False)         # at the last step of an example, in Watch
    next_example = t.Unicode(None, allow_none=True)   # the example after this one
    report = t.Instance(Report, allow_none=True)
    focus = t.Instance(FocusRequest, allow_none=True)
    lesson_stage = t.Int(None, allow_none=True)   # the lesson's stage, when in a lesson
    # A scripted lesson's spotlight: only these cards and this button (a CSS class
    # such as "rt-next") are live, and this line says why.
    spotlight_cards = t.Tuple()
    spotlight_button = t.Unicode("")
    spotlight_line = t.Unicode("")

    @property
    def state(self):
        """The game state on the table."""
        return self.branch.state if self.branch else self.book.state

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def practicing(self) -> bool:
        """In Practice mode on the book (a branch is always played, never practised)."""
        return not self.branch and self.mode == PRACTICE and self.practice is not None
