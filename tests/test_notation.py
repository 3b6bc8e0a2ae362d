"""Sneaky Bastard's move notation: parse and format round trip, clear errors."""

import pytest

from tutor.core.game import NotationError
from tutor.games.sneaky_bastard import Bid, Pass, PlaySneaky, Wait
from tutor.games.sneaky_bastard.moves import format_move, parse


@pytest.mark.parametrize("text, move", [
    ("bid 100K", Bid(("100K",))),
    ("bid Opknappertje+100K", Bid(("100K", "Opknappertje"))),
    ("sneaky", PlaySneaky(())),
    ("sneaky 25K+10K", PlaySneaky(("10K", "25K"))),
    ("pass", Pass()),
    ("wait", Wait()),
    ("bid", Bid(())),
])
def test_canonical_texts_round_trip(text, move):
    assert parse(text) == move
    assert format_move(move) == text


def test_reading_is_forgiving_about_case_spaces_and_house_prices():
    assert parse("  BID  house 350k + 100k ") == parse("bid Opknappertje+100K")
    assert format_move(parse("bid huis  aan zee")) == "bid Huis aan zee"
    assert format_move(parse("bid house 600K")) == "bid House 600K"
    # A bid of nothing is a move the rules refuse (SB-3.2), not a misspelling.
    assert parse("bid 0K") == parse("bid 0") == parse("bid") == Bid(())


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("buy", "unknown move 'buy'"),
    ("bid 7K", "no card called '7K'"),
    ("bid 10K++25K", "empty card name"),
    ("bid Sneaky Bastard", "played with 'sneaky'"),
    ("pass 10K", "'pass' takes no cards"),
])
def test_unreadable_moves_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse(text)
