"""A printable worksheet for a class: quiz questions about a game's worked examples, each
with a drawing of its position, a link and a QR code to that position in the app, and
an answer key on its own page.

``python -m tutor worksheet GAME [--example NAME] [--questions N] [--seed S]
[--base-url URL] --out FILE.html`` writes one; the gallery's "Print a worksheet" buttons
(:mod:`widgets.pages.worksheet_button`) make the same page in the kernel, or in the browser's
Python on the static site. The teacher opens the file in a browser and prints it as it
is (the print CSS keeps each question on one page and starts the key on a new one).

Why the page is made here and not in ``tutor``: the drawing of a position is the app's own
table drawing (each game view's table HTML and the cards' CSS), which lives in
``widgets``, and ``tutor`` never imports ``widgets``. So the command is this module's
:func:`add_command`, which ``tutor.cli`` finds through the ``rulebook_tutor.commands``
entry point group (pyproject.toml maps ``worksheet`` to it): the command line stays one
``python -m tutor`` and the dependency still points one way only, with no name of this
package written in ``tutor``.

The questions are ``tutor.quiz.worksheet``'s, as ``python -m tutor quiz`` prints them;
this page adds what paper needs: the example's title and the step in words, the table
as the asked player sees it (only what that player can see: the drawing is of the
player's view), and moves in plain words instead of notation (:mod:`tutor.plain_words`).
"""

from __future__ import annotations

import argparse
import html
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from tutor.cli import LETTERS
from tutor.core.match import Ply
from tutor.core.state import State
from tutor.games import example_order, get_game, scenario_dir
from tutor.plain_words import move_in_words, notation_in_words
from tutor.quiz import WorksheetItem, sentence, worksheet
from widgets.pages.links import Link

# ./scripts/serve.sh serves the apps here on the teacher's own machine.
DEFAULT_BASE_URL = "http://localhost:8866/voila/render/"
# The folders that hold the apps' pages: Voila renders NAME.ipynb, the static site has
# built NAME.html (README: "Publishing without a server").
PAGE_FOLDERS = {"voila/render": ".ipynb", "voici/render": ".html"}
BASE_URL_HELP = ("the address of the tutor's gallery as the students' browsers reach it, "
                 "for example https://school.example/tutor/voici/render/index.html (the "
                 "static site) or http://lab-pc:8866/voila/render/index.ipynb (Voila); a "
                 "folder ending in voila/render/ or voici/render/ will do")


@dataclass(frozen=True)
class AppAddress:
    """Where the tutor's app pages are served: ``folder`` + ``GAME`` + ``suffix``."""

    folder: str    # ends with "/"
    suffix: str    # ".html" on the static site, ".ipynb" under Voila

    def link(self, game_id: str, link: Link) -> str:
        """The address that opens ``game_id``'s app where ``link`` says."""
        return f"{self.folder}{game_id}{self.suffix}{link.query()}"


def read_base_url(text: str) -> AppAddress:
    """The app's address from a page address (the gallery's, or any app's: its folder and
    kind of page) or from the folder of the pages. ValueError saying what is expected for
    anything else: a worksheet whose links lead nowhere is found out only in class."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{text!r} is not a web address (http:// or https://); give "
                         f"{BASE_URL_HELP}")
    path = parts.path
    folder, _, page = path.rpartition("/")
    for ending in (".html", ".ipynb"):
        if page.endswith(ending):
            return AppAddress(urlunsplit((parts.scheme, parts.netloc, folder + "/", "", "")),
                              ending)
    path = path.rstrip("/")
    for pages, suffix in PAGE_FOLDERS.items():
        if path.endswith("/" + pages):
            return AppAddress(urlunsplit((parts.scheme, parts.netloc, path + "/", "", "")),
                              suffix)
    raise ValueError(f"{text!r} names no page of the tutor; give {BASE_URL_HELP}")


# -- the questions and where they are --------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A position of a worked example: ``step`` moves in (0: the setup) of ``steps``."""

    example: str        # the scenario's file stem, for the link
    title: str          # the example's title, for the reader
    step: int
    steps: int
    state: State
    ply: Ply | None     # the move that led here (None at the setup)
    before: State | None  # the position it was played in

    def in_words(self, game, seat: int) -> str:
        """'Two bidders, after step 3 of 9 (Bob: bid 100K and 25K)', as ``seat`` may
        read the move: a move that names cards the seat cannot see reads as the seat reads
        it in the app's log ("deal: 2 cards face down ...")."""
        if self.ply is None:
            return f"{self.title}, at the setup (before the first of {self.steps} steps)"
        seen = self.ply.text_for(seat)
        move = move_in_words(game, self.ply.move) if seen == self.ply.text else seen
        who = self.state.players[self.ply.seat]
        return f"{self.title}, after step {self.step} of {self.steps} ({who}: {move})"


@dataclass(frozen=True)
class SheetQuestion:
    """One question of the sheet and the position it is about."""

    place: Place
    item: WorksheetItem


def sheet_questions(game_id: str, example: str | None, count: int,
                    seed: int) -> list[SheetQuestion]:
    """The questions of a worksheet (``tutor.quiz.worksheet``) over every position of the
    game's worked examples, or of ``example`` only. ValueError naming the examples for an
    unknown one, or for fewer than one question."""
    from tutor.session import Walkthrough  # loading a scenario reads YAML: only now
    game = get_game(game_id)
    stems = example_order(game_id)
    if example is not None and example not in stems:
        raise ValueError(f"{game.title} has no example {example!r}; the examples are: "
                         f"{', '.join(stems)}")
    if count < 1:
        raise ValueError(f"--questions must be at least 1, not {count}")
    places: dict[str, Place] = {}
    for stem in [example] if example else stems:
        book = Walkthrough.load(scenario_dir(game_id) / f"{stem}.yaml")
        for step, state in enumerate(book.states):   # across a first game's jump too
            where = f"{stem}, step {step}"
            before, ply = book.last_move(step) or (None, None)
            places[where] = Place(stem, book.scenario.title, step, book.size, state,
                                  ply, before)
    sheet = worksheet(game, [(where, place.state) for where, place in places.items()],
                      count, seed)
    return [SheetQuestion(places[item.where], item) for item in sheet]


# -- the page ----------------------------------------------------------------------------

PAGE_STYLE = """
<style>
@page{size:A4;margin:12mm 12mm 14mm}
body{font-family:sans-serif;font-size:14px;color:#111;max-width:186mm;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}
.ws-lines{display:flex;gap:24px;margin:12px 0 8px;font-size:15px}
.ws-lines span{flex:1;border-bottom:1px solid #111;padding-bottom:2px}
.ws-lines span.ws-date{flex:0 0 45mm}
.ws-instructions{margin:4px 0 10px}
.ws-question{break-inside:avoid;page-break-inside:avoid;border-top:2px solid #555;
  padding:6px 0 10px}
.ws-where{font-size:13px;color:#333;margin:2px 0 4px}
.ws-drawing{zoom:0.72;border:1px solid #bbb;border-radius:6px;padding:4px;overflow:hidden}
.ws-ask{display:flex;gap:12px;align-items:flex-start;margin-top:6px}
.ws-ask-text{flex:1}
.ws-prompt{font-weight:bold;margin:2px 0 4px}
.ws-choices{list-style:none;margin:0;padding:0}
.ws-choices li{margin:3px 0;padding-left:2em;text-indent:-2em}
.ws-letter{display:inline-block;width:1.4em;height:1.4em;line-height:1.4em;text-align:center;
  border:1px solid #111;border-radius:50%;margin-right:0.5em;text-indent:0;font-weight:bold}
.ws-open{flex:0 0 36mm;text-align:center;font-size:11px;overflow-wrap:anywhere}
.ws-qr{width:30mm;height:30mm;display:block;margin:0 auto 2px}
.ws-key{break-before:page;page-break-before:always}
.ws-key ol{padding-left:1.6em}
.ws-key li{margin:0 0 8px}
.ws-rule{color:#333}
@media screen{body{margin:16px auto}}
</style>
"""


@dataclass(frozen=True)
class Worksheet:
    """A worksheet made: the page, and how many questions it asks."""

    html: str
    questions: int
    file_name: str      # a name to save it under: "sneaky_bastard_all_worksheet.html"


def make_worksheet(game_id: str, example: str | None = None, count: int = 10,
                   seed: int = 0, base_url: str = DEFAULT_BASE_URL) -> Worksheet:
    """The whole worksheet as one HTML page with everything inlined (styles, drawings and
    QR codes as images): a file that prints the same wherever it is opened.
    ValueError (with what to give instead) for an unknown example, a count below one, or
    an address that names no page of the tutor."""
    from widgets.table.cards import STYLE            # the table drawing's own CSS, as the app's
    from widgets.games import game_view        # each game's table drawing and its CSS
    game = get_game(game_id)        # first: an unknown game is named as such
    view = game_view(game_id)
    address = read_base_url(base_url)
    questions = sheet_questions(game_id, example, count, seed)
    if not questions:
        raise ValueError(f"no question fits the positions of {game.title}'s "
                         f"{'example ' + repr(example) if example else 'examples'}")
    source = (f"the example &ldquo;{html.escape(questions[0].place.title)}&rdquo;"
              if example else "its worked examples")
    body = [f"<h1>{html.escape(game.title)}: worksheet</h1>",
            f"<div>{len(questions)} questions about {source}</div>",
            "<div class='ws-lines'><span>Name:</span><span class='ws-date'>Date:</span>"
            "</div>",
            "<p class='ws-instructions'><b>Instructions:</b> each question shows the table "
            "as one player sees it (cards that player cannot see are drawn face down). "
            "Circle the letter of the one right answer. To see the position in the tutor, "
            "open the link or scan the QR code.</p>"]
    for number, question in enumerate(questions, 1):
        body.append(question_html(game, number, question, view, address))
    body.append(key_html(game, questions))
    title = html.escape(f"{game.title} worksheet")
    page = (f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{title}</title>{STYLE}{view.css}{PAGE_STYLE}</head>\n<body>\n"
            + "\n".join(body) + "\n</body></html>\n")
    return Worksheet(page, len(questions), f"{game_id}_{example or 'all'}_worksheet.html")


def drawing(game, game_view, place: Place, seat: int) -> str:
    """The table at ``place`` as the app draws it for ``seat`` (widgets.app): from the
    seat's view, the seat's own hand spread out, the cards the step moved outlined and the
    seat that played marked (as far as the seat sees them), and what the step completed
    (Bargain Hunter's last trick) kept in view."""
    from tutor.core.views import view
    from widgets.table.changes import NO_CHANGES, changes_for, mark_table
    seen = view(game, place.state, seat)
    table = game_view.table(seen)
    if place.ply is None:
        return mark_table(table, NO_CHANGES, seat)
    if game_view.last:
        completed = game_view.last(view(game, place.before, seat), seen, place.ply.move)
        table = game_view.table(seen, completed) if completed else table
    changes = changes_for(game, place.before, place.state, seat, place.ply.seat)
    return mark_table(table, changes, seat)


def question_html(game, number: int, question: SheetQuestion, game_view,
                  address: AppAddress) -> str:
    """One question: where it is, the drawing, the question and its choices, the link."""
    place, asked = question.place, question.item.question
    seat, name = asked.seat, question.item.asked

    def words(text: str) -> str:
        return html.escape(notation_in_words(game, place.state, seat, text))

    url = address.link(game.id, Link(example=place.example, step=place.step, view=name))
    choices = "".join(f"<li><span class='ws-letter'>{letter}</span>{words(choice)}</li>"
                      for letter, choice in zip(LETTERS, asked.choices))
    return (f"<section class='ws-question' data-number='{number}'>"
            f"<h2 class='ws-where'>Question {number}. {html.escape(place.in_words(game, seat))}"
            f"; the table as {html.escape(name)} sees it:</h2>"
            f"<div class='ws-drawing'>{drawing(game, game_view, place, seat)}</div>"
            f"<div class='ws-ask'><div class='ws-ask-text'>"
            f"<p class='ws-prompt'>{number}. {words(asked.prompt)}</p>"
            f"<ol class='ws-choices'>{choices}</ol></div>"
            f"<div class='ws-open'><img class='ws-qr' alt='QR code of the link to this "
            f"position' src='{qr_image(url)}'><a href='{html.escape(url)}'>"
            f"{html.escape(url)}</a></div></div></section>")


def key_html(game, questions: list[SheetQuestion]) -> str:
    """The answer key, for the teacher: each answer with its reason, in plain words, and
    the rule it rests on (said once: not again where the answer or reason names it)."""
    rows = []
    for number, question in enumerate(questions, 1):
        asked, place = question.item.question, question.place
        answer = sentence(notation_in_words(game, place.state, asked.seat, asked.correct))
        why = notation_in_words(game, place.state, asked.seat, asked.why)
        for word in ("Yes", "No"):   # "No: ... No: ...": the reason need not say it twice
            if answer.startswith(word) and why.startswith(f"{word}: "):
                why = why[len(word) + 2:]
        if asked.clause in answer:   # "No: ... (SB-3.2)": the reason need not say it again
            why = why.replace(f" ({asked.clause})", "")
        rule = ("" if asked.clause in answer or asked.clause in why
                else f" <span class='ws-rule'>(rule {html.escape(asked.clause)})</span>")
        rows.append(f"<li><b>{LETTERS[asked.answer]}</b>: {html.escape(answer)} "
                    f"{html.escape(why)}{rule}</li>")
    return (f"<section class='ws-key'><h2>Answer key: {html.escape(game.title)}</h2>"
            f"<p>For the teacher. Rules are numbered as in the tutor's rules page "
            f"(<code>python -m tutor rules {game.id}</code>).</p>"
            f"<ol>{''.join(rows)}</ol></section>")


def qr_image(url: str) -> str:
    """A QR code of ``url`` as an SVG data URI for an ``img`` (segno, pure Python)."""
    import segno
    return segno.make(url, error="m", micro=False).svg_data_uri(border=2)


# -- the command ---------------------------------------------------------------------------

def add_command(subparsers) -> "callable":
    """The ``worksheet`` command for ``python -m tutor`` (the ``rulebook_tutor.commands``
    entry point): adds its parser and returns the function that runs it."""
    parser = subparsers.add_parser(
        "worksheet", help="write a printable worksheet: questions with drawings, links and "
                          "QR codes to each position, and an answer key on its own page")
    parser.add_argument("game")
    parser.add_argument("--example", help="ask about this worked example only (default: all)")
    parser.add_argument("--questions", type=int, default=10, help="how many (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="picks the questions (default 0)")
    parser.add_argument("--base-url", default=DEFAULT_BASE_URL,
                        help=f"where the links and QR codes lead: {BASE_URL_HELP} "
                             f"(default {DEFAULT_BASE_URL}, ./scripts/serve.sh on this "
                             f"machine)")
    parser.add_argument("--out", required=True, help="the HTML file to write")
    return run


def run(args: argparse.Namespace) -> int:
    """Write the worksheet; exit 2 with what to give instead for a bad argument (and
    write nothing)."""
    out = Path(args.out)
    if not out.parent.is_dir():
        print(f"error: --out {args.out}: there is no folder {str(out.parent)!r}",
              file=sys.stderr)
        return 2
    try:
        read_base_url(args.base_url)
    except ValueError as error:
        print(f"error: --base-url {error}", file=sys.stderr)
        return 2
    try:
        sheet = make_worksheet(args.game, args.example, args.questions, args.seed,
                               args.base_url)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        out.write_text(sheet.html, encoding="utf-8")
    except OSError as error:   # a folder of that name, a read-only place ...
        print(f"error: --out {args.out}: cannot write it: {error.strerror or error}",
              file=sys.stderr)
        return 2
    print(f"wrote {out}: {sheet.questions} questions and the answer key; open it in a "
          f"browser and print it")
    return 0
