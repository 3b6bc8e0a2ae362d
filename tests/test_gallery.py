"""The landing gallery: every game, its player counts, a picture of its table, and links
into each worked example; and the index opening a game's app from a link."""

import html
import re
from pathlib import Path

import ipywidgets as w

from tutor.games import GAMES
from widgets.app import TutorApp
from widgets.pages.gallery import Gallery, landing
from widgets.pages.links import Link

ROOT = Path(__file__).resolve().parents[1]


def test_the_gallery_lists_every_game_with_examples_and_links():
    gallery = Gallery()
    page = gallery.cards.value
    for game in GAMES.values():
        counts = game.player_counts
        assert f"data-game='{game.id}'" in page
        assert f"{counts[0]}-{counts[-1]} players" in page
        assert f"href='{game.id}.ipynb?example=free'" in page
    links = re.findall(r"class='rt-example-link' href='([^']+)'", page)
    assert "sneaky_bastard.ipynb?example=four_players" in links
    assert "bargain_hunter.ipynb?example=spring_cleaning" in links
    assert len(links) >= 2 * len(GAMES)
    assert "Four players: Studentenkamer" in html.unescape(page)
    assert page.count("class='rt-picture'") == len(GAMES)


def html_inside(widget) -> list[str]:
    """The HTML of every HTML widget inside ``widget`` (what the page shows as text)."""
    own = [widget.value] if isinstance(widget, w.HTML) else []
    return own + [text for child in getattr(widget, "children", ()) for text in html_inside(child)]


def test_the_teacher_section_links_the_one_page_class_guide_of_the_set_repository():
    """A teacher finds the one-page guide from the gallery; the link names the repository
    the Binder links launch (a fork's gallery points at the fork's guide)."""
    gallery = Gallery()
    teacher_text = " ".join(html_inside(gallery))
    links = re.findall(r"class='rt-class-guide' href='([^']+)'", teacher_text)
    assert len(links) == 1
    repository = (ROOT / "binder" / "repository").read_text().strip()
    prefix = f"https://github.com/{repository}/blob/HEAD/"
    assert links[0].startswith(prefix)
    assert (ROOT / links[0][len(prefix):]).name == "class-quickstart.md"
    assert (ROOT / links[0][len(prefix):]).is_file()


def test_the_index_opens_a_game_from_a_link():
    app = landing(Link(game="bargain_hunter", example="spring_cleaning", step=1,
                       view="Sara"))
    assert isinstance(app, TutorApp)
    assert app.step_label.value == "Step 1 of 4" and app.perspective.value == 0


def test_an_unknown_game_shows_the_gallery_with_a_notice():
    page = landing(Link(game="chess"))
    notice, gallery = page.children
    assert "There is no game 'chess'" in notice.value
    assert isinstance(gallery, Gallery)


def test_each_game_shows_its_rule_coverage():
    from tutor.coverage import coverage
    from widgets.pages.gallery import game_card_html
    for game_id in ("sneaky_bastard", "cover_your_assets"):
        figure = coverage(game_id).summary().split(";")[0]
        assert f"examples show {figure}" in game_card_html(game_id)


def test_the_rules_page_links_each_clause_to_the_steps_that_show_it_and_lists_terms():
    from widgets.panels.rules_browser import RulesBrowser
    browser = RulesBrowser("sneaky_bastard")
    assert "sneaky_bastard.ipynb?example=three_players&amp;step=2" in browser.rules.value
    assert "(no example shows it yet)" in browser.rules.value   # SB-R1 has no step yet
    assert "<b>sneaky bid</b>" in browser.glossary.value
    assert "clauses illustrated" in browser.coverage.value


def test_a_preheated_kernel_draws_the_gallery_before_its_page_arrives(monkeypatch):
    """So that a class opening the gallery at once waits for no drawing; the gallery the
    page then gets is that one, and a link to a game still opens the game."""
    import voila.utils

    import widgets.pages.gallery as gallery_module
    import widgets.pages.links as links

    built_before_page = []

    def wait_for_request():  # Voila's: the page arrives with its query
        built_before_page.append(len(built))
        monkeypatch.setenv("QUERY_STRING", query)

    built = []
    real = gallery_module.Gallery
    monkeypatch.setattr(gallery_module, "Gallery", lambda: built.append(real()) or built[-1])
    monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    for query, opens in [("", real), ("game=sneaky_bastard", TutorApp)]:
        monkeypatch.setattr(links, "_page_arrived", False)
        monkeypatch.delenv("QUERY_STRING", raising=False)
        built.clear()
        page = landing()
        assert built_before_page[-1] == 1 and isinstance(page, opens)
        assert page is built[0] or opens is TutorApp
