"""The bots' answers in the learner's line, one move at a time at the pace chosen, the
table turned to the learner's seat between them.

A part of :class:`widgets.app.TutorApp` (a mixin): it uses the app's branch, pace
picker and refresh.
"""

from __future__ import annotations

import asyncio

from tutor.session import LEARNER


class BotPacing:
    """Bot moves shown one at a time, or when the learner asks for the next."""

    def _follow_learner(self) -> None:
        """View the table as the learner's seat: the one seat they play, or in hot seat
        the seat to act (a teacher who chose all-seeing keeps it)."""
        if not self.branch or self._teacher_chosen:
            return
        mine = [s for s, c in self.branch.controllers.items() if c == LEARNER]
        seat = self.branch.learner_to_act()
        if len(mine) == 1:
            self._set_perspective(mine[0])
        elif seat is not None:
            self._set_perspective(seat)

    def _after_learner(self) -> None:
        """Show the position, then let the bots answer at the chosen pace."""
        self.refresh()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        if not self.branch or self.branch.bot_to_act() is None:
            return
        delay = self.pace.value
        if delay is None:
            return     # the learner presses "Next bot move"
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            # No event loop (a script or a test): the bots answer at once, one by one.
            while self.branch.bot_step() is not None:
                pass
            self._follow_learner()
            self.refresh()
            return
        self._bot_timer = loop.call_later(delay, self._bot_tick)
        self.refresh()

    def _bot_tick(self) -> None:
        self._bot_timer = None
        self.bot_move()

    def bot_move(self) -> None:
        """One bot move, shown with its change; then the next one is scheduled."""
        if not self.branch:
            return
        self.branch.bot_step()
        self._follow_learner()
        self.refresh()
        self._schedule_bot()

    def _stop_bots(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
