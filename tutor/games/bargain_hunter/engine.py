"""Bargain Hunter's rules engine. Clause ids (BH-...) refer to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``deck``        the cards set aside face down for later rounds (BH-1.4)
``trash``       cleared-out junk, face up, shuffled under the deck at the next deal
``trick``       the cards of the trick in progress, in the order they were played
``hand:S``      seat S's cards (private)
``bargain:S``   seat S's bargain pile, face up; its top card is S's bargain (BH-2.2)
``junk:S``      seat S's junk pile, face down: only S sees it, everyone sees its size

``data`` keys: ``round``, ``dealer``, ``phase`` (``bargain``, ``hunt``, ``cleaning``,
``over``), ``turn``, ``dealt`` (cards dealt to each this round), ``tricks`` (tricks in
this round), ``trick_no``, ``leader`` (who led the trick in progress), ``lead`` and
``trump`` (colours of the trick in progress, or None), ``trick_seats``,
``trick_declared`` ("trump", "not trump" or "") and ``trick_order`` ("higher", "lower"
or "") per card of the trick; the same for the last finished trick as ``last_cards``
(labels), ``last_seats``, ``last_declared``, ``last_order``, ``last_lead``,
``last_trump``, ``last_winner``; and in spring cleaning ``cleanings_left`` (for the
player cleaning now), ``cleaned`` (players done) and ``cleared`` (per seat, the items it
cleared out this spring cleaning). All of it is public knowledge;
views add the scores and the card winning the trick (see ``public_data``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tutor.core.game import Event, Game, Outcome, Rejection, SetupError
from tutor.core.position import Position
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter import moves as notation
from tutor.games.bargain_hunter.deck import (ALL_IDS, CARD_HELP, COLOUR, COLOUR_NAMES,
                                             COLOUR_OF_LABEL, DECK, IDS_OF_LABEL, ITEMS,
                                             KIND, LABEL, NUMBER, OFFER, OFFER_LABEL,
                                             label_order, read_label)
from tutor.games.bargain_hunter.moves import (HIGHER, LOWER, ChooseBargain, Clean, Play,
                                              Skip)

BARGAIN, HUNT, CLEANING, OVER = "bargain", "hunt", "cleaning", "over"
ROUNDS = {3: 6, 4: 4}            # BH-1.2
HAND_SIZE = 8                    # BH-1.4
TRASH_MINIMUM = {3: 3, 4: 2}     # BH-5.2
FINAL_CLEANINGS = 2              # BH-6.1
TRUMP, NOT_TRUMP = "trump", "not trump"
# Where a twin ranks against its twin (BH-R3): half a number up or down.
ORDER_SHIFT = {"": 0.0, HIGHER: 0.5, LOWER: -0.5}

# The trash lies face up (BH-R15); a junk pile's size shows, not its cards (BH-R14).
_VISIBILITY = {"deck": Visibility.HIDDEN, "trash": Visibility.PUBLIC,
               "trick": Visibility.PUBLIC, "hand": Visibility.OWNER,
               "bargain": Visibility.PUBLIC, "junk": Visibility.OWNER}

# Every Play value there can be, made once: legal_moves hands these out instead of
# building thousands of equal dataclasses per game.
_PLAYS = {(label, trump, order): Play(label, trump, order)
          for label in IDS_OF_LABEL for trump in (None, True, False)
          for order in (None, HIGHER, LOWER)}
_BARGAINS = {label: ChooseBargain(label) for label in IDS_OF_LABEL}
_CLEANS = {item: Clean(item) for item in ITEMS}
_SKIP = Skip()


def sorted_labels(cards) -> list[str]:
    return sorted((LABEL[c] for c in cards), key=label_order)


def items_summary(cards) -> str:
    """'1, 3 x4, 4 x2, 5, 7, 9 and 1 Irresistible Offer' for a junk pile."""
    counts = Counter(NUMBER[c] for c in cards if KIND[c] != OFFER)
    parts = [f"{item} x{k}" if k > 1 else str(item) for item, k in sorted(counts.items())]
    offers = sum(KIND[c] == OFFER for c in cards)
    if offers:
        parts.append(f"{offers} Irresistible Offer{'s' if offers > 1 else ''}")
    return joined(parts)


def trick_winner(faces, lead: str | None, trump: str | None) -> int | None:
    """Which card of a trick wins (BH-3.9, BH-3.8, BH-R3): ``faces`` are the cards in the
    order played as (colour, number, order), with colour None for an Irresistible Offer
    and order "higher", "lower" or "" for a twin's declaration."""
    best, best_key = None, None
    for i, (colour, number, order) in enumerate(faces):
        if colour is None:
            key = (2, i)                   # the later Offer beats the earlier (BH-3.8)
        elif colour == trump:
            key = (1, number + ORDER_SHIFT[order])
        elif colour == lead:
            key = (0, number + ORDER_SHIFT[order])
        else:
            continue                       # neither trump nor lead colour: cannot win
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def winning_card(label: str, order: str, offers_before: int) -> str:
    """How a trick's winning card is named: 'green 7 (declared higher)', 'an Irresistible
    Offer', or 'the second Irresistible Offer' when another Offer was played before it."""
    if label == OFFER_LABEL:
        return f"the second {OFFER_LABEL}" if offers_before else f"an {OFFER_LABEL}"
    return f"{label} (declared {order})" if order else label


class BargainHunter(Game):
    id = "bargain_hunter"
    title = "Bargain Hunter"
    player_counts = range(3, 5)
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "BH-1.7"
    end_rule = "BH-6.1"

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK

    def rounds(self, state: State) -> int:
        return ROUNDS[state.num_players]

    SETUP_KEYS = ("dealer", "round", "dealt", "hands", "bargain", "junk", "trash", "leader",
                  "trick", "last_winner")

    def new_state(self, players, seed=0, options=None, setup=None) -> State:
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
        players = tuple(players)
        self.check_player_count(players)
        options = self.check_option_names(options)
        setup = dict(setup or {})
        unknown = set(setup) - set(self.SETUP_KEYS)
        if unknown:
            raise SetupError(f"setup: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                             f"the keys are {', '.join(self.SETUP_KEYS)}")
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
        state = State(self.id, players, dict(options or {}), zones, data, rng.state)
        positional = set(setup) - {"dealer", "round"}
        if not positional and round_number == 1:
            deck = list(ALL_IDS)
            rng.shuffle(deck)
            zones["deck"] = deck
            state.rng = rng.state
            self._deal(state)
            return state
        self._place_position(state, position, rng)
        return state

    def _place_position(self, state: State, position: Position, rng: Rng) -> None:
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
        trick = [self._trick_entry(text, i) for i, text in
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
        dealt = self._setup_dealt(setup, data["round"], len(deck), n)

        sizes = [len(zones[f"hand:{s}"]) for s in range(n)]
        has_bargain = [bool(zones[f"bargain:{s}"]) for s in range(n)]
        if data["round"] == 1 and any(sizes) and not any(has_bargain):
            self._fixed_deal(state, sizes)
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
            self._start_cleaning(state, first)
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
            move = _PLAYS[(label, trump, order)]
            rejection = self._check(state, seat, move)
            if rejection:
                raise SetupError(f"setup.trick[{i + 1}] ({players[seat]}: "
                                 f"{notation.format_move(move)[5:]}): cannot have been "
                                 f"played: {rejection}")
            self._perform(state, seat, move)

    @staticmethod
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

    @staticmethod
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

    def _fixed_deal(self, state: State, sizes: list[int]) -> None:
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

    # -- the setup, told -------------------------------------------------------------

    def opening_events(self, state: State) -> list[Event]:
        """The table as the game (or an example's position) begins, for the learner to
        step through: what the game is played with, the rounds, the dealer, what each
        player holds, what lies where, and who starts and why. Names and numbers are read
        from the state. No card of a hand, a junk pile or the deck is named (only the
        open bargain piles and trick), so every seat may read every event."""
        data, zones, names = state.data, state.zones, state.players
        n, phase, turn = state.num_players, data["phase"], data["turn"]
        round_number, rounds = data["round"], self.rounds(state)
        dealer = names[data["dealer"]]
        events = [self._components(state)]
        this = "" if round_number == 1 else \
            f"; this is round {round_number}{', the last' if round_number == rounds else ''}"
        events.append(Event("BH-1.2", f"With {n} players the game lasts {rounds} rounds{this}"))
        if round_number == 1:
            events.append(Event("BH-R6", f"{dealer} deals the first round: the first dealer "
                                "is drawn by lot, unless the example names one"))
        else:
            events.append(Event("BH-1.3", f"{dealer} deals round {round_number}: the deal "
                                "has passed one seat clockwise after each round"))
        events += self._what_each_holds(state)
        events += self._what_lies_where(state)
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
            if round_number == rounds:
                events.append(Event("BH-6.1", "This is the last round, so in this spring "
                                    "cleaning each player may clear out up to two items"))
            why = f"{first} won the last one, so " if data["last_winner"] == turn else ""
            events.append(Event("BH-5.1", f"The round's tricks are over: {why}{first} "
                                "cleans first"))
        return events

    @staticmethod
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

    def _what_each_holds(self, state: State) -> list[Event]:
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
        hunted = joined(f"{names[s]} {self.bargain_item(state, s)}s "
                        f"({plural(len(zones[f'bargain:{s}']), 'card')})"
                        for s in range(n) if zones[f"bargain:{s}"])
        events.append(Event("BH-2.2", "The bargain piles lie face up, and the number on top "
                            f"is the item each player hunts: {hunted}"))
        junk = [len(zones[f"junk:{s}"]) for s in range(n)]
        if any(junk):
            sizes_text = joined(f"{names[s]} {plural(junk[s], 'card')}" for s in range(n))
            events.append(Event("BH-4.2", "The junk piles lie face down: only the owner knows "
                                "what is in each, and everyone sees how big it is: "
                                f"{sizes_text}"))
        return events

    @staticmethod
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
            played = joined(f"{_played(LABEL[cid], declared, order)} ({names[seat]})"
                            for cid, seat, declared, order in
                            zip(zones["trick"], data["trick_seats"], data["trick_declared"],
                                data["trick_order"]))
            colours = f"; {data['lead']} is the lead colour" if data["lead"] else ""
            colours += f" and {data['trump']} is trump" if data["trump"] else ""
            events.append(Event("BH-3.1", f"Trick {data['trick_no']} of {data['tricks']} is "
                                f"under way, led by {names[data['leader']]}: {played}"
                                f"{colours}"))
        return events

    # -- whose turn ----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        turn = state.data["turn"]
        return () if turn is None else (turn,)

    # -- facts used by checks and moves -----------------------------------------------

    @staticmethod
    def bargain_item(state: State, seat: int) -> int | None:
        """The item seat hunts: the number on top of its bargain pile (BH-2.2)."""
        pile = state.zones[f"bargain:{seat}"]
        return NUMBER[pile[-1]] if pile else None

    @staticmethod
    def score(state: State, seat: int) -> int:
        return len(state.zones[f"bargain:{seat}"]) - len(state.zones[f"junk:{seat}"])

    def winning_index(self, state: State) -> int | None:
        """The position in the trick of the card that wins it so far (BH-3.9)."""
        orders = state.data["trick_order"]
        faces = [(COLOUR[cid], NUMBER[cid], orders[i])
                 for i, cid in enumerate(state.zones["trick"])]
        return trick_winner(faces, state.data["lead"], state.data["trump"])

    def _twin(self, state: State, label: str) -> int | None:
        """The position in the trick of the twin of an item card (same colour and
        number), if any. The two Offers are no twins: the later one simply wins."""
        if label == OFFER_LABEL:
            return None
        for i, cid in enumerate(state.zones["trick"]):
            if LABEL[cid] == label:
                return i
        return None

    @staticmethod
    def _hand_labels(state: State, seat: int) -> list[str]:
        return sorted_labels(state.zones[f"hand:{seat}"])

    # -- checking ------------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        phase = state.data["phase"]
        name = state.players[seat]
        if isinstance(move, Play):
            if phase == HUNT:
                return self._check_play(state, seat, move)
        elif isinstance(move, ChooseBargain):
            if phase == BARGAIN:
                return self._check_bargain(state, seat, move)
        elif isinstance(move, Clean):
            if phase == CLEANING:
                return self._check_clean(state, seat, move)
        elif isinstance(move, Skip):
            if phase == CLEANING:
                return None
        else:
            return Rejection("BH-1.7", f"{move!r} is not a Bargain Hunter move")
        # The move is of the wrong kind for this phase: say what the phase asks for.
        if phase == BARGAIN:
            example = next((label for label in self._hand_labels(state, seat)
                            if COLOUR_OF_LABEL[label]), "green 6")
            return Rejection("BH-2.1", f"the bargains come first: {name} lays an item card "
                             f"from the hand as bargain, as in 'bargain {example}'")
        if phase == HUNT:
            left = state.data["tricks"] - state.data["trick_no"] + 1
            if isinstance(move, ChooseBargain):
                return Rejection("BH-2.1", "bargains are only chosen before the first trick "
                                 f"of the game; now {name} plays a card to the trick")
            return Rejection("BH-5.1", f"spring cleaning comes after the last trick, and "
                             f"{plural(left, 'trick')} of round {state.data['round']} "
                             f"{'is' if left == 1 else 'are'} still to play: {name} plays "
                             "a card")
        return Rejection("BH-5.1", f"the tricks of round {state.data['round']} are over: in "
                         f"spring cleaning {name} clears out an item ('clean 3') or skips")

    def phase_rules(self, state: State) -> tuple[str, ...]:
        return {BARGAIN: ("BH-2.1",), HUNT: ("BH-3.1", "BH-3.2"),
                CLEANING: ("BH-5.1", "BH-6.1", "BH-R5")}.get(state.data["phase"], ())

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """A seat whose part of the phase is over is told the limit it reached."""
        data, name = state.data, state.players[seat]
        phase, now = data["phase"], state.players[data["turn"]]
        if phase == BARGAIN and isinstance(move, ChooseBargain) and \
                state.zones[f"bargain:{seat}"]:
            chosen = LABEL[state.zones[f"bargain:{seat}"][0]]
            return Rejection("BH-2.1", f"{name} already chose a bargain ({chosen}): every "
                             f"player lays one item card, and now {now} chooses")
        if phase == HUNT and isinstance(move, Play) and seat in data["trick_seats"]:
            card = state.zones["trick"][data["trick_seats"].index(seat)]
            played = f"an {OFFER_LABEL}" if KIND[card] == OFFER else LABEL[card]
            return Rejection("BH-3.2", f"{name} already played {played} to this trick: "
                             f"each player adds one card to a trick, and now {now} plays")
        if phase == CLEANING and isinstance(move, (Clean, Skip)):
            n = state.num_players
            done = {(data["turn"] - k) % n for k in range(1, data["cleaned"] + 1)}
            if seat not in done:
                return None
            final = data["round"] == self.rounds(state)
            items = (data.get("cleared") or [[]] * n)[seat]
            did = (f"{name} already cleared out {joined(f'the {i}s' for i in items)}"
                   if items else f"{name} already skipped spring cleaning")
            limit = "up to two items for each player, in one turn, as this is the last " \
                "round" if final else "one item for each player"
            return Rejection("BH-R5" if final else "BH-5.1",
                             f"{did} this round: spring cleaning is {limit}, and now {now} "
                             "cleans")
        return None

    def _check_bargain(self, state: State, seat: int, move: ChooseBargain) -> Rejection | None:
        name = state.players[seat]
        if move.card not in IDS_OF_LABEL:
            return Rejection("BH-1.1", f"there is no card called {move.card!r} ({CARD_HELP})")
        if move.card == OFFER_LABEL:
            return Rejection("BH-2.1", f"an {OFFER_LABEL} is not an item, so it cannot be a "
                             f"bargain: {name} lays a numbered card")
        hand = self._hand_labels(state, seat)
        if move.card not in hand:
            return Rejection("BH-2.1", f"{name} holds no {move.card} "
                             f"(hand: {', '.join(hand)})")
        return None

    def _check_play(self, state: State, seat: int, move: Play) -> Rejection | None:
        data, name, label = state.data, state.players[seat], move.card
        if label not in IDS_OF_LABEL:
            return Rejection("BH-1.1", f"there is no card called {label!r} ({CARD_HELP})")
        hand = state.zones[f"hand:{seat}"]
        if not any(LABEL[c] == label for c in hand):
            return Rejection("BH-3.2", f"{name} holds no {label} (hand: "
                             f"{', '.join(self._hand_labels(state, seat))})")
        colour, lead, trump = COLOUR_OF_LABEL[label], data["lead"], data["trump"]
        if colour is None:   # an Irresistible Offer (BH-3.3, BH-R7)
            if move.trump is not None:
                return Rejection("BH-R7", f"an {OFFER_LABEL} has no colour, so {name} "
                                 "declares neither trump nor not trump: write 'play offer'")
            if move.order is not None:
                return Rejection("BH-3.8", f"{OFFER_LABEL}s are never declared higher or "
                                 "lower: the one played second always beats the first")
            return None
        if lead is None:     # this card leads, or follows only Offers (BH-3.1, BH-R1)
            if move.trump is not None:
                return Rejection("BH-3.4", f"{label} sets the lead colour, and the lead "
                                 f"colour is never trump: play it without declaring trump "
                                 "or not trump")
            return self._check_order(state, move)
        if colour != lead:
            following = [c for c in hand if COLOUR[c] == lead]
            if following:
                return Rejection("BH-3.2", f"{name} must follow {lead}: {name} holds "
                                 f"{joined(sorted_labels(following))} (only an "
                                 f"{OFFER_LABEL} may be played instead)")
        if colour == lead:
            if move.trump:
                return Rejection("BH-3.4", f"{lead} is the lead colour and can never be "
                                 f"trump: play {label} without a declaration")
            if move.trump is False:
                return Rejection("BH-R12", f"{name} follows {lead}, so there is nothing to "
                                 "declare: only a player who cannot follow declares trump "
                                 "or not trump")
        elif trump is None:
            if move.trump is None:
                return Rejection("BH-3.4", f"{name} cannot follow {lead} and must declare "
                                 f"whether {colour} is trump: write 'play {label} trump' or "
                                 f"'play {label} not trump'")
        elif colour == trump:
            if move.trump is not None:
                said = "trump" if move.trump else "not trump"
                return Rejection("BH-3.5", f"{trump} is already the trump colour of this "
                                 f"trick, so {label} is a trump without a declaration "
                                 f"(leave out '{said}')")
        elif move.trump:
            return Rejection("BH-3.5", f"a trick has only one trump colour, and it is "
                             f"already {trump}: {colour} cannot be declared trump")
        elif move.trump is False:
            return Rejection("BH-R12", f"{trump} is already trump, so {label} is not trump "
                             f"anyway: play it without a declaration")
        return self._check_order(state, move)

    def _check_order(self, state: State, move: Play) -> Rejection | None:
        """A twin already in the trick needs higher or lower, any other card neither."""
        twin = self._twin(state, move.card)
        if twin is None:
            if move.order is not None:
                return Rejection("BH-3.7", f"there is no other {move.card} in the trick, so "
                                 f"{move.card} is neither higher nor lower: leave out "
                                 f"'{move.order}'")
            return None
        if move.order is None:
            owner = state.players[state.data["trick_seats"][twin]]
            return Rejection("BH-3.7", f"{owner}'s {move.card} is already in the trick: "
                             f"declare whether this one is higher or lower, as in 'play "
                             f"{move.card}{' trump' if move.trump else ''}"
                             f"{' not trump' if move.trump is False else ''} higher'")
        return None

    def _check_clean(self, state: State, seat: int, move: Clean) -> Rejection | None:
        name = state.players[seat]
        junk = state.zones[f"junk:{seat}"]
        if move.item == "offer":
            offers = sum(KIND[c] == OFFER for c in junk)
            held = (f"{name}'s {plural(offers, OFFER_LABEL)} stay{'s' if offers == 1 else ''}"
                    " in the junk pile until the final scoring" if offers else
                    f"{name}'s junk pile holds none anyway")
            return Rejection("BH-5.5", f"{OFFER_LABEL}s are never cleared out or trashed: "
                             f"{held}")
        if move.item not in ITEMS:
            return Rejection("BH-1.1", f"items are numbered 1 to 9, not {move.item!r}")
        if not any(NUMBER[c] == move.item for c in junk):
            return Rejection("BH-5.1", f"{name}'s junk pile has no {move.item}s to clear out "
                             f"(it holds {items_summary(junk)})")
        return None

    # -- legal moves ---------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        """Every legal move: hands are small, so each card with each declaration it may
        carry is listed (twins once, BH-R10)."""
        data = state.data
        if seat != data["turn"]:
            return []
        phase, hand = data["phase"], state.zones[f"hand:{seat}"]
        if phase == HUNT:
            return self._play_moves(state, hand)
        if phase == BARGAIN:
            labels = dict.fromkeys(LABEL[c] for c in hand if KIND[c] != OFFER)
            return [_BARGAINS[label] for label in labels]
        items = dict.fromkeys(NUMBER[c] for c in state.zones[f"junk:{seat}"]
                              if KIND[c] != OFFER)
        return [_CLEANS[item] for item in items] + [_SKIP]

    def _play_moves(self, state: State, hand: list[str]) -> list:
        data = state.data
        lead, trump = data["lead"], data["trump"]
        in_trick = {LABEL[c] for c in state.zones["trick"]}
        can_follow = lead is not None and any(COLOUR[c] == lead for c in hand)
        moves = []
        for label in dict.fromkeys(LABEL[c] for c in hand):
            colour = COLOUR_OF_LABEL[label]
            if colour is None:
                moves.append(_PLAYS[(label, None, None)])
                continue
            if lead is None or colour == lead:
                declarations = (None,)
            elif can_follow:
                continue
            elif trump is None:
                declarations = (True, False)
            else:
                declarations = (None,)
            orders = (HIGHER, LOWER) if label in in_trick else (None,)
            for declared in declarations:
                for order in orders:
                    moves.append(_PLAYS[(label, declared, order)])
        return moves

    # -- applying ------------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        if isinstance(move, Play):
            return self._play(state, seat, move)
        if isinstance(move, ChooseBargain):
            return self._choose_bargain(state, seat, move)
        if isinstance(move, Clean):
            return self._clean(state, seat, move.item)
        return self._skip(state, seat)

    @staticmethod
    def _take_from_hand(state: State, seat: int, label: str) -> str:
        hand = state.zones[f"hand:{seat}"]
        for i, cid in enumerate(hand):
            if LABEL[cid] == label:
                return hand.pop(i)
        raise AssertionError(f"{label} was checked to be in hand")

    def _choose_bargain(self, state: State, seat: int, move: ChooseBargain) -> list[Event]:
        data, n, name = state.data, state.num_players, state.players[seat]
        cid = self._take_from_hand(state, seat, move.card)
        state.zones[f"bargain:{seat}"].append(cid)
        events = [Event("BH-2.1", f"{name} chooses {NUMBER[cid]} as bargain: {move.card} "
                        f"starts {name}'s bargain pile")]
        following = (seat + 1) % n
        if state.zones[f"bargain:{following}"]:
            events += self._start_hunt(state, tricks=data["dealt"] - 1)
        else:
            data["turn"] = following
        return events

    def _play(self, state: State, seat: int, move: Play) -> list[Event]:
        data, zones, name, label = state.data, state.zones, state.players[seat], move.card
        colour, lead = COLOUR_OF_LABEL[label], data["lead"]
        twin = self._twin(state, label)
        cid = self._take_from_hand(state, seat, label)
        zones["trick"].append(cid)
        data["trick_seats"].append(seat)
        data["trick_declared"].append("" if move.trump is None else
                                      TRUMP if move.trump else NOT_TRUMP)
        data["trick_order"].append(move.order or "")
        first = len(zones["trick"]) == 1
        events = []
        if colour is None:
            offers = sum(KIND[c] == OFFER for c in zones["trick"])
            if first:
                events.append(Event("BH-R1", f"Trick {data['trick_no']} of {data['tricks']}: "
                                    f"{name} leads an {OFFER_LABEL}; the first coloured card "
                                    "will set the lead colour"))
            elif offers == 2:
                events.append(Event("BH-3.8", f"{name} plays the second {OFFER_LABEL}, "
                                    "which beats the first"))
            else:
                events.append(Event("BH-3.3", f"{name} plays an {OFFER_LABEL}, the highest "
                                    "trump"))
        elif first:
            data["lead"] = colour
            events.append(Event("BH-3.1", f"Trick {data['trick_no']} of {data['tricks']}: "
                                f"{name} leads {label}; {colour} is the lead colour"))
        elif lead is None:
            data["lead"] = colour
            events.append(Event("BH-R1", f"{name} plays {label}, the first coloured card: "
                                f"{colour} is the lead colour"))
        elif colour == lead:
            events.append(Event("BH-3.2", f"{name} follows with {label}"))
        elif move.trump:
            data["trump"] = colour
            events.append(Event("BH-3.4", f"{name} cannot follow {lead}: plays {label} and "
                                f"declares {colour} trump"))
            earlier = [LABEL[c] for c in zones["trick"][:-1] if COLOUR[c] == colour]
            if earlier:
                events.append(Event("BH-R2", f"{joined(earlier)}, played before, "
                                    f"{'counts' if len(earlier) == 1 else 'count'} as "
                                    "trump too"))
        elif move.trump is False:
            events.append(Event("BH-3.4", f"{name} cannot follow {lead}: plays {label} and "
                                f"declares {colour} not trump"))
        elif colour == data["trump"]:
            events.append(Event("BH-3.5", f"{name} cannot follow {lead}: plays {label}, a "
                                f"trump ({colour} is trump in this trick)"))
        else:
            events.append(Event("BH-3.5", f"{name} cannot follow {lead}: plays {label}, "
                                f"which is not trump ({data['trump']} is trump in this "
                                "trick)"))
        if twin is not None:
            owner = state.players[data["trick_seats"][twin]]
            events.append(Event("BH-3.7", f"{name} declares this {label} {move.order} than "
                                f"{owner}'s"))
        if len(zones["trick"]) == state.num_players:
            events += self._finish_trick(state)
        else:
            data["turn"] = (seat + 1) % state.num_players
        return events

    def _finish_trick(self, state: State) -> list[Event]:
        data, zones = state.data, state.zones
        cards = zones["trick"]
        win = self.winning_index(state)
        winner = data["trick_seats"][win]
        name = state.players[winner]
        offers_before = sum(KIND[c] == OFFER for c in cards[:win])
        how = winning_card(LABEL[cards[win]], data["trick_order"][win], offers_before)
        trump_note = f"; {data['trump']} was trump" if data["trump"] else ""
        events = [Event("BH-3.9", f"{name} wins the trick with {how}{trump_note}")]
        item = self.bargain_item(state, winner)
        kept = [c for c in cards if NUMBER[c] == item]
        junk = [c for c in cards if NUMBER[c] != item]
        zones[f"bargain:{winner}"] += kept
        zones[f"junk:{winner}"] += junk
        parts = []
        if kept:
            parts.append(f"{joined(LABEL[c] for c in kept)} onto the bargain pile")
        if junk:
            named = (f"an {OFFER_LABEL}" if KIND[c] == OFFER else LABEL[c] for c in junk)
            parts.append(f"{joined(named)} face down onto the junk pile")
        events.append(Event("BH-4.1", f"{name} hunts {item}s: {'; '.join(parts)}"))
        data.update(last_cards=[LABEL[c] for c in cards], last_seats=data["trick_seats"],
                    last_declared=data["trick_declared"], last_order=data["trick_order"],
                    last_lead=data["lead"], last_trump=data["trump"], last_winner=winner,
                    trick_seats=[], trick_declared=[], trick_order=[], lead=None,
                    trump=None)
        zones["trick"] = []
        if zones[f"hand:{winner}"]:
            data.update(trick_no=data["trick_no"] + 1, leader=winner, turn=winner)
            events.append(Event("BH-3.10", f"{name} leads trick {data['trick_no']} of "
                                f"{data['tricks']}"))
            return events
        events.append(Event("BH-4.3", f"That was the last trick of round {data['round']}"))
        return events + self._start_cleaning(state, winner)

    def _start_hunt(self, state: State, tricks: int) -> list[Event]:
        data = state.data
        leader = (data["dealer"] + 1) % state.num_players
        data.update(phase=HUNT, tricks=tricks, trick_no=1, leader=leader, turn=leader,
                    lead=None, trump=None)
        return [Event("BH-3.1", f"The hunt begins: {state.players[leader]}, left of the "
                      f"dealer, leads the first of {plural(tricks, 'trick')}")]

    def _start_cleaning(self, state: State, first: int) -> list[Event]:
        data = state.data
        final = data["round"] == self.rounds(state)
        data.update(phase=CLEANING, turn=first, cleaned=0,
                    cleanings_left=FINAL_CLEANINGS if final else 1,
                    cleared=[[] for _ in range(state.num_players)])
        each = "up to two items each, as it is the last round (BH-6.1)" if final else \
            "one item each"
        return [Event("BH-5.1", f"Spring cleaning, {each}: {state.players[first]} starts")]

    def _clean(self, state: State, seat: int, item: int) -> list[Event]:
        data, zones, name = state.data, state.zones, state.players[seat]
        junk = zones[f"junk:{seat}"]
        cleared = [c for c in junk if NUMBER[c] == item]
        zones[f"junk:{seat}"] = [c for c in junk if NUMBER[c] != item]
        minimum = TRASH_MINIMUM[state.num_players]
        before = self.bargain_item(state, seat)
        trashed, kept = cleared[:minimum], cleared[minimum:]
        zones["trash"] += trashed
        zones[f"bargain:{seat}"] += kept
        what = f"{name} clears out item {item} ({plural(len(cleared), 'card')})"
        goes = "goes" if len(trashed) == 1 else "go"
        to_trash = (f"{joined(sorted_labels(trashed))} {goes} to the trash, as with "
                    f"{state.num_players} players the first {minimum} cleared out always do")
        if kept:
            now = f"{name}'s bargain is now {item} (it was {before})" if item != before \
                else f"{name}'s bargain stays {item}"
            events = [Event("BH-5.4", f"{what}: {to_trash}; {joined(sorted_labels(kept))} "
                            f"{'goes' if len(kept) == 1 else 'go'} onto {name}'s bargain "
                            f"pile: {now}")]
        else:
            events = [Event("BH-5.3", f"{what}: {to_trash}; {name}'s bargain stays "
                            f"{before}")]
        # A new list for the seat: State.clone copies data one level deep only.
        cleared = data.get("cleared") or [[] for _ in range(state.num_players)]
        data["cleared"] = [items + [item] if s == seat else items
                           for s, items in enumerate(cleared)]
        data["cleanings_left"] -= 1
        if data["cleanings_left"]:
            events.append(Event("BH-6.1", f"{name} may clear out a second item or skip"))
            return events
        return events + self._next_cleaner(state, seat)

    def _skip(self, state: State, seat: int) -> list[Event]:
        name = state.players[seat]
        more = state.data["cleanings_left"] < FINAL_CLEANINGS and \
            state.data["round"] == self.rounds(state)
        text = f"{name} clears out nothing more" if more else f"{name} skips spring cleaning"
        return [Event("BH-R5" if more else "BH-5.1", text)] + self._next_cleaner(state, seat)

    def _next_cleaner(self, state: State, seat: int) -> list[Event]:
        data, name = state.data, state.players[seat]
        data["cleaned"] += 1
        if data["cleaned"] < state.num_players:
            final = data["round"] == self.rounds(state)
            data.update(turn=(seat + 1) % state.num_players,
                        cleanings_left=FINAL_CLEANINGS if final else 1)
            return [Event("BH-5.1", f"{name}'s spring cleaning is over; "
                          f"{state.players[data['turn']]} cleans next")]
        over = [Event("BH-5.1", f"{name}'s spring cleaning is over, the last of round "
                      f"{data['round']}")]
        if data["round"] == self.rounds(state):
            return over + self._end_game(state)
        data.update(round=data["round"] + 1,
                    dealer=(data["dealer"] + 1) % state.num_players)
        return over + self._deal(state)

    def _deal(self, state: State) -> list[Event]:
        """Deal the round (BH-1.4 to BH-1.6): trash under the deck, then cards one at a
        time clockwise from the dealer's left, from the top of the deck."""
        data, zones, n = state.data, state.zones, state.num_players
        dealer = state.players[data["dealer"]]
        events = []
        if data["round"] > 1:
            events.append(Event("BH-1.3", f"Round {data['round']} of {self.rounds(state)}: "
                                f"the deal passes to {dealer}"))
        if zones["trash"]:
            trash = zones["trash"]
            rng = Rng(state.rng)
            rng.shuffle(trash)
            state.rng = rng.state
            events.append(Event("BH-1.5", f"{dealer} shuffles the trash "
                                f"({plural(len(trash), 'card')}) and puts it under the "
                                f"{plural(len(zones['deck']), 'card')} set aside"))
            zones["deck"] = trash + zones["deck"]
            zones["trash"] = []
        deck = zones["deck"]
        each = min(HAND_SIZE, len(deck) // n)
        first = (data["dealer"] + 1) % n
        for _ in range(each):
            for step in range(n):
                zones[f"hand:{(first + step) % n}"].append(deck.pop())
        data["dealt"] = each
        head = f"Round 1 of {self.rounds(state)}: " if data["round"] == 1 else ""
        if each == HAND_SIZE:
            events.append(Event("BH-1.4", f"{head}{dealer} deals {HAND_SIZE} cards to each "
                                f"player; {plural(len(deck), 'card')} "
                                f"{'is' if len(deck) == 1 else 'are'} set aside"))
        elif each:
            events.append(Event("BH-1.6", f"Only {plural(len(deck) + each * n, 'card')} "
                                f"{'is' if len(deck) + each * n == 1 else 'are'} left: "
                                f"{dealer} deals {each} to each player and "
                                f"{len(deck)} stay{'s' if len(deck) == 1 else ''} set aside "
                                "(BH-R8)"))
        else:
            events.append(Event("BH-R8", f"Only {plural(len(deck), 'card')} "
                                f"{'is' if len(deck) == 1 else 'are'} left, fewer than the "
                                "players: nobody is dealt a card and there are no tricks "
                                "this round"))
            return events + self._start_cleaning(state, first)
        if data["round"] == 1:
            data.update(phase=BARGAIN, turn=first)
            events.append(Event("BH-2.1", f"Before the first trick everyone chooses a "
                                f"bargain, starting with {state.players[first]}"))
            return events
        return events + self._start_hunt(state, tricks=each)

    # -- the end -------------------------------------------------------------------

    def _end_game(self, state: State) -> list[Event]:
        state.data.update(phase=OVER, turn=None, cleanings_left=0)
        result = self.outcome(state)
        tied = result.scores.count(max(result.scores)) > 1
        return [Event("BH-6.1", f"Round {state.data['round']} was the last: the game is "
                      "over"),
                Event("BH-6.3" if tied else "BH-6.2", result.explanation)]

    def outcome(self, state: State) -> Outcome | None:
        if state.data["phase"] != OVER:
            return None
        n, names = state.num_players, state.players
        scores = tuple(self.score(state, s) for s in range(n))
        junk = [len(state.zones[f"junk:{s}"]) for s in range(n)]
        best = max(scores)
        tied = [s for s in range(n) if scores[s] == best]
        if len(tied) == 1:
            s = tied[0]
            return Outcome((s,), scores, f"{names[s]} wins with {_points(best)} "
                           f"({len(state.zones[f'bargain:{s}'])} bargain cards, "
                           f"{junk[s]} junk)")
        fewest = min(junk[s] for s in tied)
        winners = tuple(s for s in tied if junk[s] == fewest)
        if len(winners) == 1:
            return Outcome(winners, scores, f"{joined(names[s] for s in tied)} tie on "
                           f"{_points(best)}; {names[winners[0]]} wins the tie with the "
                           f"smallest junk pile ({plural(fewest, 'card')})")
        return Outcome(winners, scores, f"{joined(names[s] for s in winners)} tie on "
                       f"{_points(best)} and {plural(fewest, 'junk card')}: they share the "
                       "win")

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        return notation.parse(text)

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def visibility(self, zone: str) -> Visibility:
        return _VISIBILITY[zone.partition(":")[0]]

    def public_data(self, state: State, seat: int | None) -> dict:
        """All of ``data`` (public knowledge), plus three derived numbers the app shows:
        ``scores`` and ``bargains`` per seat, and ``winning_index``, the position in the
        trick of the card winning it so far (None without a trick). They follow from
        open piles, pile sizes and the open trick, so every seat may know them."""
        seats = range(state.num_players)
        return dict(state.data, scores=[self.score(state, s) for s in seats],
                    bargains=[self.bargain_item(state, s) for s in seats],
                    winning_index=self.winning_index(state))

    def scoreboard(self, state: State) -> list[dict]:
        """Per player: the bargain item, the bargain and junk pile sizes and the score.
        All public: bargain piles lie open (BH-4.2) and everyone sees how big a junk pile
        is (BH-R14)."""
        return [{"player": name,
                 "bargain": self.bargain_item(state, seat) or "-",
                 "bargain cards": len(state.zones[f"bargain:{seat}"]),
                 "junk cards": len(state.zones[f"junk:{seat}"]),
                 "score": self.score(state, seat)}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_ALIASES = {"irresistible offer": "offer"}
    FACT_NAMES = {
        "round": "the round number",
        "dealer": "who deals this round",
        "phase": "bargain, hunt, spring cleaning or over",
        "to act": "the player whose turn it is ('nobody' at the end)",
        "trick number": "the number of the trick in progress within the round",
        "leader": "who led (or leads) the trick in progress",
        "lead colour": "the lead colour of the trick in progress ('none' yet)",
        "trump": "the trump colour of the trick in progress ('none')",
        "trick": "the cards of the trick in progress with their declarations, "
                 "e.g. 'green 7 higher' (a list)",
        "played/NAME": "NAME's card in the trick in progress, with its declarations "
                       "('-' if none yet)",
        "last winner": "who won the last finished trick ('nobody' yet)",
        "last winning card": "the card that won it, e.g. 'green 7 (declared higher)', "
                             "'offer' or 'offer (the second)'",
        "last lead colour": "the lead colour of the last finished trick",
        "last trump": "the trump colour of the last finished trick ('none')",
        "last trick": "the cards of the last finished trick with their declarations "
                      "(a list)",
        "last played/NAME": "NAME's card in the last finished trick, with declarations",
        "bargain/NAME": "the item NAME hunts: the number on top of the bargain pile",
        "bargain pile/NAME": "the cards of NAME's bargain pile (a list)",
        "bargain items/NAME": "the numbers of those cards (a list)",
        "bargain size/NAME": "how many cards NAME's bargain pile holds",
        "junk/NAME": "the cards of NAME's junk pile, 'offer' for an Irresistible Offer "
                     "(a list)",
        "junk items/NAME": "their numbers, 'offer' for an Irresistible Offer (a list)",
        "junk size/NAME": "how many cards NAME's junk pile holds",
        "hand/NAME": "the cards in NAME's hand, 'offer' for an Irresistible Offer (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "score/NAME": "bargain cards minus junk cards, e.g. -3",
        "trash": "the cards on the trash pile (a list)",
        "trash size": "how many cards the trash pile holds",
        "deck size": "how many cards are set aside for later rounds",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        phase = {CLEANING: "spring cleaning"}.get(data["phase"], data["phase"])
        facts = {
            "round": str(data["round"]),
            "dealer": names[data["dealer"]],
            "phase": phase,
            "to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
            "trick number": str(data["trick_no"]),
            "leader": names[data["leader"]],
            "lead colour": data["lead"] or "none",
            "trump": data["trump"] or "none",
            "trick": [],
            "last winner": "nobody" if data["last_winner"] is None
            else names[data["last_winner"]],
            "last lead colour": data["last_lead"] or "none",
            "last trump": data["last_trump"] or "none",
            "last trick": [],
            "trash": [_named(LABEL[c]) for c in zones["trash"]],
            "trash size": str(len(zones["trash"])),
            "deck size": str(len(zones["deck"])),
        }
        for name in names:
            facts[f"played/{name}"] = "-"
            facts[f"last played/{name}"] = "-"
        for i, cid in enumerate(zones["trick"]):
            text = _played(LABEL[cid], data["trick_declared"][i], data["trick_order"][i])
            facts["trick"].append(text)
            facts[f"played/{names[data['trick_seats'][i]]}"] = text
        last = data["last_cards"]
        for i, label in enumerate(last):
            text = _played(label, data["last_declared"][i], data["last_order"][i])
            facts["last trick"].append(text)
            facts[f"last played/{names[data['last_seats'][i]]}"] = text
        if data["last_winner"] is not None and last:
            win = data["last_seats"].index(data["last_winner"])
            offers_before = last[:win].count(OFFER_LABEL)
            if last[win] == OFFER_LABEL:
                facts["last winning card"] = "offer (the second)" if offers_before else "offer"
            else:
                facts["last winning card"] = winning_card(last[win], data["last_order"][win],
                                                          offers_before)
        else:
            facts["last winning card"] = "none"
        for seat, name in enumerate(names):
            bargain, junk = zones[f"bargain:{seat}"], zones[f"junk:{seat}"]
            item = self.bargain_item(state, seat)
            facts[f"bargain/{name}"] = str(item) if item is not None else "none"
            facts[f"bargain pile/{name}"] = [_named(LABEL[c]) for c in bargain]
            facts[f"bargain items/{name}"] = [str(NUMBER[c]) for c in bargain]
            facts[f"bargain size/{name}"] = str(len(bargain))
            facts[f"junk/{name}"] = [_named(LABEL[c]) for c in junk]
            facts[f"junk items/{name}"] = ["offer" if KIND[c] == OFFER else str(NUMBER[c])
                                           for c in junk]
            facts[f"junk size/{name}"] = str(len(junk))
            facts[f"hand/{name}"] = [_named(LABEL[c]) for c in zones[f"hand:{seat}"]]
            facts[f"hand size/{name}"] = str(len(zones[f"hand:{seat}"]))
            facts[f"score/{name}"] = str(self.score(state, seat))
        result = self.outcome(state)
        facts["winners"] = [names[s] for s in result.winners] if result else []
        return facts


def _named(label: str) -> str:
    """A card as the notation and setups write it: 'green 7', 'offer' (the checkpoints
    name an Irresistible Offer the same way everywhere)."""
    return "offer" if label == OFFER_LABEL else label


def _played(label: str, declared: str, order: str) -> str:
    """A card of a trick as written in the notation: 'red 3 trump lower', 'offer'."""
    words = [_named(label), declared, order]
    return " ".join(w for w in words if w)


def _points(score: int) -> str:
    return f"{score} point{'' if abs(score) == 1 else 's'}"


class _Position(Position):
    """A setup position; an unknown card's message says how cards are written."""

    deck_name = "the game"

    def unknown_card(self, text) -> str:
        return f"there is no card called {text!r} ({CARD_HELP})"
