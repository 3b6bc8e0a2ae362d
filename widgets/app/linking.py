"""Links into the app and out of it: which example a link names (with free play's
player count and seed), noting in the link what in it cannot be used, and the link that
reopens what the app's model shows. Pure functions: the controller
(widgets.app.controller) applies what they find."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.game import Game
from widgets.app.model import AppModel
from widgets.app.modes import FREE_PLAY
from widgets.pages.links import FREE, Link


@dataclass(frozen=True)
class Opening:
    """What a link opens: an example's key or FREE_PLAY, and for free play the player
    count and seed it names (None: as they are)."""

    example: str
    players: int | None = None
    seed: int | None = None


def linked_example(link: Link, example: str | None, examples, game: Game) -> Opening:
    """What ``link`` opens among ``examples`` (else ``example``, else the first). What
    cannot be used is appended to ``link.notices``."""
    default = example or next(iter(examples), FREE_PLAY)
    if link.example is None:
        return Opening(default)
    if link.example != FREE:
        for name in ("players", "seed"):
            if getattr(link, name) is not None:
                link.notices.append(f"'{name}' is for free play only, so it was left out")
    if link.example == FREE:
        if link.step is not None:
            link.notices.append("free play has no steps, so 'step' was left out")
            link.step = None
        counts = game.player_counts
        players = link.players if link.players in counts else None
        if link.players is not None and players is None:
            link.notices.append(f"{game.title} is for {counts[0]} to {counts[-1]} players, "
                                f"not {link.players}")
        return Opening(FREE_PLAY, players, link.seed)
    if link.example in examples:
        return Opening(link.example)
    link.notices.append(f"there is no example '{link.example}' for {game.title} "
                        f"(examples: {', '.join(examples)})")
    return Opening(default)


def link_to(model: AppModel, linkable) -> Link | None:
    """The link that reopens what ``model`` shows (None for an uploaded game, one not
    in ``linkable``, or one played from a bare position)."""
    if model.branch and not model.branch.replayable:
        return None
    view_name = "teacher" if model.viewer is None else model.players[model.viewer]
    if model.book is None:
        return Link(example=FREE, players=model.free_players, seed=model.free_seed,
                    view=view_name)
    if model.example not in linkable:
        return None
    at = model.branch.base if model.branch else model.book.position
    return Link(example=model.example, step=at, view=view_name)
