"""The static site (Python in the browser) beside the same notebook served by Voila.

    python benchmarks/static_site.py [--runs N] [--clicks K] [--pause S] [--site DIR] [GAME]

Builds the site (scripts/build-static.sh, into build/static-bench/ unless --site names a
built one), serves it with Python's file server on loopback (counting the bytes it
sends; every file fresh for ten minutes, as GitHub Pages serves them) and Voila on
another port,
and opens GAME's app (sneaky_bastard by default) in headless Chromium, interleaved:

- static, cold: a fresh browser profile (its cache on disk, empty), as a learner's
  first visit;
- static, warm: the same page again in that profile (the browser's cache is warm);
- Voila: the notebook from a Voila server on this machine (its kernel on the server).

For each: seconds from the page request until "Next" shows (first interactive), the
median Next click latency (until the table has changed; clicks S seconds apart, as a
learner reads), and the bytes the page downloaded. Then the ratios to Voila's, and the
static site's start split into its phases (PHASES), from the marks the page and its
kernel leave (scripts/build_static.py: KERNEL_MARKS, CELL_MARKS): the median of each
phase, cold and warm. Timings are figures to compare, not tests.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from voila_app import click_latencies  # noqa: E402
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer, free_port  # noqa: E402


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the bytes it sends: the page's Python downloads its
    files from a web worker, whose requests the page's own events do not report."""

    sent = 0

    def copyfile(self, source, outputfile):
        data = source.read()
        CountingHandler.sent += len(data)
        outputfile.write(data)

    def end_headers(self):
        # As GitHub Pages serves every file: fresh for ten minutes, so a second visit
        # takes the files from the browser's cache without asking again.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(site: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", free_port()), functools.partial(CountingHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# A static page's start, phase by phase: each phase ends at a moment read from the page
# (its navigation, Next shown) or from its kernel's worker (when it was created, its
# downloads, the marks of KERNEL_MARKS and CELL_MARKS in scripts/build_static.py).
PHASES = (
    ("page, scripts, kernel worker created", "worker created"),
    ("Pyodide's wasm and standard library fetched", "core fetched"),
    # (Pyodide fetches the wheels while its interpreter starts, then unpacks them.)
    ("interpreter bootstrap, wheels fetched, unpacked",
     "rulebook-tutor:kernel-imports-piplite"),
    ("kernel imports piplite", "rulebook-tutor:kernel-imports-ipython"),
    ("kernel imports pyodide_kernel (IPython)", "rulebook-tutor:kernel-ready"),
    ("kernel ready, until the cell runs", "rulebook-tutor:cell-starts"),
    ("the cell's first import (widgets.app)", "rulebook-tutor:cell-imported"),
    ("the rest of the cell (the app built)", "rulebook-tutor:cell-ran"),
    ("widgets drawn, Next clickable", "Next shown"),
)
PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")


def phases(page_origin: float, marks: dict, next_shown: float) -> list[float] | None:
    """Seconds of each of PHASES, from the page's time origin, the kernel worker's
    report (its time origin and performance entries) and when Next showed (all in
    milliseconds since 1970); None if the page left no report (a site built before
    the marks)."""
    if not marks:
        return None
    origin, entries = marks["origin"], marks["entries"]
    ends = {"worker created": origin, "Next shown": next_shown}
    resources = [e for e in entries if e["type"] == "resource"]
    ends["core fetched"] = origin + max(e["end"] for e in resources
                                        if e["name"].split("?")[0].endswith(PYODIDE_CORE))
    ends.update((e["name"], origin + e["start"]) for e in entries if e["type"] == "mark")
    times = [page_origin] + [ends[end] for _, end in PHASES]
    return [(later - earlier) / 1000 for earlier, later in zip(times, times[1:])]


def open_app(context, url: str, clicks: int, pause: float):
    """(seconds to interactive, click latencies, bytes downloaded, seconds of each of
    PHASES or None) for one page."""
    page = context.new_page()
    sizes, reports = [], []
    static = url.endswith(".html")
    sent_before = CountingHandler.sent
    if not static:
        page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    # The kernel's worker writes to the page's console (Chromium reports it there).
    page.on("console", lambda m: reports.append(m.text) if m.text.startswith(
        "rulebook-tutor marks ") else None)
    start = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_selector("button.rt-next", state="visible", timeout=300_000)
    load = time.perf_counter() - start
    next_shown = page.evaluate("performance.timeOrigin + performance.now()")
    page.wait_for_load_state("networkidle")
    downloaded = CountingHandler.sent - sent_before if static else sum(sizes)
    split = None
    if static:
        page_origin = page.evaluate("performance.timeOrigin")
        marks = json.loads(reports[0].split(" ", 2)[2]) if reports else None
        split = phases(page_origin, marks, next_shown)
    latencies = click_latencies(page, "button.rt-next", ".rt-table-view", clicks, pause)
    page.close()
    return load, latencies, downloaded, split


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=4)
    parser.add_argument("--pause", type=float, default=1.0)
    parser.add_argument("--site", type=Path, help="a site already built (else built now)")
    parser.add_argument("game", nargs="?", default="sneaky_bastard")
    args = parser.parse_args()
    site = args.site
    if site is None:
        site = ROOT / "build" / "static-bench" / "site"
        subprocess.run([str(ROOT / "scripts" / "build-static.sh"), str(site)], check=True,
                       env={**os.environ, "PYTHON": sys.executable}, stdout=subprocess.DEVNULL)
    files = serve(site)
    static_url = f"http://127.0.0.1:{files.server_port}/voici/render/{args.game}.html"
    results = {"static, cold": [], "static, warm": [], "Voila": []}
    try:
        with VoilaServer(ROOT) as voila, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):   # interleaved, so drift hits all three
                # A learner's browser keeps its cache on disk: a fresh profile each run
                # (an in-memory one keeps no file as large as Pyodide's 9 MB core).
                with tempfile.TemporaryDirectory() as folder:
                    profile = p.chromium.launch_persistent_context(
                        folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    results["static, cold"].append(open_app(profile, static_url, args.clicks,
                                                            args.pause))
                    results["static, warm"].append(open_app(profile, static_url, args.clicks,
                                                            args.pause))
                    profile.close()
                context = browser.new_context()
                results["Voila"].append(open_app(context, voila.url(
                    f"notebooks/{args.game}.ipynb"), args.clicks, args.pause))
                context.close()
            browser.close()
    finally:
        files.shutdown()

    summary = {}
    print(f"{args.game}, {args.runs} runs, medians")
    print(f"{'':<14} {'interactive':>11} {'Next click':>11} {'downloaded':>11}")
    for name, rows in results.items():
        load = statistics.median(r[0] for r in rows)
        click = statistics.median(x for r in rows for x in r[1]) * 1000
        size = statistics.median(r[2] for r in rows)
        summary[name] = (load, click, size)
        print(f"{name:<14} {load:>9.2f} s {click:>8.0f} ms {size / 1e6:>8.2f} MB")
    load, click, size = summary["Voila"]
    for name in ("static, cold", "static, warm"):
        s_load, s_click, s_size = summary[name]
        print(f"{name} / Voila: interactive x{s_load / load:.2f}, click x{s_click / click:.2f},"
              f" bytes x{s_size / size:.2f}")
    print_phases({name: [r[3] for r in results[name]] for name in ("static, cold",
                                                                    "static, warm")})


def print_phases(splits: dict[str, list]) -> None:
    """The median of each phase of the static page's start, cold and warm."""
    if any(split is None for rows in splits.values() for split in rows):
        print("(no phases: the site was built before its pages left marks)")
        return
    medians = {name: [statistics.median(split[index] for split in rows)
                      for index in range(len(PHASES))] for name, rows in splits.items()}
    print(f"\nthe static start by phase, medians (s)\n{'phase':<50}"
          + "".join(f"{name.split(', ')[1]:>7}" for name in splits))
    for index, (phase, _) in enumerate(PHASES):
        print(f"{phase:<50}" + "".join(f"{column[index]:>7.2f}"
                                       for column in medians.values()))
    print(f"{'sum of the medians':<50}" + "".join(f"{sum(column):>7.2f}"
                                                  for column in medians.values()))


if __name__ == "__main__":
    main()
