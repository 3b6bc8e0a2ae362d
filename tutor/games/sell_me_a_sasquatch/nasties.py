"""The losses a set of Nasties brings, and the ``steal`` moves that decide them.

Implements Poison Pill Bugs (SQ-7.2: one card taken), Loan Sharks (SQ-7.3: up to two),
Trojan Horses (SQ-7.4: a point token), who decides (SQ-7.6; with two players the other
player, SQ-9.5), nobody robbing themselves (ruling SQ-R8) and a loss from an empty
collection, which needs no decision. ``data["steals"]`` holds the losses still open as
flat triples: victim seat, cards that may still be taken, cards the set allowed. A loss
just decided stays in ``data["decided"]`` (victim, decider, cards allowed, cards taken,
whether the decider stopped with 'steal nothing') until the next move, so that one more steal is refused under the clause of that loss (SQ-7.2 one
card, SQ-7.3 two) rather than as a steal with no loss at all.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.games.sell_me_a_sasquatch.deck import KIND_OF, SET_SIZE, article
from tutor.games.sell_me_a_sasquatch.moves import Steal
from tutor.games.sell_me_a_sasquatch.table import (COLL, coll_text, find, kinds_held, labels,
                                                   two_players)

NASTY_RULE = {"Poison Pill Bug": "SQ-7.2", "Loan Shark": "SQ-7.3", "Trojan Horse": "SQ-7.4"}
STEALS = {"Poison Pill Bug": 1, "Loan Shark": 2}
# The clause of a loss by the cards its set allows: one (SQ-7.2) or up to two (SQ-7.3).
LOSS_RULE = {1: "SQ-7.2", 2: "SQ-7.3"}


def nasty(state: State, seat: int, decider: int, label: str) -> list[Event]:
    """The loss one set of ``label`` traded in by ``seat`` brings, decided by
    ``decider``: a token taken now, or a loss left open for ``steal`` moves."""
    data, names = state.data, state.players
    rule = NASTY_RULE[label]
    size = SET_SIZE[label]
    head = f"{names[seat]} trades in {size} {label}s"
    if decider == seat:
        return [Event("SQ-R8", f"{head}: {names[seat]} would decide {names[seat]}'s "
                      f"own loss, so nothing more happens")]
    if label == "Trojan Horse":
        if data["tokens"][seat] == 0:
            return [Event(rule, f"{head}: {names[seat]} has no point token, so "
                          f"{names[decider]} gets nothing")]
        data["tokens"][seat] -= 1
        data["tokens"][decider] += 1
        return [Event(rule, f"{head}: {names[decider]} takes a point token from "
                      f"{names[seat]} ({names[decider]} {data['tokens'][decider]}, "
                      f"{names[seat]} {data['tokens'][seat]})")]
    count = STEALS[label]
    data["steals"] += [seat, count, count]
    upto = "1 card" if count == 1 else "up to 2 cards"
    return [Event(rule, f"{head}: {names[decider]} may take {upto} from "
                  f"{names[seat]}'s collection")]


def check_steal(state: State, move: Steal) -> Rejection | None:
    """A card taken must be in the victim's collection."""
    data = state.data
    if move.card is None:
        return None
    victim = data["steals"][0]
    if move.card not in labels(state, f"coll:{victim}"):
        rule = LOSS_RULE[data["steals"][2]]
        return Rejection(rule, f"{state.players[victim]}'s collection holds no "
                         f"{move.card} (collection: {coll_text(state, victim)})")
    return None


# A steal move names a card only, so there is one value per card name and loss clause.
_STEAL = {(card, rule): Steal(card, rule) for card in (*KIND_OF, None)
          for rule in LOSS_RULE.values()}


def steal_moves(state: State) -> list[Steal]:
    """One move per kind of card in the victim's collection, and taking nothing, each
    under the clause of the loss open now."""
    victim, _, allowed = state.data["steals"][:3]
    rule = LOSS_RULE[allowed]
    return [_STEAL[card, rule] for card in kinds_held(state, COLL[victim])] + \
        [_STEAL[None, rule]]


def under_open_loss(state: State, move: Steal) -> Steal:
    """The steal move as it decides the loss open now (its clause), if one is open."""
    steals = state.data["steals"]
    return Steal(move.card, LOSS_RULE[steals[2]]) if steals else move


def decided_refusal(state: State) -> Rejection | None:
    """Why one more steal is refused just after a loss was decided: the one card of
    Poison Pill Bugs (SQ-7.2) or the two of Loan Sharks (SQ-7.3) are taken, or the
    decider took fewer and so ended the loss. None when no loss was just decided."""
    decided = state.data.get("decided")
    if not decided:
        return None
    victim, decider, allowed, taken, stopped = decided
    names = state.players
    decider, loser = names[decider], names[victim]
    what = ("Poison Pill Bugs let " if allowed == 1 else "Loan Sharks let ") + \
        f"{decider} take {'one card' if allowed == 1 else 'up to two cards'} from " \
        f"{loser}'s collection"
    if not stopped:
        done = f"{decider} took {'it' if allowed == 1 else 'both'}" if taken == allowed \
            else f"{decider} took {loser}'s last card"
    elif taken:
        done = f"{decider} took one and then nothing more, which ended it"
    else:
        done = f"{decider} took nothing, which ended it"
    return Rejection(LOSS_RULE[allowed], f"{what}, and {done}")


def take(state: State, seat: int, move: Steal) -> list[Event]:
    """Carry out a steal move; the loss stays open while it allows more cards."""
    data, names = state.data, state.players
    victim, left, total = data["steals"][:3]
    rule = "SQ-9.5" if two_players(state) else LOSS_RULE[total]
    if move.card is None:
        del data["steals"][:3]
        data["decided"] = [victim, seat, total, total - left, True]
        events = [Event(rule, f"{names[seat]} takes nothing more from {names[victim]}")]
    else:
        (cid,) = find(state, f"coll:{victim}", [move.card])
        state.move_card(cid, f"coll:{victim}", f"coll:{seat}")
        events = [Event(rule, f"{names[seat]} takes {article(move.card)} from "
                        f"{names[victim]}'s collection into {names[seat]}'s")]
        if left > 1 and state.zones[f"coll:{victim}"]:
            data["steals"][1] = left - 1
        else:
            del data["steals"][:3]
            data["decided"] = [victim, seat, total, total - left + 1, False]
    return events + skip_empty_steals(state)


def skip_empty_steals(state: State) -> list[Event]:
    """Losses from an empty collection need no decision: nothing is there to take."""
    data, events = state.data, []
    rule = "SQ-9.5" if two_players(state) else "SQ-7.6"
    while data["steals"] and not state.zones[f"coll:{data['steals'][0]}"]:
        events.append(Event(rule, f"{state.players[data['steals'][0]]}'s collection is "
                            f"empty: there is nothing to take"))
        del data["steals"][:3]
    return events
