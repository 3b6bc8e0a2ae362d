#!/usr/bin/env bash
# Quickstart 2: set up everything the tests need, then run the whole test suite.
# Extra arguments go to pytest (for example: scripts/test.sh -k scenario).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
# The browser tests drive Debian's Chromium; Playwright cannot download its own here.
# The static site's build (tests/test_static_site.py) fetches Pyodide with npm.
# tests/test_worksheet_print.py reads the printed worksheet's PDF page by page (poppler).
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
if [ -n "$missing" ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq $missing >/dev/null
fi
# Two workers (this machine's two cores), a test file per worker: each browser test file
# keeps its own Voila server, and the files run side by side.
exec .venv/bin/python -m pytest -n 2 --dist loadfile "$@"
