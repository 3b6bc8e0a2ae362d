"""What a step changed, drawn on the table: the cards that moved (outlined, with where
they came from), the seat that acted, and the zones whose hidden cards changed.

Everything here works from two all-seeing states and the viewer's seat, and names only
what the viewer may see: a card is named only where the viewer sees its face after the
step; a card the viewer cannot see is told as a count ("1 card to Frank's hand").
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.state import State, zone_owner
from tutor.core.wording import plural
from widgets.games import game_view

# How the zones every game may have read in a sentence; a game's view adds its own
# (GameView.zone_words), and any other zone reads as its own name.
ZONE_WORDS = {"hand": "hand", "pile": "pile", "discard": "discard pile", "draw": "draw pile"}


def zone_words(zone: str, players, known: Mapping[str, str] = ZONE_WORDS) -> str:
    """'Frank's hand', 'the discard pile': the zone's kind in the words ``known`` gives
    it, else its own name."""
    kind = zone.split(":")[0]
    words = known.get(kind, kind.replace("_", " "))
    owner = zone_owner(zone)
    return f"{players[owner]}'s {words}" if owner is not None else f"the {words}"


@dataclass(frozen=True)
class Moved:
    """One card that changed zone in a step."""

    card: str
    source: str
    target: str


def moved_cards(before: State, after: State) -> list[Moved]:
    """Every card whose zone is different after the step, in the order of its new zone."""
    where = {cid: name for name, cards in before.zones.items() for cid in cards}
    moved = []
    for name, cards in after.zones.items():
        for cid in cards:
            source = where.get(cid)
            if source is not None and source != name:
                moved.append(Moved(cid, source, name))
    return moved


@dataclass(frozen=True)
class Changes:
    """What the viewer is shown of a step: named cards (id -> (where from, where to)),
    unnamed moves as sentences, and the seat that acted."""

    named: dict[str, tuple[str, str]]
    unnamed: tuple[str, ...]
    acted: int | None

    @property
    def empty(self) -> bool:
        return not self.named and not self.unnamed


NO_CHANGES = Changes({}, (), None)


def changes_for(game: Game, before: State, after: State, viewer: int | None,
                acted: int | None) -> Changes:
    """The step from ``before`` to ``after`` as ``viewer`` may see it."""
    words = {**ZONE_WORDS, **game_view(game.id).zone_words}
    named: dict[str, tuple[str, str]] = {}
    counts: dict[tuple[str, str], int] = {}
    for move in moved_cards(before, after):
        index = after.zones[move.target].index(move.card)
        if game.can_see(after, move.target, index, viewer):
            named[move.card] = (zone_words(move.source, after.players, words),
                                 zone_words(move.target, after.players, words))
        else:
            key = (move.source, move.target)
            counts[key] = counts.get(key, 0) + 1
    unnamed = tuple(f"{plural(n, 'card')} from {zone_words(s, after.players, words)} to "
                    f"{zone_words(t, after.players, words)}" for (s, t), n in counts.items())
    return Changes(named, unnamed, acted)


_CARD = re.compile(r"data-card='([^']+)'")
_SLOT = re.compile(r"data-slot='([^']+)'")
_SEAT = re.compile(r"<div class='rt-player([^']*)' data-seat='(\d+)'><div class='rt-seat-head'>")


def mark_table(table: str, changes: Changes, expanded: int | None,
               pickable: frozenset[str] = frozenset(),
               slots: frozenset[str] = frozenset()) -> str:
    """The table's HTML with the moved cards outlined (their origin as a tooltip and a
    caption), the acting seat marked, the cards the learner may click to compose a move
    (``pickable`` ids) and the places they may click (``slots``: a deal position, a top
    set, named by the tables' ``data-slot``) made clickable, and the hand of ``expanded``
    drawn spread out (other hands overlap, to keep each seat to one row)."""
    def card(match: re.Match) -> str:
        cid = html.unescape(match.group(1))
        marked = match.group(0)
        moved = changes.named.get(cid)
        if moved is not None:
            marked += f" data-moved='{html.escape('from ' + moved[0], quote=True)}'"
        if cid in pickable:
            marked += " data-pick='card' tabindex='0' role='button'"
        return marked

    def slot(match: re.Match) -> str:
        if html.unescape(match.group(1)) in slots:
            return match.group(0) + " data-pick='slot' tabindex='0' role='button'"
        return match.group(0)

    def seat(match: re.Match) -> str:
        number = int(match.group(2))
        extra = ""
        if number == changes.acted:
            extra += " rt-acted"
        if number == expanded:
            extra += " rt-expanded"
        badge = ("<span class='rt-acted-badge'>just played</span>"
                 if number == changes.acted else "")
        return (f"<div class='rt-player{match.group(1)}{extra}' data-seat='{number}'>"
                f"<div class='rt-seat-head'>{badge}")

    return _SEAT.sub(seat, _SLOT.sub(slot, _CARD.sub(card, table)))


def change_lines(changes: Changes, faces: dict[str, str]) -> list[str]:
    """The moves of a step as short lines: 'Studentenkamer from the house for sale to
    Frank's houses' for a card the viewer sees (``faces``: id -> its name as shown),
    counts for the rest."""
    routes: dict[tuple[str, str], list[str]] = {}
    for cid, route in changes.named.items():
        routes.setdefault(route, []).append(faces.get(cid, "a card"))
    lines = [f"{', '.join(names)} from {source} to {target}"
             for (source, target), names in routes.items()]
    return lines + list(changes.unnamed)
