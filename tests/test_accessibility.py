"""Readable for every learner: text on cards has enough contrast (WCAG's 4.5:1 for
normal text) and no text the app draws is smaller than 12 px."""

import re

import pytest

from tutor.games import game_ids
from tutor.games.bargain_hunter.deck import COLOURS
from widgets.table.cards import STYLE
from widgets.pages.gallery import GALLERY_STYLE
from widgets.games import game_view
from widgets.app.layout import LAYOUT_STYLE

# Each game's own style rules (its view's css), beside the shared ones.
GAME_CSS = [pytest.param(game_view(game_id).css, id=game_id) for game_id in game_ids()]


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_matches_known_pairs():
    assert contrast("#FFFFFF", "#000000") == pytest.approx(21)
    assert contrast("#FFFFFF", "#009E73") == pytest.approx(3.4, abs=0.05)  # the old green


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.name)
def test_bargain_hunter_card_text_stands_out_from_its_colour(colour):
    assert contrast(colour.hex, colour.ink) >= 4.5


@pytest.mark.parametrize("css", [STYLE, LAYOUT_STYLE, GALLERY_STYLE],
                         ids=["cards", "layout", "gallery"])
def test_no_text_is_set_below_12_px(css):
    sizes = [int(size) for size in re.findall(r"font-size:\s*(\d+)px", css)]
    assert sizes and min(size for size in sizes if size) >= 12


@pytest.mark.parametrize("css", GAME_CSS)
def test_no_game_sets_its_text_below_12_px(css):
    sizes = [int(size) for size in re.findall(r"font-size:\s*(\d+)px", css)]
    assert all(size >= 12 for size in sizes if size)


@pytest.mark.parametrize("css", [STYLE, LAYOUT_STYLE] + GAME_CSS)
def test_small_grey_text_is_dark_enough_on_white(css):
    """Every text colour the styles set is at least 4.5:1 on white."""
    for colour in re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b", css):
        if len(colour) == 4:
            colour = "#" + "".join(ch * 2 for ch in colour[1:])
        if colour.lower() in ("#ffffff",):
            continue   # white text sits on a dark badge
        assert contrast(colour, "#FFFFFF") >= 4.5, colour


def test_bargain_hunter_refusals_name_the_buttons_not_the_notation():
    """Every declaration a learner can press, for every card of the seat to act, over the
    tricks of seeded random games: the composer's words for each refusal tell which
    buttons to press, never a move to type ("write 'play yellow 6 trump'")."""
    import random

    from tutor import get_game
    from tutor.games.bargain_hunter.moves import HIGHER, LOWER, Play
    from widgets.games.bargain_hunter import BargainHunterComposer

    game = get_game("bargain_hunter")
    composer = BargainHunterComposer(lambda move: None, lambda move: None, lambda move: [])
    told, notation = set(), []
    for seed in range(6):
        chooser = random.Random(seed)
        state = game.new_state(tuple(f"P{i + 1}" for i in range(3 + seed % 2)), seed=seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if state.data["phase"] == "hunt":
                playable = {m.card for m in game.legal_moves(state, seat)
                            if isinstance(m, Play)}
                for card in playable:
                    for trump in (None, True, False):
                        for order in (None, HIGHER, LOWER):
                            rejection = game.check(state, seat, Play(card, trump, order))
                            if rejection is not None:
                                words = composer.reason_words(rejection)
                                told.add(rejection.rule)
                                if re.search(r"write '|leave out '|as in 'play", words):
                                    notation.append(words)
            state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    # The sweep met the declaration rules it is about, and none was told as notation.
    assert {"BH-3.4", "BH-3.5", "BH-3.7"} <= told
    assert notation == []
