"""Setting up a game of Sell Me a Sasquatch: the shuffle and deal, or a stated position,
and the setup told as events for step 0 of an example.

Implements the components and the deal (SQ-1.2 to SQ-1.4: five cards each, the draw
pile, an empty discard pile and collections, the token supply), the first buyer
(SQ-1.5, drawn by lot: ruling SQ-R12; with two players the first player, SQ-9.1), and
reading a scenario's ``setup`` (a position at the start of a turn; its sets must not be
complete, SQ-7.1). No option exists; the number of players chooses the rules (SQ-1.1,
SQ-9).
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Event, SetupError
from tutor.core.position import Position, check_setup_keys, draw_and_discard
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch.deck import (CREATURE, DECK, KIND_OF, LABEL, NASTY,
                                                   SET_SIZE, THINGAMABOB, article,
                                                   name_order, read_name)
from tutor.games.sell_me_a_sasquatch.table import HAND_SIZE, TOKENS, coll_text, target_tokens
from tutor.games.sell_me_a_sasquatch.turns import start_turn, turn_begins

SETUP_KEYS = {"buyer", "first", "hands", "collections", "tokens", "discard", "draw",
              "draw_size"}


def set_up(game_id: str, players: tuple[str, ...], seed: int, setup: dict | None) -> State:
    """A new game, or the position that ``setup`` describes (at the start of a turn).

    ``setup`` keys (all optional; cards are written as in the notation):

    ``buyer``           who holds the Buyer Squatch (``first`` with two players;
                        either key works); drawn by lot otherwise (SQ-R12)
    ``hands``           name -> the cards in that hand (at most five); players not
                        named are dealt five cards from the shuffled rest
    ``collections``     name -> the cards in that collection (no complete set:
                        sets are traded in at once, SQ-7.1)
    ``tokens``          name -> point tokens held
    ``discard``         cards on the discard pile, top first
    ``draw``            cards on top of the draw pile, top first; the rest of the
                        cards are shuffled below them
    ``draw_size``       how many cards the draw pile holds; the cards that do not fit
                        go under the discard pile
    """
    players = tuple(players)
    setup = dict(setup or {})
    check_setup_keys(setup, SETUP_KEYS)
    n = len(players)
    rng = Rng.from_seed(seed)
    position = Position(players, setup, DECK.ids(), LABEL, read_name)
    zones = {"draw": [], "discard": []}
    for seat in range(n):
        for name in ("hand", "deal", "coll"):
            zones[f"{name}:{seat}"] = []
    if "buyer" in setup and "first" in setup:
        raise SetupError("setup: name the first buyer once, as buyer or as first")
    key = "buyer" if "buyer" in setup else "first"
    buyer = position.seat_of(setup[key], key) if key in setup else rng.below(n)
    for seat, labels in position.per_player("collections").items():
        where = f"collections.{players[seat]}"
        zones[f"coll:{seat}"] = position.take_cards(labels, where)
        counts = Counter(LABEL[c] for c in zones[f"coll:{seat}"])
        for label, count in counts.items():
            if KIND_OF[label] != THINGAMABOB and count >= SET_SIZE[label]:
                raise SetupError(f"setup.{where}: {count} {label} make a complete set, "
                                 f"which would have been traded in (SQ-7.1)")
    dealt = position.hands(HAND_SIZE, "SQ-1.3")
    for seat, cards in dealt.items():
        zones[f"hand:{seat}"] = cards
    discard_top = position.take_cards(setup.get("discard"), "discard")
    draw_top = position.take_cards(setup.get("draw"), "draw")
    tokens = [0] * n
    for seat, count in position.per_player("tokens", "a number").items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise SetupError(f"setup.tokens.{players[seat]}: expected a whole number, "
                             f"got {count!r}")
        tokens[seat] = count

    rest = position.free_cards()
    rng.shuffle(rest)
    for _ in range(HAND_SIZE):
        for k in range(n):
            seat = (buyer + k) % n
            if seat in dealt:
                continue
            if not rest:
                raise SetupError(f"setup: no card is left to deal {players[seat]} a "
                                 f"hand of {HAND_SIZE}; name fewer cards elsewhere")
            zones[f"hand:{seat}"].append(rest.pop())
    zones["draw"], zones["discard"] = draw_and_discard(setup.get("draw_size"), draw_top,
                                                       discard_top, rest)
    data = {"turn": buyer, "chooser": buyer, "phase": "deals", "offered": [],
            "built": [], "done": [], "tokens": tokens, "steals": [], "decided": [], "turns": 0,
            "winners": [], "first_by_lot": key not in setup}
    state = State(game_id, players, {}, zones, data, rng.state)
    if zones["draw"]:
        for seat, name in enumerate(players):
            held = len(zones[f"hand:{seat}"])
            if held != HAND_SIZE:
                raise SetupError(f"setup.hands.{name}: {name} holds {held} cards, but "
                                 f"while the draw pile has cards every hand is filled "
                                 f"up to {HAND_SIZE} (SQ-8.1); name {HAND_SIZE} cards, "
                                 f"or empty the draw pile with draw_size: 0")
    events = start_turn(state)
    if state.data["phase"] == "over":
        raise SetupError("setup.hands: nobody can offer a deal, so the game is already "
                         "over (SQ-R10)" + (f": {events[-1].text}" if events else ""))
    return state


# -- the setup told as events (step 0 of every example) ---------------------------


def opening_events(state: State) -> list[Event]:
    """The setup as a learner steps through it: the cards, each hand (its cards for its
    holder and the teacher only), the collections, tokens and piles on the table, who
    begins and why, then the first turn as it begins.

    ``state`` is what set_up returned: a fresh deal, or the position a scenario's setup
    describes."""
    n = state.num_players
    events = [_cards_told(state)]
    events += [_hand_told(state, seat) for seat in range(n)]
    if any(state.zones[f"coll:{seat}"] for seat in range(n)):
        events.append(_collections_told(state))
    events += [_tokens_told(state), _aim_told(state), _piles_told(state),
               _first_told(state), turn_begins(state)]
    return events


def _cards_told(state: State) -> Event:
    kinds = Counter(card.kind for card in DECK)
    return Event("SQ-1.2", f"The {state.num_players} players play with all {len(DECK)} "
                 f"cards: {kinds[CREATURE]} creatures to collect in sets, {kinds[NASTY]} "
                 f"Nasties nobody wants, and {kinds[THINGAMABOB]} Thingamabobs with "
                 f"special powers")


def _hand_told(state: State, seat: int) -> Event:
    """The teacher and the holder read the cards; everyone else reads how many."""
    name, hand = state.players[seat], state.zones[f"hand:{seat}"]
    if not hand:
        return Event("SQ-1.3", f"{name} holds no cards")
    count = plural(len(hand), "card")
    cards = joined(sorted((LABEL[c] for c in hand), key=name_order))
    others = tuple(s for s in range(state.num_players) if s != seat)
    return Event("SQ-1.3", f"{name} gets {count}: {cards}; only {name} looks at them",
                 others, f"{name} gets {count}, face down: only {name} looks at them")


def _collections_told(state: State) -> Event:
    """A position from an example may start with cards in the collections (face up)."""
    held = [f"{state.players[seat]}'s collection: {coll_text(state, seat)}"
            for seat in range(state.num_players)]
    return Event("SQ-1.3", f"The game starts part way through, with cards face up in "
                 f"the collections. {'; '.join(held)}")


def _tokens_told(state: State) -> Event:
    tokens, names = state.data["tokens"], state.players
    supply = max(0, TOKENS - sum(tokens))
    if not any(tokens):
        return Event("SQ-1.4", f"The {TOKENS} point tokens lie in the middle of the table "
                     f"as the supply; nobody has one yet")
    held = joined(f"{names[s]} {tokens[s]}" for s in range(state.num_players))
    return Event("SQ-1.4", f"The point tokens already won: {held}; "
                 f"{plural(supply, 'token')} of the {TOKENS} are left in the supply")


def _aim_told(state: State) -> Event:
    """The players the game takes and what they play for (SQ-1.1): the count set_up
    accepted (three to six, or two by SQ-9) and the tokens that win with it."""
    n = state.num_players
    count = (f"{n} players play, as the game takes three to six" if n > 2 else
             "Two players play, with the changes for two (SQ-9)")
    return Event("SQ-1.1", f"{count}; the aim is point tokens: with {n} players, "
                 f"whoever has {target_tokens(n)} at the end of a turn wins")


def _piles_told(state: State) -> Event:
    draw, pile = len(state.zones["draw"]), state.zones["discard"]
    discard = (f"the discard pile beside it holds {plural(len(pile), 'card')}, with "
               f"{article(LABEL[pile[-1]])} face up on top") if pile else \
        "the discard pile beside it is empty"
    return Event("SQ-1.3", f"The draw pile holds {plural(draw, 'card')}, face down; "
                 f"{discard}")


def _first_told(state: State) -> Event:
    """Who begins and why: drawn by lot (SQ-R12) or named by the example."""
    name = state.players[state.data["turn"]]
    why = "was drawn by lot" if state.data.get("first_by_lot") else \
        "is named by the example"
    if state.num_players == 2:
        return Event("SQ-9.1", f"Two players play without the Buyer Squatch and take "
                     f"turns one after the other; {name} {why} to go first")
    return Event("SQ-1.5", f"{name} {why} to begin and takes the Buyer Squatch: whoever "
                 f"holds it is the buyer, so the first turn is {name}'s")
