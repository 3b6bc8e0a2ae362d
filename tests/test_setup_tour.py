"""Step 0 of an example: the setup as a tour, one part at a time, with its rule."""

import re

import pytest

from page_text import unmarked
from tutor.core.game import Event
from tutor.games import game_ids
from widgets.app import TutorApp
from widgets.panels.setup_tour import SetupTour

EVENTS = [Event("X-1.1", "The game has 20 cards."),
          Event("X-1.2", "Ann and Bob each get 5 cards, face down."),
          Event("X-1.3", "Ann starts: she is the youngest.")]


def test_the_tour_shows_one_more_part_at_each_press_and_stops_at_the_ends():
    tour = SetupTour()
    tour.show(EVENTS)
    assert tour.layout.display == "" and tour.counter.value == "Setup: 1 of 3"
    assert "20 cards" in tour.items.value and "each get 5" not in tour.items.value
    assert tour.back_button.disabled and not tour.next_button.disabled
    tour.next_button.click()
    tour.next_button.click()
    text = tour.items.value
    assert "20 cards" in text and "Ann starts" in text and "[X-1.3]" in text
    assert text.count("rt-setup-now") == 1 and text.index("rt-setup-now") > text.index("5 cards")
    assert tour.next_button.disabled and tour.counter.value == "Setup: 3 of 3"
    tour.show(EVENTS)                 # the same setup again keeps the learner's place
    assert tour.counter.value == "Setup: 3 of 3"
    tour.show(EVENTS[:2])             # another setup starts from its first part
    assert tour.counter.value == "Setup: 1 of 2"


def test_event_text_is_shown_as_text():
    tour = SetupTour()
    tour.show([Event("X-1", "<img src=x onerror=alert(1)> gets 3 cards")])
    assert "<img" not in tour.items.value and "&lt;img" in tour.items.value
    assert tour.nav.layout.display == "none"      # one part: nothing to step


@pytest.mark.parametrize("game_id", game_ids())
def test_the_app_tours_the_engines_setup_at_step_0_only(game_id):
    app = TutorApp(game_id)
    events = app.model.book.opening_events
    if not events:
        assert app.setup_tour.layout.display == "none"
        return
    assert app.setup_tour.layout.display == ""
    assert unmarked(events[0].for_viewer(app.model.viewer).text)[:30] in unmarked(app.setup_tour.items.value)
    app.next_button.click()
    assert app.setup_tour.layout.display == "none"
    app.back_button.click()
    assert app.setup_tour.layout.display == ""


def test_a_seat_reads_the_setup_as_that_seat_may():
    app = TutorApp("sneaky_snakes")
    app.perspective.value = 1
    seat_events = [e.for_viewer(1) for e in app.model.book.opening_events]
    assert app.setup_tour.events == tuple(seat_events)


def test_a_long_setup_shows_the_newest_part_and_the_two_before_it():
    tour = SetupTour()
    tour.show([Event(f"X-{n}", f"part number {n}.") for n in range(1, 8)])
    tour.go(5)
    text = tour.items.value
    assert "<ol start='4'>" in text
    assert [f"part number {n}." in text for n in range(1, 8)] == [False] * 3 + [True] * 3 + [False]


def _marked(table: str) -> list[str]:
    """What the table marks as the part told: each marked element's opening tag."""
    return re.findall(r"<div [^>]*data-tour='now'[^>]*>", table)


@pytest.mark.parametrize("game_id", game_ids())
def test_each_part_of_the_tour_marks_a_part_of_the_table(game_id):
    app = TutorApp(game_id)
    tour = app.setup_tour
    seen = []
    while True:
        marked = _marked(app.table.value)
        assert marked, f"part {tour.index + 1} marks nothing on the table"
        seen.append(tuple(marked))
        if tour.next_button.disabled:
            break
        tour.next_button.click()
    # "Next part" changes what is marked: not one mark for the whole tour.
    assert len(set(seen)) > 1
    app.next_button.click()                      # step 1: the tour is over
    assert _marked(app.table.value) == []


def test_a_part_naming_a_player_marks_that_players_seat():
    app = TutorApp("cover_your_assets", "forming_sets")
    tour = app.setup_tour
    players = app.model.players
    for index, event in enumerate(tour.events):
        named = [seat for seat, name in enumerate(players) if name in event.text]
        if len(named) == 1 and "pile" not in event.text:
            app.controller.go_page(index)
            assert _marked(app.table.value) == [
                m for m in _marked(app.table.value) if f"data-seat='{named[0]}'" in m]
            assert any(f"data-seat='{named[0]}'" in m for m in _marked(app.table.value))
            return
    pytest.fail("no setup part names one player")
