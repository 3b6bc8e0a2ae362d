"""Bargain Hunter's table and move composer. Both render a per-seat view and hand moves
to the engine; neither decides a rule (the engine's public data says who is winning the
trick and what everyone scores)."""

from __future__ import annotations

import html
import re

import ipywidgets as w

from tutor.core.wording import plural
from tutor.games.bargain_hunter.deck import COLOUR_BY_NAME, label_order
from tutor.games.bargain_hunter.moves import (HIGHER, LOWER, OFFER_LABEL, ChooseBargain, Clean,
                                              Play, Skip)
from widgets.table.cards import seat_html
from widgets.table.composer import Composer
from widgets.games import GameView

# The engine words a missing or extra declaration as the notation a player types ("write
# 'play yellow 6 trump'"); here the learner presses buttons, so the same fix is told as the
# buttons to press. The rule and the rest of the reason stay the engine's.
TRUMP_ROW, ORDER_ROW = "Trump", "Higher or lower"
BUTTON_WORDS = [
    (re.compile(r"write 'play [^']+ trump' or 'play [^']+ not trump'"),
     f"press 'trump' or 'not trump' under {TRUMP_ROW}"),
    (re.compile(r"write 'play offer'"), f"leave {TRUMP_ROW} at 'none'"),
    (re.compile(r"\(leave out '(?:not )?trump'\)"), f"(set {TRUMP_ROW} to 'none')"),
    (re.compile(r"leave out '(?:higher|lower)'"), f"set {ORDER_ROW} to 'none'"),
    (re.compile(r", as in 'play [^']+'"), f": press 'higher' or 'lower' under {ORDER_ROW}"),
]


def button_words(reason: str) -> str:
    """An engine reason with its notation hints told as this composer's buttons."""
    for notation, buttons in BUTTON_WORDS:
        reason = notation.sub(buttons, reason)
    return reason


PHASES = {"bargain": "choosing bargains", "hunt": "the hunt",
          "cleaning": "spring cleaning", "over": "game over"}


def colour_badge(name: str | None) -> str:
    if not name:
        return "none"
    colour = COLOUR_BY_NAME[name]
    return (f"<span class='rt-colour' style='background:{colour.hex};color:{colour.ink}'>"
            f"{colour.symbol} {html.escape(name)}</span>")


def card_html(face: dict, badge: str = "") -> str:
    """A Bargain Hunter card: colour, its symbol and the item number; or a back."""
    if face.get("hidden"):
        return "<div class='rt-card rt-back' title='face down'></div>"
    ident = html.escape(face["id"])
    if face["kind"] == "offer":
        return (f"<div class='rt-card rt-offer' data-card='{ident}' title='Irresistible "
                f"Offer'><span class='rt-value'>&#9733;&#9733;</span><span class='rt-name'>"
                f"Irresistible Offer</span><span class='rt-kind'>{badge or 'top trump'}"
                f"</span></div>")
    colour_name, number = face["label"].split()
    colour = COLOUR_BY_NAME[colour_name]
    return (f"<div class='rt-card rt-bh' data-card='{ident}' "
            f"title='{html.escape(face['label'])}' "
            f"style='background:{colour.hex};color:{colour.ink};border-color:#222'>"
            f"<span class='rt-value'>{number} {colour.symbol}</span>"
            f"<span class='rt-name'>{html.escape(colour_name)}</span>"
            f"<span class='rt-kind'>{html.escape(badge)}</span></div>")


def _sorted(faces: list[dict]) -> list[dict]:
    known = [f for f in faces if not f.get("hidden")]
    return sorted(known, key=lambda f: label_order(f["label"])) + \
        [f for f in faces if f.get("hidden")]


def zone(title: str, faces: list[dict], css: str = "") -> str:
    drawn = "".join(card_html(f) for f in faces) or "<span class='rt-empty'></span>"
    return (f"<div class='rt-zone {css}'><div class='rt-zone-title'>{html.escape(title)}"
            f"</div>{drawn}</div>")


def trick_html(view: dict, last_trick: str = "") -> str:
    data, names, cards = view["data"], view["players"], view["zones"]["trick"]
    if not cards and last_trick:
        return last_trick
    if not cards:
        last = data.get("last_winner")
        if last is None:
            return "<div class='rt-trick'><i>No card played yet.</i></div>"
        return (f"<div class='rt-trick'>Last trick won by <b>{html.escape(names[last])}"
                f"</b>.</div>")
    winning = data.get("winning_index")
    slots = []
    for index, (face, seat) in enumerate(zip(cards, data["trick_seats"])):
        marks = [m for m in (data["trick_declared"][index], data["trick_order"][index]) if m]
        badge = ", ".join(marks)
        lead = " rt-winning" if index == winning else ""
        slots.append(f"<div class='rt-zone{lead}'><div class='rt-zone-title'>"
                     f"{html.escape(names[seat])}{' (winning)' if lead else ''}</div>"
                     f"{card_html(face, badge)}</div>")
    return (f"<div class='rt-trick'>Trick {data['trick_no']}: lead "
            f"{colour_badge(data['lead'])}, trump {colour_badge(data['trump'])}<br>"
            f"{''.join(slots)}</div>")


def last_trick_html(before: dict, after: dict, move) -> str:
    """The trick a move completed, kept in view after its cards are gathered: the cards
    as they lay (all face up, so every seat saw them) and who won it. Empty unless the
    move finished a trick. The cards carry no ids: they are pictures of what was seen."""
    played = before["zones"]["trick"]
    if not played or after["zones"]["trick"] or not isinstance(move, Play):
        return ""
    last = {"id": "", "kind": "offer" if move.card == OFFER_LABEL else "item",
            "label": move.card}
    names = after["players"]
    seats = before["data"]["trick_seats"] + [before["to_act"][0]]
    winner = after["data"].get("last_winner")
    cards = "".join(f"<div class='rt-zone'><div class='rt-zone-title'>"
                    f"{html.escape(names[seat])}</div>{card_html(face)}</div>"
                    for face, seat in zip(played + [last], seats))
    won = f", won by <b>{html.escape(names[winner])}</b>" if winner is not None else ""
    pictures = re.sub(r" data-card='[^']*'", "", cards)
    return f"<div class='rt-trick rt-last-trick'>Last trick{won}: {pictures}</div>"


def table_html(view: dict, last_trick: str = "") -> str:
    """The whole table as one seat sees it; ``last_trick`` (see last_trick_html) stands
    where the trick was, until the next card is played."""
    zones, data, names = view["zones"], view["data"], view["players"]
    head = (f"<b>Round {data['round']}</b> &middot; {PHASES.get(data['phase'], data['phase'])}"
            f" &middot; {html.escape(names[data['dealer']])} dealt &middot; "
            f"{plural(len(zones['deck']), 'card')} set aside, {len(zones['trash'])} trashed")
    players = []
    for seat, name in enumerate(names):
        acting = seat in view["to_act"]
        bargain, junk = zones[f"bargain:{seat}"], zones[f"junk:{seat}"]
        hand = _sorted(zones[f"hand:{seat}"])
        # Junk is cleared out by item, so its owner sees it grouped by number.
        junk_faces = (sorted(junk, key=lambda f: (f["value"] or 10, label_order(f["label"])))
                      if junk and not junk[0].get("hidden") else [])
        score = data["scores"][seat]
        parts = [
            zone(f"Bargain pile: {plural(len(bargain), 'card')}", bargain[-1:], "rt-bargain"),
            zone(f"Junk pile: {plural(len(junk), 'card')}" + ("" if junk_faces or not junk
                                                       else " (face down)"),
                 junk_faces or junk[:1], "rt-junk"),
            zone(f"Hand: {plural(len(hand), 'card')}", hand, "rt-hand"),
        ]
        players.append(seat_html(seat, f"<b>{html.escape(name)}</b><br>score {score}",
                                 acting, "".join(parts)))
    return (f"<div class='rt-table'>{head}{trick_html(view, last_trick)}"
            f"{''.join(players)}</div>")


class BargainHunterComposer(Composer):
    """Pick a card and its declarations, or an item to clear out in spring cleaning; the
    engine's verdict (what would happen, or which rule forbids it) shows as you choose."""

    NO_DECLARATION = "none"

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.title = w.HTML()
        self.cards = w.ToggleButtons(options=[], style={"button_width": "auto"})
        self.cards.add_class("rt-card-choice")
        # Each row of declarations is labelled on its line (the composer must stay short
        # enough for one screen); each button's tooltip says when the row matters.
        self.trump = w.ToggleButtons(
            options=[self.NO_DECLARATION, "trump", "not trump"], description=f"{TRUMP_ROW}:",
            tooltips=["only when you cannot follow the lead colour: say whether your "
                      "card's colour is trump"] * 3,
            style={"button_width": "auto", "description_width": "initial"})
        self.trump.add_class("rt-trump-choice")
        self.order = w.ToggleButtons(
            options=[self.NO_DECLARATION, HIGHER, LOWER], description=f"{ORDER_ROW}:",
            tooltips=["only when the same card is already in the trick: say whether "
                      "yours counts higher or lower"] * 3,
            style={"button_width": "auto", "description_width": "initial"})
        self.order.add_class("rt-order-choice")
        self.play_button = w.Button(description="Play", button_style="primary")
        self.play_button.add_class("rt-play-button")
        self.skip_button = w.Button(description="Skip cleaning")
        self.skip_button.add_class("rt-skip-button")
        self.play_button.on_click(lambda _: self._play())
        self.skip_button.on_click(lambda _: self._submit(Skip()))
        for control in (self.cards, self.trump, self.order):
            control.observe(lambda _: self._update(), names="value")
        self._phase = None
        self._options: dict[str, object] = {}
        self._ids: dict[str, str] = {}   # card id -> the option it picks

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        data, name = view["data"], view["players"][seat]
        self._phase = data["phase"]
        if self._phase == "cleaning":
            junk = [f for f in view["zones"][f"junk:{seat}"] if not f.get("hidden")]
            items = sorted({f["value"] for f in junk if f["kind"] == "item"})
            self._options = {f"item {item}": item for item in items}
            self._ids = {f["id"]: f"item {f['value']}" for f in junk if f["kind"] == "item"}
            self.title.value = (f"<b>{html.escape(name)}: spring cleaning.</b> Pick an item "
                                "to clear out of your junk pile and see what would be "
                                "trashed and kept, or skip.")
            self.play_button.description = "Clean"
            controls = [self.cards, self.verdict, w.HBox([self.play_button,
                                                          self.skip_button])]
        else:
            hand = _sorted([f for f in view["zones"][f"hand:{seat}"] if not f.get("hidden")])
            self._options = {f["label"]: f["label"] for f in hand}
            self._ids = {f["id"]: f["label"] for f in hand}
            choosing = self._phase == "bargain"
            self.title.value = (f"<b>{html.escape(name)} to act.</b> " +
                                ("Pick the item card to lay as your bargain."
                                 if choosing else "Pick a card, and any declaration it needs."))
            self.play_button.description = "Choose bargain" if choosing else "Play"
            controls = [self.cards] + ([] if choosing else [self.trump, self.order]) + \
                [self.verdict, self.play_button]
        with self.hold_trait_notifications():
            self.cards.options = list(self._options)
            self.cards.value = None
            self.trump.value = self.order.value = self.NO_DECLARATION
        self.children = [self.title] + controls
        self._update()

    def reason_words(self, rejection) -> str:
        return button_words(rejection.reason)

    def pick_card(self, card_id: str) -> bool:
        option = self._ids.get(card_id)
        if option is None:
            return False
        self.cards.value = None if self.cards.value == option else option
        return True

    def pickable_zones(self, seat: int) -> tuple[str, ...]:
        return (f"junk:{seat}",) if self._phase == "cleaning" else (f"hand:{seat}",)

    def clear(self) -> None:
        self._options = {}
        self._ids = {}
        self.note_chosen()
        self.cards.options = []
        self.children = []
        self.title.value = self.verdict.value = ""

    def _move(self):
        choice = self.cards.value
        if choice is None:
            return None
        if self._phase == "cleaning":
            return Clean(self._options[choice])
        if self._phase == "bargain":
            return ChooseBargain(choice)
        trump = {"trump": True, "not trump": False}.get(self.trump.value)
        order = None if self.order.value == self.NO_DECLARATION else self.order.value
        return Play(choice, trump, order)

    def _play(self) -> None:
        move = self._move()
        if move is None:
            self.verdict.value = "<span class='rt-error'>Pick a card first.</span>"
        else:
            self._submit(move)

    def chosen_card_ids(self) -> list[str]:
        """The card to play, or every junk card of the item to clean out."""
        return [cid for cid, option in self._ids.items()
                if option is not None and option == self.cards.value]

    def _update(self) -> None:
        self.note_chosen()
        move = self._move()
        self.verdict.value = ("<span>Pick a card.</span>" if move is None
                              else self.verdict_html(move))


# The game's own style rules, added after the shared card style wherever its table is drawn.
CSS = """<style>
.rt-card.rt-offer{background:#fff8e1;border-color:#b8860b}
.rt-colour{padding:1px 6px;border-radius:4px;font-weight:bold}
.rt-winning .rt-card{outline:3px solid #1565c0;outline-offset:1px}
.rt-trick{border:1px dashed #999;border-radius:8px;padding:3px 6px;margin:3px 0}
/* An Irresistible Offer's long name (and its 'top trump' mark) need a wider card too. */
.rt-card.rt-offer{width:72px}
/* Text on a coloured card takes the card's own ink, chosen to stand out from its colour. */
.rt-card.rt-bh .rt-kind,.rt-card.rt-bh .rt-name{color:inherit}
/* Bargain Hunter's two declaration rows: each label on its row's line. */
.rt-composer .rt-trump-choice,.rt-composer .rt-order-choice{display:flex!important;
  flex-wrap:nowrap!important;align-items:center}
.rt-composer .rt-trump-choice>div,.rt-composer .rt-order-choice>div{flex:1 1 auto;
  min-width:0;width:auto!important}
.rt-composer .rt-trump-choice>.widget-label,.rt-composer .rt-order-choice>.widget-label{
  flex:0 0 auto;font-weight:bold;margin-right:6px}
</style>
"""

VIEW = GameView(table_html, BargainHunterComposer,
                "Score at the end of each round (bargain minus junk cards)", ("score",),
                lambda state: state.data["round"], "round", last=last_trick_html, css=CSS,
                zone_words={"bargain": "bargain pile", "junk": "junk pile",
                            "deck": "set-aside cards"})
