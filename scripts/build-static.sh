#!/usr/bin/env bash
# Build the whole tutor as a static site: every page runs its Python in the learner's
# browser (Pyodide), so any static web host (or `python -m http.server`) serves it, to
# any number of learners, with no server to run. Usage: scripts/build-static.sh [OUT]
# (default site/). Needs npm, and the network for the first build only: downloads are
# kept in .cache/static/. PYTHON=... builds with another environment's Python, which
# must have the project's `static` extra installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${PYTHON:-}" ]; then
  scripts/setup.sh static
  PYTHON=.venv/bin/python
fi
exec "$PYTHON" scripts/build_static.py "${1:-site}"
