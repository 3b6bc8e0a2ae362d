"""High Card's rules engine: three tricks, the highest card takes each, and a player who
can beat the trick must (HC-2.2). Small on purpose: it shows what a game implements of
:class:`tutor.core.game.Game`, and nothing more."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.core.cards import Card, Deck
from tutor.core.game import Event, Game, NotationError, Outcome, Rejection, SetupError
from tutor.core.position import check_setup_keys
from tutor.core.rng import Rng
from tutor.core.state import State, Visibility

DECK = Deck(tuple(Card(f"c{n}", "number", str(n), name=f"card {n}") for n in range(1, 13)))
HAND_SIZE = 3
TRICKS = 3

@dataclass(frozen=True)
class Play:
    """Play the card numbered ``number`` from your hand to the trick."""

    number: int
    RULES = ("HC-2.1", "HC-2.2")

def number(card_id: str) -> int:
    return int(DECK[card_id].label)

class HighCard(Game):
    id = "high_card"
    title = "High Card"
    player_counts = range(2, 5)
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "HC-2.1"
    end_rule = "HC-3.1"
    FACT_NAMES = {"to act": "who may act now ('nobody' at the end)",
                  "trick": "the numbers in the trick, in the order played (a list)",
                  "tricks/NAME": "how many tricks NAME has won"}

    def deck(self, options: dict) -> Deck:
        return DECK

    def new_state(self, players, seed: int = 0, options: dict | None = None,
                  setup: dict | None = None) -> State:
        """A shuffled deal from ``seed``; ``setup`` may fix the hands ({"hands": {name:
        [numbers]}}), the other cards then lying out of play."""
        players = tuple(players)
        self.check_player_count(players)
        options = self.check_option_names(options)
        rng = Rng.from_seed(seed)
        ids = DECK.ids()
        rng.shuffle(ids)
        hands = {seat: ids[seat * HAND_SIZE:(seat + 1) * HAND_SIZE]
                 for seat in range(len(players))}
        if setup:
            check_setup_keys(setup, ("hands",))
            hands = self._fixed_hands(players, setup["hands"])
        zones = {f"hand:{seat}": cards for seat, cards in hands.items()}
        dealt = {cid for cards in hands.values() for cid in cards}
        zones.update({"trick": [], "out": [c for c in DECK.ids() if c not in dealt]})
        zones.update({f"won:{seat}": [] for seat in range(len(players))})
        data = {"turn": 0, "leader": 0, "tricks": [0] * len(players), "played": 0}
        return State(self.id, players, options, zones, data, rng.state)

    @staticmethod
    def _fixed_hands(players, hands) -> dict[int, list[str]]:
        if not isinstance(hands, dict) or set(hands) != set(players):
            raise SetupError(f"setup.hands: give the {HAND_SIZE} numbers of every player "
                             f"({', '.join(players)})")
        fixed, used = {}, set()
        for seat, name in enumerate(players):
            numbers = hands[name]
            if (not isinstance(numbers, list) or len(numbers) != HAND_SIZE or
                    not all(isinstance(n, int) and 1 <= n <= 12 for n in numbers)):
                raise SetupError(f"setup.hands.{name}: {HAND_SIZE} numbers from 1 to 12 "
                                 f"(HC-1.2), not {numbers!r}")
            if used & set(numbers):
                raise SetupError(f"setup.hands.{name}: each card is dealt once")
            used |= set(numbers)
            fixed[seat] = [f"c{n}" for n in numbers]
        return fixed

    # -- playing -------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        over = state.data["played"] == TRICKS * state.num_players
        return () if over else (state.data["turn"],)

    def legal_moves(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        hand = sorted(number(c) for c in state.zones[f"hand:{seat}"])
        higher = [n for n in hand if n > self._top(state)]
        return [Play(n) for n in (higher or hand)]

    @staticmethod
    def _top(state: State) -> int:
        return max((number(c) for c in state.zones["trick"]), default=0)

    def _check(self, state: State, seat: int, move) -> Rejection | None:
        if not isinstance(move, Play):
            return Rejection("HC-2.1", "the only move is to play a card")
        hand = [number(c) for c in state.zones[f"hand:{seat}"]]
        if move.number not in hand:
            return Rejection("HC-2.1", f"{state.players[seat]} holds no {move.number}")
        top = self._top(state)
        higher = sorted(n for n in hand if n > top)
        if move.number < top and higher:
            return Rejection("HC-2.2", f"{move.number} does not beat the trick's {top}, and "
                             f"{state.players[seat]} holds a higher card, which must be "
                             f"played")
        return None

    def _perform(self, state: State, seat: int, move) -> list[Event]:
        data, name = state.data, state.players[seat]
        state.move_card(f"c{move.number}", f"hand:{seat}", "trick")
        data["played"] += 1
        # Hidden from nobody: the card is face up in the trick once played.
        events = [Event("HC-2.1", f"{name} plays {move.number}")]
        if len(state.zones["trick"]) < state.num_players:
            data["turn"] = (seat + 1) % state.num_players
            return events
        trick = state.zones["trick"]
        best = max(trick, key=number)
        winner = (data["leader"] + trick.index(best)) % state.num_players
        state.move_all("trick", f"won:{winner}")
        data["tricks"][winner] += 1
        data["turn"] = data["leader"] = winner
        events.append(Event("HC-2.3", f"{state.players[winner]} wins the trick with "
                                      f"{number(best)}"))
        if not self.to_act(state):
            events.append(Event("HC-3.1", self.outcome(state).explanation))
        return events

    def outcome(self, state: State) -> Outcome | None:
        if self.to_act(state):
            return None
        tricks = state.data["tricks"]
        winners = tuple(s for s, n in enumerate(tricks) if n == max(tricks))
        names = " and ".join(state.players[s] for s in winners)
        return Outcome(winners, tuple(tricks), f"{names} won the most tricks ({max(tricks)})")

    # -- notation ------------------------------------------------------------------

    def parse_move(self, state: State | None, seat: int | None, text: str):
        found = re.fullmatch(r"\s*play\s+(\d{1,2})\s*", text)
        if not found or not 1 <= int(found.group(1)) <= 12:
            raise NotationError(f"write 'play N' with N from 1 to 12, not {text!r}")
        return Play(int(found.group(1)))

    def format_move(self, state: State | None, seat: int | None, move) -> str:
        return f"play {move.number}"

    # -- seeing and describing -----------------------------------------------------

    def visibility(self, zone: str) -> Visibility:
        if zone.startswith("hand:"):
            return Visibility.OWNER
        return Visibility.HIDDEN if zone == "out" else Visibility.PUBLIC

    def scoreboard(self, state: State) -> list[dict]:
        return [{"player": name, "tricks": state.data["tricks"][seat]}
                for seat, name in enumerate(state.players)]

    def facts(self, state: State) -> dict:
        names = state.players
        facts = {"to act": ", ".join(names[s] for s in self.to_act(state)) or "nobody",
                 "trick": [DECK[c].label for c in state.zones["trick"]]}
        facts.update({f"tricks/{name}": str(state.data["tricks"][seat])
                      for seat, name in enumerate(names)})
        return facts
