"""Each game's view in the app, one module per game, each declaring one :class:`GameView`
(``VIEW``): the table's HTML, the move composer, the chart, the units its scores are
written in, what a move completed ("last trick") for the table to keep in view, the
game's own CSS and the words for its zones.

No game is named here: a view is found through the entry point group :data:`VIEW_GROUP`
(the name is the game's id, the value the module's ``VIEW``), the way
:mod:`tutor.core.registry` finds the games, so a game shipped as a package of its own
brings its view along.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tutor.core.registry import declared

VIEW_GROUP = "rulebook_tutor.views"


def thousands(value) -> str:
    return f"{value}K" if isinstance(value, int) else str(value)


def dollars(value) -> str:
    return f"${value:,}" if isinstance(value, int) else str(value)


@dataclass(frozen=True)
class GameView:
    """What the app needs from a game's view module."""

    table: Callable[[dict], str]      # a per-seat view -> the table as HTML
    composer: type                    # a widgets.table.composer.Composer subclass
    chart_title: str
    chart_columns: tuple[str, ...]    # scoreboard columns drawn per player over the moves
    chart_by: Callable | None = None  # state -> x value (e.g. the round); None: each move
    chart_x_title: str = "move"
    units: Mapping[str, Callable] = field(default_factory=dict)  # score column -> format
    # (view before, view after, move) -> HTML of what the move completed, which the table
    # (called as table(view, that HTML)) keeps in view as "last trick" until the next
    # step; None where the move's events say it all.
    last: Callable[[dict, dict, object], str] | None = None
    # The game's own style rules (a <style> element), added after the shared card style
    # (widgets.table.cards.STYLE) wherever its table is drawn.
    css: str = ""
    # Zone kind (the part of a zone's name before ':') -> words for "Frank's ..." and
    # "the ...", for the zones this game adds to the shared ones (widgets.table.changes).
    zone_words: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "units", MappingProxyType(dict(self.units)))
        object.__setattr__(self, "zone_words", MappingProxyType(dict(self.zone_words)))


def game_view(game_id: str) -> GameView:
    """The view a game declares; KeyError saying which entry is missing."""
    entry = declared(VIEW_GROUP).get(game_id)
    if entry is None:
        raise KeyError(f"no view for the game {game_id!r}: its distribution declares none "
                       f"under the entry point group {VIEW_GROUP} (views exist for: "
                       f"{', '.join(sorted(declared(VIEW_GROUP))) or 'none'})")
    found = entry.load()
    if not isinstance(found, GameView):
        raise TypeError(f"the entry point {game_id} = {entry.value} of group {VIEW_GROUP} "
                        f"names {type(found).__name__}, not a GameView")
    return found

