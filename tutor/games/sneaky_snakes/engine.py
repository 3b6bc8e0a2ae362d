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

The class is put together from one module per phase, each naming its clauses:
:mod:`.setup` (setting up and telling the setup), :mod:`.effects` (carrying out a played
card) and :mod:`.ending` (the end of a turn and of the game), over :mod:`.table`, the
reading of a position they share. This module adds the turn's one action (play, point,
answer, discard two, skip, peek), whose move fits the phase, the legal moves, the
notation, what each seat sees, the scoreboard and the checkpoint facts.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from tutor.core.game import Event, Rejection
from tutor.core.state import State, Visibility
from tutor.core.wording import joined, plural
from tutor.games.sneaky_snakes import moves as notation
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES, STAND_IN
from tutor.games.sneaky_snakes.effects import Effects
from tutor.games.sneaky_snakes.ending import Ending
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)
from tutor.games.sneaky_snakes.setup import Setup
from tutor.games.sneaky_snakes.table import AWAY, EFFECT_RULE

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "box": Visibility.HIDDEN, "hand": Visibility.ALL_BUT_OWNER}


class SneakySnakes(Setup, Effects, Ending):
    id = "sneaky_snakes"
    title = "Sneaky Snakes"
    player_counts = range(2, 9)   # SN-R17
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "SN-3.8"
    end_rule = "SN-6.1"
    option_names = ("hard", "snake_battle")

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
            return Rejection("SN-R18", f"no card is being carried out: "
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
            return ("SN-R18", EFFECT_RULE[DECK.effect(data["effect"]).kind]) + battle
        return {"answer": ("SN-3.5",), "tie": ("SN-6.3", "SN-R12"),
                "action": ("SN-3.2",)}.get(data["phase"], ()) + battle

    # -- legal moves ---------------------------------------------------------------

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

    def count_moves(self, state: State, seat: int, kind: type) -> int | None:
        """Pairs to discard are listed a representative few: here every pair of the
        seat's positions that :meth:`check` accepts is counted."""
        if kind is not DiscardTwo or seat not in self.to_act(state):
            return super().count_moves(state, seat, kind)
        positions = range(1, len(self.hand(state, seat)) + 1)
        return sum(self.check(state, seat, DiscardTwo(pair)) is None
                   for pair in combinations(positions, 2))

    # -- applying: the turn's action -----------------------------------------------

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
            # The rule broken (SN-4.1), then its penalty (SN-4.4).
            return [Event("SN-4.1", f"{name} may not see the face of a card that faces "
                          f"away, unless a card's effect allows it"),
                    Event("SN-4.4", f"{name} peeks at card {move.position}, which faces "
                          f"away from {name}: as the penalty it goes back into the middle "
                          f"of the draw pile ({plural(len(pile), 'card')}), and {name} "
                          f"still takes an action")]
        if isinstance(move, Vote):
            return self._vote(state, seat, move)
        return self._choose(state, seat, move)

    # -- notation and visibility ---------------------------------------------------

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

    # -- facts for scenario checkpoints --------------------------------------------

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
