"""Every refusal names the rule the move breaks (issue 13).

For every game, from positions in every phase (each worked example's states and a few
hundred positions of seeded random play), every seat that may act tries every kind of
move the notation has: moves legal somewhere in the game (formatted, with the player
names of the position) and a few texts per game that are never legal. Each refusal must
cite a clause linked to that kind of move (``Game.move_rules``) or to the phase under way
(``Game.phase_rules``), never the turn-order clause, and a text that reads as a move is
never a notation error.
"""

from __future__ import annotations

import random
import re
import pytest

from tutor import GAMES, get_game
from tutor.core.game import NotationError
from tutor.games import scenario_dir
from tutor.session import Walkthrough

RANDOM_GAMES = 10          # seeded random games per game, spread over the player counts
POSITIONS_PER_GAME = 20    # positions kept from each of them
SAMPLES_PER_KIND = 4       # texts tried per kind of move by a seat that may act
SAMPLES_WAITING = 1        # ... and by a seat that may not

# Texts no legal-move list ever offers, per game: moves the rules always refuse or that
# are only open in rare positions. "{1}" stands for another player's name.
NEVER_OFFERED = {
    "sneaky_bastard": ["bid", "bid 0K", "bid 10K", "bid 500K+500K+500K", "sneaky",
                       "sneaky 10K", "pass", "wait", "bid House 850K"],
    "bargain_hunter": ["bargain green 6", "bargain offer", "play green 7",
                       "play offer", "play red 3 trump lower", "clean 3", "clean offer",
                       "skip"],
    "cover_your_assets": ["pass", "give up", "answer Gold", "answer Jewels",
                          "discard Piano", "set Jewels+Jewels", "set Gold+discard",
                          "challenge {1} with Gold"],
    "sell_me_a_sasquatch": ["done", "last chance", "accept", "reverse", "steal nothing",
                            "choose {1}", "flip {1} 1",
                            "thingamabob Platonic Isolator from {1}",
                            "thingamabob Detrital Repositioner on {1} 1",
                            "thingamabob Spectroelectric Optimeter on {1} 1"],
    "sneaky_snakes": ["play 1", "point {1} 1", "answer play", "answer yours",
                      "discard 1+2", "skip", "peek 1", "steal {1} 1", "give 1 to {1}",
                      "swap 1 with {1} 1", "swap hands with {1}", "turn 1", "battle",
                      "share"],
}


def _example_states(game):
    states = []
    for path in sorted(scenario_dir(game.id).glob("*.yaml")):
        states += Walkthrough.load(path).match.states
    return states


def _random_states(game):
    states = []
    counts = list(game.player_counts)
    for index in range(RANDOM_GAMES):
        chooser = random.Random(index)
        players = tuple(f"P{i + 1}" for i in range(counts[index % len(counts)]))
        state = game.new_state(players, seed=index)
        line = [state]
        while game.to_act(state) and len(line) < 2000:
            seat = chooser.choice(game.to_act(state))
            state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
            line.append(state)
        step = max(1, len(line) // POSITIONS_PER_GAME)
        states += line[::step]
    return states


def _generic(text: str, players) -> str:
    """A move text with the player names replaced by their seats ({0}, {1}, ...)."""
    for seat, name in sorted(enumerate(players), key=lambda p: -len(p[1])):
        text = re.sub(rf"\b{re.escape(name)}\b", f"{{{seat}}}", text)
    return text


def _texts_by_kind(game, states) -> dict[str, set[str]]:
    """Every move legal for any seat in these states, in notation with generic names,
    grouped by the move's kind."""
    kinds: dict[str, set[str]] = {}
    for state in states:
        for seat in range(state.num_players):
            for move in game.legal_moves(state, seat):
                text = _generic(game.format_move(state, seat, move), state.players)
                kinds.setdefault(type(move).__name__, set()).add(text)
    return kinds


def _tries(game, state, seat, kinds, rng, samples):
    others = [state.players[(seat + k) % state.num_players]
              for k in range(state.num_players)]
    for texts in kinds.values():
        for generic in rng.sample(texts, min(samples, len(texts))):
            try:
                yield generic.format(*others)
            except IndexError:   # names a seat this player count does not have
                continue
    for generic in NEVER_OFFERED[game.id]:
        yield generic.format(*others)


def sweep(game):
    """(positions tried, refusals checked, of them refusals of a seat that may act,
    problems found)."""
    states = _example_states(game) + _random_states(game)
    kinds = {kind: sorted(texts) for kind, texts in _texts_by_kind(game, states).items()}
    rng = random.Random(13)
    problems, refusals, acting_refusals = [], 0, 0
    for state in states:
        acting = game.to_act(state)
        for seat in range(state.num_players):
            samples = SAMPLES_PER_KIND if seat in acting else SAMPLES_WAITING
            for text in _tries(game, state, seat, kinds, rng, samples):
                where = f"{state.players[seat]} tries {text!r}"
                try:
                    move = game.parse_move(state, seat, text)
                except NotationError as error:
                    problems.append(f"{where}: notation error {error}")
                    continue
                rejection = game.check(state, seat, move)
                if rejection is None:
                    continue
                refusals += 1
                if game.id == "sell_me_a_sasquatch" and state.num_players == 2 and \
                        "buyer" in rejection.reason:
                    problems.append(f"{where}: a two-player game has no buyer: {rejection}")
                if seat not in acting:
                    continue   # the turn order may answer a seat that may not act
                acting_refusals += 1
                allowed = set(game.move_rules(move)) | set(game.phase_rules(state))
                if rejection.rule == game.turn_rule:
                    problems.append(f"{where}: the turn-order clause answers: {rejection}")
                elif rejection.rule not in allowed:
                    problems.append(f"{where}: {rejection} cites none of "
                                    f"{sorted(allowed)} ({type(move).__name__})")
    return len(states), refusals, acting_refusals, problems


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_kind_of_move_names_the_clauses_that_govern_it(game_id):
    game = get_game(game_id)
    states = _example_states(game)
    kinds = {type(game.parse_move(s, seat, game.format_move(s, seat, m)))
             for s in states for seat in range(s.num_players)
             for m in game.legal_moves(s, seat)}
    for kind in kinds:
        rules = kind.RULES
        assert rules, f"{kind.__name__} declares no clauses"
        for rule in rules:
            assert rule in game.rules, f"{kind.__name__} cites unknown clause {rule}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_cites_a_clause_of_the_move_or_of_the_phase(game_id):
    positions, refusals, acting_refusals, problems = sweep(get_game(game_id))
    assert acting_refusals > 1000, "the sweep refused almost nothing: it tried too little"
    unique = list(dict.fromkeys(problems))
    assert not unique, f"{len(unique)} problems, e.g.:\n" + "\n".join(unique[:25])


if __name__ == "__main__":   # figures for the report: positions and refusals per game
    for gid in sorted(GAMES):
        n, r, a, p = sweep(get_game(gid))
        print(f"{gid}: {n} positions, {r} refusals checked ({a} of a seat that may act), "
              f"{len(set(p))} problems")
        for line in list(dict.fromkeys(p))[:40]:
            print("   ", line)
