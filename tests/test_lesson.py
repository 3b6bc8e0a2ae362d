"""The "Learn to play" lesson path (widgets.pages.lesson): what completes each stage, their
order, resuming from the progress a browser kept, stored values that are not the
lesson's own, and the reset, in the lesson page and in the gallery.

The lesson is driven through the app's own controls, as a learner's clicks reach it;
the browser's localStorage is stood in for by setting the progress widget's traits as
the page does (tests/test_screen.py walks it in a real browser)."""

import json

import pytest

from tutor.bots import make_bot
from tutor.games import example_order
from tutor.session import LEARNER, Branch
from widgets.app import FREE_PLAY, PRACTICE, WATCH
from widgets.pages.gallery import ALL, Gallery, landing
from widgets.pages.lesson import (QUIZ_QUESTIONS, STAGES, Lesson, Progress, lesson_example,
                            progress_summary, read_progress)
from widgets.pages.links import Link

GAME = "sneaky_snakes"   # a short example and a short whole game


def page_reports(store, stored: dict) -> None:
    """What the page's widget does once drawn: hand over what localStorage holds."""
    store.stored = stored
    store.loaded = True


def opened_lesson(stored: str = "") -> Lesson:
    lesson = Lesson(GAME)
    page_reports(lesson.store, {GAME: stored})   # "": nothing kept, as the page says it
    return lesson


def kept(lesson: Lesson) -> Progress:
    """What the lesson last asked the browser to keep."""
    progress, problem = read_progress(lesson.store.writes[GAME], GAME)
    assert problem == ""
    return progress


def finish_tour(app) -> None:
    while not app.setup_tour.next_button.disabled:
        app.setup_tour.next_button.click()


def watch_to_the_end(app) -> None:
    while not app.next_button.disabled:
        app.next_button.click()


def practise_by_show_me(app) -> None:
    while not app.model.practice.done:
        app.practice_panel.show_button.click()


def answer_questions(app, count: int) -> None:
    for _ in range(count):
        if app.quiz.question is None:
            app.quiz.ask_button.click()
        app.quiz.answer(app.quiz.question.answer)   # the engine's right answer


def play_to_the_end(app) -> int:
    """The learner plays each of their moves as the heuristic bot would; the bots answer."""
    chooser, moves = make_bot(app.game, "heuristic", 5), 0
    while not app.model.branch.over:
        seat = app.model.branch.learner_to_act()
        app.play(chooser.choose(app.game, app.model.state, seat).move)
        moves += 1
    return moves


def todo(lesson: Lesson) -> str:
    return lesson.text.value


def test_the_stages_come_in_order_each_completed_by_what_the_learner_did():
    lesson = opened_lesson()
    app = lesson.app
    assert [stage.key for stage in STAGES] == ["tour", "watch", "practise", "quiz", "play"]
    assert lesson.stage == 0 and "Stage 1 of 5" in todo(lesson)
    assert app.example_picker.value == lesson_example(GAME) == example_order(GAME)[0]
    assert app.setup_tour.current is not None            # the tour is on screen
    assert lesson.go_button.layout.display == "none"     # nothing to open: it is there

    finish_tour(app)
    assert lesson.stage == 1 and "Stage 2 of 5" in todo(lesson) and kept(lesson).tour
    watch_to_the_end(app)
    assert lesson.stage == 2 and kept(lesson).watched == (lesson.example,)
    assert lesson.go_button.description == "Practise the example"

    lesson.go_button.click()
    assert app.mode.value == PRACTICE and app.model.book.position == 0
    assert lesson.go_button.layout.display == "none"
    practise_by_show_me(app)
    assert lesson.stage == 3 and kept(lesson).practised == (lesson.example,)

    lesson.go_button.click()      # a question about a position of the example, shown
    assert app.mode.value == WATCH and app.model.book.position <= app.model.book.size
    assert app.quiz.question is not None
    asked_at = app.model.book.position
    assert app.quiz.question in app.quiz.session._questions(
        app.model.book.states[asked_at], app.model.viewer)   # about the position on screen
    answer_questions(app, QUIZ_QUESTIONS - 1)
    assert lesson.stage == 3 and f"Quiz {QUIZ_QUESTIONS - 1}/{QUIZ_QUESTIONS}" in todo(lesson)
    answer_questions(app, 1)
    assert lesson.stage == 4 and kept(lesson).quiz_right == QUIZ_QUESTIONS

    lesson.go_button.click()
    assert app.example_picker.value == FREE_PLAY and app.model.branch.book is None
    assert app.model.branch.controllers == {0: LEARNER, 1: "heuristic"}  # the fewest players
    assert lesson.go_button.layout.display == "none"
    assert app.hint_box.layout.display == ""          # hints on
    play_to_the_end(app)
    assert lesson.stage is None and "You have finished" in todo(lesson)
    assert kept(lesson).games == 1
    assert lesson.go_button.description == "Play another game"


def test_what_does_not_complete_a_stage():
    lesson = opened_lesson()
    app = lesson.app
    # Another example watched to its end is kept, but is not the lesson's example.
    app.example_picker.value = example_order(GAME)[1]
    watch_to_the_end(app)
    assert lesson.progress.watched == (example_order(GAME)[1],)
    # Practising without finishing, and a game from the book or in hot seat, count nothing.
    app.example_picker.value = lesson.example
    app.mode.value = PRACTICE
    app.practice_panel.show_button.click()
    app.controller.play_from(Branch.new_game(app.game, ("A", "B"), {0: LEARNER, 1: LEARNER}, 3,
                                  autoplay=False))
    while not app.model.branch.over:
        seat = app.model.branch.learner_to_act()
        app.play(make_bot(app.game, "random", 1).choose(app.game, app.model.state, seat).move)
    assert lesson.progress.practised == () and lesson.progress.games == 0
    assert lesson.stage == 0      # the tour of the lesson's example was never finished


@pytest.mark.parametrize("game_id", ["bargain_hunter", "sneaky_snakes"])
def test_the_lessons_quiz_mixes_kinds_and_shows_each_questions_position(game_id):
    """The lesson's example has positions with many questions of one kind (Sara may
    lead any of seven cards): asking about the position on screen first asked that
    kind again and again. Now every kind the example offers the page comes once before
    any comes twice, and each question's position is the one on screen."""
    from tutor.quiz import shown_clauses
    lesson = Lesson(game_id)
    app = lesson.app
    book, seat = app.model.book, app.model.viewer
    session = app.quiz.session
    offered = {q.kind for position in range(book.size + 1)
               for q in session._questions(book.states[position], seat,
                                           shown=shown_clauses(book, book.size))}
    assert len(offered) >= 3, offered
    lesson._open_quiz()
    kinds = []
    for _ in range(len(offered)):
        if app.quiz.question is None:
            app.quiz.ask_button.click()
        question = app.quiz.question
        assert question in session._questions(book.states[app.model.book.position], seat)
        kinds.append(question.kind)
        app.quiz.answer(question.answer)
    assert sorted(kinds) == sorted(offered), kinds


def test_a_stage_done_out_of_order_stays_done_and_the_first_open_one_is_asked():
    lesson = opened_lesson(Progress(tour=True, quiz_answered=4, quiz_right=3).to_text())
    assert lesson.stage == 1 and "Stage 2 of 5" in todo(lesson)
    assert "✓ 4" in todo(lesson) and "▶ 2" in todo(lesson)


def test_the_quiz_stage_counts_right_answers_not_answers():
    """Three answered with one wrong is not the quiz done: a miss is followed by
    'Try another like it', and only three right answers finish the stage."""
    lesson = opened_lesson(Progress(tour=True, quiz_answered=3, quiz_right=2).to_text())
    assert "✓ 4" not in todo(lesson)
    assert "2/3" in todo(lesson)


def test_a_learner_who_comes_back_resumes_where_they_were():
    before = opened_lesson()
    finish_tour(before.app)
    watch_to_the_end(before.app)
    stored = before.store.writes[GAME]
    again = opened_lesson(stored)                 # a new page in the same browser
    assert again.stage == 2 and again.progress == before.progress
    assert again.go_button.description == "Practise the example"
    gallery = Gallery()
    page_reports(gallery.store, {GAME: stored})
    card = gallery.cards.value
    assert "Stage 3 of 5: Practise (1 example watched, 0 practised; no quiz question yet)" in card


def test_what_the_learner_does_before_the_browser_answers_is_kept_with_it():
    lesson = Lesson(GAME)
    finish_tour(lesson.app)                 # the page has not reported yet
    assert lesson.store.writes == {}        # nothing written over what it may hold
    page_reports(lesson.store, {GAME: Progress(quiz_answered=2, quiz_right=2).to_text()})
    assert kept(lesson) == Progress(tour=True, quiz_answered=2, quiz_right=2)


def good(**changes) -> str:
    data = json.loads(Progress(watched=(example_order(GAME)[0],)).to_text())
    data.update(changes)
    return json.dumps(data)


BAD = {
    "not JSON": "{watched",
    "a list": "[1, 2]",
    "another version": good(version=2),
    "an entry too many": good(extra="<img src=x onerror=alert(1)>"),
    "an entry missing": json.dumps({"version": 1}),
    "an example of no game": good(watched=["<img src=x onerror=alert(1)>"]),
    "an example twice": good(practised=[example_order(GAME)[0]] * 2),
    "a negative count": good(games=-1),
    "a count that is text": good(quiz_answered="3"),
    "a count that is yes": good(games=True),
    "a huge count": good(games=10 ** 9),
    "more right than asked": good(quiz_answered=1, quiz_right=2),
    "a tour that is text": good(tour="yes"),
    "too long": good(watched=[example_order(GAME)[0]]) + " " * 5000,
}


@pytest.mark.parametrize("name", BAD)
def test_a_stored_value_that_is_not_the_lessons_own_is_ignored_with_a_message(name):
    progress, problem = read_progress(BAD[name], GAME)
    assert progress == Progress()
    assert "could not be used" in problem and "starts from the beginning" in problem
    lesson = opened_lesson(BAD[name])
    assert lesson.stage == 0 and "could not be used" in todo(lesson)
    assert "<img" not in todo(lesson)


def test_the_stored_text_reads_back_as_it_was_written():
    progress = Progress(True, tuple(example_order(GAME)[:2]), (example_order(GAME)[0],),
                        7, 4, 2)
    assert read_progress(progress.to_text(), GAME) == (progress, "")
    assert read_progress(None, GAME) == (Progress(), "")
    assert read_progress("", GAME) == (Progress(), "")     # what the page sends for none


def test_start_over_asks_once_more_then_forgets_the_progress_here_and_in_the_browser():
    lesson = opened_lesson(Progress(tour=True, watched=(lesson_example(GAME),)).to_text())
    lesson.app.next_button.click()
    lesson.reset_button.click()
    assert lesson.stage == 2 and "Press again" in lesson.reset_button.description
    lesson.reset_button.click()
    assert lesson.store.writes == {GAME: ""} and lesson.progress == Progress()
    assert lesson.stage == 0 and lesson.app.model.book.position == 0
    assert lesson.app.setup_tour.current is not None
    assert lesson.reset_button.description == "Start over"


def test_the_gallery_links_each_games_lesson_shows_its_progress_and_a_teacher_resets_it():
    gallery = Gallery()
    card = gallery.cards.value
    assert f"href='index.ipynb?game={GAME}&amp;lesson=1'" in card
    finished = Progress(True, (lesson_example(GAME),), (lesson_example(GAME),), 4, 3, 1)
    page_reports(gallery.store, {GAME: finished.to_text(), "bargain_hunter": "{oops"})
    card = gallery.cards.value
    assert progress_summary(finished, GAME) in card
    assert "Lesson finished" in card and "quiz: 3 of 4 right; 1 game against the bots" in card
    assert "Not started yet." in card                          # the other games
    assert card.count("could not be used") == 1                # Bargain Hunter's

    gallery.reset_choice.value = GAME
    gallery.reset_button.click()
    assert gallery.store.writes == {GAME: ""}
    assert "Lesson finished" not in gallery.cards.value
    assert "reset for Sneaky Snakes" in gallery.reset_note.value
    gallery.reset_choice.value = ALL
    gallery.reset_button.click()
    assert gallery.store.stored == dict.fromkeys(gallery.store.games)
    assert gallery.store.writes == dict.fromkeys(gallery.store.games, "")  # "" removes
    assert gallery.cards.value.count("Not started yet.") == 5


def test_the_index_opens_a_games_lesson_from_its_link():
    page = landing(Link(game=GAME, lesson="1"))
    assert isinstance(page, Lesson) and page.app.game.id == GAME
    assert page.bar in page.app.children[1].children    # in the sticky top bar
