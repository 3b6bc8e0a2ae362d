"""Sneaky Bastard's table and move composer. Both render a per-seat view and hand moves
to the engine; neither decides a rule."""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.wording import plural
from tutor.games.sneaky_bastard import Bid, Pass, PlaySneaky, Wait
from widgets.table.cards import seat_html, zone_html
from widgets.table.composer import Composer
from widgets.games import GameView, thousands

STATUS_TEXT = {"in": "bidding", "sneaky": "sneaky bidder", "out": "passed", "buyer": "buyer"}


def _total(faces: list[dict]) -> int:
    return sum(f.get("value", 0) for f in faces if not f.get("hidden"))


def _sorted(faces: list[dict]) -> list[dict]:
    """A hand as a player would hold it: most valuable first, Sneaky Bastard cards last,
    backs (cards this seat cannot see) as they come."""
    order = {"house": 0, "money": 1, "sneaky": 2}
    return sorted(faces, key=lambda f: (order.get(f.get("kind"), 3), -f.get("value", 0)))


def table_html(view: dict) -> str:
    """The whole table as one seat (or the teacher) sees it."""
    zones, data, names = view["zones"], view["data"], view["players"]
    pile = zones["pile"]
    next_house = [pile[-1]] if pile else []
    sold = data["sold"] and data["last_buyer"] is not None
    sale_note = f"(sold to {names[data['last_buyer']]})" if sold else ""
    center = (zone_html("For sale", zones["offer"], "rt-for-sale", sale_note)
              + zone_html("Next house", next_house, "rt-next-house",
                          f"({len(pile)} left in the pile)")
              + zone_html("Discard", zones["discard"][-4:], "rt-discard",
                          f"({plural(len(zones['discard']), 'card')})"))
    round_line = (f"<b>Round {data['round']} of 17</b>" if not data["over"]
                  else "<b>The game is over</b>")
    players = []
    for seat, name in enumerate(names):
        status = STATUS_TEXT.get(data["status"][seat], data["status"][seat])
        acting = seat in view["to_act"]
        bid, sneaky = zones[f"bid:{seat}"], zones[f"sneaky:{seat}"]
        hand, houses = _sorted(zones[f"hand:{seat}"]), zones[f"houses:{seat}"]
        mine = view["seat"] in (None, seat)
        parts = [
            zone_html(f"Houses: {_total(houses)}K", houses, "rt-houses"),
            zone_html(f"Bid: {_total(bid)}K", bid, "rt-house-bid rt-bid"),
            zone_html(f"Sneaky bid: {_total(sneaky)}K", sneaky, "rt-sneaky-bid rt-sneaky"),
            zone_html(f"Hand: {plural(len(hand), 'card')}"
                      + ("" if mine else " (face down to you)"), hand, "rt-hand"),
        ]
        players.append(seat_html(seat, f"<b>{html.escape(name)}</b> ({status})", acting,
                                 "".join(parts)))
    return (f"<div class='rt-table'><div class='rt-table-head'><div>{round_line}</div>"
            f"{center}</div>{''.join(players)}</div>")


class SneakyBastardComposer(Composer):
    """Compose a move for the acting seat: toggle value cards, see the live total and the
    engine's verdict, then bid, play a Sneaky Bastard card, pass or wait."""

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.title = w.HTML()
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.total = w.HTML()
        self.bid_button = w.Button(description="Bid / raise", button_style="primary")
        self.sneaky_button = w.Button(description="Play Sneaky Bastard")
        self.pass_button = w.Button(description="Pass")
        self.wait_button = w.Button(description="Wait")
        for button, css in ((self.bid_button, "rt-bid-button"),
                            (self.sneaky_button, "rt-sneaky-button"),
                            (self.pass_button, "rt-pass-button"),
                            (self.wait_button, "rt-wait-button")):
            button.add_class(css)
        self.bid_button.on_click(lambda _: self._submit(Bid(self.selected())))
        self.sneaky_button.on_click(lambda _: self._submit(PlaySneaky(self.selected())))
        self.pass_button.on_click(lambda _: self._submit(Pass()))
        self.wait_button.on_click(lambda _: self._submit(Wait()))
        self._base = 0
        self._toggles: list[tuple[w.ToggleButton, dict]] = []
        self.children = [self.title, self.cards, self.total, self.verdict,
                         w.HBox([self.bid_button, self.sneaky_button, self.pass_button,
                                 self.wait_button])]

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        """Offer the cards of ``seat`` as ``view`` (that seat's or the teacher's) shows them."""
        zones, name = view["zones"], view["players"][seat]
        status = view["data"]["status"][seat]
        table_zone = "sneaky" if status == "sneaky" else "bid"
        self._base = _total(zones[f"{table_zone}:{seat}"])
        self._zone_name = "sneaky bid" if status == "sneaky" else "bid"
        faces = [f for f in zones[f"hand:{seat}"] + zones[f"houses:{seat}"]
                 if not f.get("hidden") and f["kind"] in ("money", "house")]
        faces.sort(key=lambda f: -f["value"])
        self._toggles = []
        for face in faces:
            toggle = w.ToggleButton(description=face["name"] if face["kind"] == "house"
                                    else face["label"],
                                    layout=w.Layout(width="auto"))
            toggle.add_class("rt-toggle")
            toggle.observe(lambda _: self._update(), names="value")
            self._toggles.append((toggle, face))
        self.cards.children = [t for t, _ in self._toggles]
        self.title.value = (f"<b>{html.escape(name)} to act.</b> Pick value cards to add, "
                            "then choose a move.")
        if forced_reason:
            self.title.value += (f"<div class='rt-forced'>{html.escape(name)} cannot do "
                                 f"anything but wait: {html.escape(forced_reason)}</div>")
        self._update()

    def pick_card(self, card_id: str) -> bool:
        for toggle, face in self._toggles:
            if face["id"] == card_id:
                toggle.value = not toggle.value
                return True
        return False

    def pickable_zones(self, seat: int) -> tuple[str, ...]:
        return (f"hand:{seat}", f"houses:{seat}")

    def _offer_buttons(self) -> None:
        """Pass and Wait are disabled when the engine refuses them now, with its reason
        on hover; the card moves stay open, since their verdict shows as cards are chosen."""
        for button, move in ((self.pass_button, Pass()), (self.wait_button, Wait())):
            rejection = self._check(move)
            button.disabled = rejection is not None
            button.tooltip = (f"Not now: {rejection.reason} ({rejection.rule})" if rejection
                              else f"{button.description}: the engine allows it now")

    def clear(self) -> None:
        self._toggles = []
        self.note_chosen()
        self.cards.children = []
        self.title.value = self.total.value = self.verdict.value = ""

    def chosen_card_ids(self) -> list[str]:
        return [face["id"] for toggle, face in self._toggles if toggle.value]

    def selected(self) -> tuple[str, ...]:
        return tuple(face["label"] for toggle, face in self._toggles if toggle.value)

    def _update(self) -> None:
        self.note_chosen()
        self._offer_buttons()
        chosen = self.selected()
        added = sum(face["value"] for toggle, face in self._toggles if toggle.value)
        self.total.value = (f"Your {self._zone_name} would total "
                            f"<b>{self._base + added}K</b> ({self._base}K on the table"
                            f" + {added}K selected)")
        if not chosen:
            self.verdict.value = "<span>Select cards to bid, or pass.</span>"
            return
        self.verdict.value = self.verdict_html(Bid(chosen))


# The game's own style rules, added after the shared card style wherever its table is drawn.
CSS = """<style>
.rt-house-bid{outline:2px solid #e65100;border-radius:6px;padding:1px}
.rt-sneaky-bid{outline:2px dashed #4527a0;border-radius:6px;padding:1px}
</style>
"""

VIEW = GameView(table_html, SneakyBastardComposer, "Money and house value (K)",
                ("money", "house value"),
                units={"money": thousands, "house value": thousands}, css=CSS,
                zone_words={"sneaky": "sneaky bid", "offer": "house for sale"})
