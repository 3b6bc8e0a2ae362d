"""The tutor app: pick a worked example (or free play), step through it, branch off and
play, all on the live engine. Generic over games; the table and the move composer come
from the game's own view module (see widgets.games), the page's arrangement from
widgets.app.layout, the tabs beside the table from widgets.panels.panels, the words that narrate
each step from widgets.panels.story.

Three parts: the model (widgets.app.model) holds the app's state; the controller
(widgets.app.controller), with no widgets, is its only writer; this module builds the
widgets, forwards their clicks to the controller and draws what the model says, each
part observing the traits it draws.
"""

from __future__ import annotations

import asyncio
import base64
import html
import re

import ipywidgets as w

from tutor import scenario as scenarios
from tutor.core.rng import SEED_LIMIT
from tutor.core.views import preview_for, view
from tutor.games import get_game
from tutor.session import LEARNER, SecretError, Turn, log_rows
from widgets.app.controller import AppController, load_examples
from widgets.app.focus import FocusMover
from widgets.app.layout import arrange
from widgets.app.model import AppModel
from widgets.app.modes import FREE_PLAY, PRACTICE, TEACHER, WATCH
from widgets.games import game_view
from widgets.pages.links import KNOWN, Link, page_pending, read_link
from widgets.panels import story
from widgets.panels.glossary import GLOSSARY_STYLE, explain_terms
from widgets.panels.panels import TITLES, Panels
from widgets.panels.practice import PracticePanel
from widgets.panels.quiz import QuizPanel
from widgets.panels.setup_tour import TOUR_STYLE, SetupTour, mark_part
from widgets.panels.step_parts import PARTS_STYLE, StepParts, part_as_event
from widgets.table.cards import STYLE
from widgets.table.changes import NO_CHANGES, changes_for, mark_table
from widgets.table.table_view import TableView

# A zone's title in a table, whose words the glossary explains.
_TITLE = re.compile(r"(<div class='rt-zone-title'>)(.*?)(</div>)")
OPPONENTS = [("heuristic bot", "heuristic"), ("random bot", "random"),
             ("me too (hot seat)", LEARNER)]
# How bot moves are shown after a learner's move: one at a time, with a pause (seconds),
# or each when the learner presses "Next bot move".
PACES = [("Bots: one move at a time, slowly", 1.5), ("Bots: one move at a time, quickly", 0.5),
         ("Bots: wait for 'Next bot move'", None)]
SPOTLIGHT_STYLE = """
<style>
.rt-app [data-spotlight]{outline:3px solid #f9a825!important;outline-offset:2px}
.rt-app .rt-spotlit{box-shadow:0 0 0 3px #f9a825!important}
.rt-spotlight-line{font-weight:600;background:#fff8e1;border-left:4px solid #f9a825;
  padding:2px 6px}
</style>
"""


def _button(description: str, css: str, **kwargs) -> w.Button:
    button = w.Button(description=description, **kwargs)
    button.add_class(css)
    return button


def _on_click(button: w.Button, action) -> None:
    button.on_click(lambda _: action())


def _on_value(widget: w.Widget, action) -> None:
    """Call ``action(value)`` when the learner changes ``widget``'s value. The widgets
    are drawn from the model and each controller method ignores the value the model
    already has, so a widget drawn from the model calls back to no effect."""
    widget.observe(lambda change: action(change["new"]), names="value")


def _shown(widget: w.Widget, shown: bool) -> None:
    display = "" if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def _choose(dropdown: w.Dropdown, options, value) -> None:
    """Give ``dropdown`` these options and this value. New options are set with nothing
    chosen (None), so the dropdown does not choose its first option on its way."""
    options = tuple(options)
    if tuple(dropdown.options) != options:
        dropdown.index = None
        dropdown.options = options
    if value in [key for _, key in options] and dropdown.value != value:
        dropdown.value = value


def mark_spotlight(table: str, cards) -> str:
    """The table's HTML with ``cards`` (ids) marked ``data-spotlight``."""
    for card in cards:
        needle = f"data-card='{html.escape(card, quote=True)}'"
        table = table.replace(needle, needle + " data-spotlight=''")
    return table


class TutorApp(w.VBox):
    """One game's app. ``example`` is a scenario file stem or FREE_PLAY; ``link`` (by
    default the page's query string, see widgets.pages.links) may pick the example, the step,
    the perspective, or free play's player count and seed. ``model`` is its state,
    ``controller`` what changes it."""

    def __init__(self, game_id: str = "sneaky_bastard", example: str | None = None,
                 link: Link | None = None):
        self.game = get_game(game_id)
        self.game_view = game_view(game_id)
        broken: list[str] = []
        self.model = AppModel()
        self.controller = AppController(self.game, load_examples(game_id, broken),
                                        self.model)
        self._download_timer = None
        self._build_topbar()
        self._build_play_controls()
        self._build_teaching()
        self._build_table_and_footer()
        super().__init__(arrange(
            STYLE + self.game_view.css + GLOSSARY_STYLE + TOUR_STYLE + PARTS_STYLE
            + SPOTLIGHT_STYLE,
            topbar=[self.example_picker, self.perspective, self.mode, self.step_controls,
                    self.branch_controls],
            left=[self.table],
            right=[self.spotlight_line, self.narration, self.step_parts, self.what_next,
                   self.setup_tour, self.message, self.practice_panel, self.free_box,
                   self.play_controls, self.latest, self.composer, self.hint_box,
                   self.panels],
            footer=[self.link_view, self.download, self.upload, self.focus_mover]))
        self.add_class("rt-app")
        self._observe_model()
        self._open_first(link, example, [f"an example could not be loaded: {error}"
                                         for error in broken])

    # -- building ------------------------------------------------------------------

    def _build_topbar(self) -> None:
        c = self.controller
        self.example_picker = w.Dropdown(options=self.model.example_options,
                                         description="Example")
        self.example_picker.add_class("rt-example")
        self.perspective = w.Dropdown(description="View as")
        self.perspective.add_class("rt-perspective")
        self.mode = w.ToggleButtons(options=[WATCH, PRACTICE], value=WATCH,
                                    style={"button_width": "auto"},
                                    tooltips=["Step through the book's moves",
                                              "Make each book move yourself"])
        self.mode.add_class("rt-mode")
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
        # A dropdown says None while its options change (see _choose): no choice.
        _on_value(self.example_picker, lambda name: name is None or c.choose_example(name))
        _on_value(self.perspective, lambda seat: seat is None or c.set_viewer(
            None if seat == TEACHER else seat))
        _on_value(self.mode, c.set_mode)
        _on_value(self.slider, c.jump)
        _on_value(self.pace, c.set_pace)
        for button, action in ((self.restart_button, c.restart), (self.back_button, c.back),
                               (self.next_button, c.next), (self.undo_button, c.undo),
                               (self.redo_button, c.redo), (self.book_button, c.back_to_book),
                               (self.bot_button, c.bot_move)):
            _on_click(button, action)

    def _build_play_controls(self) -> None:
        c, counts = self.controller, self.game.player_counts
        self.free_players = w.BoundedIntText(value=self.model.free_players, min=counts[0],
                                             max=counts[-1], description="Players",
                                             layout=w.Layout(width="150px"))
        # A seed the scenario files can carry (see tutor.core.rng.SEED_LIMIT).
        self.free_seed = w.BoundedIntText(value=1, min=0, max=SEED_LIMIT - 1, description="Seed",
                                          layout=w.Layout(width="190px"))
        self.opponents = w.Dropdown(options=OPPONENTS, description="Others",
                                    layout=w.Layout(width="260px"))
        self.opponents.add_class("rt-opponents")
        self.free_start = _button("Start free play", "rt-free-start")
        self.free_seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.free_box = w.VBox([w.HBox([self.free_players, self.free_seed],
                                       layout=w.Layout(flex_flow="row wrap")),
                                self.free_seats, self.free_start])
        self.free_box.add_class("rt-play-controls")
        self.seat_picks: list[w.Checkbox] = []
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.branch_button = _button("Play from here", "rt-branch", button_style="info",
                                     icon="hand-pointer-o")
        self.lines_picker = w.Dropdown(description="Your lines")
        self.lines_picker.add_class("rt-lines")
        self.return_button = _button("Return to this line", "rt-return")
        self.play_controls = w.VBox()
        self.play_controls.add_class("rt-play-controls")
        # Built once: a redraw only changes which of them show.
        self._try_it = w.HTML("<b>Try it yourself:</b> tick the seats you play, then press "
                              "Play from here.")
        self._branch_row = w.HBox([self.opponents, self.branch_button])
        self._lines_row = w.HBox([self.lines_picker, self.return_button])
        _on_value(self.free_players, lambda count: c.set_free_game(players=count))
        _on_value(self.free_seed, lambda seed: c.set_free_game(seed=seed))
        _on_value(self.opponents, c.set_opponent)
        _on_click(self.free_start, c.start_free_play)
        _on_click(self.branch_button, c.start_branch)
        _on_click(self.return_button, lambda: c.return_to_line(self.lines_picker.value))

    def _build_teaching(self) -> None:
        c = self.controller
        self.practice_panel = PracticePanel(self.game, c)
        self.hint_button = _button("Hint", "rt-play-hint", icon="lightbulb-o",
                                   tooltip="What can I do now? Press again for one move")
        self.hint_view = w.HTML()
        self.hint_view.add_class("rt-hint-view")
        self.hint_box = w.VBox([self.hint_button, self.hint_view])
        # What the last move changed, then the step's narration: one widget, so that a
        # step sends the page one message for both.
        self.narration = w.HTML()
        self.narration.add_class("rt-story")
        # The newest move again, just above the composer, for a phone (widgets.app.layout
        # hides it where the narration is beside the composer).
        self.latest = w.HTML()
        self.latest.add_class("rt-latest")
        self.spotlight_line = w.HTML(layout=w.Layout(display="none"))   # a lesson's line
        self.spotlight_line.add_class("rt-spotlight-line")
        # The setup and a long step are told part by part, on one pager each.
        self.setup_tour = SetupTour(self.game.glossary, on_go=c.go_page)
        self.step_parts = StepParts(self.game.glossary, on_go=c.go_page)
        self._build_what_next()
        _on_click(self.hint_button, c.hint)

    def _build_what_next(self) -> None:
        """At the last step of an example: what to do next, each a button that does it."""
        c = self.controller
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
        _on_click(self.practise_button, c.practise_again)
        _on_click(self.quiz_button, self.take_quiz)
        _on_click(self.next_example_button, c.next_example)
        _on_click(self.whole_game_button, c.whole_game)
        self.what_next = w.VBox([
            w.HTML("<b>That was the last step. What next?</b>"),
            w.HBox([self.practise_button, self.quiz_button, self.next_example_button,
                    self.whole_game_button], layout=w.Layout(flex_flow="row wrap"))])
        self.what_next.add_class("rt-what-next-box")
        self.what_next.layout.display = "none"

    def _build_table_and_footer(self) -> None:
        c, m = self.controller, self.model
        self.table = TableView(on_card=self._card_clicked, on_key=self._key_pressed,
                               on_slot=self._slot_clicked)
        self.composer = self.game_view.composer(c.check_move, self._submit, self._preview_move)
        self.composer.rules = self.game.rules
        self.composer.glossary = self.game.glossary
        # The cards the composer's move uses are marked on the table as it changes.
        self.composer.observe(lambda change: c.choose_cards(change["new"]),
                              names="chosen_cards")
        w.dlink((m, "chosen_cards"), (self.table, "chosen"), list)
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
        w.dlink((m, "message"), (self.message, "value"))
        self.focus_mover = FocusMover()
        self.quiz = QuizPanel(
            self.game, lambda: (m.state, m.viewer),
            example=lambda: (m.book, m.book.position)
            if m.book is not None and m.branch is None else None,
            go_to=c.jump)
        self.quiz.score.observe(lambda _: c.quiz_graded(self.quiz.session.right),
                                names="value")
        self.panels = Panels(self.game, self.game_view.chart_title,
                             self.game_view.chart_columns, self.game_view.chart_by,
                             self.game_view.chart_x_title, self.quiz)

    def _open_first(self, link: Link | None, example: str | None, broken: list[str]) -> None:
        """Open what the link names (by default the page's), drawing the app once."""
        c = self.controller
        opened = None
        if link is None and page_pending():
            # A preheated kernel opens the first example now, before any student waits
            # for it: a link that names nothing else then costs the student no work.
            plain = Link(notices=list(broken))
            opened = c.linked_example(plain, example)
            c.open_link(opened, plain)
        link = read_link() if link is None else link
        link.notices += broken
        chosen = c.linked_example(link, example)
        asks_more = len(link.notices) > len(broken) or any(
            getattr(link, name) is not None for name in KNOWN if name not in ("game", "example"))
        if chosen != opened or asks_more:
            c.open_link(chosen, link)

    # -- observing the model ---------------------------------------------------------

    def _observe_model(self) -> None:
        m = self.model
        m.observe(lambda _: self._draw_pickers(), names=["example_options", "example",
                                                        "view_names", "viewer"])
        m.observe(lambda _: self._draw_mode(), names="mode")
        m.observe(lambda _: self._draw_free_play(), names=["free_players", "free_seed",
                                                          "free_mine", "opponent", "pace"])
        m.observe(lambda _: self._draw_seat_picks(), names=["seat_names", "my_seats"])
        m.observe(lambda _: self._draw_hints(), names=["hints", "hint_level", "composing"])
        m.observe(lambda _: self._draw_what_next(), names=["example_watched", "next_example"])
        m.observe(lambda change: self.focus_mover.focus(change["new"].selectors),
                  names="focus")
        m.observe(lambda _: self._draw_spotlight(), names=["spotlight_cards",
                                                          "spotlight_button", "spotlight_line"])
        m.observe(lambda _: self.redraw(), names="shown")
        self._draw_pickers()
        self._draw_free_play()

    def _draw_pickers(self) -> None:
        """The example picker and "View as", as the model says."""
        m = self.model
        _choose(self.example_picker, m.example_options, m.example or None)
        _choose(self.perspective, [("All-seeing (teacher)", TEACHER)] + [
            (name, seat) for seat, name in enumerate(m.view_names)],
            TEACHER if m.viewer is None else m.viewer)

    def _draw_mode(self) -> None:
        self.mode.value = self.model.mode

    def _draw_free_play(self) -> None:
        m, c = self.model, self.controller
        self.free_players.value = m.free_players
        self.free_seed.value = m.free_seed
        self.opponents.value = m.opponent
        self.pace.value = m.pace
        if len(self.free_seats.children) != m.free_players:
            boxes = [w.Checkbox(value=False, description=f"I play Player {i + 1}",
                                indent=False, layout=w.Layout(width="auto"))
                     for i in range(m.free_players)]
            for seat, box in enumerate(boxes):
                _on_value(box, lambda mine, seat=seat: c.pick_free_seat(seat, mine))
            self.free_seats.children = boxes
        for seat, box in enumerate(self.free_seats.children):
            box.value = seat in m.free_mine

    def _draw_seat_picks(self) -> None:
        m, c = self.model, self.controller
        if [box.description for box in self.seat_picks] != [
                f"I play {name}" for name in m.seat_names]:
            self.seat_picks = [w.Checkbox(value=False, description=f"I play {name}",
                                          indent=False, layout=w.Layout(width="auto"))
                               for name in m.seat_names]
            for seat, box in enumerate(self.seat_picks):
                box.add_class("rt-seat-pick")
                _on_value(box, lambda mine, seat=seat: c.pick_seat(seat, mine))
            self.seat_box.children = self.seat_picks
        for seat, box in enumerate(self.seat_picks):
            box.value = seat in m.my_seats

    def _draw_hints(self) -> None:
        """The hint for the seat composing (in practice, the practice panel's own)."""
        m = self.model
        if m.practicing or not m.hints:
            self.hint_view.value = ""
            return
        head = "What you can do now:" if m.hint_level == 1 else "One move you could make:"
        items = "".join(f"<li>{html.escape(h.text)}</li>" for h in m.hints)
        self.hint_view.value = explain_terms(f"{head}<ul>{items}</ul>", self.game.glossary)

    def _draw_what_next(self) -> None:
        m = self.model
        _shown(self.what_next, m.example_watched)
        if m.example_watched:
            _shown(self.next_example_button, m.next_example is not None)

    def _draw_spotlight(self) -> None:
        """A scripted lesson's spotlight: the line, the button lit, the cards (redrawn
        with the table)."""
        m = self.model
        self.spotlight_line.value = html.escape(m.spotlight_line)
        _shown(self.spotlight_line, bool(m.spotlight_line))
        for button in self._buttons():
            lit = bool(m.spotlight_button) and m.spotlight_button in button._dom_classes
            if lit != ("rt-spotlit" in button._dom_classes):
                (button.add_class if lit else button.remove_class)("rt-spotlit")
        self.redraw()

    def _buttons(self) -> list[w.Button]:
        return [value for value in vars(self).values() if isinstance(value, w.Button)] + [
            value for value in vars(self.composer).values() if isinstance(value, w.Button)]

    # -- drawing what is shown -----------------------------------------------------------

    def _last_move(self):
        """(state before, the ply) of the move that led to what is shown, or None at the
        setup of an example or the start of a game."""
        m = self.model
        if not m.branch:
            return m.book.last_move()    # None at a jump to a later position too
        match = m.branch.match
        if not match.plies:
            return None
        return match.states[-2], match.plies[-1]

    def redraw(self) -> None:
        """Draw the position shown: table, pager, narration, bars, composer, tabs."""
        m = self.model
        if m.book is None and m.branch is None:
            return
        with self.hold_sync():
            seen = view(self.game, m.state, m.viewer)
            last = self._last_move()
            changes = (changes_for(self.game, last[0], m.state, m.viewer, last[1].seat)
                       if last else NO_CHANGES)
            self._draw_pager()
            self._draw_table(seen, last, changes)
            self._draw_bars()
            self._draw_narration(seen, last, changes)
            self._draw_play_controls()
            self._draw_composer(seen)
            self._draw_panels()
            self._draw_hints()
            self.practice_panel.draw(m)
            self._update_link_and_download()

    def _draw_pager(self) -> None:
        m = self.model
        if m.pager == "setup":
            self.setup_tour.draw(m.pages, m.page)
        else:
            self.setup_tour.hide()
        if m.pager == "parts":
            self.step_parts.draw(m.pages, m.page)
        else:
            self.step_parts.hide()

    def _told(self):
        """The part of the setup or of a long step told now, as one event, or None."""
        m = self.model
        if m.pager == "setup":
            return m.pages[m.page]
        if m.pager == "parts":
            return part_as_event(m.pages[m.page])
        return None

    def _draw_table(self, seen: dict, last, changes) -> None:
        m, seer, seat = self.model, self.model.viewer, self.model.composing
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
        table = _TITLE.sub(lambda t: t.group(1) + explain_terms(t.group(2), self.game.glossary)
                           + t.group(3), table)
        table = mark_table(table, changes, expanded, pickable, slots)
        told = self._told()
        if told is not None:
            table = mark_part(table, told, m.players)
        self.table.value = mark_spotlight(table, m.spotlight_cards)

    def _draw_bars(self) -> None:
        """Which bars and buttons show, and the step bar's place."""
        m = self.model
        book, branch, practicing = m.book, m.branch, m.practicing
        _shown(self.free_box, m.example == FREE_PLAY and not branch)
        _shown(self.step_controls, bool(book and not branch))
        _shown(self.branch_controls, bool(branch))
        _shown(self.mode, bool(book and not branch))
        _shown(self.practice_panel, practicing)
        for control in (self.back_button, self.next_button, self.slider):
            control.layout.visibility = "hidden" if practicing else "visible"
        if book and not branch:
            self.step_label.value = f"Step {book.position} of {book.size}"
            self._move_slider(book.position, book.size)
            self.back_button.disabled = self.restart_button.disabled = book.position == 0
            self.next_button.disabled = book.position == book.size

    def _move_slider(self, position: int, size: int) -> None:
        """Set the slider to ``position`` of ``size``, each in its own message, in the
        order that never leaves the old value beyond the new end: the page clamps such a
        value to the end and sends that back as a jump (a longer example chosen after a
        shorter one opened at its last step)."""
        if position > self.slider.max:
            self.slider.max = size
            self.slider.value = position
        else:
            self.slider.value = position
            self.slider.max = size

    def _draw_narration(self, seen: dict, last, changes) -> None:
        m = self.model
        book, branch, seer = m.book, m.branch, m.viewer
        last_step = (story.last_move_html(m.players, last[1].seat, changes, seen)
                     if last else "")
        if book and not branch:
            narration = story.step_html(book, seer, self.game.glossary, m.practicing,
                                        in_parts=m.pager == "parts")
        else:
            narration = story.branch_html(self.game, branch, seer)
        self.narration.value = last_step + f"<div class='rt-narration'>{narration}</div>"
        self.latest.value = story.newest_move_html(branch, seer)

    def _draw_play_controls(self) -> None:
        m = self.model
        if m.branch:
            self.undo_button.disabled = not m.branch.can_undo()
            self.redo_button.disabled = not m.branch.redo_stack
            _shown(self.book_button, bool(m.book))
            waiting = m.branch.bot_to_act() is not None
            _shown(self.bot_button, waiting and m.pace is None)
            self.branch_label.value = ("Game over" if m.branch.over else
                                       f"Move {len(m.branch.turns)}")
            rows = []
        elif not m.book or m.practicing:
            rows = []
        else:
            rows = [self._try_it, self.seat_box, self._branch_row]
            if m.saved_lines:
                options = [(label, i) for i, (label, _) in enumerate(m.saved_lines)]
                if list(self.lines_picker.options) != options:
                    self.lines_picker.options = options
                    self.lines_picker.value = len(m.saved_lines) - 1
                rows.append(self._lines_row)
        if list(self.play_controls.children) != rows:
            self.play_controls.children = rows

    def _draw_composer(self, seen: dict) -> None:
        m = self.model
        if m.composing is None:
            _shown(self.hint_box, False)
            _shown(self.composer, False)
            self.composer.clear()
            return
        _shown(self.composer, True)
        _shown(self.hint_box, not m.practicing)
        rejection = self.game.forced(m.state, m.composing)
        forced = f"[{rejection.rule}] {rejection.reason}" if rejection else None
        self.composer.show_for(seen, m.composing, forced)

    def _draw_panels(self) -> None:
        m = self.model
        book, branch, seer, state = m.book, m.branch, m.viewer, m.state
        if book and not branch:
            turns = [Turn(p, "book") for p in book.plies()]
            states = book.states[:book.position + 1]
            steps_shown = book.steps[:book.position]
        else:
            turns, states, steps_shown = branch.turns, branch.match.states, ()
        units = self.game_view.units
        self.panels.show(states, lambda: story.score_rows(self.game, units, state),
                         lambda: log_rows(m.players, turns, viewer=seer),
                         lambda: story.comparison_html(self.game, units, branch, seer),
                         lambda: story.rules_cited_html(self.game, turns, steps_shown))

    # -- clicks that need the widgets ------------------------------------------------

    def _key_pressed(self, key: str) -> None:
        if key == "ArrowRight":
            self.controller.next()
        elif key == "ArrowLeft":
            self.controller.back()

    def _card_clicked(self, card_id: str) -> None:
        """A card clicked joins the move composed; under a spotlight, only a card lit."""
        m = self.model
        if m.composing is not None and (not m.spotlight_cards or card_id in m.spotlight_cards):
            self.composer.pick_card(card_id)

    def _slot_clicked(self, slot: str) -> None:
        if self.model.composing is not None:
            self.composer.pick_slot(slot)

    def _preview_move(self, move) -> list:
        """The events ``move`` would cause, from a trial apply on a copy of the state."""
        m = self.model
        return preview_for(self.game, m.state, self.controller.learner_seat(), move, m.viewer)

    def _submit(self, move) -> None:
        refusal = self.controller.submit(move)
        if refusal is not None:
            self.composer.refuse(refusal.rejection, refusal.text)

    def play(self, move) -> None:
        """Play a move (a value or its notation) for the learner's seat to act, as the
        composer's buttons do: a refusal shows under the composer."""
        self._submit(move)

    def take_quiz(self) -> None:
        """Open the Quiz tab with a question already asked."""
        self.panels.selected_index = TITLES.index("Quiz")
        self.quiz.ask()
        self.controller.focus((".rt-quiz-choice", ".rt-quiz-ask"))

    # -- links and files -------------------------------------------------------------

    def _update_link_and_download(self) -> None:
        """The link and the download for what is shown. The link is a short string and is
        written at once. Writing the game out as YAML costs more than the rest of a step,
        and each changed widget is one more message for the page to handle before the next
        click: in a page the download waits until the learner pauses, so a click on Next
        answers at once."""
        self._write_link()
        if self._download_timer is not None:
            self._download_timer.cancel()
            self._download_timer = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._write_download()
            return
        self._download_timer = loop.call_later(0.6, self._write_download_reporting_errors)

    def _write_download_reporting_errors(self) -> None:
        """The deferred download. An error in a timer would vanish into the kernel's log,
        leaving the learner with no download and no reason: say it where the download
        would be."""
        try:
            self._write_download()
        except Exception as error:  # noqa: BLE001 - shown to the learner, not swallowed
            self.download.value = ("<i>This game could not be written out for download: "
                                   f"{html.escape(type(error).__name__)}: "
                                   f"{html.escape(str(error))}</i>")

    def _write_link(self) -> None:
        m = self.model
        link = self.controller.current_link()
        if link is None:
            self.link_view.value = ("<i>A game played from a position of its own has no link."
                                    "</i>" if m.branch and not m.branch.replayable
                                    else "<i>A loaded game has no link: download it to "
                                    "share.</i>")
        else:
            what = ("the start of this free game" if m.book is None
                    else "your branch point" if m.branch else "this step")
            self.link_view.value = (f"<a href='{html.escape(link.query())}' target='_blank'>"
                                    f"&#8599; Link to {what}</a>")

    def _write_download(self) -> None:
        """The link that saves the game shown as a scenario file (all-seeing views only)."""
        self._download_timer = None
        try:
            text = self.controller.scenario_text()
        except SecretError as error:
            self.download.value = f"<i>{html.escape(str(error))}</i>"
            return
        except ValueError:
            self.download.value = ""
            return
        data = base64.b64encode(text.encode()).decode()
        name = f"{self.game.id}_game.yaml"
        self.download.value = (f"<a download='{name}' href='data:text/yaml;base64,{data}'>"
                               "&#11015; Download this game</a>")

    def load_text(self, text: str, name: str = "uploaded.yaml") -> bool:
        """Open a scenario file's text as an example, at its start; on any problem say
        why and leave the app as it was."""
        return self.controller.load_bytes(text.encode("utf-8"), name)

    def _load_upload(self) -> None:
        for item in self.upload.value:
            self.controller.load_bytes(bytes(item["content"]), item["name"])
