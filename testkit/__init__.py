"""Development helpers shared by the tests and the benchmarks (not part of the product):
the Voila server the browser tests and benchmarks drive (:mod:`testkit.voila_server`),
twins of a position for the secrecy tests (:mod:`testkit.twins`), and seeded random
games (:mod:`testkit.play`). Installed with the project (``scripts/setup.sh``), so a
benchmark or a script imports it without touching ``sys.path``."""
