"""A browser for every game's numbered clauses, rulings and worked examples.

Everything shown here comes from files (rules.yaml, the scenario files and their names),
so every text is escaped: a file named ``<img src=x onerror=...>.yaml`` reads as its name."""

from __future__ import annotations

import html

import ipywidgets as w

from tutor import scenario
from tutor.coverage import coverage
from tutor.games import GAMES, scenario_dir
from widgets.pages.links import Link, page


def shown_in_html(game_id: str, steps) -> str:
    """Links to the example steps that show a clause (or a note that none does yet)."""
    if not steps:
        return " <small class='rt-not-shown'>(no example shows it yet)</small>"
    links = ", ".join(
        f"<a href='{html.escape(page(game_id) + Link(example=stem, step=number).query())}'"
        f" target='_blank'>{html.escape(stem)} step {number}</a>" for stem, number in steps)
    return f" <small class='rt-shown-in'>Shown in: {links}</small>"


def clauses_html(game) -> str:
    shown = coverage(game.id).shown_by
    parts = []
    for section, clauses in game.rules.sections().items():
        items = []
        for c in clauses:
            where = shown_in_html(game.id, shown.get(c.id, ()))
            if c.is_ruling:
                items.append(f"<li class='ruling'><b>{html.escape(c.id)}</b> <i>ruling: "
                             f"{html.escape(c.title)}</i>. {html.escape(c.text)}"
                             f"<br><small>Why: {html.escape(c.reason)}</small>{where}</li>")
            else:
                items.append(f"<li><b>{html.escape(c.id)}</b> {html.escape(c.text)}"
                             f"{where}</li>")
        parts.append(f"<h4>{html.escape(section)}</h4><ul>{''.join(items)}</ul>")
    return "".join(parts)


# The page's notebook styles float each <dt> to the left of the next <dd>: a term that
# takes two lines then pushes every later meaning one row down, beside the wrong term.
# Each entry is one block here, its term above its meaning.
GLOSSARY_STYLE = """<style>
.rt-glossary{margin:0}
.rt-glossary-entry{margin:0 0 8px 0;overflow:hidden}
.rt-glossary dt{float:none!important;width:auto!important;text-align:left!important;
  margin:0!important;padding:0!important}
.rt-glossary dd{float:none!important;margin:0 0 0 18px!important;padding:0!important}
</style>"""


def glossary_html(game) -> str:
    """Every term of the game's glossary with its meaning and clauses, each term and its
    meaning kept together in one block."""
    if not len(game.glossary):
        return "<p>No glossary yet.</p>"
    rows = "".join("<div class='rt-glossary-entry'>"
                   f"<dt><b>{html.escape(t.term)}</b>"
                   + (f" <small>({html.escape(', '.join(t.forms))})</small>" if t.forms else "")
                   + f"</dt><dd>{html.escape(t.means)}"
                   + (f" <small>{html.escape(', '.join(t.rules))}</small>" if t.rules else "")
                   + "</dd></div>" for t in sorted(game.glossary, key=lambda t: t.term))
    return f"{GLOSSARY_STYLE}<dl class='rt-glossary'>{rows}</dl>"


def examples_html(game_id: str) -> str:
    rows = []
    for path in sorted(scenario_dir(game_id).glob("*.yaml")):
        command = f"<code>python -m tutor replay {html.escape(path.name)}</code>"
        try:
            example = scenario.load(path)
        except scenario.ScenarioError as error:  # a teacher's file with a mistake
            rows.append(f"<li class='rt-error'>{html.escape(str(error))} ({command})</li>")
            continue
        rows.append(f"<li><b>{html.escape(example.title)}</b>: "
                    f"{html.escape(example.summary)} ({len(example.steps)} steps; "
                    f"{command})</li>")
    return f"<ul>{''.join(rows)}</ul>" if rows else "<p>No worked examples yet.</p>"


class RulesBrowser(w.VBox):
    """Pick a game; read its rules, rulings and the list of worked examples."""

    def __init__(self, game_id: str | None = None):
        options = [(f"{g.title} ({g.player_counts[0]}-{g.player_counts[-1]} players)", g.id)
                   for g in GAMES.values()]
        self.game_picker = w.Dropdown(options=options, value=game_id or options[0][1],
                                      description="Game")
        self.rules = w.HTML()
        self.examples = w.HTML()
        self.glossary = w.HTML()
        self.coverage = w.HTML()
        self.game_picker.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([self.game_picker, w.HTML("<h3>Worked examples</h3>"), self.examples,
                          w.HTML("<h3>Rules and rulings</h3>"), self.coverage, self.rules,
                          w.HTML("<h3>Glossary</h3>"), self.glossary])
        self.show(self.game_picker.value)

    def show(self, game_id: str) -> None:
        self.rules.value = clauses_html(GAMES[game_id])
        self.examples.value = examples_html(game_id)
        self.glossary.value = glossary_html(GAMES[game_id])
        self.coverage.value = (f"<p>The worked examples show "
                               f"{html.escape(coverage(game_id).summary())}.</p>")
