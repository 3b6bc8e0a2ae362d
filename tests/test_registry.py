"""One declaration per game: the registry finds every game through its entry points, each
registered game has a spec, a view and a notebook, importing the core loads no game, and
a game that lives only in the tests (High Card, tests/tiny_game) is added by its
declaration alone: it shows in the gallery and opens in the app."""

from __future__ import annotations

import html
import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import tiny_game
from tutor.core import registry
from tutor.core.bots import Bot
from tutor.core.spec import GameSpec
from tutor.games import GAMES, game_ids, get_game, spec
from widgets.games import GameView, game_view

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_has_a_spec_a_view_and_a_notebook(game_id):
    declared = spec(game_id)
    assert isinstance(declared, GameSpec) and declared.id == game_id
    assert get_game(game_id).id == game_id and declared.title == get_game(game_id).title
    assert declared.bot is None or issubclass(declared.bot, Bot)
    assert (declared.home / "rules.yaml").is_file()
    assert sorted(declared.scenario_dir.glob("*.yaml")), "a game needs a worked example"
    shown = game_view(game_id)
    assert isinstance(shown, GameView) and callable(shown.table)
    notebook = ROOT / "notebooks" / f"{game_id}.ipynb"
    assert notebook.is_file(), f"{game_id} has no notebook {notebook.name}"
    assert game_id in notebook.read_text(encoding="utf-8")


def test_games_mapping_lists_ids_without_building_and_refuses_unknown_ids():
    assert list(GAMES) == list(game_ids()) and len(GAMES) == len(game_ids())
    assert "sneaky_bastard" in GAMES and "chess" not in GAMES
    with pytest.raises(KeyError, match="unknown game 'chess'; the games are: .*sneaky"):
        get_game("chess")
    assert get_game("sneaky_bastard") is GAMES["sneaky_bastard"]   # built once


def test_importing_the_core_or_the_package_loads_no_game():
    code = ("import sys, tutor, tutor.core.cards, tutor.core.registry, tutor.games\n"
            "print([m for m in sys.modules if m.startswith('tutor.games.')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert json.loads(out.replace("'", '"')) == []


def test_the_test_game_is_found_only_while_installed():
    assert tiny_game.GAME_ID not in game_ids()
    with tiny_game.installed():
        assert tiny_game.GAME_ID in game_ids()
        assert get_game(tiny_game.GAME_ID).title == "High Card"
        assert game_view(tiny_game.GAME_ID).chart_columns == ("tricks",)
    assert tiny_game.GAME_ID not in game_ids()
    with pytest.raises(KeyError, match="unknown game 'high_card'"):
        spec(tiny_game.GAME_ID)


def test_a_wrong_declaration_is_refused_with_the_entry_named(tmp_path, monkeypatch):
    info = tmp_path / "broken-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[rulebook_tutor.games]\nnot_a_game = json:dumps\n"
        "misnamed = tutor.games.sneaky_bastard.spec:SPEC\n"
        "[rulebook_tutor.views]\nnot_a_game = json:dumps\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        with pytest.raises(TypeError, match="not_a_game = json:dumps .* not a GameSpec"):
            spec("not_a_game")
        with pytest.raises(ValueError, match="must be the game's id"):
            spec("misnamed")
        with pytest.raises(TypeError, match="not a GameView"):
            game_view("not_a_game")
        with pytest.raises(KeyError, match="no view for the game 'misnamed'"):
            game_view("misnamed")
    finally:
        monkeypatch.undo()
        registry.refresh()
    assert "not_a_game" not in game_ids()


def test_the_test_game_shows_in_the_gallery_with_its_example():
    from widgets.pages.gallery import Gallery, landing
    from widgets.pages.links import Link
    with tiny_game.installed():
        gallery = Gallery()
        page = gallery.cards.value
        assert "data-game='high_card'" in page and "High Card" in page
        assert "Three tricks" in page and ".hc-trick{" in page   # its example and its CSS
        assert ("High Card", "high_card") in gallery.reset_choice.options
        assert "high_card" in gallery.store.games
        opened = landing(Link(game="high_card"))
    assert type(opened).__name__ == "TutorApp"


def test_the_test_game_opens_in_the_app_and_plays():
    """The app steps through High Card's example with its table and CSS, then a learner
    takes over a seat and plays a card through its composer."""
    from page_text import unmarked
    from tutor.session import LEARNER
    from widgets.app import TutorApp
    with tiny_game.installed():
        app = TutorApp("high_card", "first_tricks")
        assert app.step_label.value == "Step 0 of 9"
        assert "hc-table" in app.table.value
        for _ in range(3):
            app.next_button.click()
        told = html.unescape(unmarked(app.narration.value))
        # The engine's events, and the view's own zone words for where the cards went.
        assert "Cleo wins the trick with 10" in told and "to Cleo's won tricks" in told
        assert "<b>Cleo</b><br>1 trick<" in app.table.value
        app.slider.value = 4          # Ann must beat Cleo's 4 with her 9 (HC-2.2)
        for seat, box in enumerate(app.seat_picks):
            box.value = seat == 0
        app.opponents.value = LEARNER
        app.branch_button.click()
        assert app.composer.cards.options == ("3", "9")
        app.composer.cards.value = "3"
        assert "Not allowed by HC-2.2" in unmarked(app.composer.verdict.value)
        app.composer.cards.value = "9"
        assert "Allowed: Ann plays 9" in unmarked(app.composer.verdict.value)
        app.composer.play_button.click()
        assert "data-card='c9'" in app.table.value.split("hc-trick", 1)[1].split("rt-player")[0]


def test_no_import_circles_and_no_shared_file_names_the_test_game():
    """The measures of scripts/house_counts.py that this part of the house must keep at 0:
    the import walk over tutor/ and widgets/ finds no circle (imports inside functions
    count), and only the test game's own folder, its tests and its docs name it."""
    counts = runpy.run_path(str(ROOT / "scripts" / "house_counts.py"))
    assert counts["import_circles"]() == []
    assert counts["files_naming_the_test_game"](counts["tracked_files"]()) == []


def test_the_import_walk_finds_a_circle_hidden_in_a_function(tmp_path, monkeypatch):
    counts = runpy.run_path(str(ROOT / "scripts" / "house_counts.py"))
    for name, body in (("a", "import tutor.b\n"), ("b", "def late():\n    import tutor.a\n")):
        (tmp_path / "tutor").mkdir(exist_ok=True)
        (tmp_path / "tutor" / f"{name}.py").write_text(body)
    (tmp_path / "widgets").mkdir()
    counts["main"].__globals__["ROOT"] = tmp_path
    assert counts["import_circles"]() == [["tutor.a", "tutor.b"]]
