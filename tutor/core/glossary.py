"""A game's glossary: the terms a learner meets in its texts, each defined in the tutor's
own words with the clauses it comes from. The data lives beside the rules, in each
game's ``glossary.yaml``::

    terms:
      - term: sneaky bid
        forms: [sneaky bids]
        means: A bid on the money other players have laid out, not on the house.
        rules: [SB-4.1]

``Glossary.find`` locates the terms in a text, longest form first, so that views can
explain them where they appear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.core.datafile import read_yaml
from tutor.core.rules import Rules


@dataclass(frozen=True)
class Term:
    term: str
    means: str
    forms: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()


class GlossaryError(ValueError):
    """A glossary file that does not read as the format above."""


class Glossary:
    def __init__(self, terms: list[Term]):
        self.terms = tuple(terms)
        by_form = {}
        for term in self.terms:
            for form in (term.term, *term.forms):
                by_form.setdefault(form.lower(), term)
        self._by_form = by_form
        forms = sorted(by_form, key=len, reverse=True)
        self._pattern = (re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, forms))
                                    + r")(?![\w-])", re.IGNORECASE) if forms else None)

    @classmethod
    def load(cls, path: Path | None, rules: Rules) -> "Glossary":
        """The glossary in ``path`` (an empty one if there is no file), each clause id
        checked against ``rules``."""
        if path is None or not path.exists():
            return cls([])
        data = read_yaml(path) or {}
        entries = data.get("terms") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise GlossaryError(f"{path}: expected 'terms:' with a list of terms")
        terms = []
        for number, entry in enumerate(entries, 1):
            where = f"{path}: term {number}"
            if not isinstance(entry, dict) or not all(
                    isinstance(entry.get(key), str) and entry[key].strip()
                    for key in ("term", "means")):
                raise GlossaryError(f"{where}: needs a 'term' and what it 'means', as text")
            forms, ids = entry.get("forms") or [], entry.get("rules") or []
            if not all(isinstance(f, str) and f.strip() for f in forms):
                raise GlossaryError(f"{where} ({entry['term']}): 'forms' must be a list of "
                                    "texts")
            unknown = [i for i in ids if not isinstance(i, str) or i not in rules]
            if unknown:
                raise GlossaryError(f"{where} ({entry['term']}): no clause "
                                    f"{', '.join(map(str, unknown))} in the rules")
            terms.append(Term(entry["term"].strip(), entry["means"].strip(),
                              tuple(f.strip() for f in forms), tuple(ids)))
        return cls(terms)

    def to_markdown(self) -> str:
        """The terms as a Markdown section (for the end of docs/rules), A to Z."""
        terms = sorted(self, key=lambda t: t.term.lower())
        if not terms:
            return ""
        lines = ["## Glossary", ""]
        for term in terms:
            rules = f" ({', '.join(term.rules)})" if term.rules else ""
            lines.append(f"- **{term.term}**: {term.means}{rules}")
        return "\n".join(lines) + "\n"

    def __len__(self) -> int:
        return len(self.terms)

    def __iter__(self):
        return iter(self.terms)

    def find(self, text: str) -> list[tuple[int, int, Term]]:
        """(start, end, term) of every term in ``text``, left to right, not overlapping."""
        if self._pattern is None:
            return []
        return [(m.start(), m.end(), self._by_form[m.group(1).lower()])
                for m in self._pattern.finditer(text)]
