"""What one seat sees of a state: the all-seeing state with every hidden face removed.

A hidden card becomes ``{"hidden": True}``: no id, no label, nothing that tells two
hidden cards apart, so a view can be sent to a browser without leaking a secret.

Texts go through the same filter: :func:`preview_for` and :func:`verdict_for` say what a
move would do only as far as the viewer may know it (the move log and events are made
per viewer by :meth:`tutor.core.match.Ply.text_for` and
:meth:`tutor.core.game.Event.for_viewer`).
"""

from __future__ import annotations

import re

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


def names_unseen_card(game: Game, states, seat: int, text: str) -> bool:
    """Whether ``text`` names a card (by its label or name) that ``seat`` cannot see in
    these states and sees nowhere in them: for the engine's own sentences, which name a
    card in view by its place. A text written for the whole table (a worked example's
    narration) needs :func:`secret_words`: this check lets a hidden card through when a
    card of the same name lies in view."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
               for word in unseen_only_words(game, states, seat))


def unseen_only_words(game: Game, states, seat: int) -> set[str]:
    """The card words (labels, names) of the cards hidden from ``seat`` in these states
    that no card it sees in them shares: the words :func:`names_unseen_card` looks for."""
    hidden, seen = set(), set()
    for state in states:
        deck = game.deck(state.options)
        unseen = hidden_card_ids(game, state, seat)
        for cards in state.zones.values():
            for cid in cards:
                face = deck[cid].face()
                words = {face.get("label"), face.get("name")} - {None, ""}
                (hidden if cid in unseen else seen).update(words)
    return hidden - seen


def _card_words(game: Game, state: State, ids) -> set[str]:
    """The labels and names of these cards (the words a text would call them by)."""
    deck = game.deck(state.options)
    words = set()
    for cid in ids:
        face = deck[cid].face()
        words |= {face.get("label"), face.get("name")} - {None, ""}
    return words


def _places(state: State) -> dict[str, str]:
    return {cid: name for name, cards in state.zones.items() for cid in cards}


def touched_ids(before: State, after: State) -> set[str]:
    """The cards a step moved to another zone or turned (whose seen-by changed)."""
    was, now = _places(before), _places(after)
    return {cid for cid, zone in now.items()
            if was.get(cid) != zone or before.seen_by.get(cid) != after.seen_by.get(cid)}


def _guessable_ids(game: Game, state: State, seat: int) -> set[str]:
    """The cards hidden from ``seat`` whose faces it cannot work out: every hidden card
    but those in a place whose contents the game makes public knowledge (a game lists
    such zone kinds in ``contents_known``: Sneaky Bastard's hands, since all money is
    dealt alike and paid face up; only their order is secret)."""
    known = getattr(game, "contents_known", ())
    return {cid for name, cards in state.zones.items() if name.partition(":")[0] not in known
            for i, cid in enumerate(cards) if not game.can_see(state, name, i, seat)}


def secret_words(game: Game, before: State, after: State, seat: int,
                 played: bool = True) -> set[str]:
    """The card words (labels, names) a text about the step ``before`` -> ``after``
    may not use for ``seat``: the book's narration, say. ``played`` False: the step is
    not made yet (practice, before the learner chooses), so the seat knows ``before``
    only. A position with no step (a setup) passes ``after`` as ``before``.

    The rule depends only on what the seat can see, so that the choice to show a text
    tells no secret by itself (a twin position, differing only in cards the seat cannot
    see, gets the same words):

    * the words of every card hidden from the seat that it cannot work out (see
      :func:`_guessable_ids`), before or after the step;
    * minus, when the step keeps nothing from the seat, the words of the cards it moved
      or turned in the seat's sight: a text naming them speaks of what the seat saw.

    The step *keeps something from the seat* when it moves or turns a card the seat
    sees neither before nor after (a draw facing away, a card passed face down), when it
    is not played yet and touches a card hidden now, and at a setup. Then no word of a
    hidden card is spared, not even one that a card in view shares: which of the two a
    text means may be the secret (the hidden twin). The words of the hidden cards are
    the deck's minus those the seat sees, so they too are the same in a twin.

    The one reading this allows: where the step keeps nothing from the seat, a word of
    a card it moved in the seat's sight is taken to mean that card (a narration tells
    its step), so a text that meant a hidden card elsewhere by those same words would
    pass. Without it, nearly every narration that names the card just played would be
    withheld, since another card of that face is usually hidden somewhere.
    """
    states = (before,) if after is before or not played else (before, after)
    words = set().union(*(_card_words(game, s, _guessable_ids(game, s, seat))
                          for s in states))
    if after is before:
        return words
    touched = touched_ids(before, after)
    hidden_before = _guessable_ids(game, before, seat)
    if not played:
        return words if touched & hidden_before else \
            words - _card_words(game, before, touched)
    kept = (touched & hidden_before & hidden_card_ids(game, after, seat)) \
        - laid_face_up(game, before, after)
    if kept:
        return words
    return words - _card_words(game, after, touched - hidden_card_ids(game, after, seat))


def names_any(text: str, words) -> bool:
    """Whether ``text`` names any of ``words`` as a whole word ("Gift" not in "Gifted")."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) for word in words)


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
