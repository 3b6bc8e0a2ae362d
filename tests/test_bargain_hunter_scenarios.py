"""Bargain Hunter's worked examples replay exactly as the rulebook tells them, bad
positions are refused with the key and the card, and the move notation round-trips."""

import random
import re
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from tutor import scenario
from tutor.core.game import NotationError
from tutor.games import get_game, scenario_dir
from tutor.games.bargain_hunter import ChooseBargain, Clean, Play, Skip
from tutor.games.bargain_hunter.deck import OFFER_LABEL
from tutor.games.bargain_hunter.moves import format_move, parse
from tutor.scenario import ScenarioError

EXAMPLES = scenario_dir("bargain_hunter")
G = get_game("bargain_hunter")
FORMAT_DOC = Path(__file__).parents[1] / "docs" / "scenario-format.md"


def facts_after_each_step(name):
    loaded = scenario.load(EXAMPLES / name)
    match = loaded.new_match()
    out = [G.facts(match.state)]
    for _ in scenario.play(loaded, match):
        out.append(G.facts(match.state))
    return loaded, out   # out[0] is the setup, out[i] the state after step i


# -- the rulebook's examples ----------------------------------------------------------

def test_first_trick_example_fred_wins_with_the_higher_seven():
    loaded, facts = facts_after_each_step("trick_higher_seven.yaml")
    assert loaded.players == ("Sara", "James", "Fred", "Mandy")
    assert facts[0]["to act"] == "Sara"                       # Sara leads green 2
    assert facts[1]["lead colour"] == "green"
    assert facts[3]["played/Fred"] == "green 7 higher"        # Fred's 7 is declared higher
    last = facts[4]
    assert last["last played/Mandy"] == "yellow 6 not trump"  # yellow is declared not trump
    assert (last["last winner"], last["last winning card"]) == ("Fred",
                                                                "green 7 (declared higher)")
    assert last["last trump"] == "none"


def test_second_trick_example_the_second_offer_wins():
    loaded, facts = facts_after_each_step("trick_two_offers.yaml")
    assert facts[1]["lead colour"] == "yellow"                # Fred leads yellow 4
    assert facts[2]["trump"] == "blue"                        # Mandy: blue 9, blue is trump
    assert facts[3]["played/Sara"] == "offer"                 # Sara: the first Offer
    last = facts[4]
    assert last["last played/James"] == "offer"               # James: the second Offer
    assert (last["last winner"], last["last winning card"]) == ("James", "offer (the second)")
    assert last["junk items/James"].count("offer") == 2       # Offers go to junk


def test_third_trick_example_red_is_trump_and_sara_plays_lower():
    loaded, facts = facts_after_each_step("trick_lower_three.yaml")
    assert facts[1]["lead colour"] == "blue"                  # James leads blue 5
    assert facts[2]["trump"] == "red"                         # Fred: red 3, red is trump
    assert facts[3]["played/Mandy"] == "yellow 9"             # Mandy cannot make yellow trump
    last = facts[4]
    assert last["last played/Sara"] == "red 3 lower"          # Sara's 3 is lower than Fred's
    assert (last["last winner"], last["last winning card"]) == ("Fred", "red 3")


def test_spring_cleaning_example_sara_trashes_two_threes_and_keeps_two():
    loaded, facts = facts_after_each_step("spring_cleaning.yaml")
    before, after = facts[0], facts[1]
    assert sorted(before["junk items/Sara"]) == sorted("1 3 3 3 3 4 4 5 7 9".split())
    assert before["bargain items/Sara"] == ["6", "6", "6"]    # her 6 and two won 6s
    assert [label.split()[1] for label in after["trash"]] == ["3", "3"]
    assert after["bargain items/Sara"] == ["6", "6", "6", "3", "3"]
    assert after["bargain/Sara"] == "3"                       # she now hunts 3s
    assert sorted(after["junk items/Sara"]) == sorted("1 4 4 5 7 9".split())
    assert after["junk items/Sara"].count("4") == 2           # two 4s stay behind


def test_next_round_example_only_the_three_is_a_bargain_and_the_sixes_still_count():
    loaded, facts = facts_after_each_step("new_bargain.yaml")
    before, last = facts[0], facts[-1]
    assert before["bargain/Sara"] == "3"
    won = sorted(label.split()[1] for label in last["last trick"])
    assert won == ["2", "3", "6", "8"] and last["last winner"] == "Sara"
    assert last["bargain items/Sara"] == before["bargain items/Sara"] + ["3"]
    new_junk = last["junk items/Sara"][len(before["junk items/Sara"]):]
    assert sorted(new_junk) == ["2", "6", "8"]
    assert last["bargain items/Sara"].count("6") == 3          # the 6s still count
    assert int(last["score/Sara"]) == int(before["score/Sara"]) + 1 - 3


def test_the_full_round_example_goes_from_the_deal_to_the_next_round():
    loaded, facts = facts_after_each_step("three_players_round.yaml")
    assert len(loaded.players) == 3
    phases = [f["phase"] for f in facts]
    assert phases[0] == "bargain" and "spring cleaning" in phases
    assert facts[-1]["round"] == "2" and facts[-1]["phase"] == "hunt"
    played = {step.move_text.split()[0] for step in loaded.steps}
    assert played == {"bargain", "play", "clean"}


def test_the_former_bargain_example_three_players_clear_out_sixes():
    loaded, facts = facts_after_each_step("former_bargain.yaml")
    before, last = facts[0], facts[-1]
    assert before["bargain items/Sara"][:3] == ["6", "6", "6"]   # 6 was her first bargain
    assert before["bargain/Sara"] == "3" and before["junk items/Sara"].count("6") == 3
    cleaners = [(s.who, s.move_text) for s in loaded.steps if s.move_text == "clean 6"]
    assert cleaners == [("James", "clean 6"), ("Mandy", "clean 6"), ("Sara", "clean 6")]
    assert facts[3]["bargain/Mandy"] == "5"                      # one 6: all trashed
    assert facts[3]["bargain/Sara"] == "3"                       # until her own turn
    assert last["bargain items/Sara"] == before["bargain items/Sara"] + ["6"]
    assert last["bargain/Sara"] == last["bargain/James"] == "6"  # both hunt 6s now
    assert (last["round"], last["dealer"], last["to act"]) == ("3", "James", "Fred")


def test_the_last_round_example_a_short_deal_a_double_cleaning_and_a_tie():
    loaded, facts = facts_after_each_step("last_round.yaml")
    start = facts[0]
    assert start["round"] == "4" and start["dealer"] == "Fred"
    assert [start[f"hand size/{name}"] for name in loaded.players] == ["2"] * 4
    assert start["deck size"] == "3"                  # fewer than the four players
    opening = G.opening_events(loaded.new_match().states[0])
    short = next(e.text for e in opening if e.rule == "BH-1.6")
    assert short.startswith("Only 11 cards were left for this round's deal, too few for 8 "
                            "each, so Fred dealt 2 to each player")
    assert "the round has 2 tricks" in next(e.text for e in opening if e.rule == "BH-R8")
    hunt = [f for f in facts if f["phase"] == "hunt"]
    assert {f["trick number"] for f in hunt} == {"1", "2"}  # two tricks only
    cleans = Counter(s.who for s in loaded.steps if s.move_text.startswith("clean"))
    assert cleans == {name: 2 for name in loaded.players}   # two clear-outs each
    last = facts[-1]
    assert last["phase"] == "over"
    scores = {name: int(last[f"score/{name}"]) for name in loaded.players}
    for name in loaded.players:                              # bargain minus junk
        assert scores[name] == int(last[f"bargain size/{name}"]) - int(last[f"junk size/{name}"])
    assert scores == {"Sara": 3, "James": 1, "Fred": 3, "Mandy": 2}
    assert int(last["junk size/Sara"]) < int(last["junk size/Fred"])
    assert last["winners"] == ["Sara"]
    result = G.outcome(scenario_end_state("last_round.yaml"))
    assert result.explanation == ("Sara and Fred tie on 3 points; Sara wins the tie with "
                                  "the smallest junk pile (10 cards)")


def test_the_final_count_example_scores_bargains_minus_junk_without_a_tie():
    """BH-6.2: a bargain card scores one, a junk card costs one; Fred's 4 - 0 beats
    Sara's 3 - 1, so the tie-break (BH-6.3) is never asked."""
    end = scenario_end_state("final_count.yaml")
    result = G.outcome(end)
    assert result.winners == (2,) and result.scores == (2, 0, 4, 1)
    assert "tie" not in result.explanation


def scenario_end_state(name):
    loaded = scenario.load(EXAMPLES / name)
    match = loaded.new_match()
    for _ in scenario.play(loaded, match):
        pass
    return match.state


def test_there_are_examples_for_the_rulebook_a_whole_round_and_the_end():
    # Each is narrated and replays: tests/test_conformance.py.
    assert len(sorted(EXAMPLES.glob("*.yaml"))) >= 8   # the rulebook's five, a round, two ends


def test_the_format_docs_position_replays_and_every_fact_and_key_is_documented(tmp_path):
    doc = FORMAT_DOC.read_text()
    example = next(block for block in re.findall(r"```yaml\n(.*?)```", doc, re.S)
                   if "game: bargain_hunter" in block)
    path = tmp_path / "example.yaml"
    path.write_text(example)
    results = list(scenario.play(scenario.load(path)))
    assert results[-1].checked == ("last winner", "bargain items/Sara", "junk items/Sara",
                                   "score/Sara")
    section = doc[doc.index("## Bargain Hunter"):]
    for name in G.FACT_NAMES:
        assert f"`{name}`" in section, name
    for key in G.SETUP_KEYS:
        assert f"`{key}`" in section, key


# -- bad positions ----------------------------------------------------------------------

GOOD = """\
game: bargain_hunter
title: t
players: [Sara, James, Fred, Mandy]
setup:
  dealer: Mandy
  bargain: {Sara: [green 6], James: [yellow 2], Fred: [red 7], Mandy: [black 5]}
  hands:
    Sara: [green 2, blue 1]
    James: [green 7, blue 2]
    Fred: [green 7, blue 3]
    Mandy: [yellow 6, blue 4]
steps:
  - who: Sara
    move: play green 2
    check: {lead colour: green}
"""


def write(tmp_path, text):
    path = tmp_path / "position.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_a_hand_written_position_loads_and_plays(tmp_path):
    loaded = scenario.load(write(tmp_path, GOOD))
    results = list(scenario.play(loaded))
    assert results[0].checked == ("lead colour",)


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("Mandy: [yellow 6, blue 4]", "Mandy: [yellow 6, green 7]"),
     "setup.hands.Mandy: no green 7 card is left: the game has 2 and all are placed"),
    (lambda t: t.replace("[green 2, blue 1]", "[green 2, pink 1]"),
     "setup.hands.Sara: there is no card called 'pink 1'"),
    (lambda t: t.replace("[green 2, blue 1]", "[green 2]"),
     "setup.hands: before the trick in progress every player holds the same number of "
     "cards, 1 to 7 in round 1; here Sara 1, James 2, Fred 2, Mandy 2"),
    (lambda t: t.replace("James: [yellow 2], ", ""),
     "setup.bargain.James: a position after the bargains needs every player's bargain pile"),
    (lambda t: t.replace("Sara: [green 6]", "Sara: [offer]"),
     "setup.bargain.Sara: an Irresistible Offer never goes onto a bargain pile"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Bob"),
     "setup.dealer: 'Bob' is not a player"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  rounds: 2"),
     "setup: unknown key(s) rounds"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  round: 9"),
     "setup.round: a 4-player game has rounds 1 to 4, not 9"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  dealt: 9"),
     "setup.dealt: the cards dealt to each player this round, 1 to 8, not 9"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  dealt: 2"),
     "setup.dealt: the first round is always dealt in full, 8 cards each (BH-1.4)"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  round: 2\n  dealt: 2"),
     "setup.dealt: a short deal of 2 each shares out all the cards it can, so fewer cards "
     "than players stay set aside (BH-R8), at most 3 here; the setup leaves 98 cards "
     "unplaced"),
    (lambda t: t.replace("dealer: Mandy", "dealer: Mandy\n  trick: [green 2, yellow 6 trump]")
     .replace("[green 2, blue 1]", "[blue 1]").replace("[green 7, blue 2]", "[green 7]"),
     "setup.trick[2] (James: yellow 6 trump): cannot have been played: [BH-3.2] James must "
     "follow green"),
    (lambda t: t.replace("play green 2", "play green 2 trump"),
     None),  # loads: the engine, not the loader, refuses it when played
])
def test_malformed_positions_name_the_key_and_the_card(tmp_path, change, message):
    path = write(tmp_path, change(GOOD))
    if message is None:
        with pytest.raises(ScenarioError, match=r"illegal move \[BH-3.4\] green 2 sets the "
                                                r"lead colour"):
            list(scenario.play(scenario.load(path)))
        return
    with pytest.raises(ScenarioError) as error:
        scenario.load(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


def test_a_fixed_deal_needs_eight_cards_each(tmp_path):
    text = """\
        game: bargain_hunter
        players: [Sara, James, Fred]
        setup:
          dealer: Fred
          hands:
            Sara: [green 1, green 2, green 3, green 4, green 5, green 6, green 7, green 8]
            James: [red 1, red 2, red 3, red 4, red 5, red 6, red 7, red 8]
            Fred: [blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7]
        steps:
          - {who: Sara, move: bargain green 1}
        """
    with pytest.raises(ScenarioError, match="setup.hands.Fred: in a fixed deal everyone "
                                            "holds 8 cards; Fred holds 7"):
        scenario.load(write(tmp_path, text))


# -- notation -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("bargain green 6", ChooseBargain("green 6")),
    ("play green 7", Play("green 7")),
    ("play yellow 6 not trump", Play("yellow 6", False)),
    ("play blue 9 trump", Play("blue 9", True)),
    ("play green 7 higher", Play("green 7", None, "higher")),
    ("play red 3 lower", Play("red 3", None, "lower")),
    ("play red 3 trump lower", Play("red 3", True, "lower")),
    ("play purple 1 not trump higher", Play("purple 1", False, "higher")),
    ("play offer", Play(OFFER_LABEL)),
    ("clean 3", Clean(3)),
    ("clean offer", Clean("offer")),
    ("skip", Skip()),
])
def test_canonical_texts_round_trip(text, move):
    assert parse(text) == move
    assert format_move(move) == text
    assert G.parse_move(None, 0, G.format_move(None, 0, move)) == move


def test_reading_is_forgiving_about_case_spaces_and_order():
    assert parse("  PLAY  Red 3   LOWER trump ") == parse("play red 3 trump lower")
    assert parse("play irresistible offer") == parse("play offer")
    assert parse("play yellow 6 no trump") == parse("play yellow 6 not trump")
    assert format_move(parse("bargain  BLACK 9")) == "bargain black 9"


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("take green 7", "unknown move 'take'"),
    ("play", "say which card"),
    ("play green", "no card called 'green'"),
    ("play green 10", "no card called 'green 10'"),
    ("play green 7 higher lower", "higher or lower only once"),
    ("play green 7 trump not trump", "trump or not trump only once"),
    ("bargain", "say which card"),
    ("clean", "a number 1 to 9"),
    ("clean 0", "a number 1 to 9"),
    ("clean green 3", "a number 1 to 9"),
    ("skip 3", "'skip' takes nothing"),
])
def test_unreadable_moves_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse(text)


def test_every_legal_move_of_a_game_round_trips():
    state = G.new_state(("A", "B", "C", "D"), seed=9)
    chooser = random.Random(9)
    while G.to_act(state):
        seat = G.to_act(state)[0]
        moves = G.legal_moves(state, seat)
        for move in moves:
            assert parse(format_move(move)) == move
        state, _ = G.apply(state, seat, chooser.choice(moves))


def test_a_checkpoint_may_name_the_offer_either_way():
    from tutor import scenario
    from tutor.games import scenario_dir
    path = scenario_dir("bargain_hunter") / "trick_two_offers.yaml"
    text = path.read_text(encoding="utf-8")
    assert "last winning card: offer (the second)" in text
    spelled = text.replace("last winning card: offer (the second)",
                           "last winning card: Irresistible Offer (the second)")
    results = list(scenario.play(scenario.parse(spelled, path)))   # raises on a failure
    assert any("last winning card" in r.checked for r in results)
    wrong = text.replace("last winning card: offer (the second)",
                         "last winning card: Irresistible Offer (the first)")
    with pytest.raises(scenario.ScenarioError, match="last winning card"):
        list(scenario.play(scenario.parse(wrong, path)))
