"""Cards as individuals: every physical card has a stable id, even two identical ones."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.

    ``label`` is what is printed on it and what the move notation uses ("100K",
    "Opknappertje"); identical cards share a label but never an id.
    """

    id: str
    kind: str
    label: str
    value: int = 0
    name: str = ""

    def face(self) -> dict:
        """The card as a seat that can see it would describe it."""
        return {"id": self.id, "kind": self.kind, "label": self.label,
                "value": self.value, "name": self.name or self.label}


@dataclass(frozen=True)
class Deck:
    """All the cards a game can use, in a fixed order."""

    cards: tuple[Card, ...]
    by_id: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        by_id = {c.id: c for c in self.cards}
        if len(by_id) != len(self.cards):
            raise ValueError("two cards in the deck share an id")
        object.__setattr__(self, "by_id", by_id)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def labels(self) -> set[str]:
        return {c.label for c in self.cards}
