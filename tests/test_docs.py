"""The docs stay true: the format doc's example runs, the rules pages match rules.yaml,
and the README's commands are the ones CI and the scripts use."""

import re
from pathlib import Path

import pytest

from tutor import scenario
from tutor.games import GAMES

ROOT = Path(__file__).parents[1]


def test_the_scenario_format_example_replays(tmp_path):
    doc = (ROOT / "docs" / "scenario-format.md").read_text()
    example = re.search(r"```yaml\n(.*?)```", doc, re.S).group(1)
    path = tmp_path / "example.yaml"
    path.write_text(example)
    results = list(scenario.play(scenario.load(path)))
    assert results[-1].checked == ("sale/buyer", "sale/price", "houses/Bob")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rules_pages_are_generated_from_rules_yaml(game_id):
    page = ROOT / "docs" / "rules" / f"{game_id}.md"
    game = GAMES[game_id]
    assert page.read_text() == game.rules.to_markdown() + "\n" + game.glossary.to_markdown(), (
        f"regenerate with: python -m tutor rules {game_id} --markdown > {page.relative_to(ROOT)}")


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "./scripts/test.sh" in readme and "exec ./scripts/test.sh\n" in ci
    assert "./scripts/serve.sh" in readme


def test_the_class_quickstart_is_one_page_with_each_games_real_lesson_link():
    """docs/class-quickstart.md fits one printed page (about 50 lines of 90 characters),
    is linked from the README and the long guide, and gives every game's lesson link as
    the static site's gallery writes it (widgets.pages.links, with the site's .html pages)."""
    from widgets.pages.links import Link
    quickstart = (ROOT / "docs" / "class-quickstart.md").read_text()
    lines = quickstart.splitlines()
    assert len(lines) <= 60 and len(quickstart.split()) <= 600
    assert "class-quickstart.md" in (ROOT / "README.md").read_text()
    assert "(class-quickstart.md)" in (ROOT / "docs" / "teaching.md").read_text()
    for game_id in GAMES:
        link = "voici/render/index.html" + Link(game=game_id, lesson="1").query()
        assert f"`{link}`" in quickstart, link
    assert "python3 -m http.server -d site" in quickstart
    assert "./scripts/build-static.sh" in (ROOT / "README.md").read_text()
    assert "./scripts/build-static.sh" in quickstart
