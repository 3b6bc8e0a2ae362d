"""The shared reader of setup positions: every game's scenario files go through it."""

import pytest

from tutor.core import SetupError
from tutor.core.position import Position

LABEL = {"a1": "Apple", "a2": "Apple", "b1": "Pear"}


def reader(setup=None):
    return Position(("Ann", "Bob"), setup or {}, ["a1", "a2", "b1"], LABEL,
                    lambda text: {"apple": "Apple", "pear": "Pear"}.get(str(text).lower()))


def test_cards_are_taken_in_deck_order_and_leave_the_rest_free():
    position = reader()
    assert position.take_cards(["apple", "Pear"], "hands.Ann") == ["a1", "b1"]
    assert position.free_cards() == ["a2"]


def test_a_card_placed_too_often_names_the_key_and_the_count():
    position = reader()
    position.take_cards(["Apple", "Apple"], "hands.Ann")
    with pytest.raises(SetupError, match=r"^setup.discard: no Apple card is left: the deck "
                                         r"has 2 and all are placed$"):
        position.take("Apple", "discard")


def test_an_unknown_card_and_an_unknown_player_are_named():
    position = reader({"hands": {"Cleo": ["Apple"]}})
    with pytest.raises(SetupError, match=r"setup.draw: there is no card called 'Plum'"):
        position.take("Plum", "draw")
    with pytest.raises(SetupError, match=r"setup.hands.Cleo: 'Cleo' is not a player "
                                         r"\(players: Ann, Bob\)"):
        position.per_player("hands")


def test_one_label_alone_is_a_list_of_one_and_other_shapes_are_refused():
    position = reader({"tokens": [1, 2]})
    assert position.take_cards("Pear", "draw") == ["b1"]
    with pytest.raises(SetupError,
                       match=r"setup.trash: expected a list of cards \(their names\), not 3"):
        position.card_list(3, "trash")
    with pytest.raises(SetupError, match=r"setup.tokens: expected a map from player name "
                                         r"to a number"):
        position.per_player("tokens", "a number")
