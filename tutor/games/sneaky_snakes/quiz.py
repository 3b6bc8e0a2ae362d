"""Sneaky Snakes' quiz questions (see :mod:`tutor.quiz`): which of your own cards you
can see, whether you may skip now, who wins if the draw pile ends now, whether you may
point at a card, who answers a pointing, and who sees the face of a card in another
player's hand."""

from __future__ import annotations

from tutor.core.views import view
from tutor.core.wording import joined
from tutor.core.questions import Reason, legality_question, make_question, sentence
from tutor.games.sneaky_snakes.moves import Point, Skip

NONE_SEEN = "None of them"


def _positions(positions, size: int) -> str:
    if not positions:
        return NONE_SEEN
    if len(positions) == size:
        return f"All {size}" if size > 1 else "The only one"
    return f"Position{'s' if len(positions) > 1 else ''} {joined(positions)}"


def own_cards_seen(game, state, seat, rng):
    """Which positions of the seat's own hand show it their face (from its view)."""
    hand = view(game, state, seat)["zones"][f"hand:{seat}"]
    if len(hand) < 2:
        return None
    seen = [i for i, card in enumerate(hand, 1) if not card.get("hidden")]
    size = len(hand)
    unseen = [i for i in range(1, size + 1) if i not in seen]
    wrong = [unseen, list(range(1, size + 1)), []]
    wrong += [sorted(set(seen) ^ {i}) for i in range(1, size + 1)]
    name = state.players[seat]
    return make_question(
        game, "own_cards_seen", seat,
        f"{name} holds {size} cards, position 1 on the left. Which of them show "
        f"{name} their face?", _positions(seen, size),
        [_positions(w, size) for w in wrong], "SN-2.2",
        f"{name} sees only the cards held facing {name} "
        f"({_positions(seen, size).lower()}); a card drawn is held facing away.", rng)


def may_skip(game, state, seat, rng):
    """Whether the player to act may skip the action now (game.check of the skip)."""
    if state.data["phase"] != "action" or seat not in game.to_act(state):
        return None
    name = state.players[seat]
    reasons = [
        Reason("SN-3.7", f"{name} sees the face of a card in another player's hand",
               game.sees_other_faces(state, seat)),
        Reason("SN-3.2", "after drawing a player must always play, point or discard two",
               False),
        Reason("SN-3.1", f"{name} has not drawn yet this turn", False),
    ]
    return legality_question(
        game, state, seat, Skip(), "may_skip", f"May {name} skip the action now?", "SN-3.7",
        rng, reasons, f"{name} sees no face in the other players' hands (every card there "
        f"faces its holder), and then skipping is allowed")


def pile_ends(game, state, seat, rng):
    """Who wins if the draw pile ran out now: the engine's count on a copy. A tie is
    answered as the book has it: the tied players share the win or settle it with a
    snake battle (SN-6.3), so "they share the win" is then no wrong choice. Left out
    when a tie would go straight to a snake battle, whose result rests on hidden cards."""
    if state.data["phase"] not in ("action", "answer", "resolve") or not game.to_act(state):
        return None
    after = state.clone()
    events = game._count(after)
    if after.data["phase"] == "tie":
        tied = joined(state.players[s] for s in after.data["tied"])
        answer = f"{tied} tie: they share the win or settle it with a snake battle"
    elif after.data["phase"] == "over" and len(after.data["winners"]) == 1:
        answer = state.players[after.data["winners"][0]]
    elif after.data["phase"] == "over" and not after.data["battles"] and \
            state.options["snake_battle"] != "always":
        answer = f"{joined(state.players[s] for s in after.data['winners'])} share the win"
    else:
        return None
    active = state.data["active"]
    wrong = [state.players[s] for s in active]
    everyone = joined(state.players[s] for s in active)
    if after.data["phase"] != "tie" or len(after.data["tied"]) < len(active):
        wrong += [f"{everyone} share the win"]
    sizes = ", ".join(f"{state.players[s]} {len(state.zones[f'hand:{s}'])}" for s in active)
    return make_question(
        game, "pile_ends", seat, f"Cards in hand: {sizes}. If the draw pile ran out now, "
        f"who would win?", answer, wrong, events[-1].rule,
        sentence(events[-1].for_viewer(seat).text), rng)


def may_point(game, state, seat, rng):
    """Whether the player to act may point at a card (game.check of the pointing): any
    card in another player's hand, seen or not (SN-3.4), never one of the pointer's own.
    Players who sit out a snake battle are left out: the answer would rest on a ruling
    (SN-R13), and a prompt that says so gives the answer away."""
    if state.data["phase"] != "action" or seat not in game.to_act(state):
        return None
    facing = game.public_data(state, seat)
    held = [(other, position) for other in state.data["active"]
            for position in range(1, len(facing[f"facing:{other}"]) + 1)]
    if not held:
        return None
    other, position = rng.choice(held)
    name, holder = state.players[seat], state.players[other]
    way = facing[f"facing:{other}"][position - 1]
    card = f"card {position} of {name}'s own hand" if other == seat else \
        f"{holder}'s card {position}"
    faces = f"it faces {holder}" if way == "holder" else f"it faces away from {holder}"
    reasons = [
        Reason("SN-3.4", "a player points only at a card in another player's hand",
               other == seat),
        # SN-3.4 misread: "only a card I see" (or "only a card I do not see").
        Reason("SN-2.2", f"a player may point only at a card that "
               f"{'faces away from' if way == 'holder' else 'faces'} its holder", False),
        Reason("SN-3.6", f"pointing costs {name} one of {name}'s own cards first", False),
    ]
    return legality_question(
        game, state, seat, Point(holder, position), "may_point",
        f"May {name} point at {card} now ({faces})?", "SN-3.4", rng,
        reasons, f"{name} may point at any card in another player's hand, whether "
        f"{name} sees it or not")


def who_answers(game, state, seat, rng):
    """Who decides, once a card is pointed at, whether its holder plays it or the
    pointing player does: the player the engine lets act (SN-3.5)."""
    data = state.data
    if data["phase"] != "answer" or data["pointer"] is None:
        return None
    (answering,) = game.to_act(state)
    names = state.players
    pointer, holder = names[data["pointer"]], names[data["pointed"]]
    return make_question(
        game, "who_answers", seat,
        f"{pointer} points at {holder}'s card {data['pointed_at']}. Who decides whether "
        f"{holder} plays it or {pointer} does?", names[answering],
        [pointer, holder, "Whoever sees its face"] +
        [names[s] for s in data["active"]], "SN-3.5",
        f"The player pointed at decides: {names[answering]} plays the card, or lets "
        f"{pointer} play it; either way it leaves {holder}'s hand.", rng)


def who_sees(game, state, seat, rng):
    """Who sees the face of a card in another player's hand: its holder only, or
    everyone but its holder (SN-2.2), read from which way it is held (public)."""
    facing = game.public_data(state, seat)
    held = [(other, position) for other in range(state.num_players) if other != seat
            for position in range(1, len(facing[f"facing:{other}"]) + 1)]
    if not held or state.data["phase"] == "over":
        return None
    other, position = rng.choice(held)
    holder = state.players[other]
    only, but = f"Only {holder}", f"Everyone but {holder}"
    toward = facing[f"facing:{other}"][position - 1] == "holder"
    answer = only if toward else but
    return make_question(
        game, "who_sees", seat, f"Who sees the face of {holder}'s card {position}?",
        answer, [only, but, "Everyone", "Nobody"], "SN-2.2",
        f"A card faces either its holder, who alone sees it, or away from its holder, "
        f"and then everyone else sees it. This one faces "
        f"{holder if toward else f'away from {holder}'}.", rng)


# The all-seeing table captions every card "seen by Bob only" or "seen by all but
# Bob": there these questions would be answered before they are read.
TOLD_BY_THE_OPEN_TABLE = ("own_cards_seen", "who_sees")

GENERATORS = {"own_cards_seen": own_cards_seen, "may_skip": may_skip,
              "pile_ends": pile_ends, "may_point": may_point, "who_answers": who_answers,
              "who_sees": who_sees}
