"""Challenges and battles (CYA-5.1, CYA-5.2, CYA-5.3, CYA-5.4, CYA-5.5, CYA-5.6,
CYA-5.7; rulings CYA-R5 for a defender with no cards, CYA-R7, CYA-R8, CYA-R18 and
CYA-R19): a challenge on another player's exposed top set, the answers back and forth,
and the giving up that decides who takes or keeps the grown set.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.state import State
from tutor.games.cover_your_assets.deck import article, money
from tutor.games.cover_your_assets.moves import Answer, Challenge, GiveUp
from tutor.games.cover_your_assets.table import Table


class Battles(Table):
    """Checking and playing challenges, answers and giving up."""

    def _check_challenge(self, state: State, seat: int, move: Challenge) -> Rejection | None:
        edition, names, name = self.edition(state.options), state.players, state.players[seat]
        target = self._seat_named(state, move.target)
        if target is None:
            return Rejection("CYA-5.1", f"there is no player called {move.target!r} "
                             f"(players: {', '.join(names)})")
        if target == seat:
            return Rejection("CYA-5.1", f"{name} cannot challenge {name}'s own stack: "
                             f"challenge another player's top set")
        if not state.data[f"sets:{seat}"]:
            return Rejection("CYA-5.3", f"{name} has not formed a set yet, and only a "
                             f"player with a set of their own may challenge")
        defender = names[target]
        sets = self.sets(state, target)
        if not sets:
            return Rejection("CYA-5.1", f"{defender} has no set to challenge")
        asset = self.set_asset(edition, sets[-1])
        if len(sets) == 1:
            return Rejection("CYA-5.2", f"{defender}'s only set, {article(asset)} set worth "
                             f"{money(self.stack_value(state, target))}, is the bottom of "
                             f"the stack and safe")
        rejection = self._not_in_hand(state, seat, [move.card], "CYA-5.1")
        if rejection:
            return rejection
        if move.card != asset and not edition.is_wild(move.card):
            return Rejection("CYA-5.1", f"{defender}'s top set is {article(asset)} set: "
                             f"challenge it with {asset} or a wild, not {move.card}")
        return None

    def _check_battle(self, state: State, seat: int, move) -> Rejection | None:
        edition, data, names = self.edition(state.options), state.data, state.players
        name, asset = names[seat], self.battle_asset(state)
        defender = names[data["defender"]]
        if isinstance(move, GiveUp):
            return None
        if isinstance(move, Answer):
            rejection = self._not_in_hand(state, seat, [move.card], "CYA-5.4")
            if rejection:
                return rejection
            if move.card != asset and not edition.is_wild(move.card):
                return Rejection("CYA-5.4", f"{defender}'s top set is {article(asset)} set: "
                                 f"answer with {asset} or a wild, not {move.card}")
            return None
        doing = (f"defending the {asset} set against {names[data['challenger']]}"
                 if seat == data["defender"] else f"challenging {defender}'s {asset} set")
        return Rejection("CYA-5.4", f"{name} is {doing}: answer with {asset} or a wild, "
                         f"or give up")

    def forced(self, state: State, seat: int) -> Rejection | None:
        data = state.data
        if seat != data["answering"] or data["over"]:
            return None
        name, asset = state.players[seat], self.battle_asset(state)
        if not state.zones[f"hand:{seat}"]:
            return Rejection("CYA-R5", f"{name} has no cards left, so {name} must give up")
        if len(self.legal_moves(state, seat)) == 1:
            return Rejection("CYA-R18", f"{name} holds no {asset} and no wild, so {name} "
                             f"must give up")
        return None

    def _challenge(self, state: State, seat: int, move: Challenge) -> list[Event]:
        target = self._seat_named(state, move.target)
        (cid,) = self._find(state, seat, [move.card])
        state.move_card(cid, f"hand:{seat}", "battle")
        state.data.update(challenger=seat, defender=target, answering=target)
        edition, names = self.edition(state.options), state.players
        top = self.top_set(state, target)
        asset = self.set_asset(edition, top)
        worth = money(sum(edition.value[c] for c in top))
        return [Event("CYA-5.1", f"{names[seat]} challenges {names[target]}'s top set, "
                      f"{article(asset)} set of {len(top)} cards worth {worth}, with "
                      f"{move.card}; {names[target]} may answer with {asset} or a wild, "
                      f"or give up")]

    def _answer(self, state: State, seat: int, move: Answer) -> list[Event]:
        data, names = state.data, state.players
        (cid,) = self._find(state, seat, [move.card])
        state.move_card(cid, f"hand:{seat}", "battle")
        other = data["defender"] if seat == data["challenger"] else data["challenger"]
        data["answering"] = other
        asset = self.battle_asset(state)
        played = len(state.zones["battle"])
        events = [Event("CYA-5.4", f"{names[seat]} answers with {move.card} ({played} cards "
                        f"in the battle); {names[other]} may answer with {asset} or a "
                        f"wild, or give up")]
        if self.edition(state.options).is_wild(move.card):
            events.append(Event("CYA-5.5", f"The {move.card} counts as one answer, just "
                                f"like {article(asset)}"))
        return events

    def _give_up(self, state: State, seat: int) -> list[Event]:
        edition, data, zones, names = (self.edition(state.options), state.data, state.zones,
                                       state.players)
        challenger, defender = data["challenger"], data["defender"]
        winner = defender if seat == challenger else challenger
        battle = zones["battle"]
        zones["battle"] = []
        sizes = data[f"sets:{defender}"]
        stack = zones[f"stack:{defender}"]
        contested = stack[-sizes[-1]:]
        del stack[-sizes[-1]:]
        sizes.pop()
        asset = self.set_asset(edition, contested)
        grown = self._arranged(edition, contested + battle)
        zones[f"stack:{winner}"] += grown
        data[f"sets:{winner}"].append(len(grown))
        worth = money(sum(edition.value[c] for c in grown))
        cards = "the card" if len(battle) == 1 else f"the {len(battle)} cards"
        data.update(challenger=None, defender=None, answering=None, last_winner=winner,
                    last_loser=seat)
        if winner == challenger:
            return [Event("CYA-5.6", f"{names[seat]} gives up: {names[winner]} wins the "
                          f"battle and takes the {asset} set with {cards} played in the battle, "
                          f"{len(grown)} cards worth {worth}, onto the top of "
                          f"{names[winner]}'s stack")]
        return [Event("CYA-5.7", f"{names[seat]} gives up: {names[winner]} keeps the {asset} "
                      f"set and adds {cards} played in the battle: {len(grown)} cards worth "
                      f"{worth}")]
