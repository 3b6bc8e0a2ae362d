"""A recap after a finished game: the final standings, why the winner won, and the turning
points, as small immutable values and plain sentences for one seat's view.

Everything comes from the engine and the game's record (a :class:`~tutor.core.match.Match`):

- the standings and winners are :meth:`Game.outcome`'s;
- why the winner won is the outcome's explanation with the deciding rule: the rule of the
  event that ended the game (the engine cites the clause that decided it: most house
  value, or the tie broken by money...), and that clause's text;
- the turning points are the moves of the record that changed the standings most, in the
  measure the outcome counts (the scoreboard column whose final values are the outcome's
  scores): a move that changed who leads first, then the biggest swings in the winner's
  margin over the best of the others.

Every text is made for ``viewer`` (a seat, or None for the all-seeing teacher): moves and
events are read through ``Ply.text_for`` / ``Ply.events_for``, so a recap never names a
card that seat could not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.game import Game
from tutor.core.match import Match
from tutor.core.state import State
from tutor.core.wording import joined, sentence

MOST_TURNING_POINTS = 3


@dataclass(frozen=True)
class Standing:
    """One player's place at the end (1 = first; players who tie share a place)."""

    place: int
    seat: int
    player: str
    score: float


@dataclass(frozen=True)
class TurningPoint:
    """A move of the record that changed the standings: ``number`` is its move number
    (1 = the first move of the record, as in the move log), ``text`` says what happened
    and how the standings moved."""

    number: int
    seat: int
    text: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Recap:
    """The recap of a finished game for one view. ``measure`` is the scoreboard column
    the outcome counts ("house value", "score"...), or "" if none matches; ``rule`` is
    the id of the deciding clause and ``rule_text`` its words."""

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]
    why: str
    rule: str
    rule_text: str
    measure: str
    turning_points: tuple[TurningPoint, ...]

    def sentences(self) -> tuple[str, ...]:
        """The recap as plain sentences: standings, why, then the turning points."""
        unit = f" ({self.measure})" if self.measure else ""
        places = "; ".join(f"{s.place}. {s.player} {_number(s.score)}"
                           for s in self.standings)
        said = [f"Final standings{unit}: {places}.", sentence(self.why)]
        if self.rule:
            said.append(f"The deciding rule, {self.rule}: {sentence(self.rule_text)}")
        if self.turning_points:
            said.append("Turning points:")
            said += [point.text for point in self.turning_points]
        return tuple(said)


def recap(game: Game, match: Match, viewer: int | None = None) -> Recap:
    """The recap of ``match``, a finished game of ``game``, as ``viewer`` may read it.

    Raises ValueError if the game is not over yet."""
    final = match.state
    outcome = game.outcome(final)
    if outcome is None:
        raise ValueError("the game is not over yet: a recap comes after the last move")
    players = final.players
    standings = tuple(Standing(1 + sum(other > score for other in outcome.scores), seat,
                               players[seat], score)
                      for seat, score in sorted(enumerate(outcome.scores),
                                                key=lambda pair: (-pair[1], pair[0])))
    rule, rule_text = _deciding_rule(game, match)
    measure = _measure(game, match.states, outcome.scores)
    points = _turning_points(game, match, measure, outcome.winners, viewer) if measure \
        else ()
    return Recap(standings, tuple(outcome.winners), outcome.explanation, rule, rule_text,
                 measure, points)


def _deciding_rule(game: Game, match: Match) -> tuple[str, str]:
    """The rule of the event that ended the game (the engine's last event of the last
    move) and its clause's text."""
    if not match.plies or not match.plies[-1].events:
        return "", ""
    rule = match.plies[-1].events[-1].rule
    return rule, game.rules[rule].text if rule in game.rules else ""


def _values(game: Game, state: State, measure: str) -> list:
    return [row[measure] for row in game.scoreboard(state)]


def _measure(game: Game, states: list[State], scores) -> str:
    """The scoreboard column whose final values are the outcome's scores (of several,
    the one that moves most often through the game), or ""."""
    final = game.scoreboard(states[-1])
    found = [name for name in final[0] if name != "player"
             and [row[name] for row in final] == list(scores)]
    if not found:
        return ""

    def changes(name):
        values = [_values(game, state, name) for state in states]
        return sum(a != b for a, b in zip(values, values[1:]))
    return max(found, key=lambda name: (changes(name), -found.index(name)))


def _leaders(values) -> frozenset[int]:
    best = max(values)
    return frozenset(seat for seat, value in enumerate(values) if value == best)


def _margin(values, winner: int) -> float:
    others = [value for seat, value in enumerate(values) if seat != winner]
    return values[winner] - max(others) if others else values[winner]


def _turning_points(game: Game, match: Match, measure: str, winners,
                    viewer: int | None) -> tuple[TurningPoint, ...]:
    players = match.players
    winner = winners[0] if winners else 0
    series = [_values(game, state, measure) for state in match.states]
    ranked = []
    for index, ply in enumerate(match.plies):
        before, after = series[index], series[index + 1]
        if before == after:
            continue
        lead_changed = _leaders(before) != _leaders(after)
        swing = abs(_margin(after, winner) - _margin(before, winner))
        ranked.append(((lead_changed, swing, -index), index))
    chosen = sorted(index for _, index in sorted(ranked, reverse=True)[:MOST_TURNING_POINTS])
    points = []
    for index in chosen:
        ply = match.plies[index]
        before, after = series[index], series[index + 1]
        events = ply.events_for(viewer)
        changed = [seat for seat in range(len(players)) if before[seat] != after[seat]]
        moved = [f"{players[seat]} goes from {_number(before[seat])} to "
                 f"{_number(after[seat])} in {measure}" for seat in changed]
        leaders = _leaders(after)
        if _leaders(before) != leaders:
            names = joined(players[seat] for seat in sorted(leaders))
            moved.append(f"{names} {'leads' if len(leaders) == 1 else 'share the lead'}")
        said = [sentence(e.text) for e in _telling(events, players, changed, before, after)]
        if not said:
            said = [f"{players[ply.seat]} plays {ply.text_for(viewer)}."]
        text = f"Move {index + 1}: {' '.join(said)} {sentence(joined(moved))}"
        points.append(TurningPoint(index + 1, ply.seat, text,
                                   tuple(dict.fromkeys(e.rule for e in events))))
    return tuple(points)


def _telling(events, players, changed, before, after) -> list:
    """The events that tell a turning point: the move's own (the first), and the first
    later one that names the player whose standing moved most (a payment, a sale)."""
    if not events:
        return []
    mover = max(changed, key=lambda seat: (abs(after[seat] - before[seat]), -seat))
    later = next((e for e in events[1:] if players[mover] in e.text), None)
    return [events[0]] + ([later] if later is not None else [])


def _number(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)

