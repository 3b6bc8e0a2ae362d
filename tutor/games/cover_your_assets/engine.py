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

This module is the state API: the phase under way (a turn's one action,
:mod:`.actions`, or a battle, :mod:`.battles`) is a table of moves
(:class:`tutor.core.phases.Phase`) that checks and applies each move. They hand on to
:mod:`.sets` (forming sets), :mod:`.turns` (whose turn, drawing, the next turn) and
:mod:`.scoring` (the end of a round and of the game); :mod:`.dealing` sets up a game
and tells the setup, over :mod:`.table`, the reading of a position they share. This
module adds the notation, what each seat sees, the scoreboard and the checkpoint facts.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, PhasedGame
from tutor.core.state import State, Visibility
from tutor.games.cover_your_assets import battles, dealing, scoring, table, turns
from tutor.games.cover_your_assets import moves as notation
from tutor.games.cover_your_assets.actions import TURN
from tutor.games.cover_your_assets.battles import BATTLE
from tutor.games.cover_your_assets.deck import money
from tutor.games.cover_your_assets.moves import Challenge

_VISIBILITY = {"draw": Visibility.HIDDEN, "discard": Visibility.TOP_PUBLIC,
               "box": Visibility.HIDDEN, "hand": Visibility.OWNER,
               "stack": Visibility.PUBLIC, "battle": Visibility.PUBLIC}


@lru_cache(maxsize=None)
def _zone_visibility(zone: str) -> Visibility:
    # Asked for every card and seat when views are built: worth remembering.
    return _VISIBILITY[zone.partition(":")[0]]


class CoverYourAssets(PhasedGame):
    id = "cover_your_assets"
    title = "Cover Your Assets"
    player_counts = range(2, 7)   # 4-6 in the rulebook; 2-3 by ruling CYA-R1
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = turns.TURN_RULE
    end_rule = "CYA-8.1"
    option_names = ("deck", "mode")

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return table.edition_of(options).deck

    def checked_options(self, options: dict | None) -> dict:
        """The options with their defaults filled in; SetupError for a wrong one."""
        return dealing.checked_options(self.check_option_names(options))

    def set_up(self, players, seed, options, setup) -> State:
        """A new game, or the position ``setup`` describes (dealing.set_up)."""
        return dealing.set_up(self.id, players, seed, options, setup)

    def opening_events(self, state: State) -> list[Event]:
        """The setup told for step 0 (dealing.opening_events)."""
        return dealing.opening_events(state)

    # -- the state, as the bot, the quiz and the views read it -----------------------

    edition = staticmethod(table.edition_of)
    sets = staticmethod(table.sets_of)
    top_set = staticmethod(table.top_set)
    set_asset = staticmethod(table.set_asset)
    stack_value = staticmethod(table.stack_value)
    battle_asset = staticmethod(table.battle_asset)
    describe_set = staticmethod(table.describe_set)
    to_act = staticmethod(turns.to_act)
    forced = staticmethod(battles.forced)
    outcome = staticmethod(scoring.outcome)

    # -- the phase under way: a turn's action or a battle ----------------------------

    def phase(self, state: State, seat: int | None = None) -> Phase:
        """A battle while someone is to answer, else the turn's one action."""
        return TURN if state.data["answering"] is None else BATTLE

    def check_turn(self, state: State, seat: int) -> Rejection | None:
        rejection = super().check_turn(state, seat)
        return rejection and (turns.out_of_turn_in_battle(state, seat) or rejection)

    # -- notation and visibility -------------------------------------------------

    def parse_move(self, state, seat, text):
        move = notation.parse(text)
        if isinstance(move, Challenge) and state is not None:
            target = table.seat_named(state, move.target)
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

    # -- facts for scenario checkpoints ------------------------------------------

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
