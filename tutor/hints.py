"""Hints from the engine: "what can I do now?" for the seat that must act.

Two levels, both computed from the engine and never written per step:

1. :func:`hints` with ``level=1``: the kinds of move open to the seat, one
   :class:`Hint` per move class of ``game.legal_moves``, each with the clauses that
   govern it (:meth:`Game.move_rules`) and, where the engine can give one, a concrete
   bound:

   - a move whose cards add up (a bid): the least the seat's cards can make, found by
     checking candidates with ``game.check`` (the engine's own representatives and the
     hand's cards added one by one in increasing value, then each cut down card by card
     while it stays legal), with the refusal of a smaller one as the limit ("a bid must
     beat the highest bid, 100K (Lisa) ...; the least your cards make: bid 100K+25K");
   - a move that names one card of the hand: the cards that are allowed now, with the
     refusal of one that is not ("Fred must follow green ..."), and what a bare move
     lacks (a declaration the rules ask for).

2. ``level=2``: one concrete legal move, as the seat reads it, with what it would do.

Every text is made for the acting seat: cards are named only from the seat's view
(:func:`tutor.core.views.view`), moves through ``format_move_for(..., viewer=seat)``
and previews through :func:`tutor.core.views.verdict_for`, so a hint never names a card
the seat cannot see.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass

from tutor.bots import make_bot
from tutor.core.game import Game, Rejection
from tutor.core.rules import Clause
from tutor.core.state import State
from tutor.core.views import WITHHELD, verdict_for, view
from tutor.core.wording import joined, plural

LEVELS = (1, 2)
# A hint says how many moves of a kind are open only up to this many: "6 options" helps a
# learner weigh a choice, "48 options" or "2700 options" tells nothing (issue 33, B8).
MOST_OPTIONS_SAID = 20


@dataclass(frozen=True)
class Hint:
    """One hint for the acting seat.

    ``kind`` names the kind of move in words ("bid", "play sneaky"); ``clauses`` are
    the clauses to show with it, the kind's own clause first, then the clause of its
    limit, if any; ``options`` is how many legal moves of this kind the seat has, the
    same cards in another order counted once (None where there are too many to count:
    the hint then gives no number rather than a wrong one; its text says the number only
    up to :data:`MOST_OPTIONS_SAID`). ``move`` (a value the
    composer or ``Practice.judge`` takes) and ``move_text`` (the move as the seat reads
    it) are a move to show: level 2's concrete move, or at level 1 the least move of a
    kind whose cards add up (the bound of a bid); else None and ""."""

    level: int
    kind: str
    text: str
    clauses: tuple[Clause, ...]
    options: int | None = 0
    move: object | None = None
    move_text: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        """The ids of :attr:`clauses`."""
        return tuple(clause.id for clause in self.clauses)

    def __str__(self) -> str:
        return self.text


def offered(move) -> bool:
    """Whether a hint may offer this kind of move: not one the rules forbid and only
    punish (a move class says so with ``OFFERED = False``)."""
    return getattr(type(move), "OFFERED", True)


def kind_name(move) -> str:
    """The kind of a move in words, from its class: PlaySneaky -> 'play sneaky'."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(move).__name__).lower()


def hints(game: Game, state: State, seat: int, level: int = 1,
          kind: type | None = None, book=None) -> list[Hint]:
    """The hints for ``seat`` at ``state`` (empty if the seat may not act now).

    Level 1: one hint per kind of move open to the seat, in the engine's order; a kind
    the rules punish (``OFFERED = False`` on its class, as a peek) is not offered.
    Level 2: one concrete legal move: ``book`` (the book's move, in practice) when it
    is legal, else one of class ``kind`` when the seat has one, else the heuristic
    bot's choice (what the seat sees is all it uses), else the engine's first."""
    if level not in LEVELS:
        raise ValueError(f"hint levels are 1 (kinds of move) and 2 (one move), "
                         f"not {level}")
    moves = [move for move in game.legal_moves(state, seat) if offered(move)]
    if not moves:
        return []
    if level == 2:
        return [_concrete(game, state, seat, moves, kind, book)]
    groups: dict[type, list] = {}
    for move in moves:
        groups.setdefault(type(move), []).append(move)
    forced = game.forced(state, seat)
    return [_kind_hint(game, state, seat, group, forced if len(groups) == 1 else None)
            for group in groups.values()]


# -- level 1 -------------------------------------------------------------------------------

def _clauses(game: Game, ids) -> tuple[Clause, ...]:
    return tuple(game.rules[i] for i in dict.fromkeys(ids) if i and i in game.rules)


def _kind_hint(game: Game, state: State, seat: int, group: list,
               forced: Rejection | None) -> Hint:
    sample = group[0]
    own = [r for r in game.move_rules(sample) if r in game.rules] or \
        [r for r in game.phase_rules(state) if r in game.rules]
    main = own[:1]
    name = kind_name(sample)
    limits: list[Rejection] = []
    extra, least, least_text = "", None, ""
    if forced is not None:
        limits.append(forced)
    else:
        found = _total_bound(game, state, seat, group)
        if found:
            limits, least = found
            if least is not None:
                least_text = game.format_move_for(state, seat, least, seat)
                extra = f"The least your cards make: {least_text}."
        else:
            found = _card_bound(game, state, seat, group)
            if found:
                limits, extra = found
    head = f"{name[0].upper()}{name[1:]} ({', '.join(main)})" if main else \
        f"{name[0].upper()}{name[1:]}"
    sentences = [head + "."]
    sentences += [_sentence(f"{_limit_words(limit, least)} ({limit.rule})")
                  for limit in limits]
    if extra:
        sentences.append(extra)
    options = game.count_moves(state, seat, type(sample))   # the engine's count
    if not extra and forced is None and options is not None and \
            1 < options <= MOST_OPTIONS_SAID:
        sentences.append(f"{plural(options, 'option')}.")
    clauses = _clauses(game, main + [limit.rule for limit in limits])
    return Hint(1, name, " ".join(sentences), clauses, options, least, least_text)


def _limit_words(limit: Rejection, least) -> str:
    """The limit as the hint says it. The refusal of a total bound is the engine's answer
    to a smaller move the hint tried, not one the seat made: its last part ("Frank's
    would total 100K", when Frank has nothing down) is left out, as the hint names the
    least move that passes right after it."""
    if least is None:
        return limit.reason
    return limit.reason.split("; ")[0]


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _seen_faces(game: Game, state: State, seat: int) -> dict[str, list[dict]]:
    """The faces the seat sees, zone by zone (hidden cards left out)."""
    seen = view(game, state, seat)["zones"]
    return {zone: [face for face in faces if "label" in face] for zone, faces in seen.items()}


def _hand_labels(faces: dict[str, list[dict]], seat: int) -> list[str]:
    return [face["label"] for face in faces.get(f"hand:{seat}", [])]


def _total_bound(game: Game, state: State, seat: int, group: list):
    """For a move whose ``cards`` add up (one card more or less keeps a legal one
    legal, as with a bid): the refusal of the next smaller total as the limit, and the
    least legal move the seat's cards make (None when no cards are needed).

    The totals the seat's cards can make are worked out once (a table of sums over the
    cards, not a list of every subset); the least legal one is then found by bisection
    with ``game.check``, and the next smaller one is checked to give the limit."""
    sample = group[0]
    if not dataclasses.is_dataclass(sample) or "cards" not in \
            {f.name for f in dataclasses.fields(sample)}:
        return None
    faces = _seen_faces(game, state, seat)
    value = {face["label"]: face.get("value") for zone in faces.values() for face in zone}
    if any(not value.get(label) for move in group for label in move.cards):
        return None
    counts = Counter(label for label in _hand_labels(faces, seat) if value.get(label))
    for move in group:
        for label, count in Counter(move.cards).items():
            counts[label] = max(counts[label], count)
    if not counts:
        return None

    def check(template, cards) -> Rejection | None:
        return game.check(state, seat, dataclasses.replace(template, cards=tuple(cards)))

    template = next((move for move in group if _adds_up(move, counts, check)), None)
    if template is None:
        return None  # one card more or less is refused: a set or a deal, not a sum
    if check(template, ()) is None:
        return [], None  # the move needs no cards at all
    sums = _sums(counts, value)
    totals = sorted(sums)
    low, high = 0, len(totals)   # the least legal total, as legality grows with it
    while low < high:
        middle = (low + high) // 2
        if check(template, sums[totals[middle]]) is None:
            high = middle
        else:
            low = middle + 1
    if low == len(totals):
        return None
    limits = []
    if low > 0:
        refusal = check(template, sums[totals[low - 1]])
        if refusal is not None:
            limits.append(refusal)
    return limits, dataclasses.replace(template, cards=sums[totals[low]])


def _adds_up(move, counts: Counter, check) -> bool:
    """Whether one card more (from the seat's cards) or one card less keeps ``move``
    legal: the mark of a move whose cards count by their total."""
    cards = list(move.cards)
    left = counts - Counter(cards)
    if any(check(move, cards + [label]) is None for label in left):
        return True
    return len(cards) > 1 and any(check(move, cards[:i] + cards[i + 1:]) is None
                                  for i in range(len(cards)))


def _sums(counts: Counter, value: dict) -> dict[int, tuple[str, ...]]:
    """Every total above nothing that the cards can make, each with one choice of
    cards that makes it."""
    sums: dict[int, tuple[str, ...]] = {0: ()}
    for label in sorted(counts, key=value.get, reverse=True):
        for _ in range(counts[label]):
            for reached, cards in list(sums.items()):
                sums.setdefault(reached + value[label], cards + (label,))
    del sums[0]
    return sums


def _card_bound(game: Game, state: State, seat: int, group: list):
    """For a move that names one card of the hand: the cards allowed now, the refusal
    of one that is not, and what a bare move (no optional parts) lacks."""
    sample = group[0]
    if not dataclasses.is_dataclass(sample):
        return None
    fields = {f.name: f for f in dataclasses.fields(sample)}
    if "card" not in fields:
        return None
    hand = list(dict.fromkeys(_hand_labels(_seen_faces(game, state, seat), seat)))
    allowed = list(dict.fromkeys(move.card for move in group if move.card is not None))
    if not allowed or not set(allowed) <= set(hand):
        return None  # the cards come from elsewhere (a collection), not the hand
    limits: list[Rejection] = []
    refused = [label for label in hand if label not in allowed]
    plain = min(group, key=lambda move: sum(getattr(move, f) != fields[f].default
                                            for f in fields if f != "card"))
    for label in refused:
        refusal = game.check(state, seat, dataclasses.replace(plain, card=label))
        if refusal is not None:
            limits.append(refusal)
            break
    bare = _bare(sample, fields)
    if bare is not None and bare not in group:
        refusal = game.check(state, seat, bare)
        if refusal is not None and all(refusal != limit for limit in limits):
            limits.append(refusal)
    if not refused and not limits:
        return None
    extra = f"Allowed now: {joined(allowed)}." if refused else ""
    return limits, extra


def _bare(move, fields):
    """The move with every optional part at its default, or None if it has none."""
    optional = {name: f.default for name, f in fields.items()
                if f.default is not dataclasses.MISSING and name != "card"}
    if not optional:
        return None
    return dataclasses.replace(move, **optional)


# -- level 2 -------------------------------------------------------------------------------

def _concrete(game: Game, state: State, seat: int, moves: list, kind: type | None,
              book) -> Hint:
    move = _chosen(game, state, seat, moves, kind, book)
    # The engine's own copy of the move: it knows the position, so its clauses are the
    # ones that govern it here (a steal cites the Nasty loss it decides), where a move
    # read from a scenario's text cannot know them.
    move = next((legal for legal in moves if legal == move), move)
    text = game.format_move_for(state, seat, move, seat)
    verdict = verdict_for(game, state, seat, move, seat)
    if verdict.text == f"{WITHHELD}.":
        # The preview keeps a card the seat cannot see a secret; say so of this move.
        said = (f" After `{text}` a card you cannot see now is turned up, so what "
                f"happens next shows once you play it.")
    else:
        said = f" {_sentence(verdict.text)}" if verdict.text else ""
    own = [r for r in game.move_rules(move) if r in game.rules][:1]
    return Hint(2, kind_name(move), f"You could play `{text}`.{said}",
                _clauses(game, own), 1, move, text)


def _chosen(game: Game, state: State, seat: int, moves: list, kind: type | None, book):
    if book is not None and game.check(state, seat, book) is None:
        return book
    if kind is not None:
        of_kind = next((m for m in moves if type(m) is kind), None)
        if of_kind is not None:
            return of_kind
    try:
        choice = make_bot(game, "heuristic").choose(game, state, seat).move
    except (KeyError, ValueError):
        choice = None
    if choice is not None and offered(choice) and game.check(state, seat, choice) is None:
        return choice
    return moves[0]


def _plain_tuple(value) -> bool:
    """A tuple of card names or of positions (not of pairs)."""
    return isinstance(value, tuple) and all(isinstance(v, (str, int)) for v in value)
