"""The base of the per-game move composers.

A composer lets the learner build a move for the seat that must act, shows the engine's
verdict while they build it, and hands the finished move to the app. It never decides
a rule itself: ``check`` asks the engine whether a move is legal, ``preview`` asks what a
move would do (the events of a trial apply on a copy), ``submit`` plays it.
"""

from __future__ import annotations

import html

import ipywidgets as w


class Composer(w.VBox):
    def __init__(self, check, submit, preview):
        self._check, self._submit, self._preview = check, submit, preview
        super().__init__()
        self.add_class("rt-composer")

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        """Offer the moves of ``seat`` from ``view`` (that seat's, or the teacher's)."""
        raise NotImplementedError

    def clear(self) -> None:
        """Forget the last seat's cards, so that a hidden composer keeps no secret in the
        page."""
        raise NotImplementedError

    def verdict_html(self, move) -> str:
        """The engine's verdict on a move, as one line: what it would do, or why not."""
        rejection = self._check(move)
        if rejection is not None:
            return (f"<span class='rt-error'>[{rejection.rule}] "
                    f"{html.escape(rejection.reason)}</span>")
        events = self._preview(move)
        what = " ".join(html.escape(e.text) + "." for e in events)
        return f"<span class='rt-ok'>Allowed: {what}</span>"
