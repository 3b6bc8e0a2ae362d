"""Binder, as close as this machine gets (repo2docker itself cannot run here).

What the test does, like Binder would:

1. copies the repository (the files git tracks, plus new files git does not ignore) to a
   temporary folder;
2. makes a fresh virtual environment and runs ``pip install -r binder/requirements.txt``
   in that copy, so the ``.`` line installs the project from the copy (pip's cache is
   used; the first run downloads everything from PyPI and takes a few minutes);
3. starts ``jupyter server`` from that environment, without a token or password (the
   token option is ``IdentityProvider.token`` since jupyter_server 2), on a free localhost
   port, so Voila runs as a server extension as it does on Binder;
4. opens the Binder badge's page, ``/voila/render/notebooks/index.ipynb``, in headless
   Chromium, waits for the gallery, follows its link into Sneaky Bastard (or, if the
   gallery has no such link, opens ``/voila/render/notebooks/sneaky_bastard.ipynb``),
   waits for the app's Next button and saves a screenshot to artifacts/binder_app.png.

Slow: a couple of minutes with a warm pip cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port

ROOT = Path(__file__).parents[1]
ARTIFACTS = ROOT / "artifacts"
TIMEOUT = 180_000  # ms, for a first page render (kernel start and imports)
IGNORED = shutil.ignore_patterns(".git", ".venv", "artifacts", "__pycache__", "*.egg-info",
                                 "build", ".pytest_cache", ".ipynb_checkpoints")


def copy_repository(dest: Path) -> Path:
    """The files a clone would have: git's tracked and not-ignored files (read only git
    commands), or, without git, the folder minus local environments and caches."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(ROOT, dest, ignore=IGNORED)
        return dest
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # skips files deleted in the work tree
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def clean_env(venv: Path, home: Path) -> dict:
    """The fresh environment first on PATH, and Jupyter's folders private to the test,
    so nothing from .venv or ~/.jupyter leaks in."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PIP_NO_CACHE_DIR")
           and not k.startswith("JUPYTER")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    env["JUPYTER_DATA_DIR"] = str(home / "data")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    return env


def wait_for_server(url: str, process: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.time() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=5)
            return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"jupyter server exited with {process.returncode}")
            if time.time() > deadline:
                raise RuntimeError(f"jupyter server did not answer {url} in {seconds}s")
            time.sleep(0.5)


def test_binder_environment_serves_the_gallery_and_an_app(tmp_path):
    """Builds the Binder environment from binder/ alone and opens the badge's page in it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs it "
                    "(apt-get install chromium)")
    repo = copy_repository(tmp_path / "repo")
    assert (repo / "binder" / "requirements.txt").is_file()
    assert (repo / "binder" / "runtime.txt").read_text().strip() == "python-3.11"

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = clean_env(venv, tmp_path / "jupyter")
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
         "-r", "binder/requirements.txt"],
        cwd=repo, env=env, capture_output=True, text=True)
    assert pip.returncode == 0, f"pip install failed:\n{pip.stdout}\n{pip.stderr}"

    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "jupyter_server.log", "w")
    server = subprocess.Popen(
        [str(venv / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={repo}"]
        # Binder runs as an ordinary user; root here (a container) needs the switch.
        + (["--allow-root"] if os.geteuid() == 0 else []),
        cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_server(f"{base}/api/status", server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1400})
                page.set_default_timeout(30_000)
                page.goto(f"{base}/voila/render/notebooks/index.ipynb", timeout=TIMEOUT)
                page.get_by_text("Rulebook Tutor").first.wait_for(timeout=TIMEOUT)
                link = page.locator('a[href*="sneaky_bastard.ipynb"]').first
                try:
                    link.wait_for(timeout=TIMEOUT)
                except PlaywrightTimeout:
                    print("the gallery has no link into sneaky_bastard.ipynb; opening it "
                          "directly")
                    page.goto(f"{base}/voila/render/notebooks/sneaky_bastard.ipynb",
                              timeout=TIMEOUT)
                else:
                    print(f"following the gallery's link {link.get_attribute('href')}")
                    link.click()
                page.locator("button.rt-next").first.wait_for(state="visible",
                                                               timeout=TIMEOUT)
                assert "/voila/render/notebooks/sneaky_bastard.ipynb" in page.url
                page.screenshot(path=str(ARTIFACTS / "binder_app.png"), full_page=True)
            finally:
                browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        shutil.copy(tmp_path / "jupyter_server.log", ARTIFACTS / "binder_jupyter_server.log")
