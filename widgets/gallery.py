"""The landing page: every game with a picture of its table, its player counts and its
worked examples, each a link that opens the game's app at that example.

``index.ipynb?game=sneaky_bastard&example=four_players&step=7`` opens an app right here,
so one link can lead anywhere (see widgets.links).
"""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.views import view
from tutor.coverage import coverage
from tutor.games import get_game
from widgets.app import TutorApp, load_examples
from widgets.cards import STYLE
from widgets.game_views import GAME_VIEWS
from widgets.links import Link, page, page_pending, read_link
from widgets.rules_browser import RulesBrowser

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
</style>
"""


def game_card_html(game_id: str) -> str:
    """One game: title, player counts, a picture of an example's table, the examples."""
    game, examples = get_game(game_id), load_examples(game_id)
    counts = game.player_counts
    stem, first = next(iter(examples.items()))
    # A few moves in, so the picture shows a game under way, not an empty table.
    shown = min(first.size, 3)
    picture = GAME_VIEWS[game.id].table(view(game, first.match.states[shown], None))
    opens = html.escape(page(game.id) + Link(example=stem, step=shown).query())
    items = "".join(
        f"<li><a class='rt-example-link' "
        f"href='{html.escape(page(game.id) + Link(example=stem).query())}'"
        f">{html.escape(book.scenario.title)}</a>: {html.escape(book.scenario.summary)} "
        f"<small>({book.size} steps)</small></li>"
        for stem, book in examples.items())
    cov = coverage(game.id)
    return (f"<div class='rt-game' data-game='{game.id}'><h3><a href='{page(game.id)}'>"
            f"{html.escape(game.title)}</a></h3><div>{counts[0]}-{counts[-1]} players "
            f"&middot; <a href='{page(game.id)}?example=free'>free play</a> &middot; "
            f"<span class='rt-coverage' title='python -m tutor coverage {game.id} lists "
            f"them'>examples show {html.escape(cov.summary().split(';')[0])}</span></div>"
            f"<a class='rt-picture' href='{opens}' title='Open "
            f"{html.escape(first.scenario.title)} at step {shown}'><div>{picture}</div>"
            f"<span class='rt-picture-note'>Open this example &rarr;</span></a>"
            f"<ul>{items}</ul></div>")


class Gallery(w.VBox):
    def __init__(self):
        self.cards = w.HTML(STYLE + GALLERY_STYLE +
                            "".join(game_card_html(game_id) for game_id in GAME_VIEWS))
        self.cards.add_class("rt-gallery")
        super().__init__([self.cards, w.HTML("<h2>Rules and rulings</h2>"), RulesBrowser()])


def landing(link: Link | None = None) -> w.Widget:
    """The gallery, or a game's app when the link names a game."""
    # A preheated kernel draws the gallery (a third of a second of CPU) before it waits
    # for its page, so a class opening the gallery at once does not queue for the cores.
    ready = Gallery() if link is None and page_pending() else None
    link = read_link() if link is None else link
    if link.game is None:
        return ready if ready is not None else Gallery()
    if link.game in GAME_VIEWS:
        return TutorApp(link.game, link=link)
    gallery = ready if ready is not None else Gallery()
    notice = w.HTML(f"<span class='rt-notice'>There is no game '{html.escape(link.game)}' "
                    f"(games: {', '.join(GAME_VIEWS)}); here is the gallery.</span>")
    return w.VBox([notice, gallery])
