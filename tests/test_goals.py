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
from tutor.core.views import hidden_card_ids, view
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


# -- claims a goal makes that the engine can check ---------------------------------------

def _value_faces(game, state, seat, money_only: bool) -> dict[str, int]:
    """label -> value of the value cards the seat could bid (its money, and its houses
    unless only money is asked about), as the seat sees them."""
    zones = view(game, state, seat)["zones"]
    faces = zones.get(f"hand:{seat}", []) + ([] if money_only else
                                              zones.get(f"houses:{seat}", []))
    return {f["label"]: f["value"] for f in faces
            if f.get("kind") in (("money",) if money_only else ("money", "house"))}


SUPERLATIVE = re.compile(r"\b(biggest|furthest|strongest|smallest|cheapest|least)\b")


def test_a_goal_asking_for_the_biggest_or_smallest_bid_is_answered_by_the_books_move():
    """Sneaky Bastard goals ask for the card that lifts a bid furthest, or the smallest
    bid that beats another: the book's move must be that bid, worked out from the
    engine's legal moves of the same shape (one card or any cards; money only where the
    goal says money). Frank's House 600K lifts the bid further than his 500K, so a goal
    asking for "the one card that lifts the bid furthest" without saying money is
    wrong, and so is "which of Cy's cards makes the biggest bid" with a 550K house."""
    from tutor.games.sneaky_bastard.moves import Bid
    from tutor.hints import hints
    game, checked = GAMES["sneaky_bastard"], 0
    for stem, step, before in book_positions("sneaky_bastard"):
        question = step.goal.strip().rsplit(". ", 1)[-1]
        found = SUPERLATIVE.search(question)
        if not found or not isinstance(step.move, Bid):
            continue
        where, seat = f"{stem} {step.where()}", step.seat
        highest = found.group(1) in ("biggest", "furthest", "strongest")
        money_only = "money card" in question
        single = not re.search(r"\bcards make\b", question)
        values = _value_faces(game, before, seat, money_only)
        book = sum(values.get(label, 10 ** 9) for label in step.move.cards)
        if single:
            legal = [values[label] for label in values
                     if game.check(before, seat, Bid((label,))) is None]
            assert len(step.move.cards) == 1, f"{where}: the goal asks for one card"
            best = max(legal) if highest else min(legal)
        else:
            assert not highest, f"{where}: the biggest bid of any cards is all of them"
            (bid_hint,) = [h for h in hints(game, before, seat) if h.kind == "bid"]
            best = sum(values[label] for label in bid_hint.move.cards)
        assert book == best, f"{where}: the book adds {book}K, the goal's answer is {best}K"
        checked += 1
    assert checked >= 10   # every such goal of the shipped examples is read


def test_a_player_who_passes_on_the_last_house_could_not_have_won_by_buying_it():
    """A book pass on the last house says the player gains nothing by buying it (Bob in
    last_house_clear_win): checked by playing the seat's least legal bid on a copy, the
    others passing (or waiting) after it. Had it made the seat a winner, as a tie on
    houses won on money left would, the narration's reason would be false."""
    from tutor.games.sneaky_bastard.moves import Pass, Wait
    from tutor.hints import hints
    game, checked = GAMES["sneaky_bastard"], 0
    for stem, step, before in book_positions("sneaky_bastard"):
        if not isinstance(step.move, Pass):
            continue
        least = [h.move for h in hints(game, before, step.seat)
                 if h.kind == "bid" and h.move is not None]
        if not least:
            continue
        after, _ = game.apply(before, step.seat, least[0])
        while not game.is_over(after) and not after.data["sold"]:
            mover = game.to_act(after)[0]
            if mover == step.seat:
                break
            move = Pass() if game.check(after, mover, Pass()) is None else Wait()
            after, _ = game.apply(after, mover, move)
        if not game.is_over(after):
            continue    # not the last house: the end decides nothing here
        checked += 1
        assert step.seat not in game.outcome(after).winners, \
            f"{stem} {step.where()}: {step.who} would win by buying the last house"
    assert checked >= 3
