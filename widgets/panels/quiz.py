"""The "Quiz me" panel: a question generated and graded by the engine (tutor.quiz),
asked as the seat being viewed sees the table: on a worked example, about one of its
positions so far (put on screen with it), else about the position on screen. The panel
only shows the question and the engine's grade, with the clause behind the answer; after
a miss, "Try another like it" asks one of the same kind."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from tutor.core.game import Game
from tutor.quiz import Question, QuizSession, shown_clauses
from widgets.panels.glossary import explain_terms


class QuizPanel(w.VBox):
    """``position()`` gives (state, seat) of what is on screen; seat None is the teacher,
    who is asked about the seat to act. ``example()``, when given, gives (book, position)
    while the screen is on a worked example's book line (else None): questions then rest
    on what the example has shown so far, about its positions up to the furthest one
    shown, a kind asked least so far first, and of those one about the position on
    screen where it has one (``QuizSession.next_in_example``); ``go_to(position)`` puts
    the position a question is about on screen."""

    def __init__(self, game: Game, position: Callable[[], tuple],
                 example: Callable[[], tuple | None] | None = None,
                 go_to: Callable[[int], None] | None = None):
        self.game, self._position = game, position
        self._example, self._go_to = example, go_to
        self._furthest: dict[int, int] = {}    # id of a book -> furthest position shown
        self.session = QuizSession(game)
        self.question: Question | None = None
        self.missed: Question | None = None
        self.ask_button = w.Button(description="Quiz me", icon="question",
                                   button_style="primary",
                                   tooltip="A question about the position on screen")
        self.ask_button.add_class("rt-quiz-ask")
        self.ask_button.on_click(lambda _: self.ask())
        self.prompt = w.HTML("<p>Press <b>Quiz me</b> for a question about the position "
                             "on the table; the engine works out the answer.</p>")
        self.prompt.add_class("rt-quiz-prompt")
        self.choices = w.VBox()
        self.choices.add_class("rt-quiz-choices")
        self.feedback = w.HTML()
        self.feedback.add_class("rt-quiz-feedback")
        self.like_button = w.Button(description="Try another like it", icon="repeat",
                                    tooltip="A question of the same kind, to try again",
                                    layout=w.Layout(display="none"))
        self.like_button.add_class("rt-quiz-like")
        self.like_button.on_click(lambda _: self.ask_like())
        self.score = w.HTML("<span class='rt-quiz-score'>No questions answered yet</span>")
        # The score sits beside the buttons, where the eyes go to ask again. The grade
        # shows right under the question, above the choices (the one picked turns green
        # or red), so it is in view where the learner answered.
        bar = w.HBox([self.ask_button, self.like_button, self.score],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([bar, self.prompt, self.feedback, self.choices])
        self.add_class("rt-quiz")

    def ask(self) -> None:
        """A question not asked yet in this session: about the worked example shown so
        far (its position put on screen), or about the position on screen."""
        state, seat = self._position()
        on_book = self._example() if self._example is not None else None
        if on_book is not None:
            book, position = on_book
            upto = self._furthest[id(book)] = max(self._furthest.get(id(book), 0), position)
            found = self.session.next_in_example(book, upto, seat, on_screen=position)
            if found is not None and found.position != position and \
                    self._go_to is not None:
                self._go_to(found.position)
            self._show(found.question if found is not None else None)
            return
        self._show(self.session.next(state, seat))

    def ask_like(self) -> None:
        """After a miss: another question of the same kind."""
        state, seat = self._position()
        missed = self.missed or self.question
        on_book = self._example() if self._example is not None else None
        shown = None
        if on_book is not None:     # about what the example has shown, as the first was
            book, position = on_book
            shown = shown_clauses(book, max(self._furthest.get(id(book), 0), position))
        found = self.session.like(missed, state, seat, shown) if missed else None
        if found is None:
            self.feedback.value = ("<p>No other question of this kind fits this position: "
                                   "step on and try again, or press <b>Quiz me</b>.</p>")
            return
        self._show(found)

    def _show(self, found: Question | None) -> None:
        self.feedback.value = ""
        self.like_button.layout.display = "none"
        if found is None:
            self.question = None
            self.prompt.value = ("<p>No new question fits here (every one was asked, "
                                 "or the game is over): step on and ask again.</p>")
            self.choices.children = []
            return
        self.question = question = found
        self.prompt.value = explain_terms(f"<p><b>{html.escape(question.prompt)}</b></p>",
                                          self.game.glossary)
        buttons = []
        for index, choice in enumerate(question.choices):
            button = w.Button(description=f"{'ABCDEFGH'[index]}. {choice}",
                              layout=w.Layout(width="auto", max_width="100%"))
            button.add_class("rt-quiz-choice")
            button.on_click(lambda _, picked=index: self.answer(picked))
            buttons.append(button)
        self.choices.children = buttons

    def answer(self, picked: int) -> None:
        question = self.question
        if question is None:
            return
        result = self.session.mark(question, picked)
        for index, button in enumerate(self.choices.children):
            button.disabled = True
            button.button_style = ("success" if index == question.answer
                                   else "danger" if index == picked else "")
        clause = self.game.rules[result.clause] if result.clause in self.game.rules else None
        rule = (f"<details class='rt-rule'><summary>{html.escape(result.clause)}</summary>"
                f"{html.escape(clause.describe())}</details>" if clause else "")
        verdict = ("Right!" if result.right else
                   f"Not quite: the answer is “{html.escape(result.correct)}”.")
        self.feedback.value = (f"<div class='{'rt-ok' if result.right else 'rt-error'}'>"
                               f"<b>{verdict}</b></div><p>{html.escape(result.why)}</p>{rule}")
        self.score.value = (f"<span class='rt-quiz-score'><b>{self.session.score}</b> "
                            f"this session</span>")
        self.missed = None if result.right else question
        self.like_button.layout.display = "" if not result.right else "none"
        self.question = None
