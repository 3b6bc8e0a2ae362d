"""The practice panel: in Practice mode the learner makes each book move for the seat to
act, on the game's composer; the engine judges it against the book (tutor.practice).
This panel shows the prompt, the judgement, hints and "Show me", and the summary at the
end. It renders what tutor.practice decides (kept in the app's model) and forwards
clicks to the app's controller."""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.game import Game
from tutor.practice import Judgement, Practice, Verdict
from widgets.panels.glossary import explain_terms


class PracticePanel(w.VBox):
    """Draws the practice in the app's model (``draw(model)``): its question, the last
    verdict or the hints asked for, the summary at the end. Its buttons ask
    ``controller`` (widgets.app.controller) for a hint, the book's move, or a branch."""

    def __init__(self, game: Game, controller):
        self.game = game
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
        self.hint_button.on_click(lambda _: controller.hint())
        self.show_button.on_click(lambda _: controller.show_me())
        self.book_button.on_click(lambda _: controller.take_book_move())
        self.branch_button.on_click(lambda _: controller.branch_from_practice())
        self.choice = w.HBox([self.book_button, self.branch_button],
                             layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.prompt, self.feedback, self.choice,
                          w.HBox([self.hint_button, self.show_button],
                                 layout=w.Layout(flex_flow="row wrap"))])
        self.add_class("rt-practice")
        controller.model.observe(lambda change: self.draw(change["owner"]),
                                 names=["practice", "verdict", "hints"])

    def draw(self, model) -> None:
        """The practice of ``model`` (widgets.app.model.AppModel), if any."""
        practice = model.practice
        self.choice.layout.display = "" if practice and practice.pending else "none"
        if practice is None:
            self.feedback.value = ""
            return
        self.feedback.value = (self._verdict_html(practice, model.verdict) if model.verdict
                               else self._hints_html(model.hint_level, model.hints)
                               if model.hints else "")
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

    def _hints_html(self, level: int, hints) -> str:
        lines = "".join(f"<li>{html.escape(h.text)}</li>" for h in hints)
        head = "What you can do now:" if level == 1 else "One move you could make:"
        return explain_terms(f"<div class='rt-hint-text'>{head}<ul>{lines}</ul></div>",
                             self.game.glossary)

    def _verdict_html(self, practice: Practice, verdict: Verdict) -> str:
        """A verdict told as the seat the table turns to may read it (the one that moved
        may have named its own face-down cards)."""
        css = "rt-ok" if verdict.judgement in (Judgement.FOUND, Judgement.SHOWN) \
            else "rt-allowed-other"
        reader = verdict.seat if practice.done else practice.seat
        message = practice.retold(verdict, reader)
        return explain_terms(f"<div class='{css}'>{html.escape(message)}</div>",
                             self.game.glossary)
