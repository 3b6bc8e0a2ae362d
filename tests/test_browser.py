"""End to end: the Sneaky Bastard app served by Voila, driven in headless Chromium.

Screenshots go to artifacts/ (git-ignored) for a person to look at."""

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from widgets.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer

ROOT = Path(__file__).parents[1]
ARTIFACTS = ROOT / "artifacts"
TIMEOUT = 180_000


@pytest.fixture(scope="module")
def page():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    ARTIFACTS.mkdir(exist_ok=True)
    with VoilaServer(ROOT / "notebooks") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(30_000)
        page.goto(server.url("sneaky_bastard.ipynb"), timeout=TIMEOUT)
        page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
        yield page
        browser.close()


def text(page, selector: str) -> str:
    return page.inner_text(selector)


def click_until_changed(page, click: str, watch: str) -> str:
    before = text(page, watch)
    page.click(click)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[watch, before])
    return text(page, watch)


def test_step_through_the_four_player_example_then_branch(page):
    assert text(page, ".rt-step-label") == "Step 0 of 10"
    seen = {}
    for step in range(1, 11):
        label = click_until_changed(page, "button.rt-next", ".rt-step-label")
        assert label == f"Step {step} of 10"
        seen[step] = (text(page, ".rt-narration"), text(page, ".rt-table-view"))
    narration, table = seen[8]
    assert "Studentenkamer (150K) for 120K" in narration
    assert "Bid on the house: 120K" in table
    assert "Sneaky bid: 35K" in seen[9][1]
    assert "gaining 85K in all" in seen[10][0]
    page.screenshot(path=str(ARTIFACTS / "sb_end_of_example.png"), full_page=True)

    for step in (9, 8, 7):
        assert click_until_changed(page, "button.rt-back", ".rt-step-label") == \
            f"Step {step} of 10"

    # Branch as Fleur (her turn is next), the others played by the heuristic bot.
    seats = page.locator(".rt-seat-pick input")
    seats.nth(0).uncheck()
    seats.nth(3).check()
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-composer", state="visible")
    assert "Fleur to act" in text(page, ".rt-composer")

    table_before = text(page, ".rt-table-view")
    page.click("button.rt-wait-button")  # illegal: Fleur has no sneaky bid
    page.wait_for_function(
        "document.querySelector('.rt-message').innerText.includes('[SB-2.2]')")
    assert "Nothing changed" in text(page, ".rt-message")
    assert text(page, ".rt-table-view") == table_before
    page.screenshot(path=str(ARTIFACTS / "sb_illegal_move.png"), full_page=True)

    page.locator(".rt-toggle", has_text="250K").first.click()
    page.wait_for_function(
        "document.querySelector('.rt-composer').innerText.includes('Allowed:')")
    after = click_until_changed(page, "button.rt-bid-button", ".rt-table-view")
    assert after != table_before
    assert "Fleur" in text(page, ".rt-narration")
    page.screenshot(path=str(ARTIFACTS / "sb_branch.png"), full_page=True)

    # All-seeing: Frank's hand is face up. As Lisa: none of Frank's cards is in the page.
    frank_cards = page.eval_on_selector_all(
        "[data-seat='1'] .rt-hand [data-card]", "els => els.map(e => e.dataset.card)")
    assert frank_cards
    page.select_option(".rt-perspective select", label="Lisa")
    page.wait_for_function(
        "document.querySelectorAll(\"[data-seat='1'] .rt-hand [data-card]\").length === 0")
    html = page.content()
    assert not [card for card in frank_cards if f"data-card=\"{card}\"" in html
                or f"data-card='{card}'" in html]
    assert page.locator("[data-seat='1'] .rt-hand .rt-back").count() == len(frank_cards)
    page.screenshot(path=str(ARTIFACTS / "sb_as_lisa.png"), full_page=True)
