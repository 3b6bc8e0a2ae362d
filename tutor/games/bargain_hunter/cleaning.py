"""Spring cleaning (BH-5.1 to BH-5.6; ruling BH-R5) after each round's tricks: each player
in turn clears out one item from the junk pile (two in the last round, BH-6.1) or skips,
then the next round is dealt or the game ends (dealing.py)."""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter import dealing
from tutor.games.bargain_hunter.deck import ITEMS, KIND, NUMBER, OFFER, OFFER_LABEL
from tutor.games.bargain_hunter.moves import ChooseBargain, Clean, Play, Skip, format_move
from tutor.games.bargain_hunter.table import (CLEANING, FINAL_CLEANINGS, TRASH_MINIMUM,
                                              bargain_item, items_summary, not_a_move,
                                              rounds, sorted_labels, to_act)

# The spring cleaning moves there can be, made once (legal_moves hands these out).
CLEANS = {item: Clean(item) for item in ITEMS}
SKIP = Skip()
def check_clean(state: State, seat: int, move: Clean) -> Rejection | None:
    """An item of the junk pile, never an Irresistible Offer (BH-5.1, BH-5.5)."""
    name = state.players[seat]
    junk = state.zones[f"junk:{seat}"]
    if move.item == "offer":
        offers = sum(KIND[c] == OFFER for c in junk)
        held = (f"{name}'s {plural(offers, OFFER_LABEL)} stay{'s' if offers == 1 else ''}"
                " in the junk pile until the final scoring" if offers else
                f"{name}'s junk pile holds none anyway")
        return Rejection("BH-5.5", f"{OFFER_LABEL}s are never cleared out or trashed: "
                         f"{held}")
    if move.item not in ITEMS:
        return Rejection("BH-1.1", f"items are numbered 1 to 9, not {move.item!r}")
    if not any(NUMBER[c] == move.item for c in junk):
        return Rejection("BH-5.1", f"{name}'s junk pile has no {move.item}s to clear out "
                         f"(it holds {items_summary(junk)})")
    return None


def clean(state: State, seat: int, move: Clean) -> list[Event]:
    """Clear out every card of the item: the first few to the trash (BH-5.2), the rest
    onto the bargain pile (BH-5.3, BH-5.4)."""
    item = move.item
    data, zones, name = state.data, state.zones, state.players[seat]
    any_item = any_item_event(state, seat, item)   # told after what happens
    junk = zones[f"junk:{seat}"]
    cleared = [c for c in junk if NUMBER[c] == item]
    zones[f"junk:{seat}"] = [c for c in junk if NUMBER[c] != item]
    minimum = TRASH_MINIMUM[state.num_players]
    before = bargain_item(state, seat)
    trashed, kept = cleared[:minimum], cleared[minimum:]
    zones["trash"] += trashed
    zones[f"bargain:{seat}"] += kept
    what = f"{name} clears out item {item} ({plural(len(cleared), 'card')})"
    goes = "goes" if len(trashed) == 1 else "go"
    to_trash = (f"{joined(sorted_labels(trashed))} {goes} to the trash, as with "
                f"{state.num_players} players the first {minimum} cleared out always do")
    # The trash comes first (BH-5.2), then what is left over (BH-5.3 or BH-5.4):
    # two events, so each rule is cited where the clear-out applies it.
    events = [Event("BH-5.2", f"{what}: {to_trash}")]
    if kept:
        now = f"{name}'s bargain is now {item} (it was {before})" if item != before \
            else f"{name}'s bargain stays {item}"
        events.append(Event("BH-5.4", f"{joined(sorted_labels(kept))} "
                            f"{'goes' if len(kept) == 1 else 'go'} onto {name}'s "
                            f"bargain pile: {now}"))
    else:
        events.append(Event("BH-5.3", f"Nothing is left over, so {name}'s bargain "
                            f"stays {before}"))
    events += any_item
    # A new list for the seat: State.clone copies data one level deep only.
    cleared = data.get("cleared") or [[] for _ in range(state.num_players)]
    data["cleared"] = [items + [item] if s == seat else items
                       for s, items in enumerate(cleared)]
    data["cleanings_left"] -= 1
    if data["cleanings_left"]:
        events.append(Event("BH-6.1", f"{name} may clear out a second item or skip"))
        return events
    return events + next_cleaner(state, seat)


def any_item_event(state: State, seat: int, item: int) -> list[Event]:
    """BH-5.6 where it matters, asked before the clear-out: the item was the seat's
    bargain once but is not now (a card of it lies in the bargain pile, where only
    bargains go), or another player cleared it out in this spring cleaning. Nothing
    forbids either, and the event says so."""
    name = state.players[seat]
    pile = state.zones[f"bargain:{seat}"]
    reasons = []
    cleared = state.data.get("cleared") or []
    if item != bargain_item(state, seat) and any(NUMBER[c] == item for c in pile):
        reasons.append(f"{item} was {name}'s bargain before")
    others = [state.players[s] for s, items in enumerate(cleared)
              if s != seat and item in items]
    if others:
        reasons.append(f"{joined(others)} cleared out {item}s too")
    if not reasons:
        return []
    return [Event("BH-5.6", f"{name} may clear out {item}s though "
                  f"{' and '.join(reasons)}: any item may be cleared out")]


def skip(state: State, seat: int, move: Skip) -> list[Event]:
    """Clear out nothing (more) this spring cleaning."""
    name = state.players[seat]
    more = state.data["cleanings_left"] < FINAL_CLEANINGS and \
        state.data["round"] == rounds(state)
    text = f"{name} clears out nothing more" if more else f"{name} skips spring cleaning"
    return [Event("BH-R5" if more else "BH-5.1", text)] + next_cleaner(state, seat)


def next_cleaner(state: State, seat: int) -> list[Event]:
    """The next player cleans; after the last, the next round or the end (dealing.py)."""
    data, name = state.data, state.players[seat]
    data["cleaned"] += 1
    if data["cleaned"] < state.num_players:
        final = data["round"] == rounds(state)
        data.update(turn=(seat + 1) % state.num_players,
                    cleanings_left=FINAL_CLEANINGS if final else 1)
        return [Event("BH-5.1", f"{name}'s spring cleaning is over; "
                      f"{state.players[data['turn']]} cleans next")]
    over = [Event("BH-5.1", f"{name}'s spring cleaning is over, the last of round "
                  f"{data['round']}")]
    if data["round"] == rounds(state):
        return over + dealing.end_game(state)
    data.update(round=data["round"] + 1,
                dealer=(data["dealer"] + 1) % state.num_players)
    return over + dealing.deal(state)


def refuse(state: State, seat: int, move) -> Rejection:
    """Any other move is too late: the tricks of the round are over (BH-5.1)."""
    if not isinstance(move, (ChooseBargain, Play)):
        return not_a_move(state, seat, move)
    return Rejection("BH-5.1", f"the tricks of round {state.data['round']} are over: in "
                     f"spring cleaning {state.players[seat]} {_options(state, seat)}")


def _options(state: State, seat: int) -> str:
    """What the seat may do in spring cleaning, with an example taken from its own legal
    moves (an item it really holds in its junk pile), never a fixed one."""
    cleans = [move for move in legal_moves(state, seat) if isinstance(move, Clean)]
    if cleans:
        return f"clears out an item ('{format_move(cleans[0])}') or skips"
    return "has no item to clear out and skips ('skip')"


def waiting(state: State, seat: int, move) -> Rejection | None:
    """A seat whose spring cleaning is over is told the limit it reached (BH-5.1,
    BH-R5)."""
    if not isinstance(move, (Clean, Skip)):
        return None
    data, name, n = state.data, state.players[seat], state.num_players
    done = {(data["turn"] - k) % n for k in range(1, data["cleaned"] + 1)}
    if seat not in done:
        return None
    final = data["round"] == rounds(state)
    items = (data.get("cleared") or [[]] * n)[seat]
    did = (f"{name} already cleared out {joined(f'the {i}s' for i in items)}"
           if items else f"{name} already skipped spring cleaning")
    limit = "up to two items for each player, in one turn, as this is the last " \
        "round" if final else "one item for each player"
    return Rejection("BH-R5" if final else "BH-5.1",
                     f"{did} this round: spring cleaning is {limit}, and now "
                     f"{state.players[data['turn']]} cleans")


def legal_moves(state: State, seat: int) -> list:
    """Each item of the junk pile, and skipping."""
    items = dict.fromkeys(NUMBER[c] for c in state.zones[f"junk:{seat}"]
                          if KIND[c] != OFFER)
    return [CLEANS[item] for item in items] + [SKIP]


PHASE = Phase(CLEANING, rules=("BH-5.1", "BH-6.1", "BH-R5"), to_act=to_act,
              legal=legal_moves, refuse=refuse, waiting=waiting,
              moves={Clean: Step(check_clean, clean), Skip: Step(allowed, skip)})
