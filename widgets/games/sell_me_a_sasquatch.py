"""Sell Me a Sasquatch's table and move composer. Both render a per-seat view and hand
moves to the engine; neither decides a rule.

The table shows the buyer, every deal as the seat sees it (a face-down card the seat
itself laid is drawn face up but marked "face down"), each collection grouped into sets
in progress, the point tokens, and the Thingamabob window as a phase of its own with
every player's part in it.
"""

from __future__ import annotations

import html
from collections import Counter

import ipywidgets as w

from tutor.core.wording import plural
from tutor.games.sell_me_a_sasquatch.moves import (Accept, Choose, Deal, Done, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)
from widgets.table.cards import seat_html
from widgets.table.composer import Composer, ids_of_labels
from widgets.games import GameView

KIND_CSS = {"creature": "rt-money", "nasty": "rt-house", "thingamabob": "rt-sneaky"}
SET_SIZE = {"Giant": 1, "Big": 2, "Medium": 3, "Tiny": 4, "Poison Pill Bug": 2,
            "Loan Shark": 2, "Trojan Horse": 3}   # for display only: the engine decides
PHASES = {"deals": "the players build their deals", "split": "the deal is laid out",
          "flip": "the buyer may turn one more card", "window": "Thingamabob window",
          "last": "Thingamabob window: last chance", "steal": "a Nasty loss is decided",
          "over": "the game is over"}


def card_html(face: dict, down: bool = False, slot: str = "") -> str:
    """A card; ``slot`` names its place for clicks ("deal:2:1", the first card of seat 2's
    deal), which the app makes clickable when a move may aim at it."""
    place = f" data-slot='{slot}'" if slot else ""
    if face.get("hidden"):
        return f"<div class='rt-card rt-back' title='face down'{place}></div>"
    name = html.escape(face["label"])
    css = KIND_CSS.get(face["kind"], "rt-money") + (" rt-sq-down" if down else "")
    note = "face down" if down else html.escape(face["kind"])
    return (f"<div class='rt-card {css}'{place} data-card='{html.escape(face['id'])}' "
            f"title='{name}'><span class='rt-name'>{name}</span>"
            f"<span class='rt-kind'>{note}</span></div>")


def cards_html(faces: list[dict]) -> str:
    return "".join(card_html(f) for f in faces) or "<span class='rt-empty'></span>"


def deal_html(faces: list[dict], face_up: list[int], seat: int) -> str:
    return "".join(card_html(f, down=i not in face_up and not f.get("hidden"),
                             slot=f"deal:{seat}:{i}")
                   for i, f in enumerate(faces, 1)) or "<i>no cards</i>"


def collection_html(faces: list[dict]) -> str:
    """A collection grouped into sets in progress: 'Tiny 2/4', 'Loan Shark 1/2'."""
    counts = Counter(f["label"] for f in faces if not f.get("hidden"))
    groups = []
    for face in {f["label"]: f for f in faces}.values():
        label = face["label"]
        size = SET_SIZE.get(label)
        title = f"{label} {counts[label]}/{size}" if size else f"{label} x{counts[label]}"
        same = [f for f in faces if f["label"] == label]
        groups.append(f"<div class='rt-set'><div class='rt-zone-title'>"
                      f"{html.escape(title)}</div>{cards_html(same)}</div>")
    return "".join(groups) or "<i>empty</i>"


def window_html(view: dict) -> str:
    data, names = view["data"], view["players"]
    if data["phase"] not in ("window", "last"):
        return ""
    chooser = names[data["chooser"]]
    rows = []
    for seat, name in enumerate(names):
        if seat == data["chooser"]:
            part = ("called last chance; chooses once the others are done"
                    if data["phase"] == "last" else
                    "may play Thingamabobs, call last chance, or decide")
        elif seat in data["pending"]:
            part = "may play a Thingamabob or say done"
        elif seat in data["done"]:
            part = "done"
        else:
            part = "no Thingamabob to play"
        rows.append(f"<b>{html.escape(name)}</b>: {part}")
    # One line per window, not one per player: the seats below must stay on screen.
    return (f"<div class='rt-battle rt-sq-window'><b>{PHASES[data['phase']]}</b> "
            f"({html.escape(chooser)} decides): {' &middot; '.join(rows)}</div>")


def table_html(view: dict) -> str:
    zones, data, names = view["zones"], view["data"], view["players"]
    two = len(names) == 2
    top = zones["discard"][-1:]
    who = (f"{html.escape(names[data['turn']])} to lay out, "
           f"{html.escape(names[data['chooser']])} decides" if two
           else f"Buyer: <b>{html.escape(names[data['turn']])}</b> (Buyer Squatch)")
    head = (f"<div>{who} &middot; {PHASES[data['phase']]} &middot; "
            f"{plural(len(zones['draw']), 'card')} to draw &middot; "
            f"{plural(data['supply'], 'point token')} in the supply &middot; "
            f"{plural(data['target'], 'token')} to win</div>"
            f"<div class='rt-zone'><div class='rt-zone-title'>Discard pile "
            f"({plural(len(zones['discard']), 'card')})</div>{cards_html(top)}</div>")
    head = f"<div class='rt-table-head'>{head}</div>"
    players = []
    for seat, name in enumerate(names):
        acting = seat in view["to_act"]
        hand, deal = zones[f"hand:{seat}"], zones[f"deal:{seat}"]
        role = " (buyer)" if seat == data["turn"] and not two else ""
        offered = seat in data["offered"] or two
        deal_part = (f"<div class='rt-zone rt-sq-deal'><div class='rt-zone-title'>"
                     f"{'Side' if two else 'Deal'}: {plural(len(deal), 'card')}</div>"
                     f"{deal_html(deal, data['face_up'][str(seat)], seat)}</div>" if offered else "")
        players.append(
            seat_html(seat, f"<b>{html.escape(name)}</b>{role}<br>"
                            f"{plural(data['tokens'][seat], 'point token')}", acting,
                      f"{deal_part}<div class='rt-zone rt-hand'><div class='rt-zone-title'>"
                      f"Hand: {plural(len(hand), 'card')}</div>{cards_html(hand)}</div>"
                      f"<div class='rt-stack'><div class='rt-zone-title'>Collection</div>"
                      f"{collection_html(zones[f'coll:{seat}'])}</div>"))
    return f"<div class='rt-table'>{head}{window_html(view)}{''.join(players)}</div>"


class SellMeASasquatchComposer(Composer):
    """Build a deal (or a two-player split), turn the buyer's card, play a Thingamabob,
    say done, call last chance, choose, accept or reverse, or decide a Nasty loss. The
    engine's verdict shows what the move would do, or the rule against it."""

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.title = w.HTML()
        self.action = w.ToggleButtons(style={"button_width": "auto"})
        self.action.add_class("rt-action-choice")
        self.cards = [w.Dropdown(description=f"Card {i + 1}") for i in range(3)]
        self.sides = [w.Dropdown(options=["mine", "theirs"], description="side")
                      for _ in range(3)]
        self.up = w.Dropdown(description="Turn up")
        self.gadget = w.Dropdown(description="Thingamabob")
        self.player = w.Dropdown(description="Player")
        self.position = w.Dropdown(description="Card no.", options=list(range(1, 7)))
        self.player2 = w.Dropdown(description="and")
        self.position2 = w.Dropdown(description="card no.", options=list(range(1, 7)))
        self.card = w.Dropdown(description="Card")
        controls = self.cards + self.sides + [self.action, self.up, self.gadget, self.player,
                                              self.position, self.player2, self.position2,
                                              self.card]
        for control in controls:
            control.observe(lambda _: self._update(), names="value")
        self.go_button = w.Button(description="Play", button_style="primary")
        self.go_button.add_class("rt-play-button")
        self.go_button.on_click(lambda _: self._submit(self._move()))
        self._phase, self._names, self._seat, self._deals = None, [], None, []
        self._labels: dict[str, str] = {}   # card id in the hand -> its name
        self._next_pick = 0

    _filling = False

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        # The controls are filled one by one; judging each half-filled move on the way
        # would be wasted, and an update can replace the options of a control that is
        # filled next (the players a Platonic Isolator names are not the deals): judge
        # once, when every control is filled.
        self._filling = True
        try:
            self._fill(view, seat, forced_reason)
        finally:
            self._filling = False
        self._update()

    def _fill(self, view: dict, seat: int, forced_reason: str | None) -> None:
        data, names = view["data"], view["players"]
        self._phase, self._names, self._seat = data["phase"], names, seat
        hand = sorted(f["label"] for f in view["zones"][f"hand:{seat}"] if not f.get("hidden"))
        self._labels = {f["id"]: f["label"] for f in view["zones"][f"hand:{seat}"]
                        if not f.get("hidden")}
        self._next_pick, self._second_spot = 0, False
        own = sorted({f["label"] for f in view["zones"][f"coll:{seat}"]
                      if f.get("kind") == "thingamabob"})
        deals = [names[s] for s in (data["offered"] if len(names) > 2 else range(2))]
        phase, name = self._phase, html.escape(names[seat])
        for i, dropdown in enumerate(self.cards):
            dropdown.options = hand
            dropdown.value = hand[i] if i < len(hand) else None
        self.card.options = hand
        self.card.value = hand[0] if hand else None
        self.up.options = ["card 1", "card 2", "card 3"]
        self.up.value = "card 1"
        self.gadget.options = own
        self.gadget.value = own[0] if own else None
        self._deals = deals
        self.player.options = deals
        self.player.value = deals[0] if deals else None
        self.player2.options = ["(none)"] + deals
        self.player2.value = "(none)"
        if phase == "steal":
            victim = data["steals"][0]
            self.card.options = sorted({f["label"] for f in view["zones"][f"coll:{victim}"]
                                        }) + ["nothing"]
            self.card.value = "nothing"
        actions = {"deals": ["deal"], "split": ["split"], "steal": ["steal"]}.get(phase)
        if actions is None:   # the Thingamabob window, or the extra flip before it
            if seat == data["chooser"]:
                decide = ["accept", "reverse"] if len(names) == 2 else ["choose"]
                # the extra flip may be passed up by the window's moves (SQ-R18)
                actions = (["flip"] if phase == "flip" else []) + (
                    ["thingamabob", "last chance"] if phase != "last" else []) + decide
            else:
                actions = ["thingamabob", "done"]
        self.action.options = actions
        self.action.value = actions[0]
        self.title.value = f"<b>{name} to act</b> ({PHASES[phase]})."
        if forced_reason:
            self.title.value += f"<div class='rt-forced'>{html.escape(forced_reason)}</div>"
        self.children = [self.title, self.action, *self.cards, *self.sides, self.up,
                         self.gadget, self.player, self.position, self.player2,
                         self.position2, self.card, self.verdict, self.go_button]

    def pick_card(self, card_id: str) -> bool:
        """Clicks on hand cards fill the deal's cards in turn (Card 1, 2, 3, then 1)."""
        label = self._labels.get(card_id)
        if label is None:
            return False
        if self.action.value in ("deal", "split"):
            self.cards[self._next_pick % 3].value = label
            self._next_pick += 1
        else:
            self.card.value = label
        return True

    def pickable_slots(self, view: dict, seat: int) -> frozenset[str]:
        """Every card of every deal, while the seat may aim a move at one: the buyer
        turning a card or choosing a deal, a player with a Thingamabob in the window."""
        data, names = view["data"], view["players"]
        if data["phase"] not in ("flip", "window", "last"):
            return frozenset()
        owns_gadget = any(f.get("kind") == "thingamabob"
                          for f in view["zones"][f"coll:{seat}"])
        if seat != data["chooser"] and not (owns_gadget and seat in data["pending"]):
            return frozenset()
        dealers = data["offered"] if len(names) > 2 else range(2)
        return frozenset(f"deal:{dealer}:{position}" for dealer in dealers
                         for position in range(1, len(view["zones"][f"deal:{dealer}"]) + 1))

    def pick_slot(self, slot: str) -> bool:
        """A click on a deal's card: the card to turn, the deal to choose, or the card a
        Thingamabob aims at (the Repositioner's two cards in turn)."""
        kind, _, place = slot.partition(":")
        dealer, _, position = place.partition(":")
        if kind != "deal" or not dealer.isdigit() or not position.isdigit() \
                or int(dealer) >= len(self._names):
            return False
        name, position = self._names[int(dealer)], int(position)
        if self.action.value not in ("flip", "choose", "thingamabob"):
            aims = [a for a in ("flip", "choose", "thingamabob") if a in self.action.options]
            if not aims:
                return False
            self.action.value = aims[0]
        if self.action.value == "thingamabob" and self.gadget.value == \
                "Super Detrital Repositioner" and self._second_spot:
            self.player2.value, self.position2.value = name, position
            self._second_spot = False
            return True
        if name in self.player.options:
            self.player.value = name
        if position in self.position.options:
            self.position.value = position
        self._second_spot = True
        return True

    _second_spot = False   # the Repositioner's next clicked card is its second

    def clear(self) -> None:
        self._labels = {}
        self.note_chosen()
        self._filling = True     # emptying the lists would judge a move with no seat
        try:
            for dropdown in self.cards + [self.card, self.gadget, self.player, self.player2]:
                dropdown.options = []
        finally:
            self._filling = False
        self.children = []
        self.title.value = self.verdict.value = ""

    def _move(self):
        action = self.action.value
        chosen = [d.value for d in self.cards if d.value is not None]
        index = int(str(self.up.value or "card 1")[-1]) - 1
        if action == "deal":
            if len(chosen) < 3 or index >= len(chosen):
                return None
            up = chosen[index]
            rest = chosen[:index] + chosen[index + 1:]
            return Deal(tuple(rest) + (up,), up)
        if action == "split":
            if len(chosen) < 3:
                return None
            sides = [s.value for s in self.sides]
            mine = tuple(c for c, s in zip(chosen, sides) if s == "mine")
            theirs = tuple(c for c, s in zip(chosen, sides) if s == "theirs")
            return Split(mine, theirs, chosen[index], sides[index])
        if action == "flip":
            return Flip(self.player.value, self.position.value) if self.player.value else None
        if action == "steal":
            return Steal(None if self.card.value in (None, "nothing") else self.card.value)
        if action == "done":
            return Done()
        if action == "last chance":
            return LastChance()
        if action == "choose":
            return Choose(self.player.value) if self.player.value else None
        if action in ("accept", "reverse"):
            return Accept() if action == "accept" else Reverse()
        gadget = self.gadget.value
        if gadget is None or self.player.value is None:
            return None
        if gadget == "Platonic Isolator":
            return Thingamabob(gadget, player=self.player.value)
        if gadget == "Cryptozooptic Expander":
            return Thingamabob(gadget, player=self.player.value, card=self.card.value) \
                if self.card.value else None
        spots = ((self.player.value, self.position.value),)
        if gadget == "Super Detrital Repositioner" and self.player2.value != "(none)":
            spots += ((self.player2.value, self.position2.value),)
        return Thingamabob(gadget, spots=spots)

    def chosen_card_ids(self) -> list[str]:
        """The hand's cards a deal or a split is built from."""
        if self.action.value not in ("deal", "split"):
            return []
        return ids_of_labels(self._labels, [d.value for d in self.cards])

    def _update(self) -> None:
        if self._filling:
            return
        self.note_chosen()
        action, gadget = self.action.value, self.gadget.value
        show = {"deal": {"cards", "up"}, "split": {"cards", "sides", "up"},
                "flip": {"player", "position"}, "steal": {"card"}, "choose": {"player"},
                "thingamabob": {"gadget", "player"}}.get(action, set())
        if action == "thingamabob" and gadget != "Platonic Isolator":
            show |= {"card"} if gadget == "Cryptozooptic Expander" else {"position"}
            if gadget == "Super Detrital Repositioner":
                show |= {"player2", "position2"}
        wanted = ([n for i, n in enumerate(self._names) if i != self._seat]
                  if action == "thingamabob" and gadget == "Platonic Isolator"
                  else self._deals)
        if list(self.player.options) != wanted:
            keep = self.player.value if self.player.value in wanted else None
            self.player.options = wanted
            self.player.value = keep or (wanted[0] if wanted else None)
        groups = {"cards": self.cards, "sides": self.sides, "up": [self.up],
                  "gadget": [self.gadget], "player": [self.player],
                  "position": [self.position], "player2": [self.player2],
                  "position2": [self.position2], "card": [self.card]}
        for key, controls in groups.items():
            for control in controls:
                control.layout.display = "" if key in show else "none"
        move = self._move()
        self.verdict.value = ("<span>Choose the cards.</span>" if move is None
                              else self.verdict_html(move))


# The game's own style rules, added after the shared card style wherever its table is drawn.
CSS = """<style>
.rt-card.rt-sq-down{outline:2px dashed #37474f;outline-offset:-3px}
</style>
"""

VIEW = GameView(table_html, SellMeASasquatchComposer, "Point tokens", ("point tokens",),
                css=CSS, zone_words={"coll": "collection", "collection": "collection",
                                     "tokens": "point tokens"})
