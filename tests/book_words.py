"""A shipped example as if its file gave no seat its own narration, for the tests of
what a seat reads where the book's words name a card it cannot see."""

from __future__ import annotations

from dataclasses import replace

from tutor.session import Walkthrough


def without_own_narration(book: Walkthrough) -> Walkthrough:
    """``book`` with every ``say_for`` and ``intro_for`` dropped: where the book's words
    show a seat a card it cannot see, the seat then reads the engine's account. The
    shipped examples give such seats their own words, which would hide that fallback."""
    book.scenario = replace(book.scenario, intro_for={})
    book.steps = tuple(replace(step, say_for={}) for step in book.steps)
    return book
