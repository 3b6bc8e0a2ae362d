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

// One tooltip for the glossary terms of the whole page (the table, the narration, the
// composer...): a box fixed to the window and placed beside the term, so that no zone or
// scrolling box clips it. It lives on <body>, outside every widget, so the table's
// updates never touch it; a term that an update removes takes its tooltip with it.
function installTooltips() {
  if (window.rtTooltips) { return; }
  const tip = document.createElement("div");
  tip.className = "rt-tip";
  tip.id = "rt-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.appendChild(tip);
  document.documentElement.classList.add("rt-tips-on");
  let owner = null;
  const gone = new MutationObserver(() => { if (owner && !owner.isConnected) { hide(); } });
  const place = () => {
    const margin = 8, word = owner.getBoundingClientRect();
    tip.style.left = "0px";
    tip.style.top = "0px";
    const box = tip.getBoundingClientRect();
    const left = Math.max(margin, Math.min(word.left, innerWidth - box.width - margin));
    let top = word.bottom + 4;
    if (top + box.height > innerHeight - margin) {   // no room below: above the word
      top = Math.max(margin, word.top - box.height - 4);
    }
    tip.style.left = left + "px";
    tip.style.top = top + "px";
  };
  const show = (term) => {
    if (owner && owner !== term) { owner.removeAttribute("aria-describedby"); }
    owner = term;
    tip.textContent = term.getAttribute("data-means") || "";
    tip.hidden = false;
    term.setAttribute("aria-describedby", "rt-tip");
    place();
    gone.observe(document.body, { childList: true, subtree: true });
  };
  const hide = () => {
    if (owner) { owner.removeAttribute("aria-describedby"); }
    owner = null;
    tip.hidden = true;
    gone.disconnect();
  };
  const termOf = (node) => (node && node.closest ? node.closest(".rt-term") : null);
  document.addEventListener("mouseover", (event) => {
    const term = termOf(event.target);
    if (term) { show(term); }
  });
  document.addEventListener("mouseout", (event) => {
    const term = termOf(event.target);
    if (term && term === owner && !term.contains(event.relatedTarget)
        && document.activeElement !== term) { hide(); }
  });
  document.addEventListener("focusin", (event) => {
    const term = termOf(event.target);
    if (term) { show(term); } else if (owner) { hide(); }
  });
  document.addEventListener("focusout", (event) => {
    if (event.target === owner) { hide(); }
  });
  // A tap focuses the term (it has a tabindex) and shows it; a tap elsewhere closes it.
  document.addEventListener("pointerdown", (event) => {
    const term = termOf(event.target);
    if (term) { show(term); } else if (owner) { hide(); }
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && owner) { hide(); }
  }, true);
  const follow = () => { if (owner) { owner.isConnected ? place() : hide(); } };
  document.addEventListener("scroll", follow, true);
  window.addEventListener("resize", follow);
  window.rtTooltips = { hide };
}

// The cards of the move the composer is building (the composer says which): marked on the
// table after every redraw, since the table's HTML itself never carries the mark.
function markChosen(el, ids) {
  const chosen = new Set(ids);
  el.querySelectorAll("[data-chosen]").forEach((card) => {
    if (!chosen.has(card.getAttribute("data-card"))) { card.removeAttribute("data-chosen"); }
  });
  el.querySelectorAll("[data-card]").forEach((card) => {
    if (chosen.has(card.getAttribute("data-card"))) { card.setAttribute("data-chosen", ""); }
  });
}

function render({ model, el }) {
  installTooltips();
  el.classList.add("rt-table-view");
  const draw = () => {
    const parsed = document.createElement("template");
    parsed.innerHTML = model.get("value");
    morph(el, parsed.content);
    markChosen(el, model.get("chosen"));
  };
  draw();
  model.on("change:value", draw);
  model.on("change:chosen", () => markChosen(el, model.get("chosen")));
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
    """The table's HTML (``value``) with the cards in ``chosen`` marked; calls
    ``on_card(card_id)`` when a pickable card is clicked, ``on_slot(slot)`` when a pickable place is (its ``data-slot``), and
    ``on_key("ArrowLeft" | "ArrowRight")`` for the arrow keys."""

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    arrow_keys = traitlets.Bool(True).tag(sync=True)
    # The ids of the cards the composer's move uses now (see Composer.chosen_cards): ids
    # the table already shows, marked so the learner sees what they picked.
    chosen = traitlets.List(traitlets.Unicode()).tag(sync=True)

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
