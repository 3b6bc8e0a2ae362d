"""Sneaky Bastard's cards and starting money (SB-1.1, SB-1.2, SB-8.1).

Amounts are whole thousands throughout: 550 means 550K.
"""

from __future__ import annotations

from tutor.core.cards import Card, Deck

MONEY_COPIES = {10: 12, 25: 12, 100: 12, 250: 9, 500: 6}
HOUSE_PRICES = tuple(range(50, 851, 50))
# Only three house names are known from the rulebook (ruling SB-R10).
HOUSE_NAMES = {150: "Studentenkamer", 350: "Opknappertje", 400: "Huis aan zee"}
CHARACTERS = 6
SNEAKY_PER_CHARACTER = 2
SNEAKY_LABEL = "Sneaky Bastard"

# Starting money per player count: face value -> number of cards.
STARTING_MONEY = {
    2: {500: 2, 250: 4, 100: 5, 25: 5, 10: 4},
    3: {500: 2, 250: 3, 100: 4, 25: 4, 10: 3},
    4: {500: 1, 250: 2, 100: 3, 25: 3, 10: 2},
    5: {500: 1, 250: 1, 100: 2, 25: 2, 10: 2},
    6: {500: 1, 250: 1, 100: 2, 25: 2, 10: 2},
}


def amount(value: int) -> str:
    """550 -> '550K'."""
    return f"{value}K"


def house_label(price: int) -> str:
    return HOUSE_NAMES.get(price, f"House {price}K")


def sneaky_cards_per_player(num_players: int) -> int:
    """Two per player, four in the two-player game (SB-8.2)."""
    return 4 if num_players == 2 else SNEAKY_PER_CHARACTER


def _build() -> Deck:
    cards = []
    for value, copies in MONEY_COPIES.items():
        cards += [Card(f"m{value}.{n}", "money", amount(value), value)
                  for n in range(1, copies + 1)]
    for price in HOUSE_PRICES:
        label = house_label(price)
        name = f"{label} ({amount(price)})" if price in HOUSE_NAMES else label
        cards.append(Card(f"h{price}", "house", label, price, name))
    for character in range(1, CHARACTERS + 1):
        cards += [Card(f"s{character}.{n}", "sneaky", SNEAKY_LABEL, 0,
                       f"Sneaky Bastard (character {character})")
                  for n in range(1, SNEAKY_PER_CHARACTER + 1)]
    return Deck(tuple(cards))


DECK = _build()
VALUE = {c.id: c.value for c in DECK}
LABEL = {c.id: c.label for c in DECK}
KIND = {c.id: c.kind for c in DECK}
VALUE_OF_LABEL = {c.label: c.value for c in DECK}
LABEL_BY_LOWER = {c.label.lower(): c.label for c in DECK}
# "House 350K" also names the named houses, so a learner may write either.
LABEL_BY_LOWER.update({f"house {amount(p)}".lower(): house_label(p) for p in HOUSE_PRICES})


def read_label(text) -> str | None:
    """The card label a person wrote ("100k", "house 350K"), or None if there is none."""
    return LABEL_BY_LOWER.get(" ".join(str(text).split()).lower())


def label_order(label: str) -> tuple:
    """Canonical order of cards in a move: most valuable first, then by name."""
    return (-VALUE_OF_LABEL[label], label)
