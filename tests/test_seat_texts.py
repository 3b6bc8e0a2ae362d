"""A scenario's own texts name no card their reader cannot see (issue 37, points 1, 5, 7).

- Titles and summaries are read at the setup (the heading at step 0, the example list,
  the gallery): a seat reads the file's only where it names none of the setup's secret
  words for that seat, and a list every seat reads shows a title safe for all of them.
- A practice goal is decided by card identity: it may name only cards the mover sees,
  even when the mover is about to play a card of the same face as a hidden one.
- A teacher's file is checked when loaded: a seat's own narration naming a card it
  cannot see gives way to the engine's account, and the teacher is told which text.

Each decision is a function of what the seat sees: a twin position (differing only in
cards the seat cannot see, tests/twins.py) gets the same one.
"""

from __future__ import annotations

import random

import pytest

from tutor import scenario as scenarios
from tutor.core.views import hidden_card_ids, secret_words
from tutor.games import GAMES, example_order, scenario_dir
from tutor.practice import Practice
from tutor.seat_texts import (goal_names_unseen, held_back_notice, listed_summary,
                              listed_title, summary_for, title_for)
from tutor.session import Walkthrough
from test_session import PER_SEAT
from testkit.twins import position_twin, random_matches, seen_so_far


def books(game_id):
    for stem in example_order(game_id):
        yield stem, Walkthrough.load(scenario_dir(game_id) / f"{stem}.yaml")


def named(text: str, words) -> list[str]:
    """The words of ``words`` that ``text`` uses (by plain containment: stricter than
    the tutor's whole-word match, so a near miss shows up here)."""
    return sorted(word for word in words if word in text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_titles_and_summaries_name_no_card_their_reader_cannot_see(game_id):
    game = GAMES[game_id]
    leaks = []
    for stem, book in books(game_id):
        scenario, start = book.scenario, book.match.states[0]
        every_seat = set()
        for seat, name in enumerate(scenario.players):
            secret = secret_words(game, start, start, seat)
            every_seat |= secret
            for what, text in (("heading", book.title_for(seat)),
                               ("summary", summary_for(scenario, start, seat))):
                if named(text, secret):
                    leaks.append(f"{stem}: the {what} {name} reads names "
                                 f"{named(text, secret)}")
        for what, text in (("listed title", book.listed_title),
                           ("listed summary", book.listed_summary)):
            if named(text, every_seat):
                leaks.append(f"{stem}: the {what} names {named(text, every_seat)}")
        assert book.title_for(None) == scenario.title  # the teacher reads the file's
    assert not leaks, "; ".join(leaks)


def test_a_title_naming_hidden_cards_gives_way_for_the_seats_that_cannot_see_them():
    """The issue's case: a title naming a Snake Pit that lies face down in the draw pile
    (Sneaky Snakes' harder deal once named two cards Ann, Bob and Cy could not see)."""
    text = SHARED_FACE.replace('    goal: "GOAL"\n', "").replace(
        "title: t", "title: Pointing, and the Snake Pits\n"
        "summary: Cy's Sticky Fingers and the Snake Pit")
    book = Walkthrough(scenarios.parse(text))
    for seat in range(3):
        assert book.title_for(seat) == "An example for 3 players, 1 steps"
    assert book.title_for(None) == "Pointing, and the Snake Pits"
    assert book.listed_title == "An example for 3 players, 1 steps"
    assert book.listed_summary == ""


def test_the_shipped_examples_keep_their_own_titles_in_every_list():
    """Their titles and summaries are written to name no card a seat cannot see at the
    setup, so the gallery and the example list show them as written."""
    for game_id in sorted(GAMES):
        for stem, book in books(game_id):
            assert book.listed_title == book.scenario.title, f"{game_id} {stem}"
            assert book.listed_summary == book.scenario.summary, f"{game_id} {stem}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_twin_setup_gets_the_same_title_and_summary(game_id):
    game, rng = GAMES[game_id], random.Random(37)
    for stem, book in books(game_id):
        scenario, start = book.scenario, book.match.states[0]
        for seat in range(len(scenario.players)):
            twin = position_twin(game, start, seat, frozenset(), rng)
            assert title_for(scenario, twin, seat) == title_for(scenario, start, seat), stem
            assert summary_for(scenario, twin, seat) == summary_for(scenario, start, seat)
        twin = position_twin(game, start, 0, frozenset(), rng)
        assert listed_title(scenario, twin) == listed_title(scenario, start)
        assert listed_summary(scenario, twin) == listed_summary(scenario, start)


def _moved(before, after) -> set[str]:
    was = {c: name for name, cards in before.zones.items() for c in cards}
    return {c for name, cards in after.zones.items() for c in cards if was.get(c) != name}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_goal_may_name_only_cards_the_mover_sees_by_identity(game_id):
    """At random positions, a goal naming a card hidden from the mover is refused, most
    of all when the mover is about to play a card of the same face (the check once let
    that through), and a twin of the position gets the same decision for every goal."""
    game, rng = GAMES[game_id], random.Random(5)
    same_face, checked = 0, 0
    for _, match in random_matches(game_id, 120):
        for index, state, seen in seen_so_far(game, match):
            if index == len(match.plies):
                continue
            seat, move = match.plies[index].seat, match.plies[index].move
            after = match.states[index + 1]
            deck = game.deck(state.options)
            # Cards in a place whose contents every player can work out (Sneaky
            # Bastard's money hands, ``contents_known``) are no secret by their face.
            known = getattr(game, "contents_known", ())
            hidden = {c for name, cards in state.zones.items()
                      if name.partition(":")[0] not in known for c in cards} \
                & hidden_card_ids(game, state, seat)
            played_faces = {deck[c].face().get("name") for c in _moved(state, after)} \
                - {None, ""}
            for cid in sorted(hidden):
                face = deck[cid].face().get("name")
                if not face:
                    continue
                goal = f"Someone holds a {face} you cannot see: what now?"
                assert face in goal_names_unseen(game, state, seat, goal), goal
                same_face += face in played_faces
                twin = position_twin(game, state, seat, seen[seat], rng)
                assert goal_names_unseen(game, twin, seat, goal) == \
                    goal_names_unseen(game, state, seat, goal)
                checked += 1
            seen_faces = {deck[c].face().get("name") for cards in state.zones.values()
                          for c in cards if c not in hidden} - {None, ""}
            hidden_words = {word for c in hidden for word in
                            (deck[c].face().get("name"), deck[c].face().get("label"))}
            for face in sorted(face for face in seen_faces
                               if not any(word and word in face for word in hidden_words)):
                goal = f"Will you play your {face}?"
                assert goal_names_unseen(game, state, seat, goal) == (), goal
    assert checked > 100
    if game_id != "sneaky_bastard":   # money cards: hands' contents are public knowledge
        assert same_face > 0, "no position where the mover plays a face a hidden card has"


def _same_face_goals(game, match):
    """{step number: goal} for the plies of ``match`` where the mover moves only cards it
    sees, one of them of the same face as a card hidden from it: the goal names that
    face (the case a face-based check let through)."""
    goals = {}
    for index, ply in enumerate(match.plies):
        before, after = match.states[index], match.states[index + 1]
        deck = game.deck(before.options)
        hidden = hidden_card_ids(game, before, ply.seat)
        moved = _moved(before, after)
        if not moved or moved & hidden:
            continue
        faces = {deck[c].face().get("name") for c in moved} & \
            {deck[c].face().get("name") for c in hidden} & \
            {w for w in secret_words(game, before, before, ply.seat)}
        if faces:
            goals[index + 1] = f"Someone else holds a {sorted(faces)[0]}: what now?"
    return goals


@pytest.mark.parametrize("game_id", ["bargain_hunter", "cover_your_assets",
                                     "sell_me_a_sasquatch", "sneaky_snakes"])
def test_practice_never_asks_a_goal_naming_a_face_hidden_from_the_mover(game_id):
    """Random games written out as scenario files, with a goal at each step where the
    mover plays a card of a face hidden elsewhere, naming that face: practice asks the
    engine's question there instead."""
    game, asked = GAMES[game_id], 0
    for _, match in random_matches(game_id, 60):
        goals = _same_face_goals(game, match)
        if not goals:
            continue
        steps = [{"who": match.states[0].players[ply.seat],
                  "move": game.format_move(match.states[i], ply.seat, ply.move),
                  "goal": goals.get(i + 1, "")} for i, ply in enumerate(match.plies)]
        text = scenarios.dump(game, match.states[0].players, match.seed, {}, None, steps,
                              "random")
        practice = Practice(Walkthrough(scenarios.parse(text)))
        while not practice.done:
            number = practice.step.number
            if number in goals:
                assert practice.question() != goals[number], goals[number]
                asked += 1
            practice.show_me()
    assert asked > 0


# test_session's scenario (Ann points at Cy's card that faces away from Cy; a Snake
# Pit lies face down in the draw pile), its setup only, with one step that has a goal.
SHARED_FACE = PER_SEAT[:PER_SEAT.index("intro:")] + """\
steps:
  - who: Ann
    move: point Cy 3
    goal: "GOAL"
"""


@pytest.mark.parametrize("goal, shown", [
    # Ann points at Cy's Sticky Fingers, which faces away from Cy, so Ann sees it; but
    # the deck has other Sticky Fingers Ann cannot see, and a goal naming the card the
    # mover is about to move could as well mean one of those: by identity, refused.
    ("Ann sees a Sticky Fingers facing away from Cy: should she point at it?", False),
    ("Should Ann point at Cy's third card, which she sees and Cy does not?", True),
    # Bob's Snake Jones faces Bob only: Ann cannot see it, though a card she holds...
    ("Bob holds a Snake Jones: should Ann point at Cy?", False),
    # ... and the Lucky Dip lies both in Bob's hand (hidden) and in the draw pile.
    ("Will the Lucky Dip come up next?", False),
])
def test_practice_asks_a_goal_only_where_it_names_cards_the_mover_sees(goal, shown):
    practice = Practice(Walkthrough(scenarios.parse(SHARED_FACE.replace("GOAL", goal))))
    assert (practice.question() == goal) is shown


def test_a_loaded_files_own_texts_are_checked_and_the_teacher_told():
    """A teacher's file whose intro and narration for Bob name the Snake Pit lying face
    down in the draw pile: Bob reads the engine's account and the tutor's words, and the
    notice for the teacher says which texts and why, naming no card itself."""
    text = SHARED_FACE.replace('    goal: "GOAL"\n', "    say_for:\n      Bob: Ann points "
                               "while the Snake Pit waits in the pile.\n").replace(
        "steps:", "intro_for:\n  Bob: The Snake Pit is third from the top.\nsteps:")
    book = Walkthrough(scenarios.parse(text, None))
    assert "Snake Pit" not in book.narration_for(1)
    book.jump(1)
    assert "Snake Pit" not in book.narration_for(1)
    assert book.narration_for(1).startswith("Ann points at Cy's card 3")
    notice = held_back_notice(book.held_back)
    assert notice.startswith("2 of the file's texts name cards a seat cannot see")
    assert "Bob's own intro names a card Bob cannot see there" in notice
    assert "Bob's own narration at step 1, line 16 names a card Bob cannot see" in notice
    assert "Snake Pit" not in notice
    assert [held.words for held in book.held_back] == [("Snake Pit",), ("Snake Pit",)]
