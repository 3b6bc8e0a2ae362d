"""Links to an exact place in an app: ``?example=four_players&step=7&view=Lisa``.

Voila hands the page's query string to the kernel as the QUERY_STRING environment
variable (a preheated kernel, started before any page asked for it, waits for the page
first: see ``wait_for_page``); a page of the static site, whose kernel runs in the
browser, sets the same variable before the notebook runs (scripts/build_static.py).
Parameters: ``game`` (for the gallery notebook), ``example`` (a scenario name, or
``free`` for free play), ``step``, ``view`` (a player's name or ``teacher``), and for
free play ``players`` and ``seed``, and ``lesson`` (any value: the gallery opens the game's
"Learn to play" lesson, widgets.pages.lesson). Anything unknown or malformed is reported as a notice
and ignored, so a bad link still opens the app at the start.
"""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlencode

from tutor.core.rng import SEED_LIMIT
from widgets.pages.kernel import freeze_built_objects

KNOWN = ("game", "example", "step", "view", "players", "seed", "lesson")
NUMBERS = ("step", "players", "seed")
FREE = "free"
TEACHER = "teacher"
# Under Voila a page is its notebook, NAME.ipynb; the static site (scripts/build-static.sh,
# Python in the browser) has built each notebook into the page NAME.html beside the others.
PAGE_SUFFIX = ".html" if sys.platform == "emscripten" else ".ipynb"


def page(notebook: str) -> str:
    """The address of a notebook's page, from another page of the tutor."""
    return notebook + PAGE_SUFFIX


@dataclass
class Link:
    """What a link asks for, read leniently; ``notices`` says what was not understood."""

    game: str | None = None
    example: str | None = None
    step: int | None = None
    view: str | None = None
    players: int | None = None
    seed: int | None = None
    lesson: str | None = None
    notices: list[str] = field(default_factory=list)

    def query(self) -> str:
        """The query string that leads back here (only the parameters that are set)."""
        pairs = [(name, getattr(self, name)) for name in KNOWN]
        return "?" + urlencode([(k, v) for k, v in pairs if v is not None])


WHOLE_NUMBER = re.compile(r"-?[0-9]+")  # ASCII digits only: '²' is no step number
MAX_DIGITS = 16  # no step, player count or seed is longer
MAX_LENGTH = 100  # no example or player name is longer


_page_arrived = False


def page_pending() -> bool:
    """Whether this is a preheated kernel whose page has not been requested yet (work done
    now is done before any student waits for it)."""
    return not _page_arrived and os.environ.get("VOILA_PREHEAT") == "True"


def wait_for_page() -> None:
    """Block until this kernel's page has been requested, when Voila preheated it.

    A preheated kernel runs the notebook before any student opens it, so the link's query
    string is not there yet; Voila sends it (with the rest of the request) once a page
    takes the kernel. Outside a preheated kernel this returns at once."""
    global _page_arrived
    if not page_pending():
        freeze_built_objects()   # the page is built up to here
        return
    from voila.utils import wait_for_request  # only preheated kernels pay for the import

    freeze_built_objects()   # all that is built and imported before the page is the kernel's

    # Voila gives up, silently, when its socket to the server does not open within 5 s or
    # closes while the kernel waits (as on a server starting a class's pool of kernels);
    # the request then never arrives and the app would open at the start instead of the
    # step the link names. The request sets QUERY_STRING (empty without a query), so ask
    # again until it has: the server keeps a request that arrived while nobody listened.
    wait_for_request()
    while "QUERY_STRING" not in os.environ:
        time.sleep(1)  # the server is busy: do not add to it
        wait_for_request()
    _page_arrived = True  # Voila sends the request once: a second wait would never end


def read_link(query: str | None = None) -> Link:
    """Parse a query string (default: this kernel's, from Voila). Never fails: a value the
    app cannot use is left unset (the app then starts where it would without it), and a
    notice says what was ignored and why."""
    if query is None:   # this kernel's page
        wait_for_page()
        query = os.environ.get("QUERY_STRING", "")
    link = Link()
    values = parse_qs(str(query).lstrip("?"), keep_blank_values=True)
    for name, given in values.items():
        value = given[-1].strip()
        if name not in KNOWN:
            link.notices.append(f"the link's {_shown(name)} is not something the app knows "
                                f"(it knows {', '.join(KNOWN)}): ignored")
            continue
        if len(given) > 1:
            link.notices.append(f"the link gives {name} {len(given)} times: the last one, "
                                f"{_shown(value)}, counts")
        if not value:
            link.notices.append(f"the link's {name} is empty: ignored")
        elif len(value) > MAX_LENGTH:
            link.notices.append(f"the link's {name} {_shown(value)} is too long (at most "
                                f"{MAX_LENGTH} characters): ignored")
        elif name in NUMBERS:
            number, problem = _whole_number(name, value)
            if problem:
                link.notices.append(problem)
            else:
                setattr(link, name, number)
        else:
            setattr(link, name, value)
    return link


def _whole_number(name: str, value: str) -> tuple[int | None, str]:
    """The number a link's value gives, or why it gives none."""
    if not WHOLE_NUMBER.fullmatch(value):
        return None, f"the link's {name} {_shown(value)} is not a whole number: ignored"
    if len(value.lstrip("-")) > MAX_DIGITS:  # also keeps int() under Python's digit limit
        return None, (f"the link's {name} {_shown(value)} is too long a number (at most "
                      f"{MAX_DIGITS} digits): ignored")
    number = int(value)
    if name == "seed" and not 0 <= number < SEED_LIMIT:
        return None, (f"the link's seed {number} is not a seed (0 to {SEED_LIMIT - 1:,}): "
                      "ignored")
    return number, ""


def _shown(value: str) -> str:
    """A link's value for a notice: quoted, and short whatever its length."""
    return repr(value if len(value) <= 40 else value[:37] + "...")
