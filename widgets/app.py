"""The tutor app: pick a worked example (or free play), step through it, branch off and
play, all on the live engine. Generic over games; the table and the move composer come
from the game's own view module (see widgets.game_views), the page's arrangement from
widgets.layout, the tabs beside the table from widgets.panels, the words that narrate
each step from widgets.story.

This module is the controller: it keeps the book or branch being shown, turns clicks
into session calls, and hands each view what it shows. Three parts of it live beside
it: following and writing links and files (widgets.app_links), the learner's progress
and an example's "what next" (widgets.app_progress), and the bots' pace
(widgets.app_bots).
"""

from __future__ import annotations

import html
import re
from contextlib import contextmanager

import ipywidgets as w

from tutor import scenario as scenarios
from tutor.core.game import IllegalMove, NotationError, Rejection
from tutor.core.rng import SEED_LIMIT
from tutor.core.views import preview_for, view
from tutor.games import example_order, get_game, scenario_dir
from tutor.hints import hints
from tutor.practice import Judgement, Practice
from tutor.session import LEARNER, Branch, Turn, Walkthrough, log_rows
from widgets import story
from widgets.cards import STYLE
from widgets.changes import NO_CHANGES, changes_for, mark_table
from widgets.focus import FocusMover
from widgets.game_views import GAME_VIEWS
from widgets.glossary import GLOSSARY_STYLE, explain_terms
from widgets.app_bots import BotPacing
from widgets.app_links import LinksAndFiles
from widgets.app_progress import WhatNextAndProgress
from widgets.layout import arrange
from widgets.modes import FREE_PLAY, PRACTICE, TEACHER, WATCH
from widgets.links import KNOWN, Link, page_pending, read_link
from widgets.panels import Panels
from widgets.practice import PracticePanel
from widgets.quiz import QuizPanel
from widgets.setup_tour import TOUR_STYLE, SetupTour, mark_part
from widgets.step_parts import PARTS_STYLE, StepParts, cut_into_parts, part_as_event
from widgets.table_view import TableView


# A zone's title in a table, whose words the glossary explains.
_TITLE = re.compile(r"(<div class='rt-zone-title'>)(.*?)(</div>)")
OPPONENTS = [("heuristic bot", "heuristic"), ("random bot", "random"),
             ("me too (hot seat)", LEARNER)]
# How bot moves are shown after a learner's move: one at a time, with a pause (seconds),
# or each when the learner presses "Next bot move".
PACES = [("Bots: one move at a time, slowly", 1.5), ("Bots: one move at a time, quickly", 0.5),
         ("Bots: wait for 'Next bot move'", None)]


def load_examples(game_id: str, broken: list[str] | None = None) -> dict[str, Walkthrough]:
    """A game's worked examples by file name, in teaching order (tutor.games.example_order).
    A file that does not load is left out, with its error appended to ``broken``."""
    folder = scenario_dir(game_id)
    examples = {}
    for stem in example_order(game_id):
        try:
            examples[stem] = Walkthrough.load(folder / f"{stem}.yaml")
        except scenarios.ScenarioError as error:
            if broken is not None:
                broken.append(str(error))
    return examples


def _button(description: str, css: str, **kwargs) -> w.Button:
    button = w.Button(description=description, **kwargs)
    button.add_class(css)
    return button


class TutorApp(LinksAndFiles, WhatNextAndProgress, BotPacing, w.VBox):
    """One game's app. ``example`` is a scenario file stem or FREE_PLAY; ``link`` (by
    default the page's query string, see widgets.links) may pick the example, the step,
    the perspective, or free play's player count and seed."""

    def __init__(self, game_id: str = "sneaky_bastard", example: str | None = None,
                 link: Link | None = None):
        self.game = get_game(game_id)
        self.game_view = GAME_VIEWS[game_id]
        self._broken: list[str] = []
        self.examples = load_examples(game_id, self._broken)
        self._linkable = set(self.examples)
        self.book: Walkthrough | None = None
        self.branch: Branch | None = None
        self.saved_lines: list[tuple[str, Branch]] = []   # lines the learner left
        self._bot_timer = None
        self._download_timer = None
        self._teacher_chosen = False   # all-seeing chosen while playing: keep it
        self._progress_listeners = []   # see on_progress
        self._game_over_told = None     # the finished game last reported to them
        self._quiz_right_told = 0

        counts = self.game.player_counts
        self.example_picker = w.Dropdown(
            options=[(wt.listed_title, stem) for stem, wt in self.examples.items()]
            + [("Free play", FREE_PLAY)], description="Example")
        self.example_picker.add_class("rt-example")
        self.free_players = w.BoundedIntText(value=4, min=counts[0], max=counts[-1],
                                             description="Players", layout=w.Layout(width="150px"))
        # A seed the scenario files can carry (see tutor.core.rng.SEED_LIMIT).
        self.free_seed = w.BoundedIntText(value=1, min=0, max=SEED_LIMIT - 1, description="Seed",
                                          layout=w.Layout(width="190px"))
        self.opponents = w.Dropdown(options=OPPONENTS, description="Others",
                                    layout=w.Layout(width="260px"))
        self.opponents.add_class("rt-opponents")
        self.free_start = _button("Start free play", "rt-free-start")
        self.free_seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.free_players.observe(lambda _: self._free_seat_picks(), names="value")
        self._free_seat_picks()
        self.free_box = w.VBox([w.HBox([self.free_players, self.free_seed],
                                       layout=w.Layout(flex_flow="row wrap")),
                                self.free_seats, self.free_start])
        self.free_box.add_class("rt-play-controls")

        self.perspective = w.Dropdown(description="View as")
        self.perspective.add_class("rt-perspective")

        self.restart_button = _button("Restart", "rt-restart", icon="fast-backward",
                                      tooltip="Back to the setup")
        self.back_button = _button("Back", "rt-back", icon="step-backward",
                                   tooltip="One step back (left arrow key)")
        self.next_button = _button("Next", "rt-next", icon="step-forward",
                                   button_style="primary",
                                   tooltip="One step on (right arrow key)")
        self.slider = w.IntSlider(min=0, max=1, readout=False, continuous_update=False)
        self.slider.add_class("rt-slider")
        self.step_label = w.HTML()
        self.step_label.add_class("rt-step-label")
        self.step_controls = w.HBox([self.restart_button, self.back_button, self.next_button,
                                     self.slider, self.step_label])
        self.step_controls.add_class("rt-stepbar")

        self.undo_button = _button("Undo", "rt-undo", icon="undo")
        self.redo_button = _button("Redo", "rt-redo", icon="repeat")
        self.book_button = _button("Back to the book", "rt-to-book", icon="book")
        self.bot_button = _button("Next bot move", "rt-bot-next", icon="play",
                                  button_style="primary")
        self.pace = w.Dropdown(options=PACES, value=PACES[0][1])
        self.pace.add_class("rt-pace")
        self.branch_label = w.HTML()
        self.branch_label.add_class("rt-move-label")
        self.branch_controls = w.HBox([self.undo_button, self.redo_button, self.book_button,
                                       self.bot_button, self.pace, self.branch_label])
        self.branch_controls.add_class("rt-branchbar")

        self.mode = w.ToggleButtons(options=[WATCH, PRACTICE], value=WATCH,
                                    style={"button_width": "auto"},
                                    tooltips=["Step through the book's moves",
                                              "Make each book move yourself"])
        self.mode.add_class("rt-mode")
        self.mode.observe(lambda _: self._mode_changed(), names="value")
        self.practice_panel = PracticePanel(self.game, self._practice_moved,
                                            self._practice_branched)
        self.hint_button = _button("Hint", "rt-play-hint", icon="lightbulb-o",
                                   tooltip="What can I do now? Press again for one move")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.hint_view = w.HTML()
        self.hint_view.add_class("rt-hint-view")
        self._hint_level = 0
        self.hint_box = w.VBox([self.hint_button, self.hint_view])
        # What the last move changed, then the step's narration: one widget, so that a
        # step sends the page one message for both.
        self.narration = w.HTML()
        self.narration.add_class("rt-story")
        # The newest move again, just above the composer, for a phone (widgets.layout
        # hides it where the narration is beside the composer).
        self.latest = w.HTML()
        self.latest.add_class("rt-latest")
        self.setup_tour = SetupTour(self.game.glossary, on_move=self.refresh)
        # A step that tells many things is told part by part (widgets.step_parts).
        self.step_parts = StepParts(self.game.glossary, on_move=self.refresh)
        # At the last step of an example: what to do next, each a button that does it.
        self.practise_button = _button("Practise this example", "rt-what-practise",
                                       icon="pencil", button_style="primary",
                                       tooltip="Make each of the book's moves yourself")
        self.quiz_button = _button("Take the quiz", "rt-what-quiz", icon="question",
                                   tooltip="Questions about this position")
        self.next_example_button = _button("Next example", "rt-what-next", icon="forward",
                                           tooltip="The next worked example")
        self.whole_game_button = _button("Play a game against the bots", "rt-what-play",
                                         icon="play", tooltip="A whole new game: you play "
                                         "Player 1, bots the others, hints on")
        self.practise_button.on_click(lambda _: self._practise_again())
        self.quiz_button.on_click(lambda _: self._take_quiz())
        self.next_example_button.on_click(lambda _: self._next_example())
        self.whole_game_button.on_click(lambda _: self._whole_game())
        self.what_next = w.VBox([
            w.HTML("<b>That was the last step. What next?</b>"),
            w.HBox([self.practise_button, self.quiz_button, self.next_example_button,
                    self.whole_game_button], layout=w.Layout(flex_flow="row wrap"))])
        self.what_next.add_class("rt-what-next-box")
        self.what_next.layout.display = "none"

        self.seat_picks: list[w.Checkbox] = []
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.branch_button = _button("Play from here", "rt-branch", button_style="info",
                                     icon="hand-pointer-o")
        self.lines_picker = w.Dropdown(description="Your lines")
        self.lines_picker.add_class("rt-lines")
        self.return_button = _button("Return to this line", "rt-return")
        self.play_controls = w.VBox()
        self.play_controls.add_class("rt-play-controls")
        # Built once: a refresh only changes which of them show.
        self._try_it = w.HTML("<b>Try it yourself:</b> tick the seats you play, then press "
                              "Play from here.")
        self._branch_row = w.HBox([self.opponents, self.branch_button])
        self._lines_row = w.HBox([self.lines_picker, self.return_button])

        self.table = TableView(on_card=self._card_clicked, on_key=self._key_pressed,
                               on_slot=self._slot_clicked)
        self.composer = self.game_view.composer(self._check_move, self._submit,
                                                self._preview_move)
        self.composer.rules = self.game.rules
        self.composer.glossary = self.game.glossary
        # The cards the composer's move uses are marked on the table as it changes.
        w.dlink((self.composer, "chosen_cards"), (self.table, "chosen"))
        self.link_view = w.HTML()
        self.link_view.add_class("rt-link")
        self.download = w.HTML()
        self.download.add_class("rt-download")
        self.upload = w.FileUpload(accept=".yaml,.yml", multiple=False,
                                   description="Load a game",
                                   tooltip=f"Open a scenario file (.yaml, up to "
                                           f"{scenarios.MAX_FILE_BYTES // 1000:,} KB)")
        self.upload.add_class("rt-upload")
        # The page refuses a bigger file before sending it (upload_limit.js in the template).
        self.upload.add_class(f"rt-max-bytes-{scenarios.MAX_FILE_BYTES}")
        self.upload.observe(lambda _: self._load_upload(), names="value")
        self.message = w.HTML()
        self.message.add_class("rt-message")
        self.focus_mover = FocusMover()
        self.quiz = QuizPanel(self.game, lambda: (self.current_state, self.seen_by()))
        self.quiz.score.observe(lambda _: self._quiz_graded(), names="value")
        self.panels = Panels(self.game, self.game_view.chart_title,
                             self.game_view.chart_columns, self.game_view.chart_by,
                             self.game_view.chart_x_title, self.quiz)

        self.example_picker.observe(lambda _: self._quiet or self._choose_example(),
                                    names="value")
        self.free_start.on_click(lambda _: self.start_free_play())
        self._quiet = False
        self.perspective.observe(lambda _: self._perspective_changed(), names="value")
        self.restart_button.on_click(lambda _: self._step(lambda b: b.restart()))
        self.back_button.on_click(lambda _: self._step(lambda b: b.back()))
        self.next_button.on_click(lambda _: self._step(lambda b: b.next()))
        self.slider.observe(lambda c: self._slid(c["new"]), names="value")
        self.branch_button.on_click(lambda _: self.start_branch())
        self.undo_button.on_click(lambda _: self._branch_action(Branch.undo))
        self.redo_button.on_click(lambda _: self._branch_action(Branch.redo))
        self.book_button.on_click(lambda _: self.back_to_book())
        self.bot_button.on_click(lambda _: self.bot_move())
        self.return_button.on_click(lambda _: self.return_to_line())

        super().__init__(arrange(
            STYLE + GLOSSARY_STYLE + TOUR_STYLE + PARTS_STYLE,
            topbar=[self.example_picker, self.perspective, self.mode, self.step_controls,
                    self.branch_controls],
            left=[self.table],
            right=[self.narration, self.step_parts, self.what_next, self.setup_tour,
                   self.message,
                   self.practice_panel, self.free_box, self.play_controls,
                   self.latest, self.composer, self.hint_box, self.panels],
            footer=[self.link_view, self.download, self.upload, self.focus_mover]))
        self.add_class("rt-app")
        broken = [f"an example could not be loaded: {error}" for error in self._broken]
        opened = None
        if link is None and page_pending():
            # A preheated kernel opens the first example now, before any student waits
            # for it: a link that names nothing else then costs the student no work.
            plain = Link(notices=list(broken))
            opened = self._linked_example(plain, example)
            self._open(opened, plain)
        link = read_link() if link is None else link
        link.notices += broken
        chosen = self._linked_example(link, example)
        asks_more = len(link.notices) > len(broken) or any(
            getattr(link, name) is not None for name in KNOWN if name not in ("game", "example"))
        if chosen != opened or asks_more:
            self._open(chosen, link)

    def _open(self, name: str, link: Link) -> None:
        """Show example ``name`` (or free play) at the step and perspective the link
        names, drawing the app once."""
        with self._quietly():
            self.example_picker.value = name
        self._choose_example(redraw=False)
        self._apply_link(link)

    # -- compatibility views of the panels ---------------------------------------------

    @property
    def tabs(self) -> Panels:
        return self.panels

    @property
    def scores(self) -> w.HTML:
        return self.panels.scores

    @property
    def log_view(self) -> w.HTML:
        return self.panels.log_view

    @property
    def comparison(self) -> w.HTML:
        return self.panels.comparison

    @property
    def chart(self):
        return self.panels.chart

    # -- what is shown -------------------------------------------------------------

    @property
    def current_state(self):
        return self.branch.state if self.branch else self.book.state

    @property
    def players(self) -> tuple[str, ...]:
        return self.current_state.players

    def seen_by(self) -> int | None:
        value = self.perspective.value
        return None if value in (None, TEACHER) else value

    def _last_move(self):
        """(state before, the ply) of the move that led to what is shown, or None at the
        setup of an example or the start of a game."""
        match = self.branch.match if self.branch else self.book.match
        at = len(match.plies) if self.branch else self.book.position
        if at == 0:
            return None
        return match.states[at - 1], match.plies[at - 1]

    def refresh(self) -> None:
        state = self.current_state
        seer = self.seen_by()
        seen = view(self.game, state, seer)
        last = self._last_move()
        # The setup tour first: the table marks the part of the setup it tells. Not in
        # practice: there the question of the first move comes first (the tour is
        # Watch's, and it pushed the question below the table on a phone).
        if self.book and not self.branch and self.book.step is None \
                and not self.practicing:
            self.setup_tour.show([e.for_viewer(seer) for e in self.book.opening_events])
        else:
            self.setup_tour.hide()
        book_step = self.book.step if self.book and not self.branch else None
        if book_step is not None:
            self.step_parts.show(cut_into_parts(self.game, book_step.events_for(seer)))
        else:
            self.step_parts.hide()
        changes = (changes_for(self.game, last[0], state, seer, last[1].seat) if last
                   else NO_CHANGES)
        seat = self._composing_seat()
        pickable = slots = frozenset()
        if seat is not None:
            pickable = frozenset(f["id"] for zone in self.composer.pickable_zones(seat)
                                 for f in seen["zones"].get(zone, []) if "id" in f)
            slots = self.composer.pickable_slots(seen, seat)
        # Spread out the hand of the seat viewed; all-seeing, that of the seat to act.
        expanded = seer if seer is not None else (
            seat if seat is not None else next(iter(seen["to_act"]), None))
        table = self.game_view.table(seen)
        if self.game_view.last and last:
            completed = self.game_view.last(view(self.game, last[0], seer), seen, last[1].move)
            table = self.game_view.table(seen, completed) if completed else table
        table = _TITLE.sub(lambda m: m.group(1) + explain_terms(m.group(2), self.game.glossary)
                           + m.group(3), table)
        table = mark_table(table, changes, expanded, pickable, slots)
        told = self.setup_tour.current     # None unless step 0 of an example
        part = self.step_parts.current     # None unless a long step of an example
        if part is not None:
            told = part_as_event(part)
        if told is not None:
            table = mark_part(table, told, self.players)
        self.table.value = table
        last_step = (story.last_move_html(self.players, last[1].seat, changes, seen)
                     if last else "")
        book, branch = self.book, self.branch
        self.free_box.layout.display = ("" if self.example_picker.value == FREE_PLAY
                                        and not branch else "none")
        self.step_controls.layout.display = "none" if branch or not book else ""
        self.branch_controls.layout.display = "" if branch else "none"
        self.mode.layout.display = "" if book and not branch else "none"
        practicing = self.practicing
        self.practice_panel.layout.display = "" if practicing else "none"
        for control in (self.back_button, self.next_button, self.slider):
            control.layout.visibility = "hidden" if practicing else "visible"
        if book and not branch:
            self.step_label.value = f"Step {book.position} of {book.size}"
            self._move_slider(book.position, book.size)
            self.back_button.disabled = self.restart_button.disabled = book.position == 0
            self.next_button.disabled = book.position == book.size
            narration = story.step_html(book, seer, self.game.glossary, practicing,
                                        in_parts=self.step_parts.current is not None)
            turns = [Turn(p, "book") for p in book.plies()]
            states = book.match.states[:book.position + 1]
            steps_shown = book.steps[:book.position]
        else:
            narration = story.branch_html(self.game, branch, seer)
            turns = branch.turns
            states = branch.match.states
            steps_shown = ()
        self.narration.value = last_step + f"<div class='rt-narration'>{narration}</div>"
        self._update_what_next()
        self._tell_progress(told)
        self.latest.value = story.newest_move_html(branch, seer)
        self._update_play_controls()
        self._update_composer(seen)
        units = self.game_view.units
        self.panels.show(states, lambda: story.score_rows(self.game, units, state),
                         lambda: log_rows(self.players, turns, viewer=seer),
                         lambda: story.comparison_html(self.game, units, branch, seer),
                         lambda: story.rules_cited_html(self.game, turns, steps_shown))
        self._update_link_and_download()

    def _update_what_next(self) -> None:
        book = self.book
        ended = bool(book and not self.branch and not self.practicing
                     and book.position == book.size)
        self.what_next.layout.display = "" if ended else "none"
        if ended:
            self.next_example_button.layout.display = (
                "" if self._example_after() is not None else "none")

    def _move_slider(self, position: int, size: int) -> None:
        """Set the slider to ``position`` of ``size``, each in its own message, in the
        order that never leaves the old value beyond the new end: the page clamps such a
        value to the end and sends that back as a jump (a longer example chosen after a
        shorter one opened at its last step)."""
        with self._quietly():
            if position > self.slider.max:
                self.slider.max = size
                self.slider.value = position
            else:
                self.slider.value = position
                self.slider.max = size

    def _update_play_controls(self) -> None:
        if self.branch:
            self.undo_button.disabled = not self.branch.can_undo()
            self.redo_button.disabled = not self.branch.redo_stack
            self.book_button.layout.display = "" if self.book else "none"
            waiting = self.branch.bot_to_act() is not None
            self.bot_button.layout.display = ("" if waiting and self.pace.value is None
                                              else "none")
            self.branch_label.value = ("Game over" if self.branch.over else
                                       f"Move {len(self.branch.turns)}")
            if self.play_controls.children:
                self.play_controls.children = []
            return
        if [box.description for box in self.seat_picks] != [
                f"I play {name}" for name in self.players]:
            viewed = self.seen_by()   # the seat viewed is the seat played (see _play_seat_viewed)
            self.seat_picks = [w.Checkbox(value=i == (viewed or 0), description=f"I play {name}",
                                          indent=False, layout=w.Layout(width="auto"))
                               for i, name in enumerate(self.players)]
            for box in self.seat_picks:
                box.add_class("rt-seat-pick")
                box.observe(lambda _: self._seat_picks_changed(), names="value")
            self.seat_box.children = self.seat_picks
        if not self.book or self.practicing:
            if self.play_controls.children:
                self.play_controls.children = []
            return
        rows = [self._try_it, self.seat_box, self._branch_row]
        if self.saved_lines:
            options = [(label, i) for i, (label, _) in enumerate(self.saved_lines)]
            if list(self.lines_picker.options) != options:
                self.lines_picker.options = options
                self.lines_picker.value = len(self.saved_lines) - 1
            rows.append(self._lines_row)
        if list(self.play_controls.children) != rows:
            self.play_controls.children = rows

    def _learner_seat(self) -> int | None:
        """The seat the learner moves for now: in a branch, their seat to act; in
        practice, the seat whose book move comes next."""
        if self.branch:
            return self.branch.learner_to_act()
        if self.practicing:
            return self.practice_panel.practice.seat
        return None

    @property
    def practicing(self) -> bool:
        return (not self.branch and self.mode.value == PRACTICE
                and self.practice_panel.practice is not None)

    def _composing_seat(self) -> int | None:
        """The seat whose move the composer builds now, or None."""
        if self._bot_timer is not None:
            return None
        seat = self._learner_seat()
        if seat is None or self.seen_by() not in (None, seat):
            return None
        return seat

    def _update_composer(self, seen: dict) -> None:
        seat = self._learner_seat()
        composing = self._composing_seat()
        # A hint is for one seat at one position: anything else clears it, so that no
        # hidden hint box keeps an old hint in the page.
        asked = self._hint_for
        if asked is None or asked[0] is not self.current_state or asked[1] != composing:
            self.hint_view.value, self._hint_level, self._hint_for = "", 0, None
        if composing is None:
            self.hint_box.layout.display = "none"
            self.composer.layout.display = "none"
            self.composer.clear()
            if seat is not None and self._bot_timer is None:
                name = html.escape(self.players[seat])
                self.message.value = (f"It is {name}'s turn: view the table as {name} "
                                      "(or all-seeing) to choose the move.")
            return
        self.composer.layout.display = ""
        self.hint_box.layout.display = "none" if self.practicing else ""
        rejection = self.game.forced(self.current_state, composing)
        forced = f"[{rejection.rule}] {rejection.reason}" if rejection else None
        self.composer.show_for(seen, composing, forced)

    # -- actions -------------------------------------------------------------------

    def _choose_example(self, redraw: bool = True) -> None:
        self._stop_bots()
        self.branch = None
        self._leave_practice()
        if self.example_picker.value == FREE_PLAY:
            self.book = None
            self.start_free_play()
            return
        self.book = self.examples[self.example_picker.value]
        self.book.restart()
        self.message.value = ""
        self._set_perspectives()
        if redraw:
            self.refresh()

    def _set_perspectives(self) -> None:
        options = [("All-seeing (teacher)", TEACHER)] + [
            (name, seat) for seat, name in enumerate(self.players)]
        if list(self.perspective.options) != options:
            with self._quietly():
                self.perspective.options = options
                self.perspective.value = TEACHER

    @contextmanager
    def _quietly(self):
        """Change widgets without each change redrawing the app: the caller redraws once."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    def _set_perspective(self, seat: int) -> None:
        """Show the table as ``seat`` without a refresh of its own."""
        with self._quietly():
            self.perspective.value = seat

    def _perspective_changed(self) -> None:
        if self._quiet:
            return
        seat = self.seen_by()
        if self.branch or self.practicing:
            self._teacher_chosen = seat is None
        self._play_seat_viewed()
        self.refresh()

    def _play_seat_viewed(self) -> None:
        """Choosing to see the table as a player also picks that player to play."""
        seat = self.seen_by()
        if not self.branch and not self.practicing and seat is not None and self.seat_picks:
            with self._quietly():
                for index, box in enumerate(self.seat_picks):
                    box.value = index == seat

    def _seat_picks_changed(self) -> None:
        if self._quiet or self.branch:
            return
        mine = [seat for seat, box in enumerate(self.seat_picks) if box.value]
        if len(mine) == 1:
            self._set_perspective(mine[0])
            self.refresh()

    def _step(self, action) -> None:
        if self.book and not self.branch and not self.practicing:
            action(self.book)
            self.message.value = ""
            self.refresh()

    def _mode_changed(self) -> None:
        """Watch steps through the book; Practice asks the learner for each book move,
        from the step shown."""
        if self._quiet:
            return
        if self.mode.value == PRACTICE and self.book and not self.branch:
            if self.book.position == self.book.size:
                self.book.restart()
            self.practice_panel.start(Practice(self.book))
            self._teacher_chosen = False
            self._follow_practice()
        else:
            self.practice_panel.practice = None
        self.message.value = ""
        self.refresh()
        if self.practicing:
            self.focus_mover.focus()

    def _follow_practice(self) -> None:
        """View the table as the seat whose move is asked (unless all-seeing was chosen)."""
        seat = self.practice_panel.practice.seat if self.practicing else None
        if seat is not None and not self._teacher_chosen:
            self._set_perspective(seat)

    def _leave_practice(self) -> None:
        """Back to Watch without a redraw of its own (the caller redraws)."""
        self.practice_panel.practice = None
        with self._quietly():
            self.mode.value = WATCH

    def _practice_moved(self) -> None:
        self._follow_practice()
        self.refresh()
        if self.practicing and self.practice_panel.practice.done:
            self._tell("practice_done", example=self.example_picker.value)

    def _practice_branched(self, branch: Branch) -> None:
        """The learner plays on from their own move: a branch, as "Play from here" makes."""
        self._leave_practice()
        self.branch = branch
        self._teacher_chosen = False
        self._follow_learner()
        self._after_learner()
        self.focus_mover.focus()

    def _slid(self, position: int) -> None:
        # refresh() moves the slider to the step shown: that echo is no step of its own.
        if self._quiet:
            return
        if self.book and position != self.book.position:
            self._step(lambda b: b.jump(position))

    def _key_pressed(self, key: str) -> None:
        if key == "ArrowRight":
            self._step(lambda b: b.next())
        elif key == "ArrowLeft":
            self._step(lambda b: b.back())

    def _card_clicked(self, card_id: str) -> None:
        if self._composing_seat() is not None:
            self.composer.pick_card(card_id)

    def _slot_clicked(self, slot: str) -> None:
        if self._composing_seat() is not None:
            self.composer.pick_slot(slot)

    def controllers(self) -> dict[int, str]:
        mine = {seat for seat, box in enumerate(self.seat_picks) if box.value}
        return {seat: LEARNER if seat in mine else self.opponents.value
                for seat in range(len(self.players))}

    def start_branch(self) -> None:
        """Branch off the book at the current step with the chosen seats."""
        if not any(box.value for box in self.seat_picks):
            self.message.value = "<span class='rt-error'>Tick at least one seat to play.</span>"
            return
        self.branch = Branch.from_book(self.book, self.controllers(), seed=self.free_seed.value,
                                       autoplay=False)
        self._teacher_chosen = False
        self.message.value = ""
        self._follow_learner()
        self._after_learner()
        self.focus_mover.focus()

    def _free_seat_picks(self) -> None:
        self.free_seats.children = [
            w.Checkbox(value=i == 0, description=f"I play Player {i + 1}", indent=False,
                       layout=w.Layout(width="auto"))
            for i in range(self.free_players.value)]

    def start_free_play(self) -> None:
        count = self.free_players.value
        players = [f"Player {i + 1}" for i in range(count)]
        mine = {i for i, box in enumerate(self.free_seats.children) if box.value} or {0}
        controllers = {s: LEARNER if s in mine else self.opponents.value
                       for s in range(count)}
        self.play_from(Branch.new_game(self.game, players, controllers, self.free_seed.value,
                                       autoplay=False))

    def play_from(self, branch: Branch) -> None:
        """Show ``branch``, a line the learner plays on from a new game or from any
        position (Branch.new_game, Branch.from_state), with the table viewed as the
        learner's first seat; bots answer at the chosen pace."""
        self._stop_bots()
        self._leave_practice()
        self.book, self.branch = branch.book, branch
        self._hint_for = None    # a new line: the hint shown was for another
        self._set_perspectives()
        mine = [seat for seat, kind in branch.controllers.items() if kind == LEARNER]
        if mine:
            self._set_perspective(min(mine))
        self._teacher_chosen = False
        self.message.value = ""
        self._after_learner()
        self.focus_mover.focus()

    def back_to_book(self) -> None:
        """Leave the branch for the book; the branch is kept in "Your lines"."""
        self._stop_bots()
        if self.branch and self.book and len(self.branch.turns) > self.branch.base:
            label = (f"Line {len(self.saved_lines) + 1}: from step {self.branch.base}, "
                     f"{len(self.branch.turns) - self.branch.base} moves")
            self.saved_lines.append((label, self.branch))
        self.branch = None
        self.message.value = ""
        self.refresh()

    def return_to_line(self) -> None:
        """Go back into a line the learner left, as it was."""
        index = self.lines_picker.value
        if index is None or not 0 <= index < len(self.saved_lines):
            return
        _, branch = self.saved_lines.pop(index)
        self.book = branch.book
        self.branch = branch
        self._follow_learner()
        self._after_learner()
        self.focus_mover.focus()

    def _branch_action(self, action) -> None:
        if self.branch:
            self._stop_bots()
            action(self.branch)
            self.message.value = ""
            self._follow_learner()
            self._after_learner()

    # -- the learner's move ------------------------------------------------------------

    def _check_move(self, move):
        seat = self._learner_seat()
        return None if seat is None else self.game.check(self.current_state, seat, move)

    def _preview_move(self, move) -> list:
        """The events ``move`` would cause, from a trial apply on a copy of the state."""
        seat = self._learner_seat()
        return preview_for(self.game, self.current_state, seat, move, self.seen_by())

    _hint_for = None   # (state, seat) the hint shown was asked for (the state itself:
    #                    an id() could be a later state's once the first is freed)

    def show_hint(self) -> None:
        """Hints from the engine for the seat composing: first the kinds of move open, each
        with its rule and bound; pressed again, one concrete move."""
        seat = self._composing_seat()
        if seat is None:
            return
        self._hint_level = 2 if self._hint_level == 1 else 1
        self._hint_for = (self.current_state, seat)
        found = hints(self.game, self.current_state, seat, self._hint_level)
        head = "What you can do now:" if self._hint_level == 1 else "One move you could make:"
        items = "".join(f"<li>{html.escape(h.text)}</li>" for h in found)
        self.hint_view.value = explain_terms(f"{head}<ul>{items}</ul>", self.game.glossary)

    def play(self, move) -> None:
        """Play a move (a value or its notation) for the learner's seat to act, as the
        composer's buttons do: a refusal shows under the composer."""
        self._submit(move)

    def _submit(self, move) -> None:
        seat = self._learner_seat()
        if seat is None:
            return
        if move is None:
            self.composer.refuse(None, "Choose the cards first.")
            return
        if self.practicing:
            verdict = self.practice_panel.judge(move)
            if verdict is not None and verdict.judgement == Judgement.ILLEGAL:
                self.composer.refuse(Rejection(verdict.rule, verdict.reason)
                                     if verdict.rule else None, verdict.reason)
            return
        try:
            self.branch.play(seat, move, bots=False)
        except IllegalMove as error:
            self.composer.refuse(error.rejection)
            return
        except NotationError as error:
            self.composer.refuse(None, str(error))
            return
        self.message.value = ""
        self._follow_learner()
        self._after_learner()
