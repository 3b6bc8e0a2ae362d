"""The landing page: every game with a picture of its table, its player counts and its
worked examples, each a link that opens the game's app at that example; and each game's
"Learn to play" lesson (widgets.pages.lesson) with where this browser's learner is in it, and
a reset for the teacher.

``index.ipynb?game=sneaky_bastard&example=four_players&step=7`` opens an app right here,
so one link can lead anywhere (see widgets.pages.links); ``index.ipynb?game=X&lesson=1`` opens
game X's lesson.
"""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.views import view
from tutor.coverage import coverage
from tutor.games import game_ids, get_game
from widgets.app import TutorApp, load_examples
from widgets.table.cards import STYLE
from widgets.games import game_view
from widgets.pages.lesson import Lesson, progress_summary, read_progress
from widgets.pages.links import Link, page, page_pending, read_link
from widgets.pages.progress import ProgressStore
from widgets.panels.rules_browser import RulesBrowser
from widgets.pages.worksheet_button import worksheet_buttons

ALL = "all"   # the reset's choice for every game at once
# The teacher's one page (docs/class-quickstart.md) where the project is published; a fork
# sets its own repository with scripts/binder_repository.py, which rewrites this link too.
CLASS_GUIDE = "https://github.com/rulebook-tutor/rulebook-tutor/blob/HEAD/docs/class-quickstart.md"
GALLERY_STYLE = """
<style>
.rt-game{display:inline-block;vertical-align:top;width:min(580px,calc(100vw - 40px));
  margin:6px;padding:8px;border:1px solid #ccc;border-radius:10px;box-sizing:border-box}
.rt-picture{display:block;width:100%;height:270px;overflow:hidden;border:1px solid #ddd;
  border-radius:6px;background:#fafafa;cursor:pointer;position:relative}
.rt-picture:hover,.rt-picture:focus-visible{outline:3px solid #1565c0}
.rt-picture>div{transform:scale(0.6);transform-origin:top left;width:900px;
  pointer-events:none}
.rt-picture-note{position:absolute;right:6px;bottom:6px;background:#1565c0;color:#fff;
  border-radius:4px;padding:2px 8px;font-size:14px}
.rt-learn{display:flex;flex-wrap:wrap;align-items:center;gap:2px 10px;margin:4px 0;
  padding:3px 6px;border:2px solid #6a1b9a;border-radius:8px;background:#f8f1fc}
.rt-learn-link{background:#6a1b9a;color:#fff!important;border-radius:4px;padding:2px 10px;
  font-weight:bold;text-decoration:none}
.rt-lesson-progress{font-size:13px;color:#4a148c}
.rt-lesson-progress .rt-lesson-notice{color:#8e0000}
.rt-lesson-teacher{flex-wrap:wrap!important;align-items:center;gap:2px 8px}
.rt-class-guide{color:#1565c0;text-decoration:underline}
.rt-lesson-teacher .widget-button{width:auto!important;padding:0 10px}
</style>
"""


def game_card_html(game_id: str) -> str:
    """One game: title, player counts, a picture of an example's table, the examples."""
    game, examples = get_game(game_id), load_examples(game_id)
    counts = game.player_counts
    stem, first = next(iter(examples.items()))
    # A few moves in, so the picture shows a game under way, not an empty table.
    shown = min(first.size, 3)
    picture = game_view(game.id).table(view(game, first.states[shown], None))
    opens = html.escape(page(game.id) + Link(example=stem, step=shown).query())
    items = "".join(
        f"<li><a class='rt-example-link' "
        f"href='{html.escape(page(game.id) + Link(example=stem).query())}'"
        f">{html.escape(book.listed_title)}</a>: {html.escape(book.listed_summary)} "
        f"<small>({book.size} steps)</small></li>"
        for stem, book in examples.items())
    cov = coverage(game.id)
    lesson = html.escape(page("index") + Link(game=game.id, lesson="1").query())
    learn = (f"<div class='rt-learn'><a class='rt-learn-link' href='{lesson}'>Learn to "
             f"play &rarr;</a><span>a guided lesson, about 15 minutes</span>"
             f"{progress_slot(game.id)}</div>")
    return (f"<div class='rt-game' data-game='{game.id}'><h3><a href='{page(game.id)}'>"
            f"{html.escape(game.title)}</a></h3><div>{counts[0]}-{counts[-1]} players "
            f"&middot; <a href='{page(game.id)}?example=free'>free play</a> &middot; "
            f"<span class='rt-coverage' title='python -m tutor coverage {game.id} lists "
            f"them'>examples show {html.escape(cov.summary().split(';')[0])}</span></div>"
            f"<a class='rt-picture' href='{opens}' title='Open "
            f"{html.escape(first.listed_title)} at step {shown}'><div>{picture}</div>"
            f"<span class='rt-picture-note'>Open this example &rarr;</span></a>"
            f"{learn}<ul>{items}</ul></div>")


def progress_slot(game_id: str, text: str = "") -> str:
    """Where a game's card shows the lesson progress this browser kept (``text`` is
    HTML, already escaped)."""
    return f"<span class='rt-lesson-progress' data-for='{game_id}'>{text}</span>"


class Gallery(w.VBox):
    """Every game's card; once the page has reported what this browser kept, each card
    says where the learner is in the game's lesson. A teacher can reset a game's (or
    every game's) progress."""

    def __init__(self, store: ProgressStore | None = None):
        games = game_ids()
        self._plain = (STYLE + "".join(game_view(game_id).css for game_id in games) +
                       GALLERY_STYLE + "".join(game_card_html(game_id) for game_id in games))
        self.cards = w.HTML(self._plain)
        self.cards.add_class("rt-gallery")
        self.store = store or ProgressStore(list(games))
        self.store.on_loaded(lambda _: self.show_progress())
        self.reset_choice = w.Dropdown(
            options=[("every game", ALL)] + [(get_game(g).title, g) for g in games],
            layout=w.Layout(width="auto"))
        self.reset_choice.add_class("rt-lesson-reset-choice")
        self.reset_button = w.Button(description="Reset lesson progress", icon="refresh",
                                     tooltip="Forget the lesson progress kept in this browser")
        self.reset_button.add_class("rt-lesson-reset-all")
        self.reset_button.on_click(lambda _: self.reset(self.reset_choice.value))
        self.reset_note = w.HTML()
        guide = (f"<a class='rt-class-guide' href='{html.escape(CLASS_GUIDE)}' target='_blank' "
                 "rel='noopener'>how to run a class of 30, on one page</a>")
        teacher = w.HBox([w.HTML(f"<b>Teachers:</b> read {guide} (put the site up, hand out "
                                 "the lesson links, print worksheets). Each browser keeps its "
                                 "own lesson progress. Reset it for"), self.reset_choice,
                          self.reset_button, self.reset_note, self.store])
        teacher.add_class("rt-lesson-teacher")
        super().__init__([self.cards, teacher, worksheet_buttons(games),
                          w.HTML("<h2>Rules and rulings</h2>"),
                          RulesBrowser()])

    def show_progress(self) -> None:
        """Each card's line: where this browser's learner is in the game's lesson."""
        page_html = self._plain
        for game_id in game_ids():
            progress, problem = read_progress(self.store.stored.get(game_id), game_id)
            text = html.escape(progress_summary(progress, game_id))
            if problem:
                text += f" <span class='rt-lesson-notice'>{html.escape(problem)}</span>"
            page_html = page_html.replace(progress_slot(game_id), progress_slot(game_id, text))
        self.cards.value = page_html

    def reset(self, game_id: str) -> None:
        """Forget the lesson progress of ``game_id`` (ALL: every game) in this browser."""
        games = list(game_ids()) if game_id == ALL else [game_id]
        for one in games:
            self.store.write(one, None)
        self.show_progress()
        which = "every game" if game_id == ALL else get_game(game_id).title
        self.reset_note.value = f"Lesson progress reset for {html.escape(which)}."


def landing(link: Link | None = None) -> w.Widget:
    """The gallery, or a game's app when the link names a game."""
    # A preheated kernel draws the gallery (a third of a second of CPU) before it waits
    # for its page, so a class opening the gallery at once does not queue for the cores.
    ready = Gallery() if link is None and page_pending() else None
    link = read_link() if link is None else link
    if link.game is None:
        return ready if ready is not None else Gallery()
    if link.game in game_ids():
        if link.lesson is not None:
            return Lesson(link.game, notices=link.notices)
        return TutorApp(link.game, link=link)
    gallery = ready if ready is not None else Gallery()
    notice = w.HTML(f"<span class='rt-notice'>There is no game '{html.escape(link.game)}' "
                    f"(games: {', '.join(game_ids())}); here is the gallery.</span>")
    return w.VBox([notice, gallery])
