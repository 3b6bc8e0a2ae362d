"""The state of a game: zones of card ids, game-specific values, and the RNG.

Every game uses this one class, so that serialization, cloning, card conservation and
per-seat views are written once. Zone names are ``"name"`` for shared zones and
``"name:SEAT"`` for zones that belong to a seat (``"hand:2"``). In a zone list the last
card is the top of the pile.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from enum import Enum


class Visibility(str, Enum):
    """Who sees the faces of the cards in a zone (a per-card override may replace it)."""

    PUBLIC = "public"          # face up on the table
    OWNER = "owner"            # a hand: only the seat the zone belongs to
    HIDDEN = "hidden"          # face down: nobody
    TOP_PUBLIC = "top_public"  # a face-down pile whose top card is turned face up
    ALL_BUT_OWNER = "all_but_owner"  # held facing away from its holder


# The JSON scalar types a data value may have (State.clone copies the other values).
_SCALARS = frozenset({str, int, bool, float, type(None)})


def zone_owner(zone: str) -> int | None:
    """The seat a zone belongs to, or None for a shared zone."""
    _, sep, seat = zone.partition(":")
    return int(seat) if sep else None


def seat_zone(name: str, seat: int) -> str:
    return f"{name}:{seat}"


@dataclass
class State:
    """A position of one game. Treat it as a value: engines clone before changing it.

    ``data`` holds the game's own values (round, whose turn, bids...). Each value is a
    JSON scalar (str, int, bool, None) or a flat list or dict of them: that keeps
    :meth:`to_json` / :meth:`from_json` exact and lets :meth:`clone` copy one level only.

    ``seen_by`` overrides the zone's visibility for single cards: card id -> the seats
    that see its face (for example a card that was shown to one player). An engine
    replaces an entry (``seen_by[cid] = [seat]``) and never changes its list in place:
    clones share those lists.

    ``derived`` keeps what an engine worked out about this position and asks again
    several times a move (who acts now): see :meth:`remembered`. It is not part of the
    position: never compared, saved or cloned.
    """

    game: str
    players: tuple[str, ...]
    options: dict
    zones: dict[str, list[str]]
    data: dict
    rng: int
    seen_by: dict[str, list[int]] = field(default_factory=dict)
    derived: dict | None = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        # Asked many times a move, and the players of a game never change: kept as a
        # plain attribute rather than a property counted again on every ask.
        self.num_players = len(self.players)

    def clone(self) -> "State":
        # Everything mutable is one level deep, so shallow copies are full copies here
        # and much cheaper than deepcopy (random play clones once per move). Most data
        # values are scalars: asking their exact type first skips the isinstance test.
        # The lists of ``seen_by`` are shared: engines replace an entry, never change
        # one in place (random play checks that a move leaves its state as it was).
        # A clone is made to be changed, so it remembers nothing until Game.apply hands
        # it out (derived None).
        data = self.data.copy()
        for key, value in data.items():
            if type(value) not in _SCALARS and isinstance(value, (list, dict)):
                data[key] = value.copy()
        # Every attribute is set here, so no __init__ runs; one at a time, in the order
        # __init__ sets them, so the copy's attributes are as quick to read as its own.
        twin = object.__new__(State)
        twin.game, twin.players, twin.options = self.game, self.players, self.options
        twin.zones = {name: cards[:] for name, cards in self.zones.items()}
        twin.data, twin.rng, twin.seen_by = data, self.rng, self.seen_by.copy()
        twin.derived, twin.num_players = None, self.num_players
        return twin

    def remembered(self, question: str, answer):
        """``answer(self)``, worked out once for this position and then remembered.

        For what an engine asks several times a move (who acts now: the random-play
        loop, legal_moves and apply's check each ask). Safe because a state is a value:
        the one that is changed in place is Game.apply's private clone, which remembers
        nothing (``derived`` is None) until apply is done with it."""
        derived = self.derived
        if derived is None:
            return answer(self)
        if question not in derived:
            derived[question] = answer(self)
        return derived[question]

    def zone(self, name: str, seat: int | None = None) -> list[str]:
        return self.zones[name if seat is None else f"{name}:{seat}"]

    def move_card(self, card_id: str, source: str, target: str) -> None:
        self.zones[source].remove(card_id)
        self.zones[target].append(card_id)

    def move_all(self, source: str, target: str) -> None:
        self.zones[target].extend(self.zones[source])
        self.zones[source].clear()

    def to_json(self) -> dict:
        return {"game": self.game, "players": list(self.players), "options": self.options,
                "zones": self.zones, "data": self.data, "rng": self.rng,
                "seen_by": self.seen_by}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    @classmethod
    def from_json(cls, obj: dict) -> "State":
        obj = copy.deepcopy(obj)
        return cls(obj["game"], tuple(obj["players"]), obj["options"], obj["zones"],
                   obj["data"], obj["rng"], obj.get("seen_by", {}))

    @classmethod
    def loads(cls, text: str) -> "State":
        return cls.from_json(json.loads(text))
