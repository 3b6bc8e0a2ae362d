"""The setup of a worked example as a short tour: one thing at a time (what the game is
played with, what each player gets, what lies where, who starts and why), with the rule
behind each, before the first move.

The items are the engine's opening events (``Game.opening_events``) as the seat viewing
reads them: the tour only shows them, one highlighted at a time, the others kept in view
so the learner sees where they are.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import ipywidgets as w

from tutor.core.game import Event
from widgets.panels.glossary import explain_terms
from widgets.panels.pager import Paged, Pager

TOUR_STYLE = """
<style>
.rt-setup-tour ol{margin:2px 0 2px 18px;padding:0}
.rt-setup-tour li{margin:1px 0;color:#616161}
.rt-setup-tour li.rt-setup-now{color:#111;background:#e3f2fd;border-radius:4px;
  padding:1px 4px;font-weight:600}
.rt-setup-nav{align-items:center;gap:4px}
.rt-setup-nav .widget-button{width:auto!important;padding:0 8px}
/* The part of the table the setup part speaks of: a blue glow, unlike the orange
   outline of a card moved this step. */
.rt-app [data-tour]{box-shadow:0 0 0 3px #1e88e5,0 0 10px 3px rgba(30,136,229,.55)!important;
  border-radius:6px;background-color:#e3f2fd}
</style>
"""


class SetupTour(Paged):
    """The opening events of an example, stepped through on a pager ("Setup back" /
    "Setup next"); hidden when there is nothing to tour."""

    def __init__(self, glossary=None, on_go: Callable[[int], None] | None = None):
        self.items = w.HTML()
        nav = Pager(lambda index, count: f"Setup: {index + 1} of {count}",
                    ("rt-setup-back", "rt-setup-next"),
                    ("The previous part of the setup", "The next part of the setup"), on_go)
        super().__init__(nav, [self.items, nav], glossary)
        self.add_class("rt-setup-tour")

    @property
    def events(self) -> tuple[Event, ...]:
        return self.pages

    def draw(self, events, index: int) -> None:
        super().draw(events, index)
        self.nav.layout.display = "" if len(self.pages) > 1 else "none"

    def hide(self) -> None:
        """Out of view, keeping its place."""
        self.layout.display = "none"

    def _draw(self) -> None:
        rows = []
        # The newest part and the two before it: a long setup must not push the
        # composer and the tabs off the screen.
        first = max(0, self.index - 2)
        for number, event in enumerate(self.events[first:self.index + 1], first):
            css = " class='rt-setup-now'" if number == self.index else ""
            text = explain_terms(html.escape(event.text), self.glossary) \
                if self.glossary else html.escape(event.text)
            rows.append(f"<li{css}>{text} <small>[{html.escape(event.rule)}]</small></li>")
        self.items.value = ("<b>How the game is set up</b>"
                            f"<ol start='{first + 1}'>{''.join(rows)}</ol>") if rows else ""


_ZONE = re.compile(r"(<div class='rt-zone[^']*'[^>]*)(><div class='rt-zone-title'>)(.*?)(</div>)")
_SEAT_AT = re.compile(r"data-seat='(\d+)'")
_MIDDLE = re.compile(r"\b(pile|piles|middle|supply|deck|for sale|lie|lies)\b")


def _phrase(title: str) -> str:
    """A zone title as the words a sentence would use: 'Discard pile (1 card)' ->
    'discard pile', 'Next house (12 left)' -> 'next house', 'Bid: 0K' -> 'bid'."""
    plain = html.unescape(re.sub(r"<[^>]+>", "", title))
    return re.split(r"[(:]", plain)[0].strip().lower()


def mark_part(table: str, event: Event, players) -> str:
    """The table's HTML with the part ``event`` speaks of marked ``data-tour``: the
    zones in the middle of the table it names ('the discard pile', 'for sale'), else
    the seats of the players it names, else the middle of the table for a sentence
    about piles, else the whole table (what the game is played with)."""
    text = html.unescape(event.text).lower()
    first_seat = _SEAT_AT.search(table)
    middle_end = first_seat.start() if first_seat else len(table)
    named = [m for m in _ZONE.finditer(table, 0, middle_end)
             if _phrase(m.group(3)) and _phrase(m.group(3)) in text]
    if named:
        for m in reversed(named):
            table = table[:m.start()] + m.group(1) + " data-tour='now'" + table[m.end(1):]
        return table
    seats = {seat for seat, name in enumerate(players)
             if re.search(rf"\b{re.escape(name.lower())}\b", text)}
    if seats:
        return _SEAT_AT.sub(lambda m: m.group(0) + (" data-tour='now'" if int(m.group(1))
                                                   in seats else ""), table)
    if _MIDDLE.search(text) and "<div class='rt-table-head'" in table:
        return table.replace("<div class='rt-table-head'",
                             "<div class='rt-table-head' data-tour='now'", 1)
    return re.sub(r"<div class='(rt-table[^']*)'", r"<div class='\1' data-tour='now'",
                  table, count=1)
