"""What the phases of Sneaky Snakes share: the numbers the rulebook sets, the hands and
which way each card faces, whose turn it is, finding a player or a card a move names,
and moving a card out of a hand. The phases are the modules beside this one:
:mod:`.setup`, :mod:`.actions` (the turn's action), :mod:`.pointing` (answering a
pointing), :mod:`.effects` (carrying out a played card) and :mod:`.ending` (the end of a
turn and of the game, the tied players' vote)."""

from __future__ import annotations

from tutor.core.game import Rejection
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES

BATTLE_CARDS = 4        # per tied player (SN-6.4)
BATTLE_CHOICES = ("ask", "always", "never")
AWAY = "(away)"
EFFECT_RULE = {"snake_jones": "SN-R25", "steal": "SN-R20", "take": "SN-R21",
               "gift": "SN-R22", "swap": "SN-R23", "reveal": "SN-R24"}


# -- the reading of a position every phase uses -------------------------------------


def hand_of(state: State, seat: int) -> list[str]:
    return state.zones[f"hand:{seat}"]


def faces_holder(state: State, card: str) -> bool:
    """Whether a card in a hand faces its holder (see the module docstring)."""
    return card in state.seen_by


def facing_of(state: State, seat: int) -> list[str]:
    """'holder' or 'away' for each card of the hand, by position: public."""
    return ["holder" if c in state.seen_by else "away" for c in hand_of(state, seat)]


def sees_face(state: State, holder: int, card: str, seat: int) -> bool:
    """Whether ``seat`` sees the face of a card in ``holder``'s hand (Game.can_see for
    a hand): its holder when it faces them, everyone else when it faces away."""
    override = state.seen_by.get(card)
    return seat in override if override is not None else seat != holder


def sees_other_faces(state: State, seat: int) -> bool:
    """Whether ``seat`` sees the face of any card in another active player's hand."""
    return any(c not in state.seen_by for other in state.data["active"] if other != seat
               for c in hand_of(state, other))


def snake_jones_in_play(state: State) -> list[str]:
    return [c for c in DECK.in_play(state.num_players) if DECK.label[c] == SNAKE_JONES]


def snake_jones_holder(state: State) -> int | None:
    """The active seat that holds every Snake Jones card in play facing them (SN-R14)."""
    cards = snake_jones_in_play(state)
    for seat in state.data["active"]:
        hand = hand_of(state, seat)
        if all(c in hand and c in state.seen_by for c in cards):
            return seat
    return None


def seat_named(state: State, name: str) -> int | None:
    lowered = " ".join(name.split()).lower()
    return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)


def hand_card(state: State, seat: int, position: int, rule: str,
              whose: str | None = None) -> tuple[str | None, Rejection | None]:
    hand = hand_of(state, seat)
    if 1 <= position <= len(hand):
        return hand[position - 1], None
    whose = whose or f"{state.players[seat]}'s"
    held = plural(len(hand), "card")
    return None, Rejection(rule, f"{whose} hand holds {held}, so there is no card "
                           f"{position}")


def other_seat(state: State, seat: int, name: str, rule: str, what: str
           ) -> tuple[int | None, Rejection | None]:
    """The seat of another active player called ``name``, or why not."""
    target = seat_named(state, name)
    names = state.players
    if target is None:
        return None, Rejection(rule, f"there is no player called {name!r} (players: "
                               f"{', '.join(names)})")
    if target == seat:
        return None, Rejection(rule, f"{names[seat]} cannot {what} {names[seat]}: name "
                               f"another player")
    if target not in state.data["active"]:
        return None, Rejection("SN-R13", f"{names[target]} sits out the snake battle")
    return target, None

# -- whose turn ----------------------------------------------------------------


def to_act(state: State) -> tuple[int, ...]:
    data = state.data
    phase = data["phase"]
    if phase == "over":
        return ()
    if phase == "answer":
        return (data["pointed"],)
    if phase == "resolve":
        return (data["resolver"],)
    if phase == "tie":
        return tuple(s for s in data["tied"] if s not in data["for_battle"])
    return (data["turn"],)


def out_of_turn(state: State, seat: int) -> Rejection | None:
    """Why a real seat that may not act waits, said by the phase under way (None in a
    turn's action phase: whose turn it is says it all)."""
    data, names = state.data, state.players
    if data["phase"] == "answer":
        return Rejection("SN-3.5", f"{names[data['pointer']]} pointed at "
                         f"{names[data['pointed']]}'s card, so "
                         f"{names[data['pointed']]} must answer, not {names[seat]}")
    if data["phase"] == "resolve":
        card = DECK.label[data["effect"]]
        return Rejection("SN-R18", f"{names[data['resolver']]} is carrying out the "
                         f"{card} just played, not {names[seat]}")
    if data["phase"] == "tie":
        return Rejection("SN-R12", f"only the tied players "
                         f"{joined(names[s] for s in data['tied'])} decide on "
                         f"a snake battle, and {names[seat]} is not one of those "
                         f"still to answer")
    return None


# -- moving a card -------------------------------------------------------------


def to_discard(state: State, seat: int, card: str) -> None:
    state.seen_by.pop(card, None)
    state.move_card(card, f"hand:{seat}", "discard")


def give_card(state: State, card: str, seat: int, facing: bool) -> None:
    """Put a card at the right end of ``seat``'s hand, facing them or away."""
    state.zones[f"hand:{seat}"].append(card)
    if facing:
        state.seen_by[card] = [seat]
    else:
        state.seen_by.pop(card, None)


def give_card_turned(state: State, card: str, holder: int) -> None:
    """A swapped card turns round (SN-R8): it faces its new holder exactly when it
    faced away from its old one."""
    if card in state.seen_by:
        del state.seen_by[card]
    else:
        state.seen_by[card] = [holder]


def pile_left(state: State) -> str:
    return f"{plural(len(state.zones['draw']), 'card')} left in the draw pile"
