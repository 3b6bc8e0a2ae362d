"""End to end: the Sneaky Bastard app served by Voila, driven in headless Chromium.

Screenshots go to artifacts/ (git-ignored) for a person to look at."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer

ROOT = Path(__file__).parents[1]
ARTIFACTS = ROOT / "artifacts"
TIMEOUT = 180_000


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    ARTIFACTS.mkdir(exist_ok=True)
    with VoilaServer(ROOT / "notebooks") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.server = server
        yield browser
        browser.close()


def open_app(browser, notebook: str):
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(30_000)
    page.goto(browser.server.url(notebook), timeout=TIMEOUT)
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    return page


@pytest.fixture
def page(browser):
    page = open_app(browser, "sneaky_bastard.ipynb?example=four_players")
    yield page
    page.close()


def text(page, selector: str) -> str:
    return page.inner_text(selector)


def shows(page, selector: str, snippet: str) -> None:
    """Wait until the element shows the snippet: widgets update one message at a time,
    so the step label can change a moment before the table does."""
    expect(page.locator(selector).first).to_contain_text(snippet)


def click_until_changed(page, click: str, watch: str) -> str:
    before = text(page, watch)
    page.click(click)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[watch, before])
    return text(page, watch)


def test_step_through_the_four_player_example_then_branch(page):
    assert text(page, ".rt-step-label") == "Step 0 of 10"
    expected = {8: (".rt-narration", "Studentenkamer (150K) for 120K"),
                9: (".rt-table-view", "Sneaky bid: 35K"),
                10: (".rt-narration", "a gain of 85K in all")}
    for step in range(1, 11):
        label = click_until_changed(page, "button.rt-next", ".rt-step-label")
        assert label == f"Step {step} of 10"
        shows(page, ".rt-narration", f"Step {step}:")
        if step in expected:
            shows(page, *expected[step])
        if step == 8:
            shows(page, "[data-seat='1']", "Bid: 120K")
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
    shows(page, ".rt-composer", "Fleur to act")

    table_before = text(page, ".rt-table-view")
    # Fleur has no sneaky bid, so Wait is closed to her: disabled, the rule on hover.
    wait = page.locator("button.rt-wait-button")
    # (the composer can show before its buttons' state arrives on a busy machine)
    expect(wait).to_be_disabled()
    expect(wait).to_have_attribute("title", re.compile(r"SB-4\.5"))
    page.locator(".rt-toggle", has_text="25K").first.click()   # 50K cannot beat 120K
    shows(page, ".rt-verdict", "Not allowed by SB-3.2")
    page.click("button.rt-bid-button")
    shows(page, ".rt-composer .rt-refusal", "Nothing changed")
    assert text(page, ".rt-table-view") == table_before
    page.screenshot(path=str(ARTIFACTS / "sb_illegal_move.png"), full_page=True)

    page.locator(".rt-toggle", has_text="25K").first.click()   # take it back
    page.locator(".rt-toggle", has_text="250K").first.click()
    page.wait_for_function(
        "document.querySelector('.rt-composer').innerText.includes('Allowed:')")
    after = click_until_changed(page, "button.rt-bid-button", ".rt-table-view")
    assert after != table_before
    shows(page, ".rt-narration", "Fleur")
    page.screenshot(path=str(ARTIFACTS / "sb_branch.png"), full_page=True)

    # Playing Fleur shows the table as Fleur. All-seeing: Frank's hand is face up. As
    # Lisa: none of Frank's cards is in the page.
    assert page.eval_on_selector(".rt-perspective select",
                                 "s => s.options[s.selectedIndex].text") == "Fleur"
    page.select_option(".rt-perspective select", label="All-seeing (teacher)")
    page.wait_for_selector("[data-seat='1'] .rt-hand [data-card]")
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


def test_stepping_with_the_arrow_keys_keeps_the_focus_on_the_table(page):
    """A keyboard learner tabs to a word on the table and steps with the arrow key: the
    step redraws only what changed, so the focus stays where the learner put it (a
    redraw of the whole table would drop it to the page's start)."""
    focusable = ".rt-table-view [tabindex]"
    page.wait_for_selector(focusable)
    last = page.locator(focusable).last
    label = last.inner_text()
    last.focus()
    before = page.inner_html(".rt-table-view")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("old => document.querySelector('.rt-table-view').innerHTML !== old",
                           arg=before)
    shows(page, ".rt-step-label", "Step 1 of")
    focused = page.evaluate("() => [document.activeElement.closest('.rt-table-view') !== null,"
                            " document.activeElement.textContent]")
    assert focused == [True, label]
    page.keyboard.press("ArrowRight")   # and the arrow keys go on stepping from there
    shows(page, ".rt-step-label", "Step 2 of")


def test_cover_your_assets_walk_a_battle_then_defend_differently(browser):
    page = open_app(browser, "cover_your_assets.ipynb")
    page.select_option(".rt-example select", label="A long battle")
    page.wait_for_function(
        "document.querySelector('.rt-step-label').innerText === 'Step 0 of 7'")
    for step in range(1, 8):
        click_until_changed(page, "button.rt-next", ".rt-step-label")
        if step == 1:
            shows(page, ".rt-table-view", "Eve challenges Ben")
    shows(page, ".rt-table-view", "Set 2: $235,000")
    page.click("button.rt-restart")
    click_until_changed(page, "button.rt-next", ".rt-step-label")  # Eve challenges

    seats = page.locator(".rt-seat-pick input")
    seats.nth(0).uncheck()
    seats.nth(1).check()  # Ben
    page.locator(".rt-opponents:visible select").select_option(label="me too (hot seat)")
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-composer", state="visible")
    shows(page, ".rt-composer", "Ben must answer the challenge")
    page.screenshot(path=str(ARTIFACTS / "cya_battle.png"), full_page=True)
    page.click("button.rt-give-up-button")
    shows(page, ".rt-narration", "Ben gives up: Eve wins the battle")
    shows(page, ".rt-table-view", "Set 2: $70,000")
    page.screenshot(path=str(ARTIFACTS / "cya_branch.png"), full_page=True)
    page.close()


def test_bargain_hunter_spring_cleaning_then_clean_another_item(browser):
    page = open_app(browser, "bargain_hunter.ipynb")
    page.select_option(".rt-example select", label="Spring cleaning: Sara's 3s become her bargain")
    page.wait_for_function(
        "document.querySelector('.rt-step-label').innerText === 'Step 0 of 4'")
    click_until_changed(page, "button.rt-next", ".rt-step-label")
    shows(page, ".rt-narration", "Sara clears out her four 3s")
    shows(page, "[data-seat='0']", "Junk pile: 6 cards")
    click_until_changed(page, "button.rt-back", ".rt-step-label")

    seats = page.locator(".rt-seat-pick input")
    seats.nth(0).check()  # Sara; the others are heuristic bots
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-card-choice", state="visible")
    page.locator(".rt-card-choice button", has_text="item 4").click()
    page.wait_for_function(
        "document.querySelector('.rt-composer').innerText.includes('yellow 4 and black 4')")
    page.screenshot(path=str(ARTIFACTS / "bh_cleaning_preview.png"), full_page=True)
    page.click("button.rt-play-button")
    shows(page, ".rt-narration", "Sara clears out item 4")
    shows(page, "[data-seat='0']", "Junk pile: 8 cards")
    shows(page, "[data-seat='0']", "Bargain pile: 3 cards")
    page.screenshot(path=str(ARTIFACTS / "bh_branch.png"), full_page=True)
    page.close()


def select_example(page, label: str, steps: int):
    page.select_option(".rt-example select", label=label)
    page.wait_for_function(
        f"document.querySelector('.rt-step-label').innerText === 'Step 0 of {steps}'")


def pick(page, description: str, option: str):
    """Choose an option in the visible dropdown with this description."""
    page.locator(f".widget-dropdown:visible:has(label:text-is('{description}')) select") \
        .select_option(label=option)


def test_sasquatch_thingamabob_turn_then_choose_another_deal(browser):
    page = open_app(browser, "sell_me_a_sasquatch.ipynb")
    select_example(page, "Every Thingamabob", 12)
    for step in range(1, 13):
        click_until_changed(page, "button.rt-next", ".rt-step-label")
        if step == 5:
            shows(page, ".rt-narration", "Platonic Isolator")
    shows(page, ".rt-narration", "choose Dan")
    page.click("button.rt-back")
    shows(page, ".rt-step-label", "Step 11 of 12")

    page.locator(".rt-seat-pick input").nth(0).check()  # Ann, the buyer
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-composer", state="visible")
    page.locator(".rt-action-choice button", has_text="choose").click()
    pick(page, "Player", "Bob")
    shows(page, ".rt-composer", "Allowed")  # what the deal holds shows once chosen
    page.click("button.rt-play-button")
    shows(page, ".rt-narration", "Ann chooses Bob's deal")
    shows(page, ".rt-table-view", "Buyer: Bob")
    page.screenshot(path=str(ARTIFACTS / "sq_branch.png"), full_page=True)
    page.close()


def test_sneaky_snakes_point_action_in_a_branch(browser):
    page = open_app(browser, "sneaky_snakes.ipynb")
    select_example(page, "Playing, pointing, peeking and discarding two", 10)
    seats = page.locator(".rt-seat-pick input")
    for index in range(3):
        seats.nth(index).check()  # hot seat: the learner plays everyone
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-composer", state="visible")
    page.locator(".rt-action-choice button", has_text="point").click()
    pick(page, "Player", "Bob")
    shows(page, ".rt-composer", "Ann points at Bob's card 1")
    page.click("button.rt-play-button")
    shows(page, ".rt-composer", "Ann points at your card 1, Bob")
    page.screenshot(path=str(ARTIFACTS / "sn_point.png"), full_page=True)
    page.click("button.rt-play-button")  # Bob plays it himself
    shows(page, ".rt-narration", "Bob answers: Bob plays the card")
    page.close()


def test_gallery_links_into_an_example_and_deep_links_open_an_exact_step(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(30_000)
    page.goto(browser.server.url("index.ipynb"), timeout=TIMEOUT)
    page.wait_for_selector(".rt-gallery", timeout=TIMEOUT)
    assert page.locator(".rt-game").count() == 5
    page.screenshot(path=str(ARTIFACTS / "gallery.png"), full_page=True)
    page.locator("a.rt-example-link", has_text="Spring cleaning").click()
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    shows(page, ".rt-step-label", "Step 0 of 4")
    shows(page, ".rt-narration", "Spring cleaning")

    page.goto(browser.server.url("sneaky_bastard.ipynb?example=four_players&step=7&view=Lisa"),
              timeout=TIMEOUT)
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    shows(page, ".rt-step-label", "Step 7 of 10")
    assert page.locator("[data-seat='1'] .rt-hand [data-card]").count() == 0  # as Lisa
    # The link is written once the page has been still a moment (a busy machine: later)
    expect(page.locator(".rt-link a")).to_have_attribute(
        "href", "?example=four_players&step=7&view=Lisa", timeout=TIMEOUT)

    page.goto(browser.server.url("sneaky_bastard.ipynb?example=nope&step=x"), timeout=TIMEOUT)
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    shows(page, ".rt-message", "no example 'nope'")
    shows(page, ".rt-step-label", "Step 0 of 14")   # the first game, first in teaching order
    page.close()
