"""The Thingamabob window: who may still play one, the five cards' effects, done and
the last-chance call.

Implements the window (SQ-5.1, SQ-5.2, the last-chance call SQ-5.3), the five cards
(SQ-5.4 Platonic Isolator, SQ-5.5 Detrital Repositioner, SQ-5.6 Super Detrital
Repositioner, SQ-5.7 Cryptozooptic Expander, SQ-5.8 Spectroelectric Optimeter),
playing only from the collection (SQ-4.3), each card once and with no set (SQ-2.3),
and the rulings that let the window close: saying done (SQ-R6), the order after last
chance (SQ-R7), a Thingamabob must do something (SQ-R13), a Repositioner's way out of a
deal (SQ-R5), the two-player decider in the buyer's role (SQ-R17)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch.deck import KIND_OF, LABEL, THINGAMABOB, article, name_order
from tutor.games.sell_me_a_sasquatch.moves import (DETRITAL, EXPANDER, OPTIMETER, PLATONIC,
                                                   SUPER_DETRITAL, Done, LastChance,
                                                   Thingamabob)
from tutor.games.sell_me_a_sasquatch.table import (COLL, DEAL, HAND, check_spot,
                                                   deal_seats, face_down, find, kinds_held,
                                                   labels, lay, names_or_nobody,
                                                   not_in_hand, ordinal, seat_named,
                                                   seen_in_deal, turn_up)

THINGAMABOB_RULE = {PLATONIC: "SQ-5.4", DETRITAL: "SQ-5.5", SUPER_DETRITAL: "SQ-5.6",
                    EXPANDER: "SQ-5.7", OPTIMETER: "SQ-5.8"}

# The Thingamabob cards' names by card id: asked on every move whether anyone could play
# one (SQ-R6), so the other cards of a collection are skipped without a lookup.
GADGET_LABEL = {cid: label for cid, label in LABEL.items() if KIND_OF[label] == THINGAMABOB}
GADGET_IDS = frozenset(GADGET_LABEL)


def pending(state: State) -> list[int]:
    """Players other than the chooser who may still play a Thingamabob (SQ-R6). Asked
    several times a move (who acts, the legal moves, a decision's check), so worked out
    once per position (State.remembered); a fresh list each time, for callers to keep."""
    return list(state.remembered("pending", _pending))


def _pending(state: State) -> tuple[int, ...]:
    data = state.data
    return tuple(s for s in range(state.num_players)
                 if s != data["chooser"] and s not in data["done"] and could_play(state, s))


def could_play(state: State, seat: int) -> bool:
    """Whether seat holds a Thingamabob that can be played now (playable, sooner)."""
    held = GADGET_IDS.intersection(state.zones[COLL[seat]])   # few, often none
    if not held:
        return False
    return any(does_something(state, seat, name) for name in {GADGET_LABEL[c] for c in held})


def playable(state: State, seat: int) -> list[str]:
    """The Thingamabobs in seat's collection whose effect can be carried out now."""
    held = {GADGET_LABEL[c] for c in GADGET_IDS.intersection(state.zones[COLL[seat]])}
    if not held:
        return []
    return [t for t in sorted(held, key=name_order) if does_something(state, seat, t)]


def does_something(state: State, seat: int, name: str) -> bool:
    """Whether this Thingamabob's effect can be carried out now (SQ-R13). Asked for
    every Thingamabob held each time the window opens or someone acts in it, so it
    only answers; :func:`cannot_play` says why not."""
    if name == PLATONIC:
        tokens = state.data["tokens"]
        return max(tokens) > tokens[seat]   # someone to take a token from
    if name in (DETRITAL, SUPER_DETRITAL):
        return any(state.zones[DEAL[s]] for s in deal_seats(state))
    if name == EXPANDER:
        return bool(state.zones[HAND[seat]] and deal_seats(state))
    if name == OPTIMETER:
        return any(face_down(state, s) for s in deal_seats(state))
    return True


def cannot_play(state: State, seat: int, name: str) -> str | None:
    """Why this Thingamabob has nothing to do now (SQ-R13), or None."""
    if does_something(state, seat, name):
        return None
    if name == PLATONIC:
        return (f"nobody has more point tokens than {state.players[seat]} "
                f"({state.data['tokens'][seat]})")
    if name in (DETRITAL, SUPER_DETRITAL):
        return "every deal is empty"
    if name == EXPANDER:
        return f"{state.players[seat]} has no card in hand to add"
    return "no deal has a face-down card left"   # the Optimeter


def unknown_thingamabob(card: str) -> Rejection:
    """A move built in code (not parsed) may name a card that is no Thingamabob: the
    deck's clause (SQ-1.2) says what the cards are, and the refusal names the five."""
    five = joined(THINGAMABOB_RULE)
    if card in KIND_OF:
        kind = KIND_OF[card].replace("nasty", "Nasty")
        return Rejection("SQ-1.2", f"{article(card)} is {article(kind)}, not a "
                         f"Thingamabob; the Thingamabobs are {five}")
    return Rejection("SQ-1.2", f"there is no Thingamabob called {card!r}; the "
                     f"Thingamabobs are {five}")


def first_held(state: State, seat: int) -> str:
    """The first Thingamabob in seat's collection in name order ('' if none)."""
    held = sorted({c for c in labels(state, f"coll:{seat}") if KIND_OF[c] == THINGAMABOB},
                  key=name_order)
    return held[0] if held else ""


def check_thingamabob(state: State, seat: int, move: Thingamabob) -> Rejection | None:
    name, card = state.players[seat], move.name
    if card not in THINGAMABOB_RULE:
        return unknown_thingamabob(card)
    rule = THINGAMABOB_RULE[card]
    if card not in labels(state, f"coll:{seat}"):
        where = ""
        if card in labels(state, f"hand:{seat}"):
            where = f": {name}'s {card} is in {name}'s hand"
        elif seen_in_deal(state, seat, card):
            where = f": {name}'s {card} is in {name}'s deal"
        return Rejection("SQ-4.3", f"Thingamabobs are played only from the collection, "
                         f"and {name}'s collection holds no {card}{where}")
    # A Platonic Isolator's limit is its own clause's, whoever else is richer: one
    # clause for a target with as many tokens and for one with fewer.
    why = cannot_play(state, seat, card) if card != PLATONIC else None
    if why:
        return Rejection("SQ-R13", f"{name}'s {card} would do nothing: {why}")
    missing = _missing_part(state, seat, move)
    if missing:
        return Rejection(rule, missing)
    if card == PLATONIC:
        target = seat_named(state, move.player)
        if target is None:
            return Rejection(rule, f"there is no player called {move.player!r} "
                             f"(players: {', '.join(state.players)})")
        tokens = state.data["tokens"]
        if tokens[target] <= tokens[seat]:
            richer = [state.players[s] for s in range(state.num_players)
                      if tokens[s] > tokens[seat]]
            others = (f"; only {joined(richer)} {'has' if len(richer) == 1 else 'have'}"
                      f" more" if richer else f"; nobody has more than {name}")
            return Rejection(rule, f"a Platonic Isolator takes a token from a player "
                             f"with more than {name}, and {state.players[target]} has "
                             f"{plural(tokens[target], 'point token')}, not more than "
                             f"{name}'s {tokens[seat]}{others}")
        return None
    if card == EXPANDER:
        rejection = not_in_hand(state, seat, [move.card])
        if rejection:
            return rejection
        target = seat_named(state, move.player)
        if target is None:
            return Rejection(rule, f"there is no player called {move.player!r} "
                             f"(players: {', '.join(state.players)})")
        if target not in deal_seats(state):
            return Rejection(rule, f"{state.players[target]} has no deal on the table "
                             f"this turn")
        return None
    for who, position in move.spots:
        rejection = check_spot(state, who, position, rule, face_down_only=card == OPTIMETER)
        if rejection:
            return rejection
    if len(move.spots) == 2:
        first, second = ((seat_named(state, w), p) for w, p in move.spots)
        if first == second:
            return Rejection(rule, f"the same card is named twice: "
                             f"{move.spots[0][0]} {move.spots[0][1]}")
    return None


def _missing_part(state: State, seat: int, move: Thingamabob) -> str:
    """What a Thingamabob move leaves out that its card needs, said with an example
    ('' when nothing is missing). Its notation always has every part; a move made by
    other means (a hint's bare move, a composer) may not."""
    card, deal_names = move.name, [state.players[s] for s in deal_seats(state)]
    example = deal_names[0] if deal_names else state.players[seat]
    if card == PLATONIC:
        if move.player:
            return ""
        return (f"a Platonic Isolator takes a token from the player you name, as in "
                f"'thingamabob {PLATONIC} from {example}'")
    if card == EXPANDER:
        if move.card and move.player:
            return ""
        held = kinds_held(state, HAND[seat])
        adds = move.card or (held[0] if held else "Tiny")
        what = "the card from your hand and the deal it goes into" if not move.card \
            else "the deal the card goes into"
        return (f"a Cryptozooptic Expander names {what}, as in "
                f"'thingamabob {EXPANDER} adds {adds} to {example}'")
    most = 2 if card == SUPER_DETRITAL else 1
    if 1 <= len(move.spots) <= most:
        return ""
    which = "one or two deal cards" if most == 2 else "one deal card"
    return (f"a {card} names {which} by player and place, as in "
            f"'thingamabob {card} on {example} 1', not {len(move.spots)}")


def thingamabob_moves(state: State, seat: int) -> list[Thingamabob]:
    """Every way seat can play each playable Thingamabob (an Expander: each kind of card
    in hand to each deal)."""
    cards = playable(state, seat)
    if not cards:   # the usual case: nothing to list, so no table to read
        return []
    names, tokens = state.players, state.data["tokens"]
    seats = deal_seats(state)
    moves = []
    for card in cards:
        if card == PLATONIC:
            moves += [_move(card, (), names[s]) for s in range(len(names))
                      if tokens[s] > tokens[seat]]
        elif card in (DETRITAL, SUPER_DETRITAL):
            moves += _repositioner_moves(card, tuple(
                (names[s], p) for s in seats for p in range(1, len(state.zones[DEAL[s]]) + 1)))
        elif card == EXPANDER:
            moves += [_move(card, (), names[s], c)
                      for c in kinds_held(state, HAND[seat]) for s in seats]
        else:
            moves += [_move(card, ((names[s], p),)) for s in seats
                      for p in face_down(state, s)]
    return moves


# Moves are immutable values that random play lists again and again (the same players,
# cards and deal positions), so each is made once.
_move = lru_cache(maxsize=4096)(Thingamabob)


# Moves are immutable values, and a Repositioner's depend only on the deal cards there
# are (player names and positions), so they are made once for each such table: a
# Super Detrital Repositioner has a move for every pair of deal cards.
@lru_cache(maxsize=4096)
def _repositioner_moves(card: str, spots: tuple[tuple[str, int], ...]
                        ) -> tuple[Thingamabob, ...]:
    """Each deal card alone; for the Super Detrital Repositioner also every pair."""
    moves = tuple(Thingamabob(card, spots=(spot,)) for spot in spots)
    if card == SUPER_DETRITAL:
        moves += tuple(Thingamabob(card, spots=pair) for pair in combinations(spots, 2))
    return moves


def window_opens(state: State) -> list[Event]:
    """The buyer's question (SQ-5.1), naming who could answer it."""
    names = state.players
    able = [s for s in range(state.num_players) if could_play(state, s)]
    if able:
        return [Event("SQ-5.1", f"\"Does anyone want to play any Thingamabobs?\" "
                      f"{names_or_nobody(names[s] for s in able)} could")]
    return [Event("SQ-5.1", "Nobody has a Thingamabob to play, so "
                  f"{names[state.data['chooser']]} goes straight to the choice")]


def play(state: State, seat: int, move: Thingamabob) -> list[Event]:
    """Carry out a checked Thingamabob move: the card goes to the discard pile (SQ-5.2),
    then its effect, then that it is spent (SQ-2.3)."""
    events = _play_effect(state, seat, move)
    return events + [Event("SQ-2.3", f"One {move.name} was enough and it is spent: a "
                           "Thingamabob needs no set and works once, from the collection")]


def _play_effect(state: State, seat: int, move: Thingamabob) -> list[Event]:
    """The card onto the discard pile and what it does."""
    data, names, card = state.data, state.players, move.name
    (tid,) = find(state, f"coll:{seat}", [card])
    state.move_card(tid, f"coll:{seat}", "discard")
    events = [Event("SQ-5.2", f"{names[seat]} plays {card} from {names[seat]}'s "
                    f"collection onto the discard pile")]
    rule = THINGAMABOB_RULE[card]
    if card == PLATONIC:
        target = seat_named(state, move.player)
        data["tokens"][target] -= 1
        data["tokens"][seat] += 1
        return events + [Event(rule, f"{names[seat]} takes a point token from "
                               f"{names[target]}: {names[seat]} {data['tokens'][seat]}, "
                               f"{names[target]} {data['tokens'][target]}")]
    if card == EXPANDER:
        target = seat_named(state, move.player)
        lay(state, seat, f"deal:{target}", [move.card], None)
        return events + [Event(rule, f"{names[seat]} adds a card from {names[seat]}'s "
                               f"hand face down to {names[target]}'s deal, which now holds "
                               f"{plural(len(state.zones[f'deal:{target}']), 'card')}")]
    if card == OPTIMETER:
        ((who, position),) = move.spots
        target = seat_named(state, who)
        cid = state.zones[f"deal:{target}"][position - 1]
        turn_up(state, cid)
        return events + [Event(rule, f"The {ordinal(position)} card of {names[target]}'s "
                               f"deal is turned up: {article(LABEL[cid])}")]
    # Repositioners: take the cards out, highest position first so positions hold.
    spots = sorted(((seat_named(state, w), p) for w, p in move.spots), key=lambda sp: -sp[1])
    removed = []
    for target, position in spots:
        cid = state.zones[f"deal:{target}"].pop(position - 1)
        state.zones["discard"].append(cid)
        state.seen_by.pop(cid, None)
        removed.append(f"{names[target]}'s {ordinal(position)} deal card "
                       f"({article(LABEL[cid])})")
    return events + [Event(rule, f"{names[seat]} lays {joined(removed[::-1])} "
                           f"face up on the discard pile"),
                     Event("SQ-R5", "A Repositioner is the one way out of a deal "
                           "other than into a collection")]


def done(state: State, seat: int, move: Done) -> list[Event]:
    state.data["done"].append(seat)
    return [Event("SQ-R6", f"{state.players[seat]} is done with Thingamabobs this turn")]


def last_chance(state: State, seat: int, move: LastChance) -> list[Event]:
    state.data["phase"] = "last"
    waiting = pending(state)
    who = (f"{names_or_nobody(state.players[s] for s in waiting)} may still play "
           f"Thingamabobs" if waiting else "nobody else can play a Thingamabob")
    return [Event("SQ-5.3", f"{state.players[seat]}: \"Last chance to play "
                  f"Thingamabobs!\" ({who})")]
