"""The printable worksheet: ``python -m tutor worksheet`` writes a page a teacher prints as
it is (tests/test_worksheet_print.py prints it in Chromium), and the gallery's "Print a
worksheet" buttons make the same page."""

import base64
import html
import re
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
import segno

from tutor.cli import main
from tutor.core.views import view
from tutor.games import GAMES, example_order, get_game, scenario_dir
from tutor.plain_words import QUOTED, move_in_words, notation_in_words
from tutor.session import Walkthrough
from widgets.pages.links import read_link
from widgets.pages.worksheet import make_worksheet, read_base_url, sheet_questions
from widgets.pages.worksheet_button import WorksheetButtons, this_page_address

STATIC = "https://school.example/tutor/voici/render/index.html"
SECTION = re.compile(r"<section class='ws-question' data-number='(\d+)'>(.*?)</section>", re.S)


def questions_of(page: str) -> list[str]:
    return [body for _, body in SECTION.findall(page)]


def write(tmp_path, *args):
    out = tmp_path / "sheet.html"
    code = main(["worksheet", *map(str, args), "--out", str(out)])
    return code, out


def test_the_command_writes_questions_drawings_links_qr_codes_and_a_key(tmp_path, capsys):
    code, out = write(tmp_path, "sneaky_bastard", "--questions", 6, "--base-url", STATIC)
    assert code == 0 and "wrote" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert "<title>Sneaky Bastard worksheet</title>" in page
    assert "Name:" in page and "Date:" in page and "Instructions:" in page
    sections = questions_of(page)
    assert len(sections) == 6
    game = get_game("sneaky_bastard")
    titles = {stem: Walkthrough.load(scenario_dir(game.id) / f"{stem}.yaml").scenario.title
              for stem in example_order(game.id)}
    for body in sections:
        assert "class='rt-table" in body                       # the app's table drawing
        url = html.unescape(re.search(r"<a href='([^']+)'", body).group(1))
        assert url.startswith("https://school.example/tutor/voici/render/sneaky_bastard.html?")
        link = read_link(urlsplit(url).query)
        assert not link.notices and link.example in titles and link.step is not None
        # The heading names the example by its title (not its file) and the step the link opens.
        heading = re.search(r"<h2 class='ws-where'>(.*?)</h2>", body).group(1)
        assert html.escape(titles[link.example]) in heading and link.example not in heading
        assert (f"after step {link.step} of" in heading if link.step
                else "at the setup" in heading)
        assert f"the table as {link.view} sees it" in heading
        # The QR code is an image of the same link.
        qr = re.search(r"<img class='ws-qr'[^>]* src='([^']+)'", body).group(1)
        assert qr == segno.make(url, error="m", micro=False).svg_data_uri(border=2)
        assert len(re.findall(r"<span class='ws-letter'>[A-H]</span>", body)) >= 2
    key = page[page.index("<section class='ws-key'>"):]
    assert key.count("<li>") == 6 and "Answer key" in key
    assert ".ws-key{break-before:page" in page            # the key starts a new page
    assert page.index("<section class='ws-key'>") > page.rindex("class='ws-question'")


def test_each_drawing_is_the_table_as_the_asked_player_sees_it():
    """The drawing is the app's, for the asked seat: only cards that seat sees show a face
    (the others are backs), its own hand is spread out, and the step's moved cards are
    outlined as the app outlines them."""
    game = get_game("sneaky_bastard")
    sheet = make_worksheet(game.id, "four_players", count=5, base_url=STATIC)
    book = Walkthrough.load(scenario_dir(game.id) / "four_players.yaml")
    moved = 0
    for body in questions_of(sheet.html):
        url = html.unescape(re.search(r"<a href='([^']+)'", body).group(1))
        link = read_link(urlsplit(url).query)
        state = book.match.states[link.step]
        seat = state.players.index(link.view)
        drawing = re.search(r"<div class='ws-drawing'>(.*?)</div><div class='ws-ask'>", body,
                            re.S).group(1)
        seen = {face["id"] for faces in view(game, state, seat)["zones"].values()
                for face in faces if "id" in face}
        shown = set(re.findall(r"data-card='([^']+)'", drawing))
        assert shown and shown <= seen and "rt-back" in drawing
        assert re.search(rf"class='rt-player[^']* rt-expanded' data-seat='{seat}'", drawing)
        moved += "data-moved=" in drawing
    assert moved


def test_moves_read_in_plain_words_not_notation():
    game = get_game("sneaky_bastard")
    state = Walkthrough.load(scenario_dir(game.id) / "last_house_tie.yaml").match.states[0]
    asked = "May Ann play 'bid House 850K+House 500K' now? Ann's bid 'stands'."
    said = notation_in_words(game, state, 0, asked)
    assert said == ("May Ann bid House 850K and House 500K now? Ann's bid "
                    "'stands'.")   # a quoted phrase that is no move is left as it is
    assert notation_in_words(game, state, 0, "Ann may say 'pass'.") == \
        "Ann may say \u201cpass, taking the bid back and sitting out the round\u201d."


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_move_of_every_example_reads_in_words(game_id):
    """Every game's words cover all its moves: each move the examples play, and each one
    legal at their positions, reads in words that are not its notation."""
    game = get_game(game_id)
    for stem in example_order(game_id):
        match = Walkthrough.load(scenario_dir(game_id) / f"{stem}.yaml").match
        for before, ply in zip(match.states, match.plies):
            moves = [ply.move] + [move for seat in game.to_act(before)
                                  for move in game.legal_moves(before, seat)[:30]]
            for move in moves:
                words = move_in_words(game, move)
                assert words and "+" not in words, (stem, move, words)


def test_sheets_of_every_game_ask_in_plain_words():
    """No move is left in notation in a sheet's questions and answers, and some were."""
    rewritten = 0
    for game_id in sorted(GAMES):
        game = get_game(game_id)
        for question in sheet_questions(game_id, None, 12, 0):
            asked, state = question.item.question, question.place.state
            for text in (asked.prompt, *asked.choices, asked.why):
                said = notation_in_words(game, state, asked.seat, text)
                rewritten += said != text
                for phrase in QUOTED.findall(said):
                    with pytest.raises(ValueError):
                        game.parse_move(state, asked.seat, phrase)
    assert rewritten


def test_each_rule_id_is_said_once_per_answer():
    sheet = make_worksheet("bargain_hunter", count=10, base_url=STATIC)
    key = sheet.html[sheet.html.index("<section class='ws-key'>"):]
    for answer in re.findall(r"<li>(.*?)</li>", key, re.S):
        ids = re.findall(r"\b[A-Z]{2,3}-R?\d+(?:\.\d+)?\b", html.unescape(answer))
        assert ids and len(ids) == len(set(ids)), answer


def test_base_urls_the_links_can_follow():
    assert read_base_url(STATIC).link("x", read_link("step=2")) == \
        "https://school.example/tutor/voici/render/x.html?step=2"
    voila = read_base_url("http://lab-pc:8866/voila/render/")
    assert (voila.folder, voila.suffix) == ("http://lab-pc:8866/voila/render/", ".ipynb")
    for bad in ("lab-pc:8866", "ftp://x/voila/render/", "https://school.example/tutor/"):
        with pytest.raises(ValueError, match="gallery"):
            read_base_url(bad)


@pytest.mark.parametrize("args, says", [
    (["poker"], "unknown game 'poker'"),
    (["sneaky_bastard", "--example", "nine_players"],
     "the examples are: first_game, three_players, four_players"),
    (["sneaky_bastard", "--questions", "0"], "--questions must be at least 1"),
    (["sneaky_bastard", "--base-url", "https://school.example/"], "--base-url"),
    (["sneaky_bastard", "--seed", "x"], "invalid int value"),
])
def test_bad_arguments_exit_2_with_a_clear_message_and_write_nothing(tmp_path, args, says):
    out = tmp_path / "sheet.html"
    result = subprocess.run([sys.executable, "-m", "tutor", "worksheet", *args, "--out",
                             str(out)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and says in result.stderr, result.stderr
    assert not out.exists()


def test_the_command_needs_an_out_file_and_a_folder_for_it(tmp_path):
    missing = subprocess.run([sys.executable, "-m", "tutor", "worksheet", "sneaky_bastard"],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "--out" in missing.stderr
    nowhere = tmp_path / "no" / "sheet.html"
    code = main(["worksheet", "sneaky_bastard", "--out", str(nowhere)])
    assert code == 2 and not nowhere.parent.exists()
    assert main(["worksheet", "sneaky_bastard", "--out", str(tmp_path)]) == 2   # a folder
    assert list(tmp_path.iterdir()) == []


def test_the_command_is_listed_and_tutor_itself_imports_no_widgets():
    listed = subprocess.run([sys.executable, "-m", "tutor", "--help"], capture_output=True,
                            text=True, timeout=120)
    assert listed.returncode == 0 and "worksheet" in listed.stdout
    check = ("import sys, tutor.cli; tutor.cli.main(['games']); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'widgets'))")
    alone = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                           timeout=120)
    assert alone.stdout.strip().endswith("[]"), alone.stdout


def test_the_gallery_button_offers_the_sheet_as_a_file():
    buttons = WorksheetButtons(["cover_your_assets"])
    buttons.address.value = STATIC
    buttons.make("cover_your_assets")
    result = buttons.results["cover_your_assets"].value
    data = re.search(r"href='data:text/html;base64,([^']+)'", result).group(1)
    page = base64.b64decode(data).decode("utf-8")
    assert "download='cover_your_assets_all_worksheet.html'" in result
    assert len(questions_of(page)) == 10 and "class='ws-key'" in page
    assert "https://school.example/tutor/voici/render/cover_your_assets.html?" in page
    buttons.address.value = "somewhere"
    buttons.make("cover_your_assets")
    result = buttons.results["cover_your_assets"].value
    assert "No worksheet" in result and "not a web address" in result and "href" not in result


def test_the_gallery_sends_links_to_the_address_this_page_was_opened_at(monkeypatch):
    """Left empty, "Links lead to" means this page: the static site's page says where it
    is; Voila says the host, port and path it was asked for; else serve.sh's address."""
    for name in ("TUTOR_PAGE_URL", "SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    assert this_page_address() == "http://localhost:8866/voila/render/"
    monkeypatch.setenv("SERVER_NAME", "lab-pc")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/index.ipynb")
    assert this_page_address() == "http://lab-pc:8866/voila/render/index.ipynb"
    monkeypatch.setenv("TUTOR_PAGE_URL", STATIC)
    assert this_page_address() == STATIC
    assert read_base_url(this_page_address()).link("sneaky_snakes", read_link("step=1")) == \
        "https://school.example/tutor/voici/render/sneaky_snakes.html?step=1"
