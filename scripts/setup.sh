#!/usr/bin/env bash
# Create .venv (if needed) and install the project into it, with the extras named in $1.
# Usage: scripts/setup.sh [test]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
extras=${1:+"[$1]"}
.venv/bin/python -m pip install --quiet --disable-pip-version-check --editable ".${extras}"
