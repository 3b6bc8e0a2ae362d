"""Compiled twins of the tutor's data files (tutor.core.datafile): the static site reads
rules, glossaries, card lists and worked examples from JSON made at build time, and must
read exactly what the YAML says; an edited file is read afresh."""

import shutil
from pathlib import Path

import pytest
import yaml

from tutor import scenario
from tutor.core.datafile import read_twin, read_yaml, twin_path, twin_text
from tutor.core.rules import Rules

GAMES = Path(__file__).parents[1] / "tutor" / "games"


def test_a_twin_is_read_only_while_its_file_is_the_text_it_was_made_from(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("title: Made up\nsections: []\n", encoding="utf-8")
    twin_path(path).write_text(twin_text(path.read_text(), {"title": "From the twin",
                                                            "sections": []}))
    # (A twin says something else here only to show which of the two was read.)
    assert Rules.load(path).title == "From the twin"
    path.write_text("title: Edited\nsections: []\n", encoding="utf-8")
    assert Rules.load(path).title == "Edited"   # the stale twin is ignored


def test_every_data_file_of_the_games_reads_the_same_from_its_twin(tmp_path):
    files = sorted(set(GAMES.glob("*/*.yaml")))
    assert len(files) >= 15   # rules, glossary, examples for five games, three card lists
    for path in files:
        copy = tmp_path / path.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(path, copy)
        text = copy.read_text(encoding="utf-8")
        twin_path(copy).write_text(twin_text(text, yaml.safe_load(text)))
        assert read_twin(copy, text) is not None
        assert read_yaml(copy) == yaml.safe_load(text), path


def test_values_json_would_change_get_no_twin():
    with pytest.raises(ValueError, match="JSON"):
        twin_text("2024-01-02: x", yaml.safe_load("2024-01-02: x"))   # a date as a key
    with pytest.raises(ValueError, match="JSON"):
        twin_text("1: one", {1: "one"})   # JSON keys are texts


def test_a_worked_example_loads_the_same_from_its_twin_lines_and_all(tmp_path):
    for path in sorted(GAMES.glob("*/scenarios/*.yaml")):
        copy = tmp_path / path.parent.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(path, copy)
        twin_path(copy).write_text(scenario.compiled_twin(copy))
        from_yaml, from_twin = scenario.load(path), scenario.load(copy)
        assert from_twin.steps == from_yaml.steps, path   # each step's line included
        assert (from_twin.title, from_twin.players, from_twin.setup, from_twin.options) == \
            (from_yaml.title, from_yaml.players, from_yaml.setup, from_yaml.options)


def test_a_twin_does_not_hide_an_edited_worked_examples_mistake(tmp_path):
    path = next(GAMES.glob("sneaky_bastard/scenarios/*.yaml"))
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    twin_path(copy).write_text(scenario.compiled_twin(copy))
    copy.write_text(copy.read_text(encoding="utf-8") + "surprise: 1\n", encoding="utf-8")
    with pytest.raises(scenario.ScenarioError, match="unknown key.*surprise"):
        scenario.load(copy)
