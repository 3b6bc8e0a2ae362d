"""The rules browser shows the chosen game's clauses, rulings and worked examples."""

from tutor.games import game_ids
from widgets import RulesBrowser


def test_rules_browser_shows_clauses_rulings_and_examples():
    browser = RulesBrowser()
    assert browser.game_picker.value == game_ids()[0]   # the registry's first game
    browser.game_picker.value = "sneaky_bastard"
    assert "SB-3.2" in browser.rules.value
    assert "ruling: nobody buys the house" in browser.rules.value
    assert "Why:" in browser.rules.value
    assert "Four players: Studentenkamer" in browser.examples.value
    assert "Three players: Huis aan zee" in browser.examples.value
