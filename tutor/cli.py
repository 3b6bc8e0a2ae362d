"""The command line: ``python -m tutor games | rules | replay | selfplay | coverage | quiz``,
and the commands other packages add (``worksheet``).

Other tools rely on these exact forms and exit codes (0: all good, 1: a scenario or an
invariant failed, 2: the command was used wrongly).

A command that needs more than ``tutor`` (the printable worksheet draws each position
with the app's table drawing, in ``widgets``) is declared in the entry point group
``rulebook_tutor.commands`` (pyproject.toml): its name maps to a function that adds the
command's parser to the subparsers and returns the function that runs it. ``tutor`` so
never imports ``widgets`` by name (the dependency points one way), and the built-in
commands do not pay for importing the widgets: the group is read only for a command word
that is not built in, or for ``--help``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from importlib.metadata import entry_points

from tutor import scenario
from tutor.games import GAMES, get_game
from tutor.visible_text import visible


def cmd_games(args) -> int:
    for game in GAMES.values():
        counts = game.player_counts
        print(f"{game.id}\t{game.title}\t{counts[0]}-{counts[-1]} players")
    return 0


def cmd_rules(args) -> int:
    game = get_game(args.game)
    if args.markdown:
        # The page ends with the game's words, as the app's rules page does.
        print(game.rules.to_markdown() + "\n" + game.glossary.to_markdown(), end="")
        return 0
    print(game.rules.title)
    for section, clauses in game.rules.sections().items():
        print(f"\n{section}")
        for clause in clauses:
            print(f"  {clause.describe()}")
    return 0


def cmd_replay(args) -> int:
    try:
        loaded = scenario.load(args.file)
        match = loaded.new_match()
        # Everything printed here comes from the file (its title, names, moves, and the
        # events that quote them): its control and bidi characters are written out.
        say = (lambda text: None) if args.json else (lambda text: print(visible(text)))
        say(f"{loaded.title} ({loaded.game.title}, {len(loaded.players)} players: "
            f"{', '.join(loaded.players)})")
        for event in loaded.game.opening_events(match.states[0]):
            say(f"       {event}")
        checks = 0
        for result in scenario.play(loaded, match):
            step = result.step
            if isinstance(step, scenario.Jump):   # the match starts over from there
                say(f"{step.number:>3}. (jump to a later position)")
            else:
                say(f"{step.number:>3}. {step.who}: {step.move_text}")
            for event in result.events:
                say(f"       {event}")
            checks += len(result.checked)
    except scenario.ScenarioError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(match.state.to_json(), indent=2, sort_keys=True))
    else:
        jumps = f" and {len(loaded.jumps)} jump(s)" if loaded.jumps else ""
        print(f"ok: {len(loaded.steps)} steps legal{jumps}, {checks} checkpoints hold")
    return 0


def cmd_selfplay(args) -> int:
    from tutor.selfplay import selfplay
    game = get_game(args.game)
    if args.players not in game.player_counts:
        counts = game.player_counts
        print(f"error: {game.title} is for {counts[0]} to {counts[-1]} players, "
              f"not {args.players}", file=sys.stderr)
        return 2
    report = selfplay(game, args.players, args.games, args.seed, check=not args.no_check)
    checked = "not checked (--no-check)" if args.no_check else "checked after every move"
    print(f"{game.id}, {args.players} players: {report.games} games, {report.moves} moves "
          f"in {report.seconds:.2f} s")
    print(f"{report.games_per_second:.1f} games/s, {report.moves_per_second:.0f} moves/s; "
          f"invariants {checked}")
    if report.violations:
        print(f"{len(report.violations)} violation(s):", file=sys.stderr)
        for line in report.violations[:20]:
            print(f"  {line}", file=sys.stderr)
        return 1
    if not args.no_check:
        print("no violation")
    return 0


def cmd_coverage(args) -> int:
    from tutor.coverage import report
    get_game(args.game)   # an unknown id is a KeyError, told by main
    print(report(args.game))
    return 0


LETTERS = "ABCDEFGH"


def cmd_quiz(args) -> int:
    from tutor.games import example_order, scenario_dir
    from tutor.quiz import worksheet
    from tutor.session import Walkthrough
    game = get_game(args.game)
    examples = example_order(game.id)
    if args.example is not None and args.example not in examples:
        print(f"error: {game.title} has no example {args.example!r}; the examples are: "
              f"{', '.join(examples)}", file=sys.stderr)
        return 2
    if args.questions < 1:
        print(f"error: --questions must be at least 1, not {args.questions}", file=sys.stderr)
        return 2
    positions = []
    for stem in [args.example] if args.example else examples:
        book = Walkthrough.load(scenario_dir(game.id) / f"{stem}.yaml")
        positions += [(f"{stem}, {f'after step {i}' if i else 'at the setup'}", state)
                      for i, state in enumerate(book.states)]
    sheet = worksheet(game, positions, args.questions, args.seed)
    if args.json:
        print(json.dumps({"game": game.id, "seed": args.seed, "example": args.example,
                          "questions": [dict(item.question.to_json(), where=item.where,
                                             asked=item.asked)
                                        for item in sheet]}, indent=2))
        return 0
    source = f"the example {args.example}" if args.example else "all its examples"
    print(f"{game.title} quiz: {len(sheet)} questions from {source} (seed {args.seed})")
    for number, item in enumerate(sheet, 1):
        question = item.question
        print(f"\n{number:>2}. [{item.where}; asked of {item.asked}] {question.prompt}")
        for letter, choice in zip(LETTERS, question.choices):
            print(f"    {letter}) {choice}")
    print("\nAnswer key")
    for number, item in enumerate(sheet, 1):
        question = item.question
        print(f"{number:>2}. {LETTERS[question.answer]}) {question.correct} "
              f"[{question.clause}] {question.why}")
    return 0


COMMAND_GROUP = "rulebook_tutor.commands"


def add_extra_commands(sub) -> dict:
    """The commands of the ``rulebook_tutor.commands`` entry points, added to ``sub``:
    {name: the function that runs it}. One that cannot be loaded is still listed, and
    says why when it is used."""
    extra = {}
    for point in entry_points(group=COMMAND_GROUP):
        try:
            extra[point.name] = point.load()(sub)
        except Exception as error:  # noqa: BLE001 - reported when the command is used
            sub.add_parser(point.name, help=f"(cannot be loaded: {error})")
            extra[point.name] = _unloadable(point.name, error)
    return extra


def _unloadable(name: str, error: Exception):
    def run(args) -> int:
        print(f"error: the command {name!r} could not be loaded: "
              f"{type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return run


def build_parser(extra: dict | None = None) -> argparse.ArgumentParser:
    """The parser of the built-in commands; with ``extra`` (a dict), also the entry
    points' commands, whose run functions are put in it."""
    parser = argparse.ArgumentParser(prog="python -m tutor",
                                     description="Rulebook Tutor: rules engines and worked "
                                                 "examples for card games.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the game ids and their player counts")
    rules = sub.add_parser("rules", help="print a game's numbered clauses and rulings")
    rules.add_argument("game")
    rules.add_argument("--markdown", action="store_true", help="as the Markdown of docs/rules")
    replay = sub.add_parser("replay", help="replay a scenario file and check its checkpoints")
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true",
                        help="print the final all-seeing state as JSON")
    cover = sub.add_parser("coverage", help="which clauses each worked example illustrates, "
                                            "and which none does yet")
    cover.add_argument("game")
    play = sub.add_parser("selfplay", help="play random games and check the invariants")
    play.add_argument("game")
    play.add_argument("--players", type=int, required=True)
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--no-check", action="store_true",
                      help="skip the invariant checks (for measuring speed)")
    quiz = sub.add_parser("quiz", help="print a worksheet of questions the engine "
                                       "generates, with an answer key for the teacher")
    quiz.add_argument("game")
    quiz.add_argument("--example", help="ask about this worked example only (default: all)")
    quiz.add_argument("--questions", type=int, default=10, help="how many (default 10)")
    quiz.add_argument("--seed", type=int, default=0, help="picks the questions (default 0)")
    quiz.add_argument("--json", action="store_true", help="the worksheet as JSON, for tools")
    if extra is not None:
        extra.update(add_extra_commands(sub))
    return parser


COMMANDS = {"games": cmd_games, "rules": cmd_rules, "replay": cmd_replay,
            "selfplay": cmd_selfplay, "coverage": cmd_coverage, "quiz": cmd_quiz}


def main(argv=None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    commands = dict(COMMANDS)
    extra = None if words and words[0] in COMMANDS else commands
    args = build_parser(extra).parse_args(words)
    try:
        return commands[args.command](args)
    except KeyError as error:  # an unknown game id
        print(f"error: {error.args[0]}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (``| head``): it has all it wanted. Send what is
        # still buffered to /dev/null, or the interpreter's last flush raises again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
