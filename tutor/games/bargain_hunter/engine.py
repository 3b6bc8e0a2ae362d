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

This module is the state API: the phase under way picks the table of moves
(:class:`tutor.core.phases.Phase`) that checks and applies each move. The phases and
their modules: :mod:`.bargains`, :mod:`.hunt` and :mod:`.cleaning`; :mod:`.dealing`
deals each round and passes from phase to phase; :mod:`.setup` sets up a game and
tells the setup; :mod:`.table` is the reading of a position they share. This module
adds the notation, what each seat sees, the scoreboard and the checkpoint facts.
"""

from __future__ import annotations

from pathlib import Path

from tutor.core.game import Event
from tutor.core.phases import Phase, PhasedGame
from tutor.core.state import State, Visibility
from tutor.games.bargain_hunter import bargains, cleaning, dealing, hunt
from tutor.games.bargain_hunter import moves as notation
from tutor.games.bargain_hunter import setup as setting_up
from tutor.games.bargain_hunter import table
from tutor.games.bargain_hunter.deck import DECK, KIND, LABEL, NUMBER, OFFER, OFFER_LABEL
from tutor.games.bargain_hunter.table import CLEANING, card_name, played_text, winning_card

# The phases by the name ``data["phase"]`` holds; the game is over in any other.
PHASES: dict[str, Phase] = {p.name: p for p in (bargains.PHASE, hunt.PHASE, cleaning.PHASE)}

# The trash lies face up (BH-R15); a junk pile's size shows, not its cards (BH-R14).
_VISIBILITY = {"deck": Visibility.HIDDEN, "trash": Visibility.PUBLIC,
               "trick": Visibility.PUBLIC, "hand": Visibility.OWNER,
               "bargain": Visibility.PUBLIC, "junk": Visibility.OWNER}


class BargainHunter(PhasedGame):
    id = "bargain_hunter"
    title = "Bargain Hunter"
    player_counts = range(3, 5)
    rules_path = Path(__file__).with_name("rules.yaml")
    turn_rule = "BH-1.7"
    end_rule = "BH-6.1"

    # -- setting up ----------------------------------------------------------------

    def deck(self, options=None):
        return DECK

    SETUP_KEYS = setting_up.SETUP_KEYS

    def set_up(self, players, seed, options, setup) -> State:
        """A new game, a fixed deal, or a mid-game position (setup.set_up)."""
        return setting_up.set_up(self.id, players, seed, options, setup)

    def opening_events(self, state: State) -> list[Event]:
        """The setup told for step 0 (setup.opening_events)."""
        return setting_up.opening_events(state)

    # -- the state, as the bot, the quiz and the views read it ----------------------

    rounds = staticmethod(table.rounds)
    bargain_item = staticmethod(table.bargain_item)
    score = staticmethod(table.score)
    winning_index = staticmethod(table.winning_index)
    to_act = staticmethod(table.to_act)
    outcome = staticmethod(dealing.outcome)

    # -- the phase under way: its moves, checks and effects (PhasedGame) --------------

    phases = PHASES

    def event_part(self, event) -> str:
        """As the rule sections, but the count of a round's tricks (BH-2.3) is told
        with the deal it follows from, not as a part of its own."""
        return "" if event.rule == "BH-2.3" else super().event_part(event)

    # -- notation and visibility ---------------------------------------------------

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
        return dict(state.data, scores=[table.score(state, s) for s in seats],
                    bargains=[table.bargain_item(state, s) for s in seats],
                    winning_index=table.winning_index(state))

    def scoreboard(self, state: State) -> list[dict]:
        """Per player: the bargain item, the bargain and junk pile sizes and the score.
        All public: bargain piles lie open (BH-4.2) and everyone sees how big a junk pile
        is (BH-R14)."""
        return [{"player": name,
                 "bargain": table.bargain_item(state, seat) or "-",
                 "bargain cards": len(state.zones[f"bargain:{seat}"]),
                 "junk cards": len(state.zones[f"junk:{seat}"]),
                 "score": table.score(state, seat)}
                for seat, name in enumerate(state.players)]

    # -- facts for scenario checkpoints --------------------------------------------

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
            "trash": [card_name(LABEL[c]) for c in zones["trash"]],
            "trash size": str(len(zones["trash"])),
            "deck size": str(len(zones["deck"])),
        }
        for name in names:
            facts[f"played/{name}"] = "-"
            facts[f"last played/{name}"] = "-"
        for i, cid in enumerate(zones["trick"]):
            text = played_text(LABEL[cid], data["trick_declared"][i], data["trick_order"][i])
            facts["trick"].append(text)
            facts[f"played/{names[data['trick_seats'][i]]}"] = text
        last = data["last_cards"]
        for i, label in enumerate(last):
            text = played_text(label, data["last_declared"][i], data["last_order"][i])
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
            item = table.bargain_item(state, seat)
            facts[f"bargain/{name}"] = str(item) if item is not None else "none"
            facts[f"bargain pile/{name}"] = [card_name(LABEL[c]) for c in bargain]
            facts[f"bargain items/{name}"] = [str(NUMBER[c]) for c in bargain]
            facts[f"bargain size/{name}"] = str(len(bargain))
            facts[f"junk/{name}"] = [card_name(LABEL[c]) for c in junk]
            facts[f"junk items/{name}"] = ["offer" if KIND[c] == OFFER else str(NUMBER[c])
                                           for c in junk]
            facts[f"junk size/{name}"] = str(len(junk))
            facts[f"hand/{name}"] = [card_name(LABEL[c]) for c in zones[f"hand:{seat}"]]
            facts[f"hand size/{name}"] = str(len(zones[f"hand:{seat}"]))
            facts[f"score/{name}"] = str(table.score(state, seat))
        result = self.outcome(state)
        facts["winners"] = [names[s] for s in result.winners] if result else []
        return facts
