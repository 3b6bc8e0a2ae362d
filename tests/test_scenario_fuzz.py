"""Seeded mutations of every shipped scenario: each mutant either loads and replays, or is
refused with a ScenarioError; never a traceback, never a hang (issue 16 part 2).

A mutant is the file's text with one change a hand or an editor could make: a line
deleted, duplicated, swapped or indented; the file truncated; a value replaced by another
type; a key deleted or a value replaced in the parsed document. A hang guard (an alarm,
generous: a mutant takes milliseconds) turns a runaway mutant into a failure that names it;
it measures nothing."""

import random
import re
import signal

import pytest
import yaml

from tutor import scenario
from tutor.games import GAMES, scenario_dir
from tutor.scenario import ScenarioError
from tutor.visible_text import has_invisible

FILES = sorted(path for game_id in GAMES for path in scenario_dir(game_id).glob("*.yaml"))
MUTANTS = 300
HANG_SECONDS = 30

ODD_VALUES = ["[x]", "{a: 1}", "[[[[x]]]]", "12345678901234567890", "-1", "0", "1.5", "yes",
              "null", "''", '"\\u00e9\\u0000"', "&a x", "*a", "!!binary aGk=",
              "2024-13-45", "[&b x, *b, *b]", "~", "{[a]: b}", "\u00b2", "--5", "1e999",
              "!!set {a, b}", "0x" + "f" * 30, ": :", "- - -", "'''"]


class Hang(Exception):
    pass


def _on_alarm(signum, frame):
    raise Hang()


def mutate_text(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(8)
    i = rng.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        return text[:rng.randrange(len(text))]
    elif kind == 4:
        lines[i] = " " * rng.choice((1, 2, 4)) + lines[i]
    elif kind == 5 and ":" in lines[i]:
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {rng.choice(ODD_VALUES)}\n"
    elif kind == 6:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(ODD_VALUES) + lines[i][at:]
    else:
        position = rng.randrange(len(text))
        return text[:position] + chr(rng.randrange(1, 0x2FFF)) + text[position + 1:]
    return "".join(lines)


def mutate_document(doc, rng: random.Random):
    """Delete a key or replace a value somewhere in the parsed document."""
    places = []

    def walk(node):
        if isinstance(node, dict):
            for key in list(node):
                places.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                places.append((node, index))
                walk(node[index])

    walk(doc)
    parent, key = rng.choice(places)
    if isinstance(parent, dict) and rng.random() < 0.4:
        del parent[key]
    else:
        parent[key] = rng.choice([None, 0, -1, 2 ** 60, True, 1.5, "", "x", [], {}, ["x"],
                                  {"x": 1}, [[["x"]]], "pass", "Ann", "SB-3.1"])
    return doc


def mutants(count: int, seed: int):
    rng = random.Random(seed)
    texts = {path: path.read_text() for path in FILES}
    for number in range(count):
        path = FILES[number % len(FILES)]
        if rng.random() < 0.6:
            yield path, mutate_text(texts[path], rng)
        else:
            doc = mutate_document(yaml.safe_load(texts[path]), rng)
            yield path, yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def test_every_shipped_scenario_is_in_the_fuzz():
    assert {path.parent.parent.name for path in FILES} == set(GAMES)


@pytest.mark.parametrize("seed", [16, 1616])
def test_mutants_load_or_are_refused_never_crash_or_hang(seed):
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    outcomes = {"played": 0, "refused": 0}
    try:
        for number, (path, text) in enumerate(mutants(MUTANTS, seed)):
            signal.alarm(HANG_SECONDS)
            try:
                loaded = scenario.parse_bytes(text.encode("utf-8", "surrogatepass"),
                                              path.name)
                list(scenario.play(loaded))
                outcomes["played"] += 1
            except ScenarioError as error:
                assert str(error).startswith(f"{path.name}: "), str(error)
                outcomes["refused"] += 1
            except Hang:
                pytest.fail(f"mutant {number} of {path.name} (seed {seed}) ran past "
                            f"{HANG_SECONDS} s:\n{text}")
            except Exception as error:
                pytest.fail(f"mutant {number} of {path.name} (seed {seed}) crashed with "
                            f"{type(error).__name__}: {error}\n{text}")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    # Both outcomes occur, so the mutations neither break everything nor nothing.
    assert outcomes["refused"] > MUTANTS // 4 and outcomes["played"] > 0, outcomes


# What a message for a malformed file must not say (issue 37 point 3): a list refused as
# "not a list" when one of its items is wrong, Python's None/True/False for a value
# YAML read as empty or yes/no, a Python date, or a list or map in Python's spelling
# where a card's name was expected.
UNCLEAR = re.compile(r"list of [^;]*?, not a list|(?<!')\b(None|True|False)\b(?!')|"
                     r"datetime|called [\[{]|not nothing")
QUALITY_SEEDS = (16, 1616, 37, 3737)   # 1,200 mutants


def test_every_message_for_a_mutant_names_the_line_and_what_is_expected_in_plain_words():
    messages = []
    for seed in QUALITY_SEEDS:
        for path, text in mutants(MUTANTS, seed):
            try:
                loaded = scenario.parse_bytes(text.encode("utf-8", "surrogatepass"),
                                              path.name)
                list(scenario.play(loaded))
            except ScenarioError as error:
                messages.append(str(error))
    assert len(messages) > 500
    no_line = [m for m in messages if not re.search(r"\bline \d+", m)]
    unclear = [m for m in messages if UNCLEAR.search(m)]
    assert not no_line, no_line[:5]
    # Nothing a mutant holds reaches a terminal raw: no ESC, bidi override, zero width.
    raw = [m for m in messages if has_invisible(m)]
    assert not raw, [ascii(m) for m in raw[:5]]
    # The bar: at most 5 unclear messages in 1,000 mutants.
    assert len(unclear) * 1000 <= 5 * MUTANTS * len(QUALITY_SEEDS), unclear[:10]


@pytest.mark.parametrize("old, new, said", [
    ("players: [Ann, Bob, Cy]", "players: [Ann, [Bob], Cy]",
     "line 3: 'players' must be a list of names (texts), but item 2 of the list is a list"),
    ("{who: Ann, move: bid 25K}", "{who: Ann, move: bid 25K, rules: [SB-3.1, {}]}",
     "'rules' must be a clause id or a list of clause ids (texts such as"),
    ("{who: Ann, move: bid 25K}", "{who: Ann, move: }",
     "step 1, line 6: 'move' must be a move in the game's notation (a text), not an empty "
     "value (nothing is written there)"),
    ("{who: Ann, move: bid 25K}", "{who: yes, move: bid 25K}",
     "'who' must be one of Ann, Bob, Cy, not true (YAML reads an unquoted yes, no, true or "
     "false as a yes/no value: put it in quotes for a text)"),
    ("title: Plain", "title: 2001-12-14",
     "line 2: 'title' must be a text, not a date, 2001-12-14 (YAML reads an unquoted "
     "year-month-day as a date: put it in quotes for a text)"),
    ("{who: Ann, move: bid 25K}", "{who: Ann, move: bid 25K, check: {bid/Ann: [25K, [x]]}}",
     "checkpoint 'bid/Ann' needs a text, a number or a list of those, but item 2 of the "
     "list is a list"),
])
def test_a_message_names_the_wrong_item_in_plain_words(old, new, said):
    base = ("game: sneaky_bastard\ntitle: Plain\nplayers: [Ann, Bob, Cy]\n"
            "setup: {first: Ann}\nsteps:\n  - {who: Ann, move: bid 25K}\n")
    assert old in base
    with pytest.raises(ScenarioError) as refused:
        scenario.parse(base.replace(old, new))
    assert said in str(refused.value), str(refused.value)
