"""The teaching texts a seat reads name no card that seat cannot see: the twin test.

The same form as tests/test_secrets.py (read its docstring for how a twin is made): from
a position S and a seat, a twin S' differs from S only in cards that seat cannot see
and has not seen before (testkit/twins.py), and every text below made for the seat must
be the same in S and S'. A text that rests on a hidden card changes with some twin, and
so fails here; a card the seat sees is never exchanged, so a twin card of the same name
that lies in view (a second green 7 in the trick, a Gold in an open collection) stays
where it is and a text may name it freely. Two things the public history tells are kept
too (see :func:`public_twin`): which cards lie in the box, out of the game, and in
Sneaky Snakes that nobody holds every Snake Jones card while the game goes on.

What is compared, for each seat of each position:

* hints at levels 1 and 2 (:func:`tutor.hints.hints`): each hint's kind, text, clauses,
  option count and the move it shows;
* quiz questions asked of the seat (:func:`tutor.quiz.questions`, a few seeds): prompt,
  choices, the right one, clause and why, and the grade of every choice;
* the standings chart (widgets.panels.chart: its title, axis, line names and every point,
  which plotly shows on hover), the history up to S with S replaced by its twin;
* at book positions, the comparison with the book (:func:`tutor.session.compare_lines`,
  the move log's rows, :meth:`Branch.comparison`) and the narration of the learner's
  line (widgets.panels.story.branch_html) for a branch that plays one move there, the book's
  next move or another: the book's ply and the branch's ply are twinned together, each
  by the move that lays out the same table in the twin (as test_secrets' ply twins);
  and practice's second hint, which offers the book's move, for the mover.

Positions: every state of every shipped scenario and random play (``POSITIONS_PER_GAME``
per game, ``SECRETS_TEACHING_POSITIONS`` overrides it). ``pytest -s`` prints the counts.

The last test tells a twin card in view from the hidden one directly: where a hint or
a question names a face the seat sees while another card of that face is hidden from
it (what a check by card names flags), moving every hidden card of that face away
changes nothing the seat reads.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from tutor.core.match import Match
from tutor.core.views import hidden_card_ids, laid_face_up
from tutor.games import GAMES, scenario_dir
from tutor.hints import hints
from tutor.quiz import grade, questions
from tutor.session import LEARNER, Branch, Walkthrough, compare_lines, log_rows
from testkit.twins import (MOVED_CARDS_SHOWN, apply_permutation, layout,
                           permutation_within_zones, position_twin, random_matches,
                           seen_so_far, twin_move, twin_permutation)
from widgets.panels.chart import standings_chart
from widgets.games import game_view
from widgets.panels.story import branch_html

POSITIONS_PER_GAME = int(os.environ.get("SECRETS_TEACHING_POSITIONS", 150))
QUIZ_SEEDS = (0, 1)          # question seeds asked per seat and position
TWINS_PER_SEAT = 1           # twins compared per seat and position
BRANCH_MOVES = 2             # branch moves tried per book position (the book's and others)
TWIN_TRIES = 5               # twins drawn until one keeps the position's public facts


# -- twins that keep what the public history tells -------------------------------------------

def out_of_game(state) -> set[str]:
    """The cards in the box: left out at the setup by the player count and options, so
    which ones lie there is public though their faces are down (Sneaky Snakes' cards
    marked for more players). A twin never exchanges them."""
    return set(state.zones.get("box", ()))


# Facts a twin must keep because the history tells them to everyone. Sneaky Snakes ends
# the moment a player holds every Snake Jones card facing them (SN-6.1): while the game
# goes on, nobody does, though those cards face their holder, away from the others.
PUBLIC_FACTS = {"sneaky_snakes": lambda game, state: game.snake_jones_holder(state)}


def keeps_public_facts(game, state, twin) -> bool:
    fact = PUBLIC_FACTS.get(game.id)
    return fact is None or fact(game, twin) == fact(game, state)


def public_twin(game, state, seat, seen, rng):
    """A twin of ``state`` for ``seat`` (twins.position_twin) that leaves the box alone
    and keeps :data:`PUBLIC_FACTS`; None if none of a few drawn does."""
    known = seen | out_of_game(state)
    for _ in range(TWIN_TRIES):
        twin = position_twin(game, state, seat, known, rng)
        if keeps_public_facts(game, state, twin):
            return twin
    return None


# -- what a seat reads ---------------------------------------------------------------------

def hint_texts(game, state, seat) -> list:
    """Both levels of hints as the seat reads them."""
    return [(h.level, h.kind, h.text, h.rules, h.options, h.move_text)
            for level in (1, 2) for h in hints(game, state, seat, level)]


def quiz_texts(game, state, seat) -> list:
    """Every question asked of the seat for each seed, with the grade of each choice."""
    asked = []
    for seed in QUIZ_SEEDS:
        for question in questions(game, state, seat, count=3, seed=seed):
            grades = [grade(question, i) for i in range(len(question.choices))]
            asked.append((json.dumps(question.to_json(), sort_keys=True), grades))
    return asked


def chart_figure(game, history) -> str:
    """The standings chart over ``history`` (states from the start) as plotly's JSON."""
    shown = game_view(game.id)
    chart = standings_chart(game, history, shown.chart_title, shown.chart_columns,
                            shown.chart_by, shown.chart_x_title)
    return json.dumps(chart.to_plotly(), sort_keys=True)


TEXTS = {"hints": hint_texts, "quiz": quiz_texts}


def first_difference(mine, theirs):
    """The first pair of items that differ (lists compared item by item)."""
    if isinstance(mine, list) and isinstance(theirs, list):
        for a, b in zip(mine, theirs):
            if a != b:
                return a, b
    return mine, theirs


class Checker:
    def __init__(self, game):
        self.game = game
        self.rng = random.Random(f"teaching {game.id}")
        self.failures: list[str] = []
        self.positions = self.readings = self.branches = self.unmatched = 0

    def fail(self, where, what, mine, theirs):
        if len(self.failures) < 30:
            first, second = first_difference(mine, theirs)
            self.failures.append(f"{where}: {what} differs:\n  {first}\n  {second}")

    def position(self, where, history, seen):
        """Every seat's hints and quiz, and the chart, at the last state of ``history``
        against twins of it."""
        game, state = self.game, history[-1]
        self.positions += 1
        chart = chart_figure(game, history)
        for seat in range(state.num_players):
            texts = {name: make(game, state, seat) for name, make in TEXTS.items()}
            for _ in range(TWINS_PER_SEAT):
                other = public_twin(game, state, seat, seen[seat], self.rng)
                if other is None:
                    continue
                self.readings += 1
                for name, make in TEXTS.items():
                    theirs = make(game, other, seat)
                    if texts[name] != theirs:
                        self.fail(f"{where}, seat {seat}", name, texts[name], theirs)
                other_chart = chart_figure(game, history[:-1] + [other])
                if other_chart != chart:
                    self.fail(f"{where}, seat {seat}", "chart", chart, other_chart)

    def match(self, where, match, book=None):
        for i, state, seen in seen_so_far(self.game, match):
            self.position(f"{where} position {i}", match.states[:i + 1], seen)
            if book is not None and i < len(match.plies):
                self.branch(f"{where} position {i}", book, i, seen)

    # -- the comparison with the book ---------------------------------------------------

    def branch(self, where, book, at, seen):
        """Branch off the book at ``at`` with one move of the seat to act (the book's
        and others), and compare what each seat reads of the comparison in twins."""
        game = self.game
        ply = book.match.plies[at]
        before = book.match.states[at]
        others = [m for m in game.legal_moves(before, ply.seat) if m != ply.move]
        tries = [ply.move] + self.rng.sample(others, min(BRANCH_MOVES - 1, len(others)))
        for move in tries:
            real = Branch.from_book(book, {s: LEARNER for s in range(before.num_players)},
                                    at=at, autoplay=False)
            real.play(ply.seat, move, bots=False)
            for viewer in range(before.num_players):
                self.branches += 1
                twin = branch_twin(game, book, at, move, viewer, seen[viewer], self.rng)
                if twin is None:
                    self.unmatched += 1
                    continue
                # The standings table reads the same to every seat (it takes no viewer):
                # one seat a position compares it, in turn, as pandas makes it slowly.
                standings = viewer == at % before.num_players
                mine = comparison_texts(book.match.plies, real, viewer, standings)
                theirs = comparison_texts(*twin, viewer, standings)
                if mine != theirs:
                    self.fail(f"{where}, branch `{real.turns[-1].ply.text}` read by seat "
                              f"{viewer}", "comparison", mine, theirs)
                if viewer == ply.seat and move == ply.move:
                    self.practice_hint(where, book, at, twin)

    def practice_hint(self, where, book, at, twin):
        """Practice's second hint offers the book's move: the same for the mover in the
        twin, where the book's move is the twin ply's."""
        game, ply = self.game, book.match.plies[at]
        twin_plies, twin_branch = twin
        mine = hints(game, book.match.states[at], ply.seat, 2, book=ply.move)
        theirs = hints(game, twin_branch.match.states[at], ply.seat, 2,
                       book=twin_plies[at].move)
        if [h.text for h in mine] != [h.text for h in theirs]:
            self.fail(f"{where}, practice of `{ply.text}`", "second hint",
                      [h.text for h in mine], [h.text for h in theirs])


def comparison_texts(book_plies, branch, viewer, standings=True):
    """What the Compare tab, the log and the narration of the learner's line tell
    ``viewer`` of the branch: the lines move by move, the log's rows from the branch
    point, the standings beside the book's and what happened in the branch."""
    players = branch.state.players
    rows = compare_lines(players, book_plies, branch.turns, branch.base, viewer=viewer)
    log = log_rows(players, branch.turns, viewer=viewer)[branch.base:]
    return [json.dumps(rows), json.dumps(log, default=str),
            branch.comparison().to_json() if standings else "",
            branch_html(branch.game, branch, viewer)]


def branch_twin(game, book, at, move, viewer, seen, rng):
    """(the book's plies, a branch) as in a twin of the book position ``at`` for
    ``viewer``: the book's next ply and the branch's ``move`` both replayed from the
    twin, each by a move that lays the table out as the twin of what it laid out; None
    when one of them has no such move.

    Only cards hidden from the viewer before and after both plies are exchanged (a
    card either ply shows may be named), as in twins.ply_twin."""
    ply = book.match.plies[at]
    before = book.match.states[at]
    book_after = book.match.states[at + 1]
    mine_after, _ = game.apply(before, ply.seat, move)
    hidden = hidden_card_ids(game, before, viewer) - seen - out_of_game(before)
    for after in (book_after, mine_after):
        hidden &= hidden_card_ids(game, after, viewer)
        hidden -= laid_face_up(game, before, after)
        if game.id in MOVED_CARDS_SHOWN:
            hidden -= {c for name, cards in after.zones.items()
                       for c in set(cards) - set(before.zones[name])}
    # As in twins.ply_twin: where a twin breaks what a ply shows (a player who cannot
    # follow suit holds no card of it), one that only reorders each place is tried.
    for sigma in (twin_permutation(game, before, hidden, rng),
                  permutation_within_zones(before, hidden, rng)):
        other = apply_permutation(before, sigma)
        if not keeps_public_facts(game, before, other):
            continue
        book_move = twin_move(game, other, ply.seat, ply.move,
                              layout(game, apply_permutation(book_after, sigma)))
        my_move = twin_move(game, other, ply.seat, move,
                            layout(game, apply_permutation(mine_after, sigma)))
        if book_move is not None and my_move is not None:
            break
    else:
        return None
    twin_book = Match(game, book.scenario.players, book.scenario.seed,
                      dict(book.scenario.options), book.scenario.setup,
                      states=list(book.match.states[:at]) + [other],
                      plies=list(book.match.plies[:at]))
    twin_book.play(ply.seat, book_move[0])
    # The book's plies after the next one stand as they are: the comparison reads them
    # from the book, and they are the same in both (the twin changes the branch point).
    book_plies = twin_book.plies + list(book.match.plies[at + 1:])
    branch_match = Match(game, book.scenario.players, book.scenario.seed,
                         dict(book.scenario.options), book.scenario.setup,
                         states=list(book.match.states[:at]) + [other],
                         plies=list(book.match.plies[:at]))
    branch = Branch(game, branch_match, {s: LEARNER for s in range(before.num_players)},
                    book=book, autoplay=False)
    branch.play(ply.seat, my_move[0], bots=False)
    return book_plies, branch


def book_walkthroughs(game_id):
    """(name, walkthrough) of every shipped scenario of the game."""
    for path in sorted(scenario_dir(game_id).glob("*.yaml")):
        yield path.stem, Walkthrough.load(path)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_teaching_texts_a_seat_reads_are_the_same_whatever_it_cannot_see(game_id):
    checker = Checker(GAMES[game_id])
    for name, book in book_walkthroughs(game_id):
        checker.match(name, book.match, book)
    for name, match in random_matches(game_id, POSITIONS_PER_GAME):
        checker.match(name, match)
    summary = (f"{game_id}: {checker.positions} positions, {checker.readings} seat "
               f"readings, {checker.branches} branch readings ({checker.unmatched} "
               f"without a twin move)")
    print(summary)
    assert not checker.failures, "\n".join(checker.failures)
    assert checker.unmatched <= 0.10 * max(checker.branches, 1), summary


# -- a card in view with a twin hidden -------------------------------------------------------

def names(text, label) -> bool:
    return re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text) is not None


def twin_without(game, state, seat, seen, label):
    """A twin of ``state`` for ``seat`` in which no card hidden from it (and not seen
    before) bears ``label``: each such card changes place with a hidden card of
    another face. None when too few hidden cards of other faces are left."""
    deck = game.deck(state.options)
    hidden = sorted(hidden_card_ids(game, state, seat) - seen - out_of_game(state))
    same = [c for c in hidden if deck[c].label == label]
    other = [c for c in hidden if deck[c].label != label]
    if not same or len(other) < len(same):
        return None
    sigma = {}
    for a, b in zip(same, other):
        sigma[a], sigma[b] = b, a
    return apply_permutation(state, sigma)


def texts_naming_a_twin_in_view(game_id):
    """(where, seat, label, state, seen) wherever a hint or a question for the seat
    names a face that lies in the seat's view while another card of that face is hidden
    from it: the texts a check by card names would flag, in the first two examples."""
    game = GAMES[game_id]
    for name, book in list(book_walkthroughs(game_id))[:2]:
        for i, state, seen in seen_so_far(game, book.match):
            deck = game.deck(state.options)
            for seat in range(state.num_players):
                unseen = hidden_card_ids(game, state, seat) - seen[seat]
                in_view = {deck[c].label for cards in state.zones.values() for c in cards
                           if c not in hidden_card_ids(game, state, seat)}
                twins = in_view & {deck[c].label for c in unseen}
                said = json.dumps([hint_texts(game, state, seat),
                                   quiz_texts(game, state, seat)], default=str)
                for label in sorted(label for label in twins if names(said, label)):
                    yield f"{name} position {i}", seat, label, state, seen[seat], said


@pytest.mark.parametrize("game_id", ["bargain_hunter", "cover_your_assets",
                                     "sell_me_a_sasquatch"])
def test_a_card_in_view_is_named_though_a_twin_of_it_is_hidden(game_id):
    """A hint or question may name the card the seat sees (Cleo challenges Ben's open
    Coin Collection set) while another Coin Collection lies face down in a hand: what it
    says stays, word for word, when every hidden card of that face is moved away."""
    game = GAMES[game_id]
    found = 0
    for where, seat, label, state, seen, said in texts_naming_a_twin_in_view(game_id):
        other = twin_without(game, state, seat, seen, label)
        if other is None or not keeps_public_facts(game, state, other):
            continue
        found += 1
        theirs = json.dumps([hint_texts(game, other, seat), quiz_texts(game, other, seat)],
                            default=str)
        assert theirs == said, f"{where}, seat {seat}: {label} hidden elsewhere changes it"
    assert found >= 3, f"only {found} texts name a card in view with a hidden twin"
