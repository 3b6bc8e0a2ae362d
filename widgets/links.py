"""Links to an exact place in an app: ``?example=four_players&step=7&view=Lisa``.

Voila hands the page's query string to the kernel as the QUERY_STRING environment
variable (a preheated kernel, started before any page asked for it, waits for the page
first: see ``wait_for_page``). Parameters: ``game`` (for the gallery notebook), ``example`` (a scenario name,
or ``free`` for free play), ``step``, ``view`` (a player's name or ``teacher``), and for
free play ``players`` and ``seed``. Anything unknown or malformed is reported as a notice
and ignored, so a bad link still opens the app at the start.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlencode

KNOWN = ("game", "example", "step", "view", "players", "seed")
FREE = "free"
TEACHER = "teacher"


@dataclass
class Link:
    """What a link asks for, read leniently; ``notices`` says what was not understood."""

    game: str | None = None
    example: str | None = None
    step: int | None = None
    view: str | None = None
    players: int | None = None
    seed: int | None = None
    notices: list[str] = field(default_factory=list)

    def query(self) -> str:
        """The query string that leads back here (only the parameters that are set)."""
        pairs = [(name, getattr(self, name)) for name in KNOWN]
        return "?" + urlencode([(k, v) for k, v in pairs if v is not None])


_page_arrived = False


def wait_for_page() -> None:
    """Block until this kernel's page has been requested, when Voila preheated it.

    A preheated kernel runs the notebook before any student opens it, so the link's query
    string is not there yet; Voila sends it (with the rest of the request) once a page
    takes the kernel. Outside a preheated kernel this returns at once."""
    global _page_arrived
    if _page_arrived or os.environ.get("VOILA_PREHEAT") != "True":
        return
    from voila.utils import wait_for_request  # only preheated kernels pay for the import

    wait_for_request()
    _page_arrived = True  # Voila sends the request once: a second wait would never end


def read_link(query: str | None = None) -> Link:
    """Parse a query string (default: this kernel's page's, from Voila)."""
    if query is None:
        wait_for_page()
        query = os.environ.get("QUERY_STRING", "")
    link = Link()
    values = parse_qs(query.lstrip("?"), keep_blank_values=True)
    for name, given in values.items():
        value = given[-1].strip()
        if name not in KNOWN:
            link.notices.append(f"the link's '{name}' is not something the app knows "
                                f"(it knows {', '.join(KNOWN)}): ignored")
        elif name in ("step", "players", "seed"):
            if value.lstrip("-").isdigit():
                setattr(link, name, int(value))
            else:
                link.notices.append(f"the link's {name} '{value}' is not a whole number: "
                                    "ignored")
        elif value:
            setattr(link, name, value)
    return link
