"""What a game's quiz generators build questions with: the question and grade values and
the helpers that make a multiple-choice question from an engine's answer.

A generator (``(game, state, seat, rng) -> Question | None``) lives in its game's
``quiz.py`` and is declared in the game's spec (:class:`tutor.core.spec.GameSpec`); it
imports only this module and the core. :mod:`tutor.quiz` asks the questions, grades the
answers and builds worksheets and quiz sessions from the generators.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable

from tutor.core.game import Game
from tutor.core.state import State
from tutor.core.views import view


@dataclass(frozen=True)
class Question:
    """One multiple-choice question about a position, asked of ``seat``.

    ``choices[answer]`` is the one correct choice; ``clause`` is the rule id the answer
    rests on and ``why`` one sentence saying why it is right."""

    game: str
    kind: str
    seat: int
    prompt: str
    choices: tuple[str, ...]
    answer: int
    clause: str
    why: str

    @property
    def correct(self) -> str:
        return self.choices[self.answer]

    def to_json(self) -> dict:
        return {"game": self.game, "kind": self.kind, "seat": self.seat,
                "prompt": self.prompt, "choices": list(self.choices),
                "answer": self.answer, "correct": self.correct, "clause": self.clause,
                "why": self.why}


@dataclass(frozen=True)
class Grade:
    """A learner's choice marked: right or not, with the right choice and why."""

    right: bool
    picked: str
    correct: str
    clause: str
    why: str


Generator = Callable[[Game, State, int, random.Random], "Question | None"]

YES = "Yes, it is allowed"


def make_question(game: Game, kind: str, seat: int, prompt: str, answer: str,
                  distractors, clause: str, why: str, rng: random.Random,
                  most: int = 4) -> Question | None:
    """A question with ``answer`` among up to ``most`` choices, the others drawn from
    ``distractors`` (duplicates and copies of the answer dropped), in an order ``rng``
    shuffles. None when no distractor is left: a question with one choice asks nothing."""
    others = list(dict.fromkeys(str(d) for d in distractors if str(d) != str(answer)))
    if not others:
        return None
    others = rng.sample(others, min(len(others), most - 1))
    choices = others + [str(answer)]
    rng.shuffle(choices)
    return by_ruling(game, Question(game.id, kind, seat, prompt, tuple(choices),
                                    choices.index(str(answer)), clause, why))


def by_ruling(game: Game, question: Question) -> Question:
    """The question as it must be asked when its answer rests on one of the tutor's
    rulings (its clause is one): the prompt says so first, and the why names the
    ruling, so a learner who reads the rulebook otherwise is not marked wrong for the
    book's words."""
    clause = game.rules[question.clause] if question.clause in game.rules else None
    if clause is None or not clause.is_ruling:
        return question
    said = f"By the tutor's ruling {clause.id} ({clause.title.lower()})"
    if question.prompt.startswith(said):
        return question
    prompt = f"{said}: {question.prompt}"
    why = (f"{question.why} This rests on the tutor's ruling {clause.id}, where the "
           f"rulebook says nothing or says otherwise.")
    return replace(question, prompt=prompt, why=why)


def seen_cards(game: Game, state: State, seat: int, zone: str) -> list[dict]:
    """The faces of the cards in ``zone`` that ``seat`` sees (the others left out), read
    from the seat's view (:func:`tutor.core.views.view`). Generators read a hand or a
    private pile through this, never from ``state.zones``: a question is then made from
    what the seat can know, whatever lies face down elsewhere."""
    return [face for face in view(game, state, seat)["zones"].get(zone, []) if "id" in face]


def sentence(text: str) -> str:
    """``text`` as one sentence: a capital first letter and one full stop at the end."""
    text = text.strip().rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."


@dataclass(frozen=True)
class Reason:
    """One way a move could be refused, in plain words, and whether it holds here.

    ``text`` says a fact of the position ("Cleo has only one set, and the bottom set is
    safe"); ``holds`` is whether that fact is true now, read from what the seat sees. A
    false one is a wrong choice that teaches the rule; a true one must be the engine's
    refusal, or the question would have two right answers."""

    clause: str
    text: str
    holds: bool

    @property
    def choice(self) -> str:
        return f"No: {self.text} ({self.clause})"


def legality_question(game: Game, state: State, seat: int, move, kind: str, prompt: str,
                      allowed_clause: str, rng: random.Random, reasons,
                      allowed_why: str | None = None) -> Question | None:
    """'May this seat make this move now?': yes, or no for one reason. The answer is
    ``game.check``.

    Every choice is in plain words with its rule (``reasons``, see :class:`Reason`),
    and exactly one is true: the question is left out (None) when a reason other than
    the engine's refusal also holds, or when the engine and the reasons disagree. The
    why of a "yes" is ``allowed_why``, about what the question asks."""
    return _reasoned_question(game, state, seat, move, kind, prompt, allowed_clause, rng,
                              list(reasons), game.check(state, seat, move), allowed_why)


def _reasoned_question(game, state, seat, move, kind, prompt, allowed_clause, rng,
                       reasons, rejection, allowed_why) -> Question | None:
    holding = [r for r in reasons if r.holds]
    if rejection is None:
        if holding:     # the reasons say no where the engine says yes: ask nothing
            return None
        answer, clause = YES, allowed_clause
        why = sentence(f"Yes: {allowed_why}" if allowed_why else "Yes, it is allowed now")
    else:
        mine = [r for r in holding if r.clause == rejection.rule]
        if len(holding) != 1 or not mine:
            return None     # two true answers, or a refusal the reasons do not name
        answer, clause = mine[0].choice, rejection.rule
        why = sentence(f"No: {rejection.reason}")
    distractors = list(dict.fromkeys(r.choice for r in reasons if not r.holds))
    if rejection is not None:   # "yes" is always on offer when the answer is no
        distractors = [YES] + rng.sample(distractors, min(2, len(distractors)))
    return make_question(game, kind, seat, prompt, answer, distractors, clause, why, rng)


def near_amounts(amount: int, steps, low: int = 0) -> list[int]:
    """Amounts one step away from ``amount`` (each of ``steps`` up and down), not below
    ``low``: the wrong answers of a learner who miscounts by one card."""
    near = []
    for step in steps:
        near += [amount + step, amount - step]
    return [n for n in dict.fromkeys(near) if n >= low and n != amount]
