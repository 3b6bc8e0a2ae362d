"""Nothing a seat cannot see reaches its page: the secret twin test at the level of the
whole app (issue 16).

tests/test_secrets.py compares the texts the tutor makes for a seat. This module
compares what the kernel would send to the seat's page. Two apps
(widgets.app.TutorApp, in process: ipywidgets models exist without a front end) play on
from a position S and from a twin S' (testkit/twins.py: S with the cards the seat cannot
see exchanged among themselves), both viewed as the seat, which is played by the
learner while bots hold the other seats. The same actions are done to both apps, and
what the kernel sends each page must be the same: every comm message (a widget opened
with its whole state, every update of a trait, outputs included), recorded from the
apps' comms, model ids numbered in order of first appearance. Since both apps start
alike, equal messages mean equal pages at every moment; at the end the full state of
every widget reachable from each app (``get_state()``) is compared as well. The
actions:

1. the first render (table, narration, composer, messages, the link and download);
2. the seat's pickable cards clicked on the table one after another, then every choice
   of every control of the move composer set in turn: the live verdict on each
   composition (the brief calls this the legal move typed or picked);
3. Hint pressed twice (the kinds of move, then one move);
4. every tab opened: Scores, Log, Chart, Compare, Rules; then Quiz, its question asked
   and its first choice answered;
5. a legal move of the seat played, in S and in a twin of that ply (only cards hidden
   from the seat both before and after the move are exchanged, since the move may show
   the seat a card): the table, last move, narration and log after it;
6. where a bot is to act instead, "Next bot move" pressed in both apps; the pages are
   compared when the bot's move reads the same to the seat and leaves the same table
   (a bot holding other cards may rightly play otherwise).

Positions: every state of each game's first worked example and about
``RANDOM_POSITIONS`` positions of seeded random play (spread over whole games), every
seat of each. ``pytest -s`` prints the figures per game.
"""

from __future__ import annotations

import json
import os
import random
import re

import comm
import ipywidgets as w
import pytest
from comm.base_comm import BaseComm

from tutor.core.match import Match
from tutor.core.views import view
from tutor.games import GAMES
from tutor.session import LEARNER, Branch
from testkit.twins import (first_example_match, play_randomly, ply_twin, position_twin,
                           random_plans, seen_so_far)
from widgets.app import TutorApp
from widgets.pages.links import Link
from widgets.panels.panels import TITLES

RANDOM_POSITIONS = int(os.environ.get("SECRETS_APP_POSITIONS", 30))
RANDOM_PLIES = 400          # a random game is cut off here (all of them end well before)
CLICKS = 6                  # pickable cards clicked per seat and position
SETTINGS = 30               # composer control settings per seat and position
MAX_FAILURES = 12


# -- the page state ----------------------------------------------------------------------

_MODEL = "IPY_MODEL_"


def _widgets_in(value):
    if isinstance(value, w.Widget):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _widgets_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _widgets_in(item)


def _renumbered(value, numbers):
    if isinstance(value, str) and value.startswith(_MODEL):
        return f"<model {numbers.get(value[len(_MODEL):], '?')}>"
    if isinstance(value, (list, tuple)):
        return [_renumbered(v, numbers) for v in value]
    if isinstance(value, dict):
        return {k: _renumbered(v, numbers) for k, v in value.items()}
    if isinstance(value, memoryview):
        return bytes(value)
    return value


def reachable(root: w.Widget) -> list[w.Widget]:
    """Every widget the page gets with ``root``, in order of discovery (breadth first,
    through every synced trait: children, tabs, layouts, styles...)."""
    found, numbers = [root], {root.model_id}
    for widget in found:
        for name in widget.keys:
            for child in _widgets_in(getattr(widget, name)):
                if child.model_id not in numbers:
                    numbers.add(child.model_id)
                    found.append(child)
    return found


def page_state(root: w.Widget) -> list[tuple[str, dict]]:
    """(class name, synced state) of every widget reachable from ``root``, model ids
    replaced by their number in the order of discovery: what the kernel sends the page,
    up to the ids it makes up."""
    widgets = reachable(root)
    numbers = {widget.model_id: index for index, widget in enumerate(widgets)}
    return [(type(widget).__name__, _renumbered(widget.get_state(), numbers))
            for widget in widgets]


def _around(first: str, second: str, width: int = 160) -> tuple[str, str]:
    """The two texts near where they first differ."""
    at = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b),
              min(len(first), len(second)))
    start = max(0, at - width // 2)
    return first[start:start + width], second[start:start + width]


def first_difference(mine: list, theirs: list) -> str | None:
    """Where two page states first differ, in words; None if they are the same."""
    if len(mine) != len(theirs):
        return f"{len(mine)} widgets against {len(theirs)}"
    for (kind, a), (_, b) in zip(mine, theirs):
        if a == b:
            continue
        key = next(k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k))
        first, second = _around(json.dumps(a.get(key), sort_keys=True, default=str),
                                json.dumps(b.get(key), sort_keys=True, default=str))
        classes = " ".join(a.get("_dom_classes", ()))
        return f"{kind} [{classes}] .{key}:\n    {first}\n    {second}"
    return None


# -- what the kernel sends ------------------------------------------------------------

class Wire:
    """Records every message the widgets' comms send to the page, in order."""

    def __init__(self):
        self.messages: list[tuple] = []

    def create_comm(self, **kwargs) -> BaseComm:
        return _RecordingComm(self.messages, **kwargs)


class _RecordingComm(BaseComm):
    def __init__(self, log, **kwargs):
        self._log = log
        super().__init__(**kwargs)

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        self._log.append((msg_type, self.comm_id, data,
                          [bytes(b) for b in buffers or ()]))


class Reader:
    """One app's messages with its model ids numbered in order of first appearance (the
    ids themselves are random), and what each model is, for the report."""

    def __init__(self):
        self.numbers: dict[str, int] = {}
        self.names: dict[int, str] = {}

    def number(self, model_id: str) -> int:
        return self.numbers.setdefault(model_id, len(self.numbers))

    def _renumbered(self, value):
        if isinstance(value, str) and value.startswith(_MODEL):
            return f"<model {self.number(value[len(_MODEL):])}>"
        if isinstance(value, (list, tuple)):
            return [self._renumbered(v) for v in value]
        if isinstance(value, dict):
            return {k: self._renumbered(v) for k, v in value.items()}
        return value

    def read(self, messages) -> list[tuple]:
        read = []
        for kind, model_id, data, buffers in messages:
            number = self.number(model_id)
            data = self._renumbered(data or {})
            state = data.get("state", {})
            if kind == "comm_open":
                classes = " ".join(state.get("_dom_classes", ()))
                self.names[number] = f"{state.get('_model_name', '?')} [{classes}]"
            read.append((kind, number, data, buffers))
        return read


def wire_difference(mine: list, theirs: list, names: dict) -> str | None:
    """Where two read message streams first differ, in words; None if they are equal."""
    for index, (a, b) in enumerate(zip(mine, theirs)):
        if a == b:
            continue
        if a[:2] != b[:2]:
            return (f"message {index}: {a[0]} to {names.get(a[1], a[1])} against {b[0]} to "
                    f"{names.get(b[1], b[1])}")
        first, second = _around(json.dumps(a[2], sort_keys=True, default=str),
                                json.dumps(b[2], sort_keys=True, default=str))
        return f"{a[0]} to {names.get(a[1], a[1])}:\n    {first}\n    {second}"
    if len(mine) != len(theirs):
        return f"{len(mine)} messages against {len(theirs)}"
    return None


# -- positions ---------------------------------------------------------------------------

def random_positions(game_id: str, count: int):
    """(name, state, seen) of ``count`` positions spread over seeded random games."""
    game, plans = GAMES[game_id], random_plans(game_id)
    for players, seed in plans:
        match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed)
        play_randomly(match, random.Random(seed), RANDOM_PLIES)
        size = len(match.states)
        share = max(1, count // len(plans))
        picks = {round(k * (size - 1) / max(1, share - 1)) for k in range(share)}
        for i, state, seen in seen_so_far(game, match):
            if i in picks:
                yield f"random {players}p seed {seed} position {i}", state, seen


def positions(game_id: str):
    name, match = first_example_match(game_id)
    for i, state, seen in seen_so_far(GAMES[game_id], match):
        yield f"{name} position {i}", state, seen
    yield from random_positions(game_id, RANDOM_POSITIONS)


# -- two apps driven alike ---------------------------------------------------------------

class Leak(AssertionError):
    """The two pages differ: something the seat cannot see reached it."""


_PICKABLE = re.compile(r"data-card='([^']+)'[^>]*? data-pick='1'")


def _choice_controls(composer) -> list[w.Widget]:
    """The composer's controls a learner sets (lists, toggles), shown or not."""
    return [c for c in reachable(composer)
            if isinstance(c, (w.widgets.widget_selection._Selection, w.ToggleButton))
            and not c.disabled]


def _choose(control, choice) -> None:
    if isinstance(control, w.ToggleButton):
        control.value = choice
    elif choice < len(control.options):
        control.index = choice


class Twins:
    """Two apps of one game, ``mine`` showing positions, ``theirs`` their twins; every
    action is done to both, then their pages compared."""

    def __init__(self, game_id: str, wire: Wire):
        self.game = GAMES[game_id]
        self.game_id = game_id
        self.wire = wire
        self.counts = {"positions": 0, "seats": 0, "verdicts": 0, "allowed": 0,
                       "hints": 0, "quizzes": 0, "moves": 0, "moves without twin": 0,
                       "bot moves": 0, "bot moves told apart": 0}
        self._build()

    def _build(self) -> None:
        self.readers = (Reader(), Reader())
        self._sent = []
        apps = []
        for _ in range(2):
            def build():
                app = TutorApp(self.game_id, link=Link())
                app.pace.value = None     # the bots wait for "Next bot move"
                apps.append(app)
            self._sent.append(self._record(build))
        self.apps = tuple(apps)
        self.compare("a new app", "its first page")

    def rebuild(self) -> None:
        """Two fresh apps, so that a leak found leaves nothing behind in the next check."""
        for app in self.apps:
            for widget in reachable(app):
                widget.close()
        self.wire.messages.clear()
        self._build()

    def _record(self, action) -> list:
        start = len(self.wire.messages)
        action()
        sent = self.wire.messages[start:]
        del self.wire.messages[start:]
        return sent

    def compare(self, where: str, what: str) -> None:
        """What the kernel sent each app since the last comparison must be the same."""
        mine, theirs = (reader.read(sent) for reader, sent in zip(self.readers, self._sent))
        self._sent = [[], []]
        difference = wire_difference(mine, theirs, self.readers[0].names)
        if difference:
            raise Leak(f"{where}, {what}: the pages were sent different messages: "
                       f"{difference}")

    def compare_pages(self, where: str) -> None:
        """The whole state of both pages, widget by widget."""
        difference = first_difference(*(page_state(app) for app in self.apps))
        if difference:
            raise Leak(f"{where}: the pages differ at {difference}")

    def both(self, action) -> None:
        for index, app in enumerate(self.apps):
            self._sent[index] += self._record(lambda: action(app))

    def show(self, states, seat: int) -> None:
        controllers = {s: LEARNER if s == seat else "heuristic"
                       for s in range(states[0].num_players)}
        for index, (app, state) in enumerate(zip(self.apps, states)):
            branch = Branch.from_state(self.game, state, controllers, seed=7, autoplay=False)
            self._sent[index] += self._record(lambda: app.controller.play_from(branch))

    # -- what a seat may do --------------------------------------------------------

    def check(self, where: str, state, seat: int, seen, rng) -> None:
        self.counts["seats"] += 1
        where = f"{where}, seat {seat} ({state.players[seat]})"
        self.show((state, position_twin(self.game, state, seat, seen, rng)), seat)
        self.compare(where, "the first render")
        mine = self.apps[0]
        if mine.composer.layout.display != "none":
            self.compose(where)
            self.hint(where)
        self.tabs(where)
        self.quiz(where)
        if mine.model.branch.bot_to_act() is not None:
            self.bot_move(where, seat)
        elif mine.model.branch.learner_to_act() == seat:
            self.move(where, state, seat, seen, rng)

    def _verdicts_agree(self, where: str, what: str) -> None:
        mine, theirs = (app.composer.verdict.value for app in self.apps)
        if mine != theirs:
            raise Leak(f"{where}, {what}: the live verdicts differ:\n    {mine}\n    {theirs}")
        self.counts["verdicts"] += 1
        self.counts["allowed"] += "rt-ok" in mine

    def compose(self, where: str) -> None:
        """Click the pickable cards, then set every choice of every control."""
        mine, theirs = self.apps
        for card in _PICKABLE.findall(mine.table.value)[:CLICKS]:
            self.both(lambda app: app.table.click_card(card))
            self._verdicts_agree(where, f"card {card} clicked")
        settings = 0
        pairs = list(zip(_choice_controls(mine.composer), _choice_controls(theirs.composer)))
        for ours, twin in pairs:
            if isinstance(ours, w.ToggleButton):
                choices = [not ours.value]
            else:
                choices = list(range(len(ours.options)))
            for choice in choices:
                if settings == SETTINGS:
                    break
                settings += 1
                for index, control in enumerate((ours, twin)):
                    self._sent[index] += self._record(lambda: _choose(control, choice))
                self._verdicts_agree(where, f"{ours.description or 'a control'} set to "
                                            f"choice {choice}")
        self.compare(where, "the composer after composing")

    def hint(self, where: str) -> None:
        for level in (1, 2):
            self.both(lambda app: app.hint_button.click())
            self.counts["hints"] += 1
            self.compare(where, f"hint level {level}")

    def tabs(self, where: str) -> None:
        for title in ("Scores", "Log", "Chart", "Compare", "Rules"):
            self.both(lambda app: setattr(app.panels, "selected_index", TITLES.index(title)))
            self.compare(where, f"the {title} tab")

    def quiz(self, where: str) -> None:
        self.both(lambda app: setattr(app.panels, "selected_index", TITLES.index("Quiz")))
        self.both(lambda app: app.quiz.ask_button.click())
        self.compare(where, "the quiz question")
        if self.apps[0].quiz.choices.children:
            self.counts["quizzes"] += 1
            self.both(lambda app: app.quiz.choices.children[0].click())
            self.compare(where, "the quiz answered")

    def move(self, where: str, state, seat: int, seen, rng) -> None:
        """The seat plays a legal move, in S and in a twin of that ply."""
        game = self.game
        move = rng.choice(game.legal_moves(state, seat))
        after, _ = game.apply(state, seat, move)
        found = ply_twin(game, state, after, seat, move, seat, seen, rng)
        if found is None:
            self.counts["moves without twin"] += 1
            return
        twin_before, twin_move, _ = found
        self.show((state, twin_before), seat)
        for index, (app, played) in enumerate(zip(self.apps, (move, twin_move))):
            self._sent[index] += self._record(lambda: app.play(played))
        self.counts["moves"] += 1
        what = f"after {game.format_move(state, seat, move)}"
        self.compare(where, what)
        for title in ("Log", "Scores"):
            self.both(lambda app: setattr(app.panels, "selected_index", TITLES.index(title)))
            self.compare(where, f"{what}, the {title} tab")

    def bot_move(self, where: str, seat: int) -> None:
        """Press "Next bot move" where the bot's move reads the same to the seat in both
        apps and leaves it the same table (asked of the bots beforehand: a bot is a pure
        function of its seat's view), since a bot holding other cards may rightly play
        otherwise, and then the pages rightly differ."""
        game = self.game
        self.counts["bot moves"] += 1
        readings = []
        for app in self.apps:
            branch = app.model.branch
            bot_seat = branch.bot_to_act()
            choice = branch.bots[bot_seat].choose(game, branch.state, bot_seat)
            after, _ = game.apply(branch.state, bot_seat, choice.move)
            readings.append((game.format_move_for(branch.state, bot_seat, choice.move, seat),
                             view(game, after, seat)))
        if readings[0] != readings[1]:
            self.counts["bot moves told apart"] += 1
            return
        self.both(lambda app: app.bot_button.click())
        self.compare(where, f"after the bot's {self.apps[0].model.branch.turns[-1].ply.text}")


@pytest.fixture
def wire(monkeypatch):
    """Every widget made from now on records what it sends to its page."""
    recorder = Wire()
    monkeypatch.setattr(comm, "create_comm", recorder.create_comm)
    return recorder


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_page_is_the_same_whatever_it_cannot_see(game_id, wire):
    twins = Twins(game_id, wire)
    rng = random.Random(f"app twins {game_id}")
    failures = []
    for where, state, seen in positions(game_id):
        twins.counts["positions"] += 1
        for seat in range(state.num_players):
            try:
                twins.check(where, state, seat, seen[seat], rng)
            except Leak as leak:
                failures.append(str(leak))
                twins.rebuild()
        if len(failures) >= MAX_FAILURES:
            break
    if not failures:
        twins.compare_pages("at the end")
    counts = twins.counts
    print(f"{game_id}: " + ", ".join(f"{n} {what}" for what, n in counts.items()))
    assert not failures, "\n".join(failures)
    # The checks reached what a seat does, not only the first render.
    assert counts["allowed"] and counts["hints"] and counts["quizzes"] and counts["moves"]
    assert counts["moves without twin"] <= 0.1 * (counts["moves"] + 1), counts
