"""Sell Me a Sasquatch's cards, read from ``cards.yaml`` (SQ-1.2, SQ-R1).

The card list lives in a data file so that a teacher with the physical game can correct
a count without touching code. Card ids are the card's name in lower case with
underscores and a copy number (``tiny.3``, ``loan_shark.10``); the label is the name
on the card ("Tiny", "Loan Shark", "Detrital Repositioner"). A card's ``value`` is the
size of a complete set of it (0 for Thingamabobs).
"""

from __future__ import annotations

from pathlib import Path

from tutor.core.cards import Card, Deck
from tutor.core.datafile import read_yaml

CARDS_FILE = Path(__file__).with_name("cards.yaml")
CREATURE, NASTY, THINGAMABOB = "creature", "nasty", "thingamabob"
KINDS = (CREATURE, NASTY, THINGAMABOB)
DECK_SIZE = 120


def card_id(name: str, copy: int) -> str:
    return f"{'_'.join(name.lower().split())}.{copy}"


def _load(path: Path = CARDS_FILE):
    doc = read_yaml(Path(path))
    cards, kind_of, set_of, copies_of, effect_of = [], {}, {}, {}, {}
    for row in doc["cards"]:
        name, kind, copies = row["name"], row["kind"], row["copies"]
        where = f"{CARDS_FILE.name}: {name}"
        if kind not in KINDS:
            raise ValueError(f"{where} has kind {kind!r}; the kinds are {', '.join(KINDS)}")
        if name in kind_of:
            raise ValueError(f"{where} is listed twice")
        if not isinstance(copies, int) or copies < 1:
            raise ValueError(f"{where} needs a whole number of copies, not {copies!r}")
        size = row.get("set", 0)
        if kind != THINGAMABOB and (not isinstance(size, int) or size < 1):
            raise ValueError(f"{where} needs the size of a complete set, not {size!r}")
        kind_of[name], set_of[name], copies_of[name] = kind, size, copies
        effect_of[name] = row.get("effect", "")
        shown = f"{name} ({kind})" if kind != CREATURE else f"{name} creature"
        cards += [Card(card_id(name, n), kind, name, size, shown)
                  for n in range(1, copies + 1)]
    deck = Deck(tuple(cards))
    if len(deck) != DECK_SIZE:
        raise ValueError(f"{CARDS_FILE.name}: the deck holds {len(deck)} cards, not "
                         f"{DECK_SIZE} (SQ-1.2)")
    return deck, kind_of, set_of, copies_of, effect_of


DECK, KIND_OF, SET_SIZE, COPIES, EFFECT = _load()
LABEL = {c.id: c.label for c in DECK}
CREATURES = tuple(n for n, k in KIND_OF.items() if k == CREATURE)
NASTIES = tuple(n for n, k in KIND_OF.items() if k == NASTY)
THINGAMABOBS = tuple(n for n, k in KIND_OF.items() if k == THINGAMABOB)
NAME_BY_LOWER = {name.lower(): name for name in KIND_OF}
ORDER = {name: index for index, name in enumerate(KIND_OF)}


def read_name(text: str) -> str | None:
    """The card name written in ``text`` (any case, any spacing), or None."""
    return NAME_BY_LOWER.get(" ".join(str(text).split()).lower())


def name_order(name: str) -> int:
    """Canonical order of card names: as listed in the data file."""
    return ORDER.get(name, len(ORDER))


def article(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
