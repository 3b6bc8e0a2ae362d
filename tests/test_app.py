"""The Sneaky Bastard app, driven as a learner would: clicks and values set on the
widgets, then what the widgets show."""

import html
import re

import pytest

from page_text import unmarked
from tutor.session import LEARNER
from widgets.app import FREE_PLAY, TEACHER, TutorApp, load_examples
from widgets.panels.panels import CHART_TAB, TITLES


@pytest.fixture
def app():
    return TutorApp("sneaky_bastard", "four_players")


def card_ids(html: str) -> set[str]:
    return set(re.findall(r"data-card='([^']+)'", html))


def go_to(app, step):
    app.slider.value = step


def test_stepping_through_the_four_player_example(app):
    assert app.step_label.value == "Step 0 of 10"
    # The setup says what the game did before step 1, and what to press.
    assert "How the game is set up" in unmarked(app.setup_tour.items.value)
    tour = app.setup_tour
    while not tour.next_button.disabled:
        tour.next_button.click()
    assert "Studentenkamer (150K) is for sale" in unmarked(tour.items.value)
    assert "Press Next" in unmarked(app.narration.value)
    assert app.back_button.disabled and not app.next_button.disabled
    for _ in range(8):
        app.next_button.click()
    assert app.step_label.value == "Step 8 of 10"
    assert "Studentenkamer (150K) for 120K" in unmarked(app.narration.value)
    app.next_button.click()
    assert "Sneaky bid: 35K" in unmarked(app.table.value)
    app.next_button.click()
    assert app.next_button.disabled
    assert "a gain of 85K in all" in unmarked(app.narration.value)
    app.restart_button.click()
    assert app.step_label.value == "Step 0 of 10" and "Studentenkamer" in unmarked(app.narration.value)


def test_slider_jumps_and_rules_show_on_demand(app):
    go_to(app, 6)
    assert app.step_label.value == "Step 6 of 10"
    assert "Bid: 120K" in unmarked(app.table.value)
    assert "<details class='rt-rule'><summary>SB-R5</summary>" in unmarked(app.narration.value)
    assert "still on the house" in unmarked(app.narration.value)  # the clause text, in our words


def test_a_seat_perspective_hides_the_other_hands(app):
    state = app.model.state
    lisa, frank = set(state.zones["hand:0"]), set(state.zones["hand:1"])
    shown = card_ids(app.table.value)
    assert lisa <= shown and frank <= shown  # all-seeing
    app.perspective.value = 0
    shown = card_ids(app.table.value)
    assert lisa <= shown and not frank & shown
    assert app.table.value.count("(face down to you)") == 3
    app.perspective.value = TEACHER
    assert frank <= card_ids(app.table.value)


def branch_as(app, step, seats, others=LEARNER):
    go_to(app, step)
    for seat, box in enumerate(app.seat_picks):
        box.value = seat in seats
    app.opponents.value = others
    app.branch_button.click()


def test_branch_compose_a_legal_and_an_illegal_move(app):
    branch_as(app, 5, {1})  # Frank, with the others played by hand too (hot seat)
    assert app.step_controls.layout.display == "none"
    assert app.composer.layout.display == ""
    assert "Frank to act" in app.composer.title.value
    before = app.table.value
    # Waiting is not open to Frank: the button says why on hover before any click.
    assert app.composer.wait_button.disabled and "SB-4.5" in app.composer.wait_button.tooltip
    assert not app.composer.pass_button.disabled
    app.composer.wait_button.click()
    refusal = app.composer.verdict.value   # shown where the learner acted
    assert "Not allowed by SB-4.5" in unmarked(refusal) and "Nothing changed" in unmarked(refusal)
    assert app.table.value == before
    toggles = {t.description: t for t, _ in app.composer._toggles}
    toggles["100K"].value = True
    assert "would total <b>120K</b>" in app.composer.total.value
    assert "Allowed: Frank raises the bid on Studentenkamer (150K) to 120K" in unmarked(app.composer.verdict.value)
    app.composer.bid_button.click()
    assert "Bid: 120K" in unmarked(app.table.value)
    assert app.message.value == "" and "Not allowed" not in unmarked(app.composer.verdict.value)


def test_live_verdict_names_the_rule(app):
    branch_as(app, 1, {1})  # Frank must beat Lisa's 10K
    toggles = [t for t, face in app.composer._toggles if face["label"] == "10K"]
    toggles[0].value = True
    assert "Not allowed by SB-3.2" in unmarked(app.composer.verdict.value)
    assert "10K (Lisa)" in unmarked(app.composer.verdict.value)


def test_undo_redo_and_back_to_the_book(app):
    branch_as(app, 5, {1})
    app.composer.pass_button.click()
    assert "Frank passes" in unmarked(app.narration.value)
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert "Frank to act" in app.composer.title.value and not app.redo_button.disabled
    app.redo_button.click()
    assert "Frank passes" in unmarked(app.narration.value)
    app.book_button.click()
    assert app.model.branch is None and app.step_label.value == "Step 5 of 10"


def test_forced_wait_is_explained(app):
    branch_as(app, 3, {0, 1, 2, 3})  # Robin holds the only sneaky bid
    for move in ("bid 25K", "bid 25K", "bid 100K"):  # Fleur, Lisa, Frank
        app.play(move)   # hot seat: the table turns to the seat to act
    assert "Robin to act" in app.composer.title.value
    assert "cannot do anything but wait" in app.composer.title.value
    assert "[SB-4.5]" in app.composer.title.value
    app.composer.wait_button.click()
    assert "Robin must wait" in unmarked(app.narration.value)


def test_composer_waits_for_the_right_perspective(app):
    branch_as(app, 5, {1})
    app.perspective.value = 0  # Lisa's view while Frank must move
    assert app.composer.layout.display == "none"
    assert app.composer._toggles == [] and app.composer.cards.children == ()
    assert "view the table as Frank" in app.message.value


def test_bots_answer_with_reasons_and_the_comparison_fills(app):
    branch_as(app, 7, {3}, others="heuristic")  # Fleur, the others are bots
    app.composer.pass_button.click()
    app.panels.selected_index = TITLES.index("Log")
    assert "heuristic" in app.panels.log_view.value
    app.panels.selected_index = TITLES.index("Compare")
    assert "your line" in app.panels.comparison.value and "book" in app.panels.comparison.value


def test_log_and_chart_follow_the_steps(app):
    go_to(app, 4)
    assert app.panels.log_view.value == ""   # a closed tab is drawn when it is opened
    app.panels.selected_index = TITLES.index("Log")
    assert app.panels.log_view.value.count("</tr>") == 1 + 4  # header and four moves
    assert "bid 10K+10K" in app.panels.log_view.value
    app.next_button.click()           # the open tab follows each step
    assert app.panels.log_view.value.count("</tr>") == 1 + 5
    go_to(app, 4)
    assert app.panels.chart is None  # built only when its tab is opened
    app.panels.selected_index = CHART_TAB
    assert len(app.panels.chart.data) == 2 * 4  # money and houses per player
    assert list(app.panels.chart.data[0].x) == [0, 1, 2, 3, 4]
    # The page gets the figure as data for plotly's renderer, each player's line told
    # apart by its dash and marker as well as its colour.
    sent = app.panels.chart_view.figure
    money = [t for t in sent["data"] if t["name"].endswith(": money")]
    assert len({(t["line"]["dash"], t["marker"]["symbol"]) for t in money}) == 4
    app.next_button.click()
    assert list(app.panels.chart.data[0].x) == [0, 1, 2, 3, 4, 5]


def test_free_play_starts_a_game_with_the_chosen_seats(app):
    app.example_picker.value = FREE_PLAY
    app.free_players.value = 3
    app.free_seats.children[1].value = True
    app.opponents.value = "random"
    app.free_start.click()
    assert app.model.branch is not None and app.model.book is None
    assert app.model.branch.controllers == {0: LEARNER, 1: LEARNER, 2: "random"}
    assert [label for label, _ in app.perspective.options][1:] == [
        "Player 1", "Player 2", "Player 3"]


def test_the_three_player_example_is_offered(app):
    app.example_picker.value = "three_players"
    assert app.step_label.value == "Step 0 of 5"
    go_to(app, 4)
    assert "Bid: 550K" in unmarked(app.table.value)


def test_quiz_me_asks_about_the_position_and_the_engine_grades(app):
    go_to(app, 4)
    quiz = app.quiz
    quiz.ask_button.click()
    question = quiz.question
    assert question is not None
    assert html.escape(question.prompt) in unmarked(quiz.prompt.value)
    assert len(quiz.choices.children) == len(question.choices) >= 2
    wrong = next(i for i in range(len(question.choices)) if i != question.answer)
    quiz.choices.children[wrong].click()
    assert "Not quite" in quiz.feedback.value and question.clause in quiz.feedback.value
    assert "0 of 1 right" in quiz.score.value
    # After a miss: another question of the same kind, or a clear word that none fits.
    assert quiz.like_button.layout.display == ""
    quiz.like_button.click()
    assert quiz.question is None or (quiz.question.kind == question.kind and
                                     quiz.question.prompt != question.prompt)
    quiz.ask_button.click()
    assert quiz.question.prompt != question.prompt    # not asked twice in a row
    assert quiz.like_button.layout.display == "none"
    right = quiz.question.answer
    quiz.choices.children[right].click()
    assert "Right!" in quiz.feedback.value and "1 of 2 right" in quiz.score.value


def test_practice_mode_judges_each_move_against_the_book(app):
    assert app.setup_tour.layout.display != "none"  # Watch at the setup: the tour
    app.mode.value = "Practice"
    panel = app.practice_panel
    # the first move's question comes first: the tour stays Watch's
    assert app.setup_tour.layout.display == "none"
    assert unmarked(panel.prompt.value).startswith(
        f"<b class='rt-practice-question'>{app.model.book.steps[0].goal}</b>")
    assert app.composer.layout.display == "" and "Your turn as Lisa" in panel.prompt.value
    assert app.perspective.value == 0             # the table as Lisa sees it
    assert app.next_button.layout.visibility == "hidden"
    app.play("wait")                               # not a move Lisa may make now
    assert "Nothing changed" in unmarked(app.composer.verdict.value)
    assert app.model.book.position == 0
    app.play("bid 10K")                            # the book's move
    assert app.model.book.position == 1 and "Well done" in panel.feedback.value
    assert "Your turn as Frank" in panel.prompt.value and app.perspective.value == 1
    app.play("bid 25K")                            # legal, but the book bids 10K+10K
    assert "the book plays" in html.unescape(panel.feedback.value)
    assert panel.choice.layout.display == "" and app.model.book.position == 1
    panel.book_button.click()                      # take the book's move and go on
    assert app.model.book.position == 2
    panel.hint_button.click()
    assert "What you can do now" in panel.feedback.value
    panel.show_button.click()
    assert app.model.book.position == 3
    while not app.model.practice.done:
        panel.show_button.click()
    assert "Practice done" in panel.prompt.value and "found first time" in panel.prompt.value
    app.mode.value = "Watch"
    assert app.next_button.layout.visibility == "visible"


def test_practice_can_branch_off_with_the_learners_own_move(app):
    app.mode.value = "Practice"
    app.play("bid 10K")
    app.play("bid 25K")
    app.practice_panel.branch_button.click()
    assert app.model.branch is not None and app.mode.value == "Watch"
    assert "Frank: <code>bid 25K</code>" in unmarked(app.narration.value)


def test_hints_in_a_branch_first_the_kinds_of_move_then_one_move(app):
    branch_as(app, 1, {1})   # Frank must beat Lisa's 10K
    assert app.hint_box.layout.display == ""
    app.hint_button.click()
    first = unmarked(app.hint_view.value)
    assert "What you can do now" in first and "SB-3.2" in first
    app.hint_button.click()
    assert "One move you could make" in unmarked(app.hint_view.value)
    app.play("bid 10K+10K")
    assert app.hint_view.value == ""   # a new position: the old hint is gone


def test_the_chart_is_valid_plotly_and_opens_without_importing_plotly_or_pandas():
    """The first open of the chart is what a learner waits for: it sends plotly's JSON
    without the kernel importing plotly or pandas (a second each), and the JSON is a
    figure plotly itself accepts."""
    code = """
import sys, json
from widgets.app import TutorApp
from widgets.panels.panels import CHART_TAB
app = TutorApp("bargain_hunter", "three_players_round")
app.slider.value = 6
app.panels.selected_index = CHART_TAB
sent = app.panels.chart_view.figure
print(json.dumps({"loaded": [m for m in ("plotly", "pandas") if m in sys.modules],
                  "figure": sent}))
"""
    import json
    import subprocess
    import sys

    import plotly.graph_objects as go

    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    result = json.loads(run.stdout.splitlines()[-1])
    assert result["loaded"] == []
    figure = go.Figure(result["figure"])            # raises on any property plotly lacks
    assert [t.name for t in figure.data][:1] == ["Sara: score"]
    assert figure.layout.title.text and figure.layout.xaxis.title.text


def test_after_the_bots_the_newest_move_comes_first_and_the_earlier_fold(app):
    branch_as(app, 0, {0}, others="heuristic")
    app.composer.pass_button.click()            # Lisa passes; Frank, Robin, Fleur answer
    turns = app.model.branch.recent_turns()
    assert len(turns) >= 3
    text = app.narration.value
    newest = re.search(r"<div class='rt-newest'>(.*?)</div>", text, re.S).group(1)
    last, first = turns[-1], turns[0]
    assert html.escape(last.text_for(0)) in newest
    assert html.escape(app.model.players[last.ply.seat]) in newest
    folded = text[text.index("<details class='rt-earlier'>"):]
    assert f"{len(turns) - 1} earlier moves" in folded
    assert html.escape(first.text_for(0)) in folded
    # newest first among the folded ones too
    second_last = html.escape(app.model.players[turns[-2].ply.seat])
    assert folded.index(second_last) < folded.rindex(html.escape(app.model.players[first.ply.seat]))
    # Beside the composer (shown on a phone): the move the learner answers.
    assert html.escape(last.text_for(0)) in app.latest.value


def test_play_from_here_sends_the_focus_to_the_move(app):
    asked = app.focus_mover.request
    branch_as(app, 2, {0})
    assert app.focus_mover.request == asked + 1
    assert any("rt-composer" in t for t in app.focus_mover.targets)


def test_the_last_step_offers_what_to_do_next(app):
    assert app.what_next.layout.display == "none"
    go_to(app, app.model.book.size)
    assert app.what_next.layout.display == ""
    # Practise it: the same example, from its first move.
    app.practise_button.click()
    assert app.model.practicing and app.model.book.position == 0
    assert app.what_next.layout.display == "none"
    app.mode.value = "Watch"
    go_to(app, app.model.book.size)
    # The quiz: its tab opens with a question asked about the position.
    app.quiz_button.click()
    assert TITLES[app.panels.selected_index] == "Quiz" and app.quiz.choices.children
    # The next example opens at its start.
    after = list(app.controller.examples)[list(app.controller.examples).index(app.example_picker.value) + 1]
    app.next_example_button.click()
    assert app.example_picker.value == after and app.model.book.position == 0
    # A whole game against the bots: free play, the learner Player 1, bots the others.
    go_to(app, app.model.book.size)
    app.whole_game_button.click()
    assert app.model.branch is not None and app.example_picker.value == FREE_PLAY
    kinds = app.model.branch.controllers
    assert kinds[0] == LEARNER and set(list(kinds.values())[1:]) == {"heuristic"}
    assert len(app.model.players) == len(app.controller.examples[after].state.players)


def test_the_last_example_offers_no_next_example():
    app = TutorApp("sneaky_bastard", list(load_examples("sneaky_bastard"))[-1])
    go_to(app, app.model.book.size)
    assert app.what_next.layout.display == ""
    assert app.next_example_button.layout.display == "none"
