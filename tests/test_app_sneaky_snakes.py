"""The Sneaky Snakes app, driven by clicks: each seat's view hides that seat's own
facing-away cards and shows the other hands the other way round, the teacher's view
marks who sees each card, and a pointed-at player answers out of turn in a branch."""

import re

import pytest

from page_text import unmarked
from tutor.session import LEARNER
from widgets.app import TEACHER, TutorApp


@pytest.fixture
def app():
    return TutorApp("sneaky_snakes", "playing_and_pointing")


def hand_block(table: str, seat: int) -> str:
    start = table.index(f"data-seat='{seat}'")
    end = table.find("data-seat=", start + 12)
    return table[start:end if end > 0 else None]


def test_stepping_shows_the_stand_in_deck_and_the_steal(app):
    assert app.step_label.value == "Step 0 of 10"
    assert "the tutor&#x27;s stand-in deck" in unmarked(app.table.value)
    app.next_button.click()
    assert "Ann is carrying out the card just played" in unmarked(app.table.value)
    assert "Sticky Fingers" in unmarked(app.narration.value)
    app.slider.value = 10
    assert "Game over: Cy wins with the most cards" in unmarked(app.table.value)


def test_each_seat_sees_the_other_faces_and_not_its_own_facing_away_cards(app):
    teacher = app.table.value
    ann_hand = hand_block(teacher, 0)
    assert "seen by all but Ann" in ann_hand and "seen by Ann only" in ann_hand
    assert "data-card='dumpster_dive" in ann_hand          # the teacher sees every face
    app.perspective.value = 0                                 # as Ann
    mine = hand_block(app.table.value, 0)
    assert "dumpster_dive" not in mine and "lucky_dip" not in mine
    assert mine.count("rt-back") == 2 and "faces away from you" in mine
    assert "data-card='sticky_fingers.1'" in mine             # faces Ann: she sees it
    bob = hand_block(app.table.value, 1)
    assert "data-card='gift" in bob and bob.count("rt-back") == 2   # Bob's facing away
    app.perspective.value = 1                                 # as Bob: Ann's hand inverted
    ann_seen_by_bob = hand_block(app.table.value, 0)
    assert "dumpster_dive" in ann_seen_by_bob and "sticky_fingers.1" not in ann_seen_by_bob


def test_a_pointed_player_answers_in_a_branch(app):
    app.slider.value = 3   # Bob has pointed at Ann's card 2
    for seat, box in enumerate(app.seat_picks):
        box.value = seat == 0
    app.opponents.value = LEARNER
    app.branch_button.click()
    app.perspective.value = 0   # as Ann: her own facing-away cards are backs
    composer = app.composer
    assert "Bob points at your card 2" in composer.title.value
    # Ann cannot see the card: the verdict must not name it before it is played.
    assert "Dumpster Dive" not in unmarked(composer.verdict.value)
    assert "Allowed" in unmarked(composer.verdict.value)
    composer.other_button.click()
    assert "Bob plays the card, Dumpster Dive" in unmarked(app.narration.value)
    # Hot seat: the table turns to the seat to act, Cy, whose moves the composer offers.
    assert app.perspective.value == 2 and "Cy to act" in app.composer.title.value


def test_composer_builds_moves_and_the_engine_judges(app):
    for box in app.seat_picks:
        box.value = True
    app.opponents.value = LEARNER
    app.branch_button.click()
    composer = app.composer
    assert "carries out the card just played" not in composer.title.value
    composer.action.value = "skip"
    assert "Not allowed by SN-3.7" in unmarked(composer.verdict.value)
    composer.go_button.click()
    assert "Not allowed" in unmarked(app.composer.verdict.value) and "Nothing changed" in unmarked(app.composer.verdict.value)
    composer.action.value = "point"
    composer.target.value = "Cy"
    composer.theirs.value = 3
    assert "Allowed: Ann points at Cy&#x27;s card 3" in unmarked(composer.verdict.value)
    app.perspective.value = TEACHER   # a teacher playing all-seeing keeps that view
    composer.action.value = "play"
    composer.mine.value = 3   # the Dumpster Dive: the teacher sees it, so the verdict may
    assert "Dumpster Dive" in unmarked(composer.verdict.value)
    app.perspective.value = 0   # as Ann, who cannot see it: the verdict keeps the secret
    composer.action.value = "play"
    composer.mine.value = 3
    assert "Dumpster Dive" not in unmarked(composer.verdict.value)
    assert any("(cannot see)" in text for text, _ in composer.mine.options)
    composer.mine.value = 1
    composer.go_button.click()
    assert "Ann plays card 1, Sticky Fingers" in unmarked(app.narration.value)
    assert "choose as it says" in composer.title.value
    composer.target.value = "Bob"
    composer.theirs.value = 2
    composer.go_button.click()
    assert "Ann steals Bob&#x27;s card 2" in unmarked(app.narration.value)


def test_peeking_is_offered_as_a_teaching_moment(app):
    for box in app.seat_picks:
        box.value = True
    app.opponents.value = LEARNER
    app.branch_button.click()
    composer = app.composer
    composer.action.value = "peek (breaks SN-4.1)"
    composer.mine.value = 3
    assert re.search(r"goes back into the middle of the draw pile", composer.verdict.value)
    composer.go_button.click()
    assert "[SN-4.4]" in unmarked(app.narration.value)
