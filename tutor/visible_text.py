"""Text from a file, made safe to print or show: its invisible characters made visible.

A scenario file is untrusted text (an upload, a file passed around a class). Printed as
it stands, an ESC sequence in a title changes a terminal's title and colours, a
right-to-left override (U+202E) makes a line read backwards, and a zero-width space hides
a difference between two names that look the same. :func:`visible` writes each such
character as its code instead (``\\x1b``, ``U+202E``), so the reader sees that it is
there and nothing acts on it. Everything the command line prints from a file, and every
:class:`tutor.scenario.ScenarioError` message, goes through it.
"""

from __future__ import annotations

import unicodedata

# Unicode's general categories of characters that do something instead of showing a
# glyph: controls (ESC, carriage return, the C1 block), formats (bidi overrides and
# isolates, zero-width spaces and joiners, the byte order mark), line and paragraph
# separators, surrogates left by a broken encoding, and code points not assigned yet.
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Cs", "Cn"}

# A line break and a tab are layout a text may hold (a narration of two lines); every
# other control is shown.
KEPT = {"\n", "\t"}


def is_invisible(char: str) -> bool:
    """Whether ``char`` acts on a terminal or the text's direction rather than showing."""
    return char not in KEPT and unicodedata.category(char) in INVISIBLE_CATEGORIES


def written_out(char: str) -> str:
    """A character as its code: ``\\x1b`` for a control below U+0100, else ``U+202E``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"U+{code:04X}"


def visible(text: str, keep_line_breaks: bool = True) -> str:
    """``text`` with every invisible character written out as its code (see the module
    docstring); ``keep_line_breaks`` False writes out line breaks and tabs too, for a
    text that must stay on one line (a title in a list)."""
    return "".join(written_out(char) if is_invisible(char) or (
        not keep_line_breaks and char in KEPT) else char for char in str(text))


def has_invisible(text: str) -> bool:
    """Whether :func:`visible` would change ``text`` (line breaks and tabs aside)."""
    return any(is_invisible(char) for char in str(text))
