"""Cover Your Assets' rules engine, classic rules. Clause ids (CYA-...) refer to ``rules.yaml``.

Zones (the last card of a list is the top of a pile):

``draw``      the face-down draw pile (CYA-1.3)
``discard``   the discard pile, face up; only its top card can be seen (CYA-R14)
``box``       the advanced cards, out of play in the classic rules (CYA-1.1)
``hand:S``    seat S's hand (private)
``stack:S``   seat S's sets, bottom set first; in each set the wilds lie under the
              assets (CYA-3.4, CYA-R19), so a set's last card is always its asset
``battle``    the cards played in the battle under way, in order: the challenger's card
              first, then the defender's and the challenger's by turns, so even
              positions (0, 2, ...) are the challenger's and odd ones the defender's

``data`` keys: ``round``; ``dealer``; ``turn`` (the turn player, None once the game is
over); ``sets:S`` (the sizes of seat S's sets, bottom first: they cut ``stack:S`` into
sets, and a set's index gives its orientation, CYA-3.5); ``challenger``, ``defender``
and ``answering`` (who answers next) during a battle, all None otherwise;
``last_winner`` and ``last_loser`` of the latest battle; ``totals``, ``round_wins``,
``round_scores`` and ``round_winners`` (of the latest finished round, empty before
one is); ``over``; ``previous`` (whose turn ended last in this round, or None);
``dealer_by_lot`` (whether the tutor drew this round's dealer by lot, CYA-R15, which
the setup told at step 0 says).

The options are ``deck`` (``current`` or ``original``, CYA-R4) and ``mode`` (``quick``,
``two_wins``, ``three_rounds`` or ``classic``, CYA-8.1 and CYA-R16).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

from tutor.core.game import Event, Game, Outcome, Rejection, SetupError
from tutor.core.position import Position
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.cover_your_assets import moves as notation
from tutor.games.cover_your_assets.deck import (ADVANCED, ASSET, DEFAULT_EDITION, EDITIONS,
                                                WILD, Edition, article, money, name_order,
                                                read_name)
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet, GiveUp,
                                                 Pass)

HAND_SIZE = 5
MILLION = 1_000_000
MODES = ("quick", "two_wins", "three_rounds", "classic")
DEFAULT_MODE = "quick"
MODE_RULE = {"quick": "CYA-8.2", "two_wins": "CYA-8.3", "three_rounds": "CYA-8.4",
             "classic": "CYA-8.5"}
SETUP_KEYS = {"dealer", "first", "hands", "stacks", "discard", "draw", "draw_size", "round",
              "totals", "rounds_won"}

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "box": Visibility.HIDDEN, "hand": Visibility.OWNER,
               "stack": Visibility.PUBLIC, "battle": Visibility.PUBLIC}


@lru_cache(maxsize=None)
def _zone_visibility(zone: str) -> Visibility:
    # Asked for every card and seat when views are built: worth remembering.
    return _VISIBILITY[zone.partition(":")[0]]


class CoverYourAssets(Game):
    id = "cover_your_assets"
    title = "Cover Your Assets"
    player_counts = range(2, 7)   # 4-6 in the rulebook; 2-3 by ruling CYA-R1
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "CYA-2.3"
    end_rule = "CYA-8.1"

    # -- setting up ----------------------------------------------------------------

    option_names = ("deck", "mode")

    def checked_options(self, options: dict | None) -> dict:
        """The options with their defaults filled in; SetupError for a wrong one."""
        options = self.check_option_names(options)
        deck = options.get("deck", DEFAULT_EDITION)
        if not isinstance(deck, str) or deck not in EDITIONS:
            raise SetupError(f"options.deck: {deck!r} is not an edition; the editions are "
                             f"{', '.join(EDITIONS)}")
        mode = options.get("mode", DEFAULT_MODE)
        if not isinstance(mode, str) or mode not in MODES:
            raise SetupError(f"options.mode: {mode!r} is not a game length; the modes are "
                             f"{', '.join(MODES)}")
        return {"deck": deck, "mode": mode}

    def edition(self, options: dict | None) -> Edition:
        return EDITIONS[(options or {}).get("deck", DEFAULT_EDITION)]

    def deck(self, options=None):
        return self.edition(options).deck

    def new_state(self, players, seed=0, options=None, setup=None) -> State:
        """A new game, or the position that ``setup`` describes.

        ``setup`` keys (all optional; cards are written as in the notation):

        ``dealer``, ``first``   who deals, and who moves first (by default the player
                                left of the dealer; the dealer is drawn by lot)
        ``hands``               name -> the cards in that hand (at most five); players
                                not named are dealt five cards from the shuffled rest
        ``stacks``              name -> the sets of that stack, bottom first, each a
                                list of cards or a text like ``Jewels+Jewels+Gold``
        ``discard``             cards on the discard pile, top first (otherwise one card
                                is turned up from the shuffled rest)
        ``draw``                cards on top of the draw pile, top first; the rest of the
                                cards are shuffled below them
        ``draw_size``           how many cards the draw pile holds; the cards that do not
                                fit go under the discard pile (0: the draw pile is empty)
        ``round``, ``totals``, ``rounds_won``   for a later round of a longer game
        """
        players = tuple(players)
        self.check_player_count(players)
        options = self.checked_options(options)
        setup = dict(setup or {})
        unknown = set(setup) - SETUP_KEYS
        if unknown:
            raise SetupError(f"setup: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                             f"the keys are {', '.join(sorted(SETUP_KEYS))}")
        edition = EDITIONS[options["deck"]]
        rng = Rng.from_seed(seed)
        position = _Position(edition, players, setup)
        n = len(players)
        zones = {"draw": [], "discard": [], "battle": [],
                 "box": [c.id for c in edition.deck if c.kind == ADVANCED]}
        data = {"round": 1, "dealer": 0, "turn": 0, "challenger": None, "defender": None,
                "answering": None, "last_winner": None, "last_loser": None,
                "totals": [0] * n, "round_wins": [0] * n, "round_scores": [],
                "round_winners": [], "over": False, "previous": None,
                "dealer_by_lot": False}
        for seat in range(n):
            zones[f"hand:{seat}"] = []
            zones[f"stack:{seat}"] = []
            data[f"sets:{seat}"] = []

        first = position.seat_of(setup["first"], "first") if "first" in setup else None
        if "dealer" in setup:
            dealer = position.seat_of(setup["dealer"], "dealer")
        elif first is not None:
            dealer = (first - 1) % n
        else:
            dealer = rng.below(n)   # drawn by lot (CYA-R15)
            data["dealer_by_lot"] = True
        if first is None:
            first = (dealer + 1) % n   # CYA-1.5

        for seat, sets in position.per_player("stacks").items():
            for cards in position.stack_sets(seat, sets):
                zones[f"stack:{seat}"] += self._arranged(edition, cards)
                data[f"sets:{seat}"].append(len(cards))
        dealt_by_setup = position.per_player("hands")
        for seat, labels in dealt_by_setup.items():
            where = f"hands.{players[seat]}"
            labels = position.card_list(labels, where)
            if len(labels) > HAND_SIZE:
                raise SetupError(f"setup.{where}: a hand holds at most {HAND_SIZE} cards "
                                 f"(CYA-6.1), not {len(labels)}")
            zones[f"hand:{seat}"] = [position.take(label, where) for label in labels]
        discard_top = position.take_cards(setup.get("discard"), "discard")
        draw_top = position.take_cards(setup.get("draw"), "draw")

        rest = position.free_cards()
        rng.shuffle(rest)
        order = [(dealer + 1 + k) % n for k in range(n)]
        undealt = [seat for seat in order if seat not in dealt_by_setup]
        for _ in range(HAND_SIZE):
            for seat in undealt:
                if not rest:
                    raise SetupError(f"setup: no card is left to deal {players[seat]} a "
                                     f"hand of {HAND_SIZE}; name fewer cards elsewhere")
                zones[f"hand:{seat}"].append(rest.pop())
        if not discard_top and "discard" not in setup:
            if not rest:
                raise SetupError("setup: no card is left to turn up on the discard pile")
            discard_top = [rest.pop()]   # CYA-1.4
        draw_size = setup.get("draw_size")
        if draw_size is None:
            below = []
        else:
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

        round_number, totals, rounds_won = position.scores(options["mode"], MILLION)
        data.update(round=round_number, dealer=dealer, turn=first, totals=totals,
                    round_wins=rounds_won)
        state = State(self.id, players, options, zones, data, rng.state)
        self._check_position(state)
        return state

    def _check_position(self, state: State) -> None:
        """Refuse positions that play cannot reach: short hands beside a draw pile, or
        nobody left to move."""
        names, zones = state.players, state.zones
        if zones["draw"]:
            for seat, name in enumerate(names):
                held = len(zones[f"hand:{seat}"])
                if held != HAND_SIZE:
                    raise SetupError(f"setup.hands.{name}: {name} holds {held} cards, but "
                                     f"while the draw pile has cards every hand is filled "
                                     f"up to {HAND_SIZE} after each turn (CYA-6.1); name "
                                     f"{HAND_SIZE} cards, or empty the draw pile with "
                                     f"draw_size: 0")
        if not any(zones[f"hand:{seat}"] for seat in range(state.num_players)):
            raise SetupError("setup.hands: every hand is empty, so the round is already "
                             "over (CYA-7.1)")
        turn = state.data["turn"]
        if not zones[f"hand:{turn}"]:
            raise SetupError(f"setup.first: {names[turn]} has no cards and would be "
                             f"skipped (CYA-R5); name a player who holds cards")

    # -- the setup, told at step 0 ----------------------------------------------------

    def opening_events(self, state: State) -> list[Event]:
        """The setup as a learner steps through it: the cards and the length of the
        game, each hand (its cards for its holder and the teacher only), the piles and
        any stacks already on the table, then who takes the first turn and why.

        ``state`` is what :meth:`new_state` returned: a fresh deal, or the position a
        scenario's setup describes (a later round, or a round under way)."""
        fresh = self._freshly_dealt(state)
        events = [self._cards_told(state), self._length_told(state)]
        events += [self._hand_told(state, seat, fresh) for seat in range(state.num_players)]
        events += self._piles_told(state, fresh)
        events += [self._stack_told(state, seat) for seat in range(state.num_players)
                   if state.data[f"sets:{seat}"]]
        events.append(self._first_turn_told(state, fresh))
        return events

    def _freshly_dealt(self, state: State) -> bool:
        """Whether the position is a round just dealt (CYA-1.3, CYA-1.4): five cards a
        hand, one card turned up, no sets yet."""
        zones = state.zones
        return len(zones["discard"]) == 1 and all(
            len(zones[f"hand:{seat}"]) == HAND_SIZE and not state.data[f"sets:{seat}"]
            for seat in range(state.num_players))

    def _cards_told(self, state: State) -> Event:
        edition = self.edition(state.options)
        kind = Counter(edition.kind[c] for c in edition.in_play())
        box = len(state.zones["box"])
        boxed = f"; its {box} advanced cards stay in the box" if box else ""
        # The wilds are not named: a word like "Gold" would read as a card in play.
        return Event("CYA-1.1", f"The {state.num_players} players play the classic rules "
                     f"with the {edition.title}'s {len(edition.in_play())} cards: "
                     f"{kind[ASSET]} assets to collect and {kind[WILD]} wilds, which match "
                     f"any asset{boxed}")

    def _length_told(self, state: State) -> Event:
        data, names, mode = state.data, state.players, state.options["mode"]
        text = {"quick": "The players agreed on a quick game: one round, and the highest "
                         "score wins",
                "two_wins": "The players agreed to play until someone has won two rounds",
                "three_rounds": "The players agreed on three rounds: the highest total "
                                "wins",
                "classic": f"The players agreed on the classic game: rounds go on until "
                           f"someone's total reaches {money(MILLION)}"}[mode]
        number = data["round"]
        if number > 1 and mode == "two_wins":
            text += (f"; this is round {number}, and the rounds won so far are " +
                     ", ".join(f"{names[s]} {data['round_wins'][s]}"
                               for s in range(state.num_players)))
        elif number > 1:
            text += (f"; this is round {number}, and the totals so far are " +
                     ", ".join(f"{names[s]} {money(data['totals'][s])}"
                               for s in range(state.num_players)))
        return Event(MODE_RULE[mode], text)

    def _hand_told(self, state: State, seat: int, fresh: bool) -> Event:
        """The hand's cards for its holder and the teacher; the others read how many."""
        name, held = state.players[seat], len(state.zones[f"hand:{seat}"])
        if not held:
            return Event("CYA-1.3", f"{name} holds no cards")
        got = f"{name} is dealt {plural(held, 'card')}" if fresh else \
            f"{name} holds {plural(held, 'card')}"
        others = tuple(s for s in range(state.num_players) if s != seat)
        return Event("CYA-1.3", f"{got}: {self._hand_text(state, seat)}", others,
                     f"{got}, face down: only {name} sees them")

    def _piles_told(self, state: State, fresh: bool) -> list[Event]:
        zones, edition = state.zones, self.edition(state.options)
        draw, pile = len(zones["draw"]), zones["discard"]
        if draw and fresh:
            drawn = Event("CYA-1.3", f"The other {plural(draw, 'card')} lie face down in "
                          f"the middle as the draw pile")
        elif draw:
            drawn = Event("CYA-1.3", f"The draw pile holds {plural(draw, 'card')}, face "
                          f"down in the middle")
        else:
            drawn = Event("CYA-7.1", "The draw pile is empty: nobody draws any more, and "
                          "the round goes on until every hand is played out")
        if fresh:
            dealer = state.players[state.data["dealer"]]
            shown = Event("CYA-1.4", f"{dealer} turns the next card face up to start the "
                          f"discard pile: {edition.label[pile[-1]]}")
        elif pile:
            shown = Event("CYA-1.4", f"The discard pile holds {plural(len(pile), 'card')}, "
                          f"{edition.label[pile[-1]]} face up on top")
        else:
            shown = Event("CYA-1.4", "The discard pile is empty")
        return [drawn, shown]

    def _stack_told(self, state: State, seat: int) -> Event:
        edition, name = self.edition(state.options), state.players[seat]
        sets = [self.describe_set(edition, cards) for cards in self.sets(state, seat)]
        top = "a single set is safe from challenges" if len(sets) == 1 else \
            f"the top one, {sets[-1]}, may be challenged"
        return Event("CYA-3.5", f"{name}'s stack already holds {plural(len(sets), 'set')} "
                     f"worth {money(self.stack_value(state, seat))}, from the bottom: "
                     f"{', '.join(sets)}; {top}")

    def _first_turn_told(self, state: State, fresh: bool) -> Event:
        data, names, n = state.data, state.players, state.num_players
        first, dealer = names[data["turn"]], names[data["dealer"]]
        if not fresh:
            return Event("CYA-2.1", f"The example starts partway through round "
                         f"{data['round']}: it is {first}'s turn to take one action")
        if data["turn"] != (data["dealer"] + 1) % n:
            return Event("CYA-1.5", f"{dealer} dealt, and the example has {first} take the "
                         f"first turn; turns then pass to the left")
        how = " (the tutor drew the dealer by lot)" if data["dealer_by_lot"] else ""
        return Event("CYA-1.5", f"{dealer} dealt{how}, so {first}, on {dealer}'s left, "
                     f"takes the first turn; turns then pass to the left")

    # -- whose turn ----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        data = state.data
        if data["over"]:
            return ()
        if data["answering"] is not None:
            return (data["answering"],)
        return (data["turn"],)

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        data = state.data
        if rejection and data["answering"] is not None and 0 <= seat < state.num_players:
            names = state.players
            answering, challenger = data["answering"], data["challenger"]
            other = data["defender"] if answering == challenger else challenger
            what = "challenge" if answering != challenger else "defence"
            return Rejection(self.turn_rule, f"it is {names[answering]}'s turn to answer "
                             f"{names[other]}'s {what}, not {names[seat]}'s")
        return rejection

    # -- what the table shows -----------------------------------------------------------

    def sets(self, state: State, seat: int) -> list[list[str]]:
        """Seat's sets as lists of card ids, bottom set first."""
        stack, out, start = state.zones[f"stack:{seat}"], [], 0
        for size in state.data[f"sets:{seat}"]:
            out.append(stack[start:start + size])
            start += size
        return out

    def top_set(self, state: State, seat: int) -> list[str]:
        sizes = state.data[f"sets:{seat}"]
        return state.zones[f"stack:{seat}"][-sizes[-1]:] if sizes else []

    @staticmethod
    def set_asset(edition: Edition, cards) -> str:
        """The asset a set is made of (its top card: wilds lie under the assets)."""
        return edition.label[cards[-1]]

    def stack_value(self, state: State, seat: int) -> int:
        value = self.edition(state.options).value
        return sum(value[c] for c in state.zones[f"stack:{seat}"])

    def battle_asset(self, state: State) -> str | None:
        defender = state.data["defender"]
        if defender is None:
            return None
        return self.set_asset(self.edition(state.options), self.top_set(state, defender))

    def describe_set(self, edition: Edition, cards) -> str:
        """'Jewels+Jewels+Gold': the set as the notation writes cards, asset first."""
        return "+".join(sorted((edition.label[c] for c in cards), key=name_order))

    def _hand_text(self, state: State, seat: int) -> str:
        label = self.edition(state.options).label
        hand = state.zones[f"hand:{seat}"]
        return ", ".join(sorted((label[c] for c in hand), key=name_order)) or "no cards"

    @staticmethod
    def _arranged(edition: Edition, cards) -> list[str]:
        """Wilds under assets (CYA-3.4, CYA-R19), otherwise in the order given."""
        return [c for c in cards if edition.kind[c] == WILD] + \
            [c for c in cards if edition.kind[c] != WILD]

    def _find(self, state: State, seat: int, labels) -> list[str] | None:
        """The ids of these cards in the seat's hand (each id once), or None."""
        label = self.edition(state.options).label
        hand, chosen = state.zones[f"hand:{seat}"], []
        for wanted in labels:
            cid = next((c for c in hand if label[c] == wanted and c not in chosen), None)
            if cid is None:
                return None
            chosen.append(cid)
        return chosen

    def _not_in_hand(self, state: State, seat: int, labels, rule: str) -> Rejection | None:
        edition = self.edition(state.options)
        for wanted in labels:
            if wanted not in edition.kind_of:
                return Rejection("CYA-1.2", f"the {edition.title} has no {wanted} cards")
        if self._find(state, seat, labels) is not None:
            return None
        held = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
        for wanted, count in Counter(labels).items():
            if held[wanted] < count:
                how = "no" if not held[wanted] else f"only {held[wanted]}"
                return Rejection(rule, f"{state.players[seat]} has {how} {wanted} in hand "
                                 f"(hand: {self._hand_text(state, seat)})")
        raise AssertionError("cards missing from a hand, yet every count is there")

    def _seat_named(self, state: State, name: str) -> int | None:
        lowered = " ".join(name.split()).lower()
        return next((s for s, p in enumerate(state.players) if p.lower() == lowered), None)

    # -- checking ------------------------------------------------------------------

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        data, name = state.data, state.players[seat]
        if data["answering"] is not None:
            return self._check_battle(state, seat, move)
        if isinstance(move, FormSet):
            return self._check_set(state, seat, move)
        if isinstance(move, Discard):
            return self._not_in_hand(state, seat, [move.card], "CYA-4.1")
        if isinstance(move, Challenge):
            return self._check_challenge(state, seat, move)
        if isinstance(move, Answer):
            return Rejection("CYA-2.1", f"there is no battle for {name} to answer in: on "
                             f"this turn {name} forms a set, discards or challenges")
        if isinstance(move, GiveUp):
            return Rejection("CYA-2.2", f"there is no battle to give up, and passing is not "
                             f"allowed: {name} must form a set, challenge or discard")
        if isinstance(move, Pass):
            return Rejection("CYA-2.2", f"passing is not allowed: {name} must form a set, "
                             f"challenge or discard (hand: {self._hand_text(state, seat)})")
        return Rejection("CYA-2.1", f"{move!r} is not a Cover Your Assets move")

    def phase_rules(self, state: State) -> tuple[str, ...]:
        if state.data["answering"] is not None:
            return ("CYA-5.4",)                # a battle: answer or give up
        return ("CYA-2.1", "CYA-2.2")          # a turn: one action, no passing

    def _check_waiting(self, state: State, seat: int, move) -> Rejection | None:
        """The player whose turn just ended hears the one-action limit, not only whose
        turn it is."""
        data = state.data
        if data["answering"] is None and seat == data.get("previous") and \
                isinstance(move, (FormSet, Discard, Challenge, Pass)):
            name = state.players[seat]
            return Rejection("CYA-2.1", f"{name} already took the one action of {name}'s "
                             f"turn; now it is {state.players[data['turn']]}'s turn")
        return None

    def _check_set(self, state: State, seat: int, move: FormSet) -> Rejection | None:
        edition = self.edition(state.options)
        count = len(move.cards) + move.discard
        if count != 2:
            return Rejection("CYA-3.1", f"a new set is exactly two cards, not {count}: name "
                             f"two cards from your hand, or one and 'discard' for the top "
                             f"card of the discard pile")
        rejection = self._not_in_hand(state, seat, move.cards,
                                      "CYA-3.2" if move.discard else "CYA-3.1")
        if rejection:
            return rejection
        if not move.discard:
            first, second = move.cards   # assets sort before wilds
            if edition.is_wild(first):
                return Rejection("CYA-3.3", f"two wilds never make a set: {first} and "
                                 f"{second} need an asset")
            if not edition.is_wild(second) and first != second:
                return Rejection("CYA-3.1", f"a set needs two identical assets, or an asset "
                                 f"and a wild: {first} and {second} differ")
            return None
        pile = state.zones["discard"]
        if not pile:
            return Rejection("CYA-3.2", "the discard pile is empty: there is no card on it "
                             "to form a set with")
        top, (held,) = edition.label[pile[-1]], move.cards
        if edition.is_wild(held) and edition.is_wild(top):
            return Rejection("CYA-3.3", f"two wilds never make a set: the {held} from the "
                             f"hand and the {top} on top of the discard pile")
        if not edition.is_wild(held) and not edition.is_wild(top) and held != top:
            return Rejection("CYA-3.2", f"the top card of the discard pile is {top}, not "
                             f"{held}: a set with it needs {top} or a wild from the hand")
        return None

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

    # -- legal moves (all of them: hands are small) --------------------------------------

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        edition, data = self.edition(state.options), state.data
        held = sorted({edition.label[c] for c in state.zones[f"hand:{seat}"]}, key=name_order)
        wilds = [c for c in held if edition.is_wild(c)]
        assets = [c for c in held if not edition.is_wild(c)]
        if data["answering"] is not None:
            asset = self.battle_asset(state)
            return [Answer(c) for c in held if c == asset or c in wilds] + [GiveUp()]
        counts = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
        moves = []
        for asset in assets:
            if counts[asset] >= 2:
                moves.append(FormSet((asset, asset)))
            moves += [FormSet((asset, wild)) for wild in wilds]
        pile = state.zones["discard"]
        if pile:
            top = edition.label[pile[-1]]
            if edition.is_wild(top):
                moves += [FormSet((asset,), True) for asset in assets]   # CYA-R6
            else:
                moves += [FormSet((card,), True) for card in held
                          if card == top or card in wilds]
        if data[f"sets:{seat}"]:
            for other in range(state.num_players):
                sets = data[f"sets:{other}"]
                if other == seat or len(sets) < 2:
                    continue
                asset = self.set_asset(edition, self.top_set(state, other))
                moves += [Challenge(state.players[other], card) for card in held
                          if card == asset or card in wilds]
        moves += [Discard(card) for card in held]
        return moves

    # -- applying ------------------------------------------------------------------

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        if isinstance(move, FormSet):
            events = self._form_set(state, seat, move)
        elif isinstance(move, Discard):
            (cid,) = self._find(state, seat, [move.card])
            state.move_card(cid, f"hand:{seat}", "discard")
            events = [Event("CYA-4.1", f"{state.players[seat]} discards {move.card} face up")]
        elif isinstance(move, Challenge):
            return self._challenge(state, seat, move)   # the turn goes on in the battle
        elif isinstance(move, Answer):
            return self._answer(state, seat, move)
        else:   # GiveUp: the only other move _check lets through
            # A defender who played a card draws after the turn (CYA-6.2, CYA-R10).
            played = len(state.zones["battle"]) >= 2
            defended = state.data["defender"] if played else None
            return self._give_up(state, seat) + self._finish_turn(state, defended)
        return events + self._finish_turn(state)

    def _form_set(self, state: State, seat: int, move: FormSet) -> list[Event]:
        edition, zones, name = self.edition(state.options), state.zones, state.players[seat]
        held = self._find(state, seat, move.cards)
        for cid in held:
            zones[f"hand:{seat}"].remove(cid)
        taken = [zones["discard"].pop()] if move.discard else []
        cards = self._arranged(edition, held + taken)
        below = self.top_set(state, seat)
        zones[f"stack:{seat}"] += cards
        state.data[f"sets:{seat}"].append(len(cards))
        asset = self.set_asset(edition, cards)
        worth = money(sum(edition.value[c] for c in cards))
        wild = next((edition.label[c] for c in cards if edition.kind[c] == WILD), None)
        events = []
        if taken:
            top = edition.label[taken[0]]
            shows = (f"the discard pile now shows {edition.label[zones['discard'][-1]]}"
                     if zones["discard"] else "the discard pile is now empty")
            rule = "CYA-R6" if edition.is_wild(top) else \
                "CYA-3.3" if wild else "CYA-3.2"
            events.append(Event(rule, f"{name} forms a set of {asset} with the "
                                f"{move.cards[0]} from hand and the {top} on top of the "
                                f"discard pile, worth {worth}; {shows}"))
        else:
            rule = "CYA-3.3" if wild else "CYA-3.1"
            pair = f"two {asset}" if not wild else f"{asset} and {wild}"
            events.append(Event(rule, f"{name} forms a set of {asset} from {pair} in hand, "
                                f"worth {worth}"))
        if wild:
            events.append(Event("CYA-3.4", f"The {wild} lies under the {asset}"))
        count = len(state.data[f"sets:{seat}"])
        total = money(self.stack_value(state, seat))
        if below:
            events.append(Event("CYA-3.5", f"The new set goes on top of {name}'s stack, "
                                f"crosswise to the {self.set_asset(edition, below)} set below: "
                                f"{plural(count, 'set')} worth {total}"))
        else:
            events.append(Event("CYA-3.5", f"It starts {name}'s stack: 1 set worth {total}"))
        return events

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

    def _finish_turn(self, state: State, defended: int | None = None) -> list[Event]:
        """Drawing after the turn (the turn player, then ``defended``: a defender who
        played cards), then the next turn or the end of the round."""
        data = state.data
        turn = data["turn"]
        data["previous"] = turn
        events = self._draw_up(state, turn, "CYA-6.1")
        if defended is not None:
            events += self._draw_up(state, defended, "CYA-6.2")
        n = state.num_players
        if not any(state.zones[f"hand:{seat}"] for seat in range(n)):
            return events + self._end_round(state)
        for step in range(1, n + 1):
            seat = (turn + step) % n
            if state.zones[f"hand:{seat}"]:
                data["turn"] = seat   # CYA-6.3
                break
            events.append(Event("CYA-R5", f"{state.players[seat]} has no cards left and "
                                "is skipped"))
        return events

    def _draw_up(self, state: State, seat: int, rule: str) -> list[Event]:
        hand, pile = state.zones[f"hand:{seat}"], state.zones["draw"]
        count = min(HAND_SIZE - len(hand), len(pile))
        if count <= 0:
            return []
        for _ in range(count):
            hand.append(pile.pop())
        who = state.players[seat] + (", who defended," if rule == "CYA-6.2" else "")
        events = [Event(rule, f"{who} draws {plural(count, 'card')} and holds {len(hand)}; "
                        f"{len(pile)} left in the draw pile")]
        if not pile:
            events.append(Event("CYA-7.1", "The draw pile is empty: from now on nobody "
                                "draws, and play goes on until every hand is played out"))
        return events

    def _end_round(self, state: State) -> list[Event]:
        data, names, n = state.data, state.players, state.num_players
        mode = state.options["mode"]
        scores = [self.stack_value(state, seat) for seat in range(n)]
        best = max(scores)
        leaders = [seat for seat in range(n) if scores[seat] == best]
        data["round_scores"] = scores
        data["totals"] = [t + s for t, s in zip(data["totals"], scores)]
        data["round_winners"] = leaders
        for seat in leaders:
            data["round_wins"][seat] += 1
        number = data["round"]
        listed = ", ".join(f"{names[s]} {money(scores[s])} "
                           f"({plural(len(data[f'sets:{s}']), 'set')})" for s in range(n))
        events = [Event("CYA-7.1", f"Every hand is played out: round {number} is over"),
                  Event("CYA-7.2", f"Round {number} scores: {listed}")]
        if mode == "two_wins":
            wins = ", ".join(f"{names[s]} {data['round_wins'][s]}" for s in range(n))
            events.append(Event("CYA-8.3", f"{joined(names[s] for s in leaders)} "
                                f"{'wins' if len(leaders) == 1 else 'share'} round {number}; "
                                f"rounds won: {wins}"))
            over = max(data["round_wins"]) >= 2
        elif mode in ("three_rounds", "classic"):
            totals = ", ".join(f"{names[s]} {money(data['totals'][s])}" for s in range(n))
            events.append(Event(MODE_RULE[mode], f"Totals after round {number}: {totals}"))
            over = number >= 3 if mode == "three_rounds" else max(data["totals"]) >= MILLION
        else:
            over = True
        if not over:
            return events + self._new_round(state)
        data.update(over=True, turn=None)
        result = self.outcome(state)
        rule = "CYA-R11" if len(result.winners) > 1 else MODE_RULE[mode]
        return events + [Event(rule, result.explanation)]

    def _new_round(self, state: State) -> list[Event]:
        """Gather every card in play, shuffle, deal afresh (CYA-R20); the deal passes
        to the left (CYA-R15)."""
        edition, data, zones, n = self.edition(state.options), state.data, state.zones, \
            state.num_players
        cards = edition.in_play()   # deck order, so the shuffle alone decides
        for name in list(zones):
            if name != "box":
                zones[name] = []
        for seat in range(n):
            data[f"sets:{seat}"] = []
        rng = Rng(state.rng)
        rng.shuffle(cards)
        dealer = (data["dealer"] + 1) % n
        first = (dealer + 1) % n
        for _ in range(HAND_SIZE):
            for k in range(n):
                zones[f"hand:{(first + k) % n}"].append(cards.pop())
        zones["discard"] = [cards.pop()]
        zones["draw"] = cards
        state.rng = rng.state
        data.update(round=data["round"] + 1, dealer=dealer, turn=first, last_winner=None,
                    last_loser=None, previous=None, dealer_by_lot=False)
        names = state.players
        return [Event("CYA-R20", f"Round {data['round']}: all {len(edition.in_play())} "
                      f"cards are shuffled and dealt again; {names[dealer]} deals, the "
                      f"discard pile starts with {edition.label[zones['discard'][-1]]}, and "
                      f"{names[first]} begins")]

    # -- the end -------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """The winners, and the scores that decide: rounds won in two_wins, otherwise
        the dollar totals (the single round's scores in a quick game)."""
        data = state.data
        if not data["over"]:
            return None
        mode, names = state.options["mode"], state.players
        if mode == "two_wins":
            scores = tuple(data["round_wins"])
            best = max(scores)
            winners = tuple(s for s in range(len(scores)) if scores[s] == best)
            if len(winners) == 1:
                text = f"{names[winners[0]]} is the first to win {best} rounds and wins"
            else:
                text = (f"{joined(names[s] for s in winners)} reach {best} rounds won "
                        f"together and share the win")
            return Outcome(winners, scores, text)
        scores = tuple(data["totals"])
        best = max(scores)
        winners = tuple(s for s in range(len(scores)) if scores[s] == best)
        what = {"quick": "the quick game", "three_rounds": "after three rounds",
                "classic": "the classic game"}[mode]
        if len(winners) == 1:
            return Outcome(winners, scores, f"{names[winners[0]]} wins {what} with "
                           f"{money(best)}")
        return Outcome(winners, scores, f"{joined(names[s] for s in winners)} tie on "
                       f"{money(best)} and share the win ({what})")

    # -- notation and visibility ----------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        if isinstance(move, Challenge) and state is not None:
            target = self._seat_named(state, move.target)
            if target is not None:   # the exact spelling of the name
                move = Challenge(state.players[target], move.card)
        return move

    def format_move(self, state, seat, move):
        return notation.format_move(move)

    def visibility(self, zone: str) -> Visibility:
        return _zone_visibility(zone)

    def scoreboard(self, state: State) -> list[dict]:
        """Stacks, hand sizes and the scores so far: all public."""
        data = state.data
        return [{"player": name,
                 "sets": len(data[f"sets:{seat}"]),
                 "stack value": self.stack_value(state, seat),
                 "cards in hand": len(state.zones[f"hand:{seat}"]),
                 "total": data["totals"][seat],
                 "rounds won": data["round_wins"][seat]}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints ---------------------------------------------

    FACT_NAMES = {
        "round": "the round number",
        "dealer": "who dealt this round",
        "turn": "the player whose turn it is ('nobody' at the end)",
        "to act": "who may act now: the turn player, or the player to answer in a battle",
        "draw pile": "how many cards are left in the draw pile",
        "discard": "the top card of the discard pile ('none' when empty)",
        "discard pile": "how many cards the discard pile holds",
        "hand/NAME": "the cards in NAME's hand (a list)",
        "hand size/NAME": "how many cards NAME holds",
        "sets/NAME": "how many sets are in NAME's stack",
        "stack/NAME": "NAME's sets, each written like Jewels+Jewels+Gold (a list)",
        "top set/NAME": "NAME's top set, written like Jewels+Jewels+Gold ('none')",
        "top set value/NAME": "the value of NAME's top set, e.g. $24,000",
        "stack value/NAME": "the value of all the cards in NAME's stack",
        "challenger": "who challenged in the battle under way ('none')",
        "defender": "who defends in the battle under way ('none')",
        "battle cards": "the cards played in the battle under way (a list)",
        "last battle/winner": "who won the latest battle ('none')",
        "last battle/loser": "who lost it by giving up ('none')",
        "round score/NAME": "NAME's score in the latest finished round ('none' before)",
        "total/NAME": "NAME's scores of the finished rounds added up",
        "rounds won/NAME": "how many rounds NAME has won",
        "round winners": "the players with the highest score of the latest round (a list)",
        "winners": "the winners at the end (a list)",
    }

    def facts(self, state: State) -> dict:
        edition, data, zones, names = (self.edition(state.options), state.data, state.zones,
                                       state.players)
        label = edition.label

        def who(seat):
            return "none" if seat is None else names[seat]

        pile = zones["discard"]
        facts = {
            "round": str(data["round"]),
            "dealer": names[data["dealer"]],
            "turn": who(data["turn"]) if data["turn"] is not None else "nobody",
            "to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
            "draw pile": str(len(zones["draw"])),
            "discard": label[pile[-1]] if pile else "none",
            "discard pile": str(len(pile)),
            "challenger": who(data["challenger"]),
            "defender": who(data["defender"]),
            "battle cards": [label[c] for c in zones["battle"]],
            "last battle/winner": who(data["last_winner"]),
            "last battle/loser": who(data["last_loser"]),
            "round winners": [names[s] for s in data["round_winners"]],
        }
        for seat, name in enumerate(names):
            sets = self.sets(state, seat)
            top = sets[-1] if sets else []
            facts.update({
                f"hand/{name}": [label[c] for c in zones[f"hand:{seat}"]],
                f"hand size/{name}": str(len(zones[f"hand:{seat}"])),
                f"sets/{name}": str(len(sets)),
                f"stack/{name}": [self.describe_set(edition, s) for s in sets],
                f"top set/{name}": self.describe_set(edition, top) if top else "none",
                f"top set value/{name}": money(sum(edition.value[c] for c in top)),
                f"stack value/{name}": money(self.stack_value(state, seat)),
                f"round score/{name}": money(data["round_scores"][seat])
                if data["round_scores"] else "none",
                f"total/{name}": money(data["totals"][seat]),
                f"rounds won/{name}": str(data["round_wins"][seat]),
            })
        result = self.outcome(state)
        facts["winners"] = [names[s] for s in result.winners] if result else []
        return facts


class _Position(Position):
    """A setup position with one edition's cards; advanced cards stay in the box, and
    stacks are read as lists of sets."""

    def __init__(self, edition: Edition, players: tuple[str, ...], setup: dict):
        def in_edition(text):
            name = read_name(text)
            return name if name in edition.kind_of else None

        super().__init__(players, setup, edition.in_play(), edition.label, in_edition)
        self.edition = edition
        self.deck_name = f"the {edition.title}"

    def unknown_card(self, text) -> str:
        return f"{self.deck_name} has no card called {text!r}"

    def take(self, text, where: str) -> str:
        name = read_name(text)
        if self.edition.kind_of.get(name) == ADVANCED:
            raise SetupError(f"setup.{where}: {name} is an advanced card; the classic rules "
                             f"leave it in the box (CYA-1.1)")
        return super().take(text, where)

    def stack_sets(self, seat: int, sets) -> list[list[str]]:
        """The card ids of each set of a stack, checked to be a set."""
        name = self.players[seat]
        if not isinstance(sets, list):
            raise SetupError(f"setup.stacks.{name}: expected a list of sets, bottom first")
        out = []
        for number, raw in enumerate(sets, 1):
            where = f"stacks.{name}, set {number}"
            labels = raw.split("+") if isinstance(raw, str) else raw
            if not isinstance(labels, list):
                raise SetupError(f"setup.{where}: expected cards like Jewels+Jewels or a "
                                 f"list of cards, got {raw!r}")
            cards = [self.take(label, where) for label in labels]
            kinds = [self.edition.kind[c] for c in cards]
            assets = {self.edition.label[c] for c in cards if self.edition.kind[c] == ASSET}
            shown = "+".join(self.edition.label[c] for c in cards)
            if len(cards) < 2:
                raise SetupError(f"setup.{where}: a set has at least two cards, not "
                                 f"{len(cards)} ({shown or 'none'})")
            if ASSET not in kinds:
                raise SetupError(f"setup.{where}: {shown} has no asset; two wilds never "
                                 f"make a set (CYA-3.3)")
            if len(assets) > 1:
                raise SetupError(f"setup.{where}: {shown} mixes {' and '.join(sorted(assets))}"
                                 f"; a set holds one asset (and maybe wilds)")
            out.append(cards)
        return out

    def scores(self, mode: str, million: int) -> tuple[int, list[int], list[int]]:
        """(round, totals, rounds won) of a later round, checked against the mode."""
        n = len(self.players)
        round_number = self.setup.get("round", 1)
        if not isinstance(round_number, int) or isinstance(round_number, bool) or \
                round_number < 1:
            raise SetupError(f"setup.round: expected a round number from 1, got "
                             f"{round_number!r}")
        last = {"quick": 1, "three_rounds": 3}.get(mode)
        if last is not None and round_number > last:
            raise SetupError(f"setup.round: a {mode} game has {plural(last, 'round')}, so "
                             f"there is no round {round_number}")
        totals, rounds_won = [0] * n, [0] * n
        for key, values in (("totals", totals), ("rounds_won", rounds_won)):
            for seat, value in self.per_player(key, "a number").items():
                where = f"{key}.{self.players[seat]}"
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise SetupError(f"setup.{where}: expected a whole number, got {value!r}")
                if round_number == 1 and value:
                    raise SetupError(f"setup.{where}: no round has been played before round "
                                     f"1, so it must be 0")
                values[seat] = value
        for seat, won in enumerate(rounds_won):
            where = f"rounds_won.{self.players[seat]}"
            if won > round_number - 1:
                raise SetupError(f"setup.{where}: only {round_number - 1} rounds have been "
                                 f"played, so nobody has won {won}")
            if mode == "two_wins" and won >= 2:
                raise SetupError(f"setup.{where}: with 2 rounds won the two_wins game is "
                                 f"already over")
        if mode == "classic" and max(totals) >= million:
            seat = totals.index(max(totals))
            raise SetupError(f"setup.totals.{self.players[seat]}: {money(totals[seat])} "
                             f"already ends a classic game (CYA-R13)")
        return round_number, totals, rounds_won
