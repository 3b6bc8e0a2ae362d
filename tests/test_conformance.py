"""One conformance suite over every registered game, as OpenSpiel's random-simulation test
runs over every registered game: random play keeps every invariant and ends, the same
seed plays the same game, undo equals replay, every worked example replays with the
invariants holding at each step, the bots play legal moves with readable reasons, views
keep secrets, and states and records survive JSON.

The games come from the registry, with the test game (tests/tiny_game, High Card)
installed for this module: a new game is held to all of it by its declaration alone.
What is particular to one game (its rules, its scenarios' numbers, its bot's choices)
stays in that game's own test files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tiny_game
from testkit.play import MAX_PLIES, play_random
from tutor import scenario as scenarios
from tutor.bots import BOT_KINDS, make_bot
from tutor.cli import main
from tutor.core.invariants import check_all, views_keep_secrets
from tutor.core.match import Match
from tutor.core.state import State
from tutor.core.views import hidden_card_ids, view
from tutor.games import game_ids, get_game, scenario_dir, spec
from tutor.selfplay import selfplay

with tiny_game.installed():
    GAME_IDS = game_ids()
    PLAYER_COUNTS = [(g, n) for g in GAME_IDS for n in spec(g).game.player_counts]
    EXAMPLES = [pytest.param(g, path, id=f"{g}/{path.stem}") for g in GAME_IDS
                for path in sorted(scenario_dir(g).glob("*.yaml"))]

# Random games per player count, spread over the option values the game's spec asks to
# sample. Bigger runs: ``python -m tutor selfplay GAME`` and benchmarks/selfplay_throughput.py.
GAMES_PER_COUNT = 16


@pytest.fixture(autouse=True, scope="module")
def _test_game_installed():
    with tiny_game.installed():
        yield


def test_the_test_game_is_registered_beside_the_real_ones():
    assert tiny_game.GAME_ID in GAME_IDS and len(GAME_IDS) >= 2


@pytest.mark.parametrize("game_id, players", PLAYER_COUNTS)
def test_random_games_keep_every_invariant_and_end(game_id, players):
    """Card conservation, JSON round trip, clone equality, only acting seats have moves
    (each legal, its notation round trip), no view shows a hidden face; every game ends.
    The games take the spec's sampled option values in turn."""
    game, option_sets = get_game(game_id), spec(game_id).option_sets()
    for index in range(GAMES_PER_COUNT):
        options = option_sets[index % len(option_sets)]
        report = selfplay(game, players, 1, seed=1000 * players + index, options=options)
        assert report.violations == [], options
        assert report.games == 1 and report.moves > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unchecked_random_play_plays_the_same_games_as_checked(game_id):
    # The benchmarks' fast path (apply_listed: a listed move is not checked again) must
    # play exactly the games that the checked path plays and verifies.
    game = get_game(game_id)
    players = game.player_counts[0] + 1 if len(game.player_counts) > 1 else \
        game.player_counts[0]
    checked = selfplay(game, players, 4, seed=3)
    unchecked = selfplay(game, players, 4, seed=3, check=False)
    assert checked.violations == []
    assert unchecked.moves == checked.moves > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_gives_the_same_game(game_id):
    game = get_game(game_id)
    for players in (game.player_counts[0], game.player_counts[-1]):
        first, second = play_random(game, players, 77), play_random(game, players, 77)
        assert first.record() == second.record() and first.state == second.state
        assert game.outcome(first.state) == game.outcome(second.state)
        assert game.outcome(first.state).winners
        other = play_random(game, players, 78)
        assert other.record()["moves"] != first.record()["moves"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_equals_replay(game_id):
    game = get_game(game_id)
    options = spec(game_id).option_sets()[-1]
    match = play_random(game, game.player_counts[-1], seed=5, options=options)
    record = match.record()
    total = len(record["moves"])
    for keep in (total - 1, total // 2, 3, 0):
        while len(match.plies) > keep:
            match.undo()
        replayed = Match.replay(game, dict(record, moves=record["moves"][:keep]))
        assert match.state == replayed.state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_and_records_survive_json(game_id):
    """Every position of a game written to JSON and read back is the same position, and
    the game's record, through JSON, replays to the same end."""
    game = get_game(game_id)
    seen = []
    match = play_random(game, game.player_counts[0], seed=11, on_state=seen.append)
    assert all(State.loads(state.dumps()) == state for state in seen)
    record = json.loads(json.dumps(match.record()))
    assert Match.replay(game, record).state == match.state
    for seat in range(match.state.num_players):
        json.dumps(view(game, match.state, seat))   # a view is plain JSON


@pytest.mark.parametrize("game_id, path", EXAMPLES)
def test_every_worked_example_replays_and_keeps_every_invariant(game_id, path):
    loaded = scenarios.load(path)
    assert loaded.game.id == game_id and loaded.steps
    match = loaded.new_match()
    assert check_all(loaded.game, match.state) == []
    for result in scenarios.play(loaded, match):
        problems = check_all(loaded.game, match.state)
        assert problems == [], f"step {result.step.number}: {problems}"


@pytest.mark.parametrize("game_id, path", EXAMPLES)
def test_every_worked_example_is_narrated_cites_its_rules_and_checks_the_engine(game_id, path):
    """An intro and a summary; each step says what happens and cites the rules it shows;
    at least as many checkpoints hold as there are steps. A first game's jump to a later
    position is a step too (it says where the game has got to and checks it)."""
    loaded = scenarios.load(path)
    assert loaded.intro and loaded.summary
    assert all(step.say and step.rules for step in loaded.steps)
    results = list(scenarios.play(loaded))
    assert len(results) == loaded.size       # every move and every jump
    assert all(jump.say for jump in loaded.jumps)
    assert sum(len(result.checked) for result in results) >= len(loaded.steps)


@pytest.mark.parametrize("game_id, path", EXAMPLES)
def test_the_replay_command_passes_every_worked_example(game_id, path, capsys):
    assert main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith(f"ok: {len(scenarios.load(path).steps)} steps legal")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_clause_has_a_test_in_the_games_rules_tests(game_id):
    """Each game's tests/test_<game>_rules.py names every clause of its rules.yaml (a
    clause added without a test fails here) and no clause that does not exist."""
    text = (Path(__file__).parent / f"test_{game_id}_rules.py").read_text(encoding="utf-8")
    clauses = {clause.id for clause in get_game(game_id).rules}
    prefixes = "|".join(sorted({re.escape(clause.split("-")[0]) for clause in clauses}))
    mentioned = set(re.findall(rf"\b(?:{prefixes})-(?:R\d+|\d+\.\d+)(?!\d)", text))
    assert clauses, "rules.yaml has no clauses"
    assert sorted(clauses - mentioned) == []
    assert sorted(mentioned - clauses) == []


def test_every_registered_game_has_a_worked_example():
    assert {g for g, *_ in (p.values for p in EXAMPLES)} == set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("kind", BOT_KINDS)
def test_bots_play_legal_moves_with_reasons_for_every_seat(game_id, kind):
    """Bots of each kind play whole games at every player count: each choice is legal,
    the same position gives the same choice, and every seat has a reason to read."""
    game = get_game(game_id)
    if kind == "heuristic" and spec(game_id).bot is None:
        pytest.skip(f"{game_id} declares no heuristic bot")
    for players in game.player_counts:
        bot = make_bot(game, kind, seed=players)
        match = Match(game, tuple(f"P{i}" for i in range(players)), seed=players)
        while match.to_act():
            assert len(match.plies) < MAX_PLIES
            seat = match.to_act()[-1]
            choice = bot.choose(game, match.state, seat)
            assert game.check(match.state, seat, choice.move) is None, choice.reason
            assert bot.choose(game, match.state, seat) == choice
            for viewer in (None, *range(players)):
                assert choice.reason_for(seat, viewer).strip()
            match.play(seat, choice.move)
        assert game.outcome(match.state) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_keep_secrets(game_id):
    """No seat's view holds a card it cannot see, by id or by face, at any position of a
    random game of every size; the teacher's view hides nothing."""
    game = get_game(game_id)

    def looks(state):
        assert views_keep_secrets(game, state) == []
        for seat in range(state.num_players):
            text = json.dumps(view(game, state, seat))
            assert not [cid for cid in hidden_card_ids(game, state, seat)
                        if f'"{cid}"' in text]
        everything = view(game, state, None)["zones"]
        assert all("id" in face for faces in everything.values() for face in faces)
    for players in game.player_counts:
        play_random(game, players, seed=players, on_state=looks)
