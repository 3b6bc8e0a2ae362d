"""What the app needs from each game's view module, in one table: the table's HTML, the
move composer, the chart's columns, the units its scores are written in, and what a move
completed ("last trick") for the table to keep in view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from widgets import bargain_hunter, cover_your_assets, sell_me_a_sasquatch, sneaky_bastard
from widgets import sneaky_snakes


def thousands(value) -> str:
    return f"{value}K" if isinstance(value, int) else str(value)


def dollars(value) -> str:
    return f"${value:,}" if isinstance(value, int) else str(value)


@dataclass(frozen=True)
class GameView:
    """What the app needs from a game's view module."""

    table: Callable[[dict], str]      # a per-seat view -> the table as HTML
    composer: type                    # a widgets.composer.Composer subclass
    chart_title: str
    chart_columns: tuple[str, ...]    # scoreboard columns drawn per player over the moves
    chart_by: Callable | None = None  # state -> x value (e.g. the round); None: each move
    chart_x_title: str = "move"
    units: dict[str, Callable] = field(default_factory=dict)  # score column -> its format
    # (view before, view after, move) -> HTML of what the move completed, which the table
    # (called as table(view, that HTML)) keeps in view as "last trick" until the next
    # step; None where the move's events say it all.
    last: Callable[[dict, dict, object], str] | None = None


GAME_VIEWS = {
    "sneaky_bastard": GameView(sneaky_bastard.table_html, sneaky_bastard.SneakyBastardComposer,
                               "Money and house value (K)", ("money", "house value"),
                               units={"money": thousands, "house value": thousands}),
    "bargain_hunter": GameView(bargain_hunter.table_html,
                               bargain_hunter.BargainHunterComposer,
                               "Score at the end of each round (bargain minus junk cards)",
                               ("score",), lambda state: state.data["round"], "round",
                               last=bargain_hunter.last_trick_html),
    "cover_your_assets": GameView(cover_your_assets.table_html,
                                  cover_your_assets.CoverYourAssetsComposer,
                                  "Stack value ($)", ("stack value",),
                                  units={"stack value": dollars, "total": dollars}),
    "sell_me_a_sasquatch": GameView(sell_me_a_sasquatch.table_html,
                                    sell_me_a_sasquatch.SellMeASasquatchComposer,
                                    "Point tokens", ("point tokens",)),
    "sneaky_snakes": GameView(sneaky_snakes.table_html, sneaky_snakes.SneakySnakesComposer,
                              "Cards in hand (the most cards win)", ("cards in hand",)),
}
