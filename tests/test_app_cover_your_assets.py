"""The Cover Your Assets app, driven by clicks: stacks, battles, composing and branching."""

import pytest

from page_text import unmarked
from tutor.session import LEARNER
from widgets.app import TutorApp


@pytest.fixture
def app():
    return TutorApp("cover_your_assets", "long_battle")


def test_stepping_draws_the_battle_and_the_stacks(app):
    assert app.step_label.value == "Step 0 of 7"
    assert "Set 2: $45,000 (top set, open to challenge)" in unmarked(app.table.value)
    assert "Set 1: $16,000 (bottom set, safe)" in unmarked(app.table.value)
    app.next_button.click()
    assert "Eve challenges Ben" in unmarked(app.table.value) and "Ben must answer" in unmarked(app.table.value)
    app.slider.value = 7
    assert "$235,000 (top set" in unmarked(app.table.value)
    assert "rt-battle" not in unmarked(app.table.value)


def test_the_defender_answers_out_of_turn_in_a_branch(app):
    app.slider.value = 1  # Eve has challenged; Ben must answer
    for seat, box in enumerate(app.seat_picks):
        box.value = seat == 1
    app.opponents.value = LEARNER
    app.branch_button.click()
    assert "Ben must answer the challenge" in app.composer.title.value
    app.composer.first.value = "Jewels"
    assert "Not allowed by CYA-" in unmarked(app.composer.verdict.value)  # a Jewels does not match Sport Planes
    app.composer.go_button.click()
    assert "Not allowed" in unmarked(app.composer.verdict.value)
    app.composer.give_up_button.click()
    assert "Ben gives up: Eve wins the battle" in unmarked(app.narration.value)
    assert app.message.value == ""
    assert "Set 2: $70,000 (top set, open to challenge)" in unmarked(app.table.value)  # now Eve's


def test_composer_forms_a_set_with_a_live_preview(app):
    app.example_picker.value = "forming_sets"
    for box in app.seat_picks:
        box.value = True
    app.branch_button.click()
    composer = app.composer
    # Nothing is judged before the learner chooses: no red error on opening.
    assert "rt-error" not in unmarked(composer.verdict.value) and "Choose" in unmarked(composer.verdict.value)
    composer.action.value = "discard"
    composer.first.value = composer.first.options[0]
    assert "Allowed:" in unmarked(composer.verdict.value)
    composer.action.value = "challenge"
    assert composer.target.layout.display == ""
    composer.target.value = composer.target.options[0]
    assert "Not allowed by CYA-" in unmarked(composer.verdict.value)  # nobody has a set to challenge yet


def test_clicking_a_top_set_aims_a_challenge_and_the_discard_pairs_its_top(app):
    app.slider.value = 7                        # the battle is over: someone's own turn
    seat = next(iter(app.game.to_act(app.model.state)))
    for index, box in enumerate(app.seat_picks):
        box.value = index == seat
    app.opponents.value = LEARNER
    app.branch_button.click()
    state = app.model.state
    tops = [s for s in range(state.num_players)
            if s != seat and len(state.data[f"sets:{s}"]) > 1]
    assert tops, "some other player has a top set to challenge"
    table = app.table.value
    assert f"data-slot='top:{tops[0]}' data-pick='slot'" in table
    assert f"data-slot='top:{seat}' data-pick" not in table   # never one's own set
    app.table.click_slot(f"top:{tops[0]}")
    composer = app.composer
    assert composer.action.value == "challenge"
    assert composer.target.value == app.model.players[tops[0]]
    composer.first.value = composer.first.options[0]
    move = composer._move()
    assert (type(move).__name__, move.target) == ("Challenge", app.model.players[tops[0]])
    if state.zones["discard"]:
        app.table.click_slot("discard")
        assert composer.action.value == "form a set with the discard"
