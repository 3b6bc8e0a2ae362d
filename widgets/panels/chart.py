"""The standings chart: each player's scoreboard columns over the moves (or rounds), as
plotly's figure JSON.

The figure is written as plain data for plotly.js in the page (widgets.panels.chart_view) rather
than built with plotly's Python classes: importing plotly and pandas costs a kernel about
a second and 40 MB, which a learner would wait for the first time they open the chart,
and plotly.js needs only the JSON. Players' lines differ by dash and marker as well as by
colour.

The chart is the same on every seat's page: it draws the scoreboard only, which each
engine makes of public facts (pile sizes, open collections, tokens), and its title, axis
and line names ("Ann: money") name players and columns, never a card.
tests/test_secrets_teaching.py holds it to that with twin positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.state import State
from tutor.session import history_rows

DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
MARKERS = ("circle", "square", "diamond", "triangle-up", "x", "star")


@dataclass(frozen=True)
class Trace:
    """One line: ``name`` ("Ann: money"), its points, and how it is drawn."""

    name: str
    x: tuple
    y: tuple
    dash: str
    marker: str

    def to_plotly(self) -> dict:
        return {"type": "scatter", "mode": "lines+markers", "name": self.name,
                "x": list(self.x), "y": list(self.y), "line": {"dash": self.dash},
                "marker": {"symbol": self.marker}}


@dataclass(frozen=True)
class Chart:
    title: str
    x_title: str
    data: tuple[Trace, ...]

    def to_plotly(self) -> dict:
        """The figure as plotly's JSON ({"data": ..., "layout": ...}): the plot 200
        pixels tall, with room above for the title and below for the legend, which sits
        at the foot of the figure, two lines to a row in the chart's narrow box."""
        title = title_lines(self.title)
        top = 30 + LINE_HEIGHT * title.count("<br>")
        bottom = 50 + LINE_HEIGHT * -(-len(self.data) // 2)
        return {"data": [trace.to_plotly() for trace in self.data],
                "layout": {"height": top + 200 + bottom,
                           "margin": {"l": 45, "r": 10, "t": top, "b": bottom},
                           "title": {"text": title, "font": {"size": 14}},
                           "xaxis": {"title": {"text": self.x_title}},
                           "legend": {"orientation": "h", "x": 0, "xanchor": "left",
                                      "yref": "container", "y": 0, "yanchor": "bottom",
                                      "entrywidth": 0.5, "entrywidthmode": "fraction",
                                      "font": {"size": 11}}}}


LINE_HEIGHT = 20   # pixels: a line of the title, a row of the legend


def title_lines(title: str, width: int = 44) -> str:
    """``title`` broken into lines of at most about ``width`` characters (plotly writes a
    title on one line, and the chart beside the table is only 360 pixels wide)."""
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def standings_chart(game: Game, states: list[State], title: str, columns: tuple[str, ...],
                    by=None, x_title: str = "move") -> Chart:
    """Every player's ``columns`` after each state (with ``by``, after each round...):
    the last column a solid or dashed line per player, the others dotted."""
    rows = history_rows(game, states, by)
    players = list(dict.fromkeys(row["player"] for row in rows))
    traces = []
    for number, player in enumerate(players):
        mine = [row for row in rows if row["player"] == player]
        for column in columns:
            dash = DASHES[number % len(DASHES)] if column == columns[-1] else "dot"
            traces.append(Trace(f"{player}: {column}", tuple(r["at"] for r in mine),
                                tuple(r[column] for r in mine), dash,
                                MARKERS[number % len(MARKERS)]))
    return Chart(title, x_title, tuple(traces))
