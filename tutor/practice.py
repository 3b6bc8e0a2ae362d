"""Practice mode: the learner makes each book move of a worked example.

A :class:`Practice` is a mode over a :class:`~tutor.session.Walkthrough`'s cursor: at
each step it names the seat to act (:meth:`Practice.prompt`) and judges the learner's
move against the book (:meth:`Practice.judge`) with the engine:

- FOUND: the engine's resulting position is the book's (``Game.same_position``: so
  the order of the cards in a bid, or of a deal's face-down cards, does not matter),
  or that of a move the scenario lists as just as good (``also``: a free lead); the
  practice goes on with the book's move and narration.
- ALLOWED_OTHER: a legal move with another result; the verdict says what the book
  plays and why (its narration, less the sentences that only restate the move, and
  its clauses). The learner may take the book's move
  (:meth:`Practice.take_book_move`) or branch off with their own
  (:meth:`Practice.branch`), or try again.
- ILLEGAL: the engine's refusal (rule and reason), or a move text that cannot be read;
  nothing changes.

:meth:`Practice.show_me` plays the book move (counted as shown), :meth:`Practice.hint`
asks :mod:`tutor.hints`, and :meth:`Practice.summary` counts the moves found first
time, found after hints or tries, and shown, with the clauses the misses touched.

Each move is asked with a question (:meth:`Practice.question`): the step's goal, or
the kinds of move the engine allows. Texts are made for the acting seat (the learner
plays it), so they are safe by construction: moves through ``format_move_for``, events
through ``Event.for_viewer``, and the book's narration and goal through
:meth:`tutor.session.BookStep.narration_for` and ``words_safe_for``, the same seat-safe
narration the Watch mode shows (before the move is made, "allowed, but" holds it to what
the seat knows then). A move is written in quotes, never in code marks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from tutor.core.game import Event, IllegalMove, NotationError
from tutor.core.views import preview_for
from tutor.core.wording import joined, plural, sentences
from tutor.hints import Hint, hints, kind_name, offered
from tutor.seat_texts import goal_names_unseen
from tutor.session import LEARNER, BookStep, Branch, Walkthrough


# Small words a sentence that only restates a move may add to the move's own words.
_GLUE = {"a", "an", "the", "on", "to", "and", "of", "his", "her", "their", "card",
         "cards", "with", "for", "in", "at", "from", "he", "she", "they", "it", "is"}


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


class Judgement(str, Enum):
    """How a move compares with the book's."""

    FOUND = "found"                    # the book's move (same resulting position)
    ALLOWED_OTHER = "allowed other"    # legal, with another result
    ILLEGAL = "illegal"                # refused by the engine, or unreadable
    SHOWN = "shown"                    # the book's move, played by show_me/take_book_move


@dataclass(frozen=True)
class Verdict:
    """The judgement of one try, with everything the learner is told about it.

    ``move_text`` is the learner's move as the seat reads it (the text as typed when it
    could not be read). ``book_move`` and ``say`` (the book's move and narration) and
    ``rules`` (the book step's clause ids) are given once the book's move may be told:
    FOUND, ALLOWED_OTHER and SHOWN; an ILLEGAL verdict gives the refusal's ``rule`` and
    ``reason`` instead, and never the book's move. ``say`` is the narration the seat
    was shown: the book step's seat-safe narration (FOUND, SHOWN), or for ALLOWED_OTHER
    the book's reason, empty when the book's words show a card the seat cannot see
    before the move is made (or give no reason beyond the move). ``as_good``: FOUND
    with a move the scenario lists as just as good as the book's. ``events`` are
    what the move did (FOUND, SHOWN: the book's events) or would do (ALLOWED_OTHER: the
    preview of :func:`tutor.core.views.preview_for`), as the seat reads them."""

    judgement: Judgement
    step: int
    seat: int
    move_text: str
    message: str
    book_move: str = ""
    say: str = ""
    rules: tuple[str, ...] = ()
    rule: str = ""
    reason: str = ""
    events: tuple[Event, ...] = ()
    as_good: bool = False

    @property
    def advanced(self) -> bool:
        """Whether the practice went on to the next step."""
        return self.judgement in (Judgement.FOUND, Judgement.SHOWN)

    def __str__(self) -> str:
        return self.message


class Result(str, Enum):
    """How a step of the practice was completed."""

    FIRST_TIME = "found first time"
    AFTER_HINTS = "found after hints"
    AFTER_TRIES = "found after tries"
    SHOWN = "shown"


@dataclass
class StepRecord:
    """What the learner did at one book step (kept while the step is open)."""

    number: int
    tries: int = 0       # moves judged (other legal ones and refused ones count)
    hints: int = 0       # the highest hint level asked for (0: none)
    result: Result | None = None


@dataclass(frozen=True)
class Summary:
    """The end of a practice: how each completed step was made, and the clauses the
    steps not found first time illustrate (each id once, in the order met)."""

    steps: int
    first_time: int
    after_hints: int
    after_tries: int
    shown: int
    missed_steps: tuple[int, ...]
    missed_rules: tuple[str, ...]

    @property
    def text(self) -> str:
        parts = [f"{self.first_time} of {plural(self.steps, 'move')} found first time"]
        if self.after_hints:
            parts.append(f"{self.after_hints} found after hints")
        if self.after_tries:
            parts.append(f"{self.after_tries} found after another try")
        if self.shown:
            parts.append(f"{self.shown} shown")
        text = joined(parts) + "."
        if self.missed_rules:
            text += f" The moves you missed show {joined(self.missed_rules)}."
        return text

    def __str__(self) -> str:
        return self.text


@dataclass
class _Pending:
    """A legal move other than the book's, waiting for take_book_move or branch."""

    position: int
    move: object


@dataclass
class Practice:
    """Practise a worked example: the learner makes every book move in turn.

    ``book`` is the walkthrough whose cursor the practice moves: it starts at the
    book's position (usually 0) and each found or shown move steps it on, so the Watch
    view and the table follow the practice."""

    book: Walkthrough
    records: dict[int, StepRecord] = field(default_factory=dict)

    def __post_init__(self):
        self.game = self.book.game
        self._pending: _Pending | None = None
        self._step_over_jumps()

    def _step_over_jumps(self) -> None:
        """A jump makes no move for the learner to find: the practice goes on from the
        later position (the Watch mode tells it; :meth:`context` names it)."""
        while self.step is not None and self.step.jump:
            self.book.next()

    # -- where we are ------------------------------------------------------------------

    @property
    def position(self) -> int:
        return self.book.position

    @property
    def step(self) -> BookStep | None:
        """The book step the learner must make now (None once the example is over)."""
        position = self.book.position
        return self.book.steps[position] if position < self.book.size else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def seat(self) -> int | None:
        """The seat to act now (the learner plays it), None at the end."""
        step = self.step
        return step.seat if step else None

    @property
    def pending(self) -> object | None:
        """The learner's legal other move awaiting take_book_move or branch, if any."""
        if self._pending is not None and self._pending.position == self.position:
            return self._pending.move
        return None

    def _current(self) -> BookStep:
        step = self.step
        if step is None:
            raise ValueError(f"the example is over: all {self.book.size} steps are made "
                             f"(see summary())")
        return step

    def _record(self, step: BookStep) -> StepRecord:
        return self.records.setdefault(step.number, StepRecord(step.number))

    # -- asking ------------------------------------------------------------------------

    def question(self) -> str:
        """What the learner is asked to work out for this move: the step's goal (the
        scenario's, written from the mover's seat), or where there is none, or where it
        names a card the seat cannot see (by card identity: a word a hidden card shares
        with the card the mover will play counts, :func:`goal_names_unseen`), the kinds
        of move the engine leaves the seat: "Lisa may bid, play sneaky or pass here:
        what does the book do, and why?"."""
        step = self._current()
        if step.goal and not goal_names_unseen(self.game, step.before, step.seat,
                                               step.goal):
            return step.goal
        name = self.book.scenario.players[step.seat]
        kinds: dict[str, type] = {}
        for move in self.game.legal_moves(step.before, step.seat):
            if offered(move):
                kinds.setdefault(kind_name(move), type(move))
        if len(kinds) == 1:
            (kind, cls), = kinds.items()
            ways = plural(self.game.count_moves(step.before, step.seat, cls), "way")
            return f"{name} may only {kind} here, in {ways}: which does the book choose, " \
                   f"and why?"
        names = list(kinds)
        return f"{name} may {', '.join(names[:-1])} or {names[-1]} here: what does the " \
               f"book do, and why?"

    def context(self) -> str:
        """Who must act and what has just happened, as that seat reads it: "Your turn as
        Frank (step 2 of 5). Just now: Lisa bids 100K on Huis aan zee (400K)."."""
        step = self._current()
        name = self.book.scenario.players[step.seat]
        if self.position:
            happened = self.book.steps[self.position - 1].events_for(step.seat)
        else:
            # Only the setup's last event: who starts and why, or what the game did by
            # itself as it began. The whole setup is the stepper's to show, and on a
            # prompt it would push the composer off the screen.
            happened = tuple(e.for_viewer(step.seat) for e in self.book.opening_events[-1:])
        head = f"Your turn as {name} (step {step.number} of {self.book.size})."
        said = sentences(event.text for event in happened)
        if self.position and self.book.steps[self.position - 1].jump:   # a later position
            said = self.book.steps[self.position - 1].narration_for(step.seat)
        forced = self.game.forced(step.before, step.seat)
        tail = f" {forced.reason[:1].upper()}{forced.reason[1:]} ({forced.rule})." \
            if forced else ""
        phase = [r for r in self.game.phase_rules(step.before) if r in self.game.rules]
        asks = f" Rules in play: {', '.join(phase)}." if phase else ""
        return head + (f" Just now: {said}" if said else "") + tail + asks

    def prompt(self) -> str:
        """The :meth:`question`, then the :meth:`context`."""
        return f"{self.question()} {self.context()}"

    def hint(self, level: int = 1) -> list[Hint]:
        """The engine's hints for the acting seat (:func:`tutor.hints.hints`); level 2
        offers the book's move. Counted for this step's result."""
        step = self._current()
        record = self._record(step)
        record.hints = max(record.hints, level)
        return hints(self.game, step.before, step.seat, level,
                     book=step.ply.move if level == 2 else None)

    # -- judging -----------------------------------------------------------------------

    def judge(self, move) -> Verdict:
        """Judge the learner's move (a value or its notation) for the acting seat."""
        step = self._current()
        record = self._record(step)
        seat, before = step.seat, step.before
        text = move if isinstance(move, str) else None
        if text is not None:
            try:
                move = self.game.parse_move(before, seat, text)
            except NotationError as error:
                record.tries += 1
                return Verdict(Judgement.ILLEGAL, step.number, seat, text,
                               f"That move cannot be read: {error}. Nothing changed; "
                               f"try again.", reason=str(error))
        move_text = self.game.format_move_for(before, seat, move, seat)
        try:
            after, _ = self.game.apply(before, seat, move)
        except IllegalMove as refused:
            record.tries += 1
            return Verdict(Judgement.ILLEGAL, step.number, seat, move_text,
                           f"Not allowed ({refused.rule}): {refused.reason}. Nothing "
                           f"changed; try again.", rule=refused.rule,
                           reason=refused.reason)
        book_move = step.move_text_for(seat)
        rules = tuple(clause.id for clause in step.rules)
        found = self.game.same_position(after, step.after)
        as_good = not found and self._as_good_as_books(step, after)
        if found or as_good:
            if record.result is None:
                record.result = Result.AFTER_HINTS if record.hints else \
                    Result.AFTER_TRIES if record.tries else Result.FIRST_TIME
            record.tries += 1
            self._advance()
            said = step.narration_for(seat)
            head = (f"Well done: that is as good as the book's move here; the book "
                    f"plays \"{book_move}\", and we go on with it." if as_good else
                    f"Well done: \"{book_move}\" is the book's move.")
            return Verdict(Judgement.FOUND, step.number, seat, move_text, f"{head} {said}",
                           book_move, said, rules, events=step.events_for(seat),
                           as_good=as_good)
        record.tries += 1
        self._pending = _Pending(self.position, move)
        why = self._book_reason(step)
        if why is None:
            # The learner may yet branch off without the book's move, so what that
            # move would show stays untold until it is made.
            why, said = (f" Its reason is told once it is played: the book's words show "
                         f"cards {step.who} cannot see yet."), ""
        else:
            said = why
            why = f" {why}" if why else ""
        return Verdict(Judgement.ALLOWED_OTHER, step.number, seat, move_text,
                       f'Allowed, but the book plays "{book_move}" here '
                       f"({', '.join(rules)}).{why}", book_move, said, rules,
                       events=preview_for(self.game, before, seat, move, seat))

    def _as_good_as_books(self, step: BookStep, after) -> bool:
        """Whether ``after`` is the result of a move the scenario lists as just as good
        as the book's at this step (``also``; each was checked legal at replay)."""
        for text in step.also:
            other = self.game.parse_move(step.before, step.seat, text)
            if self.game.same_position(after, self.game.apply(step.before, step.seat,
                                                              other)[0]):
                return True
        return False

    def _book_reason(self, step: BookStep) -> str | None:
        """The book's reason for its move, told before the move is made: its narration
        less the sentences that only restate the move ("Lisa bids 100K on Huis aan
        zee."), "" when nothing else is left; None when the book's words show a card
        the seat cannot see before the move (its face, or which of two alike is meant)."""
        seat = step.seat
        if not step.words_safe_for(seat, played=False):
            return None
        told = {word for text in [step.move_text_for(seat), step.who,
                                  *(event.text for event in step.events_for(seat))]
                for word in _words(text)} | _GLUE
        kept = [sentence for sentence in re.split(r"(?<=[.!?])\s+", step.words_for(seat))
                if not set(_words(sentence)) <= told]
        return " ".join(kept).strip()

    def show_me(self) -> Verdict:
        """Play the book's move for the learner (counted as shown)."""
        step = self._current()
        record = self._record(step)
        if record.result is None:
            record.result = Result.SHOWN
        self._advance()
        book_move = step.move_text_for(step.seat)
        said = step.narration_for(step.seat)
        return Verdict(Judgement.SHOWN, step.number, step.seat, book_move,
                       f'The book plays "{book_move}". {said}', book_move, said,
                       tuple(clause.id for clause in step.rules),
                       events=step.events_for(step.seat))

    def retold(self, verdict: Verdict, viewer: int | None) -> str:
        """The verdict's message as ``viewer`` may read it: the table turns to the next
        mover after a move is made, and the message, written for the seat that moved,
        may name that seat's own cards (a deal laid face down). A verdict that did not
        move the practice on is the mover's, still viewing, and is told as it is."""
        if not verdict.advanced or viewer == verdict.seat:
            return verdict.message
        step = self.book.steps[verdict.step - 1]
        move, said = step.move_text_for(viewer), step.narration_for(viewer)
        name = self.book.scenario.players[verdict.seat]
        if verdict.judgement is Judgement.SHOWN:
            return f'The book plays "{move}" for {name}. {said}'
        if verdict.as_good:
            return f"Well done: {name}'s move is as good as the book's; the book plays " \
                   f"\"{move}\". {said}"
        return f"Well done: {name}'s move is the book's, \"{move}\". {said}"

    def take_book_move(self) -> Verdict:
        """After an ALLOWED_OTHER verdict: go on with the book's move (counted as
        shown, since the verdict told it)."""
        if self.pending is None:
            raise ValueError("there is no other move waiting: take_book_move follows "
                             "an 'allowed, but the book plays ...' verdict")
        return self.show_me()

    def branch(self, controllers: dict[int, str] | None = None, seed: int = 0) -> Branch:
        """After an ALLOWED_OTHER verdict: the learner's own line from this step, with
        their move played. ``controllers`` default to the learner at every seat (hot
        seat, as in practice); seats given to a bot answer at once. The practice stays
        at this step."""
        move = self.pending
        if move is None:
            raise ValueError("there is no other move to branch with: branch follows an "
                             "'allowed, but the book plays ...' verdict")
        step = self._current()
        players = self.book.scenario.players
        controllers = dict(controllers) if controllers is not None else \
            {seat: LEARNER for seat in range(len(players))}
        if controllers.get(step.seat) != LEARNER:
            raise ValueError(f"{players[step.seat]} made the move, so the learner must "
                             f"play {players[step.seat]} in the branch")
        branch = Branch.from_book(self.book, controllers, seed, at=self.position)
        branch.play(step.seat, move)
        return branch

    def _advance(self) -> None:
        self._pending = None
        self.book.next()
        self._step_over_jumps()

    # -- the end -----------------------------------------------------------------------

    def summary(self) -> Summary:
        """How each completed step was made so far (all steps once :attr:`done`)."""
        made = [r for r in sorted(self.records.values(), key=lambda r: r.number)
                if r.result is not None]
        counts = {result: sum(r.result is result for r in made) for result in Result}
        missed = tuple(r.number for r in made if r.result is not Result.FIRST_TIME)
        steps = {step.number: step for step in self.book.steps}
        rules = tuple(dict.fromkeys(clause.id for number in missed
                                    for clause in steps[number].rules))
        return Summary(len(made), counts[Result.FIRST_TIME], counts[Result.AFTER_HINTS],
                       counts[Result.AFTER_TRIES], counts[Result.SHOWN], missed, rules)
