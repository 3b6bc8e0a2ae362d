"""Bargain Hunter's quiz questions (see :mod:`tutor.quiz`): who is winning the trick,
how many cleared-out cards go to the trash, whether a colour may be declared trump."""

from __future__ import annotations

from tutor.games.bargain_hunter.deck import COLOUR, KIND, LABEL, NUMBER, OFFER
from tutor.games.bargain_hunter.table import CLEANING, HUNT, played_text, winning_card
from tutor.games.bargain_hunter.moves import HIGHER, LOWER, Clean, Play
from tutor.core.questions import (Reason, legality_question, make_question, near_amounts,
                                  seen_cards, sentence)


def trick_so_far(state) -> str:
    """'Ann green 7, Ben red 3 trump': the open trick as everyone sees it."""
    data = state.data
    return ", ".join(f"{state.players[s]} {played_text(LABEL[c], d, o)}" for s, c, d, o in
                     zip(data["trick_seats"], state.zones["trick"], data["trick_declared"],
                         data["trick_order"]))


def trick_leader(game, state, seat, rng):
    """Who wins the open trick so far (the engine's public ``winning_index``). Only
    once two cards are in it: with one card there is nothing to compare."""
    if state.data["phase"] != HUNT or len(state.zones["trick"]) < 2:
        return None
    index = game.public_data(state, seat)["winning_index"]
    if index is None:
        return None
    data, cards = state.data, state.zones["trick"]
    winner = state.players[data["trick_seats"][index]]
    offers_before = sum(KIND[c] == OFFER for c in cards[:index])
    how = winning_card(LABEL[cards[index]], data["trick_order"][index], offers_before)
    trump = f"{data['trump']} is trump" if data["trump"] else "no colour is trump yet"
    return make_question(
        game, "trick_leader", seat,
        f"Trick {data['trick_no']} so far: {trick_so_far(state)}. Who is winning it?",
        winner, state.players, "BH-3.9",
        f"{winner}'s {how} is the best card so far: the lead colour is {data['lead']} "
        f"and {trump}." if data["lead"] else f"{winner}'s {how} is the best card so far.",
        rng)


def trash_count(game, state, seat, rng):
    """How many cards of a cleared-out item go to the trash: played on a copy."""
    if state.data["phase"] != CLEANING or seat not in game.to_act(state):
        return None
    junk = [face["id"] for face in seen_cards(game, state, seat, f"junk:{seat}")]
    items = sorted({NUMBER[c] for c in junk if KIND[c] != OFFER})
    if not items:
        return None
    item = rng.choice(items)
    held = sum(NUMBER[c] == item for c in junk)
    after, events = game.apply(state, seat, Clean(item))
    # The cleared-out cards that did not go onto the bargain pile went to the trash.
    # (Reading the trash itself fails when this was the round's last clean-out: the
    # next deal shuffles the trash under the deck at once.)
    kept = len(after.zones[f"bargain:{seat}"]) - len(state.zones[f"bargain:{seat}"])
    trashed = held - kept
    name = state.players[seat]
    return make_question(
        game, "trash_count", seat,
        f"{name}'s junk pile holds {held} card{'s' if held > 1 else ''} of item {item}. "
        f"If {name} clears out item {item}, how many cards go to the trash?",
        str(trashed), [str(n) for n in near_amounts(trashed, (1, 2)) + [held]],
        "BH-5.2", sentence(events[0].for_viewer(seat).text), rng)


def may_trump(game, state, seat, rng):
    """Whether playing a card of another colour than the lead may declare it trump.
    Asked only while no colour is trump: once one is, two rules refuse a second (one
    trump colour a trick, BH-3.5, and no declaration when none is called for, BH-R12),
    and a question has one right answer."""
    data = state.data
    if data["phase"] != HUNT or seat not in game.to_act(state) or data["lead"] is None \
            or data["trump"]:
        return None
    hand = [face["id"] for face in seen_cards(game, state, seat, f"hand:{seat}")]
    others = sorted({LABEL[c] for c in hand if COLOUR[c] not in (None, data["lead"])})
    if not others:
        return None
    label = rng.choice(others)
    twin = any(LABEL[c] == label for c in state.zones["trick"])
    move = Play(label, True, rng.choice((HIGHER, LOWER)) if twin else None)
    colour = COLOUR[next(c for c in hand if LABEL[c] == label)]
    name, lead = state.players[seat], data["lead"]
    follows = any(COLOUR[c] == lead for c in hand)
    reasons = [
        Reason("BH-3.2", f"{name} holds a {lead} card and must follow {lead}", follows),
        Reason("BH-3.4", f"{colour} is the lead colour, which can never be trump", False),
        Reason("BH-3.5", "another colour is already trump in this trick", False),
    ]
    return legality_question(
        game, state, seat, move, "may_trump",
        f"The lead colour is {lead}. May {name} play "
        f"'{game.format_move(state, seat, move)}', declaring {colour} trump?", "BH-3.4", rng,
        reasons, f"{name} holds no {lead} card, so {name} plays another colour and may "
        f"declare it trump; no colour is trump in this trick yet")


GENERATORS = {"trick_leader": trick_leader, "trash_count": trash_count,
              "may_trump": may_trump}
