"""The app's state is its model: the controller (no widgets) writes it, the widgets draw
it. Driven here as a script or a lesson would, through the controller, then read in
what the learner sees."""

import html
import re

import pytest

from page_text import unmarked
from widgets.app import PRACTICE, TEACHER, AppController, TutorApp


@pytest.fixture
def app():
    return TutorApp("sneaky_bastard", "four_players")


def test_the_controller_steps_and_the_widgets_follow(app):
    app.controller.jump(6)
    assert app.model.step == 6 and app.slider.value == 6
    assert app.step_label.value == "Step 6 of 10" and "Bid: 120K" in unmarked(app.table.value)
    app.controller.set_viewer(1)
    assert app.perspective.value == 1 and app.model.viewer == 1
    app.controller.set_mode(PRACTICE)
    assert app.mode.value == PRACTICE and app.model.practicing
    assert app.practice_panel.layout.display == ""


def test_what_the_learner_sets_is_written_to_the_model(app):
    app.perspective.value = 2
    assert app.model.viewer == 2 and app.model.my_seats == (2,)   # viewed is played
    assert [box.value for box in app.seat_picks] == [False, False, True, False]
    app.perspective.value = TEACHER
    assert app.model.viewer is None
    app.slider.value = 4
    assert app.model.step == 4 and app.model.book.position == 4


def test_a_spotlight_lights_its_cards_button_and_line_and_nothing_else(app):
    hand = list(app.model.state.zones["hand:0"])
    app.controller.spotlight(cards=hand[:1], button="rt-next",
                             line="Press <Next> to see Lisa's first bid")
    table = app.table.value
    lit = re.findall(r"data-card='([^']+)' data-spotlight", table)
    assert lit == [html.escape(hand[0], quote=True)]
    assert "rt-spotlit" in app.next_button._dom_classes
    assert "rt-spotlit" not in app.back_button._dom_classes
    assert app.spotlight_line.value == "Press &lt;Next&gt; to see Lisa&#x27;s first bid"
    assert app.spotlight_line.layout.display == ""
    app.controller.spotlight()           # no spotlight: nothing lit, no line
    assert "data-spotlight" not in app.table.value
    assert "rt-spotlit" not in app.next_button._dom_classes
    assert app.spotlight_line.layout.display == "none"


def test_progress_is_reported_through_the_model(app):
    reports = []
    app.model.observe(lambda change: reports.append(change["new"].event), names="report")
    app.controller.jump(app.model.steps)
    assert reports[-2:] == ["shown", "example_watched"]
    assert app.what_next.layout.display == ""        # the end of an example, watched
    app.controller.jump(app.model.steps)             # the same step: nothing new
    assert reports[-1] == "example_watched" and len(reports) == 2


def test_the_setup_tour_and_the_step_parts_page_through_the_models_page():
    app = TutorApp("sell_me_a_sasquatch")
    assert app.model.pager == "setup" and app.model.page == 0
    app.setup_tour.next_button.click()
    assert app.model.page == 1 and app.setup_tour.counter.value.startswith("Setup: 2 of")
    app.controller.go_page(0)
    assert app.setup_tour.counter.value.startswith("Setup: 1 of")


def test_a_controller_needs_no_widgets():
    from tutor.games import get_game
    from widgets.app import load_examples
    controller = AppController(get_game("sneaky_bastard"), load_examples("sneaky_bastard"))
    controller.open_example("four_players")
    controller.next()
    assert controller.model.step == 1 and controller.model.book.position == 1
    controller.set_viewer(0)
    controller.set_mode(PRACTICE)
    model = controller.model                    # Frank's bid is asked: the table turns
    assert model.practicing and model.composing == model.viewer == model.practice.seat == 1
    assert controller.submit("wait") is not None and model.book.position == 1   # refused


def test_under_a_spotlight_only_the_cards_lit_can_be_picked(app):
    app.controller.pick_seat(0, True)
    app.controller.set_opponent("random")
    app.controller.start_branch()                 # Lisa to bid at the start
    hand = list(app.model.state.zones["hand:0"])
    app.controller.spotlight(cards=hand[1:2], line="Bid with this card")
    app.table.click_card(hand[0])
    assert app.model.chosen_cards == ()           # not lit: the click does nothing
    app.table.click_card(hand[1])
    assert app.model.chosen_cards == (hand[1],)
    assert list(app.table.chosen) == [hand[1]]


def test_a_lesson_writes_its_stage_into_the_apps_model():
    from widgets.pages.lesson import Lesson, Progress
    lesson = Lesson("sneaky_bastard")
    assert lesson.app.model.lesson_stage == lesson.stage == 0
    done = Progress(tour=True, watched=(lesson.example,))     # toured and watched
    lesson.resume(done.to_text())
    assert lesson.stage == 2 and lesson.app.model.lesson_stage == 2
