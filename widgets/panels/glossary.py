"""Terms explained where they appear: a glossary term in a text of the app is marked, and
its meaning shows on hover, keyboard focus or a tap, in one tooltip fixed to the window
(widgets.table.table_view draws it; Escape closes it). Only the text between tags is
touched, never a tag or an attribute, and each term is explained once per text."""

from __future__ import annotations

import html
import re

from tutor.core.glossary import Glossary

GLOSSARY_STYLE = """
<style>
.rt-term{border-bottom:2px dotted #0d47a1;cursor:help}
/* The meaning shows in one box fixed to the window (widgets.table.table_view places it), so no
   zone, narration box or phone edge can clip it. Until that script runs, a plain box
   under the word does. */
:root:not(.rt-tips-on) .rt-term{position:relative}
:root:not(.rt-tips-on) .rt-term:hover::after,:root:not(.rt-tips-on) .rt-term:focus::after{
  content:attr(data-means);position:absolute;left:0;top:1.4em;z-index:30;
  width:min(280px,70vw);background:#fffde7;color:#1a1a1a;border:1px solid #8d6e00;
  border-radius:6px;padding:4px 6px;font-size:13px;font-weight:normal;font-style:normal;
  line-height:1.3;white-space:normal}
.rt-tip{position:fixed;z-index:1000;max-width:min(300px,calc(100vw - 16px));
  background:#fffde7;color:#1a1a1a;border:1px solid #8d6e00;border-radius:6px;
  padding:5px 8px;font:13px/1.35 sans-serif;white-space:normal;overflow-wrap:anywhere;
  box-shadow:0 2px 8px rgba(0,0,0,.3);pointer-events:none}
.rt-tip[hidden]{display:none}
</style>
"""
_TAG = re.compile(r"(<[^>]*>)")
# Everyday words that some glossaries list (they have a meaning in the game too) but that
# would underline half of every sentence: they stay in the glossary list, unmarked in text.
EVERYDAY = frozenset({
    "hand", "hands", "see", "sees", "seen", "play", "plays", "played", "take", "takes",
    "took", "action", "money", "house", "houses", "colour", "colours", "choose", "chooses",
    "chose", "draw", "draws", "drawing", "drew", "turn", "turns", "total", "winner",
    "round", "rounds", "bid", "bids", "pass", "passes", "passed", "face down", "face up",
    "turn up", "safe", "window", "beat", "beats", "value", "gain", "card", "cards", "win",
    "wins", "player", "players", "give", "gives", "steal", "steals"})


def explain_terms(markup: str, glossary: Glossary) -> str:
    """``markup`` (escaped HTML) with each glossary term's first appearance marked."""
    if not len(glossary):
        return markup
    seen: set[str] = set()
    parts = _TAG.split(markup)
    inside_code = 0
    for index, part in enumerate(parts):
        if part.startswith("<"):
            name = part[1:].split()[0].rstrip(">").lower() if len(part) > 2 else ""
            if name in ("code", "summary", "a"):
                inside_code += 1
            elif name in ("/code", "/summary", "/a"):
                inside_code = max(0, inside_code - 1)
            continue
        if inside_code or not part:
            continue
        text = html.unescape(part)
        pieces, at = [], 0
        for start, end, term in glossary.find(text):
            if term.term in seen or text[start:end].lower() in EVERYDAY:
                continue
            seen.add(term.term)
            rules = f" ({', '.join(term.rules)})" if term.rules else ""
            means = html.escape(f"{term.term}: {term.means}{rules}", quote=True)
            pieces += [html.escape(text[at:start]),
                       f"<span class='rt-term' tabindex='0' data-means='{means}'>"
                       f"{html.escape(text[start:end])}</span>"]
            at = end
        if pieces:
            parts[index] = "".join(pieces) + html.escape(text[at:])
    return "".join(parts)
