"""Cover Your Assets' table and move composer. Both render a per-seat view and hand moves
to the engine; neither decides a rule."""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.wording import plural
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet,
                                                 GiveUp)
from widgets.table.cards import breakable, seat_html
from widgets.table.composer import Composer, ids_of_labels
from widgets.games import GameView, dollars


def card_html(face: dict) -> str:
    if face.get("hidden"):
        return "<div class='rt-card rt-cya rt-back' title='face down'></div>"
    kind = "rt-sneaky" if face["kind"] == "wild" else "rt-money"
    name = html.escape(face["label"])
    mark = "<span class='rt-kind'>wild</span>" if face["kind"] == "wild" else ""
    value = breakable(f"${face['value'] // 1000}K")
    kind += " rt-long-name" if len(face["label"]) > 12 else ""
    return (f"<div class='rt-card rt-cya {kind}' data-card='{html.escape(face['id'])}' "
            f"title='{name}'><span class='rt-value'>{value}</span>"
            f"<span class='rt-name'>{name}</span>{mark}</div>")


def cards_html(faces: list[dict]) -> str:
    return "".join(card_html(f) for f in faces) or "<span class='rt-empty'></span>"


def stack_html(faces: list[dict], sizes: list[int], seat: int) -> str:
    """The sets of a stack, bottom first, turned alternately as they lie on the table;
    the exposed top set is highlighted (its place, ``top:SEAT``, clickable to challenge
    it) and the bottom set marked safe."""
    sets, start = [], 0
    for index, size in enumerate(sizes):
        cards = faces[start:start + size]
        start += size
        value = sum(c.get("value", 0) for c in cards)
        role = ("top set, open to challenge" if index == len(sizes) - 1 and index
                else "bottom set, safe" if index == 0 else "covered")
        css = "rt-set" + (" rt-set-turned" if index % 2 else "") + \
            (" rt-set-top" if index == len(sizes) - 1 and index else "") + \
            (" rt-set-safe" if index == 0 else "")
        place = f" data-slot='top:{seat}'" if "rt-set-top" in css else ""
        sets.append(f"<div class='{css}'{place}><div class='rt-zone-title'>Set {index + 1}: "
                    f"${value:,} ({role})</div>{cards_html(cards)}</div>")
    return "".join(sets) or "<i>no sets yet</i>"


def battle_html(view: dict) -> str:
    data, names, cards = view["data"], view["players"], view["zones"]["battle"]
    if data["challenger"] is None:
        return ""
    challenger, defender = data["challenger"], data["defender"]
    sides = {challenger: cards[0::2], defender: cards[1::2]}
    answering = names[data["answering"]]
    return (f"<div class='rt-battle'><b>Battle:</b> {html.escape(names[challenger])} "
            f"challenges {html.escape(names[defender])}'s top set; "
            f"{html.escape(answering)} must answer or give up.<br>"
            + "".join(f"<div class='rt-zone'><div class='rt-zone-title'>"
                      f"{html.escape(names[seat])}</div>{cards_html(played)}</div>"
                      for seat, played in sides.items()) + "</div>")


def table_html(view: dict) -> str:
    zones, data, names = view["zones"], view["data"], view["players"]
    top = zones["discard"][-1:]
    head = (f"<div class='rt-table-head'><div><b>Round {data['round']}</b> &middot; "
            f"{plural(len(zones['draw']), 'card')} to draw</div>"
            f"<div class='rt-zone' data-slot='discard'><div class='rt-zone-title'>Discard pile "
            f"({plural(len(zones['discard']), 'card')})</div>{cards_html(top)}</div></div>")
    players = []
    for seat, name in enumerate(names):
        acting = seat in view["to_act"]
        hand = zones[f"hand:{seat}"]
        stack = zones[f"stack:{seat}"]
        total = sum(c.get("value", 0) for c in stack)
        players.append(
            seat_html(seat, f"<b>{html.escape(name)}</b><br>stack ${total:,}", acting,
                      f"<div class='rt-stack'>{stack_html(stack, data[f'sets:{seat}'], seat)}</div>"
                      f"<div class='rt-zone rt-hand'><div class='rt-zone-title'>Hand: "
                      f"{plural(len(hand), 'card')}</div>{cards_html(hand)}</div>"))
    return (f"<div class='rt-table rt-cya-table'>{head}{battle_html(view)}"
            f"{''.join(players)}</div>")


class CoverYourAssetsComposer(Composer):
    """Form a set, discard, or challenge on your turn; answer or give up in a battle.
    The engine's verdict shows what the chosen move would do, or the rule against it."""

    ACTIONS = ("form a set", "form a set with the discard", "discard", "challenge")

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.title = w.HTML()
        self.action = w.ToggleButtons(options=self.ACTIONS, style={"button_width": "auto"})
        self.action.add_class("rt-action-choice")
        self.first = w.Dropdown(description="Card")
        self.second = w.Dropdown(description="with")
        self.target = w.Dropdown(description="Player")
        for control in (self.action, self.first, self.second, self.target):
            control.observe(lambda _: self._update(), names="value")
        self.go_button = w.Button(description="Play", button_style="primary")
        self.go_button.add_class("rt-play-button")
        self.give_up_button = w.Button(description="Give up")
        self.give_up_button.add_class("rt-give-up-button")
        self.go_button.on_click(lambda _: self._submit(self._move()))
        self.give_up_button.on_click(lambda _: self._submit(GiveUp()))
        self._battle = False
        self._labels: dict[str, str] = {}   # card id -> its label, for clicks on cards

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        data, names = view["data"], view["players"]
        hand = sorted({f["label"] for f in view["zones"][f"hand:{seat}"]
                       if not f.get("hidden")})
        self._battle = data["answering"] == seat
        self._names = list(names)
        self._labels = {f["id"]: f["label"] for f in view["zones"][f"hand:{seat}"]
                        if not f.get("hidden")}
        others = [n for s, n in enumerate(names) if s != seat]
        # Nothing is chosen until the learner picks a card: no verdict before they act.
        for dropdown, options in ((self.first, hand), (self.second, hand),
                                  (self.target, others)):
            dropdown.options = options
            dropdown.value = None
        self._picked_first = False
        name = html.escape(names[seat])
        if self._battle:
            self.title.value = (f"<b>{name} must answer the challenge</b> with a matching "
                                "asset or a wild, or give up.")
            if forced_reason:
                self.title.value += f"<div class='rt-forced'>{html.escape(forced_reason)}</div>"
            self.go_button.description = "Answer"
            self.children = [self.title, self.first, self.verdict,
                             w.HBox([self.go_button, self.give_up_button])]
        else:
            self.title.value = f"<b>{name} to act.</b> Form a set, discard, or challenge."
            self.go_button.description = "Play"
            self.children = [self.title, self.action, self.first, self.second, self.target,
                             self.verdict, self.go_button]
        self._update()

    def pick_card(self, card_id: str) -> bool:
        """A first click picks the card; in a pair, a second click picks its partner."""
        label = self._labels.get(card_id)
        if label is None:
            return False
        pairing = not self._battle and self.action.value == "form a set"
        if pairing and self.first.value != label and self._picked_first:
            self.second.value = label
            self._picked_first = False
        else:
            self.first.value = label
            self._picked_first = True
        return True

    _picked_first = False
    _names: list[str] = []

    def pickable_slots(self, view: dict, seat: int) -> frozenset[str]:
        """On the seat's own turn: the other players' top sets (to challenge one) and
        the discard pile (to pair its top card)."""
        data, zones = view["data"], view["zones"]
        if data["answering"] is not None or seat not in view["to_act"]:
            return frozenset()
        tops = {f"top:{s}" for s in range(len(view["players"]))
                if s != seat and len(data[f"sets:{s}"]) > 1}
        return frozenset(tops | ({"discard"} if zones["discard"] else set()))

    def pick_slot(self, slot: str) -> bool:
        """A click on a top set aims a challenge at it; on the discard pile, pairs its top
        card with the card picked from the hand."""
        if self._battle:
            return False
        if slot == "discard":
            self.action.value = "form a set with the discard"
            return True
        kind, _, seat = slot.partition(":")
        if kind != "top" or not seat.isdigit() or int(seat) >= len(self._names):
            return False
        self.action.value = "challenge"
        self.target.value = self._names[int(seat)]
        return True

    def clear(self) -> None:
        self._labels = {}
        self.note_chosen()
        self.first.options = self.second.options = self.target.options = []
        self.children = []
        self.title.value = self.verdict.value = ""

    def _move(self):
        card = self.first.value
        if card is None:
            return None
        if self._battle:
            return Answer(card)
        action = self.action.value
        if action == "form a set":
            return FormSet((card, self.second.value)) if self.second.value else None
        if action == "form a set with the discard":
            return FormSet((card,), discard=True)
        if action == "discard":
            return Discard(card)
        return Challenge(self.target.value, card) if self.target.value else None

    def chosen_card_ids(self) -> list[str]:
        """The hand's cards the move names: its card, and its partner in a pair (two
        cards of one kind are two of the hand's cards)."""
        labels = [self.first.value]
        if not self._battle and self.action.value == "form a set":
            labels.append(self.second.value)
        return ids_of_labels(self._labels, labels)

    def _update(self) -> None:
        self.note_chosen()
        if not self._battle:
            action = self.action.value
            self.second.layout.display = "" if action == "form a set" else "none"
            self.target.layout.display = "" if action == "challenge" else "none"
        move = self._move()
        self.verdict.value = ("<span>Choose the cards.</span>" if move is None
                              else self.verdict_html(move))


# The game's own style rules, added after the shared card style wherever its table is drawn.
CSS = """<style>
.rt-card.rt-cya{height:60px;justify-content:flex-start}
.rt-cya-table .rt-empty{height:60px}
.rt-set-turned .rt-card{width:72px;height:46px}
.rt-set-top{border:2px solid #c62828;background:#fff5f5}
.rt-set-safe{border:2px solid #2e7d32}
/* A Cover Your Assets card is short (its seats must fit one screen): a long name gets a
   wider card, so that it takes two lines, not four. */
.rt-card.rt-cya.rt-long-name{width:80px}
</style>
"""

VIEW = GameView(table_html, CoverYourAssetsComposer, "Stack value ($)", ("stack value",),
                units={"stack value": dollars, "total": dollars}, css=CSS)
