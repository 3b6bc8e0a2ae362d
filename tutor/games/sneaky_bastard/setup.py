"""Setting up Sneaky Bastard (SB-1, SB-8.1, SB-8.2): a new game or a stated position,
and the setup told as events for step 0 of an example.

``setup`` keys (all optional): ``first`` (the name of the player who starts), ``pile``
(house labels on top of the house pile, top first; the others are shuffled below), and
for a mid-game position ``round``, ``for_sale``, ``hands`` (name -> money labels),
``houses`` (name -> house labels), ``sneaky_cards`` (name -> how many are still in
hand) and ``discard``.
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Event, SetupError
from tutor.core.position import Position, check_setup_keys
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sneaky_bastard.deck import (DECK, HOUSE_PRICES, KIND, LABEL,
                                             SNEAKY_PER_CHARACTER, STARTING_MONEY, VALUE,
                                             amount, read_label, sneaky_cards_per_player)
from tutor.games.sneaky_bastard.sale import round_begins, start_round
from tutor.games.sneaky_bastard.table import (IN, count_sneaky, describe, sneaky_cards,
                                              total)

SETUP_KEYS = ("first", "pile", "round", "for_sale", "hands", "houses", "sneaky_cards",
              "discard")


def set_up(game_id: str, players: tuple[str, ...], seed: int, options: dict,
           setup: dict | None) -> State:
    """A new game, or the position that ``setup`` describes (its keys: SETUP_KEYS,
    told in this module's docstring). Players and options are checked already."""
    setup = dict(setup or {})
    check_setup_keys(setup, SETUP_KEYS)
    rng = Rng.from_seed(seed)
    n = len(players)
    zones = {"pile": [], "offer": [], "discard": [], "box": []}
    for seat in range(n):
        for name in ("hand", "houses", "bid", "sneaky"):
            zones[f"{name}:{seat}"] = []
    position = Position(players, setup, DECK.ids(), LABEL, read_label)
    free, seat_of, card_list = position.free, position.seat_of, position.card_list

    def take_kind(label_text, kind: str, where: str) -> str:
        cid = position.take(label_text, where)
        if KIND[cid] != kind:
            raise SetupError(f"setup.{where}: {LABEL[cid]} is not a {kind} card")
        return cid

    # Houses first: those named in the position, then the pile.
    for seat, labels in position.per_player("houses").items():
        for label in card_list(labels, f"houses.{players[seat]}"):
            zones[f"houses:{seat}"].append(
                take_kind(label, "house", f"houses.{players[seat]}"))
    for label in card_list(setup.get("discard"), "discard"):
        cid = position.take(label, "discard")
        if KIND[cid] == "sneaky":
            raise SetupError("setup.discard: Sneaky Bastard cards belong to players; "
                             "say how many each still holds with sneaky_cards")
        zones["discard"].append(cid)
    if setup.get("for_sale") is not None:
        zones["offer"].append(take_kind(setup["for_sale"], "house", "for_sale"))
    on_top = [take_kind(label, "house", "pile")
              for label in card_list(setup.get("pile"), "pile")]
    rest = [f"h{p}" for p in HOUSE_PRICES if f"h{p}" in free]
    rng.shuffle(rest)
    free.difference_update(rest)
    zones["pile"] = rest + on_top[::-1]

    hands = position.per_player("hands")
    for seat in range(n):
        where = f"hands.{players[seat]}"
        if seat in hands:
            labels = card_list(hands[seat], where)
        else:
            labels = [amount(v) for v, k in STARTING_MONEY[n].items() for _ in range(k)]
        zones[f"hand:{seat}"] += [take_kind(label, "money", where) for label in labels]
    sneaky_left = position.per_player("sneaky_cards", "a number")
    per_seat = sneaky_cards_per_player(n)
    for seat in range(n):
        count = sneaky_left.get(seat, per_seat)
        if not isinstance(count, int) or not 0 <= count <= per_seat:
            raise SetupError(f"setup.sneaky_cards.{players[seat]}: expected a number "
                             f"from 0 to {per_seat}, got {count!r}")
        characters = range(seat * per_seat // 2 + 1, (seat + 1) * per_seat // 2 + 1)
        own = [f"s{ch}.{k}" for ch in characters for k in (1, 2)]
        zones[f"hand:{seat}"] += own[:count]
        zones["discard"] += own[count:]  # played in earlier rounds
        free.difference_update(own)
    zones["box"] = position.free_cards()

    if "first" in setup:
        first = seat_of(setup["first"], "first")
    else:
        first = rng.below(n)  # drawn by lot (SB-1.4)
    # One house leaves the game per round, so the round follows from the houses gone.
    gone = len(HOUSE_PRICES) - len(zones["pile"]) - len(zones["offer"])
    round_number = gone + 1
    if "round" in setup and setup["round"] != round_number:
        raise SetupError(f"setup.round: this position is round {round_number} "
                         f"({gone} houses are owned or discarded), not "
                         f"{setup['round']!r}; place the houses of earlier rounds in "
                         "houses or discard")
    data = {"round": round_number - 1, "first": first, "turn": first,
            "status": [IN] * n, "sold": False, "over": False,
            "last_house": None, "last_buyer": None, "last_price": 0,
            "last_thief": None, "last_thief_bid": 0}
    state = State(game_id, players, dict(options or {}), zones, data, rng.state)
    if state.zones["offer"]:
        data["round"] = round_number
    else:
        if not zones["pile"]:
            raise SetupError("setup: no house is left to sell")
        start_round(state, first)
    return state


def opening_events(state: State) -> list[Event]:
    """Step 0 of an example: what the game is played with, what each player has,
    what lies where, who starts and why, and then the house put up for sale.

    A new game tells the deal (SB-1.x, SB-8.1, SB-8.2); a mid-game position tells
    each player's value cards instead, naming their money only to the player who
    holds it."""
    if not state.zones["offer"]:
        return []
    names, first = state.players, state.players[state.data["first"]]
    events = [_components(state)]
    if _is_new_game(state):
        events += _deal(state)
        pile = plural(len(state.zones["pile"]), "house")
        events.append(Event("SB-1.4", f"The other {pile} are shuffled into one "
                            "face-down pile"))
        events.append(Event("SB-1.4", f"{first} starts, drawn by lot; turns go round "
                            f"the table: {joined(names)}"))
    else:
        events += [_holdings(state, seat) for seat in range(state.num_players)]
        events.append(_houses_gone(state))
        events.append(Event("SB-2.2", f"The example joins the game in round "
                            f"{state.data['round']}, which {first} starts; turns go "
                            f"round the table: {joined(names)}"))
    return events + [round_begins(state, name_first=False)]


def _is_new_game(state: State) -> bool:
    """Whether this is a game's first round with every player holding exactly what
    the setup clauses give, so that the deal can be told as the rules tell it."""
    n, zones = state.num_players, state.zones
    start = sorted(v for v, k in STARTING_MONEY[n].items() for _ in range(k))
    for seat in range(n):
        hand = zones[f"hand:{seat}"]
        if sorted(VALUE[c] for c in hand if KIND[c] == "money") != start or \
                count_sneaky(hand) != sneaky_cards_per_player(n) or \
                zones[f"houses:{seat}"]:
            return False
    return state.data["round"] == 1


def _components(state: State) -> Event:
    n = state.num_players
    money = sum(STARTING_MONEY[n].values())
    sneaky = sneaky_cards_per_player(n)
    return Event("SB-1.1", f"Sneaky Bastard for {n} players is played with "
                 f"{len(HOUSE_PRICES)} houses priced {amount(HOUSE_PRICES[0])} to "
                 f"{amount(HOUSE_PRICES[-1])}, {money * n} money cards ({money} for "
                 f"each player) and {sneaky * n} Sneaky Bastard cards ({sneaky} for "
                 "each player)")


def _deal(state: State) -> list[Event]:
    """What each player gets in a new game. Everyone gets the same, as the rules say,
    so naming the money cards tells no player anything secret."""
    n, zones = state.num_players, state.zones
    start = STARTING_MONEY[n]
    cards = joined(f"{k}x{amount(v)}" for v, k in start.items())
    worth = amount(sum(v * k for v, k in start.items()))
    money_rule, sneaky_rule = ("SB-8.1", "SB-8.2") if n == 2 else ("SB-1.2", "SB-1.3")
    whose = "of two characters" if n == 2 else "of the character they pick"
    instead = f" (with two players, instead of {SNEAKY_PER_CHARACTER})" if n == 2 else ""
    boxed = Counter(KIND[c] for c in zones["box"])
    left = [plural(boxed[kind], word) for kind, word in
            (("sneaky", "Sneaky Bastard card"), ("money", "money card")) if boxed[kind]]
    box = f". The other {joined(left)} stay in the box" if left else ""
    return [Event(money_rule, f"{joined(state.players)} each get "
                  f"{sum(start.values())} money cards, {worth} in all, into their hand: "
                  f"{cards}"),
            Event(sneaky_rule, f"Each player takes the {sneaky_cards_per_player(n)} "
                  f"Sneaky Bastard cards {whose} into their hand{instead}{box}")]


def _holdings(state: State, seat: int) -> Event:
    """A player's value cards in a mid-game position: the money cards are named to
    that player only; everyone else reads the total, which is public in this game
    (everyone starts alike and every payment is made face up)."""
    zones, name = state.zones, state.players[seat]
    money = [c for c in zones[f"hand:{seat}"] if KIND[c] == "money"]
    houses = zones[f"houses:{seat}"]
    owned = f"house{'' if len(houses) == 1 else 's'}: " \
        f"{joined((DECK[c].name for c in houses), empty='none')}"
    head = f"{name}'s value cards: {amount(total(money))} in money"
    sneaky = sneaky_cards(count_sneaky(zones[f"hand:{seat}"]))
    tail = f"; {owned}. {name} holds {sneaky}"
    return Event("SB-3.1", f"{head} ({describe(money)}){tail}",
                 hidden_from=tuple(s for s in range(state.num_players) if s != seat),
                 public_text=f"{head} ({plural(len(money), 'card')}){tail}")


def _houses_gone(state: State) -> Event:
    """Where the houses of a mid-game position are, and what the discard pile holds."""
    zones, n = state.zones, state.num_players
    owned = sum(len(zones[f"houses:{s}"]) for s in range(n))
    unsold = [DECK[c].name for c in zones["discard"] if KIND[c] == "house"]
    earlier = state.data["round"] - 1
    text = "One house leaves the pile each round" + (
        f": in the {plural(earlier, 'round')} before this one "
        f"{plural(owned, 'house')} {'was' if owned == 1 else 'were'} bought"
        if earlier else "")
    if unsold:
        text += f" and {joined(unsold)} went unsold"
    pile = zones["pile"]
    text += f"; {plural(len(pile), 'house')} lie face down in the pile" if pile \
        else "; the pile is empty"
    paid = [c for c in zones["discard"] if KIND[c] == "money"]
    played = count_sneaky(zones["discard"])
    held = ([describe(paid)] if paid else []) + ([sneaky_cards(played)] if played else [])
    if held:
        text += f". The discard pile holds {joined(held)}"
    return Event("SB-2.1", text)
