"""The turn (CYA-2.1, CYA-2.2, CYA-2.3, CYA-4.1, CYA-6.1, CYA-6.2, CYA-6.3; rulings
CYA-R5, CYA-R6, CYA-R9 and CYA-R10): whose turn it is and who answers in a battle
(CYA-5.4), the legal moves, the one action of a turn (a set, a discard or a challenge,
handed to :mod:`.sets` and :mod:`.battles`), and drawing back up to five before the next
turn or the end of the round (CYA-7.1, :mod:`.scoring`).
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.cover_your_assets.battles import Battles
from tutor.games.cover_your_assets.dealing import Dealing
from tutor.games.cover_your_assets.deck import name_order
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet, GiveUp,
                                                 Pass)
from tutor.games.cover_your_assets.scoring import RoundEnd
from tutor.games.cover_your_assets.sets import FormingSets
from tutor.games.cover_your_assets.table import HAND_SIZE


class Turns(Dealing, FormingSets, Battles, RoundEnd):
    """The turn, which hands each action to its phase."""

    # -- whose turn --------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        data = state.data
        if data["over"]:
            return ()
        if data["answering"] is not None:
            return (data["answering"],)
        return (data["turn"],)

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        data = state.data
        if rejection and data["answering"] is not None and 0 <= seat < state.num_players:
            names = state.players
            answering, challenger = data["answering"], data["challenger"]
            other = data["defender"] if answering == challenger else challenger
            what = "challenge" if answering != challenger else "defence"
            return Rejection(self.turn_rule, f"it is {names[answering]}'s turn to answer "
                             f"{names[other]}'s {what}, not {names[seat]}'s")
        return rejection

    # -- checking ----------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        data, name = state.data, state.players[seat]
        if data["answering"] is not None:
            return self._check_battle(state, seat, move)
        if isinstance(move, FormSet):
            return self._check_set(state, seat, move)
        if isinstance(move, Discard):
            return self._not_in_hand(state, seat, [move.card], "CYA-4.1")
        if isinstance(move, Challenge):
            return self._check_challenge(state, seat, move)
        if isinstance(move, Answer):
            return Rejection("CYA-2.1", f"there is no battle for {name} to answer in: on "
                             f"this turn {name} forms a set, discards or challenges")
        if isinstance(move, GiveUp):
            return Rejection("CYA-2.2", f"there is no battle to give up, and passing is not "
                             f"allowed: {name} must form a set, challenge or discard")
        if isinstance(move, Pass):
            return Rejection("CYA-2.2", f"passing is not allowed: {name} must form a set, "
                             f"challenge or discard (hand: {self._hand_text(state, seat)})")
        return Rejection("CYA-2.1", f"{move!r} is not a Cover Your Assets move")

    def phase_rules(self, state: State) -> tuple[str, ...]:
        if state.data["answering"] is not None:
            return ("CYA-5.4",)                # a battle: answer or give up
        return ("CYA-2.1", "CYA-2.2")          # a turn: one action, no passing

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """The player whose turn just ended hears the one-action limit, not only whose
        turn it is."""
        data = state.data
        if data["answering"] is None and seat == data.get("previous") and \
                isinstance(move, (FormSet, Discard, Challenge, Pass)):
            name = state.players[seat]
            return Rejection("CYA-2.1", f"{name} already took the one action of {name}'s "
                             f"turn; now it is {state.players[data['turn']]}'s turn")
        return None

    # -- legal moves (all of them: hands are small) ------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        edition, data = self.edition(state.options), state.data
        held = sorted({edition.label[c] for c in state.zones[f"hand:{seat}"]}, key=name_order)
        wilds = [c for c in held if edition.is_wild(c)]
        assets = [c for c in held if not edition.is_wild(c)]
        if data["answering"] is not None:
            asset = self.battle_asset(state)
            return [Answer(c) for c in held if c == asset or c in wilds] + [GiveUp()]
        counts = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
        moves = []
        for asset in assets:
            if counts[asset] >= 2:
                moves.append(FormSet((asset, asset)))
            moves += [FormSet((asset, wild)) for wild in wilds]
        pile = state.zones["discard"]
        if pile:
            top = edition.label[pile[-1]]
            if edition.is_wild(top):
                moves += [FormSet((asset,), True) for asset in assets]   # CYA-R6
            else:
                moves += [FormSet((card,), True) for card in held
                          if card == top or card in wilds]
        if data[f"sets:{seat}"]:
            for other in range(state.num_players):
                sets = data[f"sets:{other}"]
                if other == seat or len(sets) < 2:
                    continue
                asset = self.set_asset(edition, self.top_set(state, other))
                moves += [Challenge(state.players[other], card) for card in held
                          if card == asset or card in wilds]
        moves += [Discard(card) for card in held]
        return moves

    # -- applying ----------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        if isinstance(move, FormSet):
            events = self._form_set(state, seat, move)
        elif isinstance(move, Discard):
            (cid,) = self._find(state, seat, [move.card])
            state.move_card(cid, f"hand:{seat}", "discard")
            events = [Event("CYA-4.1", f"{state.players[seat]} discards {move.card} face up")]
        elif isinstance(move, Challenge):
            return self._challenge(state, seat, move)   # the turn goes on in the battle
        elif isinstance(move, Answer):
            return self._answer(state, seat, move)
        else:   # GiveUp: the only other move _check lets through
            # A defender who played a card draws after the turn (CYA-6.2, CYA-R10).
            played = len(state.zones["battle"]) >= 2
            defended = state.data["defender"] if played else None
            return self._give_up(state, seat) + self._finish_turn(state, defended)
        return events + self._finish_turn(state)

    def _finish_turn(self, state: State, defended: int | None = None) -> list[Event]:
        """Drawing after the turn (the turn player, then ``defended``: a defender who
        played cards), then the next turn or the end of the round."""
        data = state.data
        turn = data["turn"]
        data["previous"] = turn
        events = self._draw_up(state, turn, "CYA-6.1")
        if defended is not None:
            events += self._draw_up(state, defended, "CYA-6.2")
        n = state.num_players
        if not any(state.zones[f"hand:{seat}"] for seat in range(n)):
            return events + self._end_round(state)
        for step in range(1, n + 1):
            seat = (turn + step) % n
            if state.zones[f"hand:{seat}"]:
                data["turn"] = seat
                break
            events.append(Event("CYA-R5", f"{state.players[seat]} has no cards left and "
                                "is skipped"))
        return events + [self._next_turn_event(state, turn, data["turn"])]

    @staticmethod
    def _next_turn_event(state: State, ended: int, turn: int) -> Event:
        """The turn passes to the left (CYA-6.3); past players with no cards (CYA-R5)
        the event says whom it reaches."""
        names = state.players
        left = names[(ended + 1) % state.num_players]
        if turn == ended:
            where = f"{names[turn]} plays again, as nobody else has cards"
        elif names[turn] == left:
            where = f"{names[turn]}, on {names[ended]}'s left, plays next"
        else:
            where = f"{names[turn]}, the next player on the left with cards, plays next"
        return Event("CYA-6.3", f"{names[ended]}'s turn is over: {where}")

    def _draw_up(self, state: State, seat: int, rule: str) -> list[Event]:
        hand, pile = state.zones[f"hand:{seat}"], state.zones["draw"]
        count = min(HAND_SIZE - len(hand), len(pile))
        if count <= 0:
            return []
        for _ in range(count):
            hand.append(pile.pop())
        who = state.players[seat] + (", who defended," if rule == "CYA-6.2" else "")
        events = [Event(rule, f"{who} draws {plural(count, 'card')} and holds {len(hand)}; "
                        f"{len(pile)} left in the draw pile")]
        if not pile:
            events.append(Event("CYA-7.1", "The draw pile is empty: from now on nobody "
                                "draws, and play goes on until every hand is played out"))
        return events
