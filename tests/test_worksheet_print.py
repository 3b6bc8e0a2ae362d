"""The worksheet printed to PDF in headless Chromium, as a teacher prints it: each game's
sheet, read back page by page (poppler's pdftotext; ./scripts/test.sh installs it).

Each question's section keeps its heading above the drawing and its prompt below it, so
a heading and its prompt on one page mean the drawing lies whole on that page; the
drawing's width is checked in the print layout. The PDFs and their pages as PNG
(pdftoppm) go to artifacts/worksheets/ for a person to look at. Last, the gallery's
"Print a worksheet" button under Voila (tests/test_static_site.py presses it on the
static site)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tutor.games import GAMES
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer
from widgets.pages.worksheet import make_worksheet

ROOT = Path(__file__).parents[1]
ARTIFACTS = ROOT / "artifacts" / "worksheets"
QUESTIONS = 6


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: ./scripts/test.sh installs Debian's poppler-utils")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def page_texts(pdf: Path) -> list[str]:
    """The text of each page of ``pdf``, in reading order."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return text.split("\f")[:-1]   # pdftotext ends every page with a form feed


def first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_printed_sheet_keeps_each_question_on_a_page_and_the_key_on_its_own(
        browser, game_id):
    sheet = make_worksheet(game_id, count=QUESTIONS,
                           base_url="https://school.example/tutor/voici/render/index.html")
    html_file = ARTIFACTS / f"{game_id}.html"
    html_file.write_text(sheet.html, encoding="utf-8")
    page = browser.new_page()
    page.goto(html_file.as_uri())
    page.emulate_media(media="print")
    # In the print layout (A4 less the margins), no drawing is wider than its box.
    clipped = page.evaluate("""() => [...document.querySelectorAll('.ws-drawing')]
        .filter(d => d.scrollWidth > d.clientWidth + 1 ||
                     d.getBoundingClientRect().right >
                         document.body.getBoundingClientRect().right + 1)
        .map(d => d.closest('section').dataset.number)""")
    assert clipped == [], f"drawings wider than the page: questions {clipped}"
    pdf = ARTIFACTS / f"{game_id}.pdf"
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True)
    page.close()

    pages = page_texts(pdf)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) == len(pages)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(ARTIFACTS / game_id)],
                   check=True)

    # Every question: its heading (above the drawing) and its prompt (below it) on one page.
    questions = ["Answer key" not in text and text for text in pages]  # not the key's "1."
    where = {}
    for number in range(1, sheet.questions + 1):
        heading = [i for i, text in enumerate(pages) if f"Question {number}." in text]
        prompt = [i for i, text in enumerate(questions)
                  if text and re.search(rf"^\s*{number}\. \S", text, re.M)]
        assert len(heading) == 1 and heading == prompt, \
            f"question {number}: heading on pages {heading}, prompt on {prompt}"
        where[number] = heading[0]
    assert list(where.values()) == sorted(where.values())       # in order
    # The key starts a new page, right after the last question's, and ends the sheet.
    key = [i for i, text in enumerate(pages) if "Answer key" in text]
    assert len(key) == 1 and first_line(pages[key[0]]).startswith("Answer key")
    assert key[0] == where[sheet.questions] + 1
    assert not any("Question " in text for text in pages[key[0]:])
    # The page count: the question pages, with none left blank, then the key's.
    assert set(where.values()) == set(range(key[0]))
    assert len(pages) - key[0] in (1, 2), f"the key of {QUESTIONS} answers fills " \
                                          f"{len(pages) - key[0]} pages"
    assert all(text.strip() for text in pages)


def test_the_gallery_under_voila_makes_a_worksheet_whose_links_lead_back_here(browser):
    """The "Print a worksheet" button, pressed in the gallery Voila serves: the sheet comes
    as a file to save, made in the kernel, its links leading to this server's pages."""
    with VoilaServer(ROOT / "notebooks") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 900},
                                accept_downloads=True)
        page.goto(server.url("index.ipynb"), timeout=180_000)
        page.wait_for_selector(".rt-gallery", timeout=180_000)
        row = page.locator(".rt-worksheet-row", has_text="Sneaky Snakes")
        row.locator("button", has_text="Print a worksheet").click()
        link = row.locator("a.rt-worksheet-download")
        link.wait_for(timeout=120_000)
        with page.expect_download() as download:
            link.click()
        saved = ARTIFACTS / "from_the_gallery.html"
        download.value.save_as(saved)
        page.close()
    sheet = saved.read_text(encoding="utf-8")
    assert sheet.count("<section class='ws-question'") == 10 and "class='ws-key'" in sheet
    assert f"href='{server.url('sneaky_snakes.ipynb')}?example=" in sheet
