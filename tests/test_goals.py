"""Every move of every shipped worked example starts, in practice, with a goal the
learner can work out: a question written from the mover's seat, naming no card that
seat cannot see, and any move listed as just as good (``also``) really is another move.
A first game (a file with a ``learner``) is the exception: only the learner's moves
have a goal, and it says what the move does and why (the line beside the spotlit card),
held to the same secrecy; the other seats' moves are narrated.
A seat's own narration (``say_for``, ``intro_for``) is written for that seat like a goal
and shown as it stands, before and after the move: it names no card the seat cannot see
before the move either.
"""

from __future__ import annotations

import re

import pytest

from tutor import scenario as scenarios
from tutor.core.match import Match
from tutor.core.views import hidden_card_ids
from tutor.games import GAMES, example_order, scenario_dir


def book_positions(game_id, with_scenario=False):
    """(example, step, state before it) for every move step of the game's examples (a
    jump starts the match over from its position); with the scenario too if asked."""
    for stem in example_order(game_id):
        loaded = scenarios.load(scenario_dir(game_id) / f"{stem}.yaml")
        match, part = loaded.new_match(), 0
        for step in loaded.steps:
            if step.part != part:
                match, part = loaded.new_match(step.part), step.part
            yield (stem, step, match.state, loaded) if with_scenario else \
                (stem, step, match.state)
            match.play(step.seat, step.move)


def names_a_hidden_card(game, state, seat, text) -> str | None:
    """A card name in ``text`` that belongs to a card hidden from ``seat`` and to no
    card the seat sees: such a goal would tell the mover a secret."""
    deck = game.deck(state.options)
    unseen = hidden_card_ids(game, state, seat)
    hidden, seen = set(), set()
    for cards in state.zones.values():
        for cid in cards:
            face = deck[cid].face()
            words = {face.get("label"), face.get("name")} - {None, ""}
            (hidden if cid in unseen else seen).update(words)
    for word in sorted(hidden - seen):
        if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text):
            return word
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_book_move_has_a_goal_the_mover_can_work_out(game_id):
    game = GAMES[game_id]
    missing, secret = [], []
    for stem, step, before, loaded in book_positions(game_id, with_scenario=True):
        where = f"{stem} {step.where()}"
        first_game = loaded.learner is not None
        if first_game and step.seat != loaded.learner:
            assert not step.goal, f"{where}: only the learner's moves have a goal"
            continue
        if not step.goal.strip():
            missing.append(where)
            continue
        if not first_game:
            assert step.goal.rstrip().endswith("?"), f"{where}: a goal asks a question"
        word = names_a_hidden_card(game, before, step.seat, step.goal)
        if word:
            secret.append(f"{where}: names {word!r}, which {step.who} cannot see")
    assert not missing, f"{len(missing)} steps have no goal: " + "; ".join(missing[:8])
    assert not secret, "; ".join(secret)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_move_as_good_as_the_books_is_another_move(game_id):
    game = GAMES[game_id]
    for stem, step, before in book_positions(game_id):
        for other in step.also:
            move = game.parse_move(before, step.seat, other)
            assert move != step.move, f"{stem} {step.where()}: 'also' repeats the move"
            after, _ = game.apply(before, step.seat, move)
            book_after, _ = game.apply(before, step.seat, step.move)
            assert not game.same_position(after, book_after), \
                f"{stem} {step.where()}: {other!r} is the book's move written another way"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seats_own_narration_names_no_card_it_cannot_see(game_id):
    game = GAMES[game_id]
    secret = []
    for stem in example_order(game_id):
        loaded = scenarios.load(scenario_dir(game_id) / f"{stem}.yaml")
        start = loaded.new_match().state
        for seat, text in loaded.intro_for.items():
            word = names_a_hidden_card(game, start, seat, text)
            if word:
                secret.append(f"{stem} intro for {loaded.players[seat]}: {word!r}")
    for stem, step, before in book_positions(game_id):
        for seat, text in step.say_for.items():
            word = names_a_hidden_card(game, before, seat, text)
            if word:
                secret.append(f"{stem} {step.where()} for {before.players[seat]}: {word!r}")
    assert not secret, "; ".join(secret)
