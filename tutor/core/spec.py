"""A game's one declaration: what the rest of the tutor needs to know about it.

Each game package declares one :class:`GameSpec` (by convention ``SPEC`` in its
``spec.py``) and names it under the entry point group ``rulebook_tutor.games`` of its
distribution (see :mod:`tutor.core.registry`). Nothing else lists the games: the CLI, the
bots, the quizzes, the app, the gallery and the tests ask the registry.

A spec is small and immutable. Its id and title come from the game class; the player
counts are the game's own (``Game.player_counts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from tutor.core.game import Game


# eq=False: a spec is one object per game, hashed and compared by identity (its quiz and
# options are read-only mappings, which do not hash).
@dataclass(frozen=True, eq=False)
class GameSpec:
    """One game: its engine class, its heuristic bot, its quiz kinds, and the option
    values a test or a recording should sample.

    ``game`` is the :class:`~tutor.core.game.Game` subclass (built once, on first use);
    ``bot`` the heuristic bot class (a :class:`tutor.core.bots.Bot`, called with a seed),
    or None where the game has only the random bot; ``quiz`` maps each question kind to
    its generator (see :mod:`tutor.core.questions`), ``told_by_open_table`` the kinds
    the all-seeing table answers by itself; ``sample_options`` maps an option
    name to the values worth playing every combination of (the first is the default
    reading). The game's rules, glossary, worked examples (``scenarios/``) and their
    teaching order (``examples.yaml``) lie in :attr:`home`, beside its ``rules.yaml``."""

    game: type[Game]
    bot: type | None = None
    quiz: Mapping = field(default_factory=dict)
    sample_options: Mapping[str, tuple] = field(default_factory=dict)
    # Question kinds the all-seeing table answers by itself (its labels tell, as Sneaky
    # Snakes' "seen by all but Bob" does): asked on a seat's page only.
    told_by_open_table: frozenset[str] = frozenset()

    def __post_init__(self):
        if not (isinstance(self.game, type) and issubclass(self.game, Game)):
            raise TypeError(f"a game spec needs a Game subclass, not {self.game!r}")
        if not self.game.id:
            raise ValueError(f"{self.game.__name__} has no id")
        if self.game.rules_path is None:
            raise ValueError(f"{self.game.__name__} has no rules_path: a game's rules, "
                             f"glossary and examples lie beside its rules.yaml")
        # Read-only copies: a spec is shared by every caller.
        object.__setattr__(self, "quiz", MappingProxyType(dict(self.quiz)))
        object.__setattr__(self, "told_by_open_table", frozenset(self.told_by_open_table))
        object.__setattr__(self, "sample_options", MappingProxyType(
            {name: tuple(values) for name, values in self.sample_options.items()}))

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title or self.game.id

    @property
    def home(self) -> Path:
        """The folder of the game's data: rules.yaml, glossary.yaml, examples.yaml and
        the worked examples in ``scenarios/``."""
        return Path(self.game.rules_path).parent

    @property
    def scenario_dir(self) -> Path:
        return self.home / "scenarios"

    def option_sets(self) -> list[dict]:
        """Every combination of the sampled option values ([{}] for a game with none)."""
        sets: list[dict] = [{}]
        for name, values in self.sample_options.items():
            sets = [dict(chosen, **{name: value}) for chosen in sets for value in values]
        return sets
