"""Rule coverage: which clauses each worked example shows at work, and which clauses no
example shows yet. Rulings are listed but not counted: the figure is the share of the
rulebook's own clauses that some step applies.

A step applies a clause when the engine says so, not when the narration merely names it:
- a rule an event of the step's move cites (what the engine did, as the log shows it);
- the rule that left the seat only this move (``Game.forced``: a forced wait or skip);
- a clause the narration cites that the engine checked this move against: one of the
  move's own rules (``Game.move_rules``), of the phase it was made in
  (``Game.phase_rules``), or the game's turn-order clause (``Game.turn_rule``). A narration that names a clause the move is not checked
  against ("she may not play a second card") shows nothing; the clause counts only where
  a step is held to it. A ruling counts only where it decides the move
  (``Game.ruling_decides``): SB-R5 at a bid that beats every bid made before anyway
  shows nothing.
Step 0, the setup, applies the rules its opening events cite."""

from __future__ import annotations

from dataclasses import dataclass

from tutor import scenario as scenarios
from tutor.games import example_order, get_game, scenario_dir


@dataclass(frozen=True)
class Coverage:
    game_id: str
    shown_by: dict[str, tuple[tuple[str, int], ...]]   # clause id -> (example, step) pairs

    @property
    def clauses(self) -> list:
        return list(get_game(self.game_id).rules)

    @property
    def counted(self) -> list:
        """The clauses the figure counts: every clause that is not a ruling."""
        return [c for c in self.clauses if not c.is_ruling]

    @property
    def missing(self) -> list:
        return [c for c in self.counted if not self.shown_by.get(c.id)]

    @property
    def percent(self) -> float:
        counted = self.counted
        return 100.0 * (len(counted) - len(self.missing)) / len(counted) if counted else 100.0

    def summary(self) -> str:
        counted = len(self.counted)
        return (f"{counted - len(self.missing)} of {counted} clauses illustrated "
                f"({self.percent:.0f}%); rulings are not counted")


def applied_rules(game, before, step, events, history=None) -> list[str]:
    """The clauses the engine applies at one step (see the module's docstring), in the
    order first met, each once. ``history``: the states up to ``before`` (the last),
    for a ruling to be tried against the book's reading (``Game.ruling_decides``)."""
    applied = [event.rule for event in events]
    forced = game.forced(before, step.seat)
    if forced is not None:
        applied.append(forced.rule)
    checked = set(game.move_rules(step.move)) | set(game.phase_rules(before)) | \
        {game.turn_rule}   # every move is checked for whose turn it is (Game.check)
    history = list(history) if history else [before]
    applied += [rule for rule in step.rules if rule in checked and
                (not _is_ruling(game, rule) or
                 game.ruling_decides(history, step.seat, step.move, rule))]
    return list(dict.fromkeys(rule for rule in applied if rule))


def _is_ruling(game, rule: str) -> bool:
    return rule in game.rules and game.rules[rule].is_ruling


def coverage(game_id: str) -> Coverage:
    """Replay every example of the game and collect the clauses its steps apply."""
    shown: dict[str, list[tuple[str, int]]] = {}
    game = get_game(game_id)
    for stem in example_order(game_id):
        scenario = scenarios.load(scenario_dir(game_id) / f"{stem}.yaml")
        match = scenario.new_match()
        # Step 0, the setup, shows the clauses of what the game does as it begins (each
        # once, though several of its events may cite the same clause).
        opening = game.opening_events(match.states[0])
        for rule in dict.fromkeys(event.rule for event in opening):
            shown.setdefault(rule, []).append((stem, 0))
        history = [match.state]
        for result in scenarios.play(scenario, match):
            if isinstance(result.step, scenarios.Jump):   # no move: a new position
                history = [match.state]
                continue
            for rule in applied_rules(game, history[-1], result.step, result.events,
                                      history):
                shown.setdefault(rule, []).append((stem, result.step.number))
            history.append(match.state)
    return Coverage(game_id, {rule: tuple(at) for rule, at in shown.items()})


def report(game_id: str) -> str:
    """The coverage map as text: every clause with the steps that show it."""
    cov = coverage(game_id)
    lines = [f"{get_game(game_id).title}: {cov.summary()}", ""]
    for clause in cov.clauses:
        steps = cov.shown_by.get(clause.id, ())
        where = ", ".join(f"{stem} step {number}" for stem, number in steps) or \
            "not illustrated yet"
        kind = " (ruling)" if clause.is_ruling else ""
        lines.append(f"{clause.id}{kind}: {where}")
    return "\n".join(lines)
