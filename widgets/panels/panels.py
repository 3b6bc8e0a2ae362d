"""The side panels of the app, in tabs beside the table: scores, the move log, the chart,
the comparison with the book, and the rules cited so far. Each panel renders what the
app hands it; none of them changes the game."""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.game import Game
from widgets.panels.chart import standings_chart
from widgets.panels.chart_view import ChartView
from widgets.panels.tables import html_table

TITLES = ("Scores", "Log", "Chart", "Compare", "Rules", "Quiz")
CHART_TAB = TITLES.index("Chart")


def table_html(rows: list[dict], empty: str) -> str:
    """A small table of rows of plain values (every cell escaped), or ``empty`` said in
    words when there are no rows."""
    return html_table(rows) if rows else f"<p>{html.escape(empty)}</p>"


class Panels(w.Tab):
    """The tabs. ``chart_spec`` is the game view's (title, columns, by, x title)."""

    def __init__(self, game: Game, chart_title: str, chart_columns: tuple[str, ...],
                 chart_by=None, chart_x_title: str = "move", quiz: w.Widget | None = None):
        self.game = game
        self.chart_title, self.chart_columns = chart_title, chart_columns
        self.chart_by, self.chart_x_title = chart_by, chart_x_title
        self.scores = w.HTML()
        self.scores.add_class("rt-scores")
        self.log_view = w.HTML()
        self.log_view.add_class("rt-log")
        # The chart is drawn when its tab is first opened: its widget (widgets.panels.chart_view,
        # which brings plotly.js with it) is made then, and each step after sends only
        # the figure's data, a few KB. The loading sign shows until plotly has drawn.
        self.chart = None                 # the Chart last drawn (widgets.panels.chart)
        self.chart_view: ChartView | None = None
        self.chart_note = w.HTML("<p class='rt-loading'>Loading the chart&hellip;</p>")
        self.chart_box = w.VBox([self.chart_note])
        self.chart_box.add_class("rt-chart-box")
        self._chart_key = None
        self._chart_states: list = []
        self.comparison = w.HTML()
        self.comparison.add_class("rt-comparison")
        self.rules_view = w.HTML()
        self.rules_view.add_class("rt-rules-panel")
        self.quiz = quiz or w.HTML()
        super().__init__([self.scores, self.log_view, self.chart_box, self.comparison,
                          self.rules_view, self.quiz])
        for index, title in enumerate(TITLES):
            self.set_title(index, title)
        self.add_class("rt-panels")
        self._makers, self._drawn = {}, set()
        self.observe(lambda _: self.draw_open_tab(), names="selected_index")

    def show(self, states: list, score_rows, log_rows, comparison, rules) -> None:
        """Show the moves up to now (``states``: from the start). The other arguments are
        callables making each tab's content: only the open tab is drawn on each step,
        and another when it is opened, so a step sends the page one table, not four."""
        self._chart_states = states
        self._makers = {"Scores": lambda: table_html(score_rows(), "No scores yet."),
                        "Log": lambda: table_html(log_rows(), "No moves yet."),
                        "Compare": comparison, "Rules": rules}
        self._drawn = set()
        self.draw_open_tab()

    def draw_open_tab(self) -> None:
        title = TITLES[self.selected_index or 0]
        if title == "Chart":
            self.update_chart()
            return
        views = {"Scores": self.scores, "Log": self.log_view, "Compare": self.comparison,
                 "Rules": self.rules_view}
        if title in views and title not in self._drawn and title in self._makers:
            views[title].value = self._makers[title]()
            self._drawn.add(title)

    def update_chart(self) -> None:
        """Draw the chart if its tab is open and the moves shown have changed."""
        if self.selected_index != CHART_TAB or not self._chart_states:
            return
        states = self._chart_states
        key = (id(states[0]), len(states), id(states[-1]))
        if key == self._chart_key:
            return
        self._chart_key = key
        figure = standings_chart(self.game, states, self.chart_title, self.chart_columns,
                                 self.chart_by, self.chart_x_title)
        self.chart = figure
        if self.chart_view is None:
            self.chart_view = ChartView(figure=figure.to_plotly())
            self.chart_box.children = [self.chart_note, self.chart_view]
        else:
            self.chart_view.figure = figure.to_plotly()
