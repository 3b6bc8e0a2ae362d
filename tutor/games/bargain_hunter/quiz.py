"""Bargain Hunter's quiz questions (see :mod:`tutor.quiz`): who is winning the trick,
how many cleared-out cards go to the trash, whether a colour may be declared trump, which
cards a bargain pile collects, how many of a trick's cards would go onto its winner's
bargain pile, and which colour a lead rules out as trump."""

from __future__ import annotations

from tutor.games.bargain_hunter.deck import COLOUR, COLOUR_NAMES, KIND, LABEL, NUMBER, OFFER
from tutor.games.bargain_hunter.table import CLEANING, HUNT, played_text, winning_card
from tutor.games.bargain_hunter.hunt import finish_trick
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
        f"'{game.format_move(state, seat, move)}'?", "BH-3.4", rng,
        reasons, f"{name} holds no {lead} card, so {name} plays another colour and may "
        f"declare it trump; no colour is trump in this trick yet")


def hunted_item(game, state, seat, rng):
    """Which cards a player's bargain pile collects: every card of the item on its top
    card, whatever the colour (the engine's ``bargain_item``, BH-2.2). Asked of any
    seat, since bargain piles lie face up (BH-4.2)."""
    if state.data["phase"] != HUNT:
        return None
    owners = [s for s in range(state.num_players)
              if seen_cards(game, state, seat, f"bargain:{s}")]
    if not owners:
        return None
    owner = rng.choice(owners)
    top = seen_cards(game, state, seat, f"bargain:{owner}")[-1]
    item, colour = game.bargain_item(state, owner), COLOUR[top["id"]]
    name = state.players[owner]
    lower_or_higher = (f"Every card higher than {item}" if item < 9
                       else f"Every card lower than {item}")
    return make_question(
        game, "hunted_item", seat,
        f"{name}'s bargain pile has {top['label']} on top. Which cards of a trick "
        f"{name} wins go onto that pile?", f"Every {item}, whatever its colour",
        [f"Only {colour} {item}s", f"Every {colour} card", lower_or_higher], "BH-2.2",
        f"{name} hunts {item}s: the item is the number on top of the bargain pile, "
        f"whatever its colour, so every {item} of a trick {name} wins goes onto it and "
        f"the other cards go to the junk pile.", rng)


def trick_takes(game, state, seat, rng):
    """How many cards of the open trick would go onto its winner's bargain pile if it
    ended as it is: the engine finishes the trick on a copy (BH-4.1). Only once two
    cards are in it, as for "who is winning it?"."""
    if state.data["phase"] != HUNT or len(state.zones["trick"]) < 2:
        return None
    index = game.public_data(state, seat)["winning_index"]
    if index is None:
        return None
    winner = state.data["trick_seats"][index]
    after = state.clone()
    events = finish_trick(after)
    kept = len(after.zones[f"bargain:{winner}"]) - len(state.zones[f"bargain:{winner}"])
    (taken,) = [e for e in events if e.rule == "BH-4.1"]
    name, size = state.players[winner], len(state.zones["trick"])
    return make_question(
        game, "trick_takes", seat,
        f"Trick {state.data['trick_no']} so far: {trick_so_far(state)}. {name} is "
        f"winning it. If {name} took it as it is now, how many of its cards would go "
        f"face up onto {name}'s bargain pile?", str(kept),
        [str(n) for n in range(size + 1)], "BH-4.1",
        f"{sentence(taken.for_viewer(seat).text)} Only the cards of the item on top of "
        f"{name}'s bargain pile go onto it; the others go face down onto the junk pile.",
        rng)


def never_trump(game, state, seat, rng):
    """For the player about to lead: which colour can nobody declare trump once a card
    is led (the lead colour, BH-3.4), read from the lead played on a copy."""
    if state.data["phase"] != HUNT or state.zones["trick"] or \
            seat not in game.to_act(state):
        return None
    hand = [face["id"] for face in seen_cards(game, state, seat, f"hand:{seat}")]
    coloured = sorted({LABEL[c] for c in hand if COLOUR[c] is not None})
    if not coloured:
        return None
    label = rng.choice(coloured)
    after, _ = game.apply(state, seat, Play(label))
    lead, name = after.data["lead"], state.players[seat]
    return make_question(
        game, "never_trump", seat,
        f"{name} is to lead trick {state.data['trick_no']}. If {name} leads {label}, "
        f"which colour can nobody declare trump in that trick?", lead,
        [c for c in COLOUR_NAMES if c != lead] + ["None: any colour may be trump"],
        "BH-3.4", f"Leading {label} makes {lead} the lead colour, and the lead colour "
        f"can never be trump; a player without {lead} may declare another colour trump.",
        rng)


GENERATORS = {"trick_leader": trick_leader, "trash_count": trash_count,
              "may_trump": may_trump, "hunted_item": hunted_item,
              "trick_takes": trick_takes, "never_trump": never_trump}
