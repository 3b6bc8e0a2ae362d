"""High Card: a tiny trick game that lives only in the tests.

It is a game shipped as a distribution of its own (``high_card-1.0.dist-info`` beside
this package declares its spec and its view as entry points), so that the tests prove a
game is added by its declaration alone, with no edit to any shared file
(tests/test_registry.py installs it for a test; docs/adding-a-game.md walks through it).
"""
