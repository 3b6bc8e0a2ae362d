"""Sell Me a Sasquatch's rules engine. Clause ids (SQ-...) refer to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``draw``      the face-down draw pile (SQ-1.3)
``discard``   the discard pile, face up; only its top card is seen (SQ-R14)
``hand:S``    seat S's hand (private)
``deal:S``    the deal in front of seat S (in a two-player game: the cards on S's side).
              The zone itself is face down; ``state.seen_by`` says who sees each card:
              the player who laid it, or everyone once it is turned (SQ-R3, SQ-R4)
``coll:S``    seat S's collection, face up

``data`` keys: ``turn`` (the buyer; in a two-player game the player to move);
``chooser`` (who chooses: the buyer, or the other player of two); ``phase``: ``deals``
(deals being built, SQ-3.1; ``split`` with two players), ``flip`` (the buyer's extra
card, SQ-3.3, or a move of the window that passes it up, SQ-R18), ``window``
(Thingamabobs, SQ-5.1), ``last`` (after the last-chance call, SQ-5.3), ``steal`` (a
Nasty loss being decided, SQ-7.2), ``over``; ``offered`` (the seats with a deal this
turn); ``built`` (seats whose deal is ready); ``done`` (seats done
with Thingamabobs, SQ-R6); ``no_flip`` (the buyer went on without the extra card
this turn, SQ-R18); ``tokens`` (point tokens per seat); ``steals`` (pending
Nasty losses, flat triples: victim seat, cards that may still be taken, cards the
set allowed); ``turns``
(turns finished); ``winners`` (at the end).

No option exists; the number of players chooses the rules (SQ-1.1, SQ-9).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from tutor.core.game import Event, Game, Outcome, Rejection, SetupError
from tutor.core.position import Position
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch import moves as notation
from tutor.games.sell_me_a_sasquatch.deck import (CREATURE, DECK, KIND_OF, LABEL, NASTY,
                                                   SET_SIZE, THINGAMABOB, article,
                                                   name_order, read_name)
from tutor.games.sell_me_a_sasquatch.moves import (DETRITAL, EXPANDER, OPTIMETER, PLATONIC,
                                                   SUPER_DETRITAL, Accept, Choose, Deal,
                                                   Done, Flip, LastChance, Reverse, Split,
                                                   Steal, Thingamabob)

HAND_SIZE = 5
DEAL_SIZE = 3
TOKENS = 28
SETUP_KEYS = {"buyer", "first", "hands", "collections", "tokens", "discard", "draw",
              "draw_size"}
THINGAMABOB_RULE = {PLATONIC: "SQ-5.4", DETRITAL: "SQ-5.5", SUPER_DETRITAL: "SQ-5.6",
                    EXPANDER: "SQ-5.7", OPTIMETER: "SQ-5.8"}
NASTY_RULE = {"Poison Pill Bug": "SQ-7.2", "Loan Shark": "SQ-7.3", "Trojan Horse": "SQ-7.4"}
STEALS = {"Poison Pill Bug": 1, "Loan Shark": 2}

# The Thingamabob cards' names by card id: asked on every move whether anyone could play
# one (SQ-R6), so the other cards of a collection are skipped without a lookup.
GADGET_LABEL = {cid: label for cid, label in LABEL.items() if KIND_OF[label] == THINGAMABOB}

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "hand": Visibility.OWNER, "deal": Visibility.HIDDEN,
               "coll": Visibility.PUBLIC}


@lru_cache(maxsize=None)
def _zone_visibility(zone: str) -> Visibility:
    return _VISIBILITY[zone.partition(":")[0]]


def names_or_nobody(names) -> str:
    """Player names joined, as in 'Ann and Bob'; 'nobody' when no one is left."""
    return joined(names, empty="nobody")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def target_tokens(players: int) -> int:
    """Point tokens needed to win (SQ-8.4, SQ-9.6)."""
    return 4 if players in (3, 4) else 5


def offered_cards(hand: list[str]) -> list[tuple[str, ...]]:
    """A few sets of cards to offer from a hand sorted by name: every run of neighbours
    (at most three sets from five cards), so that each card of the hand is in one of
    them; listing every subset of the hand would cost far more and add no kind of move
    (Game.legal_moves)."""
    size = min(DEAL_SIZE, len(hand))
    return list(dict.fromkeys(tuple(hand[start:start + size])
                              for start in range(len(hand) - size + 1)))


def deal_moves(hand: list[str]) -> list[Deal]:
    """Representative deals (SQ-3.1, SQ-3.2): each set of offered_cards with each of its
    cards turned up."""
    return [Deal(tuple(c for i, c in enumerate(cards) if i != cards.index(up)) + (up,), up)
            for cards in offered_cards(hand) for up in dict.fromkeys(cards)]


def split_moves(hand: list[str]) -> list[Split]:
    """Representative splits (SQ-9.2, SQ-9.3): each set of offered_cards laid out in
    every shape (three and none ... none and three), with a card turned up on either
    side. The set is rotated by its place in the hand, and so is the card turned up, so
    that the cards take turns on either side and face up."""
    moves = []
    for turn, cards in enumerate(offered_cards(hand)):
        cards = cards[turn % len(cards):] + cards[:turn % len(cards)]
        for cut in range(len(cards) + 1):
            mine, theirs = cards[:cut], cards[cut:]
            for side, laid in (("mine", mine), ("theirs", theirs)):
                if laid:
                    moves.append(Split(mine, theirs, laid[(turn + cut) % len(laid)], side))
    return moves


class SellMeASasquatch(Game):
    id = "sell_me_a_sasquatch"
    title = "Sell Me a Sasquatch"
    player_counts = range(2, 7)   # 3-6, and 2 with the changes of SQ-9
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SQ-1.5"
    end_rule = "SQ-8.4"

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK

    def new_state(self, players, seed=0, options=None, setup=None) -> State:
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
        self.check_player_count(players)
        options = self.check_option_names(options)
        setup = dict(setup or {})
        unknown = set(setup) - SETUP_KEYS
        if unknown:
            raise SetupError(f"setup: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                             f"the keys are {', '.join(sorted(SETUP_KEYS))}")
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
        dealt = position.per_player("hands")
        for seat, labels in dealt.items():
            where = f"hands.{players[seat]}"
            labels = position.card_list(labels, where)
            if len(labels) > HAND_SIZE:
                raise SetupError(f"setup.{where}: a hand holds at most {HAND_SIZE} cards "
                                 f"(SQ-1.3), not {len(labels)}")
            zones[f"hand:{seat}"] = [position.take(label, where) for label in labels]
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
        draw_size = setup.get("draw_size")
        below = []
        if draw_size is not None:
            if not isinstance(draw_size, int) or isinstance(draw_size, bool) or \
                    not len(draw_top) <= draw_size <= len(draw_top) + len(rest):
                raise SetupError(f"setup.draw_size: expected a number from {len(draw_top)} "
                                 f"(the cards named in draw) to "
                                 f"{len(draw_top) + len(rest)} (the cards left), "
                                 f"got {draw_size!r}")
            keep = draw_size - len(draw_top)
            below, rest = rest[:len(rest) - keep], rest[len(rest) - keep:]
        zones["draw"] = rest + draw_top[::-1]
        zones["discard"] = below + discard_top[::-1]
        data = {"turn": buyer, "chooser": buyer, "phase": "deals", "offered": [],
                "built": [], "done": [], "tokens": tokens, "steals": [], "turns": 0,
                "winners": []}
        state = State(self.id, players, {}, zones, data, rng.state)
        if zones["draw"]:
            for seat, name in enumerate(players):
                held = len(zones[f"hand:{seat}"])
                if held != HAND_SIZE:
                    raise SetupError(f"setup.hands.{name}: {name} holds {held} cards, but "
                                     f"while the draw pile has cards every hand is filled "
                                     f"up to {HAND_SIZE} (SQ-8.1); name {HAND_SIZE} cards, "
                                     f"or empty the draw pile with draw_size: 0")
        events = self._start_turn(state)
        if state.data["phase"] == "over":
            raise SetupError("setup.hands: nobody can offer a deal, so the game is already "
                             "over (SQ-R10)" + (f": {events[-1].text}" if events else ""))
        return state

    # -- small helpers ---------------------------------------------------------------

    @staticmethod
    def two_players(state: State) -> bool:
        return state.num_players == 2

    def seat_named(self, state: State, name: str) -> int | None:
        lowered = " ".join(str(name).split()).lower()
        return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)

    @staticmethod
    def is_face_up(state: State, cid: str) -> bool:
        return len(state.seen_by.get(cid, ())) == state.num_players

    def face_down(self, state: State, seat: int) -> list[int]:
        """Positions (from 1) of the face-down cards of seat's deal."""
        return [i for i, c in enumerate(state.zones[f"deal:{seat}"], 1)
                if not self.is_face_up(state, c)]

    def deal_seats(self, state: State) -> list[int]:
        """The seats whose deal can be chosen or targeted this turn."""
        if self.two_players(state):
            return [0, 1]
        return list(state.data["offered"])

    @staticmethod
    def labels(state: State, zone: str) -> list[str]:
        return [LABEL[c] for c in state.zones[zone]]

    def _hand_text(self, state: State, seat: int) -> str:
        return ", ".join(sorted(self.labels(state, f"hand:{seat}"), key=name_order)) \
            or "no cards"

    def _coll_text(self, state: State, seat: int) -> str:
        return ", ".join(sorted(self.labels(state, f"coll:{seat}"), key=name_order)) \
            or "nothing"

    def _find(self, state: State, zone: str, labels) -> list[str] | None:
        """The ids of these cards in the zone (each id once), or None."""
        cards, chosen = state.zones[zone], []
        for wanted in labels:
            for cid in cards:
                if LABEL[cid] == wanted and cid not in chosen:
                    chosen.append(cid)
                    break
            else:
                return None
        return chosen

    def _where_else(self, state: State, seat: int, label: str) -> str:
        """Where the seat has this card if not in the hand (for SQ-4.x messages)."""
        name = state.players[seat]
        if label in self.labels(state, f"coll:{seat}"):
            return f"; {name}'s {label} is in {name}'s collection"
        if self._seen_in_deal(state, seat, label):
            return f"; {name}'s {label} is in {name}'s deal"
        return ""

    @staticmethod
    def _seen_in_deal(state: State, seat: int, label: str) -> bool:
        """Whether seat sees a card of this name in the deal in front of it: a card
        another player laid there face down (a two-player split, an Expander) is not
        seat's to know of, so no message may name it."""
        return any(LABEL[c] == label and seat in state.seen_by.get(c, ())
                   for c in state.zones[f"deal:{seat}"])

    def _not_in_hand(self, state: State, seat: int, labels) -> Rejection | None:
        if self._find(state, f"hand:{seat}", labels) is not None:
            return None
        held = Counter(self.labels(state, f"hand:{seat}"))
        name = state.players[seat]
        for wanted, count in Counter(labels).items():
            if held[wanted] < count:
                how = "no" if not held[wanted] else f"only {held[wanted]}"
                return Rejection("SQ-4.1", f"cards go into a deal only from the hand, and "
                                 f"{name} has {how} {wanted} in hand (hand: "
                                 f"{self._hand_text(state, seat)})"
                                 f"{self._where_else(state, seat, wanted)}")
        raise AssertionError("cards missing from a hand, yet every count is there")

    def pending(self, state: State) -> list[int]:
        """Players other than the chooser who may still play a Thingamabob (SQ-R6)."""
        data = state.data
        return [s for s in range(state.num_players)
                if s != data["chooser"] and s not in data["done"]
                and self.could_play(state, s)]

    def could_play(self, state: State, seat: int) -> bool:
        """Whether seat holds a Thingamabob that can be played now (playable, sooner)."""
        return any(self._cannot_play(state, seat, GADGET_LABEL[c]) is None
                   for c in state.zones[f"coll:{seat}"] if c in GADGET_LABEL)

    def playable(self, state: State, seat: int) -> list[str]:
        """The Thingamabobs in seat's collection whose effect can be carried out now."""
        held = {GADGET_LABEL[c] for c in state.zones[f"coll:{seat}"] if c in GADGET_LABEL}
        if not held:
            return []
        return [t for t in sorted(held, key=name_order)
                if self._cannot_play(state, seat, t) is None]

    def _cannot_play(self, state: State, seat: int, name: str) -> str | None:
        """Why this Thingamabob has nothing to do now (SQ-R13), or None."""
        data, seats = state.data, self.deal_seats(state)
        if name == PLATONIC:
            mine = data["tokens"][seat]
            if not any(data["tokens"][s] > mine for s in range(state.num_players)):
                return f"nobody has more point tokens than {state.players[seat]} ({mine})"
        elif name in (DETRITAL, SUPER_DETRITAL):
            if not any(state.zones[f"deal:{s}"] for s in seats):
                return "every deal is empty"
        elif name == EXPANDER:
            if not state.zones[f"hand:{seat}"] or not seats:
                return f"{state.players[seat]} has no card in hand to add"
        elif name == OPTIMETER:
            if not any(self.face_down(state, s) for s in seats):
                return "no deal has a face-down card left"
        return None

    def steal_decider(self, state: State, victim: int) -> int:
        """Who decides a Nasty loss: the new buyer (SQ-7.6), the other of two (SQ-9.5)."""
        return 1 - victim if self.two_players(state) else state.data["turn"]

    # -- whose turn ----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        data = state.data
        phase = data["phase"]
        if phase == "over":
            return ()
        if phase == "deals":
            return tuple(s for s in data["offered"] if s not in data["built"])
        if phase in ("split", "flip"):
            return (data["turn"],) if phase == "split" else (data["chooser"],)
        if phase == "steal":
            return (self.steal_decider(state, data["steals"][0]),)
        pending = self.pending(state)
        if phase == "window":
            return tuple(sorted(set(pending) | {data["chooser"]}))
        return tuple(pending) or (data["chooser"],)   # last

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        if rejection is None or not 0 <= seat < state.num_players:
            return rejection
        data, names, name = state.data, state.players, state.players[seat]
        phase = data["phase"]
        if phase == "over":
            return rejection
        if phase == "deals":
            if seat == data["turn"]:
                waiting = names_or_nobody(names[s] for s in self.to_act(state))
                return Rejection("SQ-3.1", f"{name} is the buyer and offers no deal; "
                                 f"waiting for {waiting}")
            return Rejection("SQ-3.1", f"{name}'s deal is ready; waiting for "
                             f"{names_or_nobody(names[s] for s in self.to_act(state))}")
        if phase == "split":
            return Rejection("SQ-9.2", f"it is {names[data['turn']]}'s turn to lay out the "
                             f"deal, not {name}'s")
        if phase == "flip":
            return Rejection("SQ-3.3", f"the buyer, {names[data['chooser']]}, decides on "
                             f"the extra card now, not {name}")
        if phase == "steal":
            victim = data["steals"][0]
            decider = self.steal_decider(state, victim)
            rule = "SQ-9.5" if self.two_players(state) else "SQ-7.6"
            return Rejection(rule, f"{names[decider]} decides what {names[victim]} loses, "
                             f"not {name}")
        if phase == "last" and seat == data["chooser"]:
            return Rejection("SQ-R7", f"{name} called last chance; "
                             f"{names_or_nobody(names[s] for s in self.pending(state))} may "
                             f"still play Thingamabobs or say done before {name} chooses")
        if seat in data["done"]:
            return Rejection("SQ-R6", f"{name} said done and plays no more Thingamabobs "
                             f"this turn")
        held = sorted({c for c in self.labels(state, f"coll:{seat}")
                       if KIND_OF[c] == THINGAMABOB}, key=name_order)
        if held:
            return Rejection("SQ-R13", f"{name}'s {held[0]} would do nothing now: "
                             f"{self._cannot_play(state, seat, held[0])}; only "
                             f"{names[data['chooser']]} decides the deal")
        return Rejection("SQ-R13", f"{name} has no Thingamabob in {name}'s collection "
                         f"(collection: {self._coll_text(state, seat)}); only "
                         f"{names[data['chooser']]} decides the deal")

    # -- checking ------------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        data, name, phase = state.data, state.players[seat], state.data["phase"]
        if isinstance(move, Deal):
            if phase != "deals":
                return self._wrong_phase(state, seat, move)
            return self._check_deal(state, seat, move)
        if isinstance(move, Split):
            if phase != "split":
                return self._wrong_phase(state, seat, move)
            return self._check_split(state, seat, move)
        if isinstance(move, Flip):
            if phase != "flip":
                return self._wrong_phase(state, seat, move)
            return self._check_spot(state, seat, move.target, move.position, "SQ-3.3",
                                    face_down=True)
        if isinstance(move, Steal):
            if phase != "steal":
                return self._wrong_phase(state, seat, move)
            if move.card is None:
                return None
            victim = data["steals"][0]
            if move.card not in self.labels(state, f"coll:{victim}"):
                rule = "SQ-7.2" if data["steals"][2] == 1 else "SQ-7.3"
                return Rejection(rule, f"{state.players[victim]}'s collection holds no "
                                 f"{move.card} (collection: {self._coll_text(state, victim)})")
            return None
        if phase in ("deals", "split", "steal"):
            return self._wrong_phase(state, seat, move)
        # the Thingamabob window, or the buyer going on without the extra card (SQ-R18)
        chooser = data["chooser"]
        if isinstance(move, Thingamabob):
            if phase == "last" and seat == chooser:
                return Rejection("SQ-R7", f"{name} called last chance and plays no more "
                                 f"Thingamabobs this turn")
            return self._check_thingamabob(state, seat, move)
        if isinstance(move, Done):
            if seat == chooser:
                what = "say last chance or choose a deal" if not self.two_players(state) \
                    else "say last chance, accept or reverse"
                return Rejection("SQ-R6", f"{name} decides the deal and cannot just be done: "
                                 f"{what}")
            return None
        if isinstance(move, (LastChance, Choose, Accept, Reverse)) and seat != chooser:
            return Rejection("SQ-6.1" if not self.two_players(state) else "SQ-9.4",
                             f"only {state.players[chooser]} decides the deal; {name} may "
                             f"play a Thingamabob or say done")
        if isinstance(move, LastChance):
            if phase == "last":
                return Rejection("SQ-R7", f"{name} has already called last chance")
            return None
        if isinstance(move, (Choose, Accept, Reverse)):
            waiting = self.pending(state)
            if waiting and phase != "last":
                return Rejection("SQ-5.3", f"{names_or_nobody(state.players[s] for s in waiting)} "
                                 f"may still play a Thingamabob: {name} must call "
                                 f"'last chance' before deciding")
            if self.two_players(state):
                if isinstance(move, Choose):
                    return Rejection("SQ-9.4", f"with two players {name} accepts or "
                                     f"reverses the deal instead of choosing one")
                return None
            if not isinstance(move, Choose):
                return Rejection("SQ-6.1", f"accepting or reversing is for two players; "
                                 f"{name} chooses one deal, as in 'choose "
                                 f"{state.players[data['offered'][0]]}'")
            target = self.seat_named(state, move.target)
            if target is None:
                return Rejection("SQ-6.1", f"there is no player called {move.target!r} "
                                 f"(players: {', '.join(state.players)})")
            if target not in data["offered"]:
                return Rejection("SQ-6.1", f"{state.players[target]} offered no deal "
                                 f"this turn; the deals are "
                                 f"{names_or_nobody(state.players[s] for s in data['offered'])}'s")
            return None
        return Rejection("SQ-3.1", f"{move!r} is not a Sell Me a Sasquatch move")

    def phase_rules(self, state: State) -> tuple[str, ...]:
        return {"deals": ("SQ-3.1",), "split": ("SQ-9.2",), "flip": ("SQ-3.3", "SQ-R18"),
                "window": ("SQ-5.1", "SQ-R6"), "last": ("SQ-5.3", "SQ-R7"),
                "steal": ("SQ-7.6", "SQ-9.5")}.get(state.data["phase"], ())

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """A seat that may not act now is told why this kind of move is closed to it,
        when the move's own clause says more than whose turn it is."""
        data, phase = state.data, state.data["phase"]
        if phase == "over" or isinstance(move, Deal) and phase == "deals" or \
                isinstance(move, Split) and phase == "split":
            return None  # "Ann's deal is ready; waiting for ..." says it all
        if isinstance(move, Thingamabob) and phase in ("window", "last") and \
                seat not in data["done"]:
            return self._check_thingamabob(state, seat, move)
        if isinstance(move, Steal) and phase == "steal":
            return None  # the decider of the loss is named by check_turn
        if isinstance(move, (LastChance, Choose, Accept, Reverse)) and \
                phase in ("window", "last") and seat != data["chooser"]:
            return self._check(state, seat, move)   # "only Ann decides the deal"
        if self._open_in(move, phase):
            return None
        return self._wrong_phase(state, seat, move, acting=False)

    @staticmethod
    def _open_in(move, phase: str) -> bool:
        """Whether this kind of move belongs to this phase of a turn."""
        if isinstance(move, Deal):
            return phase == "deals"
        if isinstance(move, Split):
            return phase == "split"
        if isinstance(move, Flip):
            return phase == "flip"
        if isinstance(move, Steal):
            return phase == "steal"
        return phase in ("window", "last")

    def _phase_now(self, state: State, seat: int) -> str:
        """What the turn is waiting for now, said to ``seat``."""
        data, names, phase = state.data, state.players, state.data["phase"]
        name, acting = names[seat], self.to_act(state)
        chooser = names[data["chooser"]]
        if phase == "deals":
            if seat in acting:
                return f"now {name} offers a deal, as in 'deal Tiny+Big+Giant up Big'"
            return f"now {names_or_nobody(names[s] for s in acting)} build the deals"
        if phase == "split":
            if seat in acting:
                return (f"now {name} lays out three cards, as in "
                        f"'split Tiny+Big / Giant up Big'")
            return f"now {names[data['turn']]} lays out the deal"
        if phase == "flip":
            if seat in acting:
                return (f"now {name} may turn one more face-down card, as in 'flip "
                        f"{names[data['offered'][0]]} 1', or go on without it (SQ-R18)")
            return f"now {chooser} decides on the extra card"
        if phase == "steal":
            victim = names[data["steals"][0]]
            decider = names[self.steal_decider(state, data["steals"][0])]
            if decider == name:
                return f"now {name} decides what {victim} loses: 'steal CARD' or 'steal nothing'"
            return f"now {decider} decides what {victim} loses"
        decides = "choose a deal" if not self.two_players(state) else "accept or reverse"
        if phase == "last":
            return f"now {chooser} has called last chance and will {decides}"
        return f"now the deals are on the table for Thingamabobs, and then {chooser} will {decides}"

    # The order of a turn: a move of a later stage than the phase waits for the phase's
    # own move; a move of an earlier stage is used up for this turn.
    _STAGE = {"deals": 0, "split": 0, "flip": 1, "window": 2, "last": 2, "steal": 3}

    @staticmethod
    def _stage(move) -> int:
        if isinstance(move, (Deal, Split)):
            return 0
        return 1 if isinstance(move, Flip) else 3 if isinstance(move, Steal) else 2

    def _phase_first(self, state: State, seat: int) -> Rejection:
        """The phase's own move comes first (a move of a later stage was tried)."""
        phase, now = state.data["phase"], self._phase_now(state, seat)
        if phase == "deals":
            return Rejection("SQ-3.1", f"every player but the buyer is building a deal "
                             f"first; {now}")
        if phase == "split":
            return Rejection("SQ-9.2", f"the three cards are laid out first; {now}")
        return Rejection("SQ-3.3", f"the buyer decides on the extra card before anything "
                         f"else happens to the deals; {now}")

    def _wrong_phase(self, state: State, seat: int, move, acting: bool = True) -> Rejection:
        """Why this kind of move is not open in the phase under way: a move the turn
        has not reached yet waits for the phase's own move (for a seat with that move to
        make; another hears when its move comes); one the turn is past is refused under
        its own clause, saying it is used up for this turn."""
        data, names, name, phase = state.data, state.players, state.players[seat], \
            state.data["phase"]
        two, now = self.two_players(state), self._phase_now(state, seat)
        chooser = names[data["chooser"]]
        # Once the deals are laid out, a deal, a split and the extra card are used up.
        laid = phase not in ("deals", "split")
        later = self._stage(move) > self._STAGE[phase] and not isinstance(move, Steal)
        fits_count = not isinstance(move, (Split, Accept, Reverse) if not two else
                                    (Deal, Flip, Choose))
        if later and fits_count and acting:
            return self._phase_first(state, seat)
        if isinstance(move, Deal):
            if two:
                return Rejection("SQ-9.2", "with two players the player to move splits three "
                                 "cards between the two sides: 'split ... / ... up ...'")
            if seat == data["turn"] and not laid:
                return Rejection("SQ-3.1", f"{name} is the buyer and offers no deal; {now}")
            return Rejection("SQ-3.1", f"a deal is offered once a turn, at its start, and "
                             f"this turn's deals are laid out already; {now}")
        if isinstance(move, Split):
            if not two:
                return Rejection("SQ-9.2", "a split is for two players; offer a deal instead")
            return Rejection("SQ-9.2", f"the three cards are laid out once a turn, at its "
                             f"start, and {names[data['turn']]} laid them out this turn; {now}")
        if isinstance(move, Flip):
            if two:
                return Rejection("SQ-9.3", "with two players nobody turns an extra card "
                                 "(only a Spectroelectric Optimeter turns one up)")
            if not laid:
                return Rejection("SQ-3.3", f"the buyer turns one extra card once every deal "
                                 f"is ready; {now}")
            if data.get("no_flip"):
                return Rejection("SQ-R18", f"the buyer may turn one extra card a turn, before "
                                 f"the Thingamabobs, and {chooser} went on without it; {now}")
            return Rejection("SQ-3.3", f"the buyer turns one extra card a turn, and "
                             f"{chooser} turned it already; {now}")
        if isinstance(move, Steal):
            return Rejection("SQ-7.6" if not two else "SQ-9.5",
                             "a card is taken from a collection only when Poison Pill Bugs "
                             f"or Loan Sharks are traded in, and no such loss is open; {now}")
        if phase == "steal":   # the deal is decided: the window of this turn is over
            decided = "this turn's deal is decided"
            if isinstance(move, (Thingamabob, Done)):
                return Rejection("SQ-5.1" if isinstance(move, Thingamabob) else "SQ-R6",
                                 f"Thingamabobs are over for this turn, as {decided}; {now}")
            if isinstance(move, LastChance):
                return Rejection("SQ-5.3", f"last chance comes before the deal is decided, "
                                 f"and {decided}; {now}")
            if isinstance(move, Choose) and not two:
                return Rejection("SQ-6.1", f"the buyer chooses one deal a turn, and "
                                 f"{decided}; {now}")
            if isinstance(move, (Accept, Reverse)) and two:
                return Rejection("SQ-9.4", f"the deal is accepted or reversed once a turn, "
                                 f"and {decided}; {now}")
        ready = "once the deals are ready" + (
            "" if two else " and the buyer has turned the extra card or gone on without it")
        if isinstance(move, Thingamabob):
            return Rejection("SQ-5.1", f"Thingamabobs are played {ready}; {now}")
        if isinstance(move, Done):
            return Rejection("SQ-R6", f"saying done ends a player's Thingamabobs, {ready}; "
                             f"{now}")
        if isinstance(move, LastChance):
            return Rejection("SQ-5.3", f"last chance is called before the deal is decided, "
                             f"{ready}; {now}")
        if isinstance(move, Choose) and not two:
            return Rejection("SQ-6.1", f"the buyer chooses one deal {ready}; {now}")
        if isinstance(move, (Accept, Reverse)) and two:
            return Rejection("SQ-9.4", f"the deal is accepted or reversed {ready}; {now}")
        if two:
            return Rejection("SQ-9.4", f"with two players the deal is accepted or reversed, "
                             f"not chosen; {now}")
        return Rejection("SQ-6.1", f"accepting or reversing is for two players; the buyer "
                         f"chooses one deal; {now}")

    def _check_deal(self, state: State, seat: int, move: Deal) -> Rejection | None:
        name = state.players[seat]
        hand = state.zones[f"hand:{seat}"]
        size = min(DEAL_SIZE, len(hand))
        if len(move.cards) != size:
            extra = "" if size == DEAL_SIZE else f" (all {name} holds, SQ-R10)"
            return Rejection("SQ-3.1" if size == DEAL_SIZE else "SQ-R10",
                             f"a deal is {plural(size, 'card')}{extra}, not "
                             f"{len(move.cards)}")
        rejection = self._not_in_hand(state, seat, move.cards)
        if rejection:
            return rejection
        if move.up not in move.cards:
            return Rejection("SQ-3.2", f"the card turned face up must be one of the deal's "
                             f"own cards ({'+'.join(move.cards)}), not {move.up}")
        return None

    def _check_split(self, state: State, seat: int, move: Split) -> Rejection | None:
        name = state.players[seat]
        cards = move.mine + move.theirs
        size = min(DEAL_SIZE, len(state.zones[f"hand:{seat}"]))
        if len(cards) != size:
            return Rejection("SQ-9.2", f"{name} lays out {plural(size, 'card')} in all, "
                             f"split between the sides, not {len(cards)}")
        rejection = self._not_in_hand(state, seat, cards)
        if rejection:
            return rejection
        side = move.mine if move.up_side == "mine" else move.theirs
        if move.up not in side:
            where = "your side" if move.up_side == "mine" else "their side"
            return Rejection("SQ-9.3", f"the card turned face up must lie on {where}, "
                             f"which holds no {move.up}")
        return None

    def _check_spot(self, state: State, seat: int, who: str, position: int, rule: str,
                    face_down: bool) -> Rejection | None:
        target = self.seat_named(state, who)
        if target is None:
            return Rejection(rule, f"there is no player called {who!r} "
                             f"(players: {', '.join(state.players)})")
        name = state.players[target]
        if target not in self.deal_seats(state):
            return Rejection(rule, f"{name} offered no deal this turn")
        deal = state.zones[f"deal:{target}"]
        if not 1 <= position <= len(deal):
            return Rejection(rule, f"{name}'s deal has {plural(len(deal), 'card')}, so "
                             f"there is no {ordinal(position)} card")
        if face_down and self.is_face_up(state, deal[position - 1]):
            down = self.face_down(state, target)
            what = (f"its face-down cards are at {', '.join(map(str, down))}" if down
                    else "it has no face-down card")
            return Rejection(rule, f"the {ordinal(position)} card of {name}'s deal, "
                             f"{article(LABEL[deal[position - 1]])}, is face up already; "
                             f"{what}")
        return None

    def _check_thingamabob(self, state: State, seat: int,
                           move: Thingamabob) -> Rejection | None:
        name, card = state.players[seat], move.name
        rule = THINGAMABOB_RULE[card]
        if card not in self.labels(state, f"coll:{seat}"):
            where = ""
            if card in self.labels(state, f"hand:{seat}"):
                where = f": {name}'s {card} is in {name}'s hand"
            elif self._seen_in_deal(state, seat, card):
                where = f": {name}'s {card} is in {name}'s deal"
            return Rejection("SQ-4.3", f"Thingamabobs are played only from the collection, "
                             f"and {name}'s collection holds no {card}{where}")
        # A Platonic Isolator's limit is its own clause's, whoever else is richer: one
        # clause for a target with as many tokens and for one with fewer.
        why = self._cannot_play(state, seat, card) if card != PLATONIC else None
        if why:
            return Rejection("SQ-R13", f"{name}'s {card} would do nothing: {why}")
        if card == PLATONIC:
            target = self.seat_named(state, move.player)
            if target is None:
                return Rejection(rule, f"there is no player called {move.player!r}")
            tokens = state.data["tokens"]
            if tokens[target] <= tokens[seat]:
                richer = [state.players[s] for s in range(state.num_players)
                          if tokens[s] > tokens[seat]]
                others = (f"; only {joined(richer)} {'has' if len(richer) == 1 else 'have'}"
                          f" more" if richer else f"; nobody has more than {name}")
                return Rejection(rule, f"a Platonic Isolator takes a token from a player "
                                 f"with more than {name}, and {state.players[target]} has "
                                 f"{plural(tokens[target], 'point token')}, not more than "
                                 f"{name}'s {tokens[seat]}{others}")
            return None
        if card == EXPANDER:
            rejection = self._not_in_hand(state, seat, [move.card])
            if rejection:
                return rejection
            target = self.seat_named(state, move.player)
            if target is None or target not in self.deal_seats(state):
                who = state.players[target] if target is not None else repr(move.player)
                return Rejection(rule, f"{who} has no deal on the table this turn")
            return None
        for who, position in move.spots:
            rejection = self._check_spot(state, seat, who, position, rule,
                                         face_down=card == OPTIMETER)
            if rejection:
                return rejection
        if len(move.spots) == 2:
            first, second = ((self.seat_named(state, w), p) for w, p in move.spots)
            if first == second:
                return Rejection(rule, f"the same card is named twice: "
                                 f"{move.spots[0][0]} {move.spots[0][1]}")
        return None

    # -- legal moves ---------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        data, phase, names = state.data, state.data["phase"], state.players
        if phase in ("deals", "split"):
            hand = sorted(self.labels(state, f"hand:{seat}"), key=name_order)
            return deal_moves(hand) if phase == "deals" else split_moves(hand)
        moves = []
        if phase == "flip":
            moves = [Flip(names[s], p) for s in self.deal_seats(state)
                     for p in self.face_down(state, s)]
            phase = "window"   # or the window's moves, without the extra card (SQ-R18)
        if phase == "steal":
            victim = data["steals"][0]
            held = sorted(set(self.labels(state, f"coll:{victim}")), key=name_order)
            return [Steal(c) for c in held] + [Steal(None)]
        chooser = data["chooser"]
        if not (phase == "last" and seat == chooser):
            moves += self._thingamabob_moves(state, seat)
        if seat != chooser:
            return moves + [Done()]
        waiting = self.pending(state)
        if phase == "window" and waiting:
            return moves + [LastChance()]
        if self.two_players(state):
            return moves + [Accept(), Reverse()]
        return moves + [Choose(names[s]) for s in data["offered"]]

    def _thingamabob_moves(self, state: State, seat: int) -> list:
        names, tokens = state.players, state.data["tokens"]
        seats = self.deal_seats(state)
        spots = [(names[s], p) for s in seats
                 for p in range(1, len(state.zones[f"deal:{s}"]) + 1)]
        moves = []
        for card in self.playable(state, seat):
            if card == PLATONIC:
                moves += [Thingamabob(card, player=names[s]) for s in range(len(names))
                          if tokens[s] > tokens[seat]]
            elif card == DETRITAL:
                moves += [Thingamabob(card, spots=(spot,)) for spot in spots]
            elif card == SUPER_DETRITAL:
                moves += [Thingamabob(card, spots=(spot,)) for spot in spots]
                moves += [Thingamabob(card, spots=pair) for pair in combinations(spots, 2)]
            elif card == EXPANDER:
                held = sorted(set(self.labels(state, f"hand:{seat}")), key=name_order)
                moves += [Thingamabob(card, player=names[s], card=c)
                          for c in held for s in seats]
            else:
                moves += [Thingamabob(card, spots=((names[s], p),)) for s in seats
                          for p in self.face_down(state, s)]
        return moves

    # -- applying ------------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        if state.data["phase"] == "flip" and not isinstance(move, Flip):
            return self._pass_up_flip(state, seat) + self._perform(state, seat, move)
        if isinstance(move, Deal):
            return self._deal(state, seat, move)
        if isinstance(move, Split):
            return self._split(state, seat, move)
        if isinstance(move, Flip):
            target = self.seat_named(state, move.target)
            cid = state.zones[f"deal:{target}"][move.position - 1]
            self._turn_up(state, cid)
            state.data["phase"] = "window"
            return [Event("SQ-3.3", f"{state.players[seat]} turns the {ordinal(move.position)} "
                          f"card of {state.players[target]}'s deal: {article(LABEL[cid])}")] + \
                self._window_opens(state)
        if isinstance(move, Thingamabob):
            return self._thingamabob(state, seat, move)
        if isinstance(move, Done):
            state.data["done"].append(seat)
            return [Event("SQ-R6", f"{state.players[seat]} is done with Thingamabobs "
                          f"this turn")]
        if isinstance(move, LastChance):
            state.data["phase"] = "last"
            waiting = self.pending(state)
            who = (f"{names_or_nobody(state.players[s] for s in waiting)} may still play "
                   f"Thingamabobs" if waiting else "nobody else can play a Thingamabob")
            return [Event("SQ-5.3", f"{state.players[seat]}: \"Last chance to play "
                          f"Thingamabobs!\" ({who})")]
        if isinstance(move, Steal):
            return self._steal(state, seat, move)
        if isinstance(move, Choose):
            return self._take_deals(state, seat, self.seat_named(state, move.target))
        return self._take_two(state, seat, isinstance(move, Reverse))

    def _pass_up_flip(self, state: State, seat: int) -> list[Event]:
        """The buyer goes on without turning the extra card: the window opens (SQ-R18)."""
        state.data.update(phase="window", no_flip=True)
        return [Event("SQ-R18", f"{state.players[seat]} turns no extra card")] + \
            self._window_opens(state)

    def _turn_up(self, state: State, cid: str) -> None:
        state.seen_by[cid] = list(range(state.num_players))

    def _lay(self, state: State, seat: int, zone: str, labels, up: str | None) -> None:
        """Lay these cards from seat's hand into a deal zone, face down for all but
        ``seat``; the ``up`` card goes last (SQ-R4) and its face is set by the caller."""
        ids = self._find(state, f"hand:{seat}", labels)
        if up is not None:
            index = labels.index(up)
            ids.append(ids.pop(index))
        for cid in ids:
            state.move_card(cid, f"hand:{seat}", zone)
            state.seen_by[cid] = [seat]

    def _deal(self, state: State, seat: int, move: Deal) -> list[Event]:
        data, names = state.data, state.players
        self._lay(state, seat, f"deal:{seat}", list(move.cards), move.up)
        data["built"] = sorted(data["built"] + [seat])   # the order of deals is no matter
        events = [Event("SQ-3.1", f"{names[seat]} lays a deal of "
                        f"{plural(len(move.cards), 'card')} face down and chooses one to "
                        f"turn up")]
        if len(data["built"]) < len(data["offered"]):
            return events
        shown = []
        for s in data["offered"]:
            cid = state.zones[f"deal:{s}"][-1]
            self._turn_up(state, cid)
            shown.append(f"{names[s]} {article(LABEL[cid])}")
        events.append(Event("SQ-3.2", f"Every deal is ready and the chosen cards are turned "
                            f"up: {joined(shown)}"))
        if any(self.face_down(state, s) for s in data["offered"]):
            data["phase"] = "flip"
            return events
        events.append(Event("SQ-3.3", f"No deal has a face-down card, so "
                            f"{names[data['chooser']]} has no extra card to turn"))
        data["phase"] = "window"
        return events + self._window_opens(state)

    def _split(self, state: State, seat: int, move: Split) -> list[Event]:
        names, other = state.players, 1 - seat
        mine_up = move.up if move.up_side == "mine" else None
        their_up = move.up if move.up_side == "theirs" else None
        self._lay(state, seat, f"deal:{seat}", list(move.mine), mine_up)
        self._lay(state, seat, f"deal:{other}", list(move.theirs), their_up)
        side = seat if move.up_side == "mine" else other
        self._turn_up(state, state.zones[f"deal:{side}"][-1])
        state.data["phase"] = "window"
        return [Event("SQ-9.2", f"{names[seat]} lays {len(move.mine)} face down on "
                      f"{names[seat]}'s own side and {len(move.theirs)} on {names[other]}'s side"),
                Event("SQ-9.3", f"{names[seat]} turns up {article(move.up)} on "
                      f"{names[side]}'s side; {names[other]} turns no extra card")] + \
            self._window_opens(state)

    def _window_opens(self, state: State) -> list[Event]:
        names = state.players
        able = [s for s in range(state.num_players) if self.could_play(state, s)]
        if able:
            return [Event("SQ-5.1", f"\"Does anyone want to play any Thingamabobs?\" "
                          f"{names_or_nobody(names[s] for s in able)} could")]
        return [Event("SQ-5.1", "Nobody has a Thingamabob to play, so "
                      f"{names[state.data['chooser']]} goes straight to the choice")]

    def _thingamabob(self, state: State, seat: int, move: Thingamabob) -> list[Event]:
        data, names, card = state.data, state.players, move.name
        (tid,) = self._find(state, f"coll:{seat}", [card])
        state.move_card(tid, f"coll:{seat}", "discard")
        events = [Event("SQ-5.2", f"{names[seat]} plays {card} from {names[seat]}'s "
                        f"collection onto the discard pile")]
        rule = THINGAMABOB_RULE[card]
        if card == PLATONIC:
            target = self.seat_named(state, move.player)
            data["tokens"][target] -= 1
            data["tokens"][seat] += 1
            return events + [Event(rule, f"{names[seat]} takes a point token from "
                                   f"{names[target]}: {names[seat]} {data['tokens'][seat]}, "
                                   f"{names[target]} {data['tokens'][target]}")]
        if card == EXPANDER:
            target = self.seat_named(state, move.player)
            self._lay(state, seat, f"deal:{target}", [move.card], None)
            return events + [Event(rule, f"{names[seat]} adds a card from {names[seat]}'s "
                                   f"hand face down to {names[target]}'s deal, which now holds "
                                   f"{plural(len(state.zones[f'deal:{target}']), 'card')}")]
        if card == OPTIMETER:
            ((who, position),) = move.spots
            target = self.seat_named(state, who)
            cid = state.zones[f"deal:{target}"][position - 1]
            self._turn_up(state, cid)
            return events + [Event(rule, f"The {ordinal(position)} card of {names[target]}'s "
                                   f"deal is turned up: {article(LABEL[cid])}")]
        # Repositioners: take the cards out, highest position first so positions hold.
        spots = sorted(((self.seat_named(state, w), p) for w, p in move.spots),
                       key=lambda sp: -sp[1])
        removed = []
        for target, position in spots:
            cid = state.zones[f"deal:{target}"].pop(position - 1)
            state.zones["discard"].append(cid)
            state.seen_by.pop(cid, None)
            removed.append(f"{names[target]}'s {ordinal(position)} deal card "
                           f"({article(LABEL[cid])})")
        return events + [Event(rule, f"{names[seat]} lays {joined(removed[::-1])} "
                               f"face up on the discard pile"),
                         Event("SQ-R5", "A Repositioner is the one way out of a deal "
                               "other than into a collection")]

    def _take_deals(self, state: State, buyer: int, target: int) -> list[Event]:
        data, names = state.data, state.players
        taken = self._collect(state, f"deal:{target}", buyer)
        events = [Event("SQ-6.1", f"{names[buyer]} chooses {names[target]}'s deal"),
                  Event("SQ-6.2", f"{names[buyer]} takes {taken} into {names[buyer]}'s "
                        f"collection and gives the Buyer Squatch to {names[target]}")]
        for seat in data["offered"]:
            if seat != target:
                got = self._collect(state, f"deal:{seat}", seat)
                events.append(Event("SQ-6.3", f"{names[seat]}'s own deal goes into "
                                    f"{names[seat]}'s collection: {got}"))
        events.append(Event("SQ-4.2", "Every deal card has gone into a collection"))
        data["turn"] = data["chooser"] = target
        return events + self._trade_in(state)

    def _take_two(self, state: State, chooser: int, reverse: bool) -> list[Event]:
        names, active = state.players, 1 - chooser
        if reverse:
            got_chooser = self._collect(state, f"deal:{active}", chooser)
            got_active = self._collect(state, f"deal:{chooser}", active)
            word = "reverses"
        else:
            got_chooser = self._collect(state, f"deal:{chooser}", chooser)
            got_active = self._collect(state, f"deal:{active}", active)
            word = "accepts"
        # With two players the turn passes to the other (SQ-9.1); the decider of a
        # loss is always the other player (SQ-9.5).
        state.data["turn"], state.data["chooser"] = chooser, active
        return [Event("SQ-9.4", f"{names[chooser]} {word} the deal: {names[chooser]} takes "
                      f"{got_chooser}, {names[active]} takes {got_active}"),
                Event("SQ-4.2", "Every deal card has gone into a collection")] + \
            self._trade_in(state)

    def _collect(self, state: State, zone: str, seat: int) -> str:
        """Move a deal into a collection; its cards as they lay, first to last."""
        cards = state.zones[zone]
        text = ", ".join(LABEL[c] for c in cards) or "nothing"
        for cid in cards:
            state.seen_by.pop(cid, None)
        state.move_all(zone, f"coll:{seat}")
        return text

    # -- trading in ----------------------------------------------------------------

    def _trade_in(self, state: State) -> list[Event]:
        """Trade in every complete set (SQ-7.1): Nasties first, stopping for a loss to be
        decided; then creatures; then the end of the turn."""
        data, names, n = state.data, state.players, state.num_players
        order = [(data["turn"] + k) % n for k in range(n)]   # SQ-R9
        events = []
        for seat in order:
            for label, sets in self._complete_sets(state, seat, NASTY):
                self._discard_sets(state, seat, label, sets)
                decider = self.steal_decider(state, seat)
                for _ in range(sets):
                    events += self._nasty(state, seat, decider, label)
        events += self._skip_empty_steals(state)
        if data["steals"]:
            data["phase"] = "steal"
            return events
        for seat in order:
            for label, sets in self._complete_sets(state, seat, CREATURE):
                self._discard_sets(state, seat, label, sets)
                data["tokens"][seat] += sets
                supply = TOKENS - sum(data["tokens"])
                note = "" if supply >= 0 else " (the supply is empty: a stand-in, SQ-R11)"
                events.append(Event("SQ-7.5", f"{names[seat]} trades in "
                                    f"{plural(sets, 'set')} of {label} creatures for "
                                    f"{plural(sets, 'point token')}{note} and has "
                                    f"{data['tokens'][seat]}"))
        return events + self._end_turn(state)

    @staticmethod
    def _complete_sets(state: State, seat: int, kind: str) -> list[tuple[str, int]]:
        """(card name, complete sets) of this kind in seat's collection, in name order."""
        counts: dict[str, int] = {}   # not a Counter: this runs for every seat each turn
        for cid in state.zones[f"coll:{seat}"]:
            label = LABEL[cid]
            if KIND_OF[label] == kind:
                counts[label] = counts.get(label, 0) + 1
        found = [(label, count // SET_SIZE[label]) for label, count in counts.items()
                 if count >= SET_SIZE[label]]
        return sorted(found, key=lambda item: name_order(item[0]))

    def _discard_sets(self, state: State, seat: int, label: str, sets: int) -> None:
        ids = self._find(state, f"coll:{seat}", [label] * (sets * SET_SIZE[label]))
        for cid in ids:
            state.move_card(cid, f"coll:{seat}", "discard")

    def _nasty(self, state: State, seat: int, decider: int, label: str) -> list[Event]:
        data, names = state.data, state.players
        rule = NASTY_RULE[label]
        size = SET_SIZE[label]
        head = f"{names[seat]} trades in {size} {label}s"
        if decider == seat:
            return [Event("SQ-R8", f"{head}: {names[seat]} would decide {names[seat]}'s "
                          f"own loss, so nothing more happens")]
        if label == "Trojan Horse":
            if data["tokens"][seat] == 0:
                return [Event(rule, f"{head}: {names[seat]} has no point token, so "
                              f"{names[decider]} gets nothing")]
            data["tokens"][seat] -= 1
            data["tokens"][decider] += 1
            return [Event(rule, f"{head}: {names[decider]} takes a point token from "
                          f"{names[seat]} ({names[decider]} {data['tokens'][decider]}, "
                          f"{names[seat]} {data['tokens'][seat]})")]
        count = STEALS[label]
        data["steals"] += [seat, count, count]
        upto = "1 card" if count == 1 else "up to 2 cards"
        return [Event(rule, f"{head}: {names[decider]} may take {upto} from "
                      f"{names[seat]}'s collection")]

    def _steal(self, state: State, seat: int, move: Steal) -> list[Event]:
        data, names = state.data, state.players
        victim, left, total = data["steals"][:3]
        rule = "SQ-9.5" if self.two_players(state) else "SQ-7.2" if total == 1 else "SQ-7.3"
        if move.card is None:
            del data["steals"][:3]
            events = [Event(rule, f"{names[seat]} takes nothing more from {names[victim]}")]
        else:
            (cid,) = self._find(state, f"coll:{victim}", [move.card])
            state.move_card(cid, f"coll:{victim}", f"coll:{seat}")
            events = [Event(rule, f"{names[seat]} takes {article(move.card)} from "
                            f"{names[victim]}'s collection into {names[seat]}'s")]
            if left > 1 and state.zones[f"coll:{victim}"]:
                data["steals"][1] = left - 1
            else:
                del data["steals"][:3]
        events += self._skip_empty_steals(state)
        if data["steals"]:
            return events
        return events + self._trade_in(state)

    def _skip_empty_steals(self, state: State) -> list[Event]:
        """Losses from an empty collection need no decision: nothing is there to take."""
        data, events = state.data, []
        rule = "SQ-9.5" if self.two_players(state) else "SQ-7.6"
        while data["steals"] and not state.zones[f"coll:{data['steals'][0]}"]:
            events.append(Event(rule, f"{state.players[data['steals'][0]]}'s collection is "
                                f"empty: there is nothing to take"))
            del data["steals"][:3]
        return events

    # -- the end of a turn -------------------------------------------------------------

    def _end_turn(self, state: State) -> list[Event]:
        data, names, n = state.data, state.players, state.num_players
        events = []
        for k in range(n):
            events += self._draw_up(state, (data["turn"] + k) % n)
        data["turns"] += 1
        tokens = data["tokens"]
        need = target_tokens(n)
        best = max(tokens)
        leaders = [s for s in range(n) if tokens[s] == best]
        if best >= need and len(leaders) == 1:
            data.update(phase="over", winners=leaders)
            return events + [Event("SQ-8.4" if n > 2 else "SQ-9.6",
                                   self.outcome(state).explanation)]
        if best >= need:
            events.append(Event("SQ-8.5", f"{names_or_nobody(names[s] for s in leaders)} have "
                                f"{best} point tokens each: nobody has more than everyone "
                                f"else, so play goes on"))
        return events + self._start_turn(state)

    def _draw_up(self, state: State, seat: int) -> list[Event]:
        """Draw back to five, told in order: a reshuffle in the middle of the draw comes
        between the cards drawn before it and those drawn after."""
        hand, events, drawn = state.zones[f"hand:{seat}"], [], 0
        name = state.players[seat]

        def told(more: bool) -> None:
            if drawn:
                events.append(Event("SQ-8.1", f"{name} draws "
                                    f"{plural(drawn, 'more card' if more else 'card')}"))
        reshuffled = False
        while len(hand) < HAND_SIZE:
            if not state.zones["draw"]:
                if not state.zones["discard"]:
                    break   # SQ-R10
                told(reshuffled)
                drawn = 0
                events += self._reshuffle(state)
                reshuffled = True
            hand.append(state.zones["draw"].pop())
            drawn += 1
        told(reshuffled)
        if events and events[-1].rule == "SQ-8.1":
            last = events[-1]
            events[-1] = Event(last.rule, f"{last.text} and holds {len(hand)}")
        return events

    def _reshuffle(self, state: State) -> list[Event]:
        rng = Rng(state.rng)
        pile = state.zones["discard"]
        rng.shuffle(pile)
        state.zones["draw"], state.zones["discard"] = pile, []
        state.rng = rng.state
        return [Event("SQ-8.2", f"The draw pile is empty: the {len(pile)} cards of the "
                      f"discard pile are shuffled into a new draw pile")]

    def _start_turn(self, state: State) -> list[Event]:
        data, names, n = state.data, state.players, state.num_players
        buyer = data["turn"]
        data.update(built=[], done=[], steals=[], no_flip=False)
        if self.two_players(state):
            data.update(chooser=1 - buyer, offered=[0, 1], phase="split")
            if state.zones[f"hand:{buyer}"]:
                return [Event("SQ-9.1", f"{names[buyer]}'s turn: {names[buyer]} lays out "
                              f"the deal and {names[1 - buyer]} decides")]
        else:
            offered = [(buyer + k) % n for k in range(1, n)]
            offered = sorted(s for s in offered if state.zones[f"hand:{s}"])
            data.update(chooser=buyer, offered=offered, phase="deals")
            if offered:
                return [Event("SQ-8.3", f"{names[buyer]} is the buyer; "
                              f"{names_or_nobody(names[s] for s in offered)} build their deals")]
        data.update(phase="over", offered=[])
        tokens = data["tokens"]
        data["winners"] = [s for s in range(n) if tokens[s] == max(tokens)]
        return [Event("SQ-R10", "Nobody can offer a deal: " + self.outcome(state).explanation)]

    def outcome(self, state: State) -> Outcome | None:
        data = state.data
        if data["phase"] != "over":
            return None
        names, tokens = state.players, tuple(data["tokens"])
        winners = tuple(data["winners"])
        if len(winners) == 1:
            text = (f"{names[winners[0]]} wins with "
                    f"{plural(tokens[winners[0]], 'point token')}")
        else:
            text = (f"{names_or_nobody(names[s] for s in winners)} share the win with "
                    f"{plural(tokens[winners[0]], 'point token')} each")
        return Outcome(winners, tokens, text)

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        if state is None:
            return move

        def exact(name):
            found = self.seat_named(state, name)
            return name if found is None else state.players[found]

        if isinstance(move, (Flip, Choose)):
            return type(move)(exact(move.target), *(
                (move.position,) if isinstance(move, Flip) else ()))
        if isinstance(move, Thingamabob):
            return Thingamabob(move.name, tuple((exact(w), p) for w, p in move.spots),
                               exact(move.player) if move.player else "", move.card)
        return move

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def format_move_for(self, state, seat, move, viewer):
        """Deals, splits and the Expander lay cards face down: other players read how
        many, and a deal's face-up card only once it is turned (SQ-R3, SQ-R4)."""
        if viewer is None or viewer == seat:
            return self.format_move(state, seat, move)
        if isinstance(move, Deal):
            down = plural(len(move.cards) - 1, "card")
            data = state.data
            if len(data["built"]) + 1 < len(data["offered"]):
                return f"deal: {down} face down and one to be turned up"
            return f"deal: {down} face down, {move.up} face up"
        if isinstance(move, Split):
            names, other = state.players, 1 - seat
            mine = len(move.mine) - (move.up_side == "mine")
            theirs = len(move.theirs) - (move.up_side == "theirs")
            up_seat = seat if move.up_side == "mine" else other
            return (f"split: {mine} face down on {names[seat]}'s side and {theirs} on "
                    f"{names[other]}'s; {move.up} face up on {names[up_seat]}'s side")
        if isinstance(move, Thingamabob) and move.name == EXPANDER:
            return f"thingamabob {move.name} adds a card face down to {move.player}"
        return self.format_move(state, seat, move)

    def visibility(self, zone: str) -> Visibility:
        return _zone_visibility(zone)

    def public_data(self, state: State, seat: int | None) -> dict:
        """The data, plus what the table shows of each deal: which cards are face up
        (positions from 1), and the Thingamabob window's state."""
        data = dict(state.data)
        data["face_up"] = {str(s): [i for i, c in enumerate(state.zones[f"deal:{s}"], 1)
                                    if self.is_face_up(state, c)]
                           for s in range(state.num_players)}
        data["pending"] = self.pending(state) if data["phase"] in ("window", "last") else []
        data["target"] = target_tokens(state.num_players)
        data["supply"] = max(0, TOKENS - sum(data["tokens"]))
        return data

    def scoreboard(self, state: State) -> list[dict]:
        """Point tokens, collection sizes and hand sizes: all public."""
        data = state.data
        return [{"player": name,
                 "point tokens": data["tokens"][seat],
                 "collection": len(state.zones[f"coll:{seat}"]),
                 "cards in hand": len(state.zones[f"hand:{seat}"]),
                 "buyer": "yes" if seat == data["turn"] and state.num_players > 2 else ""}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_NAMES = {
        "buyer": "who holds the Buyer Squatch (with two players: whose turn it is)",
        "phase": "deals, split, flip, window, last, steal or over",
        "to act": "who may act now (a list)",
        "draw pile": "how many cards are left in the draw pile",
        "discard pile": "how many cards the discard pile holds",
        "discard": "the top card of the discard pile ('none' when empty)",
        "supply": "point tokens left in the supply",
        "hand/NAME": "the cards in NAME's hand (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "deal/NAME": "NAME's deal in order, face-down cards as 'face down' (a list)",
        "deal cards/NAME": "NAME's deal in order, all faces (a list)",
        "collection/NAME": "the cards in NAME's collection (a list)",
        "tokens/NAME": "NAME's point tokens",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        pile = zones["discard"]
        facts = {
            "buyer": names[data["turn"]],
            "phase": data["phase"],
            "to act": [names[s] for s in self.to_act(state)],
            "draw pile": str(len(zones["draw"])),
            "discard pile": str(len(pile)),
            "discard": LABEL[pile[-1]] if pile else "none",
            "supply": str(max(0, TOKENS - sum(data["tokens"]))),
            "winners": [names[s] for s in data["winners"]],
        }
        for seat, name in enumerate(names):
            deal = zones[f"deal:{seat}"]
            facts.update({
                f"hand/{name}": self.labels(state, f"hand:{seat}"),
                f"hand size/{name}": str(len(zones[f"hand:{seat}"])),
                f"deal/{name}": [LABEL[c] if self.is_face_up(state, c) else "face down"
                                 for c in deal],
                f"deal cards/{name}": [LABEL[c] for c in deal],
                f"collection/{name}": self.labels(state, f"coll:{seat}"),
                f"tokens/{name}": str(data["tokens"][seat]),
            })
        return facts
