"""Spring cleaning (BH-5.1 to BH-5.6; ruling BH-R5) after each round's tricks, and the end
of the game after the last one (BH-6.1 to BH-6.3): each player in turn clears out one
item from the junk pile (two in the last round) or skips, then the next round is dealt
or the scores decide."""

from __future__ import annotations

from tutor.core.game import Event, Outcome, Rejection
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter.deck import ITEMS, KIND, NUMBER, OFFER, OFFER_LABEL
from tutor.games.bargain_hunter.moves import Clean, Skip
from tutor.games.bargain_hunter.table import (CLEANING, FINAL_CLEANINGS, OVER, TRASH_MINIMUM,
                                              Table, items_summary, points_text,
                                              sorted_labels)

# The spring cleaning moves there can be, made once (legal_moves hands these out).
CLEANS = {item: Clean(item) for item in ITEMS}
SKIP = Skip()


class SpringCleaning(Table):
    """Clearing out junk or skipping, the next cleaner, and the end of the game."""

    def _start_cleaning(self, state: State, first: int) -> list[Event]:
        data = state.data
        final = data["round"] == self.rounds(state)
        data.update(phase=CLEANING, turn=first, cleaned=0,
                    cleanings_left=FINAL_CLEANINGS if final else 1,
                    cleared=[[] for _ in range(state.num_players)])
        each = "up to two items each, as it is the last round (BH-6.1)" if final else \
            "one item each"
        return [Event("BH-5.1", f"Spring cleaning, {each}: {state.players[first]} starts")]

    def _check_clean(self, state: State, seat: int, move: Clean) -> Rejection | None:
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

    def _clean(self, state: State, seat: int, item: int) -> list[Event]:
        data, zones, name = state.data, state.zones, state.players[seat]
        any_item = self._any_item_event(state, seat, item)   # told after what happens
        junk = zones[f"junk:{seat}"]
        cleared = [c for c in junk if NUMBER[c] == item]
        zones[f"junk:{seat}"] = [c for c in junk if NUMBER[c] != item]
        minimum = TRASH_MINIMUM[state.num_players]
        before = self.bargain_item(state, seat)
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
        return events + self._next_cleaner(state, seat)

    def _any_item_event(self, state: State, seat: int, item: int) -> list[Event]:
        """BH-5.6 where it matters, asked before the clear-out: the item was the seat's
        bargain once but is not now (a card of it lies in the bargain pile, where only
        bargains go), or another player cleared it out in this spring cleaning. Nothing
        forbids either, and the event says so."""
        name = state.players[seat]
        pile = state.zones[f"bargain:{seat}"]
        reasons = []
        cleared = state.data.get("cleared") or []
        if item != self.bargain_item(state, seat) and any(NUMBER[c] == item for c in pile):
            reasons.append(f"{item} was {name}'s bargain before")
        others = [state.players[s] for s, items in enumerate(cleared)
                  if s != seat and item in items]
        if others:
            reasons.append(f"{joined(others)} cleared out {item}s too")
        if not reasons:
            return []
        return [Event("BH-5.6", f"{name} may clear out {item}s though "
                      f"{' and '.join(reasons)}: any item may be cleared out")]

    def _skip(self, state: State, seat: int) -> list[Event]:
        name = state.players[seat]
        more = state.data["cleanings_left"] < FINAL_CLEANINGS and \
            state.data["round"] == self.rounds(state)
        text = f"{name} clears out nothing more" if more else f"{name} skips spring cleaning"
        return [Event("BH-R5" if more else "BH-5.1", text)] + self._next_cleaner(state, seat)

    def _next_cleaner(self, state: State, seat: int) -> list[Event]:
        data, name = state.data, state.players[seat]
        data["cleaned"] += 1
        if data["cleaned"] < state.num_players:
            final = data["round"] == self.rounds(state)
            data.update(turn=(seat + 1) % state.num_players,
                        cleanings_left=FINAL_CLEANINGS if final else 1)
            return [Event("BH-5.1", f"{name}'s spring cleaning is over; "
                          f"{state.players[data['turn']]} cleans next")]
        over = [Event("BH-5.1", f"{name}'s spring cleaning is over, the last of round "
                      f"{data['round']}")]
        if data["round"] == self.rounds(state):
            return over + self._end_game(state)
        data.update(round=data["round"] + 1,
                    dealer=(data["dealer"] + 1) % state.num_players)
        return over + self._deal(state)

    def _end_game(self, state: State) -> list[Event]:
        state.data.update(phase=OVER, turn=None, cleanings_left=0)
        result = self.outcome(state)
        tied = result.scores.count(max(result.scores)) > 1
        return [Event("BH-6.1", f"Round {state.data['round']} was the last: the game is "
                      "over"),
                Event("BH-6.3" if tied else "BH-6.2", result.explanation)]

    def outcome(self, state: State) -> Outcome | None:
        if state.data["phase"] != OVER:
            return None
        n, names = state.num_players, state.players
        scores = tuple(self.score(state, s) for s in range(n))
        junk = [len(state.zones[f"junk:{s}"]) for s in range(n)]
        best = max(scores)
        tied = [s for s in range(n) if scores[s] == best]
        if len(tied) == 1:
            s = tied[0]
            return Outcome((s,), scores, f"{names[s]} wins with {points_text(best)} "
                           f"({len(state.zones[f'bargain:{s}'])} bargain cards, "
                           f"{junk[s]} junk)")
        fewest = min(junk[s] for s in tied)
        winners = tuple(s for s in tied if junk[s] == fewest)
        if len(winners) == 1:
            return Outcome(winners, scores, f"{joined(names[s] for s in tied)} tie on "
                           f"{points_text(best)}; {names[winners[0]]} wins the tie with the "
                           f"smallest junk pile ({plural(fewest, 'card')})")
        return Outcome(winners, scores, f"{joined(names[s] for s in winners)} tie on "
                       f"{points_text(best)} and {plural(fewest, 'junk card')}: they share the "
                       "win")
