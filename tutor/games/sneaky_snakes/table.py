"""What the phases of Sneaky Snakes share: the numbers the rulebook sets, the hands and
which way each card faces, whose turn it is, finding a player or a card a move names,
and moving a card out of a hand. The phases are the modules beside this one:
:mod:`.setup`, :mod:`.effects` and :mod:`.ending`."""

from __future__ import annotations

from tutor.core.game import Game, Rejection
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES

BATTLE_CARDS = 4        # per tied player (SN-6.4)
BATTLE_CHOICES = ("ask", "always", "never")
AWAY = "(away)"
EFFECT_RULE = {"snake_jones": "SN-R25", "steal": "SN-R20", "take": "SN-R21",
               "gift": "SN-R22", "swap": "SN-R23", "reveal": "SN-R24"}


class Table(Game):
    """The reading of a position every phase uses. A phase that ends starts the next
    through ``self`` (a played card's effect ends the turn, the last turn the count):
    the game's class in :mod:`.engine` is made of all of them."""

    @staticmethod
    def hand(state: State, seat: int) -> list[str]:
        return state.zones[f"hand:{seat}"]

    @staticmethod
    def faces_holder(state: State, card: str) -> bool:
        """Whether a card in a hand faces its holder (see the module docstring)."""
        return card in state.seen_by

    def facing(self, state: State, seat: int) -> list[str]:
        """'holder' or 'away' for each card of the hand, by position: public."""
        return ["holder" if c in state.seen_by else "away" for c in self.hand(state, seat)]

    def sees_other_faces(self, state: State, seat: int) -> bool:
        """Whether ``seat`` sees the face of any card in another active player's hand."""
        return any(c not in state.seen_by for other in state.data["active"] if other != seat
                   for c in self.hand(state, other))

    def snake_jones_in_play(self, state: State) -> list[str]:
        return [c for c in DECK.in_play(state.num_players) if DECK.label[c] == SNAKE_JONES]

    def snake_jones_holder(self, state: State) -> int | None:
        """The active seat that holds every Snake Jones card in play facing them (SN-R14)."""
        cards = self.snake_jones_in_play(state)
        for seat in state.data["active"]:
            hand = self.hand(state, seat)
            if all(c in hand and c in state.seen_by for c in cards):
                return seat
        return None

    def _seat_named(self, state: State, name: str) -> int | None:
        lowered = " ".join(name.split()).lower()
        return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)

    def _hand_card(self, state: State, seat: int, position: int, rule: str,
                   whose: str | None = None) -> tuple[str | None, Rejection | None]:
        hand = self.hand(state, seat)
        if 1 <= position <= len(hand):
            return hand[position - 1], None
        whose = whose or f"{state.players[seat]}'s"
        held = plural(len(hand), "card")
        return None, Rejection(rule, f"{whose} hand holds {held}, so there is no card "
                               f"{position}")

    def _other(self, state: State, seat: int, name: str, rule: str, what: str
               ) -> tuple[int | None, Rejection | None]:
        """The seat of another active player called ``name``, or why not."""
        target = self._seat_named(state, name)
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

    def to_act(self, state: State) -> tuple[int, ...]:
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

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        data, names = state.data, state.players
        if rejection and rejection.rule == self.turn_rule and 0 <= seat < state.num_players:
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
        return rejection

    # -- moving a card -------------------------------------------------------------

    def _to_discard(self, state: State, seat: int, card: str) -> None:
        state.seen_by.pop(card, None)
        state.move_card(card, f"hand:{seat}", "discard")

    @staticmethod
    def _give_card(state: State, card: str, seat: int, facing: bool) -> None:
        """Put a card at the right end of ``seat``'s hand, facing them or away."""
        state.zones[f"hand:{seat}"].append(card)
        if facing:
            state.seen_by[card] = [seat]
        else:
            state.seen_by.pop(card, None)

    def _give_card_turned(self, state: State, card: str, holder: int) -> None:
        """A swapped card turns round (SN-R8): it faces its new holder exactly when it
        faced away from its old one."""
        if card in state.seen_by:
            del state.seen_by[card]
        else:
            state.seen_by[card] = [holder]

    @staticmethod
    def _pile_left(state: State) -> str:
        return f"{plural(len(state.zones['draw']), 'card')} left in the draw pile"
