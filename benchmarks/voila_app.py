"""Voila app speed beside a one-button baseline notebook, in the same run.

    python benchmarks/voila_app.py [--runs N] [--clicks N] [NAME ...]

For every game's app and benchmarks/baseline.ipynb it prints: the time from the
page request until the app is interactive (its first button can be clicked), the median
click-to-update latency (app: "Next" until the *table* has changed, not only the step
label; baseline: the button until its label changes), the bytes transferred for the page,
and for the apps the time from a click on the Chart tab until the chart is drawn (first
open in a fresh page); then the ratios app/baseline. NAMEs (a game id, "gallery")
measure only those, beside the baseline, which is always measured. Figures only, no thresholds: the
machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

# The tests' Voila server (a helper for tests and benchmarks, not part of the product).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

TARGETS = {
    # name: (notebook, selector that means interactive, click selector, changing selector)
    "baseline": ("benchmarks/baseline.ipynb", ".rt-baseline-button",
                 ".rt-baseline-button", ".rt-baseline-count"),
}
# Every game's app: interactive once "Next" shows; a click on it redraws the table.
for _game in ("sneaky_bastard", "bargain_hunter", "cover_your_assets", "sell_me_a_sasquatch",
              "sneaky_snakes"):
    TARGETS[_game] = (f"notebooks/{_game}.ipynb", "button.rt-next", "button.rt-next",
                      ".rt-table-view")
# The gallery has nothing to click that stays on the page: load time and bytes only.
TARGETS["gallery"] = ("notebooks/index.ipynb", ".rt-gallery", None, None)


def measure(browser, server, notebook, ready, click, changes, clicks):
    page = browser.new_page()
    sizes = []
    page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    start = time.perf_counter()
    page.goto(server.url(notebook), timeout=180_000)
    page.wait_for_selector(ready, state="visible", timeout=180_000)
    load = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    latencies = []
    for _ in range(clicks if click else 0):
        before = page.inner_html(changes)
        t0 = time.perf_counter()
        page.click(click)
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerHTML !== old",
            arg=[changes, before], timeout=30_000)
        latencies.append(time.perf_counter() - t0)
    chart = None
    if changes == ".rt-table-view":   # an app: open the chart tab for the first time
        t0 = time.perf_counter()
        page.get_by_text("Chart", exact=True).click()
        page.wait_for_selector(".rt-chart .main-svg", timeout=120_000)
        chart = time.perf_counter() - t0
    page.close()
    return load, statistics.median(latencies) if latencies else None, sum(sizes), chart


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=4)  # the shortest example has 4 steps
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"measure only these (of {', '.join(TARGETS)}) beside the baseline")
    args = parser.parse_args()
    unknown = sorted(set(args.names) - set(TARGETS))
    if unknown:
        parser.error(f"no such notebook to measure: {', '.join(unknown)}")
    chosen = {"baseline", *args.names} if args.names else set(TARGETS)
    results = {name: [] for name in TARGETS if name in chosen}
    with VoilaServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(args.runs):
            for name in results:  # interleaved, so drift hits both
                results[name].append(measure(browser, server, *TARGETS[name], args.clicks))
        browser.close()
    summary = {}
    print(f"{'notebook':<20} {'interactive':>10} {'click median':>13} {'page bytes':>12}"
          f" {'chart first open':>17}")
    for name, rows in results.items():
        load = statistics.median(r[0] for r in rows)
        clicks = [r[1] for r in rows if r[1] is not None]
        click = statistics.median(clicks) if clicks else None
        size = statistics.median(r[2] for r in rows)
        charts = [r[3] for r in rows if r[3] is not None]
        summary[name] = (load, click, size)
        shown = f"{click * 1000:>10.0f} ms" if click else f"{'-':>13}"
        chart = f"{statistics.median(charts):>15.2f} s" if charts else f"{'-':>17}"
        print(f"{name:<20} {load:>8.2f} s {shown} {size / 1e6:>9.2f} MB {chart}")
    base = summary["baseline"]
    for name, (load, click, size) in summary.items():
        if name != "baseline":
            ratio = f"click x{click / base[1]:.2f}, " if click else ""
            print(f"{name}/baseline: interactive x{load / base[0]:.2f}, {ratio}"
                  f"bytes x{size / base[2]:.2f}")


if __name__ == "__main__":
    main()
