"""The chart as a widget: a plotly figure (widgets.panels.chart's JSON) drawn in the page by
plotly.js's *basic* bundle (scatter, bar and pie), kept in widgets/static/.

Why not plotly's own notebook renderer: it carries all of plotly.js (4.8 MB), which the
page takes about two seconds to start on a small machine, the first time a learner opens
the chart. The basic bundle has every trace the standings chart draws, is a quarter of
the size and starts in about half a second. It reaches the page once, as this widget's
script, and only when the chart is first opened (the widget is made then, see
widgets.panels.panels), so a learner who never opens the chart never waits for it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import anywidget
import traitlets

BUNDLE = Path(__file__).parent.parent / "static" / "plotly-basic.min.js"

# The bundle runs inside a function, the first time a chart is drawn on the page; it
# defines window.Plotly (as plotly.js does wherever it loads), which a second chart, or
# plotly's own renderer if it came first, reuses.
_BEFORE = "function startPlotly() {\n"
_AFTER = """
return self.Plotly;
}
const Plotly = self.Plotly || startPlotly();

function render({ model, el }) {
  // No tool bar: it covered the title in a box this narrow, and a learner reads values
  // by hovering (a drag zooms in, a double click zooms back out).
  const options = { displayModeBar: false, responsive: true };
  const draw = () => {
    const figure = model.get("figure");
    return Plotly.react(el, figure.data || [], figure.layout || {}, options);
  };
  // The first drawing answers the learner's click on the tab: bring all of it into view,
  // scrolling the column it is in (on a wide screen) or else the page.
  const reveal = () => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(box).overflowY)
          && box.scrollHeight > box.clientHeight) {
        const seen = Math.min(box.getBoundingClientRect().bottom, window.innerHeight);
        const below = el.getBoundingClientRect().bottom - seen;
        if (below > 0) { box.scrollTop += below; }
        break;
      }
    }
    if (el.getBoundingClientRect().bottom > window.innerHeight) {
      el.scrollIntoView({ block: "nearest" });
    }
  };
  // plotly sizes a figure to its box: draw once the box is in the page, and again
  // whenever its width changes (the tab opened, the window resized).
  const whenPlaced = () => {
    if (!(el.isConnected && el.clientWidth)) { requestAnimationFrame(whenPlaced); return; }
    draw().then(reveal);
  };
  whenPlaced();
  model.on("change:figure", draw);
  let width = 0;
  const resized = new ResizeObserver(() => {
    if (el.clientWidth && el.clientWidth !== width && el.querySelector(".main-svg")) {
      width = el.clientWidth;
      Plotly.Plots.resize(el);
    }
  });
  resized.observe(el);
  return () => { resized.disconnect(); Plotly.purge(el); };
}
export default { render };
"""


@lru_cache(maxsize=1)
def chart_script() -> str:
    """The widget's script: the basic bundle and the few lines that draw a figure."""
    return _BEFORE + BUNDLE.read_text(encoding="utf-8") + _AFTER


class ChartView(anywidget.AnyWidget):
    """Draws ``figure``, a plotly figure as JSON ({"data": [...], "layout": {...}})."""

    figure = traitlets.Dict({}).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(_esm=chart_script(), **kwargs)
        self.add_class("rt-chart")
