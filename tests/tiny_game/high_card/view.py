"""High Card's table and composer in the app: every seat's hand and won tricks, the
trick in the middle, and one button per card of the hand to act."""

from __future__ import annotations

import html

import ipywidgets as w

from high_card.engine import Play
from tutor.core.wording import plural
from widgets.table.cards import seat_html, zone_html
from widgets.table.composer import Composer
from widgets.games import GameView


def table_html(view: dict) -> str:
    zones, names, data = view["zones"], view["players"], view["data"]
    seats = "".join(
        seat_html(seat, f"<b>{html.escape(name)}</b><br>{plural(data['tricks'][seat], 'trick')}",
                  seat in view["to_act"],
                  zone_html("hand", zones[f"hand:{seat}"], "rt-hand") +
                  zone_html("won", zones[f"won:{seat}"]))
        for seat, name in enumerate(names))
    return (f"<div class='rt-table hc-table'>{zone_html('trick', zones['trick'], 'hc-trick')}"
            f"{seats}</div>")


class HighCardComposer(Composer):
    """A button per card the seat sees in its hand; the verdict shows what it would do."""

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.cards = w.ToggleButtons(options=[])
        self.cards.observe(lambda _: self._update(), names="value")
        self.play_button = w.Button(description="Play", button_style="primary")
        self.play_button.add_class("rt-play-button")
        self.play_button.on_click(lambda _: self._play())
        self.children = [self.cards, self.verdict, self.play_button]

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        labels = [f["label"] for f in view["zones"][f"hand:{seat}"] if not f.get("hidden")]
        self.cards.options = labels
        self.cards.value = labels[0] if labels else None
        self._update()

    def clear(self) -> None:
        self.cards.options = []
        self.verdict.value = ""

    def _move(self):
        return Play(int(self.cards.value)) if self.cards.value else None

    def _update(self) -> None:
        move = self._move()
        self.verdict.value = self.verdict_html(move) if move else ""

    def _play(self) -> None:
        move = self._move()
        if move is not None:
            self._submit(move)


CSS = """<style>
.hc-trick{border:1px dashed #999;border-radius:8px;padding:3px 6px}
</style>
"""

VIEW = GameView(table_html, HighCardComposer, "Tricks won", ("tricks",), css=CSS,
                zone_words={"won": "won tricks", "out": "cards out of play"})
