"""One pager for whatever is told one part at a time (the setup tour, the parts of a long
step): a counter and "Back" / "Next part" buttons. It shows ``index`` of ``count``; a
press asks ``on_go(index)`` for another part, which by default simply goes there, and
in the app asks the controller (the model's ``page`` comes back as ``index``)."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w
import traitlets


class Pager(w.HBox):
    """``counter_text(index, count)`` words the counter; ``css`` names the two buttons'
    classes (back, next); ``tips`` their tooltips."""

    index = traitlets.Int(0)
    count = traitlets.Int(0)

    def __init__(self, counter_text: Callable[[int, int], str], css: tuple[str, str],
                 tips: tuple[str, str], on_go: Callable[[int], None] | None = None):
        self._counter_text = counter_text
        self.on_go = on_go or self.go
        self.counter = w.HTML()
        self.back_button = w.Button(description="‹ Back", tooltip=tips[0])
        self.next_button = w.Button(description="Next part ›", tooltip=tips[1])
        # Buttons, not keys: reached with Tab, pressed with Enter or Space; the arrow
        # keys keep stepping through the example.
        self.back_button.add_class(css[0])
        self.next_button.add_class(css[1])
        self.back_button.on_click(lambda _: self.on_go(self.index - 1))
        self.next_button.on_click(lambda _: self.on_go(self.index + 1))
        super().__init__([self.counter, self.back_button, self.next_button])
        self.add_class("rt-setup-nav")
        self.observe(lambda _: self._draw(), names=["index", "count"])
        self._draw()

    def go(self, index: int) -> None:
        """Go to part ``index`` (kept within the parts)."""
        self.index = max(0, min(index, self.count - 1))

    @property
    def at_end(self) -> bool:
        """The last part is shown (or there is none)."""
        return self.index >= self.count - 1

    def _draw(self) -> None:
        self.counter.value = self._counter_text(self.index, self.count) if self.count else ""
        self.back_button.disabled = self.index <= 0
        self.next_button.disabled = self.at_end


class Paged(w.VBox):
    """A panel that tells ``pages`` one at a time on its ``nav`` pager, drawn by the
    subclass's ``_draw``; hidden when there is nothing to tell. On its own it keeps its
    place (``show``, ``go``); in the app it draws the model's page (``draw``) and its
    pager's buttons ask the controller."""

    def __init__(self, nav: Pager, children: list, glossary=None):
        self.glossary = glossary
        self.nav = nav
        self.back_button, self.next_button = nav.back_button, nav.next_button
        self.counter = nav.counter
        self.pages: tuple = ()
        nav.observe(lambda _: self._draw(), names="index")
        super().__init__(children)
        self.layout.display = "none"

    @property
    def index(self) -> int:
        return self.nav.index

    def show(self, pages) -> None:
        """Tell these pages from the first; the same pages again keep the learner's
        place (a redraw is no new step)."""
        pages = tuple(pages)
        self.draw(pages, self.index if pages == self.pages else 0)

    def draw(self, pages, index: int) -> None:
        """Show page ``index`` of ``pages`` (none: hidden)."""
        self.pages = tuple(pages)
        with self.nav.hold_trait_notifications():
            self.nav.count, self.nav.index = len(self.pages), index
        self.layout.display = "" if self.pages else "none"
        self._draw()

    def go(self, index: int) -> None:
        self.nav.go(index)

    @property
    def current(self):
        """The page told now, or None when the panel is hidden."""
        if not self.pages or self.layout.display == "none":
            return None
        return self.pages[self.index]

    def _draw(self) -> None:
        raise NotImplementedError
