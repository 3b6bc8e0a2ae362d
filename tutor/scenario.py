"""Scenarios: worked examples as YAML files a teacher can write by hand.

The format is documented in ``docs/scenario-format.md``. Loading checks the file's
shape, that the game, players, setup, moves, rule ids and checkpoint names exist, and
reports the file, the step and its line. :func:`play` then replays the steps on the
engine and checks every checkpoint. A step may instead jump to a later position
(:class:`Jump`): the match starts over from that position's setup, so a scenario is one
or more parts, each replayed from its own start (a first game: a round from a fresh
deal, then the end of a later game).

A file is untrusted input (an upload in the app, a teacher's typo): reading it is bounded
by the limits below, so no file can hang the reader, exhaust memory or end in a traceback;
every problem is a :class:`ScenarioError` naming the file and the line or step.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tutor.core.datafile import read_twin, twin_text
from tutor.core.game import Event, Game, IllegalMove, NotationError, SetupError
from tutor.core.match import Match
from tutor.core.rng import SEED_LIMIT
from tutor.core.wording import plain_value
from tutor.games import GAMES, get_game
from tutor.visible_text import visible

TOP_KEYS = {"game", "title", "summary", "players", "seed", "options", "setup", "intro",
            "intro_for", "steps", "learner", "opening"}
STEP_KEYS = {"who", "move", "say", "say_for", "goal", "also", "rules", "check"}
# A step that jumps to a later position instead of making a move ("Later in the game").
JUMP_KEYS = {"jump", "seed", "say", "say_for", "check"}
# The three sentences a first game opens with, in the order they are read.
OPENING_KEYS = ("win", "turn", "end")

# The limits (docs/scenario-format.md states them). A worked example is a few kilobytes
# and a saved game a few hundred steps; these leave room for ten times more.
MAX_FILE_BYTES = 500_000
MAX_STEPS = 2_000
MAX_DEPTH = 20            # lists and maps inside each other
MAX_EXPANDED = 1_000_000  # entries plus characters, with every alias written out
MAX_DIGITS = 16           # a longer number is no count, seed or score of these games


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded or replayed; the message says where.

    A message may quote the file (a name, a move): its invisible characters are written
    out (:func:`tutor.visible_text.visible`), so no ESC or bidi override it holds reaches
    a terminal or a page as it stands, and the message stays on one line."""

    def __init__(self, message: str):
        super().__init__(visible(message, keep_line_breaks=False))


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
    # What the mover is after, asked before practice's move: written from the mover's
    # seat (it names only what that seat can see), a question a learner can work out.
    goal: str = ""
    # Other moves as good as the book's here (a free lead), in the game's notation:
    # practice accepts them as the book's move.
    also: tuple[str, ...] = ()
    # Narration written for one seat (seat -> text), read by that seat instead of
    # ``say`` (which is written for the all-seeing view).
    say_for: dict[int, str] = field(default_factory=dict)
    # Which position the step is played from: 0 the file's setup, k the k-th jump's.
    part: int = 0

    def where(self) -> str:
        at = f", line {self.line}" if self.line else ""
        return f"step {self.number}{at} ({self.who}: {self.move_text})"


@dataclass(frozen=True)
class Jump:
    """A step that makes no move: the scenario goes on from a later position, set up
    like the file's own ``setup`` (a new match from ``setup`` and ``seed``). ``say``
    introduces it ("Later in the game: ..."); ``check`` is asserted on the new position.
    It counts as a step (a position of the walkthrough), so ``number`` is its place in
    the file's list of steps."""

    number: int
    line: int
    setup: dict
    seed: int
    say: str
    say_for: dict[int, str] = field(default_factory=dict)
    check: dict = field(default_factory=dict)
    part: int = 1          # the part of the scenario it starts (1 for the first jump)

    def where(self) -> str:
        at = f", line {self.line}" if self.line else ""
        return f"step {self.number}{at} (jump to a later position)"


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
    steps: tuple[Step, ...]      # the moves only; ``jumps`` holds the jumps between them
    intro_for: dict[int, str] = field(default_factory=dict)   # seat -> its own intro
    jumps: tuple[Jump, ...] = ()
    learner: int | None = None   # the seat a first game's learner plays
    # How you win, what you may do on a turn, how the game ends (OPENING_KEYS' order).
    opening: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.path.stem if self.path else self.title

    @property
    def size(self) -> int:
        """The steps of the file: its moves and its jumps."""
        return len(self.steps) + len(self.jumps)

    def items(self) -> list[Step | Jump]:
        """The moves and the jumps in the file's order."""
        return sorted((*self.steps, *self.jumps), key=lambda item: item.number)

    def new_match(self, part: int = 0) -> Match:
        """A match at the start of ``part``: the file's setup (0) or the position the
        ``part``-th jump goes to."""
        seed, setup = (self.seed, self.setup) if part == 0 else \
            (self.jumps[part - 1].seed, self.jumps[part - 1].setup)
        return Match(self.game, self.players, seed, dict(self.options), setup)


@dataclass(frozen=True)
class StepResult:
    step: Step | Jump          # a Jump has no events: the match started over
    events: tuple[Event, ...]
    checked: tuple[str, ...]   # the checkpoint names that held


def load(path) -> Scenario:
    """Read and validate a scenario file; raises ScenarioError naming file and step."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # never more than the limit into memory
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read the file ({error.strerror})") from None
    text = decode(data, path)
    twin = read_twin(path, text)
    return parse(text, path, twin=twin if twin and "lines" in twin else None)


def parse_bytes(data: bytes, name) -> Scenario:
    """A scenario from a file's raw bytes (as read from disk or uploaded in the app);
    ``name`` is the file's name or path, used in every message."""
    return parse(decode(data, name), Path(name))


def decode(data: bytes, name) -> str:
    """The text of a scenario file's bytes: UTF-8 (with or without a byte order mark)
    and at most MAX_FILE_BYTES; anything else is a ScenarioError saying what it is."""
    where = str(name)
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(f"{where}: the file is too big: a scenario file may have at "
                            f"most {MAX_FILE_BYTES:,} bytes")
    for bom, encoding in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                          (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if data.startswith(bom):
            raise ScenarioError(f"{where}: line 1: the file is {encoding} text (it starts "
                                f"with a {encoding} byte order mark); save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise ScenarioError(f"{where}: line {line}, column {column}: the file is not UTF-8 "
                            f"text (byte 0x{data[error.start]:02x} cannot start or continue "
                            "a character); save it as UTF-8") from None
    if "\0" in text:
        line = text[:text.index("\0")].count("\n") + 1
        raise ScenarioError(f"{where}: line {line}: the file holds a zero byte, so it is not "
                            "UTF-8 text (UTF-16 without a byte order mark, or not a text "
                            "file); save it as UTF-8")
    return text


def parse(text: str, path: Path | None = None, *, twin: dict | None = None) -> Scenario:
    """A scenario from a file's text; ScenarioError names the file and the line or step.
    ``twin`` is the file's compiled twin (see :func:`compiled_twin`), which spares reading
    the YAML."""
    where = str(path) if path else "<scenario>"

    def fail(message: str):
        raise ScenarioError(f"{where}: {message}")

    if len(text) > MAX_FILE_BYTES:
        fail(f"the file is too big: a scenario file may have at most {MAX_FILE_BYTES:,} "
             "characters")
    root, doc = _read_yaml(text, fail) if twin is None else (_skeleton(twin["lines"]),
                                                             twin["value"])
    if not isinstance(doc, dict):
        found = "the file is empty" if doc is None else f"the file holds {_kind(doc)}"
        fail(f"line {_line(root)}: expected a map with game, players and steps at the top; "
             f"{found}")
    lines = {key.value: key.start_mark.line + 1 for key, _ in root.value
             if isinstance(key, yaml.ScalarNode)}

    def top(key: str) -> str:
        return f"line {lines.get(key, _line(root))}"

    unknown = [key for key in doc if key not in TOP_KEYS]
    if unknown:
        fail(f"{top(str(unknown[0]))}: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
             f"the keys are {', '.join(sorted(TOP_KEYS))}")
    for key in ("game", "players", "steps"):
        if key not in doc:
            fail(f"line {_line(root)}: missing '{key}' (the keys game, players and steps are "
                 "required)")
    if not isinstance(doc["game"], str):
        fail(f"{top('game')}: 'game' must be a game id (a text), one of "
             f"{', '.join(sorted(GAMES))}; not {_shown(doc['game'])}")
    try:
        game = get_game(doc["game"])
    except KeyError as error:
        fail(f"{top('game')}: {error.args[0]}")
    texts = {key: _text(doc.get(key), f"{top(key)}: '{key}'", fail)
             for key in ("title", "summary", "intro")}
    players = doc["players"]
    if not isinstance(players, list):
        fail(f"{top('players')}: 'players' must be a list of names (texts), not "
             f"{_shown(players)}")
    wrong = _wrong_item(players, lambda p: isinstance(p, str) and p.strip() != "")
    if wrong:
        fail(f"{top('players')}: 'players' must be a list of names (texts), but {wrong}")
    players = tuple(players)
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        fail(f"{top('seed')}: 'seed' must be a whole number from 0 to {SEED_LIMIT - 1:,}, "
             f"not {_shown(seed)}")
    options = {} if doc.get("options") is None else doc["options"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        fail(f"{top('options')}: 'options' must be a map of option names to values, not "
             f"{_shown(options)}")
    setup = doc.get("setup")
    if setup is not None and not isinstance(setup, dict):
        fail(f"{top('setup')}: 'setup' must be a map, not {_shown(setup)}")
    try:
        game.new_state(players, seed, options, setup)
    except SetupError as error:
        key = "setup" if str(error).startswith("setup") else \
            "options" if str(error).startswith("options") else "players"
        fail(f"{top(key)}: {error}")
    raw_steps = doc["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        fail(f"{top('steps')}: 'steps' must be a non-empty list, not {_shown(raw_steps)}")
    if len(raw_steps) > MAX_STEPS:
        fail(f"{top('steps')}: {len(raw_steps):,} steps are too many: a scenario may have at "
             f"most {MAX_STEPS:,}")
    step_nodes = dict(root.value)[next(k for k, _ in root.value if k.value == "steps")]
    fact_names = _fact_patterns(game)
    steps, jumps = [], []
    for index, raw in enumerate(raw_steps):
        line = step_nodes.value[index].start_mark.line + 1
        label = f"step {index + 1}, line {line}"
        if not isinstance(raw, dict):
            fail(f"{label}: expected a map with who and move, not {_shown(raw)}")
        if "jump" in raw:
            jumps.append(_jump(raw, index, line, len(raw_steps), len(jumps) + 1, game,
                               players, seed, options, fact_names, fail))
            continue
        unknown = [key for key in raw if key not in STEP_KEYS]
        if unknown:
            fail(f"{label}: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                 f"a step has {', '.join(sorted(STEP_KEYS))}")
        who, move_text = raw.get("who"), raw.get("move")
        if not isinstance(who, str) or who not in players:
            fail(f"{label}: 'who' must be one of {', '.join(players)}, not {_shown(who)}")
        if not isinstance(move_text, str):
            fail(f"{label}: 'move' must be a move in the game's notation (a text), not "
                 f"{_shown(move_text)}")
        label = f"{label} ({who}: {move_text})"
        try:
            move = game.parse_move(None, players.index(who), move_text)
        except NotationError as error:
            fail(f"{label}: {error}")
        say = _text(raw.get("say"), f"{label}: 'say'", fail)
        say_for = _texts_for(raw.get("say_for"), players, f"{label}: 'say_for'", fail)
        goal = _text(raw.get("goal"), f"{label}: 'goal'", fail)
        also = raw.get("also")
        also = [] if also is None else [also] if isinstance(also, str) else also
        if not isinstance(also, list):
            fail(f"{label}: 'also' must be a move or a list of moves in the game's "
                 f"notation, not {_shown(raw.get('also'))}")
        wrong = _wrong_item(also, lambda m: isinstance(m, str))
        if wrong:
            fail(f"{label}: 'also' must be a move or a list of moves in the game's "
                 f"notation (texts), but {wrong}")
        for other in also:
            try:
                game.parse_move(None, players.index(who), other)
            except NotationError as error:
                fail(f"{label}: 'also' move {other!r}: {error}")
        rules = raw.get("rules")
        rules = [] if rules is None else [rules] if isinstance(rules, str) else rules
        if not isinstance(rules, list):
            fail(f"{label}: 'rules' must be a clause id or a list of clause ids, not "
                 f"{_shown(raw.get('rules'))}")
        wrong = _wrong_item(rules, lambda r: isinstance(r, str))
        if wrong:
            fail(f"{label}: 'rules' must be a clause id or a list of clause ids (texts "
                 f"such as {next(iter(game.rules)).id}), but {wrong}")
        missing = [r for r in rules if r not in game.rules]
        if missing:
            fail(f"{label}: no rule {', '.join(missing)} in {game.title}")
        check = {} if raw.get("check") is None else raw["check"]
        if not isinstance(check, dict):
            fail(f"{label}: 'check' must be a map of fact: expected value, not "
                 f"{_shown(check)}")
        _check_checkpoints(check, game, fact_names, label, fail)
        steps.append(Step(index + 1, line, who, players.index(who), move_text, move,
                          say, tuple(rules), dict(check), goal, tuple(also), say_for,
                          len(jumps)))
    learner = doc.get("learner")
    if learner is not None and (not isinstance(learner, str) or learner not in players):
        fail(f"{top('learner')}: 'learner' must be the name of the player the learner "
             f"plays, one of {', '.join(players)}; not {_shown(learner)}")
    return Scenario(path, game, texts["title"] or (path.stem if path else ""),
                    texts["summary"], players, seed, dict(options), setup, texts["intro"],
                    tuple(steps),
                    _texts_for(doc.get("intro_for"), players, f"{top('intro_for')}: "
                               f"'intro_for'", fail),
                    tuple(jumps), None if learner is None else players.index(learner),
                    _opening(doc.get("opening"), top("opening"), fail))


def play(scenario: Scenario, match: Match | None = None):
    """Replay the steps, yielding a StepResult per step (a jump's has no events); raises
    ScenarioError at the first illegal move or failed checkpoint, naming the step, the
    move, the rule and the reason. At a jump ``match`` starts over from the jump's
    position (:meth:`Match.start_over`), so it ends where the scenario ends."""
    match = match or scenario.new_match()
    where = str(scenario.path) if scenario.path else scenario.title
    for step in scenario.items():
        if isinstance(step, Jump):
            # The match itself starts over, so a caller holding it sees where the
            # scenario goes on (its history before the jump is the results' to keep).
            match.start_over(step.seed, step.setup)
            failures = failed_checks(scenario.game, match.state, step.check)
            if failures:
                raise ScenarioError(f"{where}: {step.where()}: checkpoint failed: "
                                    + "; ".join(failures))
            yield StepResult(step, (), tuple(step.check))
            continue
        for other in step.also:
            try:
                move = scenario.game.parse_move(match.state, step.seat, other)
            except NotationError as error:
                raise ScenarioError(f"{where}: {step.where()}: 'also' move {other!r}: "
                                    f"{error}") from None
            refused = scenario.game.check(match.state, step.seat, move)
            if refused:
                raise ScenarioError(f"{where}: {step.where()}: 'also' move {other!r} is "
                                    f"illegal here [{refused.rule}] {refused.reason}")
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
         steps: list[dict], title: str, summary: str = "", intro: str = "",
         intro_for: dict[str, str] | None = None, learner: str | None = None,
         opening: tuple[str, ...] = ()) -> str:
    """A scenario file's text for these steps (each a dict with who, move and optionally
    the other step keys, ``say_for`` by player name; or a jump's keys), so that a game
    played in the app can be saved and replayed; ``intro_for`` maps player names to
    their intros, ``learner`` names the learner's player, ``opening`` its sentences."""
    doc = {"game": game.id, "title": title}
    if summary:
        doc["summary"] = summary
    doc.update({"players": list(players), "seed": seed})
    if learner:
        doc["learner"] = learner
    if opening:
        doc["opening"] = dict(zip(OPENING_KEYS, opening))
    if options:
        doc["options"] = dict(options)
    if setup:
        doc["setup"] = setup
    if intro:
        doc["intro"] = intro
    if intro_for:
        doc["intro_for"] = dict(intro_for)
    doc["steps"] = [{k: v for k, v in step.items() if v not in ("", None, [], (), {})}
                    for step in steps]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=88)


def _jump(raw: dict, index: int, line: int, count: int, part: int, game: Game,
          players: tuple[str, ...], file_seed: int, options: dict, fact_names,
          fail) -> Jump:
    """The step at ``index`` of ``count`` (0-based), which holds the key ``jump``,
    validated: its keys, its place, its position (set up as the engine would, so a bad
    card is named here) and its checkpoints. ``part``: the jumps so far, this one too."""
    label = f"step {index + 1}, line {line} (jump)"
    unknown = [key for key in raw if key not in JUMP_KEYS]
    if unknown:
        fail(f"{label}: a jump step has {', '.join(sorted(JUMP_KEYS))}; not "
             f"{', '.join(sorted(map(str, unknown)))} (a jump makes no move: put the "
             "move in the next step)")
    if index == 0:
        fail(f"{label}: a jump cannot be the first step: begin from 'setup' instead")
    if index == count - 1:
        fail(f"{label}: a jump must be followed by a move: it is the last step")
    setup = raw["jump"]
    if not isinstance(setup, dict):
        fail(f"{label}: 'jump' must be a map: the later position, in the keys of "
             f"'setup'; not {_shown(setup)}")
    seed = raw.get("seed", file_seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        fail(f"{label}: 'seed' must be a whole number from 0 to {SEED_LIMIT - 1:,}, "
             f"not {_shown(seed)}")
    try:
        game.new_state(players, seed, options, setup)
    except SetupError as error:
        fail(f"{label}: 'jump': {error}")
    say = _text(raw.get("say"), f"{label}: 'say'", fail)
    if not say:
        fail(f"{label}: 'say' is required: tell the learner where the game has got to "
             "(\"Later in the game: ...\")")
    check = {} if raw.get("check") is None else raw["check"]
    if not isinstance(check, dict):
        fail(f"{label}: 'check' must be a map of fact: expected value, not "
             f"{_shown(check)}")
    _check_checkpoints(check, game, fact_names, label, fail)
    return Jump(index + 1, line, dict(setup), seed, say,
                _texts_for(raw.get("say_for"), players, f"{label}: 'say_for'", fail),
                dict(check), part)


def _check_checkpoints(check: dict, game: Game, fact_names, label: str, fail) -> None:
    for name, value in check.items():
        if not isinstance(name, str) or not any(pattern.fullmatch(name)
                                                for pattern in fact_names):
            fail(f"{label}: unknown checkpoint {_shown(name)}; the facts are "
                 f"{game.describe_fact_names()}")
        if not _is_fact_value(value):
            wrong = _wrong_item(value, _is_fact_scalar) if isinstance(value, list) \
                else f"it is {_shown(value)}"
            fail(f"{label}: 'check': checkpoint {name!r} needs a text, a number or a "
                 f"list of those, but {wrong}")


def _opening(value, where: str, fail) -> tuple[str, ...]:
    """The optional ``opening``: a map of exactly OPENING_KEYS to non-empty texts,
    as a tuple in that order (empty when not given)."""
    if value is None:
        return ()
    wanted = ", ".join(OPENING_KEYS)
    if not isinstance(value, dict):
        fail(f"{where}: 'opening' must be a map with the keys {wanted} (how you win, "
             f"what you may do on your turn, how the game ends), not {_shown(value)}")
    unknown = [key for key in value if key not in OPENING_KEYS]
    if unknown:
        fail(f"{where}: 'opening' has the keys {wanted}; not "
             f"{', '.join(sorted(map(str, unknown)))}")
    sentences = []
    for key in OPENING_KEYS:
        text = _text(value.get(key), f"{where}: 'opening.{key}'", fail)
        if not text:
            fail(f"{where}: 'opening.{key}' is missing: the opening has three sentences, "
                 f"{wanted} (how you win, what you may do on your turn, how the game ends)")
        sentences.append(text)
    return tuple(sentences)


def failed_checks(game: Game, state, check: dict) -> list[str]:
    """The checkpoints that do not hold, as 'name: expected X, found Y'."""
    facts = game.facts(state)
    failures = []
    for name, expected in check.items():
        found = facts.get(name, "(not known here)")
        if isinstance(found, list) and not isinstance(expected, list):
            expected = [expected]  # a one-element list may be written as its element
        if _normal(found, game.FACT_ALIASES) != _normal(expected, game.FACT_ALIASES):
            failures.append(f"{name}: expected {_show(expected)}, found {_show(found)}")
    return failures


def _normal(value, aliases: dict[str, str]):
    """A fact value compared without case or spacing, and under the game's one name for
    a thing a teacher may write two ways ('Irresistible Offer' is 'offer')."""
    if isinstance(value, list):
        return sorted(_normal(v, aliases) for v in value)
    text = " ".join(str(value).split()).lower()
    for alias, name in aliases.items():
        text = re.sub(rf"(?<!\w){re.escape(alias)}(?!\w)", name, text)
    return text


def _show(value) -> str:
    return "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else str(value)


def _is_fact_scalar(value) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _is_fact_value(value) -> bool:
    return _is_fact_scalar(value) or (isinstance(value, list)
                                      and all(_is_fact_scalar(v) for v in value))


def _fact_patterns(game: Game) -> list[re.Pattern]:
    return [re.compile(re.escape(name).replace("NAME", ".+"))
            for name in game.FACT_NAMES]


def _text(value, what: str, fail) -> str:
    """An optional text key: empty when not given, else it must be text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        shown = _shown(value)
        quote = "" if "quotes" in shown else " (put it in quotes to keep it as written)"
        fail(f"{what} must be a text, not {shown}{quote}")
    return value.strip()


def _texts_for(value, players, what: str, fail) -> dict[int, str]:
    """An optional map of player name to text (a narration for one seat), as seat ->
    text; every name must be a player's and every value a text."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        fail(f"{what} must be a map of player names to texts, not {_shown(value)}")
    texts = {}
    for name, text in value.items():
        if name not in players:
            fail(f"{what}: {_shown(name)} is not a player; the players are "
                 f"{', '.join(players)}")
        said = _text(text, f"{what}: {name}'s text", fail)
        if said:
            texts[players.index(name)] = said
    return texts


def _kind(value) -> str:
    names = {bool: "true or false", int: "a number", float: "a number", str: "a text",
             list: "a list", dict: "a map", type(None): "nothing"}
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    return names.get(type(value), f"a {type(value).__name__}")


def _shown(value) -> str:
    return plain_value(value)


def _wrong_item(items: list, fits) -> str | None:
    """Where a list goes wrong, for a message: "item 2 is a list" (counted from 1, as
    people count), or None when every item ``fits``."""
    for number, item in enumerate(items, 1):
        if not fits(item):
            shown = "an empty text" if item == "" or (isinstance(item, str)
                                                      and not item.strip()) else _shown(item)
            return f"item {number} of the list is {shown}"
    return None


def _line(node) -> int:
    return node.start_mark.line + 1 if node is not None else 1


MERGE_TAG = "tag:yaml.org,2002:merge"  # `<<: *defaults` may repeat keys: that is its point


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """YAML's safe loader (libyaml's, where installed, which also refuses nesting past
    1,000 levels) that refuses duplicate keys and over-long numbers with their line."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.tag != MERGE_TAG:
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            f"in the map starting on line {_line(node)}", None,
                            f"the key {key_node.value!r} is given twice (first on line "
                            f"{seen[key]}); each key may appear once", key_node.start_mark)
                    seen[key] = _line(key_node)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node):
        written = str(node.value).replace("_", "").lstrip("+-")
        if written[:2].lower() in ("0x", "0o", "0b"):
            written = written[2:]
        digits = sum(c.isalnum() for c in written)
        if digits > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of {digits:,} digits is too long: numbers may have "
                f"at most {MAX_DIGITS} digits (put it in quotes for a text)", node.start_mark)
        return super().construct_yaml_int(node)

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError, TypeError) as error:  # e.g. a date 2024-13-45
            if node.tag == "tag:yaml.org,2002:timestamp":
                problem = (f"cannot read this value: YAML reads {str(node.value)[:40]} as a "
                           f"date, and it is no date ({error}); put it in quotes for a "
                           "text")
            else:
                problem = f"cannot read this value ({error})"
            raise yaml.constructor.ConstructorError(None, None, problem,
                                                    node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def compiled_twin(path: Path) -> str:
    """The compiled twin (tutor.core.datafile) of the worked example at ``path``: its value
    and the lines parse() names (the file's, each top-level key's, each step's), so that
    loading it reads no YAML. A file that does not load is refused with its error."""
    def fail(message: str):
        raise ScenarioError(f"{path}: {message}")

    text = decode(Path(path).read_bytes(), path)
    parse(text, Path(path))
    root, doc = _read_yaml(text, fail)
    steps = next(node for key, node in root.value if key.value == "steps")
    lines = {"file": _line(root), "keys": [[key.value, _line(key)] for key, _ in root.value],
             "steps": [_line(node) for node in steps.value]}
    return twin_text(text, doc, lines=lines)


def _skeleton(lines: dict) -> yaml.MappingNode:
    """Nodes standing in for a compiled file's, as far as parse() reads them: the lines
    of the file, of its top-level keys and of its steps."""
    def at(line: int) -> yaml.Mark:
        return yaml.Mark("", 0, line - 1, 0, None, None)

    def node(line: int, value="") -> yaml.ScalarNode:
        return yaml.ScalarNode("tag:yaml.org,2002:str", value, at(line), at(line))

    steps = yaml.SequenceNode("tag:yaml.org,2002:seq", [node(line) for line in lines["steps"]])
    return yaml.MappingNode("tag:yaml.org,2002:map",
                            [(node(line, key), steps if key == "steps" else node(line))
                             for key, line in lines["keys"]], at(lines["file"]))


def _read_yaml(text: str, fail):
    """The document's node tree and its value; refuses what would hang or flood the reader
    (nesting, aliases expanding past MAX_EXPANDED, an alias inside itself) before building
    any Python object."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        _check_size(root, fail)
        doc = None if root is None else loader.construct_document(root)
    except yaml.YAMLError as error:
        fail(_yaml_problem(error, text))
    except RecursionError:  # only without libyaml, whose reader limits the nesting
        fail(f"lists or maps are nested too deeply: at most {MAX_DEPTH} levels")
    finally:
        loader.dispose()
    return root, doc


def _check_size(root, fail) -> None:
    """Nesting at most MAX_DEPTH, and at most MAX_EXPANDED entries and characters when
    every alias is written out in full; without recursion and without expanding."""
    if root is None:
        return
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            size[key] = 1 + sum(size[id(child)] for child in children)
            if size[key] > MAX_EXPANDED:
                fail(f"line {_line(node)}: with its aliases written out, this part of the "
                     f"file would have more than {MAX_EXPANDED:,} entries and characters: "
                     "too many aliases (or aliases of aliases)")
            continue
        if key in size:
            continue
        if key in on_path:
            fail(f"line {_line(node)}: an alias refers to a list or map from inside it")
        if isinstance(node, yaml.ScalarNode):
            size[key] = 1 + len(node.value)
            continue
        if depth > MAX_DEPTH:
            fail(f"line {_line(node)}: lists or maps are nested too deeply: at most "
                 f"{MAX_DEPTH} levels")
        on_path.add(key)
        stack.append((node, depth, True))
        for child in _children(node):
            if id(child) in on_path:
                fail(f"line {_line(child)}: an alias refers to a list or map from inside it")
            if id(child) not in size:
                stack.append((child, depth + 1, False))


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _yaml_problem(error: yaml.YAMLError, text: str) -> str:
    mark = getattr(error, "problem_mark", None)
    if mark is not None:
        at = f"line {mark.line + 1}: "
    elif getattr(error, "position", None) is not None:  # a character YAML cannot read
        at = f"line {text[:error.position].count(chr(10)) + 1}: "
    else:
        at = ""
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    if problem.startswith(("the key", "a number", "cannot read")):
        return f"{at}{problem}"
    if "maximum nesting depth" in problem:  # libyaml's own limit, at 1,000 levels
        return f"{at}lists or maps are nested too deeply: at most {MAX_DEPTH} levels"
    return f"{at}not valid YAML ({problem}{'; ' + context if context else ''})"
