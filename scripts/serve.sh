#!/usr/bin/env bash
# Quickstart 1: set up, then serve the notebooks as Voila apps on localhost.
# PORT (default 8866) picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
port=${PORT:-8866}
echo "Rulebook Tutor: open http://localhost:${port}/voila/render/index.ipynb in a browser (the gallery; Ctrl-C stops the server)"
exec .venv/bin/voila notebooks --no-browser --port="${port}" --Voila.ip=127.0.0.1
