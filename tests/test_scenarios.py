"""Scenario files: the rulebook's worked examples replay exactly, and bad files are
refused with a message naming the file, the step and the problem."""

import textwrap

import pytest

from testkit.examples import facts_after_each_step
from tutor import scenario
from tutor.games import scenario_dir
from tutor.scenario import ScenarioError

EXAMPLES = scenario_dir("sneaky_bastard")


def test_four_player_example_numbers_match_the_rulebook():
    loaded, facts = facts_after_each_step(EXAMPLES / "four_players.yaml")
    assert loaded.players == ("Lisa", "Frank", "Robin", "Fleur")
    assert [f["bid/Lisa"] for f in facts[:1]] == ["10K"]
    assert facts[1]["bid/Frank"] == "20K"
    assert facts[2]["sneaky bid/Robin"] == "0K"
    assert facts[4]["sneaky bid/Lisa"] == "10K"
    assert facts[5]["bid/Frank"] == "120K"
    assert facts[7]["sale/buyer"] == "Frank" and facts[7]["sale/price"] == "120K"
    assert facts[8]["sneaky bid/Lisa"] == "35K"
    last = facts[-1]
    assert (last["sale/thief"], last["sale/thief gain"]) == ("Lisa", "85K")
    assert last["houses/Frank"] == ["Studentenkamer"]


def test_three_player_example_numbers_match_the_rulebook():
    loaded, facts = facts_after_each_step(EXAMPLES / "three_players.yaml")
    assert loaded.players == ("Lisa", "Frank", "Fleur")
    assert facts[0]["bid/Lisa"] == "100K" and facts[1]["bid/Frank"] == "500K"
    assert facts[3]["bid/Lisa"] == "550K"
    last = facts[-1]
    assert (last["sale/buyer"], last["sale/price"]) == ("Lisa", "550K")
    assert last["houses/Lisa"] == ["Huis aan zee"]
    assert "Opknappertje" in last["discard"]


def test_both_rulebook_examples_are_there(sb_scenarios):
    # Each is narrated and replays: tests/test_conformance.py.
    assert {"three_players", "four_players"} <= {path.stem for path in sb_scenarios}



def replayed(name):
    loaded = scenario.load(EXAMPLES / f"{name}.yaml")
    match = loaded.new_match()
    for _ in scenario.play(loaded, match):
        pass
    return loaded.game, match


def test_a_lone_sneaky_bidder_can_only_wait_and_plays_one_sneaky_card_a_round():
    """What the narration says Bob may not do, the engine refuses."""
    from tutor.games.sneaky_bastard import PlaySneaky, Wait
    game, match = replayed("waiting_sneaky_bidder")
    bob, deck = 1, game.deck({})
    waiting = match.states[4]                       # before step 5, Bob's wait
    assert game.legal_moves(waiting, bob) == [Wait()]
    assert game.forced(waiting, bob).rule == "SB-4.5"
    assert sum(deck[c].kind == "sneaky" for c in waiting.zones["hand:1"]) == 1
    for text in ("sneaky", "pass", "bid 10K"):
        move = game.parse_move(waiting, bob, text)
        assert game.check(waiting, bob, move).rule == "SB-4.5", text
    rivalled = match.states[6]                      # before step 7: Cy's sneaky bid leads
    assert game.check(rivalled, bob, PlaySneaky()).rule == "SB-4.2"
    assert game.check(rivalled, bob, Wait()).rule == "SB-4.6"
    assert not any(isinstance(m, (PlaySneaky, Wait)) for m in game.legal_moves(rivalled, bob))


def test_the_last_house_ends_the_game_and_the_tie_goes_to_the_money_left():
    from tutor.games.sneaky_bastard import Bid
    game, match = replayed("last_house_tie")
    ann = 0
    before = match.states[3]                        # Ann must beat Bob's 125K
    assert game.check(before, ann, Bid(("10K",))).rule == "SB-3.3"
    bids = [m for m in game.legal_moves(before, ann) if isinstance(m, Bid)]
    assert bids and all(any(card.startswith("House") for card in m.cards) for m in bids)
    result = game.outcome(match.state)
    assert result.winners == (1,) and result.scores == (2850, 2850, 1950)
    assert "Bob wins the tie with 275K in money left" in result.explanation
    assert [e.rule for e in match.plies[-1].events][-2:] == ["SB-7.1", "SB-7.3"]
    assert match.to_act() == ()


def test_the_one_card_limit_is_per_round_and_a_lone_sneaky_bidder_steals_at_once():
    """SB-4.2 limits Sneaky Bastard cards per round: in round 2 Bob plays his second card
    (refused in round 1, step 7), wins Ann's 100K alone, and Ann, the buyer, starts."""
    from tutor.games.sneaky_bastard import PlaySneaky
    game, match = replayed("waiting_sneaky_bidder")
    bob = 1
    assert game.check(match.states[6], bob, PlaySneaky()).rule == "SB-4.2"
    assert game.check(match.states[8], bob, PlaySneaky()) is None     # round 2
    facts = game.facts(match.state)
    assert (facts["sale/thief"], facts["sale/thief gain"]) == ("Bob", "100K")
    assert (str(facts["round"]), facts["to act"]) == ("3", "Ann")


def test_money_counts_for_nothing_at_the_end_so_houses_win():
    """SB-7.2: Cy buys the last house and keeps 885K, yet Ann's 2850K in houses wins."""
    game, match = replayed("last_house_clear_win")
    result = game.outcome(match.state)
    assert result.winners == (0,) and result.scores == (2850, 2650, 2150)
    assert game.facts(match.state)["money/Cy"] == "885K"
    assert [e.rule for e in match.plies[-1].events][-2:] == ["SB-7.1", "SB-7.2"]


def test_two_players_get_their_own_money_and_four_sneaky_cards():
    game, match = replayed("two_players")
    setup = {e.rule: e.text for e in game.opening_events(match.states[0])}
    assert "Ann and Bob each get 20 money cards, 2665K in all" in setup["SB-8.1"]
    assert "takes the 4 Sneaky Bastard cards of two characters" in setup["SB-8.2"]
    events = match.plies[-1].events
    assert [e.rule for e in events][:4] == ["SB-4.1", "SB-8.3", "SB-6.1", "SB-8.4"]
    assert "keeps the 100K of the sneaky bid" in events[3].text


def test_every_example_reads_in_full_to_every_seat(sb_scenarios):
    """Sneaky Bastard is played in the open (bids, houses and payments lie face up), so
    no narration needs a secret: one that names a card a seat cannot see (a "House
    500K" read as Cy's hidden 500K) would be withheld from that seat's page."""
    from tutor.session import Walkthrough
    for path in sb_scenarios:
        book = Walkthrough.load(path)
        for step in book.steps:
            book.jump(step.number)
            for seat in range(len(book.scenario.players)):
                # the book's words, or the seat's own where the file gives them
                assert book.narration_for(seat) == step.words_for(seat), \
                    (path.stem, step.number, seat)

GOOD = """\
game: sneaky_bastard
title: t
players: [Ann, Bob, Cy]
setup: {first: Ann, pile: [Studentenkamer]}
steps:
  - who: Ann
    move: bid 10K
    check: {bid/Ann: 10K}
  - who: Bob
    move: bid 25K
"""


def write(tmp_path, text):
    path = tmp_path / "example.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_a_hand_written_file_loads_and_plays(tmp_path):
    loaded = scenario.load(write(tmp_path, GOOD))
    results = list(scenario.play(loaded))
    assert [r.step.move_text for r in results] == ["bid 10K", "bid 25K"]
    assert results[0].checked == ("bid/Ann",)


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("steps:", "steps: [", 1), "line"),
    (lambda t: "just text", "expected a map"),
    (lambda t: t.replace("game: sneaky_bastard", "game: poker"), "unknown game 'poker'"),
    (lambda t: t.replace("title: t", "titel: t"), "unknown key(s) titel"),
    (lambda t: t.replace("[Ann, Bob, Cy]", "[Ann]"), "2 to 6 players, not 1"),
    (lambda t: t.replace("[Studentenkamer]", "[Villa Kunterbunt]"),
     "setup.pile: there is no card called 'Villa Kunterbunt'"),
    (lambda t: t.replace("first: Ann", "first: Dora"), "setup.first: 'Dora' is not a player"),
    (lambda t: t.replace("first: Ann", "first: Ann, round: 3"),
     "setup.round: this position is round 1 (0 houses are owned or discarded), not 3"),
    (lambda t: t.replace("who: Bob", "who: Bobby"), "step 2, line 9: 'who' must be one of"),
    (lambda t: t.replace("bid 25K", "bid 7K"), "step 2, line 9 (Bob: bid 7K): 'bid 7K': "
                                               "there is no card called '7K'"),
    (lambda t: t.replace("{bid/Ann: 10K}", "{wallet/Ann: 10K}"),
     "step 1, line 6 (Ann: bid 10K): unknown checkpoint 'wallet/Ann'"),
    (lambda t: t.replace("    check:", "    rules: [SB-99]\n    check:"), "no rule SB-99"),
    (lambda t: t.replace("steps:\n", "steps: []\nx:\n"), "unknown key(s) x"),
    (lambda t: t.replace("players: [Ann, Bob, Cy]", "players: [Ann, Bob, Cy]\nseed: x"),
     "'seed' must be a whole number"),
])
def test_malformed_files_name_the_file_the_step_and_the_problem(tmp_path, change, message):
    path = write(tmp_path, change(GOOD))
    with pytest.raises(ScenarioError) as error:
        scenario.load(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


def test_an_illegal_move_names_step_move_rule_and_reason(tmp_path):
    path = write(tmp_path, GOOD.replace("bid 25K", "bid 10K"))
    loaded = scenario.load(path)
    with pytest.raises(ScenarioError) as error:
        list(scenario.play(loaded))
    text = str(error.value)
    assert "step 2, line 9 (Bob: bid 10K): illegal move [SB-3.2]" in text
    assert "must beat the highest bid, 10K (Ann); Bob's would total 10K" in text


def test_a_failed_checkpoint_says_expected_and_found(tmp_path):
    path = write(tmp_path, GOOD.replace("{bid/Ann: 10K}", "{bid/Ann: 25K}"))
    with pytest.raises(ScenarioError, match="bid/Ann: expected 25K, found 10K"):
        list(scenario.play(scenario.load(path)))


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ScenarioError, match="cannot read the file"):
        scenario.load(tmp_path / "nope.yaml")


def test_yaml_is_loaded_safely(tmp_path):
    evil = GOOD.replace("title: t", "title: !!python/object/apply:os.system ['echo hi']")
    with pytest.raises(ScenarioError, match="not valid YAML"):
        scenario.load(write(tmp_path, evil))
