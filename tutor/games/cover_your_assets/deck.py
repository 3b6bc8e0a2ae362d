"""Cover Your Assets' cards: both editions, read from ``cards.yaml`` (CYA-1.1, CYA-1.2).

The card lists live in a data file so that a teacher with the physical game can correct
a count or a value without touching code. Each edition becomes an :class:`Edition`: its
:class:`~tutor.core.cards.Deck` plus lookup tables by card id. Card ids are the card's
name in lower case with underscores and a copy number (``jewels.3``, ``gold.1``).

Amounts are whole dollars; :func:`money` writes them as on the cards: ``$12,000``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutor.core.cards import Card, Deck
from tutor.core.datafile import read_yaml

CARDS_FILE = Path(__file__).with_name("cards.yaml")
ASSET, WILD, ADVANCED = "asset", "wild", "advanced"
KINDS = (ASSET, WILD, ADVANCED)
DEFAULT_EDITION = "current"


def money(value: int) -> str:
    """12000 -> '$12,000'."""
    return f"${value:,}"


def card_id(name: str, copy: int) -> str:
    return f"{'_'.join(name.lower().split())}.{copy}"


@dataclass(frozen=True)
class Edition:
    """One edition's cards and what the engine looks up about them."""

    name: str
    title: str
    deck: Deck
    value: dict = field(repr=False)        # card id -> dollars
    label: dict = field(repr=False)        # card id -> name on the card
    kind: dict = field(repr=False)         # card id -> asset, wild or advanced
    value_of: dict = field(repr=False)     # name -> dollars
    kind_of: dict = field(repr=False)      # name -> kind
    copies_of: dict = field(repr=False)    # name -> number of copies

    @property
    def assets(self) -> tuple[str, ...]:
        return tuple(n for n, k in self.kind_of.items() if k == ASSET)

    @property
    def wilds(self) -> tuple[str, ...]:
        return tuple(n for n, k in self.kind_of.items() if k == WILD)

    def in_play(self) -> list[str]:
        """The ids of the cards the classic rules use (everything but the advanced ones)."""
        return [c.id for c in self.deck if c.kind != ADVANCED]

    def is_wild(self, name: str) -> bool:
        return self.kind_of.get(name) == WILD


def _edition(name: str, entry: dict) -> Edition:
    where = f"{CARDS_FILE.name}: edition {name!r}"
    cards, value_of, kind_of, copies_of = [], {}, {}, {}
    for row in entry["cards"]:
        label, kind, copies, value = row["name"], row["kind"], row["copies"], row["value"]
        if kind not in KINDS:
            raise ValueError(f"{where}: {label} has kind {kind!r}; the kinds are "
                             f"{', '.join(KINDS)}")
        if label in kind_of:
            raise ValueError(f"{where}: {label} is listed twice")
        if not isinstance(copies, int) or copies < 1:
            raise ValueError(f"{where}: {label} needs a whole number of copies, not {copies!r}")
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"{where}: {label} needs a value in whole dollars, not {value!r}")
        value_of[label], kind_of[label], copies_of[label] = value, kind, copies
        shown = f"{label} ({money(value)})" if kind != ADVANCED else f"{label} (advanced card)"
        cards += [Card(card_id(label, n), kind, label, value, shown)
                  for n in range(1, copies + 1)]
    if WILD not in kind_of.values() or ASSET not in kind_of.values():
        raise ValueError(f"{where}: an edition needs assets and wilds")
    deck = Deck(tuple(cards))
    return Edition(name, entry.get("title", name), deck,
                   {c.id: c.value for c in deck}, {c.id: c.label for c in deck},
                   {c.id: c.kind for c in deck}, value_of, kind_of, copies_of)


def load_editions(path: Path = CARDS_FILE) -> dict[str, Edition]:
    doc = read_yaml(Path(path))
    return {name: _edition(name, entry) for name, entry in doc["editions"].items()}


def _kinds_of_names(editions: dict[str, Edition]) -> dict[str, str]:
    """Every card name of every edition -> its kind. A name must mean the same kind of
    card in every edition, so that moves read the same whatever the deck."""
    kinds: dict[str, str] = {}
    for edition in editions.values():
        for name, kind in edition.kind_of.items():
            if kinds.setdefault(name, kind) != kind:
                raise ValueError(f"{CARDS_FILE.name}: {name} is an {kind} in one edition "
                                 f"and an {kinds[name]} in another")
    return kinds


EDITIONS = load_editions()
KIND_OF_NAME = _kinds_of_names(EDITIONS)
# Card names looked up without case (the data file spells a name alike in every edition).
NAME_BY_LOWER = {name.lower(): name for name in KIND_OF_NAME}


def read_name(text: str) -> str | None:
    """The card name written in ``text`` (any case), or None."""
    return NAME_BY_LOWER.get(" ".join(str(text).split()).lower())


def name_order(name: str) -> tuple:
    """Canonical order of cards in a move: assets first, then wilds (as in a set, CYA-3.4)."""
    return (KIND_OF_NAME.get(name) == WILD, name)


def article(name: str) -> str:
    """'a Piano', 'an Antique' (for sentences)."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
