"""The command line forms other tools rely on, run as a real process."""

import json
import subprocess
import sys
import textwrap

from tutor.games import scenario_dir

EXAMPLES = scenario_dir("sneaky_bastard")


def tutor(*args):
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def test_games_lists_ids_with_player_counts():
    result = tutor("games")
    assert result.returncode == 0
    assert "sneaky_bastard\tSneaky Bastard\t2-6 players" in result.stdout


def test_rules_prints_clauses_and_rulings():
    result = tutor("rules", "sneaky_bastard")
    assert result.returncode == 0
    assert "SB-3.2:" in result.stdout and "SB-R1 (ruling: nobody buys the house)" in result.stdout
    unknown = tutor("rules", "poker")
    assert unknown.returncode == 2 and "unknown game 'poker'" in unknown.stderr


def test_replay_passes_both_worked_examples():
    for name, steps in (("four_players.yaml", 10), ("three_players.yaml", 5)):
        result = tutor("replay", EXAMPLES / name)
        assert result.returncode == 0, result.stderr
        assert f"ok: {steps} steps legal" in result.stdout
    four = tutor("replay", EXAMPLES / "four_players.yaml").stdout
    assert "Frank is the only bidder left and buys Studentenkamer (150K) for 120K" in four
    assert "a gain of 85K in all" in four


def test_output_cut_short_by_the_reader_ends_without_a_traceback():
    """`python -m tutor rules GAME | head`: the reader goes away before the output ends.
    Here it closes the pipe before the first line, so every write meets a closed pipe
    (with a real `head` that depends on timing)."""
    for args in (["rules", "sell_me_a_sasquatch"], ["rules", "bargain_hunter", "--markdown"],
                 ["replay", EXAMPLES / "four_players.yaml"]):
        writer = subprocess.Popen([sys.executable, "-m", "tutor", *map(str, args)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        writer.stdout.close()
        error = writer.stderr.read().decode()
        writer.wait(timeout=60)
        assert "Traceback" not in error and "BrokenPipeError" not in error, error
        assert writer.returncode == 0
    shell = subprocess.run(f"{sys.executable} -m tutor rules sneaky_bastard | head -n 3",
                           shell=True, capture_output=True, text=True, timeout=60)
    assert len(shell.stdout.splitlines()) == 3 and "Traceback" not in shell.stderr


def test_replay_tells_what_the_setup_did_by_itself():
    """Sneaky Snakes' first player draws at once (SN-R3): the replay says so before step 1."""
    path = scenario_dir("sneaky_snakes") / "playing_and_pointing.yaml"
    lines = tutor("replay", path).stdout.splitlines()
    first = next(n for n, line in enumerate(lines) if line.lstrip().startswith("1."))
    setup = lines[1:first]
    assert "[SN-1.1]" in setup[0]                     # the setup, in order, ...
    assert "[SN-R3] The game begins:" in setup[-1] and "draws a card" in setup[-1]  # ... then the draw


def test_replay_json_prints_the_final_all_seeing_state():
    result = tutor("replay", EXAMPLES / "four_players.yaml", "--json")
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert state["game"] == "sneaky_bastard" and state["players"][0] == "Lisa"
    assert "h150" in state["zones"]["houses:1"]  # Frank owns Studentenkamer


def test_replay_of_an_illegal_move_exits_1_naming_step_move_rule_and_reason(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent("""\
        game: sneaky_bastard
        players: [Ann, Bob, Cy]
        setup: {first: Ann}
        steps:
          - {who: Ann, move: bid 25K}
          - {who: Bob, move: bid 10K+10K}
        """))
    result = tutor("replay", path)
    assert result.returncode == 1
    assert "step 2, line 6 (Bob: bid 10K+10K): illegal move [SB-3.2]" in result.stderr
    assert "must beat the highest bid, 25K (Ann); Bob's would total 20K" in result.stderr


def test_selfplay_reports_speed_and_no_violation():
    result = tutor("selfplay", "sneaky_bastard", "--players", 3, "--games", 5, "--seed", 1)
    assert result.returncode == 0, result.stderr
    assert "5 games" in result.stdout and "moves/s" in result.stdout
    assert "no violation" in result.stdout
    fast = tutor("selfplay", "sneaky_bastard", "--players", 3, "--games", 5, "--seed", 1,
                 "--no-check")
    assert "not checked" in fast.stdout


def test_selfplay_refuses_a_wrong_player_count():
    result = tutor("selfplay", "sneaky_bastard", "--players", 9, "--games", 1, "--seed", 1)
    assert result.returncode == 2 and "2 to 6 players, not 9" in result.stderr


# A terminal acts on these instead of showing them: ESC starts a sequence that can set the
# window title and colours, U+202E makes a line read backwards, U+200B hides in a name.
HOSTILE = ("\x1b", "\u202e", "\u200b", "\x07", "\r")


def test_replay_writes_out_a_files_control_and_bidi_characters(tmp_path):
    """Nothing a file holds reaches the terminal raw: not from its title, player names or
    moves in the replay, nor quoted back in an error message."""
    path = tmp_path / "hostile.yaml"
    path.write_text(textwrap.dedent("""\
        game: sneaky_bastard
        title: "\\e]0;pwned\\a\\e[31mRed \\u202etitle\\rX"
        players: ["Ann\\u200b", Bob, "C\\e[2Jy"]
        setup: {first: "Ann\\u200b"}
        steps:
          - {who: "Ann\\u200b", move: bid 25K, say: "\\e[1mBold\\u202e"}
          - {who: Bob, move: pass}
        """), encoding="utf-8")
    result = tutor("replay", path)
    assert result.returncode == 0, result.stderr
    for char in HOSTILE:
        assert char not in result.stdout + result.stderr, repr(char)
    assert "\\x1b]0;pwned\\x07\\x1b[31mRed U+202Etitle\\x0dX (Sneaky Bastard" in result.stdout
    assert "AnnU+200B: bid 25K" in result.stdout

    path.write_text(path.read_text().replace("move: pass", 'move: "bid\\e[8m 5K\\u202e"'),
                    encoding="utf-8")
    refused = tutor("replay", path)
    assert refused.returncode == 1
    for char in HOSTILE:
        assert char not in refused.stdout + refused.stderr, repr(char)
    assert "step 2" in refused.stderr and "\\x1b[8m" in refused.stderr
