"""Memory of one app kernel beside a bare kernel that imports ipywidgets alone.

    python benchmarks/kernel_memory.py [--runs N] [--games all|GAME,...]

Each case runs in a fresh Python kernel (the notebooks' python3 kernel, started the way
Voila starts one), does what its page does, and once the kernel is idle the script reads
the kernel process's resident memory (RSS) and its unique memory (USS: what the kernel
would give back if it stopped, the figure that adds up across a class). Cases:

- bare: ``import ipywidgets`` and one button displayed;
- gallery: the gallery notebook's ``landing()``;
- each game's app: ``TutorApp(game)`` displayed, then the same after ten "Next" clicks
  (the chart tab is not opened: plotly loads only when it is).

It prints MB per case and the ratio to the bare kernel, then which large libraries each
kernel had imported (pandas, plotly, numpy, yaml) to show what the figures are made of.
Figures only, no thresholds: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

import psutil
from jupyter_client.manager import start_new_kernel

from tutor.games import game_ids

GAMES = game_ids()
LIBRARIES = ("pandas", "plotly", "numpy", "yaml")
REPORT = f"""
import json, sys
print(json.dumps([name for name in {LIBRARIES!r} if name in sys.modules]))
"""


def cases(games) -> dict[str, str]:
    found = {"bare": "import ipywidgets\ndisplay(ipywidgets.Button(description='Next'))",
             "gallery": "from widgets.pages.gallery import landing\ndisplay(landing())"}
    for game in games:
        build = f"from widgets.app import TutorApp\napp = TutorApp({game!r})\ndisplay(app)"
        found[game] = build
        found[f"{game} +10 Next"] = build + "\nfor _ in range(10): app.next_button.click()"
    return found


def run(code: str) -> str:
    """Execute, wait for idle, return the text the cell printed; fail loudly on error."""
    printed = []

    def output(msg):
        content = msg["content"]
        if msg["msg_type"] == "stream":
            printed.append(content["text"])
        elif msg["msg_type"] == "error":
            raise RuntimeError("\n".join(content["traceback"]))

    reply = client.execute_interactive(code, output_hook=output, timeout=300)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"{code!r} failed: {reply['content'].get('evalue')}")
    return "".join(printed)


def measure(code: str) -> tuple[float, float, list[str]]:
    global client
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        run(code)
        libraries = json.loads(run(REPORT))
        process = psutil.Process(manager.provisioner.pid)
        info = process.memory_full_info()
        return info.rss / 1e6, info.uss / 1e6, libraries
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--games", default="sneaky_bastard",
                        help="'all' or game ids separated by commas (default: sneaky_bastard)")
    args = parser.parse_args()
    games = GAMES if args.games == "all" else tuple(args.games.split(","))
    results = {}
    for name, code in cases(games).items():
        rows = [measure(code) for _ in range(args.runs)]
        results[name] = (statistics.median(r[0] for r in rows),
                         statistics.median(r[1] for r in rows), rows[-1][2])
    bare_rss, bare_uss, _ = results["bare"]
    print(f"python {sys.version.split()[0]}; median of {args.runs} run(s) per case")
    print(f"{'kernel':<32} {'RSS MB':>8} {'x bare':>7} {'USS MB':>8} {'x bare':>7}  imported")
    for name, (rss, uss, libraries) in results.items():
        print(f"{name:<32} {rss:>8.1f} {rss / bare_rss:>7.2f} {uss:>8.1f} "
              f"{uss / bare_uss:>7.2f}  {', '.join(libraries) or '-'}")


if __name__ == "__main__":
    main()
