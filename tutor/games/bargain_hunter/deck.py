"""Bargain Hunter's cards (BH-1.1) and the colours they come in (ruling BH-R9).

A card is an *item* (a number 1 to 9) in one of six colours, two copies of each, or one
of the two Irresistible Offers. The item is what players collect: matching goes by the
number, whatever the colour (BH-4.1). The colour only matters inside a trick.

Card ids read like the card: ``green7.1`` and ``green7.2`` are the two green 7s,
``offer.1`` and ``offer.2`` the Irresistible Offers. Labels ("green 7", "Irresistible
Offer") are what the move notation and the setup keys use.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.cards import Card, Deck


@dataclass(frozen=True)
class Colour:
    """One of the six card colours, as the app should draw it.

    ``symbol`` is printed beside the number so that the colour never has to be told by
    hue alone; ``hex`` is from the Okabe-Ito palette, whose eight colours stay distinct
    for the common kinds of colour blindness; ``ink`` is a readable text colour on it.
    """

    name: str
    symbol: str
    symbol_name: str
    hex: str
    ink: str


# The rulebook's examples name green, yellow, blue and red; purple and black complete
# the six (ruling BH-R9). Hex values: Okabe & Ito, "Color Universal Design" (2002).
COLOURS = (
    Colour("green", "\u25b2", "triangle", "#009E73", "#000000"),   # bluish green
    Colour("yellow", "\u25cf", "circle", "#F0E442", "#000000"),
    Colour("blue", "\u25c6", "diamond", "#0072B2", "#FFFFFF"),
    Colour("red", "\u25a0", "square", "#D55E00", "#000000"),       # vermillion
    Colour("purple", "\u2605", "star", "#CC79A7", "#000000"),      # reddish purple
    Colour("black", "\u271a", "cross", "#000000", "#FFFFFF"),
)
COLOUR_NAMES = tuple(c.name for c in COLOURS)
COLOUR_BY_NAME = {c.name: c for c in COLOURS}
ITEMS = tuple(range(1, 10))
COPIES = 2
OFFERS = 2
OFFER_LABEL = "Irresistible Offer"
ITEM, OFFER = "item", "offer"

# What some numbers show in the original art, as reviews name them; the other items are
# unknown, so cards are called by colour and number only (ruling BH-R13).
ITEM_NAMES = {3: "hair dryer", 6: "lamp", 8: "TV"}


def item_label(colour: str, number: int) -> str:
    return f"{colour} {number}"


def _build() -> Deck:
    cards = [Card(f"{colour}{number}.{copy}", ITEM, item_label(colour, number), number)
             for colour in COLOUR_NAMES for number in ITEMS
             for copy in range(1, COPIES + 1)]
    cards += [Card(f"offer.{copy}", OFFER, OFFER_LABEL, 0) for copy in range(1, OFFERS + 1)]
    return Deck(tuple(cards))


DECK = _build()
ALL_IDS = tuple(DECK.ids())
LABEL = {c.id: c.label for c in DECK}
KIND = {c.id: c.kind for c in DECK}
# An item card's number and colour; an Irresistible Offer has neither (None).
NUMBER = {c.id: (c.value if c.kind == ITEM else None) for c in DECK}
COLOUR = {c.id: (c.label.split()[0] if c.kind == ITEM else None) for c in DECK}
COLOUR_OF_LABEL = {c.label: COLOUR[c.id] for c in DECK}
NUMBER_OF_LABEL = {c.label: NUMBER[c.id] for c in DECK}
IDS_OF_LABEL: dict[str, tuple[str, ...]] = {}
for _card in DECK:
    IDS_OF_LABEL[_card.label] = IDS_OF_LABEL.get(_card.label, ()) + (_card.id,)
del _card

LABEL_BY_LOWER = {label.lower(): label for label in IDS_OF_LABEL}
# "offer" is short for an Irresistible Offer in the notation and in setups.
LABEL_BY_LOWER["offer"] = OFFER_LABEL


def read_label(text) -> str | None:
    """The card label a person wrote ("Green  7", "offer"), or None if there is none."""
    return LABEL_BY_LOWER.get(" ".join(str(text).split()).lower())


def label_order(label: str) -> tuple:
    """Sorting order of labels for lists: by colour as in COLOURS, then number; Offers last."""
    colour = COLOUR_OF_LABEL[label]
    if colour is None:
        return (len(COLOURS), 0)
    return (COLOUR_NAMES.index(colour), NUMBER_OF_LABEL[label])


CARD_HELP = (f"a card is a colour ({', '.join(COLOUR_NAMES)}) and a number 1 to 9, "
             f"like 'green 7', or 'offer' for an {OFFER_LABEL}")
