"""What the learner got through, told to whoever listens (widgets.lesson keeps the
path), and the end of an example's "what next": practise it, take the quiz, the next
example, a whole game against the bots.

A part of :class:`widgets.app.TutorApp` (a mixin): it uses the app's pickers, panels
and book.
"""

from __future__ import annotations

from tutor.session import LEARNER
from widgets.modes import FREE_PLAY, PRACTICE
from widgets.panels import TITLES


class WhatNextAndProgress:
    """The learner's progress told to listeners; the buttons at an example's end."""

    def on_progress(self, callback) -> None:
        """Call ``callback(event, detail)`` when the learner gets through something:
        "tour_seen" (the last part of a setup tour shown), "example_watched" (an
        example's last step reached in Watch), "practice_done" (a practice's summary
        reached), each with detail ``example``; "quiz_graded" (``right``); "game_over"
        (``against_bots``: learner and bots played; ``new_game``: not from a book);
        and "shown" after every redraw. The first three may come again at each redraw:
        listeners count them once."""
        self._progress_listeners.append(callback)

    def _tell(self, event: str, **detail) -> None:
        for callback in self._progress_listeners:
            callback(event, detail)

    def _tell_progress(self, told) -> None:
        """After a redraw: what the learner sees now that completes something."""
        if not self._progress_listeners:
            return
        self._tell("shown")
        example, tour, branch = self.example_picker.value, self.setup_tour, self.branch
        if told is not None and tour.index == len(tour.events) - 1:
            self._tell("tour_seen", example=example)
        if self.what_next.layout.display == "":     # the end of an example, watched
            self._tell("example_watched", example=example)
        if branch and branch.over and self._game_over_told is not branch:
            self._game_over_told = branch
            kinds = set(branch.controllers.values())
            self._tell("game_over", against_bots=LEARNER in kinds and bool(kinds - {LEARNER}),
                       new_game=branch.book is None)

    def _quiz_graded(self) -> None:
        session = self.quiz.session
        right, self._quiz_right_told = session.right > self._quiz_right_told, session.right
        self._tell("quiz_graded", right=right)

    def _example_after(self) -> str | None:
        """The example after the one shown, in teaching order (None after the last)."""
        stems = list(self.examples)
        here = self.example_picker.value
        if here not in stems or stems.index(here) + 1 >= len(stems):
            return None
        return stems[stems.index(here) + 1]

    def _practise_again(self) -> None:
        """Practise the example just watched, from its start."""
        self.book.restart()
        self.mode.value = PRACTICE

    def _take_quiz(self) -> None:
        """Open the Quiz tab with a question already asked."""
        self.panels.selected_index = TITLES.index("Quiz")
        self.quiz.ask()
        self.focus_mover.focus((".rt-quiz-choice",
                                ".rt-quiz-ask"))

    def _next_example(self) -> None:
        after = self._example_after()
        if after is not None:
            self.example_picker.value = after
            self.focus_mover.focus((".rt-next",))

    def _whole_game(self) -> None:
        """A new game with as many players as the example, the learner as Player 1
        and heuristic bots the others, hints on."""
        counts = self.game.player_counts
        players = len(self.players)
        self.free_players.value = players if counts[0] <= players <= counts[-1] else counts[0]
        for index, box in enumerate(self.free_seats.children):
            box.value = index == 0
        self.opponents.value = "heuristic"
        self.example_picker.value = FREE_PLAY
