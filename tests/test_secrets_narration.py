"""The book's narration, and the practice texts made from it, tell a seat nothing it
cannot see: the twin test of tests/test_secrets.py, over these texts.

A seat's page must be a function of what the seat can know. For a step S -> S' (mover
b, move m) and a viewing seat v, testkit/twins.py makes a twin of the step: the cards hidden
from v both before and after the step (and never seen by v so far) exchanged among
themselves, and the move of b that lays the twin out as the twin of S'. Then:

* **The book's words.** A worked example's narration is one fixed text, so in the twin
  the seat must get the same: the same choice (the book's words or the engine's
  account) and the same text. This fails if the choice rests on a hidden card.
* **Narration-like texts of random play.** There the all-seeing account of each ply
  (the engine's events as the teacher reads them: "Cy draws the Snake Pit, facing
  away") plays the narration, and its twin is the twin ply's own account, which names
  the twin's cards. Shown, it would differ from the twin's whenever it names a hidden
  card, so the seat must get the engine's own account instead, the same in both. A
  card in view that shares the hidden card's name (two Dumpster Dives, one face up)
  does not make it pass: the twin names another card, so the texts still differ.
* **The intro** (position 0) likewise, against a twin of the setup.
* **Practice**, for the mover (the learner plays it): the question asked, "well done",
  "show me" and "allowed, but" for a move other than the book's; and for every other
  seat, the "well done" as it is retold when the table turns to the next mover.

Every step of every shipped example is checked for every seat, and ``RANDOM_POSITIONS``
random-play positions per game (twins.RANDOM_GAMES). Plies for which no twin move
exists are counted and skipped, as in test_secrets.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from tutor.core.game import Event
from tutor.core.match import Ply
from tutor.core.views import touched_ids
from tutor.core.wording import sentences
from tutor.games import GAMES, scenario_dir
from tutor.practice import Judgement, Practice
from tutor.session import BookStep, Walkthrough, setup_narration_for
from book_words import without_own_narration
from testkit.twins import ply_twin, position_twin, random_matches, seen_so_far

RANDOM_POSITIONS = 60          # random-play positions per game
MAX_UNMATCHED_SHARE = 0.15     # step readings whose twin move could not be found


def twin_step(game, step: BookStep, other_before, move, events, say: str) -> BookStep:
    """``step`` played in the twin position ``other_before`` with the twin ``move``."""
    after, _ = game.apply(other_before, step.seat, move)
    seats = range(other_before.num_players)
    ply = Ply(step.seat, move, game.format_move(other_before, step.seat, move),
              tuple(events), tuple(game.format_move_for(other_before, step.seat, move, v)
                                   for v in seats))
    return BookStep(step.number, step.who, step.seat, ply.text, say, step.rules,
                    tuple(events), other_before, after, ply, step.goal, step.also,
                    step.say_for, game)


def teacher_account(events) -> str:
    return sentences(event.text for event in events)


def moved_labels(game, before, after) -> list[str]:
    """The faces of the cards the step moved or turned, in the order they lie after it."""
    deck, touched = game.deck(after.options), touched_ids(before, after)
    return [deck[cid].label for cards in after.zones.values() for cid in cards
            if cid in touched]


def first_cards(game, state) -> dict[str, str]:
    """The face of the first card of every player's zone (a hand, a collection), but
    those of a place whose contents are public knowledge: only their order is secret."""
    deck, known = game.deck(state.options), getattr(game, "contents_known", ())
    return {name: deck[cards[0]].label for name, cards in state.zones.items()
            if ":" in name and cards and name.partition(":")[0] not in known}


def narration_like(game, before, after, events, zones=()) -> str:
    """A text written for the whole table about the step ``before`` -> ``after``, as a
    book's narration is: the teacher's account of the step, the faces of the cards it
    moved or turned ("Cy draws the Snake Pit, facing away"), and the first card of each
    of ``zones`` ("Bob's first card is the Lucky Dip"). Made the same way in a twin, it
    names the twin's cards."""
    firsts = first_cards(game, after)
    moved = moved_labels(game, before, after)
    first = [f"{name} {firsts[name]}" for name in zones]
    return " ".join(filter(None, [teacher_account(events),
                                  f"Cards it moved or turned: {', '.join(moved)}."
                                  if moved else "",
                                  f"First cards: {', '.join(first)}." if first else ""]))


def zones_to_name(game, step, other) -> list[str]:
    """The zones whose first card both texts of a step and its twin name: the one
    reading the check allows (tutor.core.views.secret_words) is that a word of a card
    the step moved in the seat's sight means that card, so a zone whose first card is
    named like a card moved in the step or its twin is left out of both."""
    unlike = set(moved_labels(game, step.before, step.after)) | \
        set(moved_labels(game, other.before, other.after))
    mine, theirs = first_cards(game, step.after), first_cards(game, other.after)
    return [name for name in mine if mine[name] not in unlike
            and theirs.get(name, mine[name]) not in unlike]


class Checker:
    def __init__(self, game):
        self.game = game
        self.rng = random.Random(f"narration {game.id}")
        self.failures: list[str] = []
        self.readings = self.unmatched = self.withheld = self.practice = 0

    def differs(self, where, what, mine, theirs):
        if mine != theirs and len(self.failures) < 30:
            self.failures.append(f"{where}: {what} differs:\n  {mine}\n  {theirs}")

    def twin(self, step, viewer, seen):
        """(twin position, twin move, its events) of ``step`` for ``viewer``, or None."""
        self.readings += 1
        found = ply_twin(self.game, step.before, step.after, step.seat, step.ply.move,
                         viewer, seen, self.rng)
        self.unmatched += found is None
        return found

    def book_step(self, where, book, step, seen):
        """The book's words of ``step`` read by every seat, in the step and its twin."""
        for viewer in range(step.before.num_players):
            found = self.twin(step, viewer, seen[viewer])
            if found is None:
                continue
            other = twin_step(self.game, step, *found, step.say)
            self.withheld += not step.words_safe_for(viewer)
            self.differs(f"{where}, seat {viewer}", "the choice to show the book's words",
                         step.words_safe_for(viewer), other.words_safe_for(viewer))
            self.differs(f"{where}, seat {viewer}", "narration",
                         step.narration_for(viewer), other.narration_for(viewer))
            if viewer == step.seat:
                self.practice_texts(where, book, step, other)
            else:
                self.retold(where, book, step, other, viewer)

    def retold(self, where, book, step, other, viewer):
        """The mover's 'well done' as the next mover, ``viewer``, finds it on screen."""
        position = step.number - 1
        mine, theirs = practice_at(book, position, step), practice_at(book, position, other)
        self.differs(f"{where}, seat {viewer}", "practice 'well done' retold",
                     mine.retold(mine.judge(step.ply.move), viewer),
                     theirs.retold(theirs.judge(other.ply.move), viewer))

    def practice_texts(self, where, book, step, other):
        """What practice tells the mover at this step, in the book and in the twin."""
        self.practice += 1
        position = step.number - 1
        mine, theirs = practice_at(book, position, step), practice_at(book, position, other)
        self.differs(where, "practice question", mine.question(), theirs.question())
        self.differs(where, "practice 'well done'",
                     mine.judge(step.ply.move).message, theirs.judge(other.ply.move).message)
        mine, theirs = practice_at(book, position, step), practice_at(book, position, other)
        self.differs(where, "practice 'show me'", mine.show_me().message,
                     theirs.show_me().message)
        index = other_move_index(self.game, step)
        if index is None:
            return
        mine, theirs = practice_at(book, position, step), practice_at(book, position, other)
        first = mine.judge(self.game.legal_moves(step.before, step.seat)[index])
        second = theirs.judge(self.game.legal_moves(other.before, other.seat)[index])
        if first.judgement is second.judgement is Judgement.ALLOWED_OTHER:
            self.differs(where, "practice 'allowed, but'", first.message, second.message)

    def random_match(self, where, match):
        """Each ply of a random game, its teacher's account playing the narration."""
        game = self.game
        for i, state, seen in seen_so_far(game, match):
            if i == 0:
                self.setup(where, state, seen)
            if i == len(match.plies):
                break
            ply = match.plies[i]
            after = match.states[i + 1]
            step = BookStep(i + 1, match.players[ply.seat], ply.seat, ply.text, "", (),
                            ply.events, state, after, ply, game=game)
            for viewer in range(state.num_players):
                found = self.twin(step, viewer, seen[viewer])
                if found is None:
                    continue
                other = twin_step(game, step, *found, "")
                zones = zones_to_name(game, step, other)
                mine = replace(step, say=narration_like(game, state, after, ply.events,
                                                        zones))
                other = replace(other, say=narration_like(game, other.before, other.after,
                                                          other.events, zones))
                self.withheld += not mine.words_safe_for(viewer)
                self.differs(f"{where}, ply {i + 1} ({ply.text}), seat {viewer}",
                             "narration", mine.narration_for(viewer),
                             other.narration_for(viewer))

    def setup(self, where, state, seen):
        """The setup's teacher's account as an intro, in the setup and its twin."""
        game = self.game
        for viewer in range(state.num_players):
            twin = position_twin(game, state, viewer, seen[viewer], self.rng)
            self.readings += 1
            self.differs(f"{where}, setup, seat {viewer}", "intro",
                         setup_narration_for(game, state, viewer,
                                             teacher_account(game.opening_events(state))),
                         setup_narration_for(game, twin, viewer,
                                             teacher_account(game.opening_events(twin))))


def practice_at(book: Walkthrough, position: int, step: BookStep) -> Practice:
    """A practice of ``book`` at ``position`` whose step there is ``step``."""
    twin = copy.copy(book)
    twin.steps = book.steps[:position] + (step,) + book.steps[position + 1:]
    twin.position = position
    return Practice(twin)


def other_move_index(game, step):
    """The place in the mover's legal moves of one whose result is not the book's."""
    for index, move in enumerate(game.legal_moves(step.before, step.seat)):
        if not game.same_position(game.apply(step.before, step.seat, move)[0], step.after):
            return index
    return None


def intro_twins(checker, book):
    """The intro a seat reads, against the one it would read in a twin of the setup. A
    seat's own intro (intro_for) is one fixed text, the twin's too, as a step's
    say_for is in twin_step; tests/test_goals.py holds it to naming no card the seat
    cannot see."""
    game, start = checker.game, book.states[0]
    own = book.scenario.intro_for
    for viewer in range(start.num_players):
        twin = position_twin(game, start, viewer, frozenset(), checker.rng)
        in_twin = own[viewer] if viewer in own else \
            setup_narration_for(game, twin, viewer, book.scenario.intro)
        in_twin = " ".join(filter(None, [*book.scenario.opening, in_twin]))
        checker.differs(f"{book.scenario.name} intro, seat {viewer}", "intro",
                        book.intro_for(viewer), in_twin)


def jump_twins(checker, book, step):
    """A jump's words a seat reads, against those it would read in a twin of the later
    position: a jump tells a new setup, so it is held to the intro's rule."""
    game = checker.game
    for viewer in range(step.after.num_players):
        twin = position_twin(game, step.after, viewer, frozenset(), checker.rng)
        in_twin = step.say_for[viewer] if viewer in step.say_for else \
            setup_narration_for(game, twin, viewer, step.say)
        checker.differs(f"{book.scenario.name} step {step.number} (jump), seat {viewer}",
                        "jump", step.narration_for(viewer), in_twin)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_reads_the_same_narration_whatever_it_cannot_see(game_id):
    game = GAMES[game_id]
    checker = Checker(game)
    for path in sorted(scenario_dir(game_id).glob("*.yaml")):
        book = Walkthrough.load(path)
        intro_twins(checker, book)
        for part, match in enumerate(book.parts):    # a jump starts a part afresh
            seen = {i: s for i, _, s in seen_so_far(game, match)}
            start = book.part_starts[part]
            if part:
                jump_twins(checker, book, book.steps[start - 1])
            for step in book.part_steps(part):
                checker.book_step(f"{path.stem} step {step.number}", book, step,
                                  seen[step.number - start - 1])
    for name, match in random_matches(game_id, RANDOM_POSITIONS):
        checker.random_match(name, match)
    summary = (f"{game_id}: {checker.readings} readings ({checker.unmatched} without a "
               f"twin move), {checker.withheld} withheld, {checker.practice} practice steps")
    print(summary)
    assert not checker.failures, "\n".join(checker.failures)
    assert checker.unmatched <= MAX_UNMATCHED_SHARE * checker.readings, summary
    assert checker.withheld, "no text was withheld: the check saw no secret"


# -- the check tells a twin card in view from the hidden one --------------------------

def test_a_hidden_card_named_like_one_in_view_is_withheld():
    """The intro of 'Playing and pointing' says Ann has drawn the Lucky Dip facing away
    from her, while another Lucky Dip lies face up on the discard pile: a check by name
    alone (``names_unseen_card``) lets it through, as Ann sees "a Lucky Dip"; which one
    the intro means is the secret, so Ann reads the game's account instead (where the
    file gives her no intro of her own)."""
    from tutor.core.views import names_unseen_card
    book = without_own_narration(
        Walkthrough.load(scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml"))
    game, start, ann = book.game, book.match.states[0], 0
    discard = start.zones["discard"]
    assert game.deck(start.options)[discard[-1]].label == "Lucky Dip"   # in Ann's view
    assert "has drawn the Lucky Dip, facing away from her" in book.scenario.intro
    assert not names_unseen_card(game, [start], ann, book.scenario.intro)   # the old leak
    assert "Lucky Dip" not in book.intro_for(ann)
    assert book.intro_for(ann).endswith("switch View as to All-seeing to read it.")


def test_the_twin_check_catches_a_choice_that_rests_on_a_hidden_card():
    """A rule that shows the teacher's account when it names no card the seat sees
    nowhere (the old rule) fails the twin check on Sneaky Snakes' random play, where a
    drawn card often shares its name with one in view."""
    from tutor.core import views
    original = BookStep.words_safe_for

    def old_rule(self, viewer, played=True):
        return viewer is None or not views.names_unseen_card(
            self.game, (self.before, self.after), viewer, self.words_for(viewer))

    checker = Checker(GAMES["sneaky_snakes"])
    BookStep.words_safe_for = old_rule
    try:
        for name, match in random_matches("sneaky_snakes", RANDOM_POSITIONS):
            checker.random_match(name, match)
    finally:
        BookStep.words_safe_for = original
    assert checker.failures


def test_a_watched_step_whose_words_are_withheld_tells_the_seats_account_once():
    """Cy watches Sneaky Snakes' 'Playing and pointing' step 5, whose book words name the
    Snake Pit facing away from Cy: the step's box says where to read them and lists the
    engine's account, with its rules, once (where the file gives Cy no words of her
    own)."""
    import html

    from widgets.panels.story import step_html
    book = without_own_narration(
        Walkthrough.load(scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml"))
    book.jump(5)
    shown = html.unescape(step_html(book, 2, {}))
    assert "Snake Pit" not in shown and "Snake Pit" in book.step.say
    assert shown.count("switch View as to All-seeing") == 1
    (event,) = [e for e in book.step.events_for(2) if "points at" in e.text]
    assert shown.count(event.text) == 1 and f"[{event.rule}]" in shown
