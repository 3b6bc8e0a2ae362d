"""The tutor app: pick a worked example (or free play), step through it, branch off and
play, all on the live engine. Generic over games; the table and the move composer come
from the game's own view module (see GAME_VIEWS)."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as w
import pandas as pd

from tutor import scenario as scenarios
from tutor.core.game import IllegalMove, NotationError
from tutor.core.views import view
from tutor.games import get_game, scenario_dir
from tutor.session import LEARNER, Branch, Turn, Walkthrough, history_frame, log_frame
from widgets.cards import STYLE
from widgets.links import FREE, Link, read_link
from widgets import bargain_hunter, cover_your_assets, sell_me_a_sasquatch, sneaky_bastard
from widgets import sneaky_snakes


@dataclass(frozen=True)
class GameView:
    """What the app needs from a game's view module."""

    table: Callable[[dict], str]      # a per-seat view -> the table as HTML
    composer: type                    # a widgets.composer.Composer subclass
    chart_title: str
    chart_columns: tuple[str, ...]    # scoreboard columns drawn per player over the moves
    chart_by: Callable | None = None  # state -> x value (e.g. the round); None: each move
    chart_x_title: str = "move"


GAME_VIEWS = {
    "sneaky_bastard": GameView(sneaky_bastard.table_html, sneaky_bastard.SneakyBastardComposer,
                               "Money and house value (K)", ("money", "house value")),
    "bargain_hunter": GameView(bargain_hunter.table_html,
                               bargain_hunter.BargainHunterComposer,
                               "Score at the end of each round (bargain minus junk cards)",
                               ("score",), lambda state: state.data["round"], "round"),
    "cover_your_assets": GameView(cover_your_assets.table_html,
                                  cover_your_assets.CoverYourAssetsComposer,
                                  "Stack value ($)", ("stack value",)),
    "sell_me_a_sasquatch": GameView(sell_me_a_sasquatch.table_html,
                                    sell_me_a_sasquatch.SellMeASasquatchComposer,
                                    "Point tokens", ("point tokens",)),
    "sneaky_snakes": GameView(sneaky_snakes.table_html, sneaky_snakes.SneakySnakesComposer,
                              "Cards in hand (the most cards win)", ("cards in hand",)),
}
FREE_PLAY = "free play"
TEACHER = -1
OPPONENTS = [("heuristic bot", "heuristic"), ("random bot", "random"),
             ("me too (hot seat)", LEARNER)]


def load_examples(game_id: str) -> dict[str, Walkthrough]:
    """A game's worked examples by file name, in file-name order."""
    return {path.stem: Walkthrough.load(path)
            for path in sorted(scenario_dir(game_id).glob("*.yaml"))}


def _button(description: str, css: str, **kwargs) -> w.Button:
    button = w.Button(description=description, **kwargs)
    button.add_class(css)
    return button


class TutorApp(w.VBox):
    """One game's app. ``example`` is a scenario file stem or FREE_PLAY; ``link`` (by
    default the page's query string, see widgets.links) may pick the example, the step,
    the perspective, or free play's player count and seed."""

    def __init__(self, game_id: str = "sneaky_bastard", example: str | None = None,
                 link: Link | None = None):
        self.game = get_game(game_id)
        self.game_view = GAME_VIEWS[game_id]
        self.examples = load_examples(game_id)
        self._linkable = set(self.examples)
        self.book: Walkthrough | None = None
        self.branch: Branch | None = None

        counts = self.game.player_counts
        self.example_picker = w.Dropdown(
            options=[(wt.scenario.title, stem) for stem, wt in self.examples.items()]
            + [("Free play", FREE_PLAY)], description="Example")
        self.example_picker.add_class("rt-example")
        self.free_players = w.BoundedIntText(value=4, min=counts[0], max=counts[-1],
                                             description="Players", layout=w.Layout(width="150px"))
        self.free_seed = w.IntText(value=1, description="Seed", layout=w.Layout(width="150px"))
        self.opponents = w.Dropdown(options=OPPONENTS, description="Others",
                                    layout=w.Layout(width="260px"))
        self.opponents.add_class("rt-opponents")
        self.free_start = _button("Start free play", "rt-free-start")
        self.free_seats = w.HBox()
        self.free_players.observe(lambda _: self._free_seat_picks(), names="value")
        self._free_seat_picks()
        self.free_box = w.VBox([w.HBox([self.free_players, self.free_seed, self.opponents,
                                        self.free_start]),
                                self.free_seats])

        self.perspective = w.Dropdown(description="View as")
        self.perspective.add_class("rt-perspective")

        self.restart_button = _button("Restart", "rt-restart", icon="fast-backward")
        self.back_button = _button("Back", "rt-back", icon="step-backward")
        self.next_button = _button("Next", "rt-next", icon="step-forward")
        self.slider = w.IntSlider(min=0, max=1, readout=False, continuous_update=False)
        self.slider.add_class("rt-slider")
        self.step_label = w.HTML()
        self.step_label.add_class("rt-step-label")
        self.step_controls = w.HBox([self.restart_button, self.back_button, self.next_button,
                                     self.slider, self.step_label])

        self.narration = w.HTML()
        self.narration.add_class("rt-narration")

        self.seat_picks: list[w.Checkbox] = []
        self.seat_box = w.HBox()
        self.branch_button = _button("Play from here", "rt-branch", button_style="info")
        self.undo_button = _button("Undo", "rt-undo", icon="undo")
        self.redo_button = _button("Redo", "rt-redo", icon="repeat")
        self.book_button = _button("Back to the book", "rt-to-book")
        self.play_controls = w.VBox()

        self.table = w.HTML()
        self.table.add_class("rt-table-view")
        self.composer = self.game_view.composer(self._check_move, self._submit,
                                                self._preview_move)
        self.link_view = w.HTML()
        self.link_view.add_class("rt-link")
        self.download = w.HTML()
        self.download.add_class("rt-download")
        self.upload = w.FileUpload(accept=".yaml,.yml", multiple=False,
                                   description="Load a game")
        self.upload.add_class("rt-upload")
        self.upload.observe(lambda _: self._load_upload(), names="value")
        self.scores = w.HTML()
        self.scores.add_class("rt-scores")
        self.message = w.HTML()
        self.message.add_class("rt-message")
        self.log_view = w.HTML()
        self.log_view.add_class("rt-log")
        self.comparison = w.HTML()
        # The chart is built when its tab is first opened: plotly's FigureWidget costs a
        # second of imports and megabytes of script, which the first render need not wait for.
        self.chart = None
        self.chart_box = w.VBox()
        self._chart_key = None
        self.tabs = w.Tab([self.log_view, self.chart_box, self.comparison])
        for index, title in enumerate(("Move log", "Chart", "Your line vs the book")):
            self.tabs.set_title(index, title)
        self.tabs.observe(lambda _: self._update_chart(), names="selected_index")

        self.example_picker.observe(lambda _: self._choose_example(), names="value")
        self.free_start.on_click(lambda _: self.start_free_play())
        self._quiet = False
        self.perspective.observe(lambda _: self._quiet or self.refresh(), names="value")
        self.restart_button.on_click(lambda _: self._step(lambda b: b.restart()))
        self.back_button.on_click(lambda _: self._step(lambda b: b.back()))
        self.next_button.on_click(lambda _: self._step(lambda b: b.next()))
        self.slider.observe(lambda c: self._step(lambda b: b.jump(c["new"])), names="value")
        self.branch_button.on_click(lambda _: self.start_branch())
        self.undo_button.on_click(lambda _: self._branch_action(Branch.undo))
        self.redo_button.on_click(lambda _: self._branch_action(Branch.redo))
        self.book_button.on_click(lambda _: self.back_to_book())

        super().__init__([w.HTML(STYLE),
                          w.HBox([self.example_picker, self.perspective]), self.free_box,
                          self.step_controls, self.narration, self.play_controls,
                          self.message, self.table, self.composer, self.scores,
                          self.tabs, w.HBox([self.link_view, self.download, self.upload])])
        self.add_class("rt-app")
        link = read_link() if link is None else link
        self.example_picker.value = self._linked_example(link, example)
        self._choose_example()
        self._apply_link(link)

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

    def refresh(self) -> None:
        state = self.current_state
        seen = view(self.game, state, self.seen_by())
        self.table.value = self.game_view.table(seen)
        self.scores.value = pd.DataFrame(self.game.scoreboard(state)).to_html(index=False)
        book, branch = self.book, self.branch
        self.free_box.layout.display = "" if self.example_picker.value == FREE_PLAY else "none"
        self.step_controls.layout.display = "none" if branch or not book else ""
        if book and not branch:
            self.step_label.value = f"Step {book.position} of {book.size}"
            with self.slider.hold_trait_notifications():
                self.slider.max = book.size
                self.slider.value = book.position
            self.back_button.disabled = self.restart_button.disabled = book.position == 0
            self.next_button.disabled = book.position == book.size
            self.narration.value = self._narration_html(book)
            self.log_view.value = self._log_html(log_frame(self.players, [
                Turn(p, "book") for p in book.plies()]))
        else:
            self.narration.value = self._branch_narration()
            self.log_view.value = self._log_html(log_frame(self.players, branch.turns))
        self._update_play_controls()
        self._update_composer(seen)
        self._update_chart()
        self._update_link_and_download()
        self.comparison.value = (branch.comparison().to_html() if branch and branch.book
                                 else "<p>Play from any step of an example to compare "
                                      "your line with the book's.</p>")

    def _narration_html(self, book: Walkthrough) -> str:
        step = book.step
        if step is None:
            head = f"<b>{html.escape(book.scenario.title)}</b>"
            return f"{head}<p>{html.escape(book.narration)}</p>"
        events = "".join(f"<li>{html.escape(e.text)} <small>[{e.rule}]</small></li>"
                         for e in step.events)
        rules = "".join(f"<details class='rt-rule'><summary>{c.id}</summary>"
                        f"{html.escape(c.describe())}</details>" for c in step.rules)
        return (f"<b>Step {step.number}: {html.escape(step.who)} plays "
                f"<code>{html.escape(step.move_text)}</code></b>"
                f"<p>{html.escape(step.say)}</p><ul>{events}</ul>{rules}")

    def _branch_narration(self) -> str:
        """What happened since the learner's last decision: their move and the answers."""
        branch = self.branch
        origin = (f"You branched off the book at step {branch.base}."
                  if branch.book else "Free play.")
        lines = [f"<b>Your own line.</b> {origin}"]
        recent = branch.turns[branch.base:]
        for index in range(len(recent) - 1, -1, -1):
            if recent[index].by == LEARNER:
                recent = recent[index:]
                break
        for turn in recent:
            who = html.escape(self.players[turn.ply.seat])
            by = f" <i>({turn.by}: {html.escape(turn.reason)})</i>" if turn.reason else ""
            lines.append(f"{who} <code>{html.escape(turn.ply.text)}</code>{by}")
            lines += [f"&nbsp;&nbsp;{html.escape(e.text)} <small>[{e.rule}]</small>"
                      for e in turn.ply.events]
        outcome = self.game.outcome(self.current_state)
        if outcome:
            lines.append(f"<b>Game over: {html.escape(outcome.explanation)}</b>")
        return "<br>".join(lines)

    def _log_html(self, frame) -> str:
        if frame.empty:
            return "<p>No moves yet.</p>"
        return frame.to_html(index=False, escape=True)

    def _update_play_controls(self) -> None:
        if self.branch:
            self.undo_button.disabled = not self.branch.can_undo()
            self.redo_button.disabled = not self.branch.redo_stack
            buttons = [self.undo_button, self.redo_button]
            if self.book:
                buttons.append(self.book_button)
            self.play_controls.children = [w.HBox(buttons)]
            return
        if [box.description for box in self.seat_picks] != [
                f"I play {name}" for name in self.players]:
            self.seat_picks = [w.Checkbox(value=i == 0, description=f"I play {name}",
                                          indent=False, layout=w.Layout(width="auto"))
                               for i, name in enumerate(self.players)]
            for box in self.seat_picks:
                box.add_class("rt-seat-pick")
            self.seat_box.children = self.seat_picks
        if self.book:
            self.play_controls.children = [w.HBox([self.seat_box, self.opponents,
                                                   self.branch_button])]
        else:
            self.play_controls.children = []

    def _update_composer(self, seen: dict) -> None:
        seat = self.branch.learner_to_act() if self.branch else None
        perspective = self.seen_by()
        if seat is None or perspective not in (None, seat):
            self.composer.layout.display = "none"
            self.composer.clear()
            if seat is not None:
                self.message.value = (f"It is {html.escape(self.players[seat])}'s turn: "
                                      f"view the table as {html.escape(self.players[seat])} "
                                      "(or all-seeing) to choose the move.")
            return
        self.composer.layout.display = ""
        rejection = self.game.forced(self.current_state, seat)
        forced = f"[{rejection.rule}] {rejection.reason}" if rejection else None
        self.composer.show_for(seen, seat, forced)

    def _chart_states(self) -> list:
        if self.branch:
            return self.branch.match.states
        return self.book.match.states[:self.book.position + 1]

    def _update_chart(self) -> None:
        """Draw the chart if its tab is open and the moves shown have changed."""
        if self.tabs.selected_index != 1:
            return
        if self.chart is None:
            import plotly.graph_objects as go
            self.chart = go.FigureWidget(layout=dict(
                height=300, margin=dict(l=40, r=10, t=30, b=30),
                title=self.game_view.chart_title, xaxis_title=self.game_view.chart_x_title))
            self.chart_box.children = [self.chart]
        states = self._chart_states()
        key = (id(states[0]), len(states), id(states[-1]))
        if key == self._chart_key:
            return
        self._chart_key = key
        frame = history_frame(self.game, states, self.game_view.chart_by)
        with self.chart.batch_update():
            self.chart.data = []
            for name, rows in frame.groupby("player", sort=False):
                for column in self.game_view.chart_columns:
                    dotted = column != self.game_view.chart_columns[-1]
                    self.chart.add_scatter(x=rows["at"], y=rows[column],
                                           name=f"{name}: {column}", mode="lines",
                                           line=dict(dash="dot") if dotted else None)

    # -- links, saving and loading -----------------------------------------------

    def _linked_example(self, link: Link, example: str | None) -> str:
        default = example or next(iter(self.examples), FREE_PLAY)
        if link.example is None:
            return default
        if link.example == FREE:
            counts = self.game.player_counts
            if link.players is not None:
                if link.players in counts:
                    self.free_players.value = link.players
                else:
                    link.notices.append(f"{self.game.title} is for {counts[0]} to "
                                        f"{counts[-1]} players, not {link.players}")
            if link.seed is not None:
                self.free_seed.value = link.seed
            return FREE_PLAY
        if link.example in self.examples:
            return link.example
        link.notices.append(f"there is no example '{link.example}' for {self.game.title} "
                            f"(examples: {', '.join(self.examples)})")
        return default

    def _apply_link(self, link: Link) -> None:
        """Go to the linked step and perspective; say what in the link was not usable."""
        if link.step is not None and self.book:
            if 0 <= link.step <= self.book.size:
                self.book.jump(link.step)
            else:
                link.notices.append(f"this example has steps 0 to {self.book.size}, not "
                                    f"{link.step}")
        if link.view is not None:
            names = {name.lower(): seat for seat, name in enumerate(self.players)}
            if link.view.lower() == "teacher":
                self.perspective.value = TEACHER
            elif link.view.lower() in names:
                self.perspective.value = names[link.view.lower()]
            else:
                link.notices.append(f"'{link.view}' is not a player here (players: "
                                    f"{', '.join(self.players)}, or teacher)")
        self.refresh()
        if link.notices:
            self.message.value = ("<span class='rt-notice'>The link could not be followed "
                                  "in full: " + html.escape("; ".join(link.notices)) +
                                  ". Starting from what could be used.</span>")

    def current_link(self) -> Link | None:
        """The link that reopens what is shown now (None for an uploaded game)."""
        view = self.seen_by()
        view_name = "teacher" if view is None else self.players[view]
        if self.book is None:
            return Link(example=FREE, players=self.free_players.value,
                        seed=self.free_seed.value, view=view_name)
        stem = self.example_picker.value
        if stem not in self._linkable:
            return None
        at = self.branch.base if self.branch else self.book.position
        return Link(example=stem, step=at, view=view_name)

    def _update_link_and_download(self) -> None:
        link = self.current_link()
        if link is None:
            self.link_view.value = "<i>A loaded game has no link: download it to share.</i>"
        else:
            what = ("the start of this free game" if self.book is None
                    else "your branch point" if self.branch else "this step")
            self.link_view.value = (f"<a href='{html.escape(link.query())}' target='_blank'>"
                                    f"Link to {what}</a> <code>{html.escape(link.query())}"
                                    "</code>")
        try:
            if self.branch:
                text = self.branch.to_scenario(f"My game of {self.game.title}")
            else:
                text = self.book.to_scenario()
        except ValueError:
            self.download.value = ""
            return
        data = base64.b64encode(text.encode()).decode()
        name = f"{self.game.id}_game.yaml"
        self.download.value = (f"<a download='{name}' href='data:text/yaml;base64,{data}'>"
                               "Download this game</a>")

    def load_text(self, text: str, name: str = "uploaded.yaml") -> bool:
        """Open a scenario file's text as an example; on any problem say why and leave
        the app as it was."""
        try:
            loaded = scenarios.parse(text, Path(name))
            if loaded.game.id != self.game.id:
                raise scenarios.ScenarioError(f"{name}: this file is a game of "
                                              f"{loaded.game.title}, not {self.game.title}")
            walkthrough = Walkthrough(loaded)
        except scenarios.ScenarioError as error:
            self.message.value = (f"<span class='rt-error'>Could not load the file: "
                                  f"{html.escape(str(error))}</span> Nothing changed.")
            return False
        key = f"loaded: {name}"
        self.examples[key] = walkthrough
        options = [o for o in self.example_picker.options if o[1] != key]
        self.example_picker.options = options[:-1] + [(f"{loaded.title} ({name})", key),
                                                       options[-1]]
        self.example_picker.value = key
        self.book.jump(self.book.size)
        self.refresh()
        self.message.value = f"Loaded {html.escape(name)}: {len(loaded.steps)} steps."
        return True

    def _load_upload(self) -> None:
        for item in self.upload.value:
            try:  # the same reading as the command line's (size, encoding) before parsing
                text = scenarios.decode(bytes(item["content"]), item["name"])
            except scenarios.ScenarioError as error:
                self.message.value = (f"<span class='rt-error'>Could not load the file: "
                                      f"{html.escape(str(error))}</span> Nothing changed.")
                continue
            self.load_text(text, item["name"])

    # -- actions -------------------------------------------------------------------

    def _choose_example(self) -> None:
        self.branch = None
        if self.example_picker.value == FREE_PLAY:
            self.start_free_play()
            return
        self.book = self.examples[self.example_picker.value]
        self.book.restart()
        self.message.value = ""
        self._set_perspectives()
        self.refresh()

    def _set_perspectives(self) -> None:
        options = [("All-seeing (teacher)", TEACHER)] + [
            (name, seat) for seat, name in enumerate(self.players)]
        if list(self.perspective.options) != options:
            self._quiet = True  # one refresh at the end, not one per trait change
            try:
                self.perspective.options = options
                self.perspective.value = TEACHER
            finally:
                self._quiet = False

    def _step(self, action) -> None:
        if self.book and not self.branch:
            action(self.book)
            self.message.value = ""
            self.refresh()

    def controllers(self) -> dict[int, str]:
        mine = {seat for seat, box in enumerate(self.seat_picks) if box.value}
        return {seat: LEARNER if seat in mine else self.opponents.value
                for seat in range(len(self.players))}

    def start_branch(self) -> None:
        """Branch off the book at the current step with the chosen seats."""
        if not any(box.value for box in self.seat_picks):
            self.message.value = "<span class='rt-error'>Tick at least one seat to play.</span>"
            return
        self.branch = Branch.from_book(self.book, self.controllers(), seed=self.free_seed.value)
        self.message.value = ""
        self.refresh()

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
        self.book = None
        self.branch = Branch.new_game(self.game, players, controllers, self.free_seed.value)
        self._set_perspectives()
        self.perspective.value = min(mine)
        self.message.value = ""
        self.refresh()

    def back_to_book(self) -> None:
        self.branch = None
        self.message.value = ""
        self.refresh()

    def _branch_action(self, action) -> None:
        if self.branch:
            action(self.branch)
            self.message.value = ""
            self.refresh()

    def _check_move(self, move):
        seat = self.branch.learner_to_act() if self.branch else None
        return None if seat is None else self.game.check(self.current_state, seat, move)

    def _preview_move(self, move) -> list:
        """The events ``move`` would cause, from a trial apply on a copy of the state."""
        seat = self.branch.learner_to_act()
        _, events = self.game.apply(self.current_state, seat, move)
        return events

    def _submit(self, move) -> None:
        seat = self.branch.learner_to_act() if self.branch else None
        if seat is None:
            return
        if move is None:
            self.message.value = "<span class='rt-error'>Choose the cards first.</span>"
            return
        try:
            self.branch.play(seat, move)
        except (IllegalMove, NotationError) as error:
            rule = getattr(error, "rule", "")
            text = f"[{rule}] {error.reason}" if rule else str(error)
            self.message.value = (f"<span class='rt-error'>Not allowed: "
                                  f"{html.escape(text)}</span> Nothing changed.")
            return
        self.message.value = ""
        self.refresh()
