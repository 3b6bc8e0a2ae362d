#!/usr/bin/env bash
# Quickstart 1: set up, then serve the notebooks as Voila apps for a class.
#   ./scripts/serve.sh          on localhost only
#   ./scripts/serve.sh --lab    on every network interface, for the other machines of a
#                               closed lab network (prints a warning first)
#   ./scripts/serve.sh --class 30 [--class-games sneaky_bastard,...]
#                               keep 30 kernels started for the gallery and for each game
#                               the lesson opens (default: every game), so that a class
#                               arriving at once does not wait; start it before the lesson
# Settings (kernel culling, preheated kernels, the page template) are in config/voila.py;
# further arguments go to voila and win over it (e.g. --MappingKernelManager.cull_idle_timeout=900).
# PORT (default 8866) picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."
ip=127.0.0.1
host=localhost
lab=
while [ $# -gt 0 ]; do
  case "$1" in
    --lab) lab=1; shift ;;
    --class)  # read by config/voila.py, which checks it
      export TUTOR_CLASS_SIZE="${2:?--class needs the number of students, e.g. --class 30}"
      shift 2 ;;
    --class-games)
      export TUTOR_CLASS_GAMES="${2:?--class-games needs notebook names, e.g. sneaky_bastard}"
      shift 2 ;;
    *) break ;;
  esac
done
if [ -n "$lab" ]; then
  ip=0.0.0.0
  host=$(hostname)
  cat >&2 <<'WARNING'
WARNING: serving on every network interface. Voila has no login: anyone who can reach
this machine's port can use the apps and the server's memory. Do this only on a closed
lab network behind a firewall, never on a machine reachable from the internet, and stop
the server (Ctrl-C) after the lesson.
WARNING
fi
scripts/setup.sh
port=${PORT:-8866}
if [ -n "${TUTOR_CLASS_SIZE:-}" ]; then
  echo "Starting kernels for a class of ${TUTOR_CLASS_SIZE}: the server is ready for the class" \
       "when its log says every 'Kernel pool of ... is filled' (minutes on a small machine)"
fi
echo "Rulebook Tutor: open http://${host}:${port}/voila/render/index.ipynb in a browser (the gallery; Ctrl-C stops the server)"
exec .venv/bin/voila notebooks --no-browser --port="${port}" --Voila.ip="${ip}" \
  --Voila.config_file_paths=config "$@"
