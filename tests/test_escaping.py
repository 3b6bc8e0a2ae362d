"""Text from a file, and a file's name, is shown as text in the gallery and the rules
browser, never run as markup (issue 16 part 3)."""

import re

import pytest

import widgets.app.controller
import widgets.panels.rules_browser
from tutor.games import scenario_dir
from widgets.pages.gallery import Gallery, game_card_html
from widgets.panels.rules_browser import RulesBrowser

EVIL_NAME = "<img src=x onerror=alert(1)>"


@pytest.fixture
def evil_folder(tmp_path, monkeypatch):
    """Sneaky Bastard's examples in a temporary folder, plus one with markup everywhere."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for shipped in scenario_dir("sneaky_bastard").glob("*.yaml"):
        (folder / shipped.name).write_text(shipped.read_text())
    text = (scenario_dir("sneaky_bastard") / "three_players.yaml").read_text()
    evil = re.sub(r"^title: .*$", 'title: "<script>alert(2)</script> Evil"', text, count=1,
                  flags=re.M)
    evil = re.sub(r"^summary: .*$", 'summary: "<img src=y onerror=alert(3)>"', evil, count=1,
                  flags=re.M)
    # the first narration, written on one line or folded over several
    evil = re.sub(r"say: (>-\n(?:      .*\n)+|.*\n)",
                  'say: "<b onmouseover=alert(4)>bold</b>"\n', evil, count=1)
    (folder / f"{EVIL_NAME}.yaml").write_text(evil)
    original = scenario_dir

    def lookup(game_id):
        return folder if game_id == "sneaky_bastard" else original(game_id)

    monkeypatch.setattr(widgets.panels.rules_browser, "scenario_dir", lookup)
    monkeypatch.setattr(widgets.app.controller, "scenario_dir", lookup)
    # Where the app lists its examples in teaching order, the evil one is listed too.
    order = getattr(widgets.app.controller, "example_order", None)
    if order is not None:
        monkeypatch.setattr(widgets.app.controller, "example_order", lambda game_id: (
            sorted(path.stem for path in folder.glob("*.yaml"))
            if game_id == "sneaky_bastard" else order(game_id)))
    return folder


def assert_no_markup_from_files(page: str) -> None:
    for raw in ("<img", "<script", "<b onmouseover"):
        assert raw not in page, page[max(0, page.find(raw) - 200):page.find(raw) + 100]


def test_the_rules_browser_shows_a_file_name_as_text(evil_folder):
    page = RulesBrowser("sneaky_bastard").examples.value
    assert f"python -m tutor replay {EVIL_NAME.replace('<', '&lt;').replace('>', '&gt;')}" \
        ".yaml" in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt; Evil" in page
    assert "&lt;img src=y onerror=alert(3)&gt;" in page
    assert_no_markup_from_files(page)


def test_the_gallery_shows_titles_and_links_as_text(evil_folder):
    card = game_card_html("sneaky_bastard")
    assert "&lt;script&gt;alert(2)&lt;/script&gt; Evil" in card
    assert "example=%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E" in card
    assert_no_markup_from_files(card)
    gallery = Gallery()
    assert_no_markup_from_files(gallery.cards.value)
    (rules,) = [child for child in gallery.children if isinstance(child, RulesBrowser)]
    assert_no_markup_from_files(rules.examples.value)


def test_a_broken_file_in_the_folder_is_listed_with_its_error(evil_folder):
    (evil_folder / "<b>broken.yaml").write_text("game: sneaky_bastard\nsteps: [\n")
    page = RulesBrowser("sneaky_bastard").examples.value
    assert re.search(r"&lt;b&gt;broken\.yaml: line \d+: not valid YAML", page)
    assert "<b>broken" not in page
    assert "three_players.yaml" in page  # the good files are still listed
