"""The app's "Load a game" reads an upload as the command line reads a file: every bad
upload shows the loader's message and leaves the app as it was (issue 16 part 2)."""

import datetime
import html

import pytest

from tutor.games import scenario_dir
from test_session import PER_SEAT
from tutor.session import WITHHELD_STEP
from widgets.app import TutorApp

GOOD = (scenario_dir("sneaky_bastard") / "three_players.yaml").read_bytes()


@pytest.fixture(scope="module")
def app():
    return TutorApp("sneaky_bastard", "four_players")


def upload(app, name: str, content: bytes) -> None:
    app.upload.value = ({"name": name, "type": "text/yaml", "size": len(content),
                         "content": memoryview(content),
                         "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def shown(app):
    return (app.example_picker.value, app.example_picker.options, app.step_label.value,
            app.table.value)


@pytest.mark.parametrize("content, expected", [
    (GOOD.replace(b"title:", b"title: \xff\xfe"), "the file is not UTF-8 text (byte 0xff"),
    (GOOD.decode().encode("utf-16"), "line 1: the file is UTF-16 text"),
    (GOOD.replace(b"title:", b"title: " + b"[" * 100_000 + b"]" * 100_000 + b"\nx:"),
     "nested too deeply"),
    (GOOD.replace(b"seed:", b"seed: " + b"9" * 5_000 + b"\nx:"), "digits is too long"),
    (GOOD + b"# " + b"x" * 50_000_000 + b"\n", "the file is too big"),
    (GOOD.replace(b"title:", b"title: [&a [x, x, x, x, x, x, x, x, x], "
                  + b", ".join(b"&a%d [%s]" % (i, b", ".join([b"*a" if i == 1 else b"*a%d"
                                                              % (i - 1)] * 9))
                              for i in range(1, 9)) + b"]\nx:"),
     "with its aliases written out"),
])
def test_a_bad_upload_shows_the_message_and_changes_nothing(app, content, expected):
    app.slider.value = 2
    before = shown(app)
    upload(app, "bad upload.yaml", content)
    message = app.message.value
    assert "Could not load the file: bad upload.yaml: " in message, message
    assert expected in message and "Nothing changed." in message
    assert shown(app) == before


def test_a_good_upload_still_loads(app):
    upload(app, "mine.yaml", b"\xef\xbb\xbf" + GOOD)
    assert "Loaded mine.yaml" in app.message.value
    assert app.example_picker.value == "loaded: mine.yaml"


# test_session's scenario, whose narration for Bob names the Snake Pit lying face down
# in the draw pile, with a title naming it too.
HIDDEN_NAMED = PER_SEAT.replace("title: t", "title: Ann and the Snake Pit").encode()


def test_an_uploaded_files_texts_are_checked_and_the_teacher_is_told():
    """Issue 37 points 1 and 7: the file's title and Bob's narration name the Snake Pit,
    face down in the draw pile. The upload loads; the list and Bob's page name no Snake
    Pit, Bob reads the engine's account, and the message says which texts were held
    back (naming no card: a seat may be looking)."""
    app = TutorApp("sneaky_snakes")
    upload(app, "mine.yaml", HIDDEN_NAMED)
    message = app.message.value
    assert "Loaded mine.yaml: 1 steps." in message, message
    assert "4 of the file&#x27;s texts name cards a seat cannot see" in message  # 3 titles
    assert "Bob&#x27;s own narration at step 1, line 17 names a card Bob cannot see" \
        in message and "Snake Pit" not in message
    label = dict((value, label) for label, value in app.example_picker.options)
    assert label["loaded: mine.yaml"] == "An example for 3 players, 1 steps (mine.yaml)"
    app.perspective.value = 1
    app.next_button.click()
    assert "Snake Pit" not in app.narration.value
    assert html.escape(WITHHELD_STEP.format(name="Bob")) in app.narration.value


def test_a_files_control_and_bidi_characters_are_shown_written_out(app):
    """Issue 37 point 2 in the app: the name and title of an upload, and a message that
    quotes the file, show an ESC or a right-to-left override as its code."""
    title = b'title: "Three players: Huis aan zee"'
    hostile = GOOD.replace(title, b'title: "\\e[31mRed \\u202e"')
    upload(app, "evil\u202elmay.yaml", hostile.replace(b"seed:", "x\u202e: 1\nseed:".encode()))
    assert "\u202e" not in app.message.value and "\x1b" not in app.message.value
    assert "evilU+202Elmay.yaml" in app.message.value and "xU+202E" in app.message.value
    upload(app, "evil\u202elmay.yaml", hostile)
    assert "Loaded evilU+202Elmay.yaml" in app.message.value, app.message.value
    label = dict((value, label) for label, value in app.example_picker.options)[
        "loaded: evil\u202elmay.yaml"]
    assert label == "\\x1b[31mRed U+202E (evilU+202Elmay.yaml)"
