"""Sneaky Snakes' rules engine with the tutor's stand-in deck. Clause ids (SN-...) refer
to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``draw``      the face-down draw pile (SN-1.4)
``discard``   the discard pile, face up; only its top card can be seen
``box``       the cards not used with this many players (SN-1.1), face down
``hand:S``    seat S's hand, left to right (position 1 first, SN-R5)

**Who sees a card in a hand** is per card (SN-2.2). A hand's zone visibility is
``ALL_BUT_OWNER`` (a drawn card faces away from its holder, SN-3.1); a card that faces
its holder has the override ``state.seen_by[card] == [holder]``. So "faces its holder"
is exactly "has an override", and every move that takes a card out of a hand drops it.
Which way each card is held is public (everyone sees the backs and faces at the table):
:meth:`SneakySnakes.public_data` lists it per hand as ``facing:S``.

``data`` keys: ``turn`` (whose turn; None at the end); ``phase`` (``action``,
``answer`` when a pointed-at player must answer, ``resolve`` while a played card's
choices are made, ``tie`` while tied players decide on a snake battle, ``over``);
``pointer``, ``pointed`` and ``pointed_at`` (the seat pointed at and the 1-based
position) during ``answer``; ``resolver``, ``effect`` (the played card) and ``left``
(choices still to make) during ``resolve``; ``active`` (the seats in the game: everyone,
or the tied players during a snake battle); ``tied`` and ``for_battle`` during ``tie``;
``battles`` (snake battles played); ``winners``; ``end`` (``snake_jones``, ``draw
pile`` or None); ``previous`` (whose turn ended last, or None); ``starter`` (who
started the game) and ``starter_by_lot`` (whether the tutor drew them by lot, SN-R2,
or the setup named them), which the setup told at step 0 reads.

Options: ``hard`` (SN-1.3, SN-R15) and ``snake_battle`` (``ask``, ``always`` or
``never``, SN-R12).
"""

from __future__ import annotations

from pathlib import Path

from tutor.core.game import Event, Game, Outcome, Rejection, SetupError
from tutor.core.position import Position, check_setup_keys
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes import moves as notation
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES, STAND_IN, read_name
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)

BATTLE_CARDS = 4        # per tied player (SN-6.4)
BATTLE_CHOICES = ("ask", "always", "never")
SETUP_KEYS = {"first", "hands", "draw", "discard", "draw_size"}
AWAY = "(away)"
_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "box": Visibility.HIDDEN, "hand": Visibility.ALL_BUT_OWNER}
EFFECT_RULE = {"snake_jones": "SN-5.8", "steal": "SN-5.3", "take": "SN-5.4",
               "gift": "SN-5.5", "swap": "SN-5.6", "reveal": "SN-5.7"}


class SneakySnakes(Game):
    id = "sneaky_snakes"
    title = "Sneaky Snakes"
    player_counts = range(2, 9)   # SN-R17
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SN-3.8"
    end_rule = "SN-6.1"

    # -- setting up ----------------------------------------------------------------

    option_names = ("hard", "snake_battle")

    def checked_options(self, options: dict | None) -> dict:
        """The options with their defaults filled in; SetupError for a wrong one."""
        options = self.check_option_names(options)
        hard = options.get("hard", False)
        if not isinstance(hard, bool):
            raise SetupError(f"options.hard: expected true or false, not {hard!r}")
        battle = options.get("snake_battle", "ask")
        if not isinstance(battle, str) or battle not in BATTLE_CHOICES:
            raise SetupError(f"options.snake_battle: {battle!r} is not a choice; the choices "
                             f"are {', '.join(BATTLE_CHOICES)}")
        return {"hard": hard, "snake_battle": battle}

    def deck(self, options=None):
        return DECK.deck

    def new_state(self, players, seed=0, options=None, setup=None) -> State:
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
        players = tuple(players)
        self.check_player_count(players)
        options = self.checked_options(options)
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
        draw_size = setup.get("draw_size")
        below = []
        if draw_size is not None:
            low, high = max(1, len(draw_top)), len(draw_top) + len(rest)
            if not isinstance(draw_size, int) or isinstance(draw_size, bool) or \
                    not low <= draw_size <= high:
                raise SetupError(f"setup.draw_size: expected a number from {low} to {high} "
                                 f"(the first player draws at once, SN-R3), got "
                                 f"{draw_size!r}")
            keep = draw_size - len(draw_top)
            below, rest = rest[:len(rest) - keep], rest[len(rest) - keep:]
        zones["draw"] = rest + draw_top[::-1]
        zones["discard"] = below + discard_top[::-1]
        if not zones["draw"]:
            raise SetupError("setup: the draw pile is empty, so the game would be over "
                             "before the first draw (SN-6.1); leave cards to draw")
        data = {"turn": first, "phase": "action", "pointer": None, "pointed": None,
                "pointed_at": None, "resolver": None, "effect": None, "left": 0,
                "active": list(range(n)), "tied": [], "for_battle": [], "battles": 0,
                "winners": [], "end": None, "previous": None, "starter": first,
                "starter_by_lot": "first" not in setup}
        state = State(self.id, players, options, zones, data, rng.state, seen_by)
        holder = self.snake_jones_holder(state)
        if holder is not None:
            raise SetupError(f"setup.hands.{players[holder]}: {players[holder]} already "
                             f"holds every Snake Jones card facing them and would have "
                             f"won (SN-6.1)")
        self._draw_for_turn(state)
        return state

    # -- what the table shows ------------------------------------------------------

    @staticmethod
    def hand(state: State, seat: int) -> list[str]:
        return state.zones[f"hand:{seat}"]

    @staticmethod
    def faces_holder(state: State, card: str) -> bool:
        """Whether a card in a hand faces its holder (see the module docstring)."""
        return card in state.seen_by

    def facing(self, state: State, seat: int) -> list[str]:
        """'holder' or 'away' for each card of the hand, by position: public."""
        return ["holder" if c in state.seen_by else "away" for c in self.hand(state, seat)]

    def sees_other_faces(self, state: State, seat: int) -> bool:
        """Whether ``seat`` sees the face of any card in another active player's hand."""
        return any(c not in state.seen_by for other in state.data["active"] if other != seat
                   for c in self.hand(state, other))

    def snake_jones_in_play(self, state: State) -> list[str]:
        return [c for c in DECK.in_play(state.num_players) if DECK.label[c] == SNAKE_JONES]

    def snake_jones_holder(self, state: State) -> int | None:
        """The active seat that holds every Snake Jones card in play facing them (SN-R14)."""
        cards = self.snake_jones_in_play(state)
        for seat in state.data["active"]:
            hand = self.hand(state, seat)
            if all(c in hand and c in state.seen_by for c in cards):
                return seat
        return None

    def _seat_named(self, state: State, name: str) -> int | None:
        lowered = " ".join(name.split()).lower()
        return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)

    def _hand_card(self, state: State, seat: int, position: int, rule: str,
                   whose: str | None = None) -> tuple[str | None, Rejection | None]:
        hand = self.hand(state, seat)
        if 1 <= position <= len(hand):
            return hand[position - 1], None
        whose = whose or f"{state.players[seat]}'s"
        held = plural(len(hand), "card")
        return None, Rejection(rule, f"{whose} hand holds {held}, so there is no card "
                               f"{position}")

    def _other(self, state: State, seat: int, name: str, rule: str, what: str
               ) -> tuple[int | None, Rejection | None]:
        """The seat of another active player called ``name``, or why not."""
        target = self._seat_named(state, name)
        names = state.players
        if target is None:
            return None, Rejection(rule, f"there is no player called {name!r} (players: "
                                   f"{', '.join(names)})")
        if target == seat:
            return None, Rejection(rule, f"{names[seat]} cannot {what} {names[seat]}: name "
                                   f"another player")
        if target not in state.data["active"]:
            return None, Rejection("SN-R13", f"{names[target]} sits out the snake battle")
        return target, None

    # -- whose turn ----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        data = state.data
        phase = data["phase"]
        if phase == "over":
            return ()
        if phase == "answer":
            return (data["pointed"],)
        if phase == "resolve":
            return (data["resolver"],)
        if phase == "tie":
            return tuple(s for s in data["tied"] if s not in data["for_battle"])
        return (data["turn"],)

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        data, names = state.data, state.players
        if rejection and rejection.rule == self.turn_rule and 0 <= seat < state.num_players:
            if data["phase"] == "answer":
                return Rejection("SN-3.5", f"{names[data['pointer']]} pointed at "
                                 f"{names[data['pointed']]}'s card, so "
                                 f"{names[data['pointed']]} must answer, not {names[seat]}")
            if data["phase"] == "resolve":
                card = DECK.label[data["effect"]]
                return Rejection("SN-5.1", f"{names[data['resolver']]} is carrying out the "
                                 f"{card} just played, not {names[seat]}")
            if data["phase"] == "tie":
                return Rejection("SN-R12", f"only the tied players "
                                 f"{joined(names[s] for s in data['tied'])} decide on "
                                 f"a snake battle, and {names[seat]} is not one of those "
                                 f"still to answer")
        return rejection

    # -- checking ------------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        phase, name = state.data["phase"], state.players[seat]
        if phase == "answer":
            if isinstance(move, Answer):
                return None
            return Rejection("SN-3.5", f"{name} was pointed at and must answer: 'answer "
                             f"play' to play the card, or 'answer yours' to let "
                             f"{state.players[state.data['pointer']]} play it")
        if phase == "resolve":
            return self._check_choice(state, seat, move)
        if phase == "tie":
            if isinstance(move, Vote):
                return None
            return Rejection("SN-6.3", f"{name} is tied for the most cards: say 'battle' "
                             f"for a snake battle or 'share' to share the win")
        return self._check_action(state, seat, move)

    def _check_action(self, state: State, seat: int, move) -> Rejection | None:
        name, hand = state.players[seat], self.hand(state, seat)
        if isinstance(move, (Play, Peek)):
            card, rejection = self._hand_card(state, seat, move.position,
                                              "SN-3.3" if isinstance(move, Play) else "SN-4.4")
            if rejection:
                return rejection
            if isinstance(move, Peek) and card in state.seen_by:
                return Rejection("SN-R9", f"{name}'s card {move.position} already faces "
                                 f"{name}: there is nothing to peek at")
            return None
        if isinstance(move, Point):
            target, rejection = self._other(state, seat, move.target, "SN-3.4", "point at")
            if rejection:
                return rejection
            if not self.hand(state, target):
                return Rejection("SN-R16", f"{state.players[target]} holds no cards to "
                                 f"point at")
            return self._hand_card(state, target, move.position, "SN-3.4")[1]
        if isinstance(move, DiscardTwo):
            if len(hand) < 2:
                return Rejection("SN-R11", f"{name} holds {plural(len(hand), 'card')}; "
                                 f"discarding two needs two")
            for position in move.positions:
                rejection = self._hand_card(state, seat, position, "SN-3.6")[1]
                if rejection:
                    return rejection
            return None
        if isinstance(move, Skip):
            if self.sees_other_faces(state, seat):
                shown = [state.players[o] for o in state.data["active"] if o != seat
                         and any(c not in state.seen_by for c in self.hand(state, o))]
                return Rejection("SN-3.7", f"{name} may not skip: {name} sees the face of "
                                 f"cards held by {joined(shown)} (SN-R10)")
            return None
        if isinstance(move, Answer):
            return Rejection("SN-3.5", f"nobody has pointed at a card of {name}'s: on this "
                             f"turn {name} plays, points, discards two or skips")
        if isinstance(move, Vote):
            return Rejection("SN-6.3", "the game is not over, so there is no tie to settle")
        if isinstance(move, (Steal, Give, Swap, SwapHands, TurnCard)):
            return Rejection("SN-5.1", f"no card is being carried out: "
                             f"'{notation.format_move(move)}' is a choice a played card "
                             f"asks for; on this turn {name} plays, points, discards two "
                             "or skips")
        return Rejection("SN-3.2", f"{move!r} is not a Sneaky Snakes move")

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """The player whose turn just ended hears the one-action limit, not only whose
        turn it is."""
        data = state.data
        if data["phase"] == "action" and seat == data.get("previous") and \
                isinstance(move, (Play, Point, DiscardTwo, Skip, Peek)):
            name = state.players[seat]
            return Rejection("SN-3.2", f"{name} already took the one action of {name}'s "
                             f"turn; now it is {state.players[data['turn']]}'s turn")
        return None

    def phase_rules(self, state: State) -> tuple[str, ...]:
        data = state.data
        battle = ("SN-R13",) if data["battles"] else ()   # some players sit out
        if data["phase"] == "resolve":
            return ("SN-5.1", EFFECT_RULE[DECK.effect(data["effect"]).kind]) + battle
        return {"answer": ("SN-3.5",), "tie": ("SN-6.3", "SN-R12"),
                "action": ("SN-3.2",)}.get(data["phase"], ()) + battle

    # -- the setup, told at step 0 ----------------------------------------------------

    def opening_events(self, state: State) -> list[Event]:
        """The setup as a learner steps through it: the cards this many players use,
        what each player holds, the piles, who starts and why, and last the starting
        player's draw, which happens by itself as the game begins (SN-R3).

        ``state`` is what :meth:`new_state` returned: the starting player has drawn, so
        the deal is the hands without the starter's last card."""
        data, names = state.data, state.players
        starter = data["starter"]
        events = [self._deck_told(state)]
        events += [self._hand_told(state, seat, starter) for seat in range(state.num_players)]
        events += [self._piles_told(state), self._starter_told(state)]
        name = names[starter]
        if state.zones["draw"]:
            events.append(Event("SN-R3", f"The game begins: {name} starts and at once draws "
                                f"a card, held facing away; {self._pile_left(state)}"))
        else:
            events.append(Event("SN-R3", f"The game begins: {name} starts and at once draws "
                                f"the only card of the draw pile, so the game ends before "
                                f"{name} acts"))
        return events

    def _deck_told(self, state: State) -> Event:
        n, box = state.num_players, len(state.zones["box"])
        used = len(DECK.deck) - box
        if not box:
            return Event("SN-1.1", f"With {n} players the game uses all {used} cards of "
                         f"{STAND_IN}")
        return Event("SN-1.1", f"With {n} players the game uses {used} cards of "
                     f"{STAND_IN}; the other {box}, marked for more players, stay in the box")

    def _hand_told(self, state: State, seat: int, starter: int) -> Event:
        """What ``seat`` held before the first draw, which way each card faces: the
        teacher reads the cards, a seat that cannot see one of them reads the counts."""
        name, zone = state.players[seat], f"hand:{seat}"
        dealt = range(len(self.hand(state, seat)) - (1 if seat == starter else 0))
        cards = [self.hand(state, seat)[i] for i in dealt]
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
                      if not all(self.can_see(state, zone, i, s) for i in dealt))
        return Event(rule, said(True), blind, said(False) if blind else "")

    def _piles_told(self, state: State) -> Event:
        drawn = len(state.zones["draw"]) + 1   # the starter's draw has been made
        pile = state.zones["discard"]
        discard = (f"the discard pile beside it holds {plural(len(pile), 'card')}, "
                   f"{DECK.label[pile[-1]]} face up on top") if pile else \
            "the discard pile beside it is still empty"
        return Event("SN-1.4", f"The draw pile holds {plural(drawn, 'card')}, face down; "
                     f"{discard}")

    def _starter_told(self, state: State) -> Event:
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

    def _check_choice(self, state: State, seat: int, move) -> Rejection | None:
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
            cid, rejection = self._hand_card(state, seat, move.position, rule)
            if rejection:
                return rejection
            if cid in state.seen_by:
                return Rejection(rule, f"{name}'s card {move.position} already faces "
                                 f"{name}; turn a card that faces away")
            return None
        what = {Steal: "steal from", Give: "give to", Swap: "swap with",
                SwapHands: "swap hands with"}[wanted]
        target, rejection = self._other(state, seat, move.target, rule, what)
        if rejection:
            return rejection
        if isinstance(move, SwapHands):
            return None
        if isinstance(move, (Give, Swap)):
            rejection = self._hand_card(state, seat, move.position, rule)[1]
            if rejection:
                return rejection
        if isinstance(move, Steal):
            return self._hand_card(state, target, move.position, rule)[1]
        if isinstance(move, Swap):
            return self._hand_card(state, target, move.theirs, rule)[1]
        return None

    # -- legal moves -------------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        data, names = state.data, state.players
        phase = data["phase"]
        if phase == "answer":
            return [Answer(True), Answer(False)]
        if phase == "tie":
            return [Vote(True), Vote(False)]
        others = [o for o in data["active"] if o != seat]
        hand = self.hand(state, seat)
        if phase == "resolve":
            return self._choices(state, seat)
        moves: list = [Play(p) for p in range(1, len(hand) + 1)]
        moves += [Point(names[o], p) for o in others
                  for p in range(1, len(self.hand(state, o)) + 1)]
        # A representative few of the pairs (every subset would swamp the list).
        moves += [DiscardTwo((p, p + 1)) for p in range(1, len(hand))]
        if not self.sees_other_faces(state, seat):
            moves.append(Skip())
        moves += [Peek(p) for p, c in enumerate(hand, 1) if c not in state.seen_by]
        return moves

    def _choices(self, state: State, seat: int) -> list:
        """The choices the card being carried out offers ``seat`` (empty: none left)."""
        data, names = state.data, state.players
        effect = DECK.effect(data["effect"])
        others = [o for o in data["active"] if o != seat]
        hand = self.hand(state, seat)
        if effect.kind == "steal":
            return [Steal(names[o], p) for o in others
                    for p in range(1, len(self.hand(state, o)) + 1)]
        if effect.kind == "gift":
            return [Give(p, names[o]) for p in range(1, len(hand) + 1) for o in others]
        if effect.kind == "reveal":
            return [TurnCard(p) for p, c in enumerate(hand, 1) if c not in state.seen_by]
        if effect.params.get("what") == "hand":
            return [SwapHands(names[o]) for o in others]
        return [Swap(p, names[o], q) for p in range(1, len(hand) + 1) for o in others
                for q in range(1, len(self.hand(state, o)) + 1)]

    # -- applying ------------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        names, data = state.players, state.data
        name = names[seat]
        if isinstance(move, Play):
            card = self.hand(state, seat)[move.position - 1]
            seen = card in state.seen_by
            self._to_discard(state, seat, card)
            how = "" if seen else f" ({name} could not see it)"
            events = [Event("SN-3.3", f"{name} plays card {move.position}, "
                            f"{DECK.label[card]}, face up{how}")]
            return events + self._start_effect(state, seat, card, seen)
        if isinstance(move, Point):
            target = self._seat_named(state, move.target)
            card = self.hand(state, target)[move.position - 1]
            data.update(phase="answer", pointer=seat, pointed=target,
                        pointed_at=move.position)
            way = (f"which faces {names[target]}" if card in state.seen_by
                   else f"which faces away from {names[target]}")
            return [Event("SN-3.4", f"{name} points at {names[target]}'s card "
                          f"{move.position}, {way}; {names[target]} decides who plays it")]
        if isinstance(move, Answer):
            pointer, position = data["pointer"], data["pointed_at"]
            card = self.hand(state, seat)[position - 1]
            player = seat if move.mine else pointer
            seen = (card in state.seen_by) == (player == seat)   # SN-R6
            self._to_discard(state, seat, card)
            data.update(pointer=None, pointed=None, pointed_at=None)
            who = name if move.mine else f"{names[pointer]}"
            how = "" if seen else f" ({names[player]} could not see it)"
            events = [Event("SN-3.5", f"{name} answers: {who} plays the card, "
                            f"{DECK.label[card]}, face up{how}")]
            return events + self._start_effect(state, player, card, seen)
        if isinstance(move, DiscardTwo):
            hand = self.hand(state, seat)
            cards = [hand[p - 1] for p in move.positions]
            for card in cards:
                self._to_discard(state, seat, card)
            events = [Event("SN-3.6", f"{name} discards cards {move.positions[0]} and "
                            f"{move.positions[1]}")]
            if state.zones["draw"]:
                self._give_card(state, state.zones["draw"].pop(), seat, True)
                events.append(Event("SN-3.6", f"{name} draws a card that faces {name}; "
                                    f"{self._pile_left(state)}"))
            return events + self._finish_turn(state)
        if isinstance(move, Skip):
            return [Event("SN-3.7", f"{name} sees no face in the other players' hands and "
                          f"skips the action")] + self._finish_turn(state)
        if isinstance(move, Peek):
            card = self.hand(state, seat).pop(move.position - 1)
            pile = state.zones["draw"]
            pile.insert(len(pile) // 2, card)
            return [Event("SN-4.4", f"{name} peeks at card {move.position}, which faces "
                          f"away from {name}: as the penalty it goes back into the middle "
                          f"of the draw pile ({plural(len(pile), 'card')}), and {name} "
                          f"still takes an action")]
        if isinstance(move, Vote):
            return self._vote(state, seat, move)
        return self._choose(state, seat, move)

    def _to_discard(self, state: State, seat: int, card: str) -> None:
        state.seen_by.pop(card, None)
        state.move_card(card, f"hand:{seat}", "discard")

    @staticmethod
    def _give_card(state: State, card: str, seat: int, facing: bool) -> None:
        """Put a card at the right end of ``seat``'s hand, facing them or away."""
        state.zones[f"hand:{seat}"].append(card)
        if facing:
            state.seen_by[card] = [seat]
        else:
            state.seen_by.pop(card, None)

    @staticmethod
    def _pile_left(state: State) -> str:
        return f"{plural(len(state.zones['draw']), 'card')} left in the draw pile"

    def _start_effect(self, state: State, player: int, card: str, seen: bool
                      ) -> list[Event]:
        """Carry out a card just played by ``player`` (SN-5.1)."""
        effect, name = DECK.effect(card), state.players[player]
        label = DECK.label[card]
        rule = EFFECT_RULE[effect.kind]
        if not seen and not effect.unseen_works:
            return [Event("SN-5.2", f"{label} played unseen does nothing, as the card "
                          f"says")] + self._finish_turn(state)
        if effect.kind == "snake_jones":
            return [Event(rule, f"{label} has no effect when played")] + \
                self._finish_turn(state)
        if effect.kind == "take":
            return self._take(state, player, card, effect) + self._finish_turn(state)
        state.data.update(phase="resolve", resolver=player, effect=card, left=effect.count)
        # The card speaks to its player ("take ... it faces you"): quote it as the card's
        # words, so that its "you" is not the narrator's.
        events = [Event(rule, f"{name} carries out {label}, which reads: "
                        f"\"{effect.text}\"")]
        if not seen:
            events.append(Event("SN-5.2", f"{label} works even when played unseen, as the "
                                f"card says"))
        return events + self._after_choice(state)

    def _take(self, state: State, player: int, card: str, effect) -> list[Event]:
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
            self._give_card(state, cid, player, True)
        if not taken:
            return [Event("SN-R7", f"{label}: there is no card to take from {where}")]
        extra = f"; {self._pile_left(state)}" if effect.params["pile"] == "draw" else ""
        return [Event("SN-5.4", f"{name} takes {plural(len(taken), 'card')} from {where}"),
                Event("SN-4.2", f"{'It faces' if len(taken) == 1 else 'They face'} "
                      f"{name}{extra}")]

    def _choose(self, state: State, seat: int, move) -> list[Event]:
        """One choice of the card being carried out."""
        names, name = state.players, state.players[seat]
        if isinstance(move, TurnCard):
            card = self.hand(state, seat)[move.position - 1]
            state.seen_by[card] = [seat]
            events = [Event("SN-5.7", f"{name} turns card {move.position} to face {name}")]
        elif isinstance(move, SwapHands):
            target = self._seat_named(state, move.target)
            mine, theirs = self.hand(state, seat), self.hand(state, target)
            state.zones[f"hand:{seat}"], state.zones[f"hand:{target}"] = theirs, mine
            for card, holder in [(c, seat) for c in theirs] + [(c, target) for c in mine]:
                self._give_card_turned(state, card, holder)
            events = [Event("SN-5.6", f"{name} and {names[target]} swap hands: {name} now "
                            f"holds {plural(len(theirs), 'card')}, {names[target]} "
                            f"{plural(len(mine), 'card')}"),
                      Event("SN-4.3", "Each of them sees the received cards as before the "
                            "swap; the cards turn round for everyone else (SN-R8)")]
        elif isinstance(move, Swap):
            target = self._seat_named(state, move.target)
            mine, theirs = self.hand(state, seat), self.hand(state, target)
            a, b = mine[move.position - 1], theirs[move.theirs - 1]
            mine[move.position - 1], theirs[move.theirs - 1] = b, a
            self._give_card_turned(state, b, seat)
            self._give_card_turned(state, a, target)
            events = [Event("SN-5.6", f"{name} swaps card {move.position} for "
                            f"{names[target]}'s card {move.theirs}"),
                      Event("SN-4.3", "Each of them sees the received card as before the "
                            "swap; it turns round for everyone else (SN-R8)")]
        else:
            target = self._seat_named(state, move.target)
            if isinstance(move, Steal):
                card = self.hand(state, target).pop(move.position - 1)
                self._give_card(state, card, seat, True)
                events = [Event("SN-5.3", f"{name} steals {names[target]}'s card "
                                f"{move.position}"),
                          Event("SN-4.2", f"It now faces {name}")]
            else:   # Give
                card = self.hand(state, seat).pop(move.position - 1)
                self._give_card(state, card, target, True)
                events = [Event("SN-5.5", f"{name} gives card {move.position} to "
                                f"{names[target]}"),
                          Event("SN-4.2", f"It now faces {names[target]}")]
        state.data["left"] -= 1
        return events + self._after_choice(state)

    def _give_card_turned(self, state: State, card: str, holder: int) -> None:
        """A swapped card turns round (SN-R8): it faces its new holder exactly when it
        faced away from its old one."""
        if card in state.seen_by:
            del state.seen_by[card]
        else:
            state.seen_by[card] = [holder]

    def _after_choice(self, state: State) -> list[Event]:
        """End the effect when its choices are used up or none is possible (SN-R7)."""
        data = state.data
        holder = self.snake_jones_holder(state)
        if holder is not None:
            return self._snake_jones_win(state, holder)
        if data["left"] > 0 and self._choices(state, data["resolver"]):
            return []
        events = []
        if data["left"] > 0:
            label = DECK.label[data["effect"]]
            events.append(Event("SN-R7", f"{label}: nothing is left to choose, so the "
                                f"effect ends"))
        data.update(phase="action", resolver=None, effect=None, left=0)
        return events + self._finish_turn(state)

    # -- turns and the end -------------------------------------------------------------

    def _finish_turn(self, state: State) -> list[Event]:
        """After an action: check the end (SN-6.1), else the next active player's turn
        begins with its draw (SN-3.8, SN-3.1)."""
        data = state.data
        data["phase"] = "action"
        holder = self.snake_jones_holder(state)
        if holder is not None:
            return self._snake_jones_win(state, holder)
        if not state.zones["draw"]:
            return [Event("SN-R4", "The last card of the draw pile has been drawn")] + \
                self._count(state)
        active = data["active"]
        turn = data["previous"] = data["turn"]
        later = [s for s in active if s > turn]
        data["turn"] = later[0] if later else active[0]
        return self._draw_for_turn(state)

    def _draw_for_turn(self, state: State) -> list[Event]:
        data, names = state.data, state.players
        seat = data["turn"]
        name = names[seat]
        events = [Event("SN-3.8", f"{name}'s turn")]
        if not self.hand(state, seat):
            events.append(Event("SN-3.9", f"{name} holds no cards and draws as usual"))
        self._give_card(state, state.zones["draw"].pop(), seat, False)
        events.append(Event("SN-3.1", f"{name} draws a card and holds it facing away; "
                            f"{self._pile_left(state)}"))
        if not state.zones["draw"]:
            events.append(Event("SN-R3", f"{name} drew the last card: the game ends before "
                                f"{name} acts"))
            events += self._count(state)
        return events

    def _snake_jones_win(self, state: State, seat: int) -> list[Event]:
        data = state.data
        data.update(phase="over", turn=None, winners=[seat], end="snake_jones",
                    resolver=None, effect=None, left=0, pointer=None, pointed=None,
                    pointed_at=None)
        name = state.players[seat]
        return [Event("SN-6.1", f"{name} holds every Snake Jones card, each facing {name}, "
                      f"and wins at once (SN-2.1)")]

    def _count(self, state: State) -> list[Event]:
        """The draw pile is empty: the most cards win, or the tie is settled (SN-6.2)."""
        data, names = state.data, state.players
        active = data["active"]
        sizes = {s: len(self.hand(state, s)) for s in active}
        best = max(sizes.values())
        leaders = [s for s in active if sizes[s] == best]
        counted = ", ".join(f"{names[s]} {sizes[s]}" for s in active)
        events = [Event("SN-6.2", f"Cards in hand: {counted}")]
        data.update(phase="over", turn=None, end="draw pile")
        if len(leaders) == 1:
            data["winners"] = leaders
            return events + [Event("SN-6.2", f"{names[leaders[0]]} has the most cards, "
                                   f"{best}, and wins")]
        choice = state.options["snake_battle"]
        together = joined(names[s] for s in leaders)
        if data["battles"] or choice == "never":
            data["winners"] = leaders
            why = "after a snake battle a tie is shared (SN-R12)" if data["battles"] else \
                "the option snake_battle is never"
            return events + [Event("SN-6.3", f"{together} tie with {best} cards and share "
                                   f"the win: {why}")]
        if choice == "always":
            return events + self._battle(state, leaders)
        data.update(phase="tie", tied=leaders, for_battle=[])
        return events + [Event("SN-6.3", f"{together} tie with {best} cards: each says "
                               f"'battle' for a snake battle or 'share' (SN-R12)")]

    def _vote(self, state: State, seat: int, move: Vote) -> list[Event]:
        data, names = state.data, state.players
        name = names[seat]
        if not move.battle:
            data.update(winners=list(data["tied"]), tied=[], for_battle=[], phase="over")
            together = joined(names[s] for s in data["winners"])
            return [Event("SN-R12", f"{name} would rather share: {together} share the win")]
        data["for_battle"].append(seat)
        events = [Event("SN-R12", f"{name} asks for a snake battle")]
        if set(data["for_battle"]) == set(data["tied"]):
            tied = list(data["tied"])
            data.update(tied=[], for_battle=[])
            return events + self._battle(state, tied)
        return events

    def _battle(self, state: State, tied: list[int]) -> list[Event]:
        """Set up a snake battle among ``tied`` (SN-6.4, SN-R13)."""
        data, names, zones = state.data, state.players, state.zones
        for seat in tied:
            for card in list(self.hand(state, seat)):
                self._to_discard(state, seat, card)
        rng = Rng(state.rng)
        pile = zones["discard"]
        wanted = min(BATTLE_CARDS * len(tied), len(pile))
        taken = [pile.pop(rng.below(len(pile))) for _ in range(wanted)]
        zones["draw"] = taken
        first = tied[rng.below(len(tied))]
        state.rng = rng.state
        data.update(phase="action", active=sorted(tied), battles=data["battles"] + 1,
                    winners=[], end=None, turn=first, previous=None)
        together = joined(names[s] for s in tied)
        events = [Event("SN-6.4", f"Snake battle: {together} discard their hands; "
                        f"{plural(wanted, 'random card')} from the discard pile form a new "
                        f"draw pile"),
                  Event("SN-R13", f"{names[first]} is the tallest (drawn by lot) and "
                        f"starts; the other players sit out")]
        order = [s for s in data["active"] if s >= first] + \
            [s for s in data["active"] if s < first]
        for seat in order:
            if zones["draw"]:
                self._give_card(state, zones["draw"].pop(), seat, False)
                events.append(Event("SN-6.4", f"{names[seat]} draws a card facing away"))
        if not zones["draw"]:
            return events + self._count(state)
        return events + self._draw_for_turn(state)

    def outcome(self, state: State) -> Outcome | None:
        data = state.data
        if data["phase"] != "over":
            return None
        names = state.players
        scores = tuple(len(self.hand(state, s)) for s in range(state.num_players))
        winners = tuple(data["winners"])
        if data["end"] == "snake_jones":
            text = (f"{names[winners[0]]} wins with every Snake Jones card, each facing "
                    f"{names[winners[0]]}")
        elif len(winners) == 1:
            text = (f"{names[winners[0]]} wins with the most cards, "
                    f"{scores[winners[0]]}")
        else:
            text = (f"{joined(names[s] for s in winners)} share the win with "
                    f"{scores[winners[0]]} cards each")
        return Outcome(winners, scores, text)

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        target = getattr(move, "target", None)
        if target is not None and state is not None:
            found = self._seat_named(state, target)
            if found is not None:   # the exact spelling of the name
                move = type(move)(**{**move.__dict__, "target": state.players[found]})
        return move

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def visibility(self, zone: str) -> Visibility:
        return _VISIBILITY[zone.partition(":")[0]]

    def public_data(self, state: State, seat: int | None) -> dict:
        """The data plus which way each card in each hand is held (public: everyone sees
        the backs and the faces at the table), and the deck's label."""
        data = dict(state.data)
        for s in range(state.num_players):
            data[f"facing:{s}"] = self.facing(state, s)
        data["deck"] = STAND_IN
        return data

    def scoreboard(self, state: State) -> list[dict]:
        """Cards in hand (what decides the winner) and which way they are held: public."""
        rows = []
        for seat, name in enumerate(state.players):
            facing = self.facing(state, seat)
            rows.append({"player": name, "cards in hand": len(facing),
                         "facing them": facing.count("holder"),
                         "facing away": facing.count("away"),
                         "in game": "yes" if seat in state.data["active"] else "sits out"})
        return rows

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_NAMES = {
        "turn": "the player whose turn it is ('nobody' at the end)",
        "to act": "who may act now (names joined by commas; 'nobody')",
        "phase": "action, answer, resolve, tie or over",
        "draw pile": "how many cards are left in the draw pile",
        "discard": "the top card of the discard pile ('none')",
        "discard pile": "how many cards the discard pile holds",
        "hand/NAME": "NAME's cards left to right, ' (away)' after those facing away (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "facing/NAME": "for each card of NAME's hand, 'holder' or 'away' (a list)",
        "sees/NAME": "the cards of their own hand that NAME sees (a list)",
        "snake jones/NAME": "how many Snake Jones cards face NAME in NAME's hand",
        "pointed": "the player pointed at and the position, like 'Bob 2' ('none')",
        "resolving": "the card being carried out ('none')",
        "in game": "the players still in the game (a list; the tied ones in a battle)",
        "battles": "how many snake battles have been played",
        "end": "why the game ended: 'snake jones', 'draw pile' or 'not yet'",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        data, zones, names = state.data, state.zones, state.players
        pile = zones["discard"]
        facts = {
            "turn": names[data["turn"]] if data["turn"] is not None else "nobody",
            "to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
            "phase": data["phase"],
            "draw pile": str(len(zones["draw"])),
            "discard": DECK.label[pile[-1]] if pile else "none",
            "discard pile": str(len(pile)),
            "pointed": (f"{names[data['pointed']]} {data['pointed_at']}"
                        if data["pointed"] is not None else "none"),
            "resolving": DECK.label[data["effect"]] if data["effect"] else "none",
            "in game": [names[s] for s in data["active"]],
            "battles": str(data["battles"]),
            "end": (data["end"] or "not yet").replace("_", " "),
            "winners": [names[s] for s in data["winners"]] if data["phase"] == "over" else [],
        }
        for seat, name in enumerate(names):
            hand = self.hand(state, seat)
            facts.update({
                f"hand/{name}": [DECK.label[c] + ("" if c in state.seen_by else f" {AWAY}")
                                 for c in hand],
                f"hand size/{name}": str(len(hand)),
                f"facing/{name}": self.facing(state, seat),
                f"sees/{name}": [DECK.label[c] for c in hand if c in state.seen_by],
                f"snake jones/{name}": str(sum(1 for c in hand if c in state.seen_by and
                                               DECK.label[c] == SNAKE_JONES)),
            })
        return facts


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
