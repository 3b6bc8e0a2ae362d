"""Scenarios: worked examples as YAML files a teacher can write by hand.

The format is documented in ``docs/scenario-format.md``. Loading checks the file's
shape, that the game, players, setup, moves, rule ids and checkpoint names exist, and
reports the file, the step and its line. :func:`play` then replays the steps on the
engine and checks every checkpoint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tutor.core.game import Event, Game, IllegalMove, NotationError, SetupError
from tutor.core.match import Match
from tutor.games import get_game

TOP_KEYS = {"game", "title", "summary", "players", "seed", "options", "setup", "intro",
            "steps"}
STEP_KEYS = {"who", "move", "say", "rules", "check"}


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded or replayed; the message says where."""


@dataclass(frozen=True)
class Step:
    number: int            # 1-based, as people count
    line: int              # line of the step in the file (0 when unknown)
    who: str
    seat: int
    move_text: str
    move: object
    say: str = ""
    rules: tuple[str, ...] = ()
    check: dict = field(default_factory=dict)

    def where(self) -> str:
        at = f", line {self.line}" if self.line else ""
        return f"step {self.number}{at} ({self.who}: {self.move_text})"


@dataclass(frozen=True)
class Scenario:
    path: Path | None
    game: Game
    title: str
    summary: str
    players: tuple[str, ...]
    seed: int
    options: dict
    setup: dict | None
    intro: str
    steps: tuple[Step, ...]

    @property
    def name(self) -> str:
        return self.path.stem if self.path else self.title

    def new_match(self) -> Match:
        return Match(self.game, self.players, self.seed, dict(self.options), self.setup)


@dataclass(frozen=True)
class StepResult:
    step: Step
    events: tuple[Event, ...]
    checked: tuple[str, ...]   # the checkpoint names that held


def load(path) -> Scenario:
    """Read and validate a scenario file; raises ScenarioError naming file and step."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read the file ({error.strerror})") from None
    return parse(text, path)


def parse(text: str, path: Path | None = None) -> Scenario:
    where = str(path) if path else "<scenario>"

    def fail(message: str):
        raise ScenarioError(f"{where}: {message}")

    try:
        doc = yaml.safe_load(text)
        lines = _step_lines(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f"line {mark.line + 1}: " if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        fail(f"{at}not valid YAML ({problem})")
    if not isinstance(doc, dict):
        fail("expected a map with game, players and steps at the top")
    unknown = set(doc) - TOP_KEYS
    if unknown:
        fail(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
             f"the keys are {', '.join(sorted(TOP_KEYS))}")
    for key in ("game", "players", "steps"):
        if key not in doc:
            fail(f"missing '{key}'")
    try:
        game = get_game(doc["game"])
    except (KeyError, TypeError) as error:
        fail(str(error.args[0]) if error.args else f"unknown game {doc['game']!r}")
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        fail("'players' must be a list of names")
    players = tuple(players)
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        fail(f"'seed' must be a whole number, not {seed!r}")
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        fail("'options' must be a map")
    setup = doc.get("setup")
    if setup is not None and not isinstance(setup, dict):
        fail("'setup' must be a map")
    try:
        state = game.new_state(players, seed, options, setup)
    except SetupError as error:
        fail(str(error))
    fact_names = _fact_patterns(game)
    raw_steps = doc["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        fail("'steps' must be a non-empty list")
    steps = []
    for index, raw in enumerate(raw_steps):
        line = lines[index] if index < len(lines) else 0
        label = f"step {index + 1}" + (f", line {line}" if line else "")
        if not isinstance(raw, dict):
            fail(f"{label}: expected a map with who and move")
        unknown = set(raw) - STEP_KEYS
        if unknown:
            fail(f"{label}: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                 f"a step has {', '.join(sorted(STEP_KEYS))}")
        who, move_text = raw.get("who"), raw.get("move")
        if who not in players:
            fail(f"{label}: 'who' must be one of {', '.join(players)}, not {who!r}")
        if not isinstance(move_text, str):
            fail(f"{label}: 'move' must be a move in the game's notation")
        label = f"{label} ({who}: {move_text})"
        try:
            move = game.parse_move(None, players.index(who), move_text)
        except NotationError as error:
            fail(f"{label}: {error}")
        rules = raw.get("rules") or []
        if isinstance(rules, str):
            rules = [rules]
        missing = [r for r in rules if r not in game.rules]
        if missing:
            fail(f"{label}: no rule {', '.join(map(str, missing))} in {game.title}")
        check = raw.get("check") or {}
        if not isinstance(check, dict):
            fail(f"{label}: 'check' must be a map of fact: expected value")
        for name, value in check.items():
            if not any(pattern.fullmatch(str(name)) for pattern in fact_names):
                fail(f"{label}: unknown checkpoint {name!r}; the facts are "
                     f"{game.describe_fact_names()}")
            if not _is_fact_value(value):
                fail(f"{label}: checkpoint {name!r} needs a text or a list of texts, "
                     f"not {value!r}")
        steps.append(Step(index + 1, line, who, players.index(who), move_text, move,
                          str(raw.get("say") or "").strip(), tuple(rules), dict(check)))
    del state
    return Scenario(path, game, str(doc.get("title") or (path.stem if path else "")),
                    str(doc.get("summary") or ""), players, seed, dict(options), setup,
                    str(doc.get("intro") or "").strip(), tuple(steps))


def play(scenario: Scenario, match: Match | None = None):
    """Replay the steps, yielding a StepResult per step; raises ScenarioError at the first
    illegal move or failed checkpoint, naming the step, the move, the rule and the reason."""
    match = match or scenario.new_match()
    where = str(scenario.path) if scenario.path else scenario.title
    for step in scenario.steps:
        try:
            events = match.play(step.seat, step.move)
        except IllegalMove as error:
            raise ScenarioError(f"{where}: {step.where()}: illegal move "
                                f"[{error.rule}] {error.reason}") from None
        failures = failed_checks(scenario.game, match.state, step.check)
        if failures:
            raise ScenarioError(f"{where}: {step.where()}: checkpoint failed: "
                                + "; ".join(failures))
        yield StepResult(step, events, tuple(step.check))


def dump(game: Game, players, seed: int, options: dict, setup: dict | None,
         steps: list[dict], title: str, summary: str = "", intro: str = "") -> str:
    """A scenario file's text for these steps (each a dict with who, move and optionally
    say and rules), so that a game played in the app can be saved and replayed."""
    doc = {"game": game.id, "title": title}
    if summary:
        doc["summary"] = summary
    doc.update({"players": list(players), "seed": seed})
    if options:
        doc["options"] = dict(options)
    if setup:
        doc["setup"] = setup
    if intro:
        doc["intro"] = intro
    doc["steps"] = [{k: v for k, v in step.items() if v not in ("", None, [], ())}
                    for step in steps]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=88)


def failed_checks(game: Game, state, check: dict) -> list[str]:
    """The checkpoints that do not hold, as 'name: expected X, found Y'."""
    facts = game.facts(state)
    failures = []
    for name, expected in check.items():
        found = facts.get(name, "(not known here)")
        if _normal(found) != _normal(expected):
            failures.append(f"{name}: expected {_show(expected)}, found {_show(found)}")
    return failures


def _normal(value):
    if isinstance(value, list):
        return sorted(_normal(v) for v in value)
    return " ".join(str(value).split()).lower()


def _show(value) -> str:
    return "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else str(value)


def _is_fact_value(value) -> bool:
    scalar = (str, int)
    return isinstance(value, scalar) or (isinstance(value, list)
                                         and all(isinstance(v, scalar) for v in value))


def _fact_patterns(game: Game) -> list[re.Pattern]:
    return [re.compile(re.escape(name).replace("NAME", ".+"))
            for name in game.FACT_NAMES]


def _step_lines(text: str) -> list[int]:
    """The 1-based line where each step starts, for error messages."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if key.value == "steps" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []
