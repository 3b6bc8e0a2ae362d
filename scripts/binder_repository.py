#!/usr/bin/env python3
"""The GitHub repository that the Binder links launch, set in one place.

    python3 scripts/binder_repository.py              # print it; exit 1 if a link differs
    python3 scripts/binder_repository.py OWNER/NAME   # set it and rewrite every link

The setting is the one line of binder/repository. The links that use it are the README's
badge and the docs' Binder links (every ``mybinder.org/v2/gh/OWNER/NAME/`` in LINKED), and
the gallery's link to the teacher's one page (``github.com/OWNER/NAME/blob/``); setting a
new name rewrites them all, so a fork needs only this command.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTING = ROOT / "binder" / "repository"
LINKED = (ROOT / "README.md", ROOT / "docs" / "teaching.md",
          ROOT / "widgets" / "pages" / "gallery.py")
# A Binder launch (".../gh/OWNER/NAME/HEAD?...") or a page of this repository on GitHub
# (".../OWNER/NAME/blob/..."); links to other projects on GitHub are left alone.
LINK = re.compile(r"(mybinder\.org/v2/gh/|github\.com/)([^/\s)]+/[^/\s)]+)(/HEAD|/blob/)")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+")


def current() -> str:
    return SETTING.read_text(encoding="utf-8").strip()


def linked_names() -> dict[Path, set[str]]:
    """Each linking file's Binder repository names (a file may hold several links)."""
    return {path: {m.group(2) for m in LINK.finditer(path.read_text(encoding="utf-8"))}
            for path in LINKED}


def set_repository(name: str) -> None:
    if not NAME.fullmatch(name):
        raise SystemExit(f"'{name}' is not a GitHub OWNER/NAME (for example ada/rulebook-tutor)")
    SETTING.write_text(name + "\n", encoding="utf-8")
    for path in LINKED:
        text = path.read_text(encoding="utf-8")
        path.write_text(LINK.sub(lambda m: m.group(1) + name + m.group(3), text),
                        encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        raise SystemExit(__doc__)
    if argv:
        set_repository(argv[0])
    name = current()
    print(f"Binder links launch github.com/{name}")
    wrong = {path.relative_to(ROOT): names - {name}
             for path, names in linked_names().items() if names - {name}}
    for path, names in wrong.items():
        print(f"{path} links {', '.join(sorted(names))} instead: run "
              f"python3 scripts/binder_repository.py {name}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
