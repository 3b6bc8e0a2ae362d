"""Reading the tutor's own data files: rules, glossaries, card lists and worked examples
are YAML, written by hand.

PyYAML's pure-Python reader is slow: in the browser (the static site, where there is no
libyaml) reading the five games' files took about a fifth of a second at every start.
So two faster ways in, both giving the very value the YAML reads as:

- where libyaml is installed (a Voila server), its reader (``SAFE_LOADER``);
- a *compiled twin* beside a file: ``rules.yaml.json`` next to ``rules.yaml``, holding
  the file's value as JSON and the SHA-256 of the exact text it was compiled from.
  ``scripts/build_static.py`` writes twins into the wheel the static site carries. A twin
  is used only while its file's text is the one it was compiled from, so an edited file
  is read afresh, never shadowed by a stale twin.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

TWIN_SUFFIX = ".json"


def safe_loader():
    """PyYAML's safe loader class: libyaml's where installed, else the pure-Python one."""
    import yaml   # only when a file has no twin

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    """The value of the YAML file at ``path``, from its compiled twin where there is one
    made from this very text."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    twin = read_twin(path, text)
    if twin is not None:
        return twin["value"]
    import yaml

    return yaml.load(text, Loader=safe_loader())


def twin_path(path: Path) -> Path:
    """Where the compiled twin of the file at ``path`` lives: beside it."""
    return path.with_name(path.name + TWIN_SUFFIX)


def read_twin(path: Path | None, text: str) -> dict | None:
    """The compiled twin of the file at ``path`` if it was compiled from exactly ``text``
    (a dict with its ``value`` and whatever else the compiler kept), else None."""
    if path is None:
        return None
    try:
        twin = json.loads(twin_path(Path(path)).read_text(encoding="utf-8"))
    except (OSError, ValueError):   # no twin (the usual case outside the static site)
        return None
    if not isinstance(twin, dict) or twin.get("sha256") != _digest(text):
        return None
    return twin


def twin_text(text: str, value: Any, **extra: Any) -> str:
    """A compiled twin's content for a file whose ``text`` reads as ``value``; ``extra``
    keeps anything else its reader needs. Refuses a value that JSON would change (a date,
    a key that is not text), which must keep being read from the YAML."""
    twin = {"sha256": _digest(text), "value": value, **extra}
    try:
        written = json.dumps(twin, ensure_ascii=False, separators=(",", ":"))
    except TypeError as error:   # a set, a date
        raise ValueError(f"this value cannot be written as JSON ({error})") from None
    if json.loads(written) != twin:   # a key that is not text, say
        raise ValueError("this value does not survive JSON unchanged")
    return written


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
