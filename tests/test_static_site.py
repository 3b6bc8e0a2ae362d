"""The static site (scripts/build-static.sh): the tutor's Python runs in the browser
(Pyodide) and the site is a folder of files, so it must work with no network at all.

One build for the module, served on loopback by Python's own file server; Chromium has
a proxy that does not exist, and every request to another host is aborted and
recorded: a test fails on any such request and on any error in a page, JavaScript's
or Python's (the site carries no pandas, so an import of it on the app's path fails)."""

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from testkit.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port

ROOT = Path(__file__).parents[1]
TIMEOUT = 180_000   # a page's first start compiles Python in the browser


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("static") / "site"
    subprocess.run([str(ROOT / "scripts" / "build-static.sh"), str(out)], check=True,
                   env={**os.environ, "PYTHON": sys.executable}, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    return out


@pytest.fixture(scope="module")
def site(built):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(built), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait()


@pytest.fixture(scope="module")
def browser(site):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./scripts/test.sh installs Debian's chromium")
    dead_proxy = f"--proxy-server=http://127.0.0.1:{free_port()}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [dead_proxy])
        yield browser
        browser.close()


@pytest.fixture
def offline(browser, site):
    """A page that may load from the site only; what else it asked for, and its errors,
    are checked when the test ends."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  accept_downloads=True)
    outside, errors = [], []

    def only_the_site(route):
        url = route.request.url
        if url.startswith((site, "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.open = lambda path: page.goto(site + path, timeout=TIMEOUT)
    yield page
    # Python's errors (a module missing from the site, say) show in the page itself.
    python_errors = page.locator(
        "[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
    context.close()
    assert outside == [], "the page asked another host"
    assert errors == [], "the page had errors"
    assert python_errors == [], "Python failed in the page"


def shows(page, selector: str, snippet: str) -> None:
    expect(page.locator(selector).first).to_contain_text(snippet)


def test_the_gallery_opens_a_game_and_its_rules_link_to_steps(offline, site):
    offline.open("")   # the site's front page leads to the gallery
    offline.wait_for_selector(".rt-gallery", timeout=TIMEOUT)
    assert offline.url == site + "voici/render/index.html"
    assert offline.locator(".rt-game").count() == 5
    rule_link = offline.locator(".rt-shown-in a").first.get_attribute("href")
    assert rule_link.split("?")[0].endswith(".html")   # a page of this site
    offline.locator("a.rt-example-link", has_text="Spring cleaning").click()
    offline.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    assert "bargain_hunter.html?example=" in offline.url
    shows(offline, ".rt-step-label", "Step 0 of 4")
    shows(offline, ".rt-narration", "Spring cleaning")
    offline.click("button.rt-next")
    shows(offline, ".rt-step-label", "Step 1 of 4")
    expect(offline.locator("button.rt-next")).to_be_in_viewport()


def test_the_gallery_makes_a_worksheet_in_the_browser_with_links_to_this_site(offline, site,
                                                                              tmp_path):
    """"Print a worksheet" on the static site: made by the browser's Python (segno draws
    the QR codes there), offered as a file, its links leading to this site's pages."""
    offline.open("voici/render/index.html")
    offline.wait_for_selector(".rt-gallery", timeout=TIMEOUT)
    row = offline.locator(".rt-worksheet-row", has_text="Bargain Hunter")
    row.locator("button", has_text="Print a worksheet").click()
    link = row.locator("a.rt-worksheet-download")
    link.wait_for(timeout=TIMEOUT)
    with offline.expect_download() as download:
        link.click()
    saved = tmp_path / "sheet.html"
    download.value.save_as(saved)
    sheet = saved.read_text(encoding="utf-8")
    assert sheet.count("<section class='ws-question'") == 10 and "class='ws-key'" in sheet
    assert f"href='{site}voici/render/bargain_hunter.html?example=" in sheet
    assert "src='data:image/svg+xml" in sheet


def test_a_link_to_a_step_then_a_move_the_chart_and_a_download_loaded_back(offline, tmp_path):
    offline.open("voici/render/sneaky_bastard.html?example=four_players&step=7&view=Lisa")
    offline.wait_for_selector("button.rt-next", timeout=TIMEOUT)
    shows(offline, ".rt-step-label", "Step 7 of 10")
    assert offline.locator("[data-seat='1'] .rt-hand [data-card]").count() == 0   # as Lisa
    assert offline.locator(".rt-link a").get_attribute("href") == \
        "?example=four_players&step=7&view=Lisa"

    # Fleur plays a move of her own, the others played by the bot.
    seats = offline.locator(".rt-seat-pick input")
    seats.nth(0).uncheck()
    seats.nth(3).check()
    offline.click("button.rt-branch")
    shows(offline, ".rt-composer", "Fleur to act")
    table_before = offline.inner_text(".rt-table-view")
    offline.locator(".rt-toggle", has_text="250K").first.click()
    shows(offline, ".rt-composer", "Allowed:")
    offline.click("button.rt-bid-button")
    shows(offline, ".rt-narration", "Fleur")
    assert offline.inner_text(".rt-table-view") != table_before

    offline.get_by_text("Chart", exact=True).click()
    expect(offline.locator(".rt-chart .main-svg").first).to_be_visible(timeout=30_000)

    # The game so far, downloaded in the all-seeing view, loads back.
    offline.select_option(".rt-perspective select", label="All-seeing (teacher)")
    with offline.expect_download() as download:
        offline.locator(".rt-download a").click()
    saved = tmp_path / "game.yaml"
    download.value.save_as(saved)
    assert "game: sneaky_bastard" in saved.read_text()
    with offline.expect_file_chooser() as chooser:
        offline.click(".rt-upload")
    chooser.value.set_files(saved)
    shows(offline, ".rt-message", "Loaded game.yaml")
    assert "(game.yaml)" in offline.eval_on_selector(
        ".rt-example select", "s => s.options[s.selectedIndex].text")

    # The free-play seed field was drawn: a seed limit too large for the page once broke
    # every widget of the app ("Do not know how to serialize a BigInt", a page error).
    assert offline.locator(".rt-free-start").count() == 1


# What a package's wheel carries that no page uses: its tests, its type stubs and
# read-me texts, the page halves a widget package brings for Jupyter (the site serves
# its own copy of each), Pygments' lexers of other languages.
NEVER_USED = re.compile(r"(?:^|/)tests?/|\.data/|(?:^|/)(?:lab|nb)extension/|"
                        r"\.(?:pyi|rst|md)$|(?:^|/)py\.typed$|^IPython/testing/plugin/|"
                        r"^pygments/lexers/(?!(?:__pycache__/)?(?:__init__|_mapping|python)\.)")


def test_the_site_carries_no_tests_or_docs_of_packages(built):
    wheels = sorted((built / "static" / "pyodide").glob("*.whl"))
    assert len(wheels) > 20
    unused = [f"{wheel.name}: {name}" for wheel in wheels
              for name in zipfile.ZipFile(wheel).namelist()
              if ".dist-info/" not in name and NEVER_USED.search(name)]
    assert unused == []
    # The lexer that tracebacks are shown with is still there.
    pygments = next(w for w in wheels if w.name.startswith("pygments-"))
    assert "pygments/lexers/python.py" in zipfile.ZipFile(pygments).namelist()


# The kernel's start as its worker runs it (@jupyterlite/pyodide-kernel 0.7: the site's
# packages loaded, the working folder in the contents drive, piplite then the kernel
# imported), in node, with the site's own Pyodide and wheels; then the tutor's app
# module, and what all that imported.
KERNEL_START = """
const { loadPyodide } = require(process.argv[2] + "pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[2] });
  await py.loadPackage(JSON.parse(process.argv[3]), { messageCallback: () => {} });
  py.FS.mkdirTree("/drive");
  py.FS.chdir("/drive");
  await py.runPythonAsync("import piplite.piplite");
  await py.runPythonAsync("import pyodide_kernel");
  await py.runPythonAsync("import widgets.app");
  console.log(py.runPython(`
import json, sys
from pathlib import Path
import IPython, tutor
from js import performance
from tutor.core.datafile import read_twin
data = sorted(Path(tutor.__file__).parent.rglob("*.yaml"))
json.dumps({"modules": sorted(sys.modules), "path": sys.path,
            "embed": callable(IPython.embed),
            "marks": [mark.name for mark in performance.getEntriesByType("mark")],
            "data files": len(data),
            "data files read as YAML": [str(path) for path in data
                                        if read_twin(path, path.read_text()) is None]})
`));
})();
"""


def test_the_kernel_starts_without_what_a_page_never_uses(built, tmp_path):
    pyodide = built / "static" / "pyodide"
    config = json.loads((built / "jupyter-lite.json").read_text())["jupyter-config-data"]
    packages = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"][
        "loadPyodideOptions"]["packages"]
    script = tmp_path / "kernel_start.js"
    script.write_text(KERNEL_START)
    run = subprocess.run(["node", str(script), f"{pyodide}/", json.dumps(packages)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    started = json.loads(run.stdout.strip().splitlines()[-1])
    # Neither IPython's terminal nor piplite's mock library was imported...
    assert not [m for m in started["modules"] if m.startswith(("prompt_toolkit",
                                                                "unittest.mock"))]
    assert started["embed"]   # ... though IPython.embed is still there to call
    # No import looks in the working folder (the contents drive in a browser).
    assert "" not in started["path"]
    assert started["marks"] == ["rulebook-tutor:kernel-imports-piplite",
                                "rulebook-tutor:kernel-imports-ipython",
                                "rulebook-tutor:kernel-ready"]
    # The tutor's data are read from their compiled twins, not as YAML.
    assert started["data files"] > 40
    assert started["data files read as YAML"] == []
