"""A long step in parts: a step that tells many things at once (a Sasquatch choice: the
choice, the other deals, the trade-ins, the draws, the next buyer) is stepped through one
part at a time, as the setup tour steps through the setup.

The parts come from the engine: the step's events as the seat viewing reads them
(``BookStep.events_for``), cut where the engine's ``Game.event_part`` changes. Above the
parts an outline names them all and marks the one told now; the table marks the part of
the table it speaks of (``widgets.panels.setup_tour.mark_part``). Short steps are not cut.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as w

from tutor.core.game import Event, Game
from widgets.panels.glossary import explain_terms
from widgets.panels.pager import Paged, Pager

# A step of more events than this is shown in parts; five or fewer read at a glance.
MOST_EVENTS_AT_ONCE = 5

PARTS_STYLE = """
<style>
.rt-step-parts .rt-parts-outline{margin:2px 0;padding:0;list-style:none;display:flex;
  flex-wrap:wrap;gap:2px 4px;font-size:90%}
.rt-step-parts .rt-parts-outline li{color:#616161;border:1px solid #bdbdbd;
  border-radius:10px;padding:0 6px}
.rt-step-parts .rt-parts-outline li.rt-part-seen{color:#333;border-color:#90a4ae}
.rt-step-parts .rt-parts-outline li.rt-part-now{color:#111;background:#e3f2fd;
  border-color:#1e88e5;font-weight:600}
.rt-step-parts ul{margin:2px 0 2px 18px;padding:0}
.rt-step-parts li.rt-part-event{color:#616161}
.rt-step-parts li.rt-part-told{color:#111;background:#e3f2fd;border-radius:4px;
  padding:1px 4px;font-weight:600}
</style>
"""


@dataclass(frozen=True)
class Part:
    """Events of a step told together, under the name of what they tell."""

    title: str
    events: tuple[Event, ...]


def cut_into_parts(game: Game, events) -> tuple[Part, ...]:
    """The events of a step in parts, in order, each event in exactly one: a new part
    starts where the engine names another part (``game.event_part``; an event it names
    "" stays with the part before it, or the first part when none is before). A step of
    MOST_EVENTS_AT_ONCE events or fewer, one whose events all make one part, or one
    whose parts would each hold a single event, is not cut: ()."""
    events = tuple(events)
    if len(events) <= MOST_EVENTS_AT_ONCE:
        return ()
    names = [game.event_part(event) for event in events]
    first = next((name for name in names if name), "What happens")
    titles: list[str] = []
    groups: list[list[Event]] = []
    for event, name in zip(events, names):
        name = name or (titles[-1] if titles else first)
        if titles and name == titles[-1]:
            groups[-1].append(event)
        else:
            titles.append(name)
            groups.append([event])
    if len(groups) == 1 or all(len(group) == 1 for group in groups):
        # One part is the whole step; parts of one event each are the list itself.
        return ()
    return tuple(Part(title, tuple(group)) for title, group in zip(titles, groups))


def part_as_event(part: Part) -> Event:
    """The part as one sentence, for marking the table where the part speaks of."""
    return Event(part.events[0].rule, " ".join(e.text for e in part.events))


class StepParts(Paged):
    """The parts of a long step, stepped through on a pager ("Back" / "Next part"): the
    outline of all the parts, the buttons, then the events of the part told now, with
    those of the parts before it folded under them. Hidden for a short step."""

    def __init__(self, glossary=None, on_go: Callable[[int], None] | None = None):
        self.outline = w.HTML()
        self.items = w.HTML()
        nav = Pager(lambda index, count: f"Part {index + 1} of {count}",
                    ("rt-parts-back", "rt-parts-next"),
                    ("The previous part of this step", "The next part of this step"), on_go)
        # The buttons under the outline, above the events: they stay where they are
        # however long a part is, so the learner presses on without chasing them.
        super().__init__(nav, [self.outline, nav, self.items], glossary)
        self.add_class("rt-step-parts")

    @property
    def parts(self) -> tuple[Part, ...]:
        return self.pages

    def hide(self) -> None:
        """Out of view, and forgotten: the next long step starts at its first part."""
        self.draw((), 0)

    @property
    def whole(self) -> bool:
        """Every part has been shown: the step reads as a whole."""
        return self.nav.at_end

    def _draw(self) -> None:
        self.outline.value = self._outline_html()
        self.items.value = self._events_html()

    def _outline_html(self) -> str:
        """Every part by name, those seen and the one told now marked."""
        names = []
        for number, part in enumerate(self.parts):
            css = ("rt-part-now" if number == self.index else
                   "rt-part-seen" if number < self.index else "")
            names.append(f"<li class='{css}'>{number + 1}. {html.escape(part.title)}</li>")
        return (f"<ol class='rt-parts-outline' aria-label='The parts of this step'>"
                f"{''.join(names)}</ol>") if names else ""

    def _events_html(self) -> str:
        """The events of the part told now, then those of the parts before it folded
        (the step kept on one screen, the part told now where the eye lands); once
        the last part is told, unfolded: the step is whole."""
        if not self.parts:
            return ""
        now = self._rows(self.parts[self.index], "rt-part-event rt-part-told")
        before = "".join(self._rows(part, "rt-part-event")
                         for part in self.parts[:self.index])
        if not before:
            return f"<ul>{now}</ul>"
        count = sum(len(part.events) for part in self.parts[:self.index])
        # Every part seen: the step reads whole, nothing folded.
        opened = " open" if self.whole else ""
        return (f"<ul>{now}</ul><details class='rt-parts-before'{opened}><summary>What "
                f"happened before in this step ({count} events)</summary><ul>{before}</ul>"
                "</details>")

    def _rows(self, part: Part, css: str) -> str:
        rows = []
        for event in part.events:
            text = html.escape(event.text)
            if self.glossary:
                text = explain_terms(text, self.glossary)
            rows.append(f"<li class='{css}'>{text} "
                        f"<small>[{html.escape(event.rule)}]</small></li>")
        return "".join(rows)
