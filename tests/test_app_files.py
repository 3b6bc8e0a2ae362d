"""The app's "Load a game" reads an upload as the command line reads a file: every bad
upload shows the loader's message and leaves the app as it was (issue 16 part 2)."""

import datetime

import pytest

from tutor.games import scenario_dir
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
