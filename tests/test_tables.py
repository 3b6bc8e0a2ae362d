"""widgets.panels.tables writes the tables pandas wrote, so dropping pandas from the first
render changes nothing a learner sees."""

from html.parser import HTMLParser

import pandas as pd
import pytest

from tutor.games import GAMES, scenario_dir
from tutor.session import LOG_COLUMNS, Turn, Walkthrough, log_frame, log_rows
from widgets.panels.tables import html_table


class Cells(HTMLParser):
    """The header and body cells' text, row by row, and the table's class."""

    def __init__(self, markup: str):
        super().__init__()
        self.rows, self.css, self._cell = [], None, None
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.css = dict(attrs).get("class")
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.rows[-1].append(self._cell.strip())
            self._cell = None


def played(game_id: str) -> Walkthrough:
    book = Walkthrough.load(sorted(scenario_dir(game_id).glob("*.yaml"))[0])
    while book.next():
        pass
    return book


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_score_table_shows_what_pandas_showed(game_id):
    book = played(game_id)
    scores = GAMES[game_id].scoreboard(book.state)
    ours, theirs = Cells(html_table(scores)), Cells(pd.DataFrame(scores).to_html(index=False))
    assert ours.rows == theirs.rows and len(ours.rows) == len(book.state.players) + 1
    assert ours.css == theirs.css == "dataframe"  # the app's table styles still apply


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_move_log_shows_what_pandas_showed(game_id):
    book = played(game_id)
    turns = [Turn(ply, "book") for ply in book.plies()]
    rows = log_rows(book.state.players, turns, viewer=None)
    ours = Cells(html_table(rows, LOG_COLUMNS))
    theirs = Cells(log_frame(book.state.players, turns, viewer=None)
                   .to_html(index=False, escape=True))
    assert ours.rows == theirs.rows and len(ours.rows) == len(book.moves) + 1   # a header


def test_cells_are_text_and_empty_tables_keep_their_header():
    shown = html_table([{"player": "<b>Ann</b>", "note": None}])
    assert "&lt;b&gt;Ann&lt;/b&gt;" in shown and "<b>" not in shown
    assert Cells(shown).rows == [["player", "note"], ["<b>Ann</b>", ""]]
    assert Cells(html_table([], ["player", "money"])).rows == [["player", "money"]]
