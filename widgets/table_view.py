"""The table as a widget a learner can click: the HTML of a per-seat view, and the clicks
and keys that come back from the page.

Plain ``ipywidgets.HTML`` cannot report a click on one card, so the table is a small
anywidget: it renders the same escaped HTML the game views make, and sends back only
what the learner did (the id of a card they clicked, which is an id the page already
shows, or an arrow key). Nothing the page receives is more than the HTML itself.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
// Make the children of `old` equal to those of `next` (parsed from the new HTML), keeping
// every node that did not change: a step changes a seat or two, and the browser then
// styles, lays out and paints only those (and a card that has the keyboard focus keeps
// it), instead of the whole table on every step.
function morph(old, next) {
  const before = Array.from(old.childNodes), after = Array.from(next.childNodes);
  after.forEach((node, i) => {
    const kept = before[i];
    if (!kept) { old.appendChild(node); return; }
    if (kept.isEqualNode(node)) { return; }
    if (kept.nodeType === 1 && node.nodeType === 1 && kept.tagName === node.tagName) {
      for (const { name } of Array.from(kept.attributes)) {
        if (!node.hasAttribute(name)) { kept.removeAttribute(name); }
      }
      for (const { name, value } of Array.from(node.attributes)) {
        if (kept.getAttribute(name) !== value) { kept.setAttribute(name, value); }
      }
      morph(kept, node);
    } else {
      old.replaceChild(node, kept);
    }
  });
  before.slice(after.length).forEach((node) => old.removeChild(node));
}

function render({ model, el }) {
  el.classList.add("rt-table-view");
  const draw = () => {
    const parsed = document.createElement("template");
    parsed.innerHTML = model.get("value");
    morph(el, parsed.content);
  };
  draw();
  model.on("change:value", draw);
  // data-pick says what a click picks: a card (its id) or a place (a deal position, a set).
  const pick = (target) => {
    const picked = target.closest("[data-pick]");
    if (!picked) { return; }
    if (picked.getAttribute("data-pick") === "slot") {
      model.send({ kind: "slot", slot: picked.getAttribute("data-slot") });
    } else {
      model.send({ kind: "card", card: picked.getAttribute("data-card") });
    }
  };
  el.addEventListener("click", (event) => pick(event.target));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { pick(event.target); event.preventDefault(); }
  });
  // Arrow keys step through the example, unless the learner is typing or on a slider.
  const onKey = (event) => {
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "textarea", "select"].includes(tag) || event.altKey || event.ctrlKey
        || event.metaKey) { return; }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      model.send({ kind: "key", key: event.key });
    }
  };
  if (model.get("arrow_keys")) { document.addEventListener("keydown", onKey); }
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""


class TableView(anywidget.AnyWidget):
    """The table's HTML (``value``); calls ``on_card(card_id)`` when a pickable card is
    clicked, ``on_slot(slot)`` when a pickable place is (its ``data-slot``), and
    ``on_key("ArrowLeft" | "ArrowRight")`` for the arrow keys."""

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    arrow_keys = traitlets.Bool(True).tag(sync=True)

    def __init__(self, on_card: Callable[[str], None] | None = None,
                 on_key: Callable[[str], None] | None = None,
                 on_slot: Callable[[str], None] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._on_card, self._on_key, self._on_slot = on_card, on_key, on_slot
        self.on_msg(self._received)

    def _received(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("kind") == "card" and self._on_card:
            self._on_card(str(content.get("card", "")))
        elif content.get("kind") == "slot" and self._on_slot:
            self._on_slot(str(content.get("slot", "")))
        elif content.get("kind") == "key" and self._on_key:
            self._on_key(str(content.get("key", "")))

    def click_card(self, card_id: str) -> None:
        """What a click on a card does (for tests and keyboard users alike)."""
        self._received(self, {"kind": "card", "card": card_id}, [])

    def click_slot(self, slot: str) -> None:
        """What a click on a place of the table (a deal position, a set) does."""
        self._received(self, {"kind": "slot", "slot": slot}, [])

    def press(self, key: str) -> None:
        self._received(self, {"kind": "key", "key": key}, [])
