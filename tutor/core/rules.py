"""Rules as data: numbered clauses in the project's own words, and rulings.

Each game ships a ``rules.yaml``::

    game: sneaky_bastard
    title: Sneaky Bastard
    sections:
      - title: Setting up
        clauses:
          - {id: SB-1.1, text: "..."}
    rulings:
      - {id: SB-R1, title: "...", text: "...", reason: "..."}

Rejections, events and narration cite clause ids; the app shows the clause on demand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.core.datafile import read_yaml


@dataclass(frozen=True)
class Clause:
    id: str
    section: str
    text: str
    title: str = ""
    reason: str = ""       # only rulings have one

    @property
    def is_ruling(self) -> bool:
        return bool(self.reason)

    def describe(self) -> str:
        """The clause as one paragraph for a reader."""
        head = f"{self.id} (ruling: {self.title})" if self.is_ruling else self.id
        tail = f" Why: {self.reason}" if self.is_ruling else ""
        return f"{head}: {self.text}{tail}"


class Rules:
    """The clauses of one game, in rulebook order, looked up by id."""

    def __init__(self, title: str, clauses: list[Clause]):
        self.title = title
        self.clauses = {c.id: c for c in clauses}
        if len(self.clauses) != len(clauses):
            raise ValueError(f"{title}: two clauses share an id")

    @classmethod
    def load(cls, path: Path) -> "Rules":
        doc = read_yaml(Path(path))
        clauses = [Clause(c["id"], section["title"], c["text"].strip())
                   for section in doc["sections"] for c in section["clauses"]]
        clauses += [Clause(r["id"], "Rulings", r["text"].strip(), r["title"],
                           r["reason"].strip())
                    for r in doc.get("rulings", [])]
        return cls(doc["title"], clauses)

    def __getitem__(self, clause_id: str) -> Clause:
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise KeyError(f"{self.title} has no rule {clause_id!r}") from None

    def __contains__(self, clause_id: str) -> bool:
        return clause_id in self.clauses

    def __iter__(self):
        return iter(self.clauses.values())

    def sections(self) -> dict[str, list[Clause]]:
        grouped: dict[str, list[Clause]] = {}
        for clause in self:
            grouped.setdefault(clause.section, []).append(clause)
        return grouped

    def rulings(self) -> list[Clause]:
        return [c for c in self if c.is_ruling]

    def to_markdown(self) -> str:
        lines = [f"# {self.title}: rules and rulings", "",
                 "Generated from the game's `rules.yaml` by `python -m tutor rules GAME --markdown`;",
                 "the clause ids are the ones the tutor cites.", ""]
        for section, clauses in self.sections().items():
            lines += [f"## {section}", ""]
            for c in clauses:
                if c.is_ruling:
                    lines += [f"- **{c.id}: {c.title}.** {c.text}", f"  *Why:* {c.reason}"]
                else:
                    lines.append(f"- **{c.id}** {c.text}")
            lines.append("")
        return "\n".join(lines)
