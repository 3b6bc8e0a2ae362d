"""Malformed scenario files: every one is refused with a message naming the file and the
line or step, quickly and with bounded memory, never with a traceback (issue 16 part 2).

The files here are the kinds a curious student (or a broken editor) produces: alias bombs,
huge files, deep nesting, wrong encodings, wrong types, repeated keys."""

import re
import subprocess
import sys
import textwrap

import pytest
import yaml

from tutor import scenario
from tutor.core.rng import SEED_LIMIT
from tutor.games import GAMES, scenario_dir
from tutor.scenario import MAX_DEPTH, MAX_FILE_BYTES, MAX_STEPS, ScenarioError

NAME = "student.yaml"
GOOD = textwrap.dedent("""\
    game: sneaky_bastard
    title: t
    summary: s
    players: [Ann, Bob, Cy]
    seed: 3
    setup:
      first: Ann
      pile: [Studentenkamer]
    steps:
      - who: Ann
        move: bid 10K
        say: Ann opens.
        rules: [SB-3.1]
        check: {bid/Ann: 10K}
      - who: Bob
        move: bid 25K
        say: Bob raises.
    """)


def refused(data, name=NAME) -> str:
    """The message for a file that must be refused; it names the file and where."""
    if isinstance(data, str):
        data = data.encode()
    with pytest.raises(ScenarioError) as error:
        scenario.parse_bytes(data, name)
    message = str(error.value)
    assert message.startswith(f"{name}: "), message
    assert re.search(r"\b(line|step) \d+", message) or "too big" in message, message
    assert len(message) < 1000  # a message, not the file echoed back
    return message


def bomb(levels: int = 9, word: str = "lol") -> str:
    """A 'billion laughs' flow list: each level lists the previous one nine times."""
    parts = [f"&l0 [{', '.join([word] * 9)}]"]
    for level in range(1, levels):
        parts.append(f"&l{level} [{', '.join([f'*l{level - 1}'] * 9)}]")
    return "[" + ", ".join(parts) + "]"


def test_the_good_file_loads_and_plays():
    loaded = scenario.parse_bytes(GOOD.encode(), NAME)
    assert [s.move_text for s in loaded.steps] == ["bid 10K", "bid 25K"]
    assert len(list(scenario.play(loaded))) == 2


# -- size ---------------------------------------------------------------------------

def test_a_hundred_thousand_steps_are_refused_by_size():
    text = GOOD + "  - {who: Cy, move: pass}\n" * 100_000
    assert "too big" in refused(text)


def test_too_many_steps_name_the_limit_and_the_line():
    text = GOOD + "  - {who: Cy, move: pass}\n" * MAX_STEPS
    assert len(text) < MAX_FILE_BYTES
    message = refused(text)
    assert f"line 9: {MAX_STEPS + 2:,} steps are too many" in message
    assert f"at most {MAX_STEPS:,}" in message


@pytest.mark.parametrize("where", ["say", "comment"])
def test_a_fifty_megabyte_text_is_refused_without_reading_it_all(tmp_path, where):
    huge = "x" * 50_000_000
    text = (GOOD.replace("say: Bob raises.", f"say: {huge}") if where == "say"
            else GOOD + f"# {huge}\n")
    path = tmp_path / NAME
    path.write_text(text)
    with pytest.raises(ScenarioError) as error:
        scenario.load(path)
    assert str(error.value) == (f"{path}: the file is too big: a scenario file may have at "
                                f"most {MAX_FILE_BYTES:,} bytes")
    assert "too big" in refused(text)


# -- aliases ------------------------------------------------------------------------

ALIAS_PLACES = {
    "title": lambda b: GOOD.replace("title: t", f"title: {b}"),
    "summary": lambda b: GOOD.replace("summary: s", f"summary: {b}"),
    "seed": lambda b: GOOD.replace("seed: 3", f"seed: {b}"),
    "who": lambda b: GOOD.replace("who: Bob", f"who: {b}"),
    "check": lambda b: GOOD.replace("{bid/Ann: 10K}", f"{{bid/Ann: {b}}}"),
    "say": lambda b: GOOD.replace("say: Bob raises.", f"say: {b}"),
    "setup.pile": lambda b: GOOD.replace("pile: [Studentenkamer]", f"pile: {b}"),
    "rules": lambda b: GOOD.replace("rules: [SB-3.1]", f"rules: {b}"),
}


@pytest.mark.parametrize("place", sorted(ALIAS_PLACES))
def test_an_alias_bomb_is_refused_before_it_expands(place):
    message = refused(ALIAS_PLACES[place](bomb()))
    assert "with its aliases written out" in message and "1,000,000" in message


def test_aliases_of_a_long_text_count_its_characters():
    long_text = "y" * 100_000
    text = (GOOD.replace("summary: s", f"summary: &s {long_text}")
            .replace("say: Bob raises.", "say: " + "[" + ", ".join(["*s"] * 20) + "]"))
    assert "with its aliases written out" in refused(text)


def test_an_alias_inside_its_own_anchor_is_refused():
    assert "from inside it" in refused(GOOD.replace("title: t", "title: &me [a, *me]"))


def test_modest_aliases_are_allowed():
    text = GOOD.replace("say: Ann opens.", "say: &opening Ann opens.") \
               .replace("say: Bob raises.", "say: *opening")
    loaded = scenario.parse_bytes(text.encode(), NAME)
    assert loaded.steps[1].say == "Ann opens."


# -- nesting ------------------------------------------------------------------------

@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 1_000, 100_000])
@pytest.mark.parametrize("kind", ["list", "map"])
@pytest.mark.parametrize("key", ["players", "title"])
def test_deep_nesting_is_refused(key, kind, levels):
    opening, closing = ("[", "]") if kind == "list" else ("{", "}")  # a map as a key
    nested = opening * levels + "x" + closing * levels
    text = GOOD.replace("players: [Ann, Bob, Cy]" if key == "players" else "title: t",
                        f"{key}: {nested}")
    message = refused(text)
    assert "nested too deeply" in message and f"at most {MAX_DEPTH} levels" in message
    line = 4 if key == "players" else 2
    assert f": line {line}" in message


# -- encodings ----------------------------------------------------------------------

def test_bytes_that_are_not_utf8_name_line_and_column():
    data = GOOD.encode().replace(b"say: Ann opens.", b"say: Ann \xff\xfe opens.")
    message = refused(data)
    assert "line 12, column 14: the file is not UTF-8 text (byte 0xff" in message


@pytest.mark.parametrize("encoding, shown", [("utf-16", "UTF-16"), ("utf-32", "UTF-32")])
def test_utf16_and_utf32_files_say_so(encoding, shown):
    message = refused(GOOD.encode(encoding))
    assert f"line 1: the file is {shown} text" in message and "save it as UTF-8" in message


def test_utf16_without_a_byte_order_mark_is_not_text():
    assert "zero byte" in refused(GOOD.encode("utf-16-le"))


def test_a_utf8_byte_order_mark_is_fine():
    loaded = scenario.parse_bytes(b"\xef\xbb\xbf" + GOOD.encode(), NAME)
    assert loaded.title == "t"


def test_a_control_character_names_its_line():
    assert "line 3: not valid YAML" in refused(GOOD.replace("summary: s", "summary: s\x07"))


# -- numbers ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [-10 ** 30, -1, SEED_LIMIT, 10 ** 16, 2 ** 64])
def test_seeds_outside_the_range_are_refused_not_replaced(seed):
    message = refused(GOOD.replace("seed: 3", f"seed: {seed}"))
    assert "line 5: " in message
    assert ("'seed' must be a whole number from 0 to 9,007,199,254,740,990" in message
            or "digits is too long" in message)


def test_the_largest_seed_is_kept_exactly():
    loaded = scenario.parse_bytes(GOOD.replace("seed: 3", f"seed: {SEED_LIMIT - 1}").encode(),
                                  NAME)
    assert loaded.seed == SEED_LIMIT - 1


@pytest.mark.parametrize("number", ["1" * 5_000, "1" * 20, "0x" + "f" * 5_000,
                                    "1_000" * 2_000, "-" + "9" * 4_400])
def test_a_huge_integer_in_a_checkpoint_is_refused(number):
    message = refused(GOOD.replace("{bid/Ann: 10K}", f"{{bid/Ann: {number}}}"))
    assert "line 14: a number of" in message and "at most 16 digits" in message


def test_a_bad_date_names_its_line():
    assert "line 3: cannot read this value" in refused(
        GOOD.replace("summary: s", "summary: 2024-13-45"))


# -- types --------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    ("5", "'rules' must be a clause id or a list of clause ids, not 5"),
    ("[[SB-3.1]]", "'rules' must be a clause id or a list of clause ids (texts such as "
     "SB-1.1), but item 1 of the list is a list"),
    ("{SB-3.1: x}", "'rules' must be a clause id or a list of clause ids, not a map"),
    ("[SB-3.1, 7]", "'rules' must be a clause id or a list of clause ids"),
])
def test_rules_of_the_wrong_type(value, expected):
    message = refused(GOOD.replace("rules: [SB-3.1]", f"rules: {value}"))
    assert "step 1, line 10 (Ann: bid 10K): " + expected in message


@pytest.mark.parametrize("change, expected", [
    (("game: sneaky_bastard", "game: [x]"), "line 1: 'game' must be a game id (a text)"),
    (("game: sneaky_bastard", "game: {a: 1}"), "line 1: 'game' must be a game id"),
    (("title: t", "title: [a]"), "line 2: 'title' must be a text, not a list"),
    (("title: t", "title: 1984"), "line 2: 'title' must be a text, not 1984 (put it in quotes"),
    (("summary: s", "summary: {a: b}"), "line 3: 'summary' must be a text, not a map"),
    (("players: [Ann, Bob, Cy]", "players: Ann"), "line 4: 'players' must be a list of names"),
    (("players: [Ann, Bob, Cy]", "players: [Ann, [Bob], Cy]"),
     "line 4: 'players' must be a list of names"),
    (("players: [Ann, Bob, Cy]", "players: [Ann, Bob, Ann]"), "line 4: two players share"),
    (("seed: 3", "seed: 1.5"), "line 5: 'seed' must be a whole number"),
    (("seed: 3", "seed: yes"), "line 5: 'seed' must be a whole number"),
    (("seed: 3", "seed: [3]"), "line 5: 'seed' must be a whole number"),
    (("seed: 3", "seed: 3\noptions: [a]"), "line 6: 'options' must be a map"),
    (("seed: 3", "seed: 3\noptions: {7: a}"), "line 6: 'options' must be a map"),
    (("setup:\n  first: Ann\n  pile: [Studentenkamer]", "setup: [first]"),
     "line 6: 'setup' must be a map, not a list"),
    (("steps:\n", "steps: {a: 1}\nx:\n"), "line 10: unknown key(s) x"),
    (("steps:\n  - who: Ann", "steps: 5\nfoo:\n  - who: Ann"), "unknown key(s) foo"),
    (("  - who: Bob\n    move: bid 25K\n    say: Bob raises.\n", "  - [who, Bob]\n"),
     "step 2, line 15: expected a map with who and move, not a list"),
    (("who: Bob", "who: [Bob]"),
     "step 2, line 15: 'who' must be one of Ann, Bob, Cy, not a list"),
    (("move: bid 25K", "move: 25"), "step 2, line 15: 'move' must be a move in the game's "
                                    "notation (a text), not 25"),
    (("say: Bob raises.", "say: [Bob, raises]"), "step 2, line 15 (Bob: bid 25K): 'say' must "
                                                 "be a text, not a list"),
    (("{bid/Ann: 10K}", "[bid/Ann]"),
     "'check' must be a map of fact: expected value, not a list"),
    (("{bid/Ann: 10K}", "{bid/Ann: {a: 1}}"), "checkpoint 'bid/Ann' needs a text, a number or a list"),
    (("{bid/Ann: 10K}", "{bid/Ann: [[10K]]}"), "checkpoint 'bid/Ann' needs a text, a number or a list"),
    (("{bid/Ann: 10K}", "{bid/Ann: yes}"), "checkpoint 'bid/Ann' needs a text, a number or a list"),
    (("{bid/Ann: 10K}", "{[bid/Ann]: 10K}"), "line 14: not valid YAML (found unhashable key"),
    (("{bid/Ann: 10K}", "{5: 10K}"), "unknown checkpoint 5"),
])
def test_every_key_has_a_strict_type(change, expected):
    old, new = change
    assert old in GOOD
    assert expected in refused(GOOD.replace(old, new))


def test_an_empty_file_and_a_list_name_line_one():
    assert "line 1: expected a map with game, players and steps at the top; the file is empty" in \
        refused("")
    assert "line 1: expected a map" in refused("- a\n- b\n")
    assert "line 1: missing 'steps'" in refused("game: sneaky_bastard\nplayers: [Ann, Bob]\n")


# -- duplicate keys -----------------------------------------------------------------

def test_a_repeated_check_is_an_error_not_a_silent_replacement():
    text = GOOD.replace("    check: {bid/Ann: 10K}",
                        "    check: {bid/Ann: 99K}\n    check: {bid/Ann: 10K}")
    message = refused(text)
    assert "line 15: the key 'check' is given twice (first on line 14)" in message
    assert refused(text).startswith(f"{NAME}: line 15: ")


@pytest.mark.parametrize("old, new, line", [
    ("seed: 3", "seed: 3\nseed: 4", 6),
    ("{bid/Ann: 10K}", "{bid/Ann: 10K, bid/Ann: 20K}", 14),
    ("first: Ann", "first: Ann\n  first: Bob", 8),
])
def test_every_repeated_key_is_an_error(old, new, line):
    assert f"line {line}: the key" in refused(GOOD.replace(old, new))


def test_merge_keys_still_merge():
    text = GOOD.replace("setup:\n  first: Ann", "setup:\n  <<: {first: Bob}\n  first: Ann")
    assert scenario.parse_bytes(text.encode(), NAME).setup["first"] == "Ann"


# -- options ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_refuses_unknown_options(game_id):
    path = sorted(scenario_dir(game_id).glob("*.yaml"))[0]
    doc = yaml.safe_load(path.read_text())
    doc["options"] = {**(doc.get("options") or {}), "colour": "red"}
    message = refused(yaml.safe_dump(doc, sort_keys=False))
    assert re.search(r"line \d+: options: (unknown option\(s\) colour; the options are|"
                     r".* has no options \(unknown: colour\))", message), message


def test_a_wrongly_typed_option_value_is_refused():
    path = sorted(scenario_dir("cover_your_assets").glob("*.yaml"))[0]
    doc = yaml.safe_load(path.read_text())
    doc["options"] = {"deck": ["current"]}
    assert "options.deck: a list is not an edition" in refused(yaml.safe_dump(doc))


# -- checkpoints --------------------------------------------------------------------

def test_a_one_element_list_may_be_written_as_its_element():
    shipped = (scenario_dir("sneaky_bastard") / "three_players.yaml").read_text()
    assert "houses/Lisa: [Huis aan zee]" in shipped
    bare = shipped.replace("houses/Lisa: [Huis aan zee]", "houses/Lisa: Huis aan zee")
    assert len(list(scenario.play(scenario.parse_bytes(bare.encode(), NAME)))) == 5
    wrong = shipped.replace("houses/Lisa: [Huis aan zee]", "houses/Lisa: Studentenkamer")
    with pytest.raises(ScenarioError, match=r"houses/Lisa: expected \[Studentenkamer\], "
                                            r"found \[Huis aan zee\]"):
        list(scenario.play(scenario.parse_bytes(wrong.encode(), NAME)))


# -- through the command line -------------------------------------------------------

@pytest.mark.parametrize("content, expected", [
    (ALIAS_PLACES["title"](bomb()).encode(), "with its aliases written out"),
    (GOOD.encode("utf-16"), "the file is UTF-16 text"),
    (GOOD.replace("title: t", "title: " + "[" * 100_000).encode(), "nested too deeply"),
    (GOOD.replace("{bid/Ann: 10K}", "{bid/Ann: " + "7" * 5000 + "}").encode(), "digits"),
    (GOOD.replace("seed: 3", "seed: -1000000000000000000000000000000").encode(), "line 5"),
    (GOOD.replace("rules: [SB-3.1]", "rules: {SB-3.1: x}").encode(), "'rules' must be"),
    (GOOD.replace("game: sneaky_bastard", "game: [x]").encode(), "'game' must be a game id"),
    (GOOD.encode() + b"  - {who: Cy, move: pass}\n" * 100_000, "too big"),
])
def test_the_command_line_reports_and_exits_1(tmp_path, content, expected):
    path = tmp_path / NAME
    path.write_bytes(content)
    result = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith(f"error: {path}: ") and expected in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_the_format_doc_states_the_limits_the_loader_applies():
    from pathlib import Path
    from tutor.scenario import MAX_DIGITS, MAX_EXPANDED
    doc = (Path(__file__).parent.parent / "docs" / "scenario-format.md").read_text()
    for stated in (f"at most {MAX_FILE_BYTES:,} bytes", f"at most {MAX_STEPS:,}",
                   f"at most {MAX_DEPTH} levels", f"at most {MAX_EXPANDED:,}",
                   f"at most {MAX_DIGITS} digits", f"0 to {SEED_LIMIT - 1:,}"):
        assert stated in doc, stated


# -- goal and also -----------------------------------------------------------------------

def test_a_goal_and_equal_moves_are_kept_for_practice():
    text = GOOD.replace("    say: Bob raises.\n", "    say: Bob raises.\n"
                        "    goal: What must Bob beat?\n"
                        "    also: [bid 100K, pass]\n")
    loaded = scenario.parse_bytes(text.encode(), NAME)
    assert loaded.steps[1].goal == "What must Bob beat?"
    assert loaded.steps[1].also == ("bid 100K", "pass")
    assert len(list(scenario.play(loaded))) == 2


def test_an_equal_move_that_is_illegal_there_is_refused_naming_the_rule():
    text = GOOD.replace("    say: Bob raises.\n", "    say: Bob raises.\n"
                        "    also: bid 10K\n")
    loaded = scenario.parse_bytes(text.encode(), NAME)
    with pytest.raises(ScenarioError, match=r"step 2.*'also' move 'bid 10K' is illegal "
                                            r"here \[SB-3\.\d\]"):
        list(scenario.play(loaded))


def test_an_equal_move_that_cannot_be_read_names_its_step():
    text = GOOD.replace("    say: Bob raises.\n", "    say: Bob raises.\n"
                        "    also: [bid lots]\n")
    assert "step 2" in refused(text) and "'also' move 'bid lots'" in refused(text)
