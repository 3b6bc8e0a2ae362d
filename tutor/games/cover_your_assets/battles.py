"""The battle phase, and the challenge that opens it (CYA-5.1 to CYA-5.7; rulings CYA-R5
for a defender with no cards, CYA-R7, CYA-R8, CYA-R18 and CYA-R19): a challenge on
another player's exposed top set, the answers back and forth, and the giving up that
decides who takes or keeps the grown set.
"""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step, allowed
from tutor.core.state import State
from tutor.games.cover_your_assets.deck import article, money, name_order
from tutor.games.cover_your_assets.moves import Answer, Challenge, GiveUp
from tutor.games.cover_your_assets.table import (arranged, battle_asset, edition_of, find,
                                                 not_in_hand, seat_named, set_asset, sets_of,
                                                 stack_value, top_set)
from tutor.games.cover_your_assets.turns import finish_turn, to_act


def check_challenge(state: State, seat: int, move: Challenge) -> Rejection | None:
    edition, names, name = edition_of(state.options), state.players, state.players[seat]
    target = seat_named(state, move.target)
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
    sets = sets_of(state, target)
    if not sets:
        return Rejection("CYA-5.1", f"{defender} has no set to challenge")
    asset = set_asset(edition, sets[-1])
    if len(sets) == 1:
        return Rejection("CYA-5.2", f"{defender}'s only set, {article(asset)} set worth "
                         f"{money(stack_value(state, target))}, is the bottom of "
                         f"the stack and safe")
    rejection = not_in_hand(state, seat, [move.card], "CYA-5.1")
    if rejection:
        return rejection
    if move.card != asset and not edition.is_wild(move.card):
        return Rejection("CYA-5.1", f"{defender}'s top set is {article(asset)} set: "
                         f"challenge it with {asset} or a wild, not {move.card}")
    return None


def check_answer(state: State, seat: int, move: Answer) -> Rejection | None:
    """An answer is the battle's asset or a wild, from the hand (CYA-5.4, CYA-5.5)."""
    edition, asset = edition_of(state.options), battle_asset(state)
    rejection = not_in_hand(state, seat, [move.card], "CYA-5.4")
    if rejection:
        return rejection
    if move.card != asset and not edition.is_wild(move.card):
        defender = state.players[state.data["defender"]]
        return Rejection("CYA-5.4", f"{defender}'s top set is {article(asset)} set: "
                         f"answer with {asset} or a wild, not {move.card}")
    return None


def refuse(state: State, seat: int, move) -> Rejection:
    """In a battle the one to answer answers or gives up, nothing else (CYA-5.4)."""
    data, names = state.data, state.players
    asset, defender = battle_asset(state), names[data["defender"]]
    doing = (f"defending the {asset} set against {names[data['challenger']]}"
             if seat == data["defender"] else f"challenging {defender}'s {asset} set")
    return Rejection("CYA-5.4", f"{names[seat]} is {doing}: answer with {asset} or a "
                     f"wild, or give up")


def forced(state: State, seat: int) -> Rejection | None:
    """Giving up is forced on a seat with no cards (CYA-R5) or no card to answer with
    (CYA-R18)."""
    data = state.data
    if seat != data["answering"] or data["over"]:
        return None
    name, asset = state.players[seat], battle_asset(state)
    if not state.zones[f"hand:{seat}"]:
        return Rejection("CYA-R5", f"{name} has no cards left, so {name} must give up")
    if len(legal_moves(state, seat)) == 1:
        return Rejection("CYA-R18", f"{name} holds no {asset} and no wild, so {name} "
                         f"must give up")
    return None


def challenge(state: State, seat: int, move: Challenge) -> list[Event]:
    """The challenge card goes into the battle; the defender answers first (CYA-5.1)."""
    target = seat_named(state, move.target)
    (cid,) = find(state, seat, [move.card])
    state.move_card(cid, f"hand:{seat}", "battle")
    state.data.update(challenger=seat, defender=target, answering=target)
    edition, names = edition_of(state.options), state.players
    top = top_set(state, target)
    asset = set_asset(edition, top)
    worth = money(sum(edition.value[c] for c in top))
    return [Event("CYA-5.1", f"{names[seat]} challenges {names[target]}'s top set, "
                  f"{article(asset)} set of {len(top)} cards worth {worth}, with "
                  f"{move.card}; {names[target]} may answer with {asset} or a wild, "
                  f"or give up")]


def answer(state: State, seat: int, move: Answer) -> list[Event]:
    """The answer goes into the battle; the other side answers next (CYA-5.4)."""
    data, names = state.data, state.players
    (cid,) = find(state, seat, [move.card])
    state.move_card(cid, f"hand:{seat}", "battle")
    other = data["defender"] if seat == data["challenger"] else data["challenger"]
    data["answering"] = other
    asset = battle_asset(state)
    played = len(state.zones["battle"])
    events = [Event("CYA-5.4", f"{names[seat]} answers with {move.card} ({played} cards "
                    f"in the battle); {names[other]} may answer with {asset} or a "
                    f"wild, or give up")]
    if edition_of(state.options).is_wild(move.card):
        events.append(Event("CYA-5.5", f"The {move.card} counts as one answer, just "
                            f"like {article(asset)}"))
    return events


def give_up(state: State, seat: int, move: GiveUp) -> list[Event]:
    """The other side wins the battle and the grown set (CYA-5.6, CYA-5.7); then the
    turn ends, a defender who played a card drawing too (CYA-6.2, CYA-R10)."""
    played = len(state.zones["battle"]) >= 2
    defended = state.data["defender"] if played else None
    return _settle(state, seat) + finish_turn(state, defended)


def _settle(state: State, seat: int) -> list[Event]:
    edition, data, zones, names = (edition_of(state.options), state.data, state.zones,
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
    asset = set_asset(edition, contested)
    grown = arranged(edition, contested + battle)
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


def legal_moves(state: State, seat: int) -> list:
    """Each card of the hand that answers (the asset or a wild), and giving up."""
    edition = edition_of(state.options)
    held = sorted({edition.label[c] for c in state.zones[f"hand:{seat}"]}, key=name_order)
    asset = battle_asset(state)
    return [Answer(c) for c in held if c == asset or edition.is_wild(c)] + [GiveUp()]


BATTLE = Phase("battle", rules=("CYA-5.4",), to_act=to_act, legal=legal_moves,
               refuse=refuse, moves={Answer: Step(check_answer, answer),
                                     GiveUp: Step(allowed, give_up)})
