"""What the app tells the learner in words: what the last move moved, the step's
narration with the rules it cites, what happened in the learner's own line, the rules
cited so far, the scores, and the learner's line beside the book's.

Each is a function of the session objects and the seat viewing (None: all-seeing), and
returns escaped HTML; widgets.app puts it in its widgets. Nothing here changes a game.
"""

from __future__ import annotations

import html

from tutor.core.game import Game
from tutor.session import (LEARNER, WITHHELD_STEP, Branch, Turn, Walkthrough,
                           compare_lines)
from widgets.panels.glossary import explain_terms
from widgets.panels.panels import table_html
from widgets.table.changes import change_lines


def last_move_html(players, seat: int, changes, seen: dict) -> str:
    """What the last move (by ``seat``) moved ('Studentenkamer from the house for sale to
    Frank's houses'), above the narration until the next step replaces it; the table
    marks the same cards and the seat that moved."""
    faces = {f["id"]: f.get("name") or f["label"] for cards in seen["zones"].values()
             for f in cards if "id" in f}
    moved = change_lines(changes, faces)
    who = html.escape(players[seat])
    said = (f"by {who}: no card moved." if not moved else
            f"by {who}, cards moved: {html.escape('; '.join(moved))}.")
    return f"<div class='rt-last'><b>Last move</b> {said}</div>"


def step_html(book: Walkthrough, seer: int | None, glossary,
              practicing: bool = False, in_parts: bool = False) -> str:
    """The book's step shown (or its setup): the narration as the seat viewing may read
    it (:meth:`Walkthrough.narration_for`) and the events, with the game's words
    explained, then the step's clauses folded. The clause texts stay plain (they are
    read one at a time, and explained words in each of them made a step's page several
    KB larger). ``practicing``: the learner makes the moves, so there is no Next to
    press. ``in_parts``: the events are shown part by part beside it
    (widgets.panels.step_parts), so not here."""
    step = book.step
    if step is None:
        head = f"<b>{html.escape(book.title_for(seer))}</b>"
        invite = "" if practicing else \
            "<p><i>Press Next (or the right arrow key) to see the first move.</i></p>"
        return explain_terms(
            f"{head}<p>{html.escape(book.narration_for(seer))}</p>{invite}", glossary)
    if step.jump:   # no move: the game goes on from a later position
        return explain_terms(f"<b>Step {step.number}: a later position</b>"
                             f"<p>{html.escape(book.narration_for(seer))}</p>", glossary)
    events = "" if in_parts else "<ul>" + "".join(
        f"<li>{html.escape(e.text)} <small>[{e.rule}]</small></li>"
        for e in step.events_for(seer)) + "</ul>"
    if step.words_safe_for(seer):
        said = f"<p>{html.escape(book.narration_for(seer))}</p>"
    else:   # the engine's account is the events listed here: say it once, with rules
        said = f"<p><i>{html.escape(WITHHELD_STEP.format(name=step.before.players[seer]))}" \
               f"</i></p>"
    rules = "".join(f"<details class='rt-rule'><summary>{c.id}</summary>"
                    f"{html.escape(c.describe())}</details>" for c in step.rules)
    return explain_terms(f"<b>Step {step.number}: {html.escape(step.who)}: "
                         f"<code>{html.escape(step.move_text_for(seer))}</code></b>"
                         f"{said}{events}", glossary) + rules


def branch_html(game: Game, branch: Branch, seer: int | None) -> str:
    """What happened in the learner's line since their last decision: their move and
    the answers, who moves next, and the end of the game."""
    players = branch.state.players
    origin = (f"You branched off the book at step {branch.base}."
              if branch.book else "Free play.")
    lines = [f"<b>Your own line.</b> {origin}"]
    waiting = branch.bot_to_act()
    if waiting is not None:
        lines.append(f"<i>{html.escape(players[waiting])} (a bot) moves next.</i>")
    if seer is None and any(c == LEARNER for c in branch.controllers.values()):
        lines.append("<span class='rt-seat-note'>You are viewing all-seeing: every "
                     "hidden card is shown face up.</span>")
    outcome = game.outcome(branch.state)
    if outcome:
        lines.append(f"<b>Game over: {html.escape(outcome.explanation)}</b>")
    # The newest move first, in full, where the eye lands; the earlier ones of this
    # round folded under it (a few bot moves filled the box and pushed it out of view).
    told = [_turn_html(players, turn, seer) for turn in branch.recent_turns()]
    if told:
        lines.append("<div class='rt-newest'>" + told[-1] + "</div>")
    if len(told) > 1:
        earlier = "".join(f"<div>{text}</div>" for text in reversed(told[:-1]))
        lines.append(f"<details class='rt-earlier'><summary>{len(told) - 1} earlier "
                     f"move{'s' if len(told) > 2 else ''}, newest first</summary>"
                     f"{earlier}</details>")
    return explain_terms("<br>".join(lines), game.glossary)


def newest_move_html(branch: Branch | None, seer: int | None) -> str:
    """The newest move of the learner's line by someone else, in one short paragraph
    shown just above the composer on a phone (where the narration is a screen above):
    what the learner answers stays beside what they answer to."""
    if not branch or not branch.turns[branch.base:] or branch.turns[-1].by == LEARNER:
        return ""
    turn = branch.turns[-1]
    who = html.escape(branch.state.players[turn.ply.seat])
    reason = turn.reason_for(seer)
    why = f": {html.escape(reason)}" if reason else ""
    return (f"<div class='rt-latest-move'><b>Just now</b> {who} played "
            f"<code>{html.escape(turn.text_for(seer))}</code>{why}</div>")


def _turn_html(players, turn: Turn, seer: int | None) -> str:
    """One move of the learner's line: who played what, the reason a bot gave, and what
    it made happen."""
    who = html.escape(players[turn.ply.seat])
    reason = turn.reason_for(seer)
    by = f" <i>({turn.by}: {html.escape(reason)})</i>" if reason else ""
    lines = [f"{who}: <code>{html.escape(turn.text_for(seer))}</code>{by}"]
    lines += [f"&nbsp;&nbsp;{html.escape(e.text)} <small>[{e.rule}]</small>"
              for e in turn.events_for(seer)]
    return "<br>".join(lines)


def score_rows(game: Game, units: dict, state) -> list[dict]:
    """The scoreboard, each column written in its unit (widgets.games)."""
    return [{k: units[k](v) if k in units else v for k, v in row.items()}
            for row in game.scoreboard(state)]


def comparison_html(game: Game, units: dict, branch: Branch | None,
                    seer: int | None) -> str:
    """The learner's line beside the book's: the standings at the end of each, then the
    two lines move by move from the branch point."""
    if not (branch and branch.book):
        return ("<p>Play from any step of an example to compare your line with the "
                "book's.</p>")
    book = branch.book
    players = branch.state.players
    moves = compare_lines(players, book.match.plies, branch.turns, branch.base, viewer=seer)
    mine = {r["player"]: r for r in score_rows(game, units, branch.state)}
    theirs = {r["player"]: r for r in score_rows(game, units, book.match.state)}
    # One row per player and measure, the two lines side by side: four columns fit the
    # narrow column beside the table (a column per measure and line did not).
    standings = [{"player": name if index == 0 else "", "": column,
                  "book": theirs[name][column], "yours": mine[name][column]}
                 for name in players
                 for index, column in enumerate(c for c in mine[name] if c != "player")]
    return ("<b>Standings at the end of each line</b>"
            + table_html(standings, "")
            + f"<b>Move by move from step {branch.base}</b>"
            + table_html(moves, "Neither line has a move after the branch point yet."))


def rules_cited_html(game: Game, turns: list[Turn], book_steps=()) -> str:
    """The clauses cited so far, by the moves' events and by the book's steps shown,
    each folded to be read on a click."""
    cited = dict.fromkeys(e.rule for t in turns for e in t.ply.events)
    for step in book_steps:
        cited.update(dict.fromkeys(c.id for c in step.rules))
    parts = [f"<details class='rt-rule'><summary>{html.escape(cid)}</summary>"
             f"{html.escape(game.rules[cid].describe())}</details>"
             for cid in cited if cid in game.rules]
    return ("<p>The rules cited so far (click one to read it):</p>" + "".join(parts)
            if parts else "<p>No rule cited yet: step on.</p>")
