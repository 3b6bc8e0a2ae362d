"""Which games there are, found by discovery: no game is named here.

A distribution declares its games under the entry point group :data:`GROUP`, one entry
per game, the name being the game's id and the value its spec::

    [project.entry-points."rulebook_tutor.games"]
    sneaky_bastard = "tutor.games.sneaky_bastard.spec:SPEC"

so a game can ship in a package of its own. Listing the games (:func:`game_ids`) reads
only the installed metadata; a game's modules are imported when its spec is first asked
for, and its :class:`~tutor.core.game.Game` is built once, on first use. :data:`GAMES`
is a read-only mapping id -> game built the same lazy way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from importlib.metadata import EntryPoint, distributions

from tutor.core.game import Game
from tutor.core.spec import GameSpec

GROUP = "rulebook_tutor.games"


@cache
def declared(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by name, from every distribution on ``sys.path``, in
    path order; for a name declared twice the first wins, as for an import. Every copy of
    a distribution's metadata is read, not only the first: a source folder run from its
    root holds the ``*.egg-info`` an editable install left there, which may be older
    than the installed metadata."""
    found: dict[str, EntryPoint] = {}
    for distribution in distributions():
        for entry in distribution.entry_points.select(group=group):
            found.setdefault(entry.name, entry)
    return found


def _entries() -> dict[str, EntryPoint]:
    return declared(GROUP)


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game (no game module is imported)."""
    return tuple(_entries())


def _unknown(game_id: str) -> KeyError:
    return KeyError(f"unknown game {game_id!r}; the games are: "
                    f"{', '.join(sorted(game_ids()))}")


def spec(game_id: str) -> GameSpec:
    """The spec a game declares; KeyError naming the games for an unknown id."""
    entry = _entries().get(game_id)
    if entry is None:
        raise _unknown(game_id)
    return _load(entry)


@cache
def _load(entry: EntryPoint) -> GameSpec:
    declared_spec = entry.load()
    if not isinstance(declared_spec, GameSpec):
        raise TypeError(f"the entry point {entry.name} = {entry.value} of group {GROUP} "
                        f"names {type(declared_spec).__name__}, not a GameSpec")
    if declared_spec.id != entry.name:
        raise ValueError(f"the entry point {entry.name} = {entry.value} names the spec of "
                         f"{declared_spec.id!r}: the entry's name must be the game's id")
    return declared_spec


def get_game(game_id: str) -> Game:
    """The game with this id, built once; KeyError naming the games for an unknown id."""
    return _built(spec(game_id))


@cache
def _built(game_spec: GameSpec) -> Game:
    return game_spec.game()


def refresh() -> None:
    """Read the installed metadata again on the next call (after a distribution was added
    to or removed from ``sys.path``). Games already built stay as they are."""
    declared.cache_clear()


class _Games(Mapping):
    """id -> :class:`Game`, for every registered game; a game is built on first use."""

    def __getitem__(self, game_id: str) -> Game:
        return get_game(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())

    def __contains__(self, game_id) -> bool:
        return game_id in _entries()

    def __repr__(self) -> str:
        return f"<registered games: {', '.join(game_ids())}>"


GAMES: Mapping[str, Game] = _Games()
