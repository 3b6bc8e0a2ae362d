"""No text a seat's page gets names a card that seat cannot see: the strong test.

The idea: a seat's page must be a function of what the seat can know. So from a position
S we build a *twin* S' that differs from S only in cards the seat cannot see, render
everything the app sends to that seat for both, and require the same result. A text
that names a hidden card changes with the twin (over many positions and twins), so it
is caught without anyone listing the secret texts by hand.

The twin: the ids of the cards hidden from the seat are permuted among themselves, slot
by slot. What is known about a *slot* stays with the slot: its zone and place, and who
else sees the card lying there (``state.seen_by`` is re-keyed to the new card), so every
hidden slot stays hidden from the seat and every other slot is untouched. Card ids in
``state.data`` are renamed the same way. To stay consistent with the past, cards the
seat has seen at any earlier point of the game (or saw laid face up on a pile) are
never exchanged, and in Sneaky Bastard, where every hand's contents can be worked out
from the public history, cards are exchanged only inside their own place (see
``WITHIN_ZONES``; the twins are made in testkit/twins.py, which tests/test_secrets_app.py
shares). Leaving cards alone only weakens a twin; it never invents a leak.

What is compared, for each seat of each position:

* the current position: the seat's view (table and public data), the scoreboard, the
  outcome, a forced move's reason, all its legal moves as it reads them, and the verdict
  (with its preview) on a sample of them and of moves it played elsewhere in the game
  (mostly refused here: rejections are texts too). A bot playing the seat must choose
  the same move with the same reason in S and S', or it decided on a card it cannot
  see. For the other seats, a bot's reason as this seat reads it is compared whenever
  the bot's move reads the same to this seat in both.
  Requiring these texts to be a function of the seat's *current* view is stricter than
  needed, so it can only over-report.
* the history: each ply is checked as it was played. For ply S_i -> S_i+1 (mover b,
  move m) the twin exchanges only cards hidden from the seat both before and after the
  ply (a card the ply shows the seat may be named), giving S'_i; we find the move m' of
  b that lays S'_i out as the twin of S_i+1 (same faces in the same places, seen by the
  same seats: m itself, or another of b's moves when m names an exchanged card), and
  compare the move text and events as the seat reads them. Where a twin contradicts
  what the ply itself shows (a player who cannot follow suit holds no card of it), a
  twin that only reorders each place is tried; plies with no twin move at all are
  counted, and their share is asserted to be small.

Positions: every state of every shipped scenario, and random play (about
``POSITIONS_PER_GAME`` positions per game; ``SECRETS_POSITIONS`` overrides it).
``pytest -s`` prints how many positions, ply readings and bot choices were checked.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from tutor.bots import make_bot
from tutor.core.views import WITHHELD, verdict_for, view
from tutor.games import GAMES, scenario_dir
from testkit.twins import (position_twin, ply_twin, random_matches, scenario_matches,
                           seen_so_far)

# Random-play positions per game, spread over twins.RANDOM_GAMES.
POSITIONS_PER_GAME = int(os.environ.get("SECRETS_POSITIONS", 300))
MOVES_PER_POSITION = 12       # previews sampled per seat and position
MAX_UNMATCHED_SHARE = 0.10    # history plies whose twin move could not be found


# -- what a seat's page gets -------------------------------------------------------------

def page_now(game, state, seat, legal, tries):
    """Everything about the current position the app sends to ``seat``: the table, the
    scores, the end, a forced move's reason, the seat's legal moves as it reads them, and
    the verdict on each of ``tries`` (moves it might compose, legal or not)."""
    seen = view(game, state, seat)
    outcome = game.outcome(state)
    forced = game.forced(state, seat) if seat in game.to_act(state) else None
    return {"view": json.dumps(seen, sort_keys=True),
            "scoreboard": json.dumps(game.scoreboard(state), sort_keys=True),
            "outcome": outcome.explanation if outcome else "",
            "forced": str(forced),
            "moves": [game.format_move_for(state, seat, m, seat) for m in legal],
            "verdicts": [str(verdict_for(game, state, seat, m, seat)) for m in tries]}


def bot_page(game, bot, state, bot_seat, viewer):
    choice = bot.choose(game, state, bot_seat)
    return (game.format_move_for(state, bot_seat, choice.move, viewer),
            choice.reason_for(bot_seat, viewer))


def ply_page(game, before, seat, move, events, viewer):
    return (game.format_move_for(before, seat, move, viewer),
            tuple(e.for_viewer(viewer) for e in events))


class Checker:
    def __init__(self, game):
        self.game = game
        self.rng = random.Random(game.id)
        self.failures: list[str] = []
        self.positions = self.plies = self.unmatched = self.bot_checks = 0
        self.bots = [make_bot(game, "heuristic", 3), make_bot(game, "random", 3)]

    def fail(self, where, what, first, second):
        if len(self.failures) < 40:
            self.failures.append(f"{where}: {what} differs:\n  {first}\n  {second}")

    def position(self, where, state, seen, played=()):
        game = self.game
        self.positions += 1
        acting = game.to_act(state)
        for seat in range(state.num_players):
            other = position_twin(game, state, seat, seen[seat], self.rng)
            legal = game.legal_moves(state, seat) if seat in acting else []
            tries = legal
            if len(tries) > MOVES_PER_POSITION:
                tries = self.rng.sample(tries, MOVES_PER_POSITION)
            if seat in acting:     # moves the seat played elsewhere: mostly refused here
                tries = tries + self.rng.sample(played[seat], min(4, len(played[seat])))
            mine = page_now(game, state, seat, legal, tries)
            theirs = page_now(game, other, seat, legal, tries)
            for key in mine:
                if mine[key] != theirs[key]:
                    pairs = [(a, b) for a, b in zip(mine[key], theirs[key]) if a != b] \
                        if isinstance(mine[key], list) else [(mine[key], theirs[key])]
                    self.fail(f"{where}, seat {seat}", key, *pairs[0])
            for bot_seat in acting:
                for bot in self.bots:
                    self._bot(where, bot, state, other, bot_seat, seat)

    def _bot(self, where, bot, state, other, bot_seat, viewer):
        self.bot_checks += 1
        mine = bot_page(self.game, bot, state, bot_seat, viewer)
        theirs = bot_page(self.game, bot, other, bot_seat, viewer)
        if viewer == bot_seat and mine != theirs:
            self.fail(f"{where}, {bot.name} bot at seat {bot_seat}", "choice", mine, theirs)
        elif mine[0] == theirs[0] and mine[1] != theirs[1]:
            self.fail(f"{where}, {bot.name} bot at seat {bot_seat} read by seat {viewer}",
                      "reason", mine[1], theirs[1])

    def match(self, where, match):
        """Every position of the match, and every ply read by every seat."""
        game = self.game
        players = match.states[0].num_players
        played = [[p.move for p in match.plies if p.seat == seat] for seat in range(players)]
        for i, state, seen in seen_so_far(game, match):
            self.position(f"{where} position {i}", state, seen, played)
            if i < len(match.plies):
                self.ply(where, match, i, seen)

    def ply(self, where, match, i, seen):
        game = self.game
        ply = match.plies[i]
        before, after = match.states[i], match.states[i + 1]
        for viewer in range(before.num_players):
            self.plies += 1
            found = ply_twin(game, before, after, ply.seat, ply.move, viewer, seen[viewer],
                             self.rng)
            if found is None:
                self.unmatched += 1
                continue
            other_before, move, events = found
            mine = ply_page(game, before, ply.seat, ply.move, ply.events, viewer)
            theirs = ply_page(game, other_before, ply.seat, move, events, viewer)
            if mine != theirs:
                self.fail(f"{where}, ply {i + 1} ({ply.text}) read by seat {viewer}",
                          "ply", mine, theirs)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_reads_the_same_whatever_it_cannot_see(game_id):
    checker = Checker(GAMES[game_id])
    sources = list(scenario_matches(game_id)) + list(random_matches(game_id, POSITIONS_PER_GAME))
    for name, match in sources:
        checker.match(name, match)
    summary = (f"{game_id}: {checker.positions} positions, {checker.plies} ply readings "
               f"({checker.unmatched} without a twin move), {checker.bot_checks} bot "
               f"choices")
    print(summary)
    assert not checker.failures, "\n".join(checker.failures)
    assert checker.unmatched <= MAX_UNMATCHED_SHARE * checker.plies, summary


# -- the texts the issue found leaking, one by one -------------------------------------------

def walkthrough(game_id, name):
    from tutor.session import Walkthrough
    return Walkthrough.load(scenario_dir(game_id) / f"{name}.yaml")


def test_a_deal_reads_as_face_down_cards_to_everyone_but_its_dealer():
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    bob = book.steps[1]                         # Bob deals Giant+Loan Shark+Tiny up Tiny
    assert bob.move_text_for(None) == "deal Giant+Loan Shark+Tiny up Tiny"
    assert bob.move_text_for(bob.seat) == "deal Giant+Loan Shark+Tiny up Tiny"
    # Not the last deal: its face-up card is turned only when every deal is ready.
    assert bob.move_text_for(0) == "deal: 2 cards face down and one to be turned up"
    cat = book.steps[2]                         # the last deal turns every chosen card up
    assert cat.move_text_for(0) == "deal: 2 cards face down, Big face up"


def test_the_move_log_for_a_seat_names_no_face_down_deal_card():
    from tutor.session import Turn, log_frame
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    book.jump(3)
    turns = [Turn(p, "book") for p in book.plies()]
    ann = " ".join(log_frame(book.state.players, turns, viewer=0)["move"])
    assert "Loan Shark" not in ann and "Trojan Horse" not in ann
    teacher = " ".join(log_frame(book.state.players, turns, viewer=None)["move"])
    assert "Giant+Loan Shark+Tiny" in teacher


def flip_position():
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    step = book.steps[3]                        # Ann flips the 1st card of Cat's deal
    return book.game, step.before, step.seat, step.ply.move


def test_a_flip_preview_does_not_tell_the_buyer_the_face_it_turns():
    game, state, buyer, flip = flip_position()
    assert str(verdict_for(game, state, buyer, flip, buyer)) == f"Allowed: {WITHHELD}."
    teacher = str(verdict_for(game, state, buyer, flip, None))
    assert "turns the 1st card of Cat's deal: a Poison Pill Bug" in teacher


def test_turning_an_away_card_is_previewed_without_its_face():
    book = walkthrough("sneaky_snakes", "hard_deal_and_snake_pit")
    game, state = book.game, book.state
    ann = 0
    unseen = [m for m in game.legal_moves(state, ann)
              if game.format_move(state, ann, m).startswith("play")
              and not game.can_see(state, f"hand:{ann}", m.position - 1, ann)]
    assert unseen
    for move in unseen:
        assert verdict_for(game, state, ann, move, ann).text == f"{WITHHELD}."
        assert verdict_for(game, state, ann, move, None).text != f"{WITHHELD}."


def test_a_set_with_the_discard_is_previewed_without_the_card_beneath():
    book = walkthrough("cover_your_assets", "classic_original")
    book.jump(3)
    game, state, ada = book.game, book.state, 0
    with_discard = [m for m in game.legal_moves(state, ada)
                    if "discard pile now shows" in str(verdict_for(game, state, ada, m, None))]
    assert with_discard
    for move in with_discard:
        assert verdict_for(game, state, ada, move, ada).text == f"{WITHHELD}."


def test_a_preview_that_turns_nothing_up_says_what_happens():
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    step = book.steps[0]                        # Dan's deal: not the last one
    verdict = verdict_for(book.game, step.before, step.seat, step.ply.move, step.seat)
    assert verdict.allowed and "lays a deal of 3 cards face down" in verdict.text


def test_a_bot_reason_is_for_its_own_seat_and_the_teacher():
    from tutor.bots import PRIVATE_REST
    from tutor.session import Branch
    game = GAMES["cover_your_assets"]
    branch = Branch.new_game(game, ["Ada", "Ben", "Cleo"],
                             {0: "learner", 1: "heuristic", 2: "random"}, seed=4)
    branch.play(0, game.legal_moves(branch.state, 0)[0])
    bots = {turn.ply.seat: turn for turn in branch.recent_turns() if turn.by != "learner"}
    heuristic, random_bot = bots[1], bots[2]
    assert heuristic.reason_for(None) == heuristic.reason_for(1) == heuristic.reason
    # Ben's set lies face up; why it is his best is about his hand, withheld from Ada.
    assert heuristic.reason.endswith(": the most valuable set it can form")
    assert heuristic.reason_for(0) == ("forms a set of two Cabin from hand, worth "
                                       f"$30,000; {PRIVATE_REST}")
    assert random_bot.reason_for(0) == "picks at random among its legal moves"
    assert random_bot.reason_for(None) == random_bot.reason


def test_a_saved_game_is_for_the_teacher_only():
    from tutor.session import Branch, SecretError
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    book.jump(2)
    with pytest.raises(SecretError, match="Ann cannot see"):
        book.to_scenario(viewer=0)
    assert "Giant+Loan Shark+Tiny" in book.to_scenario(viewer=None)
    branch = Branch.from_book(book, {s: "learner" for s in range(4)})
    with pytest.raises(SecretError, match="all-seeing view"):
        branch.to_scenario("mine", viewer=1)


def test_an_event_shows_its_public_text_to_the_seats_it_hides_from():
    from tutor.core.game import Event
    event = Event("X-1", "Ann draws a Gold", hidden_from=(1, 2), public_text="Ann draws a card")
    assert event.for_viewer(None).text == "Ann draws a Gold"
    assert event.for_viewer(0) == Event("X-1", "Ann draws a Gold")
    assert event.for_viewer(2) == Event("X-1", "Ann draws a card")


def test_the_last_sellers_preview_keeps_the_other_face_up_cards_secret():
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    cat = book.steps[2]                  # the last deal: every chosen card turns up with it
    verdict = verdict_for(book.game, cat.before, cat.seat, cat.ply.move, cat.seat)
    assert verdict.text == f"{WITHHELD}."
    assert "Bob a Tiny" in verdict_for(book.game, cat.before, cat.seat, cat.ply.move,
                                       None).text


def test_an_expander_card_and_a_split_read_without_their_faces():
    book = walkthrough("sell_me_a_sasquatch", "thingamabobs")
    (step,) = [s for s in book.steps if "Expander adds" in s.move_text]
    others = [v for v in range(len(book.scenario.players)) if v != step.seat]
    for viewer in others:
        assert step.move_text_for(viewer) == (f"thingamabob Cryptozooptic Expander adds a "
                                              f"card face down to Dan")
    assert step.move_text_for(step.seat) == step.move_text
    split = walkthrough("sell_me_a_sasquatch", "two_players").steps[0]
    assert split.move_text == "split Big+Loan Shark / Tiny up Tiny"
    assert split.move_text_for(1 - split.seat) == \
        "split: 2 face down on Ann's side and 0 on Bob's; Tiny face up on Bob's side"


def test_the_comparison_with_the_book_reads_each_move_as_the_viewer_does():
    from tutor.session import Branch, compare_lines
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    book.jump(1)                                 # Dan has dealt; Bob is to deal next
    branch = Branch.from_book(book, {s: "learner" for s in range(4)})
    branch.play(1, "deal Loan Shark+Giant+Tiny up Tiny")   # the book: Giant+Loan Shark+Tiny

    def first_row(viewer):
        return compare_lines(book.scenario.players, book.match.plies, branch.turns,
                             branch.base, viewer=viewer)[0]

    ann = first_row(0)
    assert ann["book"] == ann["your line"] == \
        "Bob: deal: 2 cards face down and one to be turned up"
    assert ann[""] == "same move"
    teacher = first_row(None)
    assert teacher["book"] == "Bob: deal Giant+Loan Shark+Tiny up Tiny"
    assert teacher[""] == "they part here"


def test_a_reason_resting_on_the_open_table_is_shown_to_every_seat():
    from tutor.session import Branch
    book = walkthrough("sell_me_a_sasquatch", "first_turn")
    book.jump(3)                                 # every deal is ready: Ann flips a card
    branch = Branch.from_book(book, {0: "heuristic", 1: "learner", 2: "learner",
                                     3: "learner"})
    flip = branch.turns[book.position]
    assert flip.by == "heuristic" and flip.ply.text.startswith("flip")
    assert "face-down cards" in flip.reason
    assert all(flip.reason_for(seat) == flip.reason for seat in range(4))
