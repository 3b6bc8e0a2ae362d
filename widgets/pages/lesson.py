"""The "Learn to play" path: one guided lesson per game that a beginner follows alone,
stringing together what the app already has, in five stages:

1. the setup tour of the game's first worked example,
2. the same example watched to its last step,
3. the same example practised (every book move made, found or shown),
4. three quiz questions about a position of it,
5. a whole game against the bots, hints on.

Nothing here judges a move or a rule: each stage is completed by what the app reports
(the reports in the app's model, widgets.app.model.Report), and each stage's button
only opens what the app offers, through the app's controller. The
progress (which examples were watched and practised, the quiz score, games finished) is
kept in the learner's own browser (widgets.pages.progress), shown in a bar above the app, and
read back by the gallery, so a learner who comes back sees where they were.

``index.ipynb?game=sneaky_snakes&lesson=1`` opens a game's lesson (see widgets.pages.gallery).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import ipywidgets as w

from tutor.games import example_order, get_game
from widgets.app import TutorApp
from widgets.app.modes import FREE_PLAY, PRACTICE
from widgets.pages.links import Link
from widgets.pages.progress import ProgressStore
from widgets.panels.panels import TITLES

QUIZ_QUESTIONS = 3
VERSION = 1
MAX_STORED = 4000       # characters: far more than any real progress takes
MAX_COUNT = 100_000     # no learner answers more questions or plays more games


def lesson_example(game_id: str) -> str:
    """The worked example the lesson uses: the first in the game's teaching order."""
    return example_order(game_id)[0]


@dataclass(frozen=True)
class Progress:
    """What a learner has done in a game's lesson (what the browser keeps)."""

    tour: bool = False
    watched: tuple[str, ...] = ()       # examples watched to their last step
    practised: tuple[str, ...] = ()     # examples practised to their summary
    quiz_answered: int = 0
    quiz_right: int = 0
    games: int = 0                      # whole games against the bots finished

    def to_text(self) -> str:
        return json.dumps({"version": VERSION, "tour": self.tour,
                           "watched": list(self.watched), "practised": list(self.practised),
                           "quiz_answered": self.quiz_answered,
                           "quiz_right": self.quiz_right, "games": self.games})

    @property
    def started(self) -> bool:
        return self != Progress()


class StoredProgressError(ValueError):
    """A stored progress that is not one this module wrote (damaged or edited)."""


def read_progress(text: str | None, game_id: str) -> tuple[Progress, str]:
    """The progress a browser kept for ``game_id`` and a message for the learner: an
    empty message when it read well (or there was none). Anyone can edit their own
    localStorage, so anything that is not exactly what ``Progress.to_text`` writes is
    ignored, with a message saying so, and the lesson starts afresh."""
    if text is None or text == "":      # nothing kept (the page sends "")
        return Progress(), ""
    try:
        return _parse(text, game_id), ""
    except StoredProgressError as problem:
        return Progress(), (f"The progress this browser kept for "
                            f"{get_game(game_id).title} could not be used ({problem}), so "
                            "the lesson starts from the beginning.")


def _parse(text: str, game_id: str) -> Progress:
    if not isinstance(text, str) or len(text) > MAX_STORED:
        raise StoredProgressError("it is not a short text")
    try:
        data = json.loads(text)
    except ValueError:
        raise StoredProgressError("it is not the lesson's format") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise StoredProgressError("it is not the lesson's format")
    expected = set(json.loads(Progress().to_text()))
    if set(data) != expected:
        raise StoredProgressError("its entries are not the lesson's")
    if not isinstance(data["tour"], bool):
        raise StoredProgressError("'tour' is not yes or no")
    examples = set(example_order(game_id))
    lists = {}
    for name in ("watched", "practised"):
        value = data[name]
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)
                and set(value) <= examples and len(set(value)) == len(value)):
            raise StoredProgressError(f"'{name}' is not a list of this game's examples")
        lists[name] = tuple(value)
    counts = {}
    for name in ("quiz_answered", "quiz_right", "games"):
        value = data[name]
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise StoredProgressError(f"'{name}' is not a count")
        counts[name] = value
    if counts["quiz_right"] > counts["quiz_answered"]:
        raise StoredProgressError("more quiz answers right than answered")
    return Progress(data["tour"], lists["watched"], lists["practised"], **counts)


def record(progress: Progress, event: str, detail: dict) -> Progress:
    """The progress after the app reported ``event`` (a widgets.app.model.Report)."""
    example = detail.get("example")
    if event == "tour_seen":
        return replace(progress, tour=True)
    if event == "example_watched" and example and example not in progress.watched:
        return replace(progress, watched=progress.watched + (example,))
    if event == "practice_done" and example and example not in progress.practised:
        return replace(progress, practised=progress.practised + (example,))
    if event == "quiz_graded":
        return replace(progress, quiz_answered=min(progress.quiz_answered + 1, MAX_COUNT),
                       quiz_right=min(progress.quiz_right + bool(detail.get("right")),
                                      MAX_COUNT))
    if event == "game_over" and detail.get("against_bots") and detail.get("new_game"):
        return replace(progress, games=min(progress.games + 1, MAX_COUNT))
    return progress


@dataclass(frozen=True)
class Stage:
    """One stage of the path: ``label`` for the bar, ``todo`` what to do (a sentence),
    ``button`` the label of the button that opens it, ``done(progress, example)``."""

    key: str
    label: str
    todo: str
    button: str
    done: Callable[[Progress, str], bool] = field(compare=False)


STAGES = (
    Stage("tour", "Setup", "Press 'Next part ›' to go through the whole setup.",
          "Start the setup tour", lambda p, example: p.tour),
    Stage("watch", "Watch", "Press Next (or the → key) up to the example's last step.",
          "Watch the example", lambda p, example: example in p.watched),
    Stage("practise", "Practise", "Make each of the book's moves yourself; 'Hint' and "
          "'Show me' help.", "Practise the example",
          lambda p, example: example in p.practised),
    Stage("quiz", "Quiz", f"Get {QUIZ_QUESTIONS} questions right in the Quiz tab ('Quiz "
          "me' asks the next; after a miss, 'Try another like it').", "Ask a question",
          lambda p, example: p.quiz_right >= QUIZ_QUESTIONS),
    Stage("play", "Play", "Play a whole game as Player 1 against the bots; 'Hint' helps.",
          "Start a game against the bots", lambda p, example: p.games >= 1),
)


def current_stage(progress: Progress, example: str) -> int | None:
    """The index of the first stage not done yet (None: the path is finished). A stage
    done out of order stays done: the learner is not asked to do it again."""
    for index, stage in enumerate(STAGES):
        if not stage.done(progress, example):
            return index
    return None


def progress_summary(progress: Progress, game_id: str) -> str:
    """One line for the gallery: where the learner is in the game's lesson (plain text)."""
    if not progress.started:
        return "Not started yet."
    example = lesson_example(game_id)
    at = current_stage(progress, example)
    watched = len(progress.watched)
    parts = [f"{watched} example{'s' if watched != 1 else ''} watched, "
             f"{len(progress.practised)} practised",
             f"quiz: {progress.quiz_right} of {progress.quiz_answered} right"
             if progress.quiz_answered else "no quiz question yet"]
    if progress.games:
        parts.append(f"{progress.games} game{'s' if progress.games != 1 else ''} "
                     "against the bots")
    where = ("Lesson finished" if at is None
             else f"Stage {at + 1} of {len(STAGES)}: {STAGES[at].label}")
    return f"{where} ({'; '.join(parts)})."


LESSON_STYLE = """
<style>
/* Like the app's own boxes (widgets.app.layout): not a box that scrolls, so that the top
   bar, and the lesson bar in it, stick to the page. */
.rt-lesson-page{overflow:visible!important}
.rt-lesson-bar{border:2px solid #6a1b9a;border-radius:8px;background:#f8f1fc;
  padding:2px 6px;margin:2px 0;flex:1 1 100%!important;align-items:center;
  flex-wrap:wrap!important;gap:2px 8px;width:100%}
.rt-lesson-bar .widget-button{width:auto!important;padding:0 10px;flex:0 0 auto}
.rt-lesson-stages{display:inline-flex;flex-wrap:wrap;gap:2px 4px;margin-right:6px}
.rt-lesson-stages>span{border:1px solid #ce93d8;border-radius:10px;padding:0 5px;
  font-size:13px;color:#4a148c;background:#fff;white-space:nowrap}
.rt-lesson-stages>span.rt-lesson-done{background:#e8f5e9;border-color:#81c784;color:#1b5e20}
.rt-lesson-stages>span.rt-lesson-now{background:#6a1b9a;border-color:#6a1b9a;color:#fff;
  font-weight:bold}
.rt-lesson-todo{font-size:14px}
.rt-lesson-notice{color:#8e0000}
.rt-lesson-text{flex:1 1 420px;min-width:0}
@media (max-width:700px){
  /* A phone: the stages as numbers, the current one named. */
  .rt-lesson-stages>span:not(.rt-lesson-now) .rt-lesson-label{display:none}
  .rt-lesson-todo{font-size:13px}
}
/* The bar sits in the sticky top bar, which is taller for it: the right column sticks
   below it. */
@media (min-width:1000px){
  .rt-lesson-page .rt-right{top:84px;max-height:calc(100vh - 86px)}
}
</style>
"""


class Lesson(w.VBox):
    """A game's app with the lesson bar in its top bar: where the learner is, what to do
    next, a button that opens it, and "Start over". ``store`` is where the progress is
    kept (a ProgressStore for this game; the page fills it in once it is drawn)."""

    def __init__(self, game_id: str, app: TutorApp | None = None,
                 store: ProgressStore | None = None, notices: list[str] | None = None):
        self.game = get_game(game_id)
        self.example = lesson_example(game_id)
        self.app = app or TutorApp(game_id, example=self.example,
                                   link=Link(game=game_id, notices=list(notices or [])))
        self.store = store or ProgressStore([game_id])
        self.progress = Progress()
        self.notice = ""
        self._early: list[tuple[str, dict]] = []   # events before the page's progress came
        self.text = w.HTML()
        self.text.add_class("rt-lesson-text")
        self.go_button = w.Button(button_style="primary", icon="arrow-right")
        self.go_button.add_class("rt-lesson-go")
        self.go_button.on_click(lambda _: self.begin())
        self.reset_button = w.Button(description="Start over", icon="refresh",
                                     tooltip="Forget this lesson's progress in this browser")
        self.reset_button.add_class("rt-lesson-reset")
        self.reset_button.on_click(lambda _: self._reset_pressed())
        self._reset_asked = False
        self.bar = w.HBox([w.HTML(LESSON_STYLE), self.text, self.go_button,
                           self.reset_button, self.store])
        self.bar.add_class("rt-lesson-bar")
        self._put_bar_in_top_bar()
        self.app.model.observe(lambda change: self._reported(change['new'].event,
                                                             change['new'].detail),
                               names='report')
        self.store.on_loaded(lambda stored: self.resume(stored.get(game_id)))
        super().__init__([self.app])
        self.add_class("rt-lesson-page")
        self._draw()

    def _put_bar_in_top_bar(self) -> None:
        """First in the app's sticky top bar, so it stays in view as the page scrolls."""
        top = next(child for child in self.app.children
                   if "rt-topbar" in child._dom_classes)
        top.children = (self.bar, *top.children)

    # -- progress ------------------------------------------------------------------

    @property
    def stage(self) -> int | None:
        return current_stage(self.progress, self.example)

    def resume(self, stored: str | None) -> None:
        """Take the progress the browser kept; what the learner did before it arrived is
        added to it."""
        self.progress, self.notice = read_progress(stored, self.game.id)
        for event, detail in self._early:
            self.progress = record(self.progress, event, detail)
        if self._early:
            self._save()
        self._early = []
        self._draw()

    def _reported(self, event: str, detail: dict) -> None:
        if event == "shown":            # any redraw: is the learner already at it?
            self._show_go_button()
            return
        if not self.store.loaded:
            self._early.append((event, detail))
        after = record(self.progress, event, detail)
        if after != self.progress:
            self.progress = after
            self._save()
            self._draw()

    def _save(self) -> None:
        if self.store.loaded:
            self.store.write(self.game.id, self.progress.to_text())

    def _reset_pressed(self) -> None:
        """A second press resets: one stray click must not lose a learner's progress."""
        if not self._reset_asked:
            self._reset_asked = True
            self.reset_button.description = "Press again to forget your progress"
            self.reset_button.button_style = "danger"
            return
        self.reset()

    def reset(self) -> None:
        """Forget the lesson's progress (here and in the browser) and open stage 1."""
        self.progress, self.notice, self._early = Progress(), "", []
        self.store.write(self.game.id, None)
        self.begin()

    def _calm_reset_button(self) -> None:
        self._reset_asked = False
        self.reset_button.description = "Start over"
        self.reset_button.button_style = ""

    # -- the stages ------------------------------------------------------------------

    def begin(self) -> None:
        """Open what the current stage asks for (the finished path: another game)."""
        key = STAGES[self.stage].key if self.stage is not None else "play"
        {"tour": self._open_tour, "watch": self._open_watch, "practise": self._open_practice,
         "quiz": self._open_quiz, "play": self._open_game}[key]()
        self._draw()

    def _open_example(self) -> None:
        """The lesson's example at its setup, in Watch mode."""
        self.app.controller.open_example(self.example)

    def _open_tour(self) -> None:
        self._open_example()
        self.app.focus_mover.focus((".rt-setup-next:not([disabled])", ".rt-next"))

    def _open_watch(self) -> None:
        self._open_example()
        self.app.focus_mover.focus((".rt-next",))

    def _open_practice(self) -> None:
        self._open_example()
        self.app.controller.set_mode(PRACTICE)

    def _open_quiz(self) -> None:
        """Questions about the whole example, which the learner has watched and
        practised by now (each question puts its position on screen), then the Quiz tab
        with a question asked."""
        app, model = self.app, self.app.model
        book = model.book
        on_example = (book is not None and not model.branch and not model.practicing
                      and model.example == self.example)
        if not on_example or book.position != book.size:
            self._open_example()
            app.controller.jump(model.book.size)
        app.take_quiz()

    def _open_game(self) -> None:
        """A new game with the fewest players (the shortest game), the learner Player 1,
        heuristic bots the others; the app's hint button is on in a game."""
        app, controller = self.app, self.app.controller
        controller.set_free_game(players=self.game.player_counts[0], mine=(0,))
        controller.set_opponent("heuristic")
        if app.model.example != FREE_PLAY:
            controller.choose_example(FREE_PLAY)      # starts the game
        else:
            controller.start_free_play()
        # The Quiz tab would still hold a question about the example's position.
        app.panels.selected_index = TITLES.index("Log")

    def _at_it(self) -> bool:
        """Whether the app already shows what the current stage asks for (then its
        button would only start it again, so it is not offered)."""
        model, at = self.app.model, self.stage
        key = STAGES[at].key if at is not None else None
        on_example = (model.book is not None and model.branch is None
                      and model.example == self.example)
        if key == "tour":
            return on_example and model.pager == "setup"
        if key == "watch":
            return on_example and not model.practicing
        if key == "practise":
            return on_example and model.practicing and not model.practice.done
        if key == "play":
            return (model.branch is not None and model.branch.book is None
                    and not model.branch.over)
        return False    # the quiz: the button asks another question

    def _show_go_button(self) -> None:
        shown = "none" if self._at_it() else ""
        if self.go_button.layout.display != shown:
            self.go_button.layout.display = shown

    # -- the bar -----------------------------------------------------------------------

    def _draw(self) -> None:
        at = self.stage
        self.app.controller.set_lesson_stage(at)
        self._calm_reset_button()
        self._show_go_button()
        chips = []
        for index, stage in enumerate(STAGES):
            done = stage.done(self.progress, self.example)
            label = stage.label
            if stage.key == "quiz" and not done:
                label += f" {min(self.progress.quiz_right, QUIZ_QUESTIONS)}/{QUIZ_QUESTIONS}"
            css, mark = (("rt-lesson-now", "▶ ") if index == at else
                         ("rt-lesson-done", "✓ ") if done else ("", ""))
            chips.append(f"<span class='{css}' title='{html.escape(label)}'>{mark}{index + 1}"
                         f" <span class='rt-lesson-label'>{html.escape(label)}</span></span>")
        if at is None:
            where = (f"<b>You have finished the {html.escape(self.game.title)} lesson.</b> "
                     "Play another game, or choose any example in the Example list.")
            self.go_button.description = "Play another game"
        else:
            where = (f"<b>Stage {at + 1} of {len(STAGES)}:</b> "
                     f"{html.escape(STAGES[at].todo)}")
            self.go_button.description = STAGES[at].button
        notice = (f" <span class='rt-lesson-notice'>{html.escape(self.notice)}</span>"
                  if self.notice else "")
        if not self.store.loaded:
            notice += " <i>(reading your progress from this browser…)</i>"
        elif not self.store.available:
            notice += (" <i>(this browser keeps no progress: it will be lost when the "
                       "page closes)</i>")
        self.text.value = (f"<span class='rt-lesson-stages'>{''.join(chips)}</span>"
                           f"<span class='rt-lesson-todo'>{where}{notice}</span>")

