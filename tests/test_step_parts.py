"""A long step in parts: the events of a step that tells many things at once, cut where
the engine names another part, stepped through one part at a time with an outline of
them all, each part marking the part of the table it speaks of."""

import dataclasses
import html
import re

import pytest

from page_text import unmarked
from tutor.core.game import Event
from tutor.games import GAMES, example_order, scenario_dir
from tutor.session import Walkthrough
from widgets.app import TEACHER, TutorApp
from widgets.panels.step_parts import MOST_EVENTS_AT_ONCE, StepParts, cut_into_parts

LONGEST = ("sell_me_a_sasquatch", "thingamabobs", 12)   # 12 events, the most of any step


def every_step():
    """(game, step) for every step of every shipped example."""
    for game_id, game in GAMES.items():
        for stem in example_order(game_id):
            book = Walkthrough.load(scenario_dir(game_id) / f"{stem}.yaml")
            for step in book.steps:
                yield game, step


STEPS = list(every_step())


def test_every_event_is_in_exactly_one_part_in_order_and_only_long_steps_are_cut():
    cut = 0
    for game, step in STEPS:
        events = step.events_for(None)
        parts = cut_into_parts(game, events)
        if len(events) <= MOST_EVENTS_AT_ONCE:
            assert parts == (), f"{game.id} step {step.number} is short but cut"
            continue
        if not parts:        # a long step the engine tells as one part reads whole,
            names = [game.event_part(e) for e in events]      # or a part per event
            assert len(set(names) - {""}) <= 1 or all(
                a != b for a, b in zip(names, names[1:])), f"{game.id} {step.number}"
            continue
        assert any(len(part.events) > 1 for part in parts), \
            f"{game.id} step {step.number}: parts of one event each are no help"
        cut += 1
        assert len(parts) > 1, f"{game.id} step {step.number}: one part is no cut"
        assert all(part.events and part.title for part in parts)
        assert tuple(e for part in parts for e in part.events) == events
    assert cut >= 10        # the shipped examples have long steps in every game but one


def test_a_sasquatch_choice_is_cut_by_the_phases_of_the_turn():
    game = GAMES["sell_me_a_sasquatch"]
    book = Walkthrough.load(scenario_dir(game.id) / "thingamabobs.yaml")
    parts = cut_into_parts(game, book.steps[11].events_for(None))
    assert [(p.title, [e.rule for e in p.events]) for p in parts] == [
        ("The choice", ["SQ-6.1", "SQ-6.2"]),
        ("The other deals", ["SQ-6.3", "SQ-6.3", "SQ-4.2"]),
        ("Trading in sets", ["SQ-7.1"] + ["SQ-2.1", "SQ-7.5"] * 3),
        ("Drawing back to five", ["SQ-8.1"] * 3),
        ("The next turn", ["SQ-8.3"])]


def test_another_games_long_step_is_cut_by_its_rule_sections():
    game = GAMES["bargain_hunter"]
    book = Walkthrough.load(scenario_dir(game.id) / "three_players_round.yaml")
    parts = cut_into_parts(game, book.steps[26].events_for(None))
    # Spring cleaning, then the next round's deal and its count of tricks, then the
    # hunt: each a rule section.
    assert [len(p.events) for p in parts] == [3, 4, 1]
    assert len({p.title for p in parts}) == 3


def _app_at(game_id: str, example: str, number: int) -> TutorApp:
    app = TutorApp(game_id, example)
    app.controller.jump(number)
    return app


def _app_at_longest() -> TutorApp:
    return _app_at(*LONGEST)


def _marked(table: str) -> list[str]:
    return re.findall(r"<div [^>]*data-tour='now'[^>]*>", table)


def test_the_app_steps_through_the_parts_and_the_outline_and_the_table_mark_follow():
    app = _app_at_longest()
    parts = app.step_parts
    assert parts.layout.display == "" and parts.counter.value == "Part 1 of 5"
    narration = unmarked(app.narration.value)
    assert "Ann takes Tiny, Giant" not in narration      # the events are told in parts
    assert "Ann takes Tiny, Giant" in unmarked(parts.items.value)
    assert "Bob draws 3 cards" not in unmarked(parts.items.value)
    seen = []
    while True:
        outline = parts.outline.value
        assert outline.count("rt-part-now") == 1
        now = re.search(r"<li class='rt-part-now'>([^<]*)</li>", outline).group(1)
        seen.append((now, tuple(_marked(app.table.value))))
        if parts.next_button.disabled:
            break
        parts.next_button.click()
    titles = [f"{n}. {part.title}" for n, part in enumerate(parts.parts, 1)]
    assert [now for now, _ in seen] == titles
    assert all(marks for _, marks in seen) and len({marks for _, marks in seen}) > 1
    # The choice marks the buyer (Ann) and the seller (Dan); the other deals Bob and Cat.
    seats = [re.findall(r"data-seat='(\d)'", " ".join(marks)) for _, marks in seen]
    assert seats[0] == ["0", "3"] and seats[1] == ["1", "2"]
    # Every part seen: the step is whole, every event listed, none folded.
    assert parts.whole and parts.counter.value == "Part 5 of 5"
    shown = html.unescape(unmarked(parts.items.value))
    assert all(e.text[:25] in shown for e in app.model.book.step.events_for(None))
    assert "<details class='rt-parts-before' open>" in parts.items.value
    parts.back_button.click()
    assert parts.counter.value == "Part 4 of 5" and not parts.whole
    # Before the end, the part told now comes first and the earlier ones fold under it.
    now, _, before = parts.items.value.partition("<details class='rt-parts-before'>")
    assert "Dan draws 3 cards" in unmarked(now) and "Ann chooses" not in unmarked(now)
    assert "Ann chooses" in unmarked(before) and "12 events" in before


def test_next_step_leaves_the_parts_where_it_always_is_and_a_short_step_is_whole():
    app = _app_at("sell_me_a_sasquatch", "tie", 4)      # 10 events, then a short step
    app.step_parts.next_button.click()
    app.next_button.click()                     # mid-parts: on to the next step
    assert app.model.book.position == 5
    assert len(app.model.book.step.events) <= MOST_EVENTS_AT_ONCE
    assert app.step_parts.layout.display == "none" and _marked(app.table.value) == []
    first = app.model.book.step.events_for(None)[0]
    assert first.text[:25] in html.unescape(unmarked(app.narration.value))
    app.back_button.click()                     # back to the long step: from its first part
    assert app.step_parts.counter.value == "Part 1 of 6"
    assert first.text[:25] not in html.unescape(unmarked(app.narration.value))
    app.table.press("ArrowRight")               # the arrow key steps, as at the setup
    assert app.model.book.position == 5


def test_a_seats_parts_are_the_events_as_that_seat_reads_them():
    app = _app_at_longest()
    step = app.model.book.step
    # One event of the step told with a secret that seat 1 may not read.
    events = list(step.events)
    events[1] = Event(events[1].rule, "Ann takes the Secret Giant", hidden_from=(1,),
                      public_text="Ann takes 2 cards")
    app.model.book.steps = tuple(dataclasses.replace(s, events=tuple(events)) if s is step else s
                           for s in app.model.book.steps)
    app.perspective.value = 1
    seat_events = app.model.book.step.events_for(1)
    assert app.step_parts.parts == cut_into_parts(app.game, seat_events)
    told = unmarked(app.step_parts.items.value)
    assert "Ann takes 2 cards" in told and "Secret" not in told
    assert "Secret" not in app.table.value and "Secret" not in app.narration.value
    app.perspective.value = TEACHER             # the teacher reads the secret
    assert "Ann takes the Secret Giant" in unmarked(app.step_parts.items.value)


def test_an_events_text_is_shown_as_text():
    parts = StepParts()
    game = GAMES["sell_me_a_sasquatch"]
    events = [Event(rule, f"<img src=x onerror=alert({n})> draws")
              for n, rule in enumerate(["SQ-8.1"] * 3 + ["SQ-8.3"] * 3)]
    parts.show(cut_into_parts(game, events))
    assert parts.outline.value.count("<li") == 2
    assert "<img" not in parts.items.value and "&lt;img" in parts.items.value


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_parts_shown_in_each_game_are_the_engines_parts(game_id):
    app = TutorApp(game_id)
    game = app.game
    for position in range(1, app.model.book.size + 1):
        app.controller.jump(position)
        expected = cut_into_parts(game, app.model.book.step.events_for(app.model.viewer))
        assert app.step_parts.parts == expected
        assert (app.step_parts.layout.display == "") == bool(expected)
