"""Sneaky Snakes' table and move composer. Both render a per-seat view and hand moves to
the engine; neither decides a rule.

The perspective is the point of this game: in a player's view their own hand shows a
back for every card facing away from them and a face for the rest, and the other hands
the other way round. The all-seeing view shows every face and marks who sees each card.
Cards are always named by position (1, 2, ...), as the move notation does.
"""

from __future__ import annotations

import html

import ipywidgets as w

from tutor.core.wording import plural
from tutor.games.sneaky_snakes.moves import (Answer, DiscardTwo, Give, Peek, Play, Point,
                                             Skip, Steal, Swap, SwapHands, TurnCard, Vote)
from widgets.table.cards import seat_html
from widgets.table.composer import Composer
from widgets.games import GameView

STAND_IN_NOTE = ("Cards: the tutor's stand-in deck (the rulebook's card list is missing; "
                 "ruling SN-R1)")
KIND_TEXT = {"snake_jones": "collect", "steal": "steal", "take": "take", "gift": "give",
             "swap": "swap", "reveal": "reveal"}


def card_html(face: dict, position: int | None = None, caption: str = "",
              css: str = "") -> str:
    """One card: a face, or a back for a card this view may not see."""
    number = f"<span class='rt-sn-pos'>{position}</span>" if position else ""
    under = (f"<div class='rt-sn-caption' title='{html.escape(caption)}'>"
             f"{html.escape(caption)}</div>" if caption else "")
    if face.get("hidden"):
        body = "<div class='rt-card rt-back' title='you cannot see this card'></div>"
    else:
        kind = face["kind"]
        css_kind = "rt-sn-jones" if kind == "snake_jones" else "rt-sn-effect"
        name = html.escape(face["label"])
        body = (f"<div class='rt-card {css_kind}' data-card='{html.escape(face['id'])}' "
                f"title='{name}'><span class='rt-name'><b>{name}</b></span>"
                f"<span class='rt-kind'>{KIND_TEXT.get(kind, kind)}</span>"
                f"<span class='rt-sn-stand-in'>stand-in</span></div>")
    return f"<div class='rt-sn-slot {css}'>{number}{body}{under}</div>"


def hand_html(view: dict, seat: int) -> str:
    """A hand as this view sees it, each card with its position and who sees it."""
    names, data = view["players"], view["data"]
    faces, facing = view["zones"][f"hand:{seat}"], data[f"facing:{seat}"]
    viewer, holder = view["seat"], names[seat]
    cards = []
    for position, (face, way) in enumerate(zip(faces, facing), 1):
        if viewer is None:
            caption = (f"seen by {holder} only" if way == "holder"
                       else f"seen by all but {holder}")
        elif viewer == seat:
            caption = "you see it" if way == "holder" else "faces away from you"
        else:
            caption = (f"faces {holder}" if way == "holder" else "you see it")
        css = "rt-sn-faces-holder" if way == "holder" else "rt-sn-faces-away"
        cards.append(card_html(face, position, caption, css))
    return "".join(cards) or "<span class='rt-empty'></span>"


def table_html(view: dict) -> str:
    zones, data, names = view["zones"], view["data"], view["players"]
    viewer = view["seat"]
    who = "all-seeing (teacher)" if viewer is None else f"as {names[viewer]} sees it"
    top = "".join(card_html(f) for f in zones["discard"][-1:]) or \
        "<span class='rt-empty'></span>"
    head = (f"<div class='rt-table-head'><div><div class='rt-sn-deck-note'><i>"
            f"{html.escape(STAND_IN_NOTE)}</i></div>"
            f"<b>Table {html.escape(who)}</b> &middot; "
            f"{plural(len(zones['draw']), 'card')} to draw</div>"
            f"<div class='rt-zone'><div class='rt-zone-title'>Discard pile "
            f"({plural(len(zones['discard']), 'card')})</div>"
            f"{top}</div></div>")
    status = _status_html(view)
    players = []
    for seat, name in enumerate(names):
        acting = seat in view["to_act"]
        count = len(zones[f"hand:{seat}"])
        out = "" if seat in data["active"] else " (sits out the snake battle)"
        you = " (you)" if viewer == seat else ""
        players.append(
            seat_html(seat, f"<b>{html.escape(name)}</b>{you}<br>{plural(count, 'card')}{out}",
                      acting, f"<div class='rt-zone rt-hand'>{hand_html(view, seat)}</div>"))
    return f"<div class='rt-table'>{head}{status}{''.join(players)}</div>"


def _status_html(view: dict) -> str:
    data, names = view["data"], view["players"]
    phase = data["phase"]
    if phase == "answer":
        text = (f"{names[data['pointer']]} points at {names[data['pointed']]}'s card "
                f"{data['pointed_at']}: {names[data['pointed']]} decides who plays it.")
    elif phase == "resolve":
        text = f"{names[data['resolver']]} is carrying out the card just played."
    elif phase == "tie":
        text = "Tied for the most cards: a snake battle, or share the win?"
    elif phase == "over":
        winners = " and ".join(names[s] for s in data["winners"])
        how = "with every Snake Jones card" if data["end"] == "snake_jones" else \
            "with the most cards"
        text = f"Game over: {winners} {'win' if len(data['winners']) > 1 else 'wins'} {how}."
    else:
        return ""
    return f"<div class='rt-sn-status'><b>{html.escape(text)}</b></div>"


class SneakySnakesComposer(Composer):
    """Play, point, discard two, skip or peek on your turn; answer when pointed at; make
    the choices of a card you carry out; vote on a snake battle. Cards are chosen by
    position; the engine's verdict shows what the move would do, or the rule against it,
    and never names a card the seat cannot see."""

    TURN_ACTIONS = ("play", "point", "discard two", "skip", "peek (breaks SN-4.1)")

    def __init__(self, check, submit, preview):
        super().__init__(check, submit, preview)
        self.title = w.HTML()
        self.action = w.ToggleButtons(options=self.TURN_ACTIONS, style={"button_width": "auto"})
        self.action.add_class("rt-action-choice")
        self.mine = w.Dropdown(description="Your card")
        self.mine2 = w.Dropdown(description="and card")
        self.target = w.Dropdown(description="Player")
        self.theirs = w.Dropdown(description="Their card")
        for control in (self.action, self.mine, self.mine2, self.theirs):
            control.observe(lambda _: self._update(), names="value")
        self.target.observe(lambda _: self._target_changed(), names="value")
        self.go_button = w.Button(description="Play", button_style="primary")
        self.go_button.add_class("rt-play-button")
        self.other_button = w.Button(description="")
        self.other_button.add_class("rt-other-button")
        self.go_button.on_click(lambda _: self._submit(self._move()))
        self.other_button.on_click(lambda _: self._submit(self._other_move()))
        self._view: dict | None = None
        self._seat: int | None = None

    # -- building the controls -----------------------------------------------------

    def _positions(self, seat: int) -> list[tuple[str, int]]:
        """(text, position) per card of a hand, naming only the faces this view shows."""
        faces = self._view["zones"][f"hand:{seat}"]
        return [(f"{p}: {f['label']}" if not f.get("hidden") else f"{p}: (cannot see)", p)
                for p, f in enumerate(faces, 1)]

    def show_for(self, view: dict, seat: int, forced_reason: str | None = None) -> None:
        self._view, self._seat = view, seat
        data, names = view["data"], view["players"]
        phase = data["phase"]
        name = html.escape(names[seat])
        others = [names[s] for s in data["active"] if s != seat]
        mine = self._positions(seat)
        for dropdown, options in ((self.mine, mine), (self.mine2, mine),
                                  (self.target, others)):
            dropdown.options = options
            dropdown.value = options[0][1] if options and isinstance(options[0], tuple) \
                else (options[0] if options else None)
        if len(mine) > 1:
            self.mine2.value = mine[1][1]
        self._target_changed(update=False)
        note = f"<div class='rt-forced'>{html.escape(forced_reason)}</div>" if forced_reason else ""
        self.other_button.layout.display = "none"
        if phase == "answer":
            pointer = html.escape(names[data["pointer"]])
            self.title.value = (f"<b>{pointer} points at your card {data['pointed_at']}, "
                                f"{name}.</b> Play it yourself, or let {pointer} play it?{note}")
            self.go_button.description = "I play it"
            self.other_button.description = f"{names[data['pointer']]} plays it"
            self.other_button.layout.display = ""
            self.children = [self.title, self.verdict,
                             w.HBox([self.go_button, self.other_button])]
        elif phase == "tie":
            self.title.value = f"<b>{name} is tied for the most cards.</b>{note}"
            self.go_button.description = "Snake battle"
            self.other_button.description = "Share the win"
            self.other_button.layout.display = ""
            self.children = [self.title, self.verdict,
                             w.HBox([self.go_button, self.other_button])]
        elif phase == "resolve":
            self.title.value = (f"<b>{name} carries out the card just played:</b> choose as "
                                f"it says.{note}")
            self.go_button.description = "Choose"
            self.children = [self.title, self.mine, self.target, self.theirs, self.verdict,
                             self.go_button]
        else:
            self.title.value = (f"<b>{name} to act.</b> Cards are named by position; a card "
                                f"you cannot see shows as '(cannot see)'.{note}")
            self.go_button.description = "Play"
            self.children = [self.title, self.action, self.mine, self.mine2, self.target,
                             self.theirs, self.verdict, self.go_button]
        self._update()

    def pick_card(self, card_id: str) -> bool:
        """A click on a card of your hand picks it by its position (a card you cannot
        see has no id on the page, so it is picked from the list instead)."""
        if self._view is None or self._seat is None:
            return False
        faces = self._view["zones"][f"hand:{self._seat}"]
        for position, face in enumerate(faces, 1):
            if face.get("id") == card_id:
                self.mine.value = position
                return True
        return False

    def clear(self) -> None:
        # Forget the view first: emptying the lists would judge a move with no seat.
        self._view = None
        self.note_chosen()
        self.mine.options = self.mine2.options = self.target.options = []
        self.theirs.options = []
        self.children = []
        self.title.value = self.verdict.value = ""

    def _target_changed(self, update: bool = True) -> None:
        if self._view is None:
            return
        names = self._view["players"]
        target = self.target.value
        options = self._positions(names.index(target)) if target in names else []
        self.theirs.options = options
        self.theirs.value = options[0][1] if options else None
        if update:
            self._update()

    # -- the move ------------------------------------------------------------------

    def _resolve_kind(self) -> str:
        """Which choice the card being carried out asks for, read from the view's face of
        the played card (it lies face up on the discard pile)."""
        top = self._view["zones"]["discard"][-1]
        kind = top.get("kind", "")
        if kind == "swap":
            return "swap hands" if top["label"] == "Snake Pit" else "swap"
        return kind

    def _move(self):
        if self._view is None:
            return None
        phase = self._view["data"]["phase"]
        if phase == "answer":
            return Answer(True)
        if phase == "tie":
            return Vote(True)
        mine, target, theirs = self.mine.value, self.target.value, self.theirs.value
        if phase == "resolve":
            kind = self._resolve_kind()
            if kind == "steal":
                return Steal(target, theirs) if target and theirs else None
            if kind == "gift":
                return Give(mine, target) if mine and target else None
            if kind == "swap hands":
                return SwapHands(target) if target else None
            if kind == "swap":
                return Swap(mine, target, theirs) if mine and target and theirs else None
            return TurnCard(mine) if mine else None
        action = self.action.value
        if action == "skip":
            return Skip()
        if action == "point":
            return Point(target, theirs) if target and theirs else None
        if action == "discard two":
            if mine is None or self.mine2.value is None or mine == self.mine2.value:
                return None
            return DiscardTwo((mine, self.mine2.value))
        if mine is None:
            return None
        return Play(mine) if action == "play" else Peek(mine)

    def _other_move(self):
        phase = self._view["data"]["phase"] if self._view else None
        if phase == "answer":
            return Answer(False)
        if phase == "tie":
            return Vote(False)
        return None

    def verdict_html(self, move) -> str:
        """The engine's verdict; a move that would turn up a card this seat cannot see
        is judged without its preview, so the page keeps the secret until it is played."""
        rejection = self._check(move)
        if rejection is None and self._reveals_hidden(move):
            return ("<span class='rt-ok'>Allowed: the card is turned face up when it is "
                    "played.</span>")
        return super().verdict_html(move)

    def _reveals_hidden(self, move) -> bool:
        data, seat = self._view["data"], self._seat
        if isinstance(move, Play):
            return self._view["zones"][f"hand:{seat}"][move.position - 1].get("hidden", False)
        if isinstance(move, Answer):
            face = self._view["zones"][f"hand:{seat}"][data["pointed_at"] - 1]
            return face.get("hidden", False)
        return False

    def chosen_card_ids(self) -> list[str]:
        """The seat's own cards the move names, by position (a card the seat cannot see
        has no id on the page, so it is not marked)."""
        if self._view is None or self._seat is None:
            return []
        faces = self._view["zones"][f"hand:{self._seat}"]
        positions = [control.value for control in (self.mine, self.mine2)
                     if control.layout.display != "none"]
        return [faces[p - 1]["id"] for p in positions
                if isinstance(p, int) and 0 < p <= len(faces) and "id" in faces[p - 1]]

    def _update(self) -> None:
        if self._view is None:
            return
        phase = self._view["data"]["phase"]
        shown = {"mine": False, "mine2": False, "target": False, "theirs": False}
        if phase == "resolve":
            kind = self._resolve_kind()
            shown.update(mine=kind in ("gift", "swap", "reveal"),
                         target=kind in ("steal", "gift", "swap", "swap hands"),
                         theirs=kind in ("steal", "swap"))
        elif phase == "action":
            action = self.action.value
            shown.update(mine=action in ("play", "discard two") or action.startswith("peek"),
                         mine2=action == "discard two",
                         target=action == "point", theirs=action == "point")
        for key, visible in shown.items():
            getattr(self, key).layout.display = "" if visible else "none"
        self.note_chosen()
        move = self._move()
        self.verdict.value = ("<span>Choose the cards.</span>" if move is None
                              else self.verdict_html(move))


# The game's own style rules, added after the shared card style wherever its table is drawn.
CSS = """<style>
.rt-sn-slot{display:inline-flex;flex-direction:column;align-items:center;margin:1px;
  padding:1px;border-radius:8px;vertical-align:top;position:relative;width:76px}
.rt-sn-slot .rt-sn-pos{position:absolute;top:44px;right:5px;z-index:2;background:#fff;
  border-radius:8px;padding:0 4px;border:1px solid #777;line-height:1.2}
.rt-sn-slot.rt-sn-faces-holder{background:#e3f2fd}
.rt-sn-slot.rt-sn-faces-away{background:#fff3e0}
.rt-sn-pos{font-size:12px;font-weight:bold;font-family:sans-serif}
.rt-sn-caption{font-size:12px;font-family:sans-serif;color:#333;max-width:76px;
  text-align:center;line-height:1.15;white-space:normal;overflow-wrap:anywhere}
.rt-card.rt-sn-jones{background:#e8f5e9;border-color:#1b5e20}
.rt-card.rt-sn-effect{background:#f3e5f5;border-color:#6a1b9a}
.rt-sn-stand-in{font-size:12px;color:#4e342e;font-style:italic}
.rt-sn-deck-note{font-size:12px;color:#4e342e;margin:2px 0}
.rt-sn-status{border:2px solid #6a1b9a;border-radius:8px;padding:3px 6px;margin:3px 0}
</style>
"""

VIEW = GameView(table_html, SneakySnakesComposer, "Cards in hand (the most cards win)",
                ("cards in hand",), css=CSS)
