"""The test game, High Card, installed for a test the way a game shipped as a package of
its own would be: its folder (the ``high_card`` package and the ``high_card-1.0.dist-info``
that declares its spec and its view as entry points) goes on ``sys.path``, and the
registry reads the installed metadata again. Nothing shared names the game.

    with installed():
        get_game("high_card")
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from tutor.core import registry

HOME = str(Path(__file__).parent)
GAME_ID = "high_card"


@contextmanager
def installed():
    """High Card registered for the duration of the block (nested blocks are fine)."""
    added = HOME not in sys.path
    if added:
        sys.path.insert(0, HOME)
    registry.refresh()
    try:
        yield GAME_ID
    finally:
        if added:
            sys.path.remove(HOME)
        registry.refresh()
