"""The Sell Me a Sasquatch app, driven by clicks: deals, the Thingamabob window, seat
views that keep face-down cards secret, composing a deal and a buyer's choice."""

import pytest

from page_text import unmarked
from tutor.session import LEARNER
from widgets.app import TutorApp


@pytest.fixture
def app():
    return TutorApp("sell_me_a_sasquatch", "first_turn")


def play_as(app, name, others="heuristic"):
    for box in app.seat_picks:
        box.value = box.description == f"I play {name}"
    app.opponents.value = others
    app.branch_button.click()


def test_stepping_shows_the_buyer_the_deals_and_the_tokens(app):
    assert app.step_label.value == "Step 0 of 5"
    assert "Buyer: <b>Ann</b>" in unmarked(app.table.value)
    app.slider.value = 3
    assert "Deal: 3 cards" in unmarked(app.table.value) and "the buyer may turn one more card" in \
        app.table.value
    app.next_button.click()
    app.next_button.click()
    assert "Buyer: <b>Bob</b>" in unmarked(app.table.value)
    assert "Cat</b><br>1 point token" in unmarked(app.table.value)
    assert "1 point tokens" not in unmarked(app.table.value)
    assert "point tokens" in app.panels.scores.value


def test_a_seat_view_hides_the_others_face_down_cards(app):
    app.slider.value = 1      # Dan's deal is down: Trojan Horse, Platonic Isolator, Medium
    app.perspective.value = 1  # Bob
    table = app.table.value
    dan = table[table.index("data-seat='3'"):]
    assert "Trojan Horse" not in dan and "rt-back" in dan
    app.perspective.value = 3  # Dan sees his own deal, marked face down
    dan = app.table.value[app.table.value.index("data-seat='3'"):]
    assert "Trojan Horse" in dan and "face down" in dan
    app.slider.value = 3       # every deal ready: the face-up cards show to everyone
    app.perspective.value = 1
    dan = app.table.value[app.table.value.index("data-seat='3'"):]
    assert "Medium" in dan and "Trojan Horse" not in dan


def test_composing_a_deal_among_simultaneous_seats(app):
    play_as(app, "Bob")
    composer = app.composer
    assert "Bob to act" in composer.title.value and composer.action.value == "deal"
    composer.cards[0].value = "Giant"
    composer.cards[1].value = "Giant"
    assert "Not allowed by SQ-4.1" in unmarked(composer.verdict.value)          # only one Giant in hand
    composer.go_button.click()
    assert "Not allowed" in unmarked(app.composer.verdict.value)
    composer.cards[1].value = "Loan Shark"
    composer.cards[2].value = "Tiny"
    composer.up.value = "card 3"
    assert "Allowed:" in unmarked(composer.verdict.value)
    composer.go_button.click()
    assert app.message.value == ""
    assert "deal Giant+Loan Shark+Tiny up Tiny" in unmarked(app.narration.value)
    assert app.model.branch.state.data["built"] == [1, 2, 3] or app.model.branch.over or \
        app.model.branch.state.data["phase"] != "deals"


def test_the_buyers_choice_and_the_thingamabob_window():
    app = TutorApp("sell_me_a_sasquatch", "thingamabobs")
    app.slider.value = 4
    assert "Thingamabob window" in unmarked(app.table.value)
    assert "may play a Thingamabob or say done" in unmarked(app.table.value)
    play_as(app, "Ann", LEARNER)                # hot seat: every player is the learner
    composer = app.composer
    assert set(composer.action.options) == {"thingamabob", "last chance", "choose"}
    composer.action.value = "choose"
    assert "Not allowed by SQ-5.3" in unmarked(composer.verdict.value)   # the others may still play
    composer.action.value = "last chance"
    composer.go_button.click()
    assert "Last chance" in unmarked(app.narration.value)
    for name in ("Bob", "Cat", "Dan"):           # everyone else says done
        assert f"{name} to act" in app.composer.title.value
        app.composer.action.value = "done"
        app.composer.go_button.click()
    composer = app.composer
    composer.action.value = "choose"
    composer.player.value = "Cat"
    assert "Allowed:" in unmarked(composer.verdict.value)
    composer.go_button.click()
    assert "Ann chooses Cat&#x27;s deal" in unmarked(app.narration.value)
    assert "Buyer: <b>Cat</b>" in unmarked(app.table.value)


def test_a_thingamabob_is_composed_and_judged_by_the_engine():
    app = TutorApp("sell_me_a_sasquatch", "thingamabobs")
    app.slider.value = 4
    play_as(app, "Dan")                         # the bots wait while Dan may act
    app.perspective.value = 3
    composer = app.composer
    composer.action.value = "thingamabob"
    composer.gadget.value = "Platonic Isolator"
    composer.player.value = "Cat"
    assert "Not allowed by SQ-5.4" in unmarked(composer.verdict.value)
    composer.player.value = "Ann"
    composer.go_button.click()
    assert "Dan takes a point token from Ann" in unmarked(app.narration.value)


def test_the_buyer_may_choose_without_turning_the_extra_card(app):
    app.slider.value = 3                        # every deal ready: Ann may flip one card
    play_as(app, "Ann", LEARNER)
    composer = app.composer
    assert composer.action.options[0] == "flip" and "choose" in composer.action.options
    composer.action.value = "choose"
    composer.player.value = "Bob"
    assert "Allowed:" in unmarked(composer.verdict.value)   # nobody holds a Thingamabob (SQ-R18)
    composer.go_button.click()
    assert app.message.value == ""
    assert "Ann turns no extra card" in unmarked(app.narration.value)


def test_clicking_a_deal_card_aims_the_buyers_flip_and_choice(app):
    app.slider.value = 3                        # every deal ready: Ann may flip one card
    play_as(app, "Ann", LEARNER)
    table = app.table.value
    # Every card of every deal is clickable for the buyer, face down ones included.
    assert "data-slot='deal:1:1' data-pick='slot'" in table
    assert "rt-back' title='face down' data-slot='deal:2:2' data-pick='slot'" in table
    app.table.click_slot("deal:2:2")             # Cat's second card
    composer = app.composer
    assert (composer.action.value, composer.player.value, composer.position.value) == \
        ("flip", "Cat", 2)
    assert "Allowed:" in unmarked(composer.verdict.value)
    composer.action.value = "choose"
    app.table.click_slot("deal:1:3")             # a click on Bob's deal chooses it
    assert composer.player.value == "Bob"
    composer.go_button.click()
    assert "Ann turns no extra card" in unmarked(app.narration.value)


def test_deal_cards_are_not_clickable_while_deals_are_built(app):
    play_as(app, "Bob")
    assert "data-pick='slot'" not in app.table.value
    assert not app.composer.pick_slot("deal:0:1") and app.composer.action.value == "deal"
