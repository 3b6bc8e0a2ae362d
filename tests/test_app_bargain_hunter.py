"""The Bargain Hunter app, driven by clicks: tricks with declarations, spring cleaning
with a preview, colours with symbols, and a seat's view hiding the others' cards."""

import re

import pytest

from page_text import unmarked
from tutor.session import LEARNER
from widgets.app import TutorApp
from widgets.panels.panels import CHART_TAB


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unmarked(html)))


@pytest.fixture
def app():
    return TutorApp("bargain_hunter", "spring_cleaning")


def branch_as(app, step, seats, others=LEARNER):
    app.slider.value = step
    for seat, box in enumerate(app.seat_picks):
        box.value = seat in seats
    app.opponents.value = others
    app.branch_button.click()


def test_the_trick_shows_lead_trump_declarations_and_the_winner():
    app = TutorApp("bargain_hunter", "trick_higher_seven")
    app.slider.value = app.model.book.size
    table = plain(app.table.value)
    # The finished trick stays in view, card by card, with its winner.
    assert "Last trick, won by Fred : Sara 2 ▲ green James 7 ▲ green Fred 7 ▲ green" in table
    app.slider.value = 3  # Sara green 2, James green 7, Fred green 7 declared higher
    table = plain(app.table.value)
    assert "lead ▲ green , trump none" in table
    assert "Fred (winning) 7 ▲ green higher" in table


def test_spring_cleaning_previews_what_is_trashed_and_kept(app):
    branch_as(app, 0, {0})
    composer = app.composer
    assert "spring cleaning" in plain(composer.title.value)
    assert composer.cards.options == ("item 1", "item 3", "item 4", "item 5", "item 7",
                                      "item 9")
    composer.cards.value = "item 3"
    preview = plain(composer.verdict.value)
    assert "green 3 and red 3 go to the trash" in preview
    assert "blue 3 and purple 3 go onto Sara&#x27;s bargain pile" in preview
    assert app.model.branch.turns == []  # a preview plays nothing
    composer.cards.value = "item 4"
    preview = plain(composer.verdict.value)
    assert "yellow 4 and black 4 go to the trash" in preview and "bargain stays 6" in preview
    composer.play_button.click()
    assert "Sara clears out item 4" in plain(app.narration.value)


def test_a_seat_sees_its_own_junk_but_only_the_size_of_others(app):
    app.perspective.value = 1  # James
    table = app.table.value
    sara = table.split("data-seat='0'")[1].split("data-seat='1'")[0]
    assert "Junk pile: 10 cards (face down)" in plain(sara)
    assert "data-card" not in sara.split("rt-junk")[1].split("rt-hand")[0]
    james = table.split("data-seat='1'")[1].split("data-seat='2'")[0]
    assert plain(james).count("▲ green") >= 1 and "(face down)" not in plain(james)


def test_an_illegal_card_is_explained_and_changes_nothing():
    app = TutorApp("bargain_hunter", "trick_higher_seven")
    branch_as(app, 2, {2})  # Fred must follow green
    composer = app.composer
    off_colour = [o for o in composer.cards.options if not o.startswith("green")][0]
    composer.cards.value = off_colour
    assert "Not allowed by BH-" in unmarked(composer.verdict.value)
    before = app.table.value
    composer.play_button.click()
    assert "Not allowed" in unmarked(app.composer.verdict.value) and app.table.value == before


def test_colours_have_symbols_and_the_chart_plots_scores(app):
    assert "▲" in unmarked(app.table.value) and "#009E73" in unmarked(app.table.value)
    app.panels.selected_index = CHART_TAB
    assert [t.name for t in app.panels.chart.data] == [
        "Sara: score", "James: score", "Fred: score", "Mandy: score"]
    assert "score" in app.panels.scores.value
    round_app = TutorApp("bargain_hunter", "three_players_round")
    round_app.slider.value = round_app.model.book.size  # past the first round's cleaning
    round_app.panels.selected_index = CHART_TAB
    assert list(round_app.panels.chart.data[0].x) == [1, 2]  # one point per round
