"""Sneaky Bastard's quiz questions (see :mod:`tutor.quiz`): what a bid must beat, whether
a bid is legal, who buys if everyone passes from now on."""

from __future__ import annotations

from tutor.games.sneaky_bastard.deck import DECK, MONEY_COPIES, amount
from tutor.games.sneaky_bastard.engine import IN, SNEAKY, total
from tutor.games.sneaky_bastard.moves import Bid, Pass, Wait
from tutor.core.questions import (Reason, legality_question, make_question, near_amounts,
                                  seen_cards, sentence)

UNSOLD = "Nobody: the house goes unsold"
# Said only where a lone sneaky bidder is there to wait: elsewhere it names nobody.
LONE_WAITS = " (a lone sneaky bidder waits, as the rules make it)"
MAX_PLAYOUT = 60   # more turns than any round of passes takes


def _house(state) -> str:
    return DECK[state.zones["offer"][0]].name


def must_beat(game, state, seat, rng):
    """What the seat's next bid must beat: the highest other bid on the house."""
    if seat not in game.to_act(state) or state.data["sold"] or \
            state.data["status"][seat] != IN or not state.zones["offer"]:
        return None
    top, leader = game._highest_other(state, seat, IN, "bid")
    if leader is None or top <= 0:
        return None
    name, players = state.players[seat], state.players
    bids = [total(state.zones[f"bid:{s}"]) for s in range(state.num_players)]
    return make_question(
        game, "must_beat", seat,
        f"{name} is to act on {_house(state)}. What must the total of {name}'s bid beat?",
        amount(top), [amount(a) for a in near_amounts(top, tuple(MONEY_COPIES), 10)] +
        [amount(b) for b in bids if b], "SB-3.2",
        f"The highest bid on the house is {players[leader]}'s {amount(top)}, and a bid "
        f"must beat the highest bid.", rng)


def bid_legal(game, state, seat, rng):
    """Whether one or two of the seat's own value cards make a legal bid now."""
    if seat not in game.to_act(state) or state.data["sold"]:
        return None
    if not any(isinstance(m, Bid) for m in game.legal_moves(state, seat)):
        return None
    cards = [face for zone in (f"hand:{seat}", f"houses:{seat}")
             for face in seen_cards(game, state, seat, zone)
             if face["kind"] in ("money", "house")]
    if not cards:
        return None
    picked = rng.sample(cards, min(len(cards), rng.choice((1, 2))))
    move = Bid(tuple(c["label"] for c in picked))
    name, status = state.players[seat], state.data["status"][seat]
    zone = "sneaky" if status == SNEAKY else "bid"
    new_total = total(state.zones[f"{zone}:{seat}"]) + sum(c["value"] for c in picked)
    top, leader = game._highest_other(state, seat, status, zone)
    if top <= 0:
        leader = None
    too_low = leader is not None and new_total <= top
    what = "sneaky bid" if status == SNEAKY else "bid"
    beaten = (f"{name}'s {what} would total {amount(new_total)}, not more than the "
              f"highest {what}, {amount(top)} ({state.players[leader]})"
              if leader is not None else "")
    reasons = [
        Reason("SB-4.4" if status == SNEAKY else "SB-3.2", beaten, too_low),
        Reason("SB-3.1", "a house may not be part of a bid, only money cards", False),
        Reason("SB-3.4", f"{name} already has cards down and may not add more", False),
    ]
    if not too_low:
        reasons = reasons[1:]
    allowed = (f"{name}'s {what} would total {amount(new_total)}, more than the highest "
               f"{what}, {amount(top)} ({state.players[leader]})" if leader is not None
               else f"{name}'s {what} would total {amount(new_total)}, and nobody else has "
               f"a {what} down")
    return legality_question(game, state, seat, move, "bid_legal",
                             f"May {name} play '{game.format_move(state, seat, move)}' "
                             f"now?", "SB-3.2", rng, reasons, allowed)


def who_buys(game, state, seat, rng):
    """Who buys the house if every player passes from now on: played out on a copy. A
    lone sneaky bidder, who may not pass, waits (SB-4.5); the prompt says so only where
    one does."""
    if not game.to_act(state) or state.data["sold"] or not state.zones["offer"]:
        return None
    house_id, round_number = state.zones["offer"][0], state.data["round"]
    after, said, waited = state, [], False
    for _ in range(MAX_PLAYOUT):
        acting = game.to_act(after)
        if not acting or after.data["sold"] or after.data["round"] != round_number:
            break
        mover = acting[0]
        move = Pass() if game.check(after, mover, Pass()) is None else Wait()
        waited = waited or isinstance(move, Wait)
        after, events = game.apply(after, mover, move)
        said += [e.for_viewer(seat) for e in events if e.rule in ("SB-6.1", "SB-R1")]
    else:
        return None
    if not said:
        return None
    sold = after.data["last_house"] == house_id
    answer = state.players[after.data["last_buyer"]] if sold else UNSOLD
    event = said[0]
    return make_question(
        game, "who_buys", seat,
        f"If every player passes from now on{LONE_WAITS if waited else ''}, who buys "
        f"{_house(state)}?", answer, list(state.players) + [UNSOLD], event.rule,
        sentence(event.text), rng)


GENERATORS = {"must_beat": must_beat, "bid_legal": bid_legal, "who_buys": who_buys}
