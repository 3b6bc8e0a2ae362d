"""The generic engine core. It never imports a particular game: games import it. Beside the
engine contract (game.py, state.py, views.py...) it holds what a game declares (spec.py),
how the games are found (registry.py, through entry points), and the bases a game's bot
and quiz build on (bots.py, questions.py)."""

from tutor.core.cards import Card, Deck
from tutor.core.game import (Event, Game, IllegalMove, NotationError, Outcome, Rejection,
                             SetupError)
from tutor.core.match import Match, Ply
from tutor.core.rng import Rng
from tutor.core.rules import Clause, Rules
from tutor.core.state import State, Visibility, seat_zone, zone_owner
from tutor.core.views import view

__all__ = ["Card", "Clause", "Deck", "Event", "Game", "IllegalMove", "Match", "NotationError",
           "Outcome", "Ply", "Rejection", "Rng", "Rules", "SetupError", "State", "Visibility",
           "seat_zone", "view", "zone_owner"]
