"""Cards drawn as cards: HTML for a face (value, name, kind) or a back.

Everything here takes the faces of a per-seat view (see tutor.core.views), so a card a
seat cannot see arrives as {"hidden": True} and is drawn as a back: nothing else about it
is in the page.
"""

from __future__ import annotations

import html
import re

STYLE = """
<style>
/* No shadow under every card: painting one per card slowed each step's redraw by a tenth
   or more; the border tells overlapping cards apart. */
.rt-card{display:inline-flex;flex-direction:column;justify-content:space-between;
  width:56px;height:76px;margin:1px;padding:3px;border-radius:6px;border:1px solid #555;
  box-sizing:border-box;font-family:sans-serif;vertical-align:top;background:#fff;
  overflow:hidden;position:relative;color:#111;white-space:normal}
.rt-card .rt-value{font-size:14px;font-weight:bold;line-height:1.1}
.rt-card .rt-name{font-size:12px;line-height:1.05;overflow-wrap:anywhere;hyphens:auto;
  min-height:0;flex:0 1 auto}
.rt-card .rt-kind{font-size:12px;color:#333;overflow-wrap:anywhere;line-height:1}
.rt-card.rt-money{background:#e8f4e4;border-color:#2e7d32}
.rt-card.rt-house{background:#fff3e0;border-color:#e65100;width:90px}
.rt-card.rt-sneaky{background:#ede7f6;border-color:#4527a0}
.rt-card.rt-back{background:repeating-linear-gradient(45deg,#37474f,#37474f 6px,#546e7a 6px,
  #546e7a 12px);border-color:#263238}
[data-pick]{cursor:pointer}
.rt-set[data-pick]:hover,.rt-zone[data-pick]:hover{outline:2px dashed #1565c0;outline-offset:1px}
.rt-card[data-pick]:hover{transform:translateY(-3px);box-shadow:0 3px 6px rgba(0,0,0,.35)}
.rt-card[data-moved]{outline:3px solid #ff6f00;outline-offset:1px}
.rt-zone{display:inline-block;margin:0 8px 0 0;vertical-align:top;max-width:100%}
.rt-zone-title{font-size:12px;color:#333;font-family:sans-serif;white-space:nowrap;
  overflow:hidden;text-overflow:ellipsis}
.rt-empty{display:inline-block;width:56px;height:76px;margin:1px;border:1px dashed #999;
  border-radius:6px;box-sizing:border-box}
.rt-table{font-size:14px}
.rt-table-head{display:flex;flex-wrap:wrap;gap:2px 16px;align-items:flex-start}
.rt-table-head>div:first-child{flex:0 1 auto;max-width:60%}
.rt-table>b:first-child{display:inline-block;margin:2px 0}
.rt-player{border:1px solid #ccc;border-radius:8px;padding:2px 6px;margin:3px 0;
  display:flex;flex-wrap:wrap;align-items:flex-start;gap:0 4px}
.rt-seat-head{flex:0 0 84px;font-size:13px;line-height:1.25;padding-top:2px;
  overflow-wrap:anywhere}
.rt-player.rt-acting{border:2px solid #1565c0;background:#f3f8ff}
.rt-player.rt-acted{box-shadow:0 0 0 3px #ffb74d}
.rt-to-act{display:inline-block;margin-top:2px;background:#1565c0;color:#fff;
  border-radius:4px;padding:0 5px;font-size:12px;font-weight:bold}
.rt-acted-badge{display:inline-block;background:#ffe0b2;color:#5d2c00;border-radius:4px;
  padding:0 5px;font-size:12px;font-weight:bold;margin-right:3px}
.rt-hand{white-space:nowrap}
.rt-player:not(.rt-expanded) .rt-hand .rt-card+.rt-card{margin-left:-28px}
.rt-player.rt-expanded .rt-hand:has(>.rt-card:nth-child(9)) .rt-card+.rt-card{margin-left:-18px}
@media (max-width:700px){
  .rt-player.rt-expanded .rt-hand{white-space:normal}
  .rt-player.rt-expanded .rt-hand .rt-card+.rt-card{margin-left:1px!important}
}
.rt-hand .rt-card:hover,.rt-hand .rt-card[data-moved]{z-index:4}
/* A junk pile grows all game (15 cards and more): overlapped, it keeps its seat to one row
   and still shows every card's number and colour symbol. */
.rt-junk{white-space:nowrap}
.rt-junk .rt-card+.rt-card{margin-left:-24px}
.rt-junk .rt-card:hover,.rt-junk .rt-card[data-moved]{z-index:4}
.rt-set{display:inline-block;vertical-align:top;margin:0 4px 0 0;padding:2px;
  border:1px solid #bbb;border-radius:6px}
.rt-battle{border:2px solid #c62828;border-radius:8px;padding:3px 6px;margin:3px 0}
.rt-rule{font-size:13px;margin:2px 0}
.rt-rule summary{cursor:pointer;color:#0d47a1}
.rt-error{color:#b71c1c;font-weight:bold}
.rt-ok{color:#1b5e20}
.rt-log table{border-collapse:collapse;font-size:12px}
.rt-log td,.rt-log th{border:1px solid #ddd;padding:2px 5px;text-align:left;vertical-align:top}
/* --- Every word on a card reads whole (issue 25) --- */
/* A card partly under the next one shows only its left strip (28 px in a hand, 32 px in
   a junk pile): its value wraps there ("250" over "K", "10" over its symbol) rather than
   hiding under the next card. */
.rt-player:not(.rt-expanded) .rt-hand .rt-card:not(:last-child) .rt-value,
.rt-junk .rt-card:not(:last-child) .rt-value{font-size:13px;max-width:24px;
  overflow-wrap:normal}
.rt-player.rt-expanded .rt-hand:has(>.rt-card:nth-child(9)) .rt-card:not(:last-child)
  .rt-value{max-width:34px}
/* The value is what a covered card shows; its name, cut to a fragment there, shows when
   the card is hovered (and in its tooltip). */
.rt-player:not(.rt-expanded) .rt-hand .rt-card:not(:last-child):not(:hover):has(>.rt-value:not(:empty)) .rt-name,
.rt-junk .rt-card:not(:last-child):not(:hover):has(>.rt-value:not(:empty)) .rt-name{
  visibility:hidden}
/* --- The cards of the move being composed, and the keyboard's card (issue 25) --- */
/* Three marks told apart by more than colour: a chosen card lifts with a blue ring and a
   tick, a moved card has a solid orange outline, the focused card a dotted black one. */
/* A chosen card is not brought forward: the card after it keeps its value corner in view. */
.rt-card[data-chosen]{transform:translateY(-6px);box-shadow:0 0 0 3px #0d47a1}
.rt-card[data-chosen]::after{content:"\\2713";position:absolute;top:1px;right:1px;
  background:#0d47a1;color:#fff;border-radius:50%;width:16px;height:16px;font-size:12px;
  line-height:16px;text-align:center;font-weight:bold}
.rt-card[data-pick]:hover{z-index:5}
.rt-app .rt-card[data-pick]:focus-visible{outline:3px dotted #111!important;
  outline-offset:3px;z-index:6}
</style>
"""

KIND_NAMES = {"money": "money", "house": "house", "sneaky": "sneaky"}


def breakable(value: str) -> str:
    """A value as '250<wbr>K': where a card lies under the next one, its value may wrap
    before the K rather than hide under the next card."""
    return html.escape(value).replace("K", "<wbr>K", 1) if value.endswith("K") else \
        html.escape(value)


def card_html(face: dict) -> str:
    """One card from a view's face dict; a hidden card becomes a back."""
    if face.get("hidden"):
        return "<div class='rt-card rt-back' title='face down'></div>"
    kind = html.escape(face["kind"])
    value = f"{face['value']}K" if face.get("value") else ""
    name = face.get("name") or face["label"]
    # On the card the value is already printed, and a character number is a small mark.
    shown = name.removesuffix(f" ({value})") if value else name
    mark = KIND_NAMES.get(kind, kind)
    character = re.fullmatch(r"(.*) \(character (\d+)\)", shown)
    if character:
        shown, mark = character.group(1), f"{mark} #{character.group(2)}"
    return (f"<div class='rt-card rt-{kind}' data-card='{html.escape(face['id'])}' "
            f"title='{html.escape(name)}'><span class='rt-value'>{breakable(value)}</span>"
            f"<span class='rt-name'>{html.escape(shown if shown != value else '')}</span>"
            f"<span class='rt-kind'>{html.escape(mark)}</span></div>")


def zone_html(title: str, faces: list[dict], css: str = "", note: str = "") -> str:
    cards = "".join(card_html(f) for f in faces) or "<span class='rt-empty'></span>"
    extra = f" {html.escape(note)}" if note else ""
    return (f"<div class='rt-zone {css}'><div class='rt-zone-title'>{html.escape(title)}"
            f"{extra}</div>{cards}</div>")


def seat_html(seat: int, head: str, acting: bool, body: str) -> str:
    """One seat of the table as one row: its head (the name and standing, already HTML)
    with a "to act" badge when the seat must act, then its zones."""
    badge = "<span class='rt-to-act'>to act</span>" if acting else ""
    return (f"<div class='rt-player{' rt-acting' if acting else ''}' data-seat='{seat}'>"
            f"<div class='rt-seat-head'>{head}{badge}</div>{body}</div>")
