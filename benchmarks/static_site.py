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
learner reads), and the bytes the page downloaded. Then the ratios to Voila's.
Timings are figures to compare, not tests.
"""

from __future__ import annotations

import argparse
import functools
import http.server
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


def open_app(context, url: str, clicks: int, pause: float):
    """(seconds to interactive, click latencies, bytes downloaded) for one page."""
    page = context.new_page()
    sizes = []
    static = url.endswith(".html")
    sent_before = CountingHandler.sent
    if not static:
        page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    start = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_selector("button.rt-next", state="visible", timeout=300_000)
    load = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    downloaded = CountingHandler.sent - sent_before if static else sum(sizes)
    latencies = click_latencies(page, "button.rt-next", ".rt-table-view", clicks, pause)
    page.close()
    return load, latencies, downloaded


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


if __name__ == "__main__":
    main()
