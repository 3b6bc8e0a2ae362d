"""Each game's glossary: loaded from its data, every clause it cites exists, and the app
explains a term where it appears without touching markup or leaking into attributes."""

import pytest

from tutor import get_game
from tutor.core.glossary import Glossary, GlossaryError, Term
from tutor.games import GAMES
from widgets.panels.glossary import explain_terms

SAMPLE = Glossary([Term("sneaky bid", "A bid on the money others laid out.",
                        ("sneaky bids",), ("SB-4.1",)),
                   Term("outbid", "Bid more <than the highest bid>.", ("outbids",))])


def test_a_term_is_explained_once_where_it_first_appears():
    marked = explain_terms("<p>Lisa&#x27;s sneaky bid; Frank outbids. Another sneaky bid.</p>",
                           SAMPLE)
    assert marked.count("class='rt-term'") == 2
    assert "Lisa&#x27;s <span class='rt-term'" in marked
    assert "data-means='sneaky bid: A bid on the money others laid out. (SB-4.1)'" in marked
    assert "data-means='outbid: Bid more &lt;than the highest bid&gt;.'" in marked   # escaped


def test_everyday_words_stay_unmarked():
    everyday = Glossary([Term("hand", "The cards you hold.")])
    assert explain_terms("<p>Ann's hand</p>", everyday) == "<p>Ann's hand</p>"


def test_tags_attributes_and_move_notation_are_left_alone():
    markup = "<b title='sneaky bid'>Step 2</b> <code>outbid</code> <a href='x'>outbid</a>"
    assert explain_terms(markup, SAMPLE) == markup


def test_bad_glossary_files_say_what_is_wrong(tmp_path):
    rules = get_game("sneaky_bastard").rules
    path = tmp_path / "glossary.yaml"
    path.write_text("terms:\n  - term: bid\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="term 1: needs a 'term' and what it 'means'"):
        Glossary.load(path, rules)
    path.write_text("terms:\n  - {term: bid, means: x, rules: [SB-99.9]}\n", "utf-8")
    with pytest.raises(GlossaryError, match="no clause SB-99.9"):
        Glossary.load(path, rules)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_defines_its_terms(game_id):
    glossary = get_game(game_id).glossary
    assert len(glossary) >= 10
    for term in glossary:
        assert term.means and len(term.means) <= 220
        assert all(rule in get_game(game_id).rules for rule in term.rules)
