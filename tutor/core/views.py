"""What one seat sees of a state: the all-seeing state with every hidden face removed.

A hidden card becomes ``{"hidden": True}``: no id, no label, nothing that tells two
hidden cards apart, so a view can be sent to a browser without leaking a secret.

Texts go through the same filter: :func:`preview_for` and :func:`verdict_for` say what a
move would do only as far as the viewer may know it (the move log and events are made
per viewer by :meth:`tutor.core.match.Ply.text_for` and
:meth:`tutor.core.game.Event.for_viewer`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.game import Event, Game
from tutor.core.state import State, Visibility

# What a preview says of a move whose outcome rests on a card the viewer cannot see yet.
WITHHELD = "what it turns up is shown once it is played"

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


def laid_face_up(game: Game, before: State, after: State) -> set[str]:
    """The cards a move laid on a pile whose top is face up: each lay on top, seen by
    everyone, even when the same move covered it (two deal cards discarded at once)."""
    laid = set()
    for name, cards in after.zones.items():
        if game.visibility(name) is Visibility.TOP_PUBLIC:
            laid |= set(cards) - set(before.zones[name])
    return laid


def revealed_ids(game: Game, before: State, after: State, seat: int) -> set[str]:
    """The cards ``seat`` could not see in ``before`` that the move showed it: those it
    sees in ``after`` and those laid face up on a pile on the way."""
    shown = hidden_card_ids(game, after, seat).difference(laid_face_up(game, before, after))
    return hidden_card_ids(game, before, seat) - shown


def preview_for(game: Game, state: State, seat: int, move,
                viewer: int | None) -> tuple[Event, ...]:
    """What ``seat`` playing ``move`` would do, as ``viewer`` (None: the teacher) may
    read it before it is played. The move must be legal (IllegalMove otherwise).

    The events of a trial apply on a copy, each as the viewer may read it; but when the
    move would turn up a card the viewer cannot see now (a flipped deal card, a card
    drawn, a card turned to face its holder), what happens rests on that card's face,
    so the preview says only :data:`WITHHELD`: the secret stays one until it is played.
    """
    after, events = game.apply(state, seat, move)
    if viewer is not None and revealed_ids(game, state, after, viewer):
        return (Event("", WITHHELD),)
    return tuple(event.for_viewer(viewer) for event in events)


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on a move as a viewer may read it: allowed (with what it
    would do) or not (with the rule and the reason)."""

    allowed: bool
    rule: str
    text: str

    def __str__(self) -> str:
        return f"Allowed: {self.text}" if self.allowed else f"[{self.rule}] {self.text}"


def verdict_for(game: Game, state: State, seat: int, move, viewer: int | None) -> Verdict:
    """Whether ``seat`` may play ``move`` now and, if so, its :func:`preview_for`."""
    rejection = game.check(state, seat, move)
    if rejection is not None:
        return Verdict(False, rejection.rule, rejection.reason)
    events = preview_for(game, state, seat, move, viewer)
    return Verdict(True, "", " ".join(f"{event.text}." for event in events))
