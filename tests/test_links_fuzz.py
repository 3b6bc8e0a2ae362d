"""Links with any values: reading them, opening an app and the gallery from them never
fails, and every value the app cannot use gets a notice (issue 16 part 3).

The values are drawn from a seeded generator, not a list: random unicode, digits with
signs, superscripts and other scripts' digits, numbers past Python's 4,300-digit
int-string limit, empty values, repeated keys, percent-encoded bytes."""

import random
import re
from urllib.parse import parse_qs, quote

import pytest

from tutor.games import game_ids
from widgets.app import TutorApp
from widgets.pages.gallery import Gallery, landing
from widgets.pages.lesson import Lesson
from widgets.pages.links import KNOWN, read_link

NAMES = KNOWN + ("colour", "", "Step", "step ")
DIGITS = "0123456789"


def random_value(rng: random.Random) -> str:
    kind = rng.randrange(9)
    if kind == 0:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 8)))
    if kind == 1:
        return rng.choice(["", "-", "--", "+", " "]) + "".join(
            rng.choice(DIGITS) for _ in range(rng.randrange(1, 6)))
    if kind == 2:
        return rng.choice(["²", "³", "١٢", "٣", "5²", "½", "Ⅻ", "0x10", "1e3", "1.5", "1_0"])
    if kind == 3:
        return "".join(rng.choice(DIGITS) for _ in range(rng.choice([17, 4_301, 5_000])))
    if kind == 4:
        return ""
    if kind == 5:
        return rng.choice(["four_players", "free", "three_players", "teacher", "Lisa",
                           "sneaky_bastard", "bargain_hunter", "<img src=x onerror=1>"])
    if kind == 6:
        return str(rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 99, -1, 2 ** 53, 2 ** 53 - 1, 2 ** 53 - 2]))
    if kind == 7:
        return "%" + rng.choice(["ff", "00", "zz", "e2%82", "2", ""])
    return "x" * rng.choice([101, 10_000])


def random_query(rng: random.Random) -> str:
    pairs = []
    for _ in range(rng.randrange(0, 5)):
        name = rng.choice(NAMES)
        value = random_value(rng)
        pairs.append(f"{quote(name)}={value if value.startswith('%') else quote(value)}")
        if rng.random() < 0.2:
            pairs.append(pairs[-1].split("=")[0] + "=" + quote(random_value(rng)))
    return "?" + "&".join(pairs)


def usable_number(name: str, value: str) -> bool:
    """The test's own reading of what a usable number is (ASCII, short, seeds in range:
    below 2 ** 53 - 1, which Pyodide would hand to the page as a BigInt)."""
    if not re.fullmatch(r"-?[0-9]{1,16}", value):
        return False
    return name != "seed" or 0 <= int(value) < 2 ** 53 - 1


def queries(count: int, seed: int):
    rng = random.Random(seed)
    return [random_query(rng) for _ in range(count)]


@pytest.mark.parametrize("seed", range(3))
def test_read_link_never_fails_and_notes_every_unusable_value(seed):
    for query in queries(400, seed):
        link = read_link(query)
        given = parse_qs(query[1:], keep_blank_values=True)
        for name, values in given.items():
            value = values[-1].strip()
            mentioned = any(name in notice for notice in link.notices)
            if name not in KNOWN:
                assert mentioned, (query, link.notices)
            elif name in ("step", "players", "seed"):
                if usable_number(name, value):
                    assert getattr(link, name) == int(value), query
                else:
                    assert getattr(link, name) is None and mentioned, (query, link.notices)
            elif value and len(value) <= 100:
                assert getattr(link, name) == value, query
            else:
                assert getattr(link, name) is None and mentioned, (query, link.notices)
            if len(values) > 1 and name in KNOWN:
                assert any(f"gives {name} {len(values)} times" in n for n in link.notices)
        assert all(len(notice) < 400 for notice in link.notices)  # never the value in full


def test_the_reported_crashes_now_give_notices():
    for query, name in [("?step=--5", "step"), ("?step=²", "step"), ("?players=--3", "players"),
                        ("?step=" + "9" * 5_000, "step"), ("?seed=" + "1" * 4_301, "seed"),
                        ("?game=sneaky_bastard&step=--1", "step")]:
        link = read_link(query)
        assert getattr(link, name) is None
        assert any(f"the link's {name} " in notice for notice in link.notices), query


def _app_shows(app, link) -> None:
    assert re.fullmatch(r"Step \d+ of \d+.*", app.step_label.value) or app.model.book is None
    if link.notices:
        assert "The link could not be followed in full" in app.message.value
        assert "<img" not in app.message.value


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_apps_open_from_any_link(game_id):
    rng = random.Random(game_id)
    for query in queries(6, rng.randrange(10 ** 6)) + ["?step=--5&example=free&players=--3",
                                                       "?example=free&seed=" + "9" * 5_000]:
        link = read_link(query)
        app = TutorApp(game_id, link=link)
        _app_shows(app, link)


def test_the_gallery_opens_from_any_link():
    rng = random.Random(16)
    games = sorted(game_ids()) + ["nope", "<b>x</b>", "", "²"]
    for query in [f"?game={quote(rng.choice(games))}" + random_query(rng).replace("?", "&")
                  for _ in range(8)] + ["?game=sneaky_bastard&step=--1"]:
        link = read_link(query)
        page = landing(link)
        if isinstance(page, Lesson):    # a link with 'lesson' opens the game's lesson
            page = page.app
        if isinstance(page, TutorApp):
            _app_shows(page, link)
        else:
            shown = page if isinstance(page, Gallery) else page.children[1]
            assert isinstance(shown, Gallery)
            if link.game is not None:
                assert "There is no game" in page.children[0].value
                assert "<b>x" not in page.children[0].value
