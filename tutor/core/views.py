"""What one seat sees of a state: the all-seeing state with every hidden face removed.

A hidden card becomes ``{"hidden": True}``: no id, no label, nothing that tells two
hidden cards apart, so a view can be sent to a browser without leaking a secret.
"""

from __future__ import annotations

from tutor.core.game import Game
from tutor.core.state import State

HIDDEN_CARD = {"hidden": True}


def view(game: Game, state: State, seat: int | None) -> dict:
    """The state as ``seat`` sees it; ``seat=None`` is the all-seeing teacher's view."""
    deck = game.deck(state.options)
    zones = {}
    for name, cards in state.zones.items():
        zones[name] = [deck[cid].face() if game.can_see(state, name, i, seat)
                       else dict(HIDDEN_CARD) for i, cid in enumerate(cards)]
    return {"game": state.game, "players": list(state.players), "seat": seat,
            "to_act": list(game.to_act(state)), "zones": zones,
            "data": game.public_data(state, seat)}


def hidden_card_ids(game: Game, state: State, seat: int) -> set[str]:
    """The ids of the cards whose faces ``seat`` does not see."""
    return {cid for name, cards in state.zones.items() for i, cid in enumerate(cards)
            if not game.can_see(state, name, i, seat)}
