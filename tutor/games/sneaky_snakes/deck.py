"""Sneaky Snakes' cards: the tutor's stand-in deck, read from ``cards.yaml`` (SN-R1).

The rulebook's card list is missing, so the tutor plays with an invented deck that a
teacher with the physical game can replace by editing the data file. Each card name has
an effect (a kind plus parameters the engine interprets), a rule for when it is played
by someone who cannot see it, and counts for the three player bands (SN-1.1). Card ids
are the name in lower case with underscores and a copy number (``snake_jones.2``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutor.core.cards import Card, Deck
from tutor.core.datafile import read_yaml

CARDS_FILE = Path(__file__).with_name("cards.yaml")
EFFECT_KINDS = {"snake_jones": set(), "steal": {"count"}, "take": {"pile", "count"},
                "gift": {"count"}, "swap": {"what"}, "reveal": {"count"}}
BANDS = ("2+", "3/4+", "5+")
BAND_SIZES = (24, 40, 52)
SNAKE_JONES = "Snake Jones"
STAND_IN = "the tutor's stand-in deck"


def card_id(name: str, copy: int) -> str:
    return f"{'_'.join(name.lower().split())}.{copy}"


def band_of(players: int) -> int:
    """The deck band for a player count: 0 (two players), 1 (3-4) or 2 (5 or more)."""
    return 0 if players <= 2 else 1 if players <= 4 else 2


@dataclass(frozen=True)
class Effect:
    """What a card does when played: a kind, its parameters, and whether it works when
    its player could not see it."""

    kind: str
    params: dict
    unseen_works: bool
    text: str

    @property
    def count(self) -> int:
        return int(self.params.get("count", 1))


@dataclass(frozen=True)
class StandInDeck:
    """The whole deck (52 cards) with lookups by card id and by name."""

    deck: Deck
    label: dict = field(repr=False)       # card id -> name
    band: dict = field(repr=False)        # card id -> 0, 1 or 2 (the band that adds it)
    effect_of: dict = field(repr=False)   # name -> Effect
    counts_of: dict = field(repr=False)   # name -> (2p, 3-4p, 5+p)

    def in_play(self, players: int) -> list[str]:
        """The ids of the cards used with this many players, in deck order."""
        limit = band_of(players)
        return [c.id for c in self.deck if self.band[c.id] <= limit]

    def effect(self, card: str) -> Effect:
        return self.effect_of[self.label[card]]


def load_deck(path: Path = CARDS_FILE) -> StandInDeck:
    doc = read_yaml(Path(path))
    where = Path(path).name
    cards, label, band, effect_of, counts_of = [], {}, {}, {}, {}
    for row in doc["cards"]:
        name, spec, counts = row["name"], dict(row["effect"]), row["counts"]
        kind = spec.pop("kind", None)
        if kind not in EFFECT_KINDS:
            raise ValueError(f"{where}: {name} has effect kind {kind!r}; the kinds are "
                             f"{', '.join(EFFECT_KINDS)}")
        if set(spec) != EFFECT_KINDS[kind]:
            raise ValueError(f"{where}: {name}'s {kind} effect needs "
                             f"{', '.join(sorted(EFFECT_KINDS[kind])) or 'no parameters'}")
        if row.get("unseen") not in ("works", "nothing"):
            raise ValueError(f"{where}: {name} needs unseen: works or unseen: nothing")
        if name in effect_of:
            raise ValueError(f"{where}: {name} is listed twice")
        if (not isinstance(counts, list) or len(counts) != 3 or
                any(not isinstance(n, int) or n < 0 for n in counts) or
                counts != sorted(counts)):
            raise ValueError(f"{where}: {name} needs three growing counts like [2, 3, 4], "
                             f"not {counts!r}")
        effect_of[name] = Effect(kind, spec, row["unseen"] == "works",
                                 " ".join(str(row["text"]).split()))
        counts_of[name] = tuple(counts)
        copy = 0
        for level, total in enumerate(counts):
            while copy < total:
                copy += 1
                cid = card_id(name, copy)
                cards.append(Card(cid, kind, name, 0, f"{name} ({BANDS[level]})"))
                label[cid], band[cid] = name, level
    if SNAKE_JONES not in effect_of:
        raise ValueError(f"{where}: the deck needs Snake Jones cards")
    sizes = tuple(sum(c[i] for c in counts_of.values()) for i in range(3))
    if sizes != BAND_SIZES:
        raise ValueError(f"{where}: the bands hold {sizes} cards; the rulebook says "
                         f"{BAND_SIZES}")
    return StandInDeck(Deck(tuple(cards)), label, band, effect_of, counts_of)


DECK = load_deck()
NAME_BY_LOWER = {name.lower(): name for name in DECK.effect_of}


def read_name(text: str) -> str | None:
    """The card name written in ``text`` (any case), or None."""
    return NAME_BY_LOWER.get(" ".join(str(text).split()).lower())
