"""A class at once: N students open the gallery, then an app, step and branch.

    python benchmarks/classroom.py --students N [--clients protocol|browser]
                                   [--class-pool] [--cull-seconds S] [--per-browser K]
                                   [--no-preheat]

The server is ./scripts/serve.sh's: Voila with config/voila.py (preheated kernels, the
culler) on a free localhost port; ``--class-pool`` serves it as ``serve.sh --class N
--class-games sneaky_bastard`` does (N kernels preheated for the gallery and for the
game the class opens, see config/voila.py) and waits until the pool is full, as a
teacher starts the server before the lesson. ``--cull-seconds``
shortens the cull time (300 s) so that the run ends sooner, but not much: a page whose
scripts take long to open its websocket (as on a starved machine) loses its kernel to
the culler before it connects.

The students all start together. With ``--clients protocol`` (the default) each is a
client that speaks what a Voila page's scripts speak (benchmarks/voila_client.py): it
requests the page, opens its kernel's websocket and fetches the widget states, clicks
with widget messages, and draws nothing, so the figures are the server's: real
students bring their own machines to draw the page. With ``--clients browser`` each is a
headless Chromium context (K students per browser process, default 10), which on this
machine also measures the browsers competing with the server for its cores. Each one:

1. opens the gallery (``index.ipynb``) and waits until it is interactive (the browser:
   until it shows; the protocol: until the widget states are in and hold the link);
2. follows the gallery's link into Sneaky Bastard's four-player example (the gallery
   page goes, so Voila shuts its kernel down) and waits until the app is interactive
   (its Next button shows, or its widget states are in);
3. clicks Next ten times, each time until the step label changes (the protocol: until
   the kernel has sent everything the click made, and the label has changed);
4. branches once ("Play from here") and waits for the move composer.

Half the students then leave the ordinary way (the page navigates away, so Voila asks the
server to shut its kernel down), the other half vanish (their browser context is closed
without a word, as a killed browser or a shut laptop does), which only the culler catches.

It prints p50/p95 of the time to interactive (gallery, app), click-to-update (Next) and
branch; the server's CPU (mean and peak over the run, % of one core, the Voila process
and its kernels together) and RSS (peak, and at the end), and the CPU the simulated
students' browsers took on the same machine (real students bring their own); the kernels alive when everyone
has loaded, after every tab has closed, and after the cull time; and how many students
failed a step (a timeout or an error), which should be none. The preheated kernels
(one per notebook) are counted among the kernels. Figures only: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import re
import statistics
import tempfile
import threading
import time
from pathlib import Path

import psutil
from playwright.async_api import async_playwright
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, CLASS_CONFIG, VoilaServer
from voila_client import VoilaPage

ROOT = Path(__file__).resolve().parents[1]
APP = "sneaky_bastard.ipynb?example=four_players"
APP_LINK = f"a.rt-example-link[href*='{APP}']"
LOAD_MS = 600_000  # a first render under load can take minutes: never wait forever
STEP_MS = 60_000
NEXT_CLICKS = 10
NOTEBOOKS = len(list((ROOT / "notebooks").glob("*.ipynb")))


class Sampler(threading.Thread):
    """The server's CPU and memory, Voila and its kernels together, every half second."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.me = psutil.Process()
        self.cpu: list[float] = []
        self.client_cpu: list[float] = []
        self.rss: list[float] = []
        self.running = True
        self._known: dict[int, psutil.Process] = {}

    def processes(self) -> tuple[list[psutil.Process], list[psutil.Process]]:
        """The server's processes, and the clients' (this script, whose protocol clients
        run in it, and its other descendants: the browsers)."""
        try:
            server = {p.pid for p in [self.root, *self.root.children(recursive=True)]}
            found = self.me.children(recursive=True)
        except psutil.Error:
            return [], []
        # cpu_percent needs the same Process object between calls
        self._known = {p.pid: self._known.get(p.pid, p) for p in found}
        return ([p for pid, p in self._known.items() if pid in server],
                [self.me] + [p for pid, p in self._known.items() if pid not in server])

    def run(self) -> None:
        while self.running:
            server, clients = self.processes()
            cpu = rss = client_cpu = 0.0
            for process in server:
                try:
                    cpu += process.cpu_percent(None)
                    rss += process.memory_info().rss
                except psutil.Error:
                    continue
            for process in clients:
                try:
                    client_cpu += process.cpu_percent(None)
                except psutil.Error:
                    continue
            self.cpu.append(cpu)
            self.rss.append(rss / 1e6)
            self.client_cpu.append(client_cpu)
            time.sleep(0.5)


class Attendance:
    """What one student's lesson took (seconds), or how it failed."""

    def __init__(self, number: int):
        self.number = number
        self.gallery: float | None = None
        self.app: float | None = None
        self.clicks: list[float] = []
        self.branch: float | None = None
        self.failure: str | None = None
        self.page = None


class Student(Attendance):
    """A student in headless Chromium: what they see and click is what is timed."""

    async def attend(self, context, server: VoilaServer, loaded: asyncio.Event) -> None:
        page = self.page = await context.new_page()
        try:
            start = time.perf_counter()
            await page.goto(server.url("index.ipynb"), timeout=LOAD_MS)
            await page.wait_for_selector(".rt-gallery", state="visible", timeout=LOAD_MS)
            self.gallery = time.perf_counter() - start

            start = time.perf_counter()
            await page.click(APP_LINK, timeout=STEP_MS)
            await page.wait_for_selector("button.rt-next", state="visible", timeout=LOAD_MS)
            self.app = time.perf_counter() - start
        except Exception as error:  # a failed student is counted, not fatal
            self.failure = f"loading: {type(error).__name__}: {str(error).splitlines()[0]}"
        finally:
            loaded.set()
        if self.failure:
            return
        try:
            for _ in range(NEXT_CLICKS):
                before = await page.inner_text(".rt-step-label")
                start = time.perf_counter()
                await page.click("button.rt-next", timeout=STEP_MS)
                await page.wait_for_function(
                    "old => document.querySelector('.rt-step-label').innerText !== old",
                    arg=before, timeout=STEP_MS)
                self.clicks.append(time.perf_counter() - start)
            start = time.perf_counter()
            await page.locator(".rt-seat-pick input").nth(0).check(timeout=STEP_MS)
            await page.click("button.rt-branch", timeout=STEP_MS)
            await page.wait_for_selector(".rt-composer", state="visible", timeout=STEP_MS)
            self.branch = time.perf_counter() - start
        except Exception as error:
            self.failure = f"stepping: {type(error).__name__}: {str(error).splitlines()[0]}"


class ProtocolStudent(Attendance):
    """A student whose page speaks Voila's protocol and draws nothing (voila_client)."""

    async def attend(self, server: VoilaServer, loaded: asyncio.Event) -> None:
        try:
            start = time.perf_counter()
            gallery = self.page = await VoilaPage.open(server.url("index.ipynb"),
                                                       LOAD_MS / 1000)
            if not any(APP in str(state.get("value", "")) for state in gallery.models.values()):
                raise RuntimeError(f"the gallery has no link to {APP}")
            self.gallery = time.perf_counter() - start

            start = time.perf_counter()
            # Following a link unloads the gallery's page, which asks Voila to shut its
            # kernel down without waiting for the answer: so the app does not wait here.
            leaving = asyncio.create_task(gallery.leave())
            app = self.page = await VoilaPage.open(server.url(APP), LOAD_MS / 1000)
            self.app = time.perf_counter() - start
            await leaving
        except Exception as error:  # a failed student is counted, not fatal
            self.failure = f"loading: {type(error).__name__}: {error}"
        finally:
            loaded.set()
        if self.failure:
            return
        try:
            label = app.find("rt-step-label")
            next_button = app.find("rt-next", "ButtonModel")
            for _ in range(NEXT_CLICKS):
                before = app.models[label]["value"]
                start = time.perf_counter()
                await app.click(next_button, STEP_MS / 1000)
                if app.models[label]["value"] == before:
                    raise RuntimeError(f"Next left the step label at {before!r}")
                self.clicks.append(time.perf_counter() - start)
            start = time.perf_counter()
            seat = app.find_all("rt-seat-pick", "CheckboxModel")[0]
            if not app.models[seat]["value"]:
                await app.change(seat, STEP_MS / 1000, value=True)
            await app.click(app.find("rt-branch", "ButtonModel"), STEP_MS / 1000)
            composer = app.find("rt-composer")  # shows when the bots before us have moved
            await app.until(lambda: app.shown(composer), STEP_MS / 1000)
            self.branch = time.perf_counter() - start
        except Exception as error:
            self.failure = f"stepping: {type(error).__name__}: {error}"

    async def go(self) -> None:
        """Half leave the ordinary way (Voila shuts the kernel down), half vanish."""
        if self.page is None:
            return
        if self.number % 2 == 0:
            try:
                await self.page.leave()
            except Exception:
                self.page.vanish()
        else:
            self.page.vanish()


def percentile(values: list[float], share: float) -> float | None:
    """The nearest-rank percentile (share 0.5 is the median), None without values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def shown(seconds: float | None, unit: str = "s") -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.0f} ms" if unit == "ms" else f"{seconds:.1f} s"


def wait_until_quiet(pid: int, seconds: float, busy_percent: float = 15) -> None:
    """Wait until the server and its kernels use under ``busy_percent`` of a core for two
    seconds running (the preheated kernels have run their notebooks), or ``seconds``."""
    processes = {}
    deadline = time.time() + seconds
    quiet = 0
    while time.time() < deadline and quiet < 2:
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            processes.setdefault(process.pid, process)
        total = 0.0
        for process in processes.values():
            try:
                total += process.cpu_percent(None)
            except psutil.Error:
                pass
        quiet = quiet + 1 if total < busy_percent else 0
        time.sleep(1)


def wait_for(condition, seconds: float) -> None:
    deadline = time.time() + seconds
    while not condition() and time.time() < deadline:
        time.sleep(1)


async def run_protocol_class(args, server: VoilaServer, count
                             ) -> tuple[list[ProtocolStudent], dict[str, int]]:
    students = [ProtocolStudent(n) for n in range(args.students)]
    kernels = {}
    events = [asyncio.Event() for _ in students]
    tasks = [asyncio.create_task(s.attend(server, e)) for s, e in zip(students, events)]
    await asyncio.gather(*(e.wait() for e in events))
    kernels["when all have loaded"] = count()
    await asyncio.gather(*tasks)
    await asyncio.gather(*(s.go() for s in students))
    return students, kernels


async def run_browser_class(args, server: VoilaServer, count
                            ) -> tuple[list[Student], dict[str, int]]:
    students = [Student(n) for n in range(args.students)]
    kernels = {}
    async with async_playwright() as p:
        browsers = [await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    for _ in range(math.ceil(args.students / args.per_browser))]
        contexts = [await browsers[s.number // args.per_browser].new_context()
                    for s in students]
        events = [asyncio.Event() for _ in students]
        tasks = [asyncio.create_task(s.attend(c, server, e))
                 for s, c, e in zip(students, contexts, events)]
        await asyncio.gather(*(e.wait() for e in events))
        kernels["when all have loaded"] = count()
        await asyncio.gather(*tasks)
        for student, context in zip(students, contexts):
            if student.number % 2 == 0 and student.page is not None:
                try:  # leaving the ordinary way: Voila's unload request shuts the kernel
                    await student.page.goto("about:blank", timeout=STEP_MS)
                except Exception:
                    pass
            await context.close()
        for browser in browsers:
            await browser.close()
    return students, kernels


POOL_FILLED = re.compile(r"Kernel pool of (\S+) is filled with (\d+) kernel")
POOL_USED = re.compile(r"Using pre-heated kernel: (\S+) for")


def students_kernels(server: VoilaServer, log: Path, preheated: bool) -> int:
    """How many of the server's kernels are students' (a page took them), not waiting."""
    alive = server.kernels()
    if not preheated:
        return len(alive)
    return len(set(alive) & set(POOL_USED.findall(log.read_text())))


def pool_sizes(log: Path) -> dict[str, int]:
    """Each notebook's preheated pool, as the server's log last said it was filled."""
    return {name: int(size) for name, size in POOL_FILLED.findall(log.read_text())}


def idle_kernel_memory(server: VoilaServer) -> list[tuple[float, float]]:
    """RSS and USS (MB) of each kernel the server runs: the waiting pool, before a class."""
    found = []
    for pid in server.kernels().values():
        try:
            memory = psutil.Process(pid).memory_full_info()
        except psutil.Error:
            continue
        found.append((memory.rss / 1e6, memory.uss / 1e6))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=10)
    parser.add_argument("--clients", choices=("protocol", "browser"), default="protocol",
                        help="students speaking Voila's protocol (default) or in Chromium")
    parser.add_argument("--class-pool", action="store_true",
                        help="preheat a pool sized to the class, as serve.sh --class N")
    parser.add_argument("--cull-seconds", type=int, default=300)
    parser.add_argument("--per-browser", type=int, default=10)
    parser.add_argument("--no-preheat", action="store_true",
                        help="serve without preheated kernels, to compare")
    args = parser.parse_args()
    interval = max(1, args.cull_seconds // 10)
    options = [f"--MappingKernelManager.cull_idle_timeout={args.cull_seconds}",
               f"--MappingKernelManager.cull_interval={interval}"]
    if args.no_preheat:
        options.append("--VoilaConfiguration.preheat_kernel=False")
    for name in ("TUTOR_CLASS_SIZE", "TUTOR_CLASS_GAMES"):
        os.environ.pop(name, None)
    if args.class_pool:  # serve.sh --class N --class-games GAME; config/voila.py reads them
        os.environ["TUTOR_CLASS_SIZE"] = str(args.students)
        os.environ["TUTOR_CLASS_GAMES"] = APP.split(".ipynb")[0]
    log = Path(tempfile.mkdtemp(prefix="classroom-")) / "voila.log"
    load_at_start = psutil.getloadavg()
    with VoilaServer(ROOT / "notebooks", config=CLASS_CONFIG, options=options,
                     log=log, startup_seconds=120) as server:
        filling = time.time()
        if args.no_preheat:
            pool = 0
        else:  # the teacher starts the server before the lesson: wait for a full pool
            wait_for(lambda: len(pool_sizes(log)) >= NOTEBOOKS, 1800)
            pool = sum(pool_sizes(log).values())
        wait_until_quiet(server.process.pid, 600)  # and has run its notebooks to the link
        fill_seconds = time.time() - filling
        pooled = idle_kernel_memory(server)
        sampler = Sampler(server.process.pid)
        sampler.start()
        started = time.time()
        run_class = run_protocol_class if args.clients == "protocol" else run_browser_class
        def count():
            return students_kernels(server, log, not args.no_preheat)
        students, kernels = asyncio.run(run_class(args, server, count))
        class_seconds = time.time() - started
        wait_for(lambda: count() <= args.students // 2, 30)
        kernels["after all tabs close"] = count()
        closed = time.time()
        # The culler shuts kernels down one after another: give it time beyond the timeout
        wait_for(lambda: count() == 0, 2 * args.cull_seconds + 3 * interval + 120)
        kernels[f"after the cull time ({args.cull_seconds} s; the last went "
                f"{time.time() - closed:.0f} s after the tabs closed)"] = count()
        kernels["waiting in the pool then"] = len(server.kernels()) - count()
        sampler.running = False
        sampler.join()

    failed = [s for s in students if s.failure]
    load = psutil.getloadavg()
    print(f"{args.students} students ({args.clients} clients), "
          f"{'no preheat' if args.no_preheat else f'preheated pool of {pool}'}"
          f"{' (the class pool, filled in %.0f s)' % fill_seconds if args.class_pool else ''}, "
          f"{psutil.cpu_count()} cores, load average {load_at_start[0]:.1f} at the start, "
          f"{load[0]:.1f} at the end (other work on the machine counts); "
          f"the class took {class_seconds:.0f} s")
    rows = [("gallery interactive", [s.gallery for s in students if s.gallery], "s"),
            ("app interactive", [s.app for s in students if s.app], "s"),
            ("Next click to update", [c for s in students for c in s.clicks], "ms"),
            ("branch to composer", [s.branch for s in students if s.branch], "ms")]
    print(f"{'':<24} {'p50':>9} {'p95':>9} {'n':>5}")
    for name, values, unit in rows:
        print(f"{name:<24} {shown(percentile(values, 0.5), unit):>9} "
              f"{shown(percentile(values, 0.95), unit):>9} {len(values):>5}")
    print(f"server CPU: mean {statistics.mean(sampler.cpu):.0f}%, peak "
          f"{max(sampler.cpu):.0f}% (100% = one core); server RSS: peak "
          f"{max(sampler.rss):.0f} MB, at the end {sampler.rss[-1]:.0f} MB")
    if pooled:
        print(f"idle preheated kernels before the class: {len(pooled)}, each RSS mean "
              f"{statistics.mean(r for r, _ in pooled):.0f} MB, USS mean "
              f"{statistics.mean(u for _, u in pooled):.0f} MB (USS: what each adds up to)")
    print(f"simulated students ({args.clients}), same machine: CPU mean "
          f"{statistics.mean(sampler.client_cpu):.0f}%, peak {max(sampler.client_cpu):.0f}%")
    print("students' kernels alive: " +
          ", ".join(f"{count} {when}" for when, count in kernels.items()))
    print(f"students who failed a step: {len(failed)}")
    for student in failed:
        print(f"  student {student.number}: {student.failure}")
    print(f"server log: {log}")


if __name__ == "__main__":
    main()
