"""The app's controller: the only writer of the app's model (widgets.app.model). It
turns what the learner asks for (a step, a seat to view, a move, a hint, a link, a file)
into session calls (tutor.session, tutor.practice) and writes what follows into the
model; it holds no widget, so a script or a lesson can drive the app through it alone.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tutor import scenario as scenarios
from tutor.core.game import Game, IllegalMove, NotationError, Rejection
from tutor.games import example_order, scenario_dir
from tutor.hints import hints
from tutor.practice import Judgement, Practice
from tutor.seat_texts import held_back_notice
from tutor.session import LEARNER, Branch, Walkthrough
from tutor.visible_text import visible
from widgets.app.focus import PLAY_TARGETS
from widgets.app.linking import link_to, linked_example
from widgets.app.model import AppModel, FocusRequest, Report
from widgets.app.modes import FREE_PLAY, PRACTICE, WATCH
from widgets.pages.links import Link
from widgets.panels.step_parts import cut_into_parts


def load_examples(game_id: str, broken: list[str] | None = None) -> dict[str, Walkthrough]:
    """A game's worked examples by file name, in teaching order (tutor.games.example_order).
    A file that does not load is left out, with its error appended to ``broken``."""
    folder = scenario_dir(game_id)
    examples = {}
    for stem in example_order(game_id):
        try:
            examples[stem] = Walkthrough.load(folder / f"{stem}.yaml")
        except scenarios.ScenarioError as error:
            if broken is not None:
                broken.append(str(error))
    return examples


@dataclass(frozen=True)
class Refusal:
    """A move the controller did not play: the rule and reason (either may be None),
    to be shown where the learner acted."""

    rejection: Rejection | None
    text: str | None = None


class AppController:
    """Everything the app does, as methods; the state they change is ``model``'s."""

    def __init__(self, game: Game, examples: dict[str, Walkthrough],
                 model: AppModel | None = None):
        self.game = game
        self.examples = examples
        self.linkable = set(examples)      # the examples a link can name
        self.model = model or AppModel()
        self._bot_timer: asyncio.TimerHandle | None = None
        self._game_over_told = None        # the finished game last reported
        self._quiz_right_told = 0
        self._hint_for = None    # (state, seat) the hints were asked for (the state
        #                          itself: an id() could be a later state's)
        self._tour_place = ((), 0)          # a setup tour left keeps its place
        m = self.model
        m.example_options = tuple((wt.listed_title, stem) for stem, wt in examples.items()) \
            + (("Free play", FREE_PLAY),)
        counts = game.player_counts
        m.free_players = min(max(m.free_players, counts[0]), counts[-1])

    # -- what is shown -------------------------------------------------------------------

    def learner_seat(self) -> int | None:
        """The seat the learner moves for now: in a branch, their seat to act; in
        practice, the seat whose book move comes next."""
        m = self.model
        if m.branch:
            return m.branch.learner_to_act()
        if m.practicing:
            return m.practice.seat
        return None

    def _composing_seat(self) -> int | None:
        """The seat whose move the composer builds now, or None."""
        if self._bot_timer is not None:
            return None
        seat = self.learner_seat()
        if seat is None or self.model.viewer not in (None, seat):
            return None
        return seat

    def _pages(self) -> tuple[str, tuple]:
        """What the pager steps through: the setup (Watch, step 0 of an example; not in
        practice, where the question of the first move comes first), or the parts of a
        long book step, else nothing."""
        m = self.model
        book = m.book if not m.branch else None
        if book is None:
            return "", ()
        if book.step is None:
            if m.practicing:
                return "", ()
            events = tuple(e.for_viewer(m.viewer) for e in book.opening_events)
            return ("setup", events) if events else ("", ())
        parts = cut_into_parts(self.game, book.step.events_for(m.viewer))
        return ("parts", parts) if parts else ("", ())

    def _place_pager(self) -> None:
        """The same pages again keep the learner's place (a redraw is no new step); a
        setup tour left and come back to keeps it too."""
        m = self.model
        pager, pages = self._pages()
        if m.pager == "setup":
            self._tour_place = (m.pages, m.page)
        if (pager, pages) == (m.pager, m.pages):
            return
        page = self._tour_place[1] if pager == "setup" and pages == self._tour_place[0] \
            else 0
        with m.hold_trait_notifications():
            m.pager, m.pages, m.page = pager, pages, page

    def _show(self) -> None:
        """After any change: the facts derived from the position, then ``shown`` bumped
        (the panels that draw the table redraw once), then what the learner got through."""
        m = self.model
        book, branch = m.book, m.branch
        if book and not branch:
            m.step, m.steps = book.position, book.size
        self._place_pager()
        composing = self._composing_seat()
        asked = self._hint_for
        if not m.practicing and (asked is None or asked[0] is not m.state
                                 or asked[1] != composing):
            # A hint is for one seat at one position: anything else clears it.
            m.hints, m.hint_level, self._hint_for = (), 0, None
        m.composing = composing
        seat = self.learner_seat()
        if composing is None and seat is not None and self._bot_timer is None:
            name = html.escape(m.players[seat])
            m.message = (f"It is {name}'s turn: view the table as {name} (or all-seeing) "
                         "to choose the move.")
        if not branch and m.seat_names != m.players:
            m.seat_names, m.my_seats = m.players, ((m.viewer or 0),)
        m.example_watched = bool(book and not branch and not m.practicing
                                 and book.position == book.size)
        m.next_example = self.example_after()
        m.bots_running = self._bot_timer is not None
        m.shown += 1
        self._report_progress()

    def _report(self, event: str, **detail) -> None:
        self.model.report = Report(event, detail)

    def _report_progress(self) -> None:
        m, example = self.model, self.model.example
        self._report("shown")
        if m.pager == "setup" and m.page == len(m.pages) - 1:
            self._report("tour_seen", example=example)
        if m.example_watched:
            self._report("example_watched", example=example)
        branch = m.branch
        if branch and branch.over and self._game_over_told is not branch:
            self._game_over_told = branch
            kinds = set(branch.controllers.values())
            self._report("game_over", against_bots=LEARNER in kinds and bool(kinds - {LEARNER}),
                         new_game=branch.book is None)

    def focus(self, selectors=PLAY_TARGETS) -> None:
        """Ask the page to move the keyboard focus (widgets.app.focus)."""
        self.model.focus = FocusRequest(tuple(selectors))

    def example_after(self) -> str | None:
        """The example after the one shown, in teaching order (None after the last)."""
        stems, here = list(self.examples), self.model.example
        if here not in stems or stems.index(here) + 1 >= len(stems):
            return None
        return stems[stems.index(here) + 1]

    # -- choosing what to show -------------------------------------------------------

    def choose_example(self, name: str) -> None:
        """Show example ``name`` (or free play) from its start; choosing the one shown
        again changes nothing (``open_example`` reopens it)."""
        if name != self.model.example:
            self.open_example(name)

    def open_example(self, name: str, redraw: bool = True) -> None:
        """Show example ``name`` at its setup, in Watch (FREE_PLAY: start a game)."""
        m = self.model
        self.stop_bots()
        m.branch = None
        self._leave_practice()
        m.example = name
        if name == FREE_PLAY:
            m.book = None
            self.start_free_play()
            return
        m.book = self.examples[name]
        m.book.restart()
        m.message = ""
        self._name_views()
        if redraw:
            self._show()

    def _name_views(self) -> None:
        """The seats the table can be seen as; for other players, back to all-seeing."""
        m = self.model
        if m.view_names != m.players:
            with m.hold_trait_notifications():
                m.view_names, m.viewer = m.players, None

    def set_viewer(self, seat: int | None) -> None:
        """See the table as ``seat`` (None: all-seeing); as a player, outside a line or a
        practice, that player is also the one picked to play."""
        m = self.model
        if seat == m.viewer:
            return
        m.viewer = seat
        if m.branch or m.practicing:
            m.teacher_chosen = seat is None
        self._play_seat_viewed()
        self._show()

    def _play_seat_viewed(self) -> None:
        m = self.model
        if not m.branch and not m.practicing and m.viewer is not None:
            m.my_seats = (m.viewer,)

    def pick_seat(self, seat: int, mine: bool) -> None:
        """Tick (or untick) a seat to play from here; one seat ticked is also viewed."""
        m = self.model
        if (seat in m.my_seats) == mine:
            return
        m.my_seats = tuple(s for s in range(len(m.seat_names))
                           if (s == seat and mine) or (s != seat and s in m.my_seats))
        if not m.branch and len(m.my_seats) == 1:
            m.viewer = m.my_seats[0]
            self._show()

    def set_opponent(self, kind: str) -> None:
        self.model.opponent = kind

    def set_pace(self, seconds: float | None) -> None:
        self.model.pace = seconds

    def set_free_game(self, players: int | None = None, seed: int | None = None,
                      mine: tuple[int, ...] | None = None) -> None:
        """Free play's options: the player count (the learner's seats back to Player 1
        when it changes), the seed, the seats the learner plays."""
        m = self.model
        if players is not None and players != m.free_players:
            m.free_players, m.free_mine = players, (0,)
        if seed is not None:
            m.free_seed = seed
        if mine is not None:
            m.free_mine = tuple(mine)

    def pick_free_seat(self, seat: int, mine: bool) -> None:
        m = self.model
        if (seat in m.free_mine) != mine:
            m.free_mine = tuple(s for s in range(m.free_players)
                                if (s == seat and mine) or (s != seat and s in m.free_mine))

    # -- stepping through the book -----------------------------------------------------

    def _step(self, action: Callable[[Walkthrough], object]) -> None:
        m = self.model
        if m.book and not m.branch and not m.practicing:
            action(m.book)
            m.message = ""
            self._show()

    def next(self) -> None:
        self._step(lambda b: b.next())

    def back(self) -> None:
        self._step(lambda b: b.back())

    def restart(self) -> None:
        self._step(lambda b: b.restart())

    def jump(self, position: int) -> None:
        """To step ``position`` of the book (the step shown: nothing to do)."""
        book = self.model.book
        if book and position != book.position:
            self._step(lambda b: b.jump(position))

    def go_page(self, index: int) -> None:
        """The part of the setup or of the long step told now."""
        m = self.model
        if m.pages:
            m.page = max(0, min(index, len(m.pages) - 1))
            self._show()      # the table marks the part now told

    # -- Watch and Practice -------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Watch steps through the book; Practice asks the learner for each book move,
        from the step shown."""
        m = self.model
        if mode == m.mode:
            return
        m.mode = mode
        if mode == PRACTICE and m.book and not m.branch:
            if m.book.position == m.book.size:
                m.book.restart()
            m.verdict, m.hints, m.hint_level = None, (), 0
            m.practice = Practice(m.book)
            m.teacher_chosen = False
            self._follow_practice()
        else:
            m.practice, m.verdict, m.hints, m.hint_level = None, None, (), 0
        m.message = ""
        self._show()
        if m.practicing:
            self.focus()

    def _follow_practice(self) -> None:
        """View the table as the seat whose move is asked (unless all-seeing was chosen)."""
        m = self.model
        if m.practicing and m.practice.seat is not None and not m.teacher_chosen:
            m.viewer = m.practice.seat

    def _leave_practice(self) -> None:
        """Back to Watch (the caller shows what follows)."""
        m = self.model
        m.practice, m.verdict, m.hints, m.hint_level = None, None, (), 0
        m.mode = WATCH

    def practise_again(self) -> None:
        """Practise the example just watched, from its start."""
        self.model.book.restart()
        self.set_mode(PRACTICE)

    def show_me(self) -> None:
        """Practice: play the book's move for the learner (counted as shown)."""
        self._practice_after(self.model.practice.show_me())

    def take_book_move(self) -> None:
        self._practice_after(self.model.practice.take_book_move())

    def branch_from_practice(self) -> None:
        """The learner plays on from their own move: a branch, as "Play from here"."""
        branch = self.model.practice.branch()
        self._leave_practice()
        self.model.branch = branch
        self.model.teacher_chosen = False
        self._follow_learner()
        self._after_learner()
        self.focus()

    def _practice_after(self, verdict) -> None:
        """A practice verdict: an illegal move changes nothing (its refusal shows under
        the composer); any other is told, and the table turns to the next mover."""
        m = self.model
        if verdict.judgement == Judgement.ILLEGAL:
            m.verdict, m.hints = None, ()
            return
        m.hints = ()
        m.verdict = verdict
        if verdict.advanced:
            m.hint_level = 0
        self._follow_practice()
        self._show()
        if m.practicing and m.practice.done:
            self._report("practice_done", example=m.example)

    # -- hints -------------------------------------------------------------------------------

    def hint(self) -> None:
        """Hints from the engine for the seat composing: first the kinds of move open,
        each with its rule and bound; asked again, one concrete move. In practice, the
        practice's own hints (the book's move)."""
        m = self.model
        level = 2 if m.hint_level == 1 else 1
        if m.practicing:
            m.verdict = None
            m.hint_level, m.hints = level, tuple(m.practice.hint(level))
            return
        seat = m.composing
        if seat is None:
            return
        self._hint_for = (m.state, seat)
        m.hint_level, m.hints = level, tuple(hints(self.game, m.state, seat, level))

    # -- playing a line of one's own ---------------------------------------------------

    def controllers(self) -> dict[int, str]:
        """Who plays each seat from here: the learner the seats ticked, the rest the
        opponent chosen."""
        m = self.model
        return {seat: LEARNER if seat in m.my_seats else m.opponent
                for seat in range(len(m.players))}

    def start_branch(self) -> None:
        """Branch off the book at the current step with the chosen seats."""
        m = self.model
        if not m.my_seats:
            m.message = "<span class='rt-error'>Tick at least one seat to play.</span>"
            return
        m.branch = Branch.from_book(m.book, self.controllers(), seed=m.free_seed,
                                    autoplay=False)
        m.teacher_chosen = False
        m.message = ""
        self._follow_learner()
        self._after_learner()
        self.focus()

    def start_free_play(self) -> None:
        m = self.model
        count = m.free_players
        players = [f"Player {i + 1}" for i in range(count)]
        mine = {seat for seat in m.free_mine if seat < count} or {0}
        controllers = {s: LEARNER if s in mine else m.opponent for s in range(count)}
        self.play_from(Branch.new_game(self.game, players, controllers, m.free_seed,
                                       autoplay=False))

    def play_from(self, branch: Branch) -> None:
        """Show ``branch``, a line the learner plays on from a new game or from any
        position (Branch.new_game, Branch.from_state), with the table viewed as the
        learner's first seat; bots answer at the chosen pace."""
        m = self.model
        self.stop_bots()
        self._leave_practice()
        m.book, m.branch = branch.book, branch
        self._hint_for = None
        self._name_views()
        mine = [seat for seat, kind in branch.controllers.items() if kind == LEARNER]
        if mine:
            m.viewer = min(mine)
        m.teacher_chosen = False
        m.message = ""
        self._after_learner()
        self.focus()

    def whole_game(self) -> None:
        """A new game with as many players as the example, the learner as Player 1
        and heuristic bots the others, hints on."""
        counts = self.game.player_counts
        players = len(self.model.players)
        self.set_free_game(players if counts[0] <= players <= counts[-1] else counts[0],
                           mine=(0,))
        self.model.opponent = "heuristic"
        self.choose_example(FREE_PLAY)

    def next_example(self) -> None:
        after = self.example_after()
        if after is not None:
            self.choose_example(after)
            self.focus((".rt-next",))

    def back_to_book(self) -> None:
        """Leave the branch for the book; the branch is kept in "Your lines"."""
        m = self.model
        self.stop_bots()
        branch = m.branch
        if branch and m.book and len(branch.turns) > branch.base:
            label = (f"Line {len(m.saved_lines) + 1}: from step {branch.base}, "
                     f"{len(branch.turns) - branch.base} moves")
            m.saved_lines = m.saved_lines + ((label, branch),)
        m.branch = None
        m.message = ""
        self._show()

    def return_to_line(self, index: int | None) -> None:
        """Go back into a line the learner left, as it was."""
        m = self.model
        if index is None or not 0 <= index < len(m.saved_lines):
            return
        _, branch = m.saved_lines[index]
        m.saved_lines = m.saved_lines[:index] + m.saved_lines[index + 1:]
        m.book, m.branch = branch.book, branch
        self._follow_learner()
        self._after_learner()
        self.focus()

    def _branch_action(self, action: Callable[[Branch], object]) -> None:
        m = self.model
        if m.branch:
            self.stop_bots()
            action(m.branch)
            m.message = ""
            self._follow_learner()
            self._after_learner()

    def undo(self) -> None:
        self._branch_action(Branch.undo)

    def redo(self) -> None:
        self._branch_action(Branch.redo)

    # -- the learner's move ------------------------------------------------------------

    def check_move(self, move) -> Rejection | None:
        seat = self.learner_seat()
        return None if seat is None else self.game.check(self.model.state, seat, move)

    def submit(self, move) -> Refusal | None:
        """Play ``move`` (a value or its notation) for the learner's seat to act, or in
        practice have it judged; a move not played comes back as a Refusal."""
        m = self.model
        seat = self.learner_seat()
        if seat is None:
            return None
        if move is None:
            return Refusal(None, "Choose the cards first.")
        if m.practicing:
            if m.practice.done:
                return None
            verdict = m.practice.judge(move)
            self._practice_after(verdict)
            if verdict.judgement == Judgement.ILLEGAL:
                return Refusal(Rejection(verdict.rule, verdict.reason)
                               if verdict.rule else None, verdict.reason)
            return None
        try:
            m.branch.play(seat, move, bots=False)
        except IllegalMove as error:
            return Refusal(error.rejection)
        except NotationError as error:
            return Refusal(None, str(error))
        m.message = ""
        self._follow_learner()
        self._after_learner()
        return None

    def choose_cards(self, cards) -> None:
        """The cards of the move being composed (the table marks them)."""
        self.model.chosen_cards = tuple(cards)

    # -- the bots ------------------------------------------------------------------------

    def _follow_learner(self) -> None:
        """View the table as the learner's seat: the one seat they play, or in hot seat
        the seat to act (a teacher who chose all-seeing keeps it)."""
        m = self.model
        if not m.branch or m.teacher_chosen:
            return
        mine = [s for s, c in m.branch.controllers.items() if c == LEARNER]
        seat = m.branch.learner_to_act()
        if len(mine) == 1:
            m.viewer = mine[0]
        elif seat is not None:
            m.viewer = seat

    def _after_learner(self) -> None:
        """Show the position, then let the bots answer at the chosen pace."""
        self._show()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        m = self.model
        if not m.branch or m.branch.bot_to_act() is None or m.pace is None:
            return     # no bot to move, or the learner presses "Next bot move"
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            # No event loop (a script or a test): the bots answer at once, one by one.
            while m.branch.bot_step() is not None:
                pass
            self._follow_learner()
            self._show()
            return
        self._bot_timer = loop.call_later(m.pace, self._bot_tick)
        self._show()

    def _bot_tick(self) -> None:
        self._bot_timer = None
        self.bot_move()

    def bot_move(self) -> None:
        """One bot move, shown with its change; then the next one is scheduled."""
        if not self.model.branch:
            return
        self.model.branch.bot_step()
        self._follow_learner()
        self._show()
        self._schedule_bot()

    def stop_bots(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None

    # -- progress, lesson and spotlight ---------------------------------------------

    def quiz_graded(self, right: int) -> None:
        """The quiz graded an answer; ``right`` is how many were right in all."""
        got_it, self._quiz_right_told = right > self._quiz_right_told, right
        self._report("quiz_graded", right=got_it)

    def set_lesson_stage(self, stage: int | None) -> None:
        self.model.lesson_stage = stage

    def spotlight(self, cards=(), button: str = "", line: str = "") -> None:
        """Light up only ``cards`` and the button of CSS class ``button``, with ``line``
        saying why (all empty: no spotlight)."""
        m = self.model
        with m.hold_trait_notifications():
            m.spotlight_cards, m.spotlight_button, m.spotlight_line = \
                tuple(cards), button, line

    def say(self, message_html: str) -> None:
        """Show a message (HTML, its text already escaped) in the message line."""
        self.model.message = message_html

    # -- links and files -------------------------------------------------------------

    def linked_example(self, link: Link, example: str | None) -> str:
        """The example ``link`` names (else ``example``, else the first), free play's
        player count and seed taken from it; what cannot be used is noted in the link."""
        opening = linked_example(link, example, self.examples, self.game)
        self.set_free_game(players=opening.players, seed=opening.seed)
        return opening.example

    def open_link(self, name: str, link: Link) -> None:
        """Show example ``name`` (or free play) at the step and view ``link`` names,
        shown once; say what in the link was not usable."""
        m = self.model
        self.open_example(name, redraw=False)
        if link.step is not None and m.book:
            if 0 <= link.step <= m.book.size:
                m.book.jump(link.step)
            else:
                link.notices.append(f"this example has steps 0 to {m.book.size}, not "
                                    f"{link.step}")
        if link.view is not None:
            names = {name.lower(): seat for seat, name in enumerate(m.players)}
            if link.view.lower() == "teacher":
                m.viewer = None
            elif link.view.lower() in names:
                m.viewer = names[link.view.lower()]
                self._play_seat_viewed()
            else:
                link.notices.append(f"'{link.view}' is not a player here (players: "
                                    f"{', '.join(m.players)}, or teacher)")
        self._show()
        if link.notices:
            m.message = ("<span class='rt-notice'>The link could not be followed in full: "
                         + html.escape("; ".join(link.notices)) +
                         ". Starting from what could be used.</span>")

    def current_link(self) -> Link | None:
        """The link that reopens what is shown now (widgets.app.linking.link_to)."""
        return link_to(self.model, self.linkable)

    def scenario_text(self) -> str:
        """What is shown as a scenario file, as the seat viewing may see it (raises
        SecretError when that would show a hidden card, ValueError when it cannot)."""
        m = self.model
        if m.branch:
            return m.branch.to_scenario(f"My game of {self.game.title}", viewer=m.viewer)
        return m.book.to_scenario(viewer=m.viewer)

    def load_bytes(self, data: bytes, name: str = "uploaded.yaml") -> bool:
        """Open a scenario file as the command line reads it (size, encoding, then the
        scenario), at its start; on any problem say why and leave the app as it was."""
        m = self.model
        try:
            loaded = scenarios.parse_bytes(data, Path(name))
            if loaded.game.id != self.game.id:
                raise scenarios.ScenarioError(f"{name}: this file is a game of "
                                              f"{loaded.game.title}, not {self.game.title}")
            walkthrough = Walkthrough(loaded)
        except scenarios.ScenarioError as error:
            m.message = (f"<span class='rt-error'>Could not load the file: "
                         f"{html.escape(str(error))}</span> Nothing changed.")
            return False
        key = f"loaded: {name}"
        self.examples[key] = walkthrough
        options = [o for o in m.example_options if o[1] != key]
        # The file's name and title, with any control or bidi character written out.
        shown = visible(name, keep_line_breaks=False)
        label = visible(f"{walkthrough.listed_title} ({shown})", keep_line_breaks=False)
        m.example_options = tuple(options[:-1] + [(label, key), options[-1]])
        self.open_example(key)
        message = (f"Loaded {html.escape(shown)}: {len(loaded.steps)} steps. "
                   "Press Next to step through it.")
        notice = held_back_notice(walkthrough.held_back)   # texts a seat may not read
        if notice:
            message += f" <span class='rt-held-back'>{html.escape(notice)}</span>"
        m.message = message
        return True
