"""A learner's lesson progress, kept in their own browser: one localStorage entry per
game, read when the page opens and written when the lesson moves on.

The server keeps nothing: this small invisible anywidget (the pattern of widgets.app.focus)
reads the entries when it is drawn and hands their text to Python in its ``stored``
trait; Python asks for a write by setting ``writes`` (each game's latest text) and
bumping ``write_request``.
Nothing else leaves the page. What the text means is widgets.pages.lesson's business (it
checks every stored value, since anyone can edit their own localStorage).

Works the same under Voila and in the static site (Pyodide): localStorage is the
browser's in both.
"""

from __future__ import annotations

import anywidget
import traitlets

# One entry per game: "rulebook-tutor.lesson.<game id>".
KEY_PREFIX = "rulebook-tutor.lesson."

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const prefix = model.get("prefix");
  // localStorage can be switched off (a private window, a locked-down school browser):
  // then the page says so once instead of failing.
  const storage = () => { try { return window.localStorage; } catch (e) { return null; } };
  const read = () => {
    const store = storage();
    const found = {};
    for (const game of model.get("games")) {
      let text = null;
      try { text = store ? store.getItem(prefix + game) : null; } catch (e) { text = null; }
      // "" for nothing stored: a JS null does not reach the browser's Python as None.
      found[game] = text === null ? "" : text;
    }
    model.set("available", store !== null);
    model.set("stored", found);
    model.set("loaded", true);
    model.save_changes();
  };
  const write = () => {
    const store = storage();
    if (!store) { return; }
    for (const [game, text] of Object.entries(model.get("writes"))) {
      try {
        // "" removes (Python's None may reach a page in the browser's Python as
        // undefined, or not at all).
        if (typeof text !== "string" || text === "") { store.removeItem(prefix + game); }
        else { store.setItem(prefix + game, text); }
      } catch (e) { /* full or refused: the progress is simply not kept */ }
    }
  };
  model.on("change:write_request", write);
  read();
}
export default { render };
"""


class ProgressStore(anywidget.AnyWidget):
    """The browser's stored progress for ``games``. ``stored`` maps each game to the
    stored text ("" when there is none) once ``loaded``; ``write(game, text)`` stores
    a game's text, ``write(game, None)`` removes it. ``on_loaded(callback)`` calls back
    with ``stored`` when the page has reported it."""

    _esm = _ESM
    prefix = traitlets.Unicode(KEY_PREFIX).tag(sync=True)
    games = traitlets.List(traitlets.Unicode()).tag(sync=True)
    stored = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    available = traitlets.Bool(True).tag(sync=True)
    writes = traitlets.Dict().tag(sync=True)
    write_request = traitlets.Int(0).tag(sync=True)

    def __init__(self, games, **kwargs):
        super().__init__(games=list(games), **kwargs)

    def on_loaded(self, callback) -> None:
        # The page sets ``stored`` then ``loaded`` in one message; the callback waits for
        # ``loaded``, so it sees every game's entry at once.
        self.observe(lambda change: change["new"] and callback(dict(self.stored)),
                     names="loaded")

    def write(self, game: str, text: str | None) -> None:
        """Store ``text`` as ``game``'s entry (None removes it); kept here too, so that a
        second view of the page reads the same."""
        self.stored = {**self.stored, game: text}
        # Every game's latest text, not this one alone: the page may take several
        # writes in one update (a reset of every game) and must apply them all.
        self.writes = {**self.writes, game: "" if text is None else text}
        self.write_request += 1
