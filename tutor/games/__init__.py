"""The games, one package each. Games never import each other."""

from pathlib import Path

from tutor.core.game import Game
from tutor.games.bargain_hunter import BargainHunter
from tutor.games.bargain_hunter.bot import BargainHunterBot
from tutor.games.cover_your_assets import CoverYourAssets
from tutor.games.cover_your_assets.bot import CoverYourAssetsBot
from tutor.games.sell_me_a_sasquatch import SellMeASasquatch
from tutor.games.sell_me_a_sasquatch.bot import SellMeASasquatchBot
from tutor.games.sneaky_bastard import SneakyBastard
from tutor.games.sneaky_bastard.bot import SneakyBastardBot
from tutor.games.sneaky_snakes import SneakySnakes
from tutor.games.sneaky_snakes.bot import SneakySnakesBot

GAMES: dict[str, Game] = {game.id: game for game in (SneakyBastard(), BargainHunter(),
                                                     CoverYourAssets(), SneakySnakes(),
                                                     SellMeASasquatch())}
# Each game's heuristic bot class (see tutor.bots.make_bot); a game may have none yet.
HEURISTIC_BOTS: dict[str, type] = {SneakyBastard.id: SneakyBastardBot,
                                   BargainHunter.id: BargainHunterBot,
                                   CoverYourAssets.id: CoverYourAssetsBot,
                                   SneakySnakes.id: SneakySnakesBot,
                                   SellMeASasquatch.id: SellMeASasquatchBot}


def get_game(game_id: str) -> Game:
    """The game with this id; the error lists the ids there are."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; the games are: "
                       f"{', '.join(sorted(GAMES))}") from None


def example_order(game_id: str) -> list[str]:
    """A game's worked examples (scenario file stems) in teaching order: the order in its
    ``examples.yaml``, then any scenario that file does not list, by name."""
    import yaml

    listed = yaml.safe_load((Path(__file__).parent / game_id / "examples.yaml")
                            .read_text(encoding="utf-8"))["order"]
    stems = sorted(path.stem for path in scenario_dir(game_id).glob("*.yaml"))
    return [s for s in listed if s in stems] + [s for s in stems if s not in listed]


# The tutor's scripted first game of every game (docs/scenario-format.md), listed first in
# its examples.yaml: a fresh deal, one round, then a jump to the end of a later game.
FIRST_GAME = "first_game"


def book_examples(game_id: str) -> list[str]:
    """The worked examples in teaching order without the scripted first game: the
    rulebook's own first, then the tutor's."""
    return [stem for stem in example_order(game_id) if stem != FIRST_GAME]


def scenario_dir(game_id: str) -> Path:
    """Where a game's worked examples live inside the package."""
    return Path(__file__).parent / game_id / "scenarios"
