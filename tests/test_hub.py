"""The JupyterHub recipe (deploy/jupyterhub/jupyterhub_config.py) end to end, on localhost.

The hub runs with the recipe's config, a test login (DummyAuthenticator: any name, no
password) and servers started as this same account (SimpleLocalProcessSpawner); two
students log in from their own Chromium contexts, land on the gallery, open an app and
step, each in their own server.

Slow (a few minutes): the first run installs jupyterhub and jupyterhub-idle-culler into
the test's Python with pip, and configurable-http-proxy into .cache/hub with npm, when
they are missing (./scripts/test.sh installs the Python ones with the test extras).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect, sync_playwright

from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port

ROOT = Path(__file__).parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / ".cache" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
GALLERY = "/voila/render/notebooks/index.ipynb"
APP_LINK = "a.rt-example-link[href*='sneaky_bastard.ipynb?example=four_players']"
TIMEOUT = 300_000  # ms: a student's first page waits for their server and kernel to start
STUDENTS = ("ada", "ben")


def install_missing() -> None:
    missing = [package for package, module in (("jupyterhub", "jupyterhub"),
                                               ("jupyterhub-idle-culler", "jupyterhub_idle_culler"))
               if importlib.util.find_spec(module) is None]
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *missing], check=True)
    if not PROXY.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is missing: the hub's proxy, configurable-http-proxy, is an npm "
                        "package (Debian: apt-get install npm)")
        subprocess.run([npm, "install", "--prefix", str(PROXY.parents[2]), "--no-audit",
                        "--no-fund", "configurable-http-proxy"], check=True,
                       stdout=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    install_missing()
    work = tmp_path_factory.mktemp("hub")
    port = free_port()
    command = [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(CONFIG),
               f"--port={port}", f"--JupyterHub.hub_port={free_port()}",
               f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
               "--JupyterHub.authenticator_class=dummy",
               "--JupyterHub.spawner_class=simple",
               f"--SimpleLocalProcessSpawner.home_dir_template={work}/home/{{username}}",
               "--Spawner.start_timeout=240", "--Spawner.http_timeout=240"]
    log = work / "hub.log"
    env = dict(os.environ, TUTOR_HUB_ALLOW_ROOT="1" if os.getuid() == 0 else "0")
    with open(log, "w") as output:
        process = subprocess.Popen(command, cwd=work, env=env, stdout=output,
                                   stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 180
        while True:
            try:
                urllib.request.urlopen(url + "/hub/health", timeout=5)
                break
            except OSError:
                if process.poll() is not None or time.time() > deadline:
                    pytest.fail(f"the hub did not start; its log:\n{log.read_text()[-3000:]}")
                time.sleep(1)
        yield {"url": url, "process": process, "log": log}
    finally:
        children = psutil.Process(process.pid).children(recursive=True)
        process.terminate()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        for child in children:  # a server the hub did not stop in time
            if child.is_running():
                child.kill()


def servers(hub) -> dict[str, psutil.Process]:
    """Each running single-user server process, by the user it serves."""
    found = {}
    for child in psutil.Process(hub["process"].pid).children(recursive=True):
        try:
            if any("jupyterhub-singleuser" in part for part in child.cmdline()):
                found[child.environ()["JUPYTERHUB_USER"]] = child
        except (psutil.Error, KeyError):
            continue
    return found


def log_in(browser, hub, name: str):
    page = browser.new_context().new_page()
    page.set_default_timeout(60_000)
    page.goto(hub["url"] + "/hub/login", timeout=TIMEOUT)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any")
    page.click("[type=submit]")
    page.wait_for_selector(".rt-gallery", state="visible", timeout=TIMEOUT)
    return page


def test_two_students_each_land_on_the_gallery_and_step_in_their_own_server(hub):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = {}
        for name in STUDENTS:
            page = pages[name] = log_in(browser, hub, name)
            assert page.url == f"{hub['url']}/user/{name}{GALLERY}"
            page.click(APP_LINK)
            page.wait_for_selector("button.rt-next", state="visible", timeout=TIMEOUT)
            assert f"/user/{name}/voila/render/notebooks/sneaky_bastard.ipynb" in page.url
            page.click("button.rt-next")
            expect(page.locator(".rt-step-label")).to_have_text("Step 1 of 10")

        # Two servers, one per student, and each page's kernel runs in its student's.
        running = servers(hub)
        assert sorted(running) == sorted(STUDENTS)
        assert running["ada"].pid != running["ben"].pid
        for name, page in pages.items():
            kernel = json.loads(page.inner_text("#jupyter-config-data"))["kernelId"]
            kernels = [" ".join(child.cmdline())
                       for child in running[name].children(recursive=True)]
            assert any(f"kernel-{kernel}.json" in line for line in kernels)

        # Stepping in one student's app leaves the other's where it was.
        pages["ada"].click("button.rt-next")
        expect(pages["ada"].locator(".rt-step-label")).to_have_text("Step 2 of 10")
        expect(pages["ben"].locator(".rt-step-label")).to_have_text("Step 1 of 10")
        # And one student cannot reach the other's server.
        other = pages["ben"].request.get(f"{hub['url']}/user/ada/api/kernels",
                                         max_redirects=0)
        assert other.status in (302, 403, 404)
        browser.close()

    # The idle culler runs as the hub's service.
    commands = [" ".join(child.cmdline())
                for child in psutil.Process(hub["process"].pid).children()]
    assert any("jupyterhub_idle_culler" in line and "--timeout=1800" in line
               for line in commands)
