"""The static site (scripts/build-static.sh): the tutor's Python runs in the browser
(Pyodide) and the site is a folder of files, so it must work with no network at all.

One build for the module, served on loopback by Python's own file server; Chromium has
a proxy that does not exist, and every request to another host is aborted and
recorded: a test fails on any such request and on any error in a page, JavaScript's
or Python's (the site carries no pandas, so an import of it on the app's path fails)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port

ROOT = Path(__file__).parents[1]
TIMEOUT = 180_000   # a page's first start compiles Python in the browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("static") / "site"
    subprocess.run([str(ROOT / "scripts" / "build-static.sh"), str(out)], check=True,
                   env={**os.environ, "PYTHON": sys.executable}, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(out), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait()


@pytest.fixture(scope="module")
def browser(site):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    dead_proxy = f"--proxy-server=http://127.0.0.1:{free_port()}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [dead_proxy])
        yield browser
        browser.close()


@pytest.fixture
def offline(browser, site):
    """A page that may load from the site only; what else it asked for, and its errors,
    are checked when the test ends."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  accept_downloads=True)
    outside, errors = [], []

    def only_the_site(route):
        url = route.request.url
        if url.startswith((site, "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.open = lambda path: page.goto(site + path, timeout=TIMEOUT)
    yield page
    # Python's errors (a module missing from the site, say) show in the page itself.
    python_errors = page.locator(
        "[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
    context.close()
    assert outside == [], "the page asked another host"
    assert errors == [], "the page had errors"
    assert python_errors == [], "Python failed in the page"


def shows(page, selector: str, snippet: str) -> None:
    expect(page.locator(selector).first).to_contain_text(snippet)


def test_the_gallery_opens_a_game_and_its_rules_link_to_steps(offline, site):
    offline.open("")   # the site's front page leads to the gallery
    offline.wait_for_selector(".rt-gallery", timeout=TIMEOUT)
    assert offline.url == site + "voici/render/index.html"
    assert offline.locator(".rt-game").count() == 5
    rule_link = offline.locator(".rt-shown-in a").first.get_attribute("href")
    assert rule_link.split("?")[0].endswith(".html")   # a page of this site
    offline.locator("a.rt-example-link", has_text="Spring cleaning").click()
    offline.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    assert "bargain_hunter.html?example=" in offline.url
    shows(offline, ".rt-step-label", "Step 0 of 4")
    shows(offline, ".rt-narration", "Spring cleaning")
    offline.click("button.rt-next")
    shows(offline, ".rt-step-label", "Step 1 of 4")
    expect(offline.locator("button.rt-next")).to_be_in_viewport()


def test_a_link_to_a_step_then_a_move_the_chart_and_a_download_loaded_back(offline, tmp_path):
    offline.open("voici/render/sneaky_bastard.html?example=four_players&step=7&view=Lisa")
    offline.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    shows(offline, ".rt-step-label", "Step 7 of 10")
    assert offline.locator("[data-seat='1'] .rt-hand [data-card]").count() == 0   # as Lisa
    assert offline.locator(".rt-link a").get_attribute("href") == \
        "?example=four_players&step=7&view=Lisa"

    # Fleur plays a move of her own, the others played by the bot.
    seats = offline.locator(".rt-seat-pick input")
    seats.nth(0).uncheck()
    seats.nth(3).check()
    offline.click("button.rt-branch")
    shows(offline, ".rt-composer", "Fleur to act")
    table_before = offline.inner_text(".rt-table-view")
    offline.locator(".rt-toggle", has_text="250K").first.click()
    shows(offline, ".rt-composer", "Allowed:")
    offline.click("button.rt-bid-button")
    shows(offline, ".rt-narration", "Fleur")
    assert offline.inner_text(".rt-table-view") != table_before

    offline.get_by_text("Chart", exact=True).click()
    expect(offline.locator(".rt-chart .main-svg").first).to_be_visible(timeout=30_000)

    # The game so far, downloaded in the all-seeing view, loads back.
    offline.select_option(".rt-perspective select", label="All-seeing (teacher)")
    with offline.expect_download() as download:
        offline.locator(".rt-download a").click()
    saved = tmp_path / "game.yaml"
    download.value.save_as(saved)
    assert "game: sneaky_bastard" in saved.read_text()
    with offline.expect_file_chooser() as chooser:
        offline.click(".rt-upload")
    chooser.value.set_files(saved)
    shows(offline, ".rt-message", "Loaded game.yaml")
    assert "(game.yaml)" in offline.eval_on_selector(
        ".rt-example select", "s => s.options[s.selectedIndex].text")

    # The free-play seed field was drawn: a seed limit too large for the page once broke
    # every widget of the app ("Do not know how to serialize a BigInt", a page error).
    assert offline.locator(".rt-free-start").count() == 1
