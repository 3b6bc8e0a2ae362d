"""Cards drawn as cards: HTML for a face (value, name, kind) or a back.

Everything here takes the faces of a per-seat view (see tutor.core.views), so a card a
seat cannot see arrives as {"hidden": True} and is drawn as a back: nothing else about it
is in the page.
"""

from __future__ import annotations

import html

STYLE = """
<style>
.rt-card{display:inline-flex;flex-direction:column;justify-content:space-between;
  width:64px;height:88px;margin:2px;padding:4px;border-radius:7px;border:1px solid #555;
  box-sizing:border-box;font-family:sans-serif;vertical-align:top;background:#fff;
  box-shadow:1px 1px 2px rgba(0,0,0,.25)}
.rt-card .rt-value{font-size:17px;font-weight:bold}
.rt-card .rt-name{font-size:10px;line-height:1.1}
.rt-card .rt-kind{font-size:9px;text-transform:uppercase;color:#444}
.rt-card.rt-money{background:#e8f4e4;border-color:#2e7d32}
.rt-card.rt-house{background:#fff3e0;border-color:#e65100}
.rt-card.rt-sneaky{background:#ede7f6;border-color:#4527a0}
.rt-card.rt-back{background:repeating-linear-gradient(45deg,#37474f,#37474f 6px,#546e7a 6px,
  #546e7a 12px);border-color:#263238}
.rt-zone{display:inline-block;margin:2px 10px 2px 0;vertical-align:top}
.rt-zone-title{font-size:11px;color:#333;font-family:sans-serif}
.rt-empty{display:inline-block;width:64px;height:88px;margin:2px;border:1px dashed #aaa;
  border-radius:7px;box-sizing:border-box}
.rt-player{border:1px solid #ccc;border-radius:8px;padding:6px;margin:4px 0}
.rt-player.rt-acting{border:2px solid #1565c0;background:#f3f8ff}
.rt-house-bid{outline:2px solid #e65100;border-radius:6px;padding:2px}
.rt-sneaky-bid{outline:2px dashed #4527a0;border-radius:6px;padding:2px}
.rt-card.rt-offer{background:#fff8e1;border-color:#b8860b}
.rt-colour{padding:1px 6px;border-radius:4px;font-weight:bold}
.rt-winning .rt-card{outline:3px solid #1565c0;outline-offset:1px}
.rt-trick{border:1px dashed #999;border-radius:8px;padding:6px;margin:6px 0}
.rt-set{display:inline-block;vertical-align:top;margin:2px 6px 2px 0;padding:3px;
  border:1px solid #bbb;border-radius:6px}
.rt-set-turned .rt-card{width:88px;height:64px}
.rt-set-top{border:2px solid #c62828;background:#fff5f5}
.rt-set-safe{border:2px solid #2e7d32}
.rt-battle{border:2px solid #c62828;border-radius:8px;padding:6px;margin:6px 0}
.rt-rule{font-size:13px;margin:2px 0}
.rt-rule summary{cursor:pointer;color:#1565c0}
.rt-error{color:#b71c1c;font-weight:bold}
.rt-ok{color:#2e7d32}
.rt-log table{border-collapse:collapse;font-size:12px}
.rt-log td,.rt-log th{border:1px solid #ddd;padding:2px 5px;text-align:left;vertical-align:top}
.rt-sn-slot{display:inline-flex;flex-direction:column;align-items:center;margin:2px;
  padding:2px;border-radius:8px;vertical-align:top}
.rt-sn-slot.rt-sn-faces-holder{background:#e3f2fd}
.rt-sn-slot.rt-sn-faces-away{background:#fff3e0}
.rt-sn-pos{font-size:11px;font-weight:bold;font-family:sans-serif}
.rt-sn-caption{font-size:9px;font-family:sans-serif;color:#333;max-width:70px;text-align:center}
.rt-card.rt-sn-jones{background:#e8f5e9;border-color:#1b5e20}
.rt-card.rt-sn-effect{background:#f3e5f5;border-color:#6a1b9a}
.rt-sn-stand-in{font-size:8px;color:#888;font-style:italic}
.rt-sn-deck-note{font-size:12px;color:#6d4c41;margin:2px 0}
.rt-sn-status{border:2px solid #6a1b9a;border-radius:8px;padding:4px 6px;margin:6px 0}
.rt-card.rt-sq-down{outline:2px dashed #37474f;outline-offset:-3px;opacity:.85}
</style>
"""

KIND_NAMES = {"money": "money", "house": "house", "sneaky": "sneaky"}


def card_html(face: dict) -> str:
    """One card from a view's face dict; a hidden card becomes a back."""
    if face.get("hidden"):
        return "<div class='rt-card rt-back' title='face down'></div>"
    kind = html.escape(face["kind"])
    value = f"{face['value']}K" if face.get("value") else ""
    name = face.get("name") or face["label"]
    return (f"<div class='rt-card rt-{kind}' data-card='{html.escape(face['id'])}' "
            f"title='{html.escape(name)}'><span class='rt-value'>{value}</span>"
            f"<span class='rt-name'>{html.escape(name if name != value else '')}</span>"
            f"<span class='rt-kind'>{KIND_NAMES.get(kind, kind)}</span></div>")


def zone_html(title: str, faces: list[dict], css: str = "", note: str = "") -> str:
    cards = "".join(card_html(f) for f in faces) or "<span class='rt-empty'></span>"
    extra = f" {html.escape(note)}" if note else ""
    return (f"<div class='rt-zone {css}'><div class='rt-zone-title'>{html.escape(title)}"
            f"{extra}</div>{cards}</div>")
