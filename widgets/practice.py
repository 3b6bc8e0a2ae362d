"""The practice panel: in Practice mode the learner makes each book move for the seat to
act, on the game's composer; the engine judges it against the book (tutor.practice).
This panel shows the prompt, the judgement, hints and "Show me", and the summary at the
end. It renders what tutor.practice decides and forwards clicks."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from tutor.core.game import Game
from tutor.practice import Judgement, Practice, Verdict
from widgets.glossary import explain_terms


class PracticePanel(w.VBox):
    """``changed()`` is called after anything that moves the practice on, so the app can
    redraw the table; ``branched(branch)`` hands over a branch the learner chose."""

    def __init__(self, game: Game, changed: Callable[[], None], branched: Callable):
        self.game, self._changed, self._branched = game, changed, branched
        self.practice: Practice | None = None
        self._hint_level = 0
        self.prompt = w.HTML()
        self.prompt.add_class("rt-practice-prompt")
        self.feedback = w.HTML()
        self.feedback.add_class("rt-practice-feedback")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o",
                                    tooltip="What can I do now? Press again for a move")
        self.hint_button.add_class("rt-hint")
        self.show_button = w.Button(description="Show me", icon="eye",
                                    tooltip="Play the book's move (counted as shown)")
        self.show_button.add_class("rt-show-me")
        self.book_button = w.Button(description="Take the book's move", button_style="info")
        self.book_button.add_class("rt-take-book")
        self.branch_button = w.Button(description="Play on with my move")
        self.branch_button.add_class("rt-branch-mine")
        self.hint_button.on_click(lambda _: self.hint())
        self.show_button.on_click(lambda _: self._after(self.practice.show_me()))
        self.book_button.on_click(lambda _: self._after(self.practice.take_book_move()))
        self.branch_button.on_click(lambda _: self._branched(self.practice.branch()))
        self.choice = w.HBox([self.book_button, self.branch_button],
                             layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.prompt, self.feedback, self.choice,
                          w.HBox([self.hint_button, self.show_button],
                                 layout=w.Layout(flex_flow="row wrap"))])
        self.add_class("rt-practice")

    def start(self, practice: Practice) -> None:
        self.practice = practice
        self.feedback.value = ""
        self.update()

    def update(self) -> None:
        practice = self.practice
        self.choice.layout.display = "" if practice and practice.pending else "none"
        if practice is None:
            return
        if practice.done:
            summary = practice.summary()
            rules = "".join(
                f"<details class='rt-rule'><summary>{html.escape(rule)}</summary>"
                f"{html.escape(self.game.rules[rule].describe())}</details>"
                for rule in summary.missed_rules if rule in self.game.rules)
            self.prompt.value = (f"<b>Practice done.</b> {html.escape(summary.text)}"
                                 f"{rules}")
            self.hint_button.disabled = self.show_button.disabled = True
            return
        self.hint_button.disabled = self.show_button.disabled = False
        # The question first, where the eye lands: what the learner is to work out.
        self.prompt.value = explain_terms(
            f"<b class='rt-practice-question'>{html.escape(practice.question())}</b> "
            f"{html.escape(practice.context())}", self.game.glossary)

    def judge(self, move) -> Verdict | None:
        """The learner's move from the composer, judged against the book."""
        if self.practice is None or self.practice.done:
            return None
        verdict = self.practice.judge(move)
        self._after(verdict)
        return verdict

    def hint(self) -> None:
        self._hint_level = 2 if self._hint_level == 1 else 1
        hints = self.practice.hint(self._hint_level)
        lines = "".join(f"<li>{html.escape(h.text)}</li>" for h in hints)
        head = "What you can do now:" if self._hint_level == 1 else "One move you could make:"
        self.feedback.value = explain_terms(f"<div class='rt-hint-text'>{head}<ul>{lines}"
                                            f"</ul></div>", self.game.glossary)

    def _after(self, verdict: Verdict) -> None:
        if verdict.judgement == Judgement.ILLEGAL:
            # The refusal shows under the composer, where the learner acted, and the
            # cards they chose stay chosen: nothing else changes.
            self.feedback.value = ""
            return
        css = "rt-ok" if verdict.judgement in (Judgement.FOUND, Judgement.SHOWN) \
            else "rt-allowed-other"
        # The table turns to the next mover: the message is told as that seat may read
        # it (the one that moved may have named its own face-down cards).
        reader = verdict.seat if self.practice.done else self.practice.seat
        message = self.practice.retold(verdict, reader)
        self.feedback.value = explain_terms(
            f"<div class='{css}'>{html.escape(message)}</div>", self.game.glossary)
        if verdict.advanced:
            self._hint_level = 0
        self.update()
        self._changed()
