"""Moving the keyboard focus from the kernel: after a control that starts play, a keyboard
user lands on the move they are asked for, not at the top of the page (31 Tabs away).

ipywidgets cannot focus an element, so this is a small invisible anywidget: the app
names where the focus should go (CSS selectors, the first that matches a visible,
enabled element wins) and the page moves it there once that element is drawn. The page
sends nothing back.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  let timer = null;
  const shown = (e) => e && e.getClientRects().length > 0 && !e.disabled
    && getComputedStyle(e).visibility !== "hidden";
  const move = () => {
    if (timer) { clearInterval(timer); }
    const wanted = model.get("targets");
    if (!wanted.length) { return; }
    // Whatever had the focus when play started (a button that may now be hidden): the
    // focus moves only from there or from nowhere, never from where the learner went.
    const from = document.activeElement;
    let tries = 0;
    timer = setInterval(() => {
      tries += 1;
      const now = document.activeElement;
      const stayed = now === from || now === document.body || now === null || !shown(now);
      if (!stayed || tries > 200) { clearInterval(timer); timer = null; return; }
      for (const selector of wanted) {
        const target = Array.from(document.querySelectorAll(selector)).find(shown);
        if (target) {
          target.focus();
          if (document.activeElement === target) {
            target.scrollIntoView({ block: "nearest" });
            clearInterval(timer); timer = null;
          }
          return;
        }
      }
    }, 100);
  };
  model.on("change:request", move);
}
export default { render };
"""

# Where the learner acts: a card of the hand viewed that can be picked, else the move
# composer's first control.
PLAY_TARGETS = (".rt-expanded [data-pick='card']", ".rt-table-view [data-pick]",
                ".rt-composer button:not([disabled])", ".rt-composer select",
                ".rt-composer input")


class FocusMover(anywidget.AnyWidget):
    """``focus(selectors)`` asks the page to move the keyboard focus to the first
    visible element matching one of ``selectors`` (waiting up to 20 s for it)."""

    _esm = _ESM
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    request = traitlets.Int(0).tag(sync=True)

    def focus(self, selectors=PLAY_TARGETS) -> None:
        self.targets = list(selectors)
        self.request += 1
