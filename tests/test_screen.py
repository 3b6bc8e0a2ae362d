"""The app on one screen, driven in headless Chromium at a projector's 1280x720, a
laptop's 1366x768 and a phone's 390x844: what a learner must see is inside the viewport
without scrolling, a refusal shows where they acted, a step marks what it changed, bots
move one at a time, cards are clicked to compose a move, and the keyboard steps.

Screenshots go to artifacts/screen/ for a person to look at."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect, sync_playwright

from tutor.games import game_ids, get_game
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer

ROOT = Path(__file__).parents[1]
SHOTS = ROOT / "artifacts" / "screen"
TIMEOUT = 180_000
DESKTOPS = {"1280x720": (1280, 720), "1366x768": (1366, 768)}
PHONE = (390, 844)
# Each game with the player count the screen must hold: four (or the most the game
# has), six for Cover Your Assets, whose six seats must fit.
HOLDS = {"cover_your_assets": 6}
GAMES = {g: HOLDS.get(g, min(4, get_game(g).player_counts[-1])) for g in game_ids()}


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with VoilaServer(ROOT / "notebooks") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.server = server
        yield browser
        browser.close()


def open_page(browser, query: str, size) -> object:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.set_default_timeout(60_000)
    page.goto(browser.server.url(query), timeout=TIMEOUT)
    page.wait_for_selector(".rt-app .rt-topbar", timeout=TIMEOUT)
    return page


OUTSIDE = """els => els.filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1
                           || r.right > innerWidth + 1);
}).map(e => (e.className || e.tagName) + ' ' + JSON.stringify(e.getBoundingClientRect()))"""


def outside(page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not wholly inside the viewport, once the
    page has settled: widgets update one message at a time, so a box can be half drawn
    for a moment (a composer filling up) before it takes its place. What is still outside
    after a few seconds is what a learner sees."""
    try:
        page.wait_for_function(f"sel => ({OUTSIDE})(Array.from(document.querySelectorAll(sel)))"
                               f".length === 0", arg=selector, timeout=5_000)
    except PlaywrightTimeout:
        pass
    return page.eval_on_selector_all(selector, OUTSIDE)


def visible_count(page, selector: str) -> int:
    return page.eval_on_selector_all(
        selector, "els => els.filter(e => e.getBoundingClientRect().width > 0).length")


@pytest.mark.parametrize("size", DESKTOPS)
@pytest.mark.parametrize("game", GAMES)
def test_the_whole_table_and_the_composer_fit_one_screen(browser, game, size):
    players = GAMES[game]
    page = open_page(browser, f"{game}.ipynb?example=free&players={players}", DESKTOPS[size])
    # Free play: the learner plays Player 1; bots move until it is their turn.
    page.wait_for_selector(".rt-composer", state="visible", timeout=120_000)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / f"{game}_free_{size}.png"))
    assert visible_count(page, "[data-seat]") == players
    for selector in (".rt-topbar", ".rt-narration", "[data-seat]", ".rt-composer",
                     ".rt-composer button"):
        assert visible_count(page, selector), selector
        assert outside(page, selector) == [], f"{selector} is not all on screen"
    # Card text is readable: nothing drawn on a card is smaller than 12 px.
    sizes = page.eval_on_selector_all(
        ".rt-card span", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 12
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_nothing_runs_off_the_right_edge(browser, game):
    page = open_page(browser, f"{game}.ipynb?example=free&players={GAMES[game]}", PHONE)
    page.wait_for_selector(".rt-composer", state="visible", timeout=120_000)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / f"{game}_free_390x844.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    # Every control is reachable: inside the width, its label not cut ("Re...").
    cut = page.eval_on_selector_all(".rt-app button, .rt-app select", """els => els.filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > innerWidth + 1 || r.left < 0
                               || (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1));
    }).map(e => e.innerText || e.className)""")
    assert cut == []
    # The step bar's buttons stay in view while the page scrolls.
    page.evaluate("document.querySelector('#rendered_cells').scrollTop = 600")
    page.wait_for_timeout(200)
    top = page.eval_on_selector(".rt-topbar", "e => e.getBoundingClientRect().top")
    assert -1 <= top <= 5
    page.close()


def test_the_step_bar_stays_and_the_arrow_keys_step(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players", (1280, 720))
    expect(page.locator(".rt-step-label")).to_have_text("Step 0 of 10")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".rt-step-label")).to_have_text("Step 1 of 10")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".rt-step-label")).to_have_text("Step 1 of 10")
    # Focus shows: a control reached by the keyboard has a visible ring.
    page.focus(".rt-example select")
    page.keyboard.press("Tab")
    focused = page.evaluate("""() => { const e = document.activeElement;
        return [e.tagName, getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]; }""")
    assert focused[0] in ("SELECT", "BUTTON", "INPUT") and focused[1] != "none", focused
    page.close()


def test_a_step_marks_the_cards_it_moved_and_the_seat_that_acted(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=7",
                     (1280, 720))
    page.click("button.rt-next")   # step 8: Fleur passes; Frank buys Studentenkamer
    expect(page.locator(".rt-step-label")).to_have_text("Step 8 of 10")
    frank_house = page.locator("[data-seat='1'] .rt-houses [data-moved]")
    expect(frank_house).to_have_count(1)
    assert "from the house for sale" in frank_house.get_attribute("data-moved")
    expect(page.locator("[data-seat='3'].rt-acted")).to_have_count(1)   # Fleur
    expect(page.locator(".rt-last")).to_contain_text("Studentenkamer")
    assert outside(page, "[data-moved], .rt-last") == []
    page.screenshot(path=str(SHOTS / "sb_step_8_changes.png"))
    page.click("button.rt-next")   # step 9: the next step replaces the marks
    expect(page.locator(".rt-step-label")).to_have_text("Step 9 of 10")
    expect(page.locator("[data-seat='1'] .rt-houses [data-moved]")).to_have_count(0)
    page.close()


def branch_as(page, seats: list[int], opponents: str = "heuristic bot") -> None:
    boxes = page.locator(".rt-seat-pick input")
    for index in range(boxes.count()):
        if index in seats:
            boxes.nth(index).check()
        else:
            boxes.nth(index).uncheck()
    page.locator(".rt-opponents:visible select").select_option(label=opponents)
    page.click("button.rt-branch")
    page.wait_for_selector(".rt-composer", state="visible")


def test_a_refusal_shows_under_the_composer_and_clears_when_the_move_changes(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=7",
                     (1280, 720))
    branch_as(page, [3])   # Fleur must beat Frank's 120K
    page.locator(".rt-toggle", has_text="25K").first.click()
    page.click("button.rt-bid-button")
    refusal = page.locator(".rt-composer .rt-refusal")
    expect(refusal).to_contain_text("SB-3.2")
    expect(refusal).to_contain_text("Nothing changed")
    assert outside(page, ".rt-refusal") == []
    page.screenshot(path=str(SHOTS / "sb_refusal.png"))
    page.locator(".rt-toggle", has_text="250K").first.click()
    expect(refusal).to_have_count(0)
    expect(page.locator(".rt-verdict")).to_contain_text("Allowed")
    page.close()


def test_choosing_a_seat_to_play_shows_the_table_as_that_seat(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players", (1280, 720))
    page.locator(".rt-seat-pick input").nth(0).uncheck()
    page.locator(".rt-seat-pick input").nth(1).check()   # I play Frank
    page.wait_for_function("""() => { const s = document.querySelector('.rt-perspective select');
        return s.options[s.selectedIndex].text === 'Frank'; }""")
    expect(page.locator("[data-seat='0'] .rt-hand [data-card]")).to_have_count(0)
    page.close()


def test_clicking_cards_composes_the_move(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players", (1280, 720))
    branch_as(page, [0])   # Lisa opens the bidding
    card = page.locator("[data-seat='0'] [data-pick]", has_text="10K").first
    card.click()
    expect(page.locator(".rt-composer")).to_contain_text("would total 10K")
    expect(page.locator(".rt-verdict")).to_contain_text("Allowed")
    page.click("button.rt-bid-button")
    expect(page.locator("[data-seat='0']")).to_contain_text("Bid: 10K")
    page.close()


def test_clicking_a_deal_card_aims_the_buyers_flip(browser):
    page = open_page(browser, "sell_me_a_sasquatch.ipynb?example=first_turn&step=3",
                     (1280, 720))
    branch_as(page, [0])   # Ann, the buyer, may turn one more card
    target = page.locator("[data-slot='deal:2:2'][data-pick]")   # Cat's 2nd card, face down
    assert not outside(page, "[data-slot='deal:2:2']")
    target.click()
    expect(page.locator(".rt-verdict")).to_contain_text("Allowed")
    chosen = """() => [...document.querySelectorAll('.rt-composer select')]
        .filter(s => s.offsetParent).map(s => s.options[s.selectedIndex].text)"""
    page.wait_for_function(f"() => ({chosen})().join() === 'Cat,2'")
    page.click(".rt-composer button.rt-play-button")
    expect(page.locator(".rt-narration")).to_contain_text("Cat's deal", timeout=30_000)
    page.close()


def test_clicking_a_top_set_aims_a_challenge(browser):
    page = open_page(browser, "cover_your_assets.ipynb?example=long_battle&step=7",
                     (1280, 720))
    branch_as(page, [0])   # Ada's turn; Ben's top set lies open
    page.click("[data-slot='top:1'][data-pick]")
    expect(page.locator(".rt-action-choice button.mod-active")).to_have_text("challenge")
    expect(page.locator(".rt-composer")).to_contain_text("Ben")
    page.close()


def test_bots_answer_one_move_at_a_time(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players", (1280, 720))
    branch_as(page, [0])
    page.locator("[data-seat='0'] [data-pick]", has_text="10K").first.click()
    page.click("button.rt-bid-button")
    label = page.locator(".rt-move-label")
    # Frank, Robin and Fleur answer one after the other: each move is on screen alone.
    for count in (2, 3, 4):
        expect(label).to_have_text(f"Move {count}", timeout=30_000)
        expect(page.locator(".rt-acted")).to_have_count(1)
    expect(page.locator(".rt-composer")).to_be_visible(timeout=30_000)
    # Step by step: each bot move waits for "Next bot move".
    page.locator(".rt-pace select").select_option(label="Bots: wait for 'Next bot move'")
    moves = int(label.inner_text().split()[-1])
    page.locator(".rt-toggle", has_text="500K").first.click()
    page.click("button.rt-bid-button")
    expect(label).to_have_text(f"Move {moves + 1}")
    next_bot = page.locator("button.rt-bot-next")
    expect(next_bot).to_be_visible()
    page.wait_for_timeout(2_000)   # longer than the slow pace: still waiting for the click
    expect(label).to_have_text(f"Move {moves + 1}")
    next_bot.click()
    expect(label).to_have_text(f"Move {moves + 2}")
    page.screenshot(path=str(SHOTS / "sb_bots_step_by_step.png"))
    page.close()


def test_quiz_me_and_a_glossary_term_explained_on_hover(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=4",
                     (1280, 720))
    term = page.locator(".rt-narration .rt-term").first
    term.hover()
    expect(page.locator(".rt-tip")).to_have_text(term.get_attribute("data-means"))
    page.get_by_text("Quiz", exact=True).click()
    page.click("button.rt-quiz-ask")
    choices = page.locator("button.rt-quiz-choice")
    expect(choices.first).to_be_visible()
    assert choices.count() >= 2
    choices.first.click()
    expect(page.locator(".rt-quiz-feedback")).to_contain_text(re.compile("Right!|Not quite"))
    expect(page.locator(".rt-quiz-feedback summary")).to_have_count(1)   # the clause
    assert outside(page, ".rt-quiz-feedback") == []
    page.screenshot(path=str(SHOTS / "sb_quiz.png"))
    page.close()


def test_the_gallery_shows_each_games_rule_coverage(browser):
    page = open_page_plain(browser, "index.ipynb", (1280, 720))
    figures = page.locator(".rt-coverage")
    expect(figures).to_have_count(5)
    assert all("clauses illustrated" in text for text in figures.all_inner_texts())
    # The glossary sets each meaning under its own term, not beside another one.
    expect(page.locator(".rt-glossary dt").first).to_be_attached()
    misplaced = page.eval_on_selector_all(".rt-glossary dt", """terms => terms.filter(dt => {
        const term = dt.getBoundingClientRect();
        const meaning = dt.nextElementSibling.getBoundingClientRect();   // its <dd>
        return meaning.top < term.bottom - 1;
    }).map(dt => dt.textContent)""")
    assert misplaced == []
    page.close()


def open_page_plain(browser, query: str, size):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(browser.server.url(query), timeout=TIMEOUT)
    page.wait_for_selector(".rt-gallery", timeout=TIMEOUT)
    return page


@pytest.mark.parametrize("game", GAMES)
def test_practice_a_hint_and_show_me_in_each_game(browser, game):
    from tutor.games import example_order, scenario_dir
    from tutor.session import Walkthrough
    stem = example_order(game)[0]
    book = Walkthrough.load(scenario_dir(game) / f"{stem}.yaml")
    page = open_page(browser, f"{game}.ipynb?example={stem}", (1280, 720))
    page.locator(".rt-mode button", has_text="Practice").click()
    prompt = page.locator(".rt-practice-prompt")
    expect(prompt).to_contain_text("Your turn as")
    assert outside(page, ".rt-practice-prompt, .rt-composer") == []
    page.click("button.rt-hint")
    expect(page.locator(".rt-practice-feedback")).to_contain_text("What you can do now")
    page.click("button.rt-show-me")    # the book's move, counted as shown
    # told as the next mover reads it: the table has turned to that seat
    shown = book.steps[0].move_text_for(book.steps[1].seat)
    expect(page.locator(".rt-practice-feedback")).to_contain_text(shown)
    expect(prompt).to_contain_text(f"step 2 of {book.size}")
    page.screenshot(path=str(SHOTS / f"{game}_practice.png"))
    page.close()


def test_practice_the_rulebook_example_right_other_and_illegal(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=three_players", (1280, 720))
    page.locator(".rt-mode button", has_text="Practice").click()
    feedback = page.locator(".rt-practice-feedback")
    expect(page.locator(".rt-practice-prompt")).to_contain_text("Your turn as Lisa")
    page.click("button.rt-pass-button")            # legal, but not the book's move
    expect(feedback).to_contain_text("the book plays")
    expect(page.locator("button.rt-take-book")).to_be_visible()
    assert outside(page, ".rt-practice-feedback, button.rt-take-book") == []
    page.click("button.rt-take-book")
    expect(page.locator(".rt-practice-prompt")).to_contain_text("Your turn as Frank")
    # Frank's own 25K (the table turns to him just after the prompt does)
    expect(page.locator(".rt-composer")).to_contain_text("Frank to act")
    page.locator("[data-seat='1'] [data-pick]", has_text="25K").first.click()
    expect(page.locator(".rt-composer")).to_contain_text("would total 25K")
    page.click("button.rt-bid-button")                             # too little to outbid
    expect(page.locator(".rt-composer .rt-refusal")).to_contain_text("Nothing changed")
    expect(page.locator(".rt-practice-prompt")).to_contain_text("Your turn as Frank")
    expect(page.locator(".rt-composer")).to_contain_text("would total 25K")   # still chosen
    page.screenshot(path=str(SHOTS / "sb_practice_refused.png"))
    page.close()


@pytest.mark.parametrize("size", [*DESKTOPS, "390x844"])
def test_the_chart_opens_in_view_with_each_line_told_apart(browser, size):
    """The chart tab draws at once (its script comes with it, no second load), shows
    all of the chart without scrolling, tells each player's line apart by its dash, and
    gains a point when the learner steps on."""
    viewport = DESKTOPS.get(size, PHONE)
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=3", viewport)
    expect(page.locator(".rt-step-label")).to_have_text("Step 3 of 10")
    page.get_by_text("Chart", exact=True).click()
    expect(page.locator(".rt-chart .main-svg").first).to_be_visible(timeout=30_000)
    expect(page.locator(".rt-chart-box .rt-loading")).to_be_hidden()
    assert outside(page, ".rt-chart") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
    legend = page.locator(".rt-chart .legend .traces")
    expect(legend).to_have_count(2 * 4)        # money and house value, for four players
    assert "Lisa: money" in page.locator(".rt-chart .legend").text_content()
    dashes = page.eval_on_selector_all(
        ".rt-chart .scatterlayer .js-line",
        "paths => paths.map(p => p.style.strokeDasharray || 'solid')")
    assert len(set(dashes)) >= 4, dashes       # a line per player, not by colour alone
    points = page.locator(".rt-chart .scatterlayer .trace").first.locator(".points path")
    expect(points).to_have_count(4)             # the setup and three moves
    page.screenshot(path=str(SHOTS / f"chart_{size}.png"))
    page.click("button.rt-next")
    expect(page.locator(".rt-step-label")).to_have_text("Step 4 of 10")
    expect(points).to_have_count(5)
    page.close()



# Every text drawn on a card, checked from what the page computes: not cut (the text fits
# its box), readable against the colour behind it (WCAG's 4.5:1), and a card lying under
# the next one still shows its value whole. Text a style hides (a covered card's name,
# shown again on hover) is not drawn, so it is not checked.
CARD_TEXT_PROBLEMS = """() => {
  const rgb = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const behind = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) { return c; } } return [255, 255, 255, 1]; };
  const problems = [];
  const cards = [...document.querySelectorAll('.rt-table-view .rt-card:not(.rt-back), .rt-table-view .rt-sn-caption')];
  for (const card of cards) {
    for (const e of [card, ...card.querySelectorAll('*')]) {
      const style = getComputedStyle(e);
      if (e.getBoundingClientRect().width === 0 || style.visibility === 'hidden') { continue; }
      if (e.scrollWidth > e.clientWidth + 1 || (e !== card && e.scrollHeight > e.clientHeight + 1)) {
        problems.push(`cut: ${e.className} '${e.textContent}' ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`);
      }
      if ([...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) {
        const [light, dark] = [lum(rgb(style.color)), lum(behind(e))].sort((a, b) => b - a);
        const ratio = (light + 0.05) / (dark + 0.05);
        if (ratio < 4.5) { problems.push(`contrast ${ratio.toFixed(2)}: '${e.textContent}'`); }
        if (parseFloat(style.fontSize) < 12) { problems.push(`small: '${e.textContent}'`); }
      }
    }
    const next = card.nextElementSibling, value = card.querySelector('.rt-value');
    if (value && value.textContent && next && next.classList.contains('rt-card')) {
      const over = next.getBoundingClientRect(), mine = card.getBoundingClientRect(), edge = over.left;
      const covers = edge > mine.left && edge < mine.right - 1 && over.top < mine.bottom - 1;
      if (covers && value.getBoundingClientRect().right > edge + 0.5) {
        problems.push(`covered: '${value.textContent}' runs under the next card`);
      }
    }
  }
  return [cards.length, problems];
}"""
SIZES = {**DESKTOPS, "390x844": PHONE}


@pytest.mark.parametrize("game", GAMES)
def test_every_card_reads_whole_and_stands_out_at_every_size(browser, game):
    page = open_page(browser, f"{game}.ipynb?step=3", (1280, 720))   # all-seeing
    expect(page.locator(".rt-table-view .rt-card").first).to_be_visible()
    for size, viewport in SIZES.items():
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.wait_for_timeout(300)
        count, problems = page.evaluate(CARD_TEXT_PROBLEMS)
        assert count >= 10 and problems == [], (size, problems)
    page.screenshot(path=str(SHOTS / f"{game}_cards_390x844.png"), full_page=True)
    page.close()


TIP_BOX = """() => { const t = document.querySelector('.rt-tip'), r = t.getBoundingClientRect();
    return {hidden: t.hidden || r.width === 0, text: t.textContent,
            inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
            whole: t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight}; }"""


def test_a_glossary_tooltip_shows_whole_in_view_and_escape_closes_it(browser):
    """On a zone's title (whose box clips), in the narration (which scrolls), at the
    three sizes: hover, keyboard focus and a tap show the term's meaning whole inside
    the window; Escape closes it; a step redraws the table and keeps one tooltip."""
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=4", (1280, 720))
    zone_term = page.locator(".rt-zone-title .rt-term").first
    told_term = page.locator(".rt-narration .rt-term").last
    for size, viewport in SIZES.items():
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        for term, how in ((zone_term, "hover"), (told_term, "focus"), (zone_term, "click")):
            page.mouse.move(0, 0)                        # start away from any term
            page.evaluate("document.activeElement && document.activeElement.blur()")
            term.scroll_into_view_if_needed()
            getattr(term, how)()
            expect(page.locator(".rt-tip")).to_be_visible()
            expect(page.locator(".rt-tip")).to_have_text(term.get_attribute("data-means"))
            tip = page.evaluate(TIP_BOX)
            assert not tip["hidden"] and tip["inside"] and tip["whole"], (size, how, tip)
            page.keyboard.press("Escape")
            assert page.evaluate(TIP_BOX)["hidden"], (size, how)
    page.screenshot(path=str(SHOTS / "sb_tooltip_390x844.png"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.click("button.rt-next")
    expect(page.locator(".rt-step-label")).to_have_text("Step 5 of 10")
    zone_term.hover()
    expect(page.locator(".rt-tip")).to_be_visible()
    expect(page.locator(".rt-tip")).to_have_count(1)
    page.close()


MARKS = """e => { const s = getComputedStyle(e);
    return [s.transform, s.boxShadow, s.outlineStyle + ' ' + s.outlineColor]; }"""


def test_a_card_chosen_for_the_move_is_marked_apart_from_moved_and_focused(browser):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players&step=7",
                     (1280, 720))
    branch_as(page, [3])   # Fleur must beat Frank's 120K
    chosen = page.locator("[data-chosen]")
    expect(chosen).to_have_count(0)
    card = page.locator("[data-seat='3'] [data-pick]", has_text="250K").first
    card.click()                                        # chosen on the table...
    expect(chosen).to_have_count(1)
    page.locator(".rt-toggle", has_text="10K").first.click()   # ... or in the composer
    expect(chosen).to_have_count(2)
    expect(page.locator(".rt-composer")).to_contain_text("260K selected")
    page.screenshot(path=str(SHOTS / "sb_chosen.png"))
    marks = chosen.first.evaluate(MARKS)
    assert marks[0] != "none" and marks[1] != "none"    # lifted, with a ring
    page.locator("[data-seat='3'] [data-pick]").first.focus()
    page.keyboard.press("Tab")                           # the keyboard's ring
    focused = page.evaluate(f"({MARKS})(document.activeElement)")
    assert focused[2] != marks[2] and focused[2].split()[0] != "none"
    page.click("button.rt-bid-button")                   # played: nothing is chosen
    expect(chosen).to_have_count(0, timeout=30_000)
    moved = page.locator("[data-moved]").first            # the cards the bid laid out
    expect(moved).to_be_attached()
    assert moved.evaluate(MARKS)[2] not in (marks[2], focused[2])
    page.close()


# Any box that scrolls sideways (a scrollbar under the title, a column wider than its box).
SIDEWAYS = """() => [document.documentElement, ...document.querySelectorAll('*')].filter(e =>
    e.clientHeight > 0 && e.scrollWidth > e.clientWidth + 1
    && (e === document.documentElement
        || ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)))
    .map(e => String(e.className || e.tagName).slice(0, 60) + ' '
              + e.scrollWidth + '>' + e.clientWidth)"""
FOCUSED = """() => { const e = document.activeElement;
    return !!e && !!(e.closest('.rt-composer') || e.closest('.rt-table-view [data-pick]')); }"""


def inside(page, selector: str, box: str | None = None) -> bool:
    """``selector``'s first visible element lies wholly inside the viewport (and inside
    the box ``box``, when named: not hidden by that box's own scrolling)."""
    return page.evaluate("""([sel, box]) => {
        const e = [...document.querySelectorAll(sel)].find(x => x.getClientRects().length);
        if (!e) { return false; }
        const r = e.getBoundingClientRect();
        const b = box ? document.querySelector(box).getBoundingClientRect()
                      : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
        return r.top >= b.top - 1 && r.left >= b.left - 1 && r.bottom <= b.bottom + 1
            && r.right <= b.right + 1 && r.bottom <= innerHeight + 1 && r.top >= -1;
    }""", [selector, box])


@pytest.mark.parametrize("size", SIZES)
def test_play_from_here_then_the_bots_the_newest_move_and_the_move_in_view(browser, size):
    page = open_page(browser, "sneaky_bastard.ipynb?example=four_players", SIZES[size])
    branch_as(page, [0])
    # The keyboard lands on the move asked for, not at the top of the page.
    page.wait_for_function(FOCUSED, timeout=20_000)
    page.locator("[data-seat='0'] [data-pick]", has_text="10K").first.click()
    page.click("button.rt-bid-button")
    expect(page.locator(".rt-move-label")).to_have_text("Move 4", timeout=30_000)
    expect(page.locator(".rt-composer")).to_be_visible(timeout=30_000)
    expect(page.locator(".rt-newest")).to_contain_text("Fleur")   # the last bot to answer
    expect(page.locator(".rt-earlier summary")).to_contain_text("earlier moves")
    page.screenshot(path=str(SHOTS / f"sb_after_bots_{size}.png"))
    if SIZES[size] != PHONE:
        for selector in (".rt-composer", "button.rt-play-hint", ".rt-panels .lm-TabBar-tab"):
            assert outside(page, selector) == [], selector
    else:
        # Where the learner is (the composer), the move they answer is beside it.
        expect(page.locator(".rt-latest-move")).to_contain_text("Fleur")
        assert outside(page, ".rt-latest-move") == []
        page.evaluate("document.querySelector('#rendered_cells').scrollTop = 0")
        page.evaluate("window.scrollTo(0, 0)")
    assert inside(page, ".rt-newest", ".rt-narration"), "the newest move is out of view"
    assert page.evaluate(SIDEWAYS) == []
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_an_example_ends_with_what_next_and_another_opens_at_its_start(browser, size):
    page = open_page(browser, "cover_your_assets.ipynb?example=forming_sets&step=9",
                     SIZES[size])
    expect(page.locator(".rt-step-label")).to_have_text("Step 9 of 9")
    buttons = page.locator(".rt-what-next-box button")
    expect(buttons).to_have_count(4)
    assert outside(page, ".rt-what-next-box button") == []
    if SIZES[size] == PHONE:
        # What the step did and why comes before the table.
        story = page.eval_on_selector(".rt-story", "e => e.getBoundingClientRect().top")
        table = page.eval_on_selector(".rt-table-view", "e => e.getBoundingClientRect().top")
        assert story < table
    assert page.evaluate(SIDEWAYS) == []
    page.screenshot(path=str(SHOTS / f"cya_what_next_{size}.png"))
    # A shorter example chosen from the last step opens at its start, not its end.
    page.locator(".rt-example select").select_option(label="A long battle")
    expect(page.locator(".rt-step-label")).to_have_text("Step 0 of 7")
    page.wait_for_timeout(1_500)       # no late jump to the end
    expect(page.locator(".rt-step-label")).to_have_text("Step 0 of 7")
    # The setup tour marks, on the table, the part it tells; "Next part" moves the mark.
    marked = page.locator(".rt-table-view [data-tour]")
    expect(marked).not_to_have_count(0)
    first = marked.first.evaluate("e => e.outerHTML.slice(0, 80)")
    page.click("button.rt-setup-next")
    page.click("button.rt-setup-next")
    page.wait_for_function("old => { const e = document.querySelector('.rt-table-view "
                           "[data-tour]'); return e && e.outerHTML.slice(0, 80) !== old; }",
                           arg=first)
    assert marked.first.evaluate("e => getComputedStyle(e).boxShadow") != "none"
    if SIZES[size] != PHONE:
        assert outside(page, ".rt-table-view [data-tour]") == []
    # The slider shows where the keyboard is.
    page.focus(".rt-slider .noUi-handle")
    ring = page.eval_on_selector(".rt-slider .noUi-handle",
                                 "e => getComputedStyle(e).outlineStyle")
    assert ring != "none"
    # Back at the end, "Practise this example" starts practice at the first move.
    page.locator(".rt-slider .noUi-handle").press("End")
    expect(page.locator(".rt-step-label")).to_have_text("Step 7 of 7")
    page.click("button.rt-what-practise")
    expect(page.locator(".rt-practice-prompt")).to_contain_text("step 1 of 7")
    page.wait_for_function(FOCUSED, timeout=20_000)
    page.close()


def test_a_long_sasquatch_step_is_told_part_by_part_and_the_mark_follows(browser):
    """The longest step of the examples (12 events) in parts: "Next part" moves the
    outline's mark to the next part and the table's mark to the seats it speaks of."""
    page = open_page(browser, "sell_me_a_sasquatch.ipynb?example=thingamabobs&step=12",
                     (1280, 720))
    now = page.locator(".rt-parts-outline .rt-part-now")
    expect(now).to_have_text("1. The choice")
    marked = page.locator(".rt-table-view [data-tour]")
    expect(marked).to_have_count(2)                      # Ann chooses Dan's deal
    assert sorted(marked.evaluate_all("els => els.map(e => e.dataset.seat)")) == ["0", "3"]
    assert outside(page, "button.rt-parts-next") == []
    page.click("button.rt-parts-next")
    expect(now).to_have_text("2. The other deals")
    expect(page.locator(".rt-step-parts .rt-setup-nav")).to_contain_text("Part 2 of 5")
    page.wait_for_function("() => [...document.querySelectorAll('.rt-table-view "
                           "[data-tour]')].map(e => e.dataset.seat).join() === '1,2'")
    assert marked.first.evaluate("e => getComputedStyle(e).boxShadow") != "none"
    page.screenshot(path=str(SHOTS / "sq_step_in_parts.png"))
    page.close()


def _learner_plays_until_game_over(page) -> int:
    """Each turn the learner presses Play; when the engine refuses, they choose the next
    kind of move and press again (the game's seed and the bots' make it the same game
    every time). Returns the moves they made."""
    moves = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('.rt-move-label').innerText === 'Game over' || "
            "[...document.querySelectorAll('.rt-composer .rt-play-button')]"
            ".some(b => b.getBoundingClientRect().width > 0 && !b.disabled)", timeout=60_000)
        label = page.inner_text(".rt-move-label")
        if label == "Game over":
            return moves
        for kind in range(len(page.locator(".rt-composer .rt-action-choice button").all()) + 1):
            if kind:   # the Play before was refused: try the next kind of move
                page.locator(".rt-composer .rt-action-choice button").nth(kind - 1).click()
            page.locator(".rt-composer .rt-play-button").click()
            page.wait_for_function(
                "old => document.querySelector('.rt-move-label').innerText !== old || "
                "document.querySelector('.rt-composer .rt-refusal')", arg=label)
            if page.inner_text(".rt-move-label") != label:
                moves += 1
                break
        else:
            raise AssertionError(f"no move of the learner's was accepted at {label}")


# Tried again once: under the full suite's load the closing game's Play button was once
# redrawn for 30 s while the test tried to press it (stop 31's note: to be found in the
# app's redraws); it passed alone every time.
@pytest.mark.flaky(reruns=1, reruns_delay=5)
def test_a_lesson_walked_from_the_gallery_then_its_progress_in_the_gallery_and_reset(browser):
    """Sneaky Snakes' lesson, clicked through as a learner does: the setup tour, the
    example watched, practised with 'Show me', three questions, a game against the bots;
    the gallery then shows the progress the browser kept, and a teacher resets it."""
    page = open_page_plain(browser, "index.ipynb", (1280, 720))
    card = page.locator(".rt-game[data-game='sneaky_snakes']")
    card.locator("a.rt-learn-link").click()
    todo = page.locator(".rt-lesson-bar .rt-lesson-todo")
    expect(todo).to_contain_text("Stage 1 of 5", timeout=TIMEOUT)
    expect(todo.locator("i")).to_have_count(0, timeout=20_000)   # the browser's progress read
    assert outside(page, ".rt-lesson-bar") == []
    # (a long step's parts have a counter of the same kind: the tour's is asked for)
    for button, counter in ((".rt-setup-tour button.rt-setup-next",
                             ".rt-setup-tour .rt-setup-nav"),
                            ("button.rt-next", ".rt-step-label")):
        while not re.search(r"\b(\d+) of \1\b", page.inner_text(counter)):
            before = page.inner_text(counter)
            page.click(button)
            page.wait_for_function("([s, old]) => document.querySelector(s).innerText !== old",
                                   arg=[counter, before])
    expect(todo).to_contain_text("Stage 3 of 5")
    page.click("button.rt-lesson-go")
    prompt = page.locator(".rt-practice-prompt")
    while "Practice done" not in prompt.inner_text():
        before = prompt.inner_text()
        page.click("button.rt-show-me")
        page.wait_for_function("old => document.querySelector('.rt-practice-prompt')"
                               ".innerText !== old", arg=before)
    expect(todo).to_contain_text("Stage 4 of 5")
    page.click("button.rt-lesson-go")
    # Three right answers finish the quiz stage (a miss does not count): the last
    # choice is taken each time, and a new question asked until three are right.
    for number in range(20):
        if number:
            page.click("button.rt-quiz-ask")
        page.locator(".rt-quiz-choice:not([disabled])").last.click()
        score = page.locator(".rt-quiz-score")
        expect(score).to_contain_text(f"of {number + 1} right")
        if score.inner_text().startswith("3 of"):
            break
        expect(todo).to_contain_text("Stage 4 of 5")
    expect(todo).to_contain_text("Stage 5 of 5")
    page.click("button.rt-lesson-go")
    page.locator(".rt-pace select").select_option(label="Bots: one move at a time, quickly")
    assert _learner_plays_until_game_over(page) > 0
    expect(todo).to_contain_text("You have finished the Sneaky Snakes lesson")
    assert outside(page, ".rt-lesson-bar") == []
    page.screenshot(path=str(SHOTS / "lesson_finished.png"))

    page.goto(browser.server.url("index.ipynb"), timeout=TIMEOUT)
    progress = page.locator(".rt-lesson-progress[data-for='sneaky_snakes']")
    expect(progress).to_contain_text("Lesson finished (1 example watched, 1 practised; quiz: ",
                                     timeout=TIMEOUT)
    expect(page.locator(".rt-lesson-progress[data-for='bargain_hunter']")).to_have_text(
        "Not started yet.")
    page.locator(".rt-lesson-reset-choice select").select_option(label="Sneaky Snakes")
    page.click("button.rt-lesson-reset-all")
    expect(progress).to_have_text("Not started yet.")
    # The page's progress widget applies the write in its own time.
    page.wait_for_function("localStorage.getItem('rulebook-tutor.lesson.sneaky_snakes') "
                           "=== null", timeout=10_000)
    page.close()
