"""Carrying out a played card (SN-4.2, SN-4.3, SN-R18 to SN-R25; ruling SN-R7): the
choices its effect asks of the player who played it (steal, take, give, swap, turn a
card), checked and listed, and what each choice does."""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.core.wording import plural
from tutor.games.sneaky_snakes import ending
from tutor.games.sneaky_snakes.deck import DECK
from tutor.games.sneaky_snakes.moves import Give, Steal, Swap, SwapHands, TurnCard
from tutor.games.sneaky_snakes.table import (EFFECT_RULE, give_card, give_card_turned,
                                             hand_card, hand_of, other_seat, pile_left,
                                             seat_named, snake_jones_holder, to_act)


def start_effect(state: State, player: int, card: str, seen: bool) -> list[Event]:
    """Carry out a card just played by ``player`` (SN-R18)."""
    effect, name = DECK.effect(card), state.players[player]
    label = DECK.label[card]
    rule = EFFECT_RULE[effect.kind]
    if not seen and not effect.unseen_works:
        return [Event("SN-R19", f"{label} played unseen does nothing, as the card "
                      f"says")] + ending.finish_turn(state)
    if effect.kind == "snake_jones":
        return [Event(rule, f"{label} has no effect when played")] + \
            ending.finish_turn(state)
    if effect.kind == "take":
        return take(state, player, card, effect) + ending.finish_turn(state)
    state.data.update(phase="resolve", resolver=player, effect=card, left=effect.count)
    # The card speaks to its player ("take ... it faces you"): quote it as the card's
    # words, so that its "you" is not the narrator's.
    events = [Event(rule, f"{name} carries out {label}, which reads: "
                    f"\"{effect.text}\"")]
    if not seen:
        events.append(Event("SN-R19", f"{label} works even when played unseen, as the "
                            f"card says"))
    return events + after_choice(state)


def check_choice(state: State, seat: int, move) -> Rejection | None:
    data, name = state.data, state.players[seat]
    card = DECK.label[data["effect"]]
    effect = DECK.effect(data["effect"])
    kind = effect.kind
    wanted = {"steal": Steal, "gift": Give, "reveal": TurnCard,
              "swap": SwapHands if effect.params.get("what") == "hand" else Swap}[kind]
    if not isinstance(move, wanted):
        example = {Steal: "steal NAME 2", Give: "give 1 to NAME", TurnCard: "turn 2",
                   Swap: "swap 1 with NAME 3", SwapHands: "swap hands with NAME"}[wanted]
        return Rejection(EFFECT_RULE[kind], f"{name} is carrying out {card} and must "
                         f"choose as it says, as in '{example}'")
    rule = EFFECT_RULE[kind]
    if isinstance(move, TurnCard):
        cid, rejection = hand_card(state, seat, move.position, rule)
        if rejection:
            return rejection
        if cid in state.seen_by:
            return Rejection(rule, f"{name}'s card {move.position} already faces "
                             f"{name}; turn a card that faces away")
        return None
    what = {Steal: "steal from", Give: "give to", Swap: "swap with",
            SwapHands: "swap hands with"}[wanted]
    target, rejection = other_seat(state, seat, move.target, rule, what)
    if rejection:
        return rejection
    if isinstance(move, SwapHands):
        return None
    if isinstance(move, (Give, Swap)):
        rejection = hand_card(state, seat, move.position, rule)[1]
        if rejection:
            return rejection
    if isinstance(move, Steal):
        return hand_card(state, target, move.position, rule)[1]
    if isinstance(move, Swap):
        return hand_card(state, target, move.theirs, rule)[1]
    return None


def choices(state: State, seat: int) -> list:
    """The choices the card being carried out offers ``seat`` (empty: none left)."""
    data, names = state.data, state.players
    effect = DECK.effect(data["effect"])
    others = [o for o in data["active"] if o != seat]
    hand = hand_of(state, seat)
    if effect.kind == "steal":
        return [Steal(names[o], p) for o in others
                for p in range(1, len(hand_of(state, o)) + 1)]
    if effect.kind == "gift":
        return [Give(p, names[o]) for p in range(1, len(hand) + 1) for o in others]
    if effect.kind == "reveal":
        return [TurnCard(p) for p, c in enumerate(hand, 1) if c not in state.seen_by]
    if effect.params.get("what") == "hand":
        return [SwapHands(names[o]) for o in others]
    return [Swap(p, names[o], q) for p in range(1, len(hand) + 1) for o in others
            for q in range(1, len(hand_of(state, o)) + 1)]


def take(state: State, player: int, card: str, effect) -> list[Event]:
    name, label = state.players[player], DECK.label[card]
    if effect.params["pile"] == "draw":
        pile, where = state.zones["draw"], "the top of the draw pile"
        taken = [pile.pop() for _ in range(min(effect.count, len(pile)))]
    else:
        pile, where = state.zones["discard"], f"the discard pile, under the {label}"
        top = pile.pop()   # the card just played stays on top
        taken = [pile.pop() for _ in range(min(effect.count, len(pile)))]
        pile.append(top)
    for cid in taken:
        give_card(state, cid, player, True)
    if not taken:
        return [Event("SN-R7", f"{label}: there is no card to take from {where}")]
    extra = f"; {pile_left(state)}" if effect.params["pile"] == "draw" else ""
    return [Event("SN-R21", f"{name} takes {plural(len(taken), 'card')} from {where}"),
            Event("SN-4.2", f"{'It faces' if len(taken) == 1 else 'They face'} "
                  f"{name}{extra}")]


def choose(state: State, seat: int, move) -> list[Event]:
    """One choice of the card being carried out."""
    names, name = state.players, state.players[seat]
    if isinstance(move, TurnCard):
        card = hand_of(state, seat)[move.position - 1]
        state.seen_by[card] = [seat]
        events = [Event("SN-R24", f"{name} turns card {move.position} to face {name}"),
                  Event("SN-4.1", f"A card's effect is the one way to see the face of "
                        f"a card that faces away: {name} sees this one from now on")]
    elif isinstance(move, SwapHands):
        target = seat_named(state, move.target)
        mine, theirs = hand_of(state, seat), hand_of(state, target)
        state.zones[f"hand:{seat}"], state.zones[f"hand:{target}"] = theirs, mine
        for card, holder in [(c, seat) for c in theirs] + [(c, target) for c in mine]:
            give_card_turned(state, card, holder)
        events = [Event("SN-R23", f"{name} and {names[target]} swap hands: {name} now "
                        f"holds {plural(len(theirs), 'card')}, {names[target]} "
                        f"{plural(len(mine), 'card')}"),
                  Event("SN-4.3", "Each of them sees the received cards as before the "
                        "swap; the cards turn round for everyone else (SN-R8)")]
    elif isinstance(move, Swap):
        target = seat_named(state, move.target)
        mine, theirs = hand_of(state, seat), hand_of(state, target)
        a, b = mine[move.position - 1], theirs[move.theirs - 1]
        mine[move.position - 1], theirs[move.theirs - 1] = b, a
        give_card_turned(state, b, seat)
        give_card_turned(state, a, target)
        events = [Event("SN-R23", f"{name} swaps card {move.position} for "
                        f"{names[target]}'s card {move.theirs}"),
                  Event("SN-4.3", "Each of them sees the received card as before the "
                        "swap; it turns round for everyone else (SN-R8)")]
    else:
        target = seat_named(state, move.target)
        if isinstance(move, Steal):
            card = hand_of(state, target).pop(move.position - 1)
            give_card(state, card, seat, True)
            events = [Event("SN-R20", f"{name} steals {names[target]}'s card "
                            f"{move.position}"),
                      Event("SN-4.2", f"It now faces {name}")]
        else:   # Give
            card = hand_of(state, seat).pop(move.position - 1)
            give_card(state, card, target, True)
            events = [Event("SN-R22", f"{name} gives card {move.position} to "
                            f"{names[target]}"),
                      Event("SN-4.2", f"It now faces {names[target]}")]
    state.data["left"] -= 1
    return events + after_choice(state)


def after_choice(state: State) -> list[Event]:
    """End the effect when its choices are used up or none is possible (SN-R7)."""
    data = state.data
    holder = snake_jones_holder(state)
    if holder is not None:
        return ending.snake_jones_win(state, holder)
    if data["left"] > 0 and choices(state, data["resolver"]):
        return []
    events = []
    if data["left"] > 0:
        label = DECK.label[data["effect"]]
        events.append(Event("SN-R7", f"{label}: nothing is left to choose, so the "
                            f"effect ends"))
    data.update(phase="action", resolver=None, effect=None, left=0)
    return events + ending.finish_turn(state)


# The choices a played card asks for; check_choice also refuses any other move, saying
# which choice the card asks for (SN-R18).
RESOLVE = Phase("resolve", rules=("SN-R18",), to_act=to_act, legal=choices,
                refuse=check_choice,
                moves={kind: Step(check_choice, choose)
                       for kind in (Steal, Give, Swap, SwapHands, TurnCard)})
