"""The gallery's "Print a worksheet" buttons: one per game, each making the game's
printable worksheet (:mod:`widgets.pages.worksheet`) and offering it as a file to save, open in
the browser and print, as "Download this game" offers a game (``widgets.app_links``).

Under Voila the page is made in the server's kernel; on the static site, in the
browser's own Python: either way it arrives as a ``data:`` link, with nothing stored on
a server. The links and QR codes on the sheet lead to where the students open the tutor:
left empty, the field above the buttons means this page's own address (Voila passes it to
the kernel with the request; the static site's pages pass ``TUTOR_PAGE_URL``, see
scripts/build_static.py), read at the press: a preheated kernel draws the gallery before
any page asks for it. A teacher whose students reach the tutor by another address (a
proxy, another machine's name) types that one.
"""

from __future__ import annotations

import base64
import html
import os

import ipywidgets as w

from tutor.games import get_game
from widgets.pages.worksheet import DEFAULT_BASE_URL, make_worksheet

QUESTIONS = 10


def this_page_address() -> str:
    """The address of the page this kernel serves, as far as the kernel knows it: the
    static site's page passes it; Voila passes the host, port and path it was asked for
    (behind a proxy the browser's address may differ); otherwise serve.sh's default."""
    if os.environ.get("TUTOR_PAGE_URL"):
        return os.environ["TUTOR_PAGE_URL"]
    host, path = os.environ.get("SERVER_NAME"), os.environ.get("SCRIPT_NAME")
    if host and path:
        port = os.environ.get("SERVER_PORT")
        return f"http://{host}{':' + port if port else ''}{path}"
    return DEFAULT_BASE_URL


class WorksheetButtons(w.VBox):
    """Where the sheet's links lead, then a "Print a worksheet" button per game; a
    press makes that game's sheet and puts a link to save it beside the button."""

    def __init__(self, game_ids):
        self.address = w.Text(placeholder="this page's address", description="Links lead to",
                              layout=w.Layout(width="min(560px, 95%)"),
                              style={"description_width": "initial"})
        self.address.add_class("rt-worksheet-address")
        self.results = {game_id: w.HTML() for game_id in game_ids}
        rows = [self._row(game_id) for game_id in game_ids]
        intro = w.HTML(f"<b>Worksheets to print:</b> {QUESTIONS} questions about a game's "
                       "worked examples, each with a drawing of its position and a link and "
                       "QR code to it, and the answer key on its own page. Check the "
                       "address the links lead to (the one students open the tutor at).")
        super().__init__([intro, self.address, *rows])
        self.add_class("rt-worksheets")

    def _row(self, game_id: str) -> w.HBox:
        button = w.Button(description="Print a worksheet", icon="print",
                          tooltip=f"Make a worksheet of {get_game(game_id).title} to print")
        button.add_class("rt-worksheet-button")
        result = self.results[game_id]
        result.add_class("rt-worksheet-result")
        button.on_click(lambda _: self.make(game_id))
        title = w.HTML(f"<b>{html.escape(get_game(game_id).title)}</b>",
                       layout=w.Layout(width="170px"))   # the buttons line up
        row = w.HBox([title, button, result],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        row.add_class("rt-worksheet-row")
        return row

    def make(self, game_id: str) -> None:
        """Make ``game_id``'s worksheet; offer it as a file, or say why not."""
        result = self.results[game_id]
        result.value = "<i>Making the worksheet&hellip;</i>"
        address = self.address.value.strip() or this_page_address()
        try:
            sheet = make_worksheet(game_id, count=QUESTIONS, base_url=address)
        except ValueError as error:
            result.value = (f"<span class='rt-error'>No worksheet: "
                            f"{html.escape(str(error))}</span>")
            return
        data = base64.b64encode(sheet.html.encode("utf-8")).decode()
        result.value = (f"<a class='rt-worksheet-download' download='{sheet.file_name}' "
                        f"href='data:text/html;base64,{data}'>&#11015; Save the worksheet "
                        f"({sheet.questions} questions)</a>, then open it and print it; "
                        f"its links lead to {html.escape(address)}")


def worksheet_buttons(game_ids) -> WorksheetButtons:
    """The gallery's worksheet section for these games."""
    return WorksheetButtons(list(game_ids))
