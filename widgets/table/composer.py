"""The base of the per-game move composers.

A composer lets the learner build a move for the seat that must act, shows the engine's
verdict while they build it, and hands the finished move to the app. It never decides
a rule itself: ``check`` asks the engine whether a move is legal, ``preview`` asks what a
move would do (the events of a trial apply on a copy), ``submit`` plays it.

The verdict line is also where a refused move is explained, right under the buttons the
learner pressed; any change to the composition replaces it with the live verdict again.
"""

from __future__ import annotations

import html

import ipywidgets as w
import traitlets

from tutor.core.game import Rejection
from tutor.core.glossary import Glossary
from tutor.core.rules import Rules
from tutor.core.wording import sentences
from widgets.panels.glossary import explain_terms


def ids_of_labels(labels_by_id: dict[str, str], labels: list) -> list[str]:
    """A card id for each label (None skipped), each id used once: two cards of one kind
    chosen are two cards of the hand."""
    ids = []
    for label in labels:
        spare = [cid for cid, known in labels_by_id.items() if known == label and cid not in ids]
        if label is not None and spare:
            ids.append(spare[0])
    return ids


class Composer(w.VBox):
    # The ids of the table's cards the move being composed uses, for the table to mark
    # (the app links it to TableView.chosen): the composer's own state, so the table never
    # guesses what was picked. Each composer sets it through note_chosen().
    chosen_cards = traitlets.List(traitlets.Unicode())

    def __init__(self, check, submit, preview):
        self._check, self._submit, self._preview = check, submit, preview
        self.rules: Rules | None = None   # set by the app: clause titles for refusals
        self.glossary = Glossary([])      # set by the app: terms explained in verdicts
        self.verdict = w.HTML()
        self.verdict.add_class("rt-verdict")
        super().__init__()
        self.add_class("rt-composer")

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        """Offer the moves of ``seat`` from ``view`` (that seat's, or the teacher's)."""
        raise NotImplementedError

    def clear(self) -> None:
        """Forget the last seat's cards, so that a hidden composer keeps no secret in the
        page."""
        raise NotImplementedError

    def pick_card(self, card_id: str) -> bool:
        """The learner clicked this card on the table: add it to (or take it out of) the
        move being composed. False if the card plays no part in this composer."""
        return False

    def pickable_zones(self, seat: int) -> tuple[str, ...]:
        """The zones of the table whose cards the learner may click to compose a move."""
        return (f"hand:{seat}",)

    def pickable_slots(self, view: dict, seat: int) -> frozenset[str]:
        """The places of the table (``data-slot`` of the game's table: a deal position, a
        top set) the learner may click to compose ``seat``'s move in ``view``."""
        return frozenset()

    def pick_slot(self, slot: str) -> bool:
        """The learner clicked this place on the table: aim the move being composed at it
        (turn this card, challenge this set). False if it plays no part in this move."""
        return False

    def chosen_card_ids(self) -> list[str]:
        """The ids of the cards (shown on the table) the move being composed uses now."""
        return []

    def note_chosen(self) -> None:
        """Tell the table which cards the composition uses now (after any change to it)."""
        chosen = list(dict.fromkeys(self.chosen_card_ids()))
        if chosen != self.chosen_cards:
            self.chosen_cards = chosen

    def reason_words(self, rejection: Rejection) -> str:
        """The engine's reason as the learner reads it beside this composer's controls
        (a composer whose engine words a fix as notation says which control to use)."""
        return rejection.reason

    def rule_words(self, rejection: Rejection) -> str:
        """'SB-3.2 (Bidding)' for a clause the rules know, else the bare id."""
        if self.rules is not None and rejection.rule in self.rules:
            clause = self.rules[rejection.rule]
            title = clause.title or clause.section
            if title:
                return f"{html.escape(rejection.rule)} ({html.escape(title)})"
        return html.escape(rejection.rule)

    def verdict_html(self, move) -> str:
        """The engine's verdict on a move, as one line: what it would do, or why not."""
        rejection = self._check(move)
        if rejection is not None:
            return explain_terms(f"<span class='rt-error'>Not allowed by "
                                 f"{self.rule_words(rejection)}: "
                                 f"{html.escape(self.reason_words(rejection))}</span>",
                                 self.glossary)
        events = self._preview(move)
        what = html.escape(sentences(e.text for e in events))
        return explain_terms(f"<span class='rt-ok'>Allowed: {what}</span>", self.glossary)

    def refuse(self, rejection: Rejection | None, text: str = "") -> None:
        """Explain a refused move where the learner acted."""
        if rejection is not None:
            text = (f"Not allowed by {self.rule_words(rejection)}: "
                    f"{html.escape(self.reason_words(rejection))}")
        else:
            text = html.escape(text)
        self.verdict.value = explain_terms(
            f"<div class='rt-refusal' role='alert'><b>{text}</b> "
            "Nothing changed: try another move.</div>", self.glossary)
