"""The table and what acts on it: the cards and seats drawn as HTML (cards), what a move
changed marked on them (changes), the table widget that sends clicks back (table_view),
and the base of the games' move composers (composer)."""
