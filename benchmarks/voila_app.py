"""Voila app speed beside a one-button baseline notebook, in the same run.

    python benchmarks/voila_app.py [--runs N] [--clicks N] [--pause S] [NAME ...]

For every game's app and benchmarks/baseline.ipynb it prints: the time from the
page request until the app is interactive (its first button can be clicked), the median
click-to-update latency (app: "Next" until the *table* has changed, not only the step
label; baseline: the button until its label changes) twice: clicks paced as a learner
clicks, reading between them (--pause seconds, 1 by default), and clicks back to back
(each as soon as the last one's change shows, while the page may still be drawing the
rest of that step); the bytes transferred for the page, and for the apps the time from a
click on the Chart tab until the chart is drawn (first open in a fresh page); then the
ratios app/baseline. NAMEs (a game id, "gallery") measure only those, beside the
baseline, which is always measured. Figures only, no thresholds: the machine is shared
and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

# The tests' Voila server, from the development helpers (testkit, not the product).
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, VoilaServer
from tutor.games import game_ids

ROOT = Path(__file__).resolve().parents[1]

TARGETS = {
    # name: (notebook, selector that means interactive, click selector, changing selector)
    "baseline": ("benchmarks/baseline.ipynb", ".rt-baseline-button",
                 ".rt-baseline-button", ".rt-baseline-count"),
}
# Every game's app: interactive once "Next" shows; a click on it redraws the table.
for _game in game_ids():
    TARGETS[_game] = (f"notebooks/{_game}.ipynb", "button.rt-next", "button.rt-next",
                      ".rt-table-view")
# The gallery has nothing to click that stays on the page: load time and bytes only.
TARGETS["gallery"] = ("notebooks/index.ipynb", ".rt-gallery", None, None)


def click_latencies(page, click, changes, clicks, pause):
    """Seconds from each click until ``changes`` (a selector) shows something new."""
    latencies = []
    for _ in range(clicks):
        time.sleep(pause)
        before = page.inner_html(changes)
        t0 = time.perf_counter()
        page.click(click)
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerHTML !== old",
            arg=[changes, before], timeout=30_000)
        latencies.append(time.perf_counter() - t0)
    return latencies


def measure(browser, server, notebook, ready, click, changes, clicks, pause):
    page = browser.new_page()
    sizes = []
    page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    start = time.perf_counter()
    page.goto(server.url(notebook), timeout=180_000)
    page.wait_for_selector(ready, state="visible", timeout=180_000)
    load = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    paced = back_to_back = [None]
    chart = None
    if click:
        paced = click_latencies(page, click, changes, clicks, pause)
        if changes == ".rt-table-view":   # an app: back to its setup for as many steps again
            click_latencies(page, "button.rt-restart", changes, 1, 0)
        time.sleep(pause)
        back_to_back = click_latencies(page, click, changes, clicks, 0)
    if changes == ".rt-table-view":   # an app: open the chart tab for the first time
        t0 = time.perf_counter()
        page.get_by_text("Chart", exact=True).click()
        page.wait_for_selector(".rt-chart .main-svg", timeout=120_000)
        chart = time.perf_counter() - t0
    page.close()
    return load, paced, back_to_back, sum(sizes), chart


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=4)  # the shortest example has 4 steps
    parser.add_argument("--pause", type=float, default=1.0,
                        help="seconds between paced clicks (a learner reading the step)")
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
                results[name].append(measure(browser, server, *TARGETS[name], args.clicks,
                                             args.pause))
        browser.close()

    def median_ms(values) -> float | None:
        values = [v for v in values if v is not None]
        return statistics.median(values) * 1000 if values else None

    def ms(value) -> str:
        return f"{value:>8.0f} ms" if value is not None else f"{'-':>11}"

    summary = {}
    print(f"{'notebook':<20} {'interactive':>11} {'click paced':>11} {'back to back':>12}"
          f" {'page bytes':>11} {'chart first open':>17}")
    for name, rows in results.items():
        load = statistics.median(r[0] for r in rows)
        paced = median_ms(x for r in rows for x in r[1])
        back = median_ms(x for r in rows for x in r[2])
        size = statistics.median(r[3] for r in rows)
        charts = [r[4] for r in rows if r[4] is not None]
        summary[name] = (load, paced, back, size)
        chart = f"{statistics.median(charts):>15.2f} s" if charts else f"{'-':>17}"
        print(f"{name:<20} {load:>9.2f} s {ms(paced)} {ms(back):>12} {size / 1e6:>8.2f} MB"
              f" {chart}")
    base = summary["baseline"]
    for name, (load, paced, back, size) in summary.items():
        if name != "baseline":
            clicks = (f"click paced x{paced / base[1]:.2f}, back to back x{back / base[2]:.2f}, "
                      if paced else "")
            print(f"{name}/baseline: interactive x{load / base[0]:.2f}, {clicks}"
                  f"bytes x{size / base[3]:.2f}")


if __name__ == "__main__":
    main()
