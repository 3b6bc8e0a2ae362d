"""Setting up (BH-1.1 to BH-1.7, BH-R6, BH-R8): a new game dealt from its seed, a fixed
deal, or the position a scenario's setup describes (in the bargains, in the hunt, at
spring cleaning), and the setup told as events for the learner to step through."""

from __future__ import annotations

from tutor.core.game import Event, SetupError
from tutor.core.position import Position, check_setup_keys
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter import dealing, hunt
from tutor.games.bargain_hunter import moves as notation
from tutor.games.bargain_hunter.deck import (ALL_IDS, CARD_HELP, COLOUR, COLOUR_NAMES,
                                             KIND, LABEL, NUMBER, OFFER, OFFER_LABEL,
                                             read_label)
from tutor.games.bargain_hunter.hunt import PLAYS
from tutor.games.bargain_hunter.table import (BARGAIN, CLEANING, HAND_SIZE, HUNT, ROUNDS,
                                              bargain_item, played_text, rounds)


SETUP_KEYS = ("dealer", "round", "dealt", "hands", "bargain", "junk", "trash", "leader",
              "trick", "last_winner")


def set_up(game_id: str, players: tuple[str, ...], seed: int, options: dict,
           setup: dict | None) -> State:
    """A new game, a fixed deal, or the mid-game position that ``setup`` describes.

    ``setup`` keys (all optional; docs/scenario-format.md has examples):
    ``dealer`` (the name of this round's dealer; by lot otherwise, BH-R6);
    ``round`` (1 unless told); ``dealt`` (the cards each player was dealt this
    round: 8 unless a short deal gave fewer, BH-1.6, which leaves fewer cards set
    aside than players, BH-R8); ``hands`` (name -> cards in hand); ``bargain`` and
    ``junk`` (name -> the cards of that pile, bottom first, so the last one of a
    bargain pile is the bargain); ``trash`` (cards); ``leader`` (who leads, or led,
    the trick in progress); ``trick`` (the cards already played to it, from the
    leader clockwise, each written as in the move notation without ``play``:
    ``"green 7 higher"``); ``last_winner`` (who won the last trick, which decides
    who cleans first when the hands are empty).

    * Only ``dealer`` (or nothing): a new game, dealt from the seed.
    * ``hands`` of 8 cards each in round 1 and no bargain piles: a fixed deal; the
      bargains are chosen next.
    * ``hands`` and every player's ``bargain`` pile: a position in the hunt.
    * every ``bargain`` pile and no cards in hand: a position at spring cleaning.

    Every card is placed at most once; cards the setup does not mention are
    shuffled into the deck set aside for later rounds.
    """
    setup = dict(setup or {})
    check_setup_keys(setup, SETUP_KEYS)
    n = len(players)
    rng = Rng.from_seed(seed)
    position = _Position(players, setup, ALL_IDS, LABEL, read_label)
    dealer = (position.seat_of(setup["dealer"], "dealer") if "dealer" in setup
              else rng.below(n))  # drawn by lot (BH-R6)
    round_number = setup.get("round", 1)
    if not isinstance(round_number, int) or isinstance(round_number, bool) or \
            not 1 <= round_number <= ROUNDS[n]:
        raise SetupError(f"setup.round: a {n}-player game has rounds 1 to {ROUNDS[n]}, "
                         f"not {round_number!r}")
    zones = {"deck": [], "trash": [], "trick": []}
    for seat in range(n):
        for name in ("hand", "bargain", "junk"):
            zones[f"{name}:{seat}"] = []
    data = {"round": round_number, "dealer": dealer, "phase": BARGAIN, "turn": None,
            "dealt": 0, "tricks": 0, "trick_no": 0, "leader": (dealer + 1) % n,
            "lead": None, "trump": None,
            "trick_seats": [], "trick_declared": [], "trick_order": [],
            "last_cards": [], "last_seats": [], "last_declared": [], "last_order": [],
            "last_lead": None, "last_trump": None, "last_winner": None,
            "cleanings_left": 0, "cleaned": 0, "cleared": [[] for _ in range(n)]}
    state = State(game_id, players, dict(options or {}), zones, data, rng.state)
    positional = set(setup) - {"dealer", "round"}
    if not positional and round_number == 1:
        deck = list(ALL_IDS)
        rng.shuffle(deck)
        zones["deck"] = deck
        state.rng = rng.state
        dealing.deal(state)
        return state
    _place_position(state, position, rng)
    return state


def _place_position(state: State, position: Position, rng: Rng) -> None:
    """Put the cards a setup lists where it says, check the position, and pick the
    phase it is in. Raises SetupError naming the key and the card."""
    players, zones, data = state.players, state.zones, state.data
    setup, n = position.setup, len(players)
    for key in ("hands", "bargain", "junk"):
        zone = {"hands": "hand"}.get(key, key)
        for seat, cards in position.per_player(key).items():
            zones[f"{zone}:{seat}"] = position.take_cards(cards, f"{key}.{players[seat]}")
    zones["trash"] = position.take_cards(setup.get("trash"), "trash")
    for seat in range(n):
        offers = [c for c in zones[f"bargain:{seat}"] if KIND[c] == OFFER]
        if offers:
            raise SetupError(f"setup.bargain.{players[seat]}: an {OFFER_LABEL} never "
                             "goes onto a bargain pile, only into a junk pile (BH-4.1)")
    for cid in zones["trash"]:
        if KIND[cid] == OFFER:
            raise SetupError(f"setup.trash: an {OFFER_LABEL} is never trashed (BH-5.5)")
    trick = [_trick_entry(text, i) for i, text in
             enumerate(position.card_list(setup.get("trick"), "trick"))]
    leader = (position.seat_of(setup["leader"], "leader") if "leader" in setup
              else (data["dealer"] + 1) % n)
    if len(trick) >= n:
        raise SetupError(f"setup.trick: a trick in progress has fewer cards than "
                         f"players ({n}), not {len(trick)}")
    for i, (label, _) in enumerate(trick):
        seat = (leader + i) % n
        # Back into the hand it came from, to be played again below.
        zones[f"hand:{seat}"].append(
            position.take(label, f"trick[{i + 1}] ({players[seat]})"))
    deck = position.free_cards()
    rng.shuffle(deck)
    zones["deck"] = deck
    state.rng = rng.state
    dealt = _setup_dealt(setup, data["round"], len(deck), n)

    sizes = [len(zones[f"hand:{s}"]) for s in range(n)]
    has_bargain = [bool(zones[f"bargain:{s}"]) for s in range(n)]
    if data["round"] == 1 and any(sizes) and not any(has_bargain):
        _fixed_deal(state, sizes)
        if trick or "leader" in setup or "last_winner" in setup:
            raise SetupError("setup: a fixed deal starts with the bargains; a trick, "
                             "a leader or a last winner needs bargain piles")
        return
    for seat in range(n):
        if not has_bargain[seat]:
            raise SetupError(f"setup.bargain.{players[seat]}: a position after the "
                             f"bargains needs every player's bargain pile; "
                             f"{players[seat]} has none")
    if "last_winner" in setup:
        data["last_winner"] = position.seat_of(setup["last_winner"], "last_winner")
    if not any(sizes):
        if trick or "leader" in setup:
            raise SetupError("setup: with empty hands the round's tricks are over; "
                             "leave out trick and leader (last_winner says who "
                             "cleans first)")
        first = data["last_winner"] if data["last_winner"] is not None else \
            (data["dealer"] + 1) % n
        standard = HAND_SIZE - 1 if data["round"] == 1 else dealt
        data.update(dealt=dealt, tricks=standard, trick_no=standard)
        dealing.start_cleaning(state, first)
        return
    standard = HAND_SIZE - 1 if data["round"] == 1 else dealt
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= standard:
        counted = ", ".join(f"{players[s]} {sizes[s]}" for s in range(n))
        with_trick = " (counting the cards already in the trick)" if trick else ""
        short = f" after a deal of {dealt} each" if dealt < HAND_SIZE else ""
        raise SetupError(f"setup.hands: before the trick in progress every player "
                         f"holds the same number of cards, 1 to {standard} in round "
                         f"{data['round']}{short}; here {counted}{with_trick}")
    data.update(phase=HUNT, dealt=dealt, tricks=standard,
                trick_no=standard - sizes[0] + 1, leader=leader, turn=leader)
    for i, (label, (trump, order)) in enumerate(trick):
        seat = (leader + i) % n
        move = PLAYS[(label, trump, order)]
        rejection = hunt.check_play(state, seat, move)
        if rejection:
            raise SetupError(f"setup.trick[{i + 1}] ({players[seat]}: "
                             f"{notation.format_move(move)[5:]}): cannot have been "
                             f"played: {rejection}")
        hunt.play(state, seat, move)


def _setup_dealt(setup: dict, round_number: int, set_aside: int, n: int) -> int:
    """``setup.dealt``, the cards each player was dealt this round: 8, or fewer after a
    short deal (BH-1.6). A short deal shares out all it can, so it leaves fewer cards
    set aside than there are players (BH-R8): the setup must place all the others."""
    if "dealt" not in setup:
        return HAND_SIZE
    dealt = setup["dealt"]
    if not isinstance(dealt, int) or isinstance(dealt, bool) or \
            not 1 <= dealt <= HAND_SIZE:
        raise SetupError(f"setup.dealt: the cards dealt to each player this round, 1 to "
                         f"{HAND_SIZE}, not {dealt!r}")
    if dealt < HAND_SIZE and round_number == 1:
        raise SetupError(f"setup.dealt: the first round is always dealt in full, "
                         f"{HAND_SIZE} cards each (BH-1.4); a short deal (BH-1.6) only "
                         "comes in a later round")
    if dealt < HAND_SIZE and set_aside >= n:
        raise SetupError(f"setup.dealt: a short deal of {dealt} each shares out all the "
                         f"cards it can, so fewer cards than players stay set aside "
                         f"(BH-R8), at most {n - 1} here; the setup leaves "
                         f"{plural(set_aside, 'card')} unplaced: put the others in hands "
                         "or piles")
    return dealt


def _trick_entry(text, index: int) -> tuple[str, tuple]:
    """A trick card of a setup, 'green 7 higher', as (label, (trump, order))."""
    words = str(text).strip()
    if not words.lower().startswith("play "):
        words = "play " + words
    try:
        move = notation.parse(words)
    except ValueError as error:
        raise SetupError(f"setup.trick[{index + 1}]: {error}") from None
    return move.card, (move.trump, move.order)


def _fixed_deal(state: State, sizes: list[int]) -> None:
    players, zones = state.players, state.zones
    for seat, size in enumerate(sizes):
        if size != HAND_SIZE:
            raise SetupError(f"setup.hands.{players[seat]}: in a fixed deal everyone "
                             f"holds {HAND_SIZE} cards; {players[seat]} holds {size}")
    for key in ("junk", "trash"):
        if any(zones[name] for name in zones if name.partition(":")[0] == key):
            raise SetupError(f"setup.{key}: nothing can be in a {key} pile before the "
                             "bargains are chosen")
    state.data.update(dealt=HAND_SIZE, phase=BARGAIN, turn=(state.data["dealer"] + 1)
                      % state.num_players)

# -- the setup, told -----------------------------------------------------------


def opening_events(state: State) -> list[Event]:
    """The table as the game (or an example's position) begins, for the learner to
    step through: what the game is played with, the rounds, the dealer, what each
    player holds, what lies where, and who starts and why. Names and numbers are read
    from the state. No card of a hand, a junk pile or the deck is named (only the
    open bargain piles and trick), so every seat may read every event."""
    data, zones, names = state.data, state.zones, state.players
    n, phase, turn = state.num_players, data["phase"], data["turn"]
    round_number, last = data["round"], rounds(state)
    dealer = names[data["dealer"]]
    events = [_components(state)]
    this = "" if round_number == 1 else \
        f"; this is round {round_number}{', the last' if round_number == last else ''}"
    events.append(Event("BH-1.2", f"With {n} players the game lasts {last} rounds{this}"))
    if round_number == 1:
        events.append(Event("BH-R6", f"{dealer} deals the first round: the first dealer "
                            "is drawn by lot, unless the example names one"))
    else:
        events.append(Event("BH-1.3", f"{dealer} deals round {round_number}: the deal "
                            "has passed one seat clockwise after each round"))
    events += _what_each_holds(state)
    events += _what_lies_where(state)
    if turn is None:
        return events
    first = names[turn]
    order = ", then ".join(names[(turn + k) % n] for k in range(n))
    events.append(Event("BH-1.7", f"Everything goes clockwise, one player at a time: "
                        f"{order}"))
    # Who starts and why comes last: it is what the first move answers.
    if phase == BARGAIN:
        events.append(Event("BH-2.1", f"{first} sits left of the dealer, so {first} lays "
                            "a bargain first and then leads the first trick"))
    elif phase == HUNT and zones["trick"]:
        events.append(Event("BH-3.2", f"{first} plays next, adding one card to the "
                            "trick"))
    elif phase == HUNT and data["trick_no"] == 1:
        why = ", left of the dealer," if turn == (data["dealer"] + 1) % n else ""
        events.append(Event("BH-3.1", f"{first}{why} leads the first of the round's "
                            f"{plural(data['tricks'], 'trick')}, with any card"))
    elif phase == HUNT:
        events.append(Event("BH-3.10", f"{first} won the last trick, so {first} leads "
                            f"trick {data['trick_no']} of {data['tricks']}"))
    elif phase == CLEANING:
        if round_number == last:
            events.append(Event("BH-6.1", "This is the last round, so in this spring "
                                "cleaning each player may clear out up to two items"))
        why = f"{first} won the last one, so " if data["last_winner"] == turn else ""
        events.append(Event("BH-5.1", f"The round's tricks are over: {why}{first} "
                            "cleans first"))
    return events


def _components(state: State) -> Event:
    """BH-1.1 as counted from the cards in play."""
    cards = [cid for pile in state.zones.values() for cid in pile]
    items = [cid for cid in cards if KIND[cid] != OFFER]
    colours = sorted({COLOUR[cid] for cid in items}, key=COLOUR_NAMES.index)
    numbers = sorted({NUMBER[cid] for cid in items})
    copies = len(items) // (len(colours) * len(numbers))
    offers = len(cards) - len(items)
    return Event("BH-1.1", f"The game is played with {len(cards)} cards: {len(items)} "
                 f"items in {len(colours)} colours ({joined(colours)}), numbered "
                 f"{numbers[0]} to {numbers[-1]}, each card "
                 f"{'twice' if copies == 2 else f'{copies} times'}, and "
                 f"{plural(offers, OFFER_LABEL)}, which have no colour and no number")


def _what_each_holds(state: State) -> list[Event]:
    """The deal and the hands; then the open bargain piles and the sizes of the junk
    piles, once there are any."""
    data, zones, names, n = state.data, state.zones, state.players, state.num_players
    dealer, dealt = names[data["dealer"]], data["dealt"]
    sizes = [len(zones[f"hand:{s}"]) for s in range(n)]
    if data["phase"] == BARGAIN:
        return [Event("BH-1.4", f"{dealer} deals {dealt} cards face down to each player: "
                      f"{joined(names)} each hold {dealt}, and only a hand's owner sees "
                      "it")]
    if not any(sizes):
        held = "the hands are played out"
    elif len(set(sizes)) == 1:
        held = f"{joined(names)} each hold {sizes[0]} now"
    else:
        held = "now " + joined(f"{names[s]} holds {sizes[s]}" for s in range(n))
    if dealt < HAND_SIZE:
        left = len(zones["deck"]) + dealt * n
        events = [Event("BH-1.6", f"Only {left} cards were left for this round's deal, "
                        f"too few for {HAND_SIZE} each, so {dealer} dealt {dealt} to "
                        f"each player; {held}"),
                  Event("BH-R8", f"Everyone got the same number, as many as the cards "
                        f"allowed, and the round has {plural(dealt, 'trick')}, one per "
                        "card dealt")]
    else:
        events = [Event("BH-1.4", f"{dealer} dealt {dealt} cards face down to each "
                        f"player this round; {held}")]
    hunted = joined(f"{names[s]} {bargain_item(state, s)}s "
                    f"({plural(len(zones[f'bargain:{s}']), 'card')})"
                    for s in range(n) if zones[f"bargain:{s}"])
    events.append(Event("BH-2.2", "The bargain piles lie face up, and the number on top "
                        f"is the item each player hunts: {hunted}"))
    junk = [len(zones[f"junk:{s}"]) for s in range(n)]
    if any(junk):
        sizes_text = joined(f"{names[s]} {plural(junk[s], 'card')}" for s in range(n))
        events.append(Event("BH-4.2", "The junk piles lie face down: only the owner knows "
                            "what is in each"))
        events.append(Event("BH-R14", "Everyone sees how big each junk pile is: "
                            f"{sizes_text}"))
    return events


def _what_lies_where(state: State) -> list[Event]:
    """The cards set aside, the trash pile, and a trick already under way."""
    data, zones, names = state.data, state.zones, state.players
    aside, trash = len(zones["deck"]), len(zones["trash"])
    last = data["round"] == ROUNDS[state.num_players]
    later = "unused, as this is the last round" if last else "for later rounds"
    where = f"{plural(aside, 'card')} {'lies' if aside == 1 else 'lie'} set aside face " \
        f"down, {later}; "
    where += "the trash pile is empty" if not trash else \
        f"{plural(trash, 'card')} {'lies' if trash == 1 else 'lie'} face up on the trash " \
        "pile"
    events = [Event("BH-1.4", where)]
    if zones["trick"]:
        played = joined(f"{played_text(LABEL[cid], declared, order)} ({names[seat]})"
                        for cid, seat, declared, order in
                        zip(zones["trick"], data["trick_seats"], data["trick_declared"],
                            data["trick_order"]))
        colours = f"; {data['lead']} is the lead colour" if data["lead"] else ""
        colours += f" and {data['trump']} is trump" if data["trump"] else ""
        events.append(Event("BH-3.1", f"Trick {data['trick_no']} of {data['tricks']} is "
                            f"under way, led by {names[data['leader']]}: {played}"
                            f"{colours}"))
    return events


class _Position(Position):
    """A setup position; an unknown card's message says how cards are written."""

    deck_name = "the game"

    def unknown_card(self, text) -> str:
        return f"there is no card called {text!r} ({CARD_HELP})"
