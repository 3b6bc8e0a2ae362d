"""Serving a class: the repository's Voila config (config/voila.py) in a real server.

The server runs with the class config and short cull timeouts; pages are driven in
headless Chromium. Kernels are counted from the server's child processes (Voila has no
kernel list in its API)."""

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tutor.games import game_ids
from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, CLASS_CONFIG, VoilaServer

ROOT = Path(__file__).parents[1]
TIMEOUT = 180_000
# Seconds; the class config says 300. Not shorter: a page's kernel counts as unconnected
# until the page's scripts have loaded and opened its websocket, which takes seconds on a
# busy machine, and an unconnected idle kernel is what the culler takes.
CULL_IDLE = 20
CULL_INTERVAL = 2
STOPPED = "The tutor stopped: reload the page to start again."
APP = "sneaky_bastard.ipynb"
# Preheat only the app these tests open: six pooled kernels would crowd a small machine.
NOT_PREHEATED = ["index"] + [g for g in game_ids() if f"{g}.ipynb" != APP]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    options = [f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
               f"--MappingKernelManager.cull_interval={CULL_INTERVAL}"]
    options += [f"--VoilaKernelManager.preheat_denylist={name}" for name in NOT_PREHEATED]
    with VoilaServer(ROOT / "notebooks", config=CLASS_CONFIG, options=options,
                     log=log) as server:
        server.log_text = log.read_text
        yield server


@pytest.fixture(scope="module")
def browser(server):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_app(browser, server, query="?example=four_players"):
    page = browser.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url(APP) + query, timeout=TIMEOUT)
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    return page


def kernel_id(page) -> str:
    return json.loads(page.inner_text("#jupyter-config-data"))["kernelId"]


def server_knows(server, kernel: str) -> bool:
    try:
        urllib.request.urlopen(server.url() + f"api/kernels/{kernel}", timeout=10)
        return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.time() + seconds
    while not condition():
        if time.time() > deadline:
            pytest.fail(f"after {seconds} s: {what}")
        time.sleep(0.5)


def test_a_preheated_kernel_still_opens_the_step_the_link_names(browser, server):
    page = open_app(browser, server, "?example=four_players&step=7&view=Lisa")
    assert page.inner_text(".rt-step-label") == "Step 7 of 10"
    kernel = kernel_id(page)
    assert f"Using pre-heated kernel: {kernel}" in server.log_text()

    # A page left the ordinary way asks the server to shut its kernel down at once.
    page.goto("about:blank")
    page.close()
    wait_until(lambda: kernel not in server.kernels(), 60, f"kernel {kernel} still runs")
    assert f"Kernel shutdown: {kernel}" in server.log_text()
    assert f"({kernel}) with 0 connections" not in server.log_text()  # not the culler


# Tried again once: on a fresh clone under the full suite's load the closed page's kernel
# was once still known when asked (stop 31's note); it passed alone and in two full runs.
@pytest.mark.flaky(reruns=1, reruns_delay=5)
def test_a_closed_page_loses_its_kernel_an_open_idle_page_keeps_it(browser, server):
    page = open_app(browser, server)
    kernel = kernel_id(page)
    time.sleep(CULL_IDLE + 2 * CULL_INTERVAL)  # idle past the cull time, page still open
    assert kernel in server.kernels() and server_knows(server, kernel)
    page.click("button.rt-next")
    expect(page.locator(".rt-step-label")).to_have_text("Step 1 of 10", timeout=30_000)

    # A tab that cannot say goodbye (browser killed, laptop shut): only the culler helps.
    page.close(run_before_unload=False)
    wait_until(lambda: kernel not in server.kernels(), 60, f"kernel {kernel} still runs")
    assert not server_knows(server, kernel)
    # The preheated kernel waiting for the next student is idle too, but not culled.
    wait_until(lambda: len(server.kernels()) == 1, 60,
               f"kernels other than the preheated one still run: {server.kernels()}")


def test_a_killed_kernel_says_the_tutor_stopped_and_reload_starts_again(browser, server):
    import psutil

    page = open_app(browser, server)
    psutil.Process(server.kernels()[kernel_id(page)]).kill()
    notice = page.locator(".rt-kernel-stopped")
    expect(notice).to_contain_text(STOPPED, timeout=60_000)
    expect(notice).to_contain_text("died")
    with pytest.raises(Exception):  # the notice covers the app: no click gets through
        page.click("button.rt-next", timeout=2_000)

    page.click(".rt-kernel-stopped button")
    page.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    assert page.inner_text(".rt-step-label") == "Step 0 of 10"
    expect(page.locator(".rt-kernel-stopped")).to_have_count(0)
    page.close(run_before_unload=True)


def test_a_kernel_shut_down_under_an_open_page_says_so(browser, server):
    page = open_app(browser, server)
    kernel = kernel_id(page)
    # What the culler or a server restart does: the server shuts the kernel down.
    page.evaluate("""async (kernel) => {
        const form = new FormData();
        form.append("_xsrf", (document.cookie.match(/\\b_xsrf=([^;]*)\\b/) || [])[1] || "");
        await fetch(`/voila/api/shutdown/${kernel}`, {method: "POST", body: form});
    }""", kernel)
    notice = page.locator(".rt-kernel-stopped")
    expect(notice).to_contain_text(STOPPED, timeout=60_000)
    expect(notice).to_contain_text("shut")
    assert kernel not in server.kernels()
    page.close()


def test_a_preheated_kernel_that_dies_waiting_is_never_handed_to_a_page(browser, server):
    """Issue 37 point 4: the kernel waiting in the pool dies before a page claims it.
    The pool drops it and starts another; the page gets a live kernel and works (or, if
    none could be had, the tutor's own notice says so), never Voila's developer text."""
    import psutil

    wait_until(lambda: len(server.kernels()) == 1, 120,
               f"the preheated kernel alone should run: {server.kernels()}")
    (waiting, process), = server.kernels().items()
    psutil.Process(process).kill()
    page = browser.new_page()
    page.goto(server.url(APP) + "?example=four_players", timeout=TIMEOUT)
    page.wait_for_selector("button.rt-next, .rt-kernel-stopped", timeout=TIMEOUT)
    assert "An exception occurred at the server" not in page.content()
    assert f"Preheated kernel {waiting} for {APP} is dead" in server.log_text()
    assert kernel_id(page) != waiting
    if page.locator(".rt-kernel-stopped").count() == 0:
        page.click("button.rt-next")
        expect(page.locator(".rt-step-label")).to_have_text("Step 1 of 10", timeout=30_000)
    page.close(run_before_unload=True)


@pytest.mark.parametrize("route", ["voila/templates/..%2F..%2Fetc%2Fpasswd",
                                   "voila/templates/tutor/index.html.j2",
                                   "voila/templates/index.html.j2", "logout"])
def test_a_wrong_address_is_not_found_not_a_server_error(server, route):
    """Issue 37 point 8: these answered 500, which reads as a broken server."""
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(server.url() + route, timeout=30)
    assert answer.value.code == 404
    # The template's own files are still served.
    with urllib.request.urlopen(server.url() + "voila/templates/tutor/static/"
                                "kernel_watch.js", timeout=30) as served:
        assert b"The tutor stopped" in served.read()


def test_an_upload_over_the_limit_is_refused_in_the_page_and_the_next_one_loads(browser,
                                                                              server):
    """Issue 37 point 6: a 12 MB file was more than the websocket takes, so it was lost
    with no message, and so was every later upload on that page. The page refuses a file
    over the scenario limit before sending it, and the next upload loads as usual."""
    from tutor.games import scenario_dir
    from tutor.scenario import MAX_FILE_BYTES

    def upload(name: str, content: bytes) -> None:
        with page.expect_file_chooser() as chosen:
            page.click("button.rt-upload")
        chosen.value.set_files(files=[{"name": name, "mimeType": "text/yaml",
                                       "buffer": content}])

    page = open_app(browser, server)
    upload("huge.yaml", b"# " + b"x" * 12_000_000 + b"\n")
    refused = page.locator(".rt-upload-refused")
    expect(refused).to_contain_text(f"at most {MAX_FILE_BYTES:,} bytes", timeout=30_000)
    expect(refused).to_contain_text("huge.yaml has 12,000,003 bytes")

    good = (scenario_dir("sneaky_bastard") / "three_players.yaml").read_bytes()
    upload("mine.yaml", good)
    expect(page.locator(".rt-message")).to_contain_text("Loaded mine.yaml", timeout=60_000)
    expect(refused).to_have_count(0)
    page.close(run_before_unload=True)
