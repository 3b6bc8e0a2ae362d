"""Which of a scenario's own texts each seat may read, and which are held back and why.

A scenario file's texts are written by hand: its title and summary (read in the example
list and at the setup), each seat's own narration (``say_for``) and intro
(``intro_for``), and each step's practice goal. A seat reads them at the table, so none
may name a card that seat cannot see. The shipped files are held to that by the test
suite; a teacher's uploaded file is checked here when it is loaded
(:func:`held_back`), and the tutor gives a seat whose text is held back the engine's
account instead (tutor.session) while the teacher is told which text and why.

The rules, each a function of what the seat sees only (so that the choice to show a
text tells no secret by itself: a twin position, differing only in cards the seat
cannot see, gets the same choice):

* a title, a summary (:func:`title_for`, :func:`summary_for`) and a practice goal
  (:func:`goal_names_unseen`) may use no word of :func:`tutor.core.views.secret_words`
  of the position they are read at, with nothing spared: a title is read at the setup,
  which keeps every hidden card from the seat, and a goal is read before the move, so
  a word that a card the mover will play shares with a hidden card may mean the hidden
  one. The decision is by card identity: a goal may name only cards the mover sees;
* a seat's own narration and intro, written for that seat, may name no card that is
  hidden from it and that it sees nowhere, before or after the step
  (:func:`tutor.core.views.unseen_only_words`, the suite's check of the shipped files).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.state import State
from tutor.core.views import secret_words, unseen_only_words
from tutor.scenario import Jump


def secret_words_in(text: str, words) -> tuple[str, ...]:
    """The words of ``words`` that ``text`` uses as whole words, or in the plural
    ("two Irresistible Offers" names the Offers), sorted."""
    return tuple(sorted(word for word in words if uses(text, word)))


def uses(text: str, word: str) -> bool:
    """Whether ``text`` uses ``word`` as a whole word or its plural ("Gift" in "two
    Gifts", not in "Gifted")."""
    return re.search(rf"(?<!\w){re.escape(word)}(?:s|es)?(?!\w)", text) is not None


def setup_secrets(game: Game, start: State, seat: int, text: str) -> tuple[str, ...]:
    """The card words in ``text`` that ``seat`` may not read at the setup ``start``."""
    return secret_words_in(text, secret_words(game, start, start, seat))


def neutral_title(players, steps: int) -> str:
    """A title that names no card, for a seat that may not read the file's."""
    return f"An example for {len(players)} players, {steps} steps"


def title_for(scenario, start: State, seat: int | None) -> str:
    """The scenario's title as ``seat`` may read it at the setup ``start`` (None: the
    teacher, who reads it as written); a title naming a card the seat cannot see gives
    way to :func:`neutral_title`."""
    if seat is None or not setup_secrets(scenario.game, start, seat, scenario.title):
        return scenario.title
    return neutral_title(scenario.players, len(scenario.steps))


def listed_title(scenario, start: State) -> str:
    """The title for a list every seat reads (the app's example list, the gallery): the
    file's where every seat may read it, else :func:`neutral_title`."""
    for seat in range(len(scenario.players)):
        title = title_for(scenario, start, seat)
        if title != scenario.title:
            return title
    return scenario.title


def summary_for(scenario, start: State, seat: int | None) -> str:
    """The scenario's summary as ``seat`` may read it at the setup: empty where it names
    a card the seat cannot see (a list then shows the title and the step count)."""
    if seat is None or not setup_secrets(scenario.game, start, seat, scenario.summary):
        return scenario.summary
    return ""


def listed_summary(scenario, start: State) -> str:
    """The summary for a list every seat reads: the file's where every seat may read
    it, else nothing."""
    if all(summary_for(scenario, start, seat) == scenario.summary
           for seat in range(len(scenario.players))):
        return scenario.summary
    return ""


def goal_names_unseen(game: Game, before: State, seat: int, goal: str) -> tuple[str, ...]:
    """The card words of a practice ``goal`` that the mover ``seat`` may not read before
    its move from ``before``: every word of a card hidden from it, even one that a card
    it sees (the one it will play, say) shares."""
    return secret_words_in(goal, secret_words(game, before, before, seat))


@dataclass(frozen=True)
class HeldBack:
    """A text of a scenario file that a seat does not read, and why."""

    where: str          # "the title", "step 3, line 17", "the intro"
    what: str           # "title", "summary", "say_for", "intro_for", "goal"
    seat: str           # the player who would have read it
    words: tuple[str, ...]   # the card words it may not read
    step: int = 0       # the step's number (0: a text of the whole file)

    def __str__(self) -> str:
        """Which text, whose and why, naming no card: a seat may be watching the page
        that tells the teacher (``words`` has the cards, for the command line)."""
        kind = {"title": "the title", "summary": "the summary",
                "say_for": f"{self.seat}'s own narration",
                "intro_for": f"{self.seat}'s own intro",
                "goal": "the practice goal"}[self.what]
        at = "" if self.where in ("the title", "the summary", "the intro") \
            else f" at {self.where}"
        return (f"{kind}{at} names a card {self.seat} cannot see there, so "
                f"{self.seat} reads the tutor's own words instead")


def held_back(scenario, states) -> tuple[HeldBack, ...]:
    """Every text of ``scenario`` held back from a seat, given the replay's ``states``
    (the setup, then the position after each step, a jump's included): the check a
    loaded file gets."""
    game, players = scenario.game, scenario.players
    start = states[0]
    found = []
    for seat, name in enumerate(players):
        for what, text in (("title", scenario.title), ("summary", scenario.summary)):
            words = setup_secrets(game, start, seat, text)
            if words:
                found.append(HeldBack(f"the {what}", what, name, words))
    for seat, text in scenario.intro_for.items():
        words = own_text_secrets(game, (start,), seat, text)
        if words:
            found.append(HeldBack("the intro", "intro_for", players[seat], words))
    # The moves and a first game's jumps, each with the positions before and after it.
    for step, before, after in zip(scenario.items(), states, states[1:]):
        jump = isinstance(step, Jump)    # its words speak of the position it lands on
        for seat, text in step.say_for.items():
            words = own_text_secrets(game, (after,) if jump else (before, after), seat, text)
            if words:
                found.append(HeldBack(_step_where(step), "say_for", players[seat], words,
                                      step.number))
        if not jump and step.goal:
            words = goal_names_unseen(game, before, step.seat, step.goal)
            if words:
                found.append(HeldBack(_step_where(step), "goal", step.who, words,
                                      step.number))
    return tuple(found)


def _step_where(step) -> str:
    """The step by number and line only: its move may name a card a seat cannot see."""
    return f"step {step.number}" + (f", line {step.line}" if step.line else "")


def own_text_secrets(game: Game, states, seat: int, text: str) -> tuple[str, ...]:
    """The card words of a text written for ``seat`` (its ``say_for`` or
    ``intro_for``) that name a card hidden from it and seen nowhere in ``states``."""
    return secret_words_in(text, unseen_only_words(game, states, seat))


# Held-back texts listed one by one; a message longer than that goes unread.
MAX_TOLD = 5


def held_back_notice(held: tuple[HeldBack, ...]) -> str:
    """What the teacher who loaded a file is told of its held-back texts (plain text;
    empty when none is)."""
    if not held:
        return ""
    shown = "; ".join(str(item) for item in held[:MAX_TOLD])
    more = f"; and {len(held) - MAX_TOLD} more" if len(held) > MAX_TOLD else ""
    return (f"{len(held)} of the file's texts name cards a seat cannot see, so that seat "
            f"does not read them: {shown}{more}.")

