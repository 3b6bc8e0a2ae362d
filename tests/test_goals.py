"""Every move of every shipped worked example starts, in practice, with a goal the
learner can work out: a question written from the mover's seat, naming no card that
seat cannot see, and any move listed as just as good (``also``) really is another move.
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


def book_positions(game_id):
    """(example, step, state before it) for every step of the game's examples."""
    for stem in example_order(game_id):
        loaded = scenarios.load(scenario_dir(game_id) / f"{stem}.yaml")
        match = loaded.new_match()
        for step in loaded.steps:
            yield stem, step, match.state
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
    for stem, step, before in book_positions(game_id):
        where = f"{stem} {step.where()}"
        if not step.goal.strip():
            missing.append(where)
            continue
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
