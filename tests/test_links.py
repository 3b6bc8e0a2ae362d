"""Links to an exact step, and saving and loading a game, as a teacher and a learner
would use them."""

import asyncio
import base64
import html
import re

from widgets.app import FREE_PLAY, TEACHER, TutorApp
from widgets.pages.links import Link, read_link


def test_reading_a_link_is_lenient_and_says_what_it_ignored():
    link = read_link("?example=four_players&step=7&view=Lisa&colour=red&seed=x")
    assert (link.example, link.step, link.view) == ("four_players", 7, "Lisa")
    assert link.seed is None
    assert any("'colour' is not something the app knows" in n for n in link.notices)
    assert any("seed 'x' is not a whole number" in n for n in link.notices)
    assert read_link("") == Link()


def test_a_link_opens_the_exact_step_as_a_player_sees_it():
    app = TutorApp("sneaky_bastard", link=read_link("?example=four_players&step=7&view=Lisa"))
    assert app.step_label.value == "Step 7 of 10"
    assert app.perspective.value == 0 and app.message.value == ""
    assert "?example=four_players&step=7&view=Lisa" in html.unescape(app.link_view.value)


def test_bad_links_fall_back_to_the_start_with_a_visible_notice():
    app = TutorApp("sneaky_bastard", link=read_link("?example=nope&step=99&view=Zed"))
    assert app.step_label.value == "Step 0 of 14"   # the first game, first in teaching order
    assert app.perspective.value == TEACHER
    notice = html.unescape(app.message.value)
    assert "no example 'nope'" in notice and "'Zed' is not a player" in notice
    late = TutorApp("sneaky_bastard", link=read_link("?example=three_players&step=99"))
    assert late.step_label.value == "Step 0 of 5"
    assert "steps 0 to 5, not 99" in late.message.value


def test_free_play_links_carry_players_and_seed():
    app = TutorApp("sneaky_bastard", link=read_link("?example=free&players=3&seed=42"))
    assert app.example_picker.value == FREE_PLAY and app.model.book is None
    assert len(app.model.players) == 3 and app.model.branch.seed == 42
    link = html.unescape(app.link_view.value)
    assert "example=free&view=Player+1&players=3&seed=42" in link
    assert "Link to the start of this free game" in link
    wrong = TutorApp("sneaky_bastard", link=read_link("?example=free&players=9"))
    assert "2 to 6 players, not 9" in wrong.message.value


def downloaded(app) -> str:
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", app.download.value).group(1)
    return base64.b64decode(data).decode()


def test_download_a_branch_and_load_it_back():
    app = TutorApp("sneaky_bastard", "four_players")
    app.slider.value = 5
    for seat, box in enumerate(app.seat_picks):
        box.value = seat == 1
    app.opponents.value = "heuristic"
    app.branch_button.click()
    app.composer.pass_button.click()  # Frank leaves the house to Fleur
    saved_state = app.model.branch.state
    assert "switch to the all-seeing view" in app.download.value   # Frank's view: no file
    app.perspective.value = TEACHER
    text = downloaded(app)
    assert "title: My game of Sneaky Bastard" in text and "move: pass" in text

    fresh = TutorApp("sneaky_bastard")
    assert fresh.load_text(text, "my_game.yaml")
    # A loaded game opens at its start, with its intro, ready to step through.
    assert fresh.step_label.value == f"Step 0 of {fresh.model.book.size}"
    assert "Press Next" in fresh.narration.value
    assert "Loaded my_game.yaml" in fresh.message.value
    assert "A loaded game has no link" in fresh.link_view.value
    fresh.slider.value = fresh.model.book.size
    assert fresh.model.book.state == saved_state


def test_a_malformed_or_tampered_file_leaves_the_app_as_it_was():
    app = TutorApp("sneaky_bastard", "four_players")
    app.slider.value = 3
    before = (app.example_picker.value, app.step_label.value, app.table.value)
    assert not app.load_text("game: sneaky_bastard\nsteps: [", "broken.yaml")
    assert "not valid YAML" in app.message.value and "Nothing changed" in app.message.value
    tampered = downloaded(app).replace("bid 10K+10K", "bid 500K+500K")
    assert not app.load_text(tampered, "tampered.yaml")
    assert "illegal move [SB-3.3]" in app.message.value
    other = "game: bargain_hunter\nplayers: [A, B, C]\nsteps:\n  - {who: A, move: skip}\n"
    assert not app.load_text(other, "other.yaml")
    assert "a game of Bargain Hunter, not Sneaky Bastard" in app.message.value
    assert (app.example_picker.value, app.step_label.value, app.table.value) == before


def test_downloaded_file_replays_on_the_command_line(tmp_path):
    import subprocess
    import sys
    app = TutorApp("cover_your_assets", "long_battle")
    app.slider.value = 4
    path = tmp_path / "battle.yaml"
    path.write_text(downloaded(app))
    result = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "ok: 4 steps legal" in result.stdout


def test_link_values_that_do_not_apply_are_named_not_dropped_silently():
    app = TutorApp("sneaky_bastard", link=read_link("?example=four_players&players=3"))
    assert "'players' is for free play only" in html.unescape(app.message.value)
    free = TutorApp("sneaky_bastard", link=read_link("?example=free&step=3"))
    assert "free play has no steps" in html.unescape(free.message.value)
    assert free.model.branch is not None   # free play started all the same


def test_a_broken_example_file_is_a_notice_not_a_crash(tmp_path, monkeypatch):
    import shutil

    import widgets.app.controller as app_module
    from tutor.games import scenario_dir
    for path in scenario_dir("sneaky_bastard").glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "three_players.yaml").write_text("game: sneaky_bastard\nsteps: [", "utf-8")
    monkeypatch.setattr(app_module, "scenario_dir", lambda game_id: tmp_path)
    monkeypatch.setattr("tutor.games.scenario_dir", lambda game_id: tmp_path)
    app = TutorApp("sneaky_bastard", link=read_link(""))
    good = sorted(p.stem for p in tmp_path.glob("*.yaml") if p.stem != "three_players")
    assert sorted(app.controller.examples) == good and "three_players" not in app.controller.examples
    assert "an example could not be loaded" in html.unescape(app.message.value)
    assert "three_players.yaml" in html.unescape(app.message.value)


def test_a_preheated_kernel_asks_again_when_voila_missed_its_page(monkeypatch):
    """On a server busy starting a class's kernels, Voila's wait for the page can give up
    without the request; the link must still open the step it names, not the start."""
    import voila.utils

    import widgets.pages.links as links

    attempts = []

    def wait_for_request():  # Voila's: sets the request's variables, or gives up
        attempts.append(1)
        if len(attempts) == 2:
            monkeypatch.setenv("QUERY_STRING", "example=four_players&step=7")

    monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
    monkeypatch.setattr(links, "_page_arrived", False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    link = read_link()
    assert (link.example, link.step) == ("four_players", 7)
    assert len(attempts) == 2
    read_link()  # the page arrives once: no second wait
    assert len(attempts) == 2


def test_a_preheated_kernel_opens_the_first_example_before_the_page_arrives(monkeypatch):
    """A class's pool of kernels does the opening work before anyone waits: a link that
    names nothing else redraws nothing when the page arrives, and a link to a step and a
    player opens there at once, that player ticked to play."""
    import voila.utils

    import widgets.pages.links as links

    drawn = []
    real_redraw = TutorApp.redraw
    monkeypatch.setattr(TutorApp, "redraw", lambda self: drawn.append(1) or real_redraw(self))
    for query, label, viewer in [("", "Step 0 of 14", TEACHER),   # the first game
                                 ("example=four_players&step=7&view=Frank", "Step 7 of 10", 1)]:
        drawn_before_page = []

        def wait_for_request():  # Voila's: the page arrives with its query
            drawn_before_page.append(len(drawn))
            monkeypatch.setenv("QUERY_STRING", query)

        monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
        monkeypatch.setattr(links, "_page_arrived", False)
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.delenv("QUERY_STRING", raising=False)
        drawn.clear()
        app = TutorApp("sneaky_bastard")
        assert drawn_before_page == [1]   # the first example, drawn while nobody waited
        assert len(drawn) == (1 if not query else 2)   # at most one redraw for the page
        assert app.step_label.value == label and app.perspective.value == viewer
        assert app.message.value == ""
        if viewer != TEACHER:
            assert [box.value for box in app.seat_picks] == [False, True, False, False]


def test_a_voila_kernel_keeps_what_it_built_out_of_the_collectors_way(monkeypatch):
    """Once a page's kernel has built its app it freezes the objects (their life is the
    kernel's), so that its shutdown does not walk them all: outside Voila, nothing."""
    import gc

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "example=four_players")
    read_link()
    assert gc.get_freeze_count() == 0
    monkeypatch.setenv("VOILA_PREHEAT", "False")   # a Voila kernel started for its page
    assert read_link().example == "four_players"
    assert gc.get_freeze_count() > 10_000


def test_in_a_page_the_link_is_at_once_and_the_download_follows_or_says_why_not(monkeypatch):
    """In Voila the app runs inside the kernel's event loop: the step's link must be there
    with the step (a learner copies it at once), the download may follow a moment later,
    and a download that fails says so instead of leaving the space blank."""
    def lost_card(*args, **kwargs):
        raise KeyError("lost card")

    async def in_a_page():
        app = TutorApp("sneaky_bastard", link=read_link("?example=four_players"))
        app.next_button.click()
        assert "step=1" in html.unescape(app.link_view.value)   # no waiting for the link
        await asyncio.sleep(0.9)
        assert "Download this game" in app.download.value
        monkeypatch.setattr(type(app.model.book), "to_scenario", lost_card)
        app.next_button.click()
        assert "step=2" in html.unescape(app.link_view.value)
        await asyncio.sleep(0.9)
        return app.download.value

    shown = asyncio.run(in_a_page())
    assert "could not be written out for download" in shown and "lost card" in shown
