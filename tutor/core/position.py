"""Reading a scenario's ``setup`` map: a stated position instead of a shuffled deal.

Every game lets a scenario start from a position written with player names and card
labels. The reading is the same everywhere: names become seats, labels become card ids
that are still free (so every card of the deck is placed at most once, and whatever is
left over is dealt or shuffled by the game), and every error names the setup key, the
player and the card, so an author can find the line.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

from tutor.core.game import SetupError
from tutor.core.wording import plain_value


def check_setup_keys(setup: Mapping, keys: Iterable[str]) -> None:
    """Refuse a setup key the game does not know, naming the keys it does."""
    keys = set(keys)
    unknown = set(setup) - keys
    if unknown:
        raise SetupError(f"setup: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                         f"the keys are {', '.join(sorted(keys))}")


def draw_and_discard(draw_size, draw_top: list[str], discard_top: list[str],
                     rest: list[str], least: int | None = None,
                     reason: str = "") -> tuple[list[str], list[str]]:
    """The draw pile and the discard pile of a stated position (bottom first).

    ``draw_top`` and ``discard_top`` are the cards the setup names on top of each pile,
    top first; ``rest`` the cards left over, shuffled. The rest go under the draw
    pile, unless the setup's ``draw_size`` says how many cards the draw pile holds:
    then the cards that do not fit go under the discard pile. ``draw_size`` must be a
    number from ``least`` (by default the cards named in draw; ``reason`` says why a
    game wants more) to all the cards there are; SetupError otherwise."""
    below = []
    if draw_size is not None:
        high = len(draw_top) + len(rest)
        low = len(draw_top) if least is None else least
        if not isinstance(draw_size, int) or isinstance(draw_size, bool) or \
                not low <= draw_size <= high:
            bounds = f"{low} to {high} ({reason})" if reason else \
                f"{low} (the cards named in draw) to {high} (the cards left)"
            raise SetupError(f"setup.draw_size: expected a number from {bounds}, "
                             f"got {draw_size!r}")
        keep = draw_size - len(draw_top)
        below, rest = rest[:len(rest) - keep], rest[len(rest) - keep:]
    return rest + draw_top[::-1], below + discard_top[::-1]


class Position:
    """The cards a setup places, taken one by one from a deck.

    ``cards`` are the card ids in play, in deck order; ``label_of`` maps an id to the
    label authors write; ``read_label`` turns what an author wrote into a label, or None
    when there is no such card. Games add their own checks by subclassing (a card that
    is not in this edition, a set that is not a set).
    """

    deck_name = "the deck"
    """How errors name the deck: 'no Giant card is left: the deck has 4 ...'."""
    deck_rule = ""
    """The rule id that says which cards are in play, cited when a card runs out."""

    def __init__(self, players: Iterable[str], setup: dict, cards: Iterable[str],
                 label_of: Mapping[str, str], read_label: Callable[[object], str | None]):
        self.players = tuple(players)
        self.setup = setup
        self.order = list(cards)
        self.free = set(self.order)
        self.label_of = label_of
        self.read_label = read_label

    def seat_of(self, name, where: str) -> int:
        """The seat of a player named in the setup."""
        if name not in self.players:
            raise SetupError(f"setup.{where}: {name!r} is not a player "
                             f"(players: {', '.join(self.players)})")
        return self.players.index(name)

    def per_player(self, key: str, holding: str = "cards") -> dict[int, object]:
        """``setup[key]`` as seat -> value, for keys written as a map from player name."""
        value = self.setup.get(key) or {}
        if not isinstance(value, dict):
            raise SetupError(f"setup.{key}: expected a map from player name to {holding}")
        return {self.seat_of(name, f"{key}.{name}"): held for name, held in value.items()}

    @staticmethod
    def card_list(value, where: str) -> list:
        """A list of card labels; one label alone counts as a list of one."""
        if value is None:
            return []
        if isinstance(value, str):
            return [value]
        if not isinstance(value, list):
            raise SetupError(f"setup.{where}: expected a list of cards (their names), not "
                             f"{plain_value(value)}")
        return value

    def unknown_card(self, text) -> str:
        """The sentence for a label that names no card of this deck."""
        return f"there is no card called {text!r}"

    def take(self, text, where: str) -> str:
        """The id of a free card with the label ``text``; it is no longer free."""
        if not isinstance(text, (str, int)) or isinstance(text, bool):
            raise SetupError(f"setup.{where}: each card is written as its name (a text), "
                             f"but one is {plain_value(text)}")
        label = self.read_label(text)
        if label is None:
            raise SetupError(f"setup.{where}: {self.unknown_card(text)}")
        for cid in self.order:
            if cid in self.free and self.label_of[cid] == label:
                self.free.discard(cid)
                return cid
        count = sum(1 for cid in self.order if self.label_of[cid] == label)
        rule = f" ({self.deck_rule})" if self.deck_rule else ""
        raise SetupError(f"setup.{where}: no {label} card is left: {self.deck_name} has "
                         f"{count} and all are placed{rule}")

    def take_cards(self, value, where: str) -> list[str]:
        """The ids for a list of labels written at ``where``."""
        return [self.take(text, where) for text in self.card_list(value, where)]

    def hands(self, hand_size: int, rule: str) -> dict[int, list[str]]:
        """The hands the setup states (``hands: {name: [labels]}``), seat -> card ids;
        a hand of more than ``hand_size`` cards is refused, citing ``rule``."""
        taken = {}
        for seat, labels in self.per_player("hands").items():
            where = f"hands.{self.players[seat]}"
            labels = self.card_list(labels, where)
            if len(labels) > hand_size:
                raise SetupError(f"setup.{where}: a hand holds at most {hand_size} cards "
                                 f"({rule}), not {len(labels)}")
            taken[seat] = [self.take(label, where) for label in labels]
        return taken

    def free_cards(self) -> list[str]:
        """The cards nobody placed, in deck order: the game deals or shuffles these."""
        return [cid for cid in self.order if cid in self.free]
