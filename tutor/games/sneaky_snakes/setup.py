"""Setting up (SN-1.1 to SN-1.5, SN-2.2; rulings SN-R2, SN-R3): the options, a new game
dealt from its seed or the position a scenario's setup describes, and the setup told as
events for the learner to step through at step 0."""

from __future__ import annotations

from tutor.core.game import Event, SetupError
from tutor.core.position import Position, check_setup_keys, draw_and_discard
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes.deck import DECK, STAND_IN, read_name
from tutor.games.sneaky_snakes.ending import draw_for_turn
from tutor.games.sneaky_snakes.table import (AWAY, BATTLE_CHOICES, hand_of, pile_left,
                                             sees_face, snake_jones_holder)

SETUP_KEYS = {"first", "hands", "draw", "discard", "draw_size"}


def checked_options(options: dict) -> dict:
    """The options (their names checked already) with their defaults filled in;
    SetupError for a wrong value."""
    hard = options.get("hard", False)
    if not isinstance(hard, bool):
        raise SetupError(f"options.hard: expected true or false, not {hard!r}")
    battle = options.get("snake_battle", "ask")
    if not isinstance(battle, str) or battle not in BATTLE_CHOICES:
        raise SetupError(f"options.snake_battle: {battle!r} is not a choice; the choices "
                         f"are {', '.join(BATTLE_CHOICES)}")
    return {"hard": hard, "snake_battle": battle}


def set_up(game_id: str, players: tuple[str, ...], seed: int, options: dict,
           setup: dict | None) -> State:
    """A new game, or the position that ``setup`` describes, just before the starting
    player's first draw (which new_state then makes, SN-R3).

    ``setup`` keys (all optional; cards are written by name, and a card in a hand that
    faces away from its holder is written with `` (away)`` after its name):

    ``first``       who starts (SN-R2); by default drawn by lot from the seed
    ``hands``       name -> the cards of that hand, left to right; players not named
                    are dealt as in SN-1.2 (SN-1.3 with the option hard)
    ``discard``     cards on the discard pile, top first
    ``draw``        cards on top of the draw pile, top first; the rest of the cards
                    are shuffled below them
    ``draw_size``   how many cards the draw pile holds (at least 1, for the first
                    draw); the cards that do not fit go under the discard pile
    """
    setup = dict(setup or {})
    check_setup_keys(setup, SETUP_KEYS)
    n = len(players)
    rng = Rng.from_seed(seed)
    in_play = DECK.in_play(n)
    position = _Position(players, setup, in_play)
    zones = {"draw": [], "discard": [],
             "box": [c.id for c in DECK.deck if c.id not in set(in_play)]}
    seen_by: dict[str, list[int]] = {}
    for seat in range(n):
        zones[f"hand:{seat}"] = []
    if "first" in setup:
        first = position.seat_of(setup["first"], "first")
    else:
        first = rng.below(n)   # SN-R2
    named = position.per_player("hands")
    for seat, cards in named.items():
        where = f"hands.{players[seat]}"
        for text in position.card_list(cards, where):
            cid, away = position.take_held(text, where)
            zones[f"hand:{seat}"].append(cid)
            if not away:
                seen_by[cid] = [seat]
    discard_top = position.take_cards(setup.get("discard"), "discard")
    draw_top = position.take_cards(setup.get("draw"), "draw")
    rest = position.free_cards()
    rng.shuffle(rest)
    order = [(first + k) % n for k in range(n)]
    dealt = [seat for seat in order if seat not in named]
    away_count = 2 if options["hard"] else 1
    for facing in [True, True] + [False] * away_count:   # SN-1.2, SN-1.3
        for seat in dealt:
            if not rest:
                raise SetupError(f"setup: no card is left to deal {players[seat]}; "
                                 f"name fewer cards elsewhere")
            cid = rest.pop()
            zones[f"hand:{seat}"].append(cid)
            if facing:
                seen_by[cid] = [seat]
    zones["draw"], zones["discard"] = draw_and_discard(
        setup.get("draw_size"), draw_top, discard_top, rest, least=max(1, len(draw_top)),
        reason="the first player draws at once, SN-R3")
    if not zones["draw"]:
        raise SetupError("setup: the draw pile is empty, so the game would be over "
                         "before the first draw (SN-6.1); leave cards to draw")
    data = {"turn": first, "phase": "action", "pointer": None, "pointed": None,
            "pointed_at": None, "resolver": None, "effect": None, "left": 0,
            "active": list(range(n)), "tied": [], "for_battle": [], "battles": 0,
            "winners": [], "end": None, "previous": None, "starter": first,
            "starter_by_lot": "first" not in setup}
    state = State(game_id, players, options, zones, data, rng.state, seen_by)
    holder = snake_jones_holder(state)
    if holder is not None:
        raise SetupError(f"setup.hands.{players[holder]}: {players[holder]} already "
                         f"holds every Snake Jones card facing them and would have "
                         f"won (SN-6.1)")
    draw_for_turn(state)
    return state

# -- the setup, told at step 0 -------------------------------------------------


def opening_events(state: State) -> list[Event]:
    """The setup as a learner steps through it: the cards this many players use,
    what each player holds, the piles, who starts and why, and last the starting
    player's draw, which happens by itself as the game begins (SN-R3).

    ``state`` is what :meth:`new_state` returned: the starting player has drawn, so
    the deal is the hands without the starter's last card."""
    data, names = state.data, state.players
    starter = data["starter"]
    events = [_deck_told(state)]
    events += [_hand_told(state, seat, starter) for seat in range(state.num_players)]
    events += [_piles_told(state), _starter_told(state)]
    name = names[starter]
    if state.zones["draw"]:
        events.append(Event("SN-R3", f"The game begins: {name} starts and at once draws "
                            f"a card, held facing away; {pile_left(state)}"))
    else:
        events.append(Event("SN-R3", f"The game begins: {name} starts and at once draws "
                            f"the only card of the draw pile, so the game ends before "
                            f"{name} acts"))
    return events


def _deck_told(state: State) -> Event:
    n, box = state.num_players, len(state.zones["box"])
    used = len(DECK.deck) - box
    if not box:
        return Event("SN-1.1", f"With {n} players the game uses all {used} cards of "
                     f"{STAND_IN}")
    return Event("SN-1.1", f"With {n} players the game uses {used} cards of "
                 f"{STAND_IN}; the other {box}, marked for more players, stay in the box")


def _hand_told(state: State, seat: int, starter: int) -> Event:
    """What ``seat`` held before the first draw, which way each card faces: the
    teacher reads the cards, a seat that cannot see one of them reads the counts."""
    name = state.players[seat]
    dealt = range(len(hand_of(state, seat)) - (1 if seat == starter else 0))
    cards = [hand_of(state, seat)[i] for i in dealt]
    facing = [DECK.label[c] for c in cards if c in state.seen_by]
    away = [DECK.label[c] for c in cards if c not in state.seen_by]
    hard = state.options["hard"]
    as_dealt = len(facing) == 2 and len(away) == (2 if hard else 1)
    rule = ("SN-1.3" if hard else "SN-1.2") if as_dealt else "SN-2.2"

    def said(with_names: bool) -> str:
        if not cards:
            return f"{name} starts with no cards"
        parts = []
        for held, how, who in ((facing, f"facing {name}", f"only {name} sees"),
                               (away, "facing away", f"everyone but {name} sees")):
            if held:
                shown = f" ({joined(held)})" if with_names else ""
                parts.append((len(held), f"{how}{shown}, which {who}"))
        start = f"{name} starts with {plural(len(cards), 'card')}"
        if len(parts) == 1:   # every card faces one way
            ((count, said_how),) = parts
            every = {1: "", 2: "both "}.get(count, "all ")
            return f"{start}, {every}{said_how}"
        return f"{start}: " + ", and ".join(f"{count} {how}" for count, how in parts)

    blind = tuple(s for s in range(state.num_players)
                  if not all(sees_face(state, seat, c, s) for c in cards))
    return Event(rule, said(True), blind, said(False) if blind else "")


def _piles_told(state: State) -> Event:
    drawn = len(state.zones["draw"]) + 1   # the starter's draw has been made
    pile = state.zones["discard"]
    discard = (f"the discard pile beside it holds {plural(len(pile), 'card')}, "
               f"{DECK.label[pile[-1]]} face up on top") if pile else \
        "the discard pile beside it is still empty"
    return Event("SN-1.4", f"The draw pile holds {plural(drawn, 'card')}, face down; "
                 f"{discard}")


def _starter_told(state: State) -> Event:
    data, names, n = state.data, state.players, state.num_players
    starter = data["starter"]
    name = names[starter]
    after = joined(names[(starter + k) % n] for k in range(1, n))
    then = f"; after {name} {'comes' if n == 2 else 'come'} {after}, clockwise round " \
        "the table"
    if data["starter_by_lot"]:
        return Event("SN-R2", f"The shortest player should start, but the tutor cannot "
                     f"measure anyone, so it drew {name} by lot{then}")
    return Event("SN-1.5", f"{name} is the shortest player, so {name} starts{then}")


class _Position(Position):
    """A setup position with the stand-in deck for this player count; a hand's card may be
    written 'Gift (away)' for a card that faces away from its holder."""

    deck_rule = "SN-1.1"

    def __init__(self, players: tuple[str, ...], setup: dict, in_play: list[str]):
        super().__init__(players, setup, in_play, DECK.label, read_name)
        self.deck_name = f"with {len(players)} players the deck"

    def unknown_card(self, text) -> str:
        return f"{STAND_IN} has no card called {text!r} (cards: {', '.join(DECK.effect_of)})"

    def take_held(self, text, where: str) -> tuple[str, bool]:
        """A card of a hand: its id, and whether it faces away."""
        words = " ".join(str(text).split())
        away = words.lower().endswith(AWAY)
        if away:
            words = words[:-len(AWAY)]
        return self.take(words, where), away
