"""Coaching in a game against bots: advice for the learner's seat, as a hint.

The advice is the heuristic bot's choice for the learner's seat (the same bot, the same
seed, the same position give the same move), never the smallest legal move:

1. :func:`advice` with ``level=1``: the move the bot would make in the learner's place
   and the bot's reason, turned to speak to the learner ("Bid 250K: Villa is worth about
   300K to you ..."). The bot decides from what the seat sees, so its reason names
   nothing the learner cannot see.
2. ``level=2``: the move itself, ready for the composer, with what it would do (the
   level-2 hint of :mod:`tutor.hints` for that move).

Bots write their reasons about themselves ("bids 250K: ... worth ... to it"); the
learner reads them in the second person through :func:`to_learner`, which relies on
one convention the bots keep: in a private reason "it", "its" and "itself" speak of the
bot's seat only (tests/test_coach.py checks it for every game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.bots import make_bot
from tutor.core.game import Game
from tutor.core.state import State
from tutor.core.wording import sentence
from tutor.hints import LEVELS, hints

BOT_KIND = "heuristic"

# A reason's first words that do not turn into a command by dropping the "s".
_OPENINGS = {"is done": "say done"}
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go"}
# Words after "it" that end in "s" but are not verbs.
_NOT_VERBS = {"as", "was", "this", "less", "plus", "us"}


@dataclass(frozen=True)
class Advice:
    """Advice for one seat. ``move`` is the advised move (the same at both levels) and
    ``move_text`` how the seat reads it; ``text`` is what the learner reads: at level 1
    the move and why, at level 2 the move to play and what it does. ``rules`` are the
    ids of the clauses to show with it."""

    level: int
    move: object
    move_text: str
    text: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


def advice(game: Game, state: State, seat: int, level: int = 1,
           seed: int = 0) -> Advice | None:
    """Advice for ``seat`` at ``state`` (None if the seat may not act now), from the
    game's heuristic bot with this ``seed`` (a game against bots passes the seed its
    bots were made with). Raises ValueError for a level other than 1 or 2."""
    if level not in LEVELS:
        raise ValueError(f"advice levels are 1 (the move and why) and 2 (the move to "
                         f"play), not {level}")
    if not game.legal_moves(state, seat):
        return None
    choice = make_bot(game, BOT_KIND, seed).choose(game, state, seat)
    move_text = game.format_move_for(state, seat, choice.move, seat)
    if level == 1:
        rules = tuple(r for r in game.move_rules(choice.move) if r in game.rules)[:1]
        return Advice(1, choice.move, move_text, sentence(to_learner(choice.reason)), rules)
    (concrete,) = hints(game, state, seat, level=2, book=choice.move)
    return Advice(2, concrete.move, concrete.move_text, concrete.text, concrete.rules)


def to_learner(reason: str) -> str:
    """A bot's reason about itself, said to the learner in its seat: "bids 250K: Villa
    is worth 300K to it" -> "bid 250K: Villa is worth 300K to you"."""
    opening, rest = _opening(reason)
    rest = re.sub(r"\bits\b", "your", rest)
    rest = re.sub(r"\bitself\b", "yourself", rest)
    rest = re.sub(r"\bit((?: (?:usually|still|only|already|then|also))?) ([a-z]+)\b",
                  lambda m: f"you{m.group(1)} {_verb_after_it(m.group(2))}", rest)
    rest = re.sub(r"\bit\b", "you", rest)
    return opening + rest


def _opening(reason: str) -> tuple[str, str]:
    """(the reason's first verb as a command, the rest)."""
    for said, command in _OPENINGS.items():
        if reason.startswith(said):
            return command, reason[len(said):]
    first = re.match(r"[a-z]*", reason).group()
    return _base(first), reason[len(first):]


def _verb_after_it(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _NOT_VERBS or not word.endswith("s"):
        return word
    return _base(word)


def _base(verb: str) -> str:
    """A verb of the third person without its "s": passes -> pass, bids -> bid."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb

