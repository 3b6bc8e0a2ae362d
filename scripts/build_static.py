"""Build the whole tutor as a static site: Voici pages whose Python runs in each
learner's browser (Pyodide), with every file the pages load inside the site.

Run by ``scripts/build-static.sh`` (which sets up the Python packages first):
``python scripts/build_static.py [OUT]`` writes OUT (default ``site/``). Downloads are
kept in ``.cache/static/`` (git ignores it), so a second build needs no network.

What makes the site work offline, by construction:

- Pyodide's core files come from the npm package ``pyodide`` at the version the
  JupyterLite kernel is built for; its own packages normally come from a CDN, so the
  site carries the Python wheels it needs and a ``pyodide-lock.json`` that lists exactly
  those, each with its real sha256, and the kernel's PyPI fallback is off.
- The tutor itself goes in as a wheel built from this folder.
- The page template's CDN font stylesheets are replaced with a local copy of the same
  icon font (Font Awesome 5, which the widgets' icons use).
- Each page passes its own query string to Python as Voila does (``QUERY_STRING``), so
  the links to a step (``widgets/pages/links.py``) read it the same way, and its own address
  (``TUTOR_PAGE_URL``), where a printed worksheet's links lead
  (``widgets/pages/worksheet_button.py``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import yaml
from jupyter_core.paths import jupyter_path
from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "static"
WORK = ROOT / "build" / "static"

FONT_AWESOME = "5.15.4"   # the major version the Voila template links from a CDN
# The browser-side packages. The ones with a JavaScript half in the page (widgets,
# anywidget) are pinned to the versions installed here, whose page extensions the
# build copies; the rest take the newest pure wheel.
PAIRED = ("ipywidgets", "jupyterlab_widgets", "anywidget")
UNPAIRED = ("ipython", "comm", "micropip", "packaging",
            "segno")   # the worksheets' QR codes, made in the browser (widgets/pages/worksheet.py)
# What the kernel installs when it starts, and what the notebooks import: the roots of
# the lock. Pyodide loads them all at once when it starts (``loadPyodideOptions``), in
# parallel, instead of the kernel installing them one after another.
# (Spelt as the kernel checks for them: "pyodide_kernel".)
ROOTS = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi",
         "ipython", "rulebook-tutor")
# The tutor's dependencies that serve or analyse, never imported on the app's path in
# the browser (pandas is imported inside the functions that make tables only).
SERVER_ONLY = {"jupyterlab", "voila", "pandas", "plotly"}
# The kernel's own Python half (piplite, its ipykernel stand-in, pyodide_kernel), and its
# stand-in for widgetsnbextension (the classic notebook's half of ipywidgets, of no use
# in a Voici page).
FROM_KERNEL = ("piplite-", "ipykernel-", "pyodide_kernel-", "widgetsnbextension-4.")
# Markers of Pyodide's Python, to keep only the requirements that apply there (its
# version is read from Pyodide's own lock: the wheels must suit it, not this Python).
BROWSER = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_machine": "wasm32", "os_name": "posix", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "extra": ""}
# (The kernel loads pyodide.js, not its twin pyodide.mjs.)
PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget",
              "@jupyterlite/pyodide-kernel-extension")

# Read by each page before Voici starts: the notebook's first code cell learns the
# page's query string, as a Voila kernel does from its request. JSON.stringify writes a
# string Python reads as the same string (a URL's query is ASCII, percent-encoded).
# The cell also leaves marks for benchmarks/static_site.py (CELL_MARKS).
QUERY_SCRIPT = """<script>
  (function () {
    var element = document.getElementById("jupyter-config-data");
    var config = JSON.parse(element.textContent);
    var cells = (config.notebookSrc || {}).cells || [];
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].cell_type !== "code") continue;
      var source = [].concat(cells[i].source).join("");
      var first = /^\\s*(?:from\\s+([\\w.]+)\\s+import|import\\s+([\\w.]+))/m.exec(source);
      var marks = CELL_MARKS.replace("FIRST_IMPORT",
                                     JSON.stringify(first ? first[1] || first[2] : ""));
      cells[i].source = '__import__("os").environ["QUERY_STRING"] = ' +
        JSON.stringify(window.location.search.replace(/^\\?/, "")) + "\\n" +
        '__import__("os").environ["TUTOR_PAGE_URL"] = ' +
        JSON.stringify(window.location.origin + window.location.pathname) + "\\n" +
        "exec(" + JSON.stringify(marks) + ", {})\\n" + source;
      break;
    }
    element.textContent = JSON.stringify(config);
  })();
</script>
"""
# Run (in a namespace of its own) before the first cell's code: marks that the cell
# starts, has imported the module it imports first (which the cell's own import then
# finds imported), and has run; then it writes every mark and download of the kernel's
# worker (KERNEL_MARKS, Pyodide's files, the wheels) to the console, once, as JSON.
CELL_MARKS = """
import importlib, json
from IPython import get_ipython
from js import console, performance
performance.mark("rulebook-tutor:cell-starts")
first_import = FIRST_IMPORT
if first_import:
    importlib.import_module(first_import)
performance.mark("rulebook-tutor:cell-imported")
def report(*args):
    get_ipython().events.unregister("post_run_cell", report)
    performance.mark("rulebook-tutor:cell-ran")
    entries = [{"name": e.name, "type": e.entryType, "start": e.startTime,
                "end": e.startTime + e.duration} for e in performance.getEntries()]
    console.log("rulebook-tutor marks " + json.dumps({"origin": performance.timeOrigin,
                                                      "entries": entries}))
get_ipython().events.register("post_run_cell", report)
"""
# Font Awesome 5's stylesheets (the app pages), or 4's (the file list page, for which
# 5's with its shims for 4's names stand in).
CDN_STYLESHEET = re.compile(
    r'<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/(?:@fortawesome/'
    r'fontawesome-free@\^5/css/([a-z0-9-]+\.min\.css)|font-awesome@4[0-9.]*/css/'
    r'font-awesome\.min\.css)" type="text/css" />')
VOICI_SCRIPT = '<script src="../build/voici.js"></script>'
LANDING = """<!doctype html>
<meta charset="utf-8">
<title>Rulebook Tutor</title>
<meta http-equiv="refresh" content="0; url=voici/render/index.html">
<a href="voici/render/index.html">Open the Rulebook Tutor</a>
"""


def run(*command: str | Path, **kwargs) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def pip(*args: str | Path, **kwargs) -> None:
    run(sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet", *args, **kwargs)


def npm_packages() -> Path:
    """Pyodide's core and the icon font from npm, installed once into the cache."""
    folder = CACHE / "npm"
    wanted = {"pyodide": PYODIDE_VERSION, "@fortawesome/fontawesome-free": FONT_AWESOME}
    def installed(name: str) -> str | None:
        package = folder / "node_modules" / name / "package.json"
        return json.loads(package.read_text())["version"] if package.exists() else None
    if any(installed(name) != version for name, version in wanted.items()):
        run("npm", "install", "--prefix", folder, "--no-audit", "--no-fund", "--no-save",
            *(f"{name}@{version}" for name, version in wanted.items()))
    return folder / "node_modules"


def browser_wheels() -> Path:
    """Pure wheels for Pyodide's Python, downloaded once per set of requirements."""
    wanted = [f"{name}=={metadata.version(name)}" for name in PAIRED] + list(UNPAIRED)
    key = hashlib.sha256(" ".join(wanted + [BROWSER["python_version"]]).encode()).hexdigest()[:12]
    folder = CACHE / f"wheels-{key}"
    if not (folder / "complete").exists():
        pip("download", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
            "--abi", "none", "--python-version", BROWSER["python_version"], "--dest", folder,
            *wanted)
        (folder / "complete").write_text("\n".join(wanted) + "\n")
    return folder


def pure_pyyaml() -> Path:
    """PyYAML as a pure-Python wheel: PyPI has none for WebAssembly, and without its C
    part PyYAML's own pure loader reads what has no compiled twin (see data_twins), such
    as a game a learner loads (the tutor falls back to it)."""
    version = metadata.version("pyyaml")
    folder = CACHE / f"pyyaml-{version}"
    if not list(folder.glob("*-py3-none-any.whl")):
        pip("wheel", "--no-deps", "--no-binary", "pyyaml", "--wheel-dir", folder,
            f"pyyaml=={version}", env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"})
    return folder


def tutor_wheel() -> Path:
    """The tutor's own code (tutor/ and widgets/ with their data) as a wheel, built
    from this folder each time."""
    folder = WORK / "tutor-wheel"
    shutil.rmtree(folder, ignore_errors=True)
    pip("wheel", "--no-deps", "--wheel-dir", folder, ROOT)
    return folder


# Packages the kernel or IPython ask for that a page never uses, each with why: the site
# carries an empty wheel of that name instead, which answers the request.
STAND_INS = {
    # Pyodide keeps this module on its CDN; IPython runs without it (no history on disk).
    "sqlite3": "The static site keeps no history.",
    # Code completion (5 MB with its type stubs): a Voici page has no code to complete,
    # and IPython completes without it.
    "jedi": "The static site's pages complete no code.",
    # IPython's terminal (1.1 MB, and wcwidth's 0.9 MB under it): a page has no terminal,
    # and the patched IPython (KERNEL_PATCHES) imports it only if embed() is called.
    "prompt_toolkit": "The static site's pages have no terminal.",
}

# Inside the wheels, what no page uses: a package's tests (and IPython's test plugin);
# its type stubs and read-me texts; the files a wheel installs outside its package
# (``NAME.data/``: Jupyter's page extensions, of which the site has its own copy, see
# EXTENSIONS) and the same page halves kept inside a widget package; and Pygments'
# lexers other than Python's (a page highlights nothing but a traceback). A wheel's
# metadata and licences (``NAME.dist-info/``) stay whole.
UNUSED = re.compile(r"""(?![^/]+\.dist-info/)(?:
    [^/]+\.data/.*
  | (?:[^/]+/)*tests?/.*
  | IPython/testing/plugin/.*
  | .*(?:\.pyi|\.rst|\.md|/py\.typed|/\.gitignore)
  | [^/]+/(?:labextension|nbextension)/.*
  | pygments/lexers/(?!(?:__init__|_mapping|python)\.py$).*
)""", re.VERBOSE)


@dataclass(frozen=True)
class Patch:
    """An edit the build makes to a file of another project's wheel. ``old`` must be in
    the file exactly once, or the build stops, naming the patch: a new version of the
    package is then looked at, never shipped unpatched by accident."""
    package: str   # its canonical name
    member: str    # the file inside the wheel
    old: str
    new: str


# Edits that make the browser kernel start less: what it imported at every start but
# never uses waits until used, and no import looks in its working folder
# (test_static_site.py checks that the kernel starts so).
KERNEL_PATCHES = (
    # IPython's package imports its terminal (prompt_toolkit: about a second of a start)
    # for embed() alone, which a page never calls.
    Patch("ipython", "IPython/__init__.py", "from .terminal.embed import embed\n", '''
def embed(**kwargs):
    """IPython's terminal embed(), imported when called (rulebook-tutor's static site
    carries no terminal)."""
    from .terminal.embed import embed as terminal_embed

    return terminal_embed(**kwargs)
'''),
    # The kernel works in the contents drive (with a service worker, as in Voici), and
    # Python looks for modules in its working folder ('' on sys.path, put there by
    # Pyodide, and again by IPython's shell for the packages): each import asked the
    # page for the drive's folder, blocking the kernel (about a hundred requests in a
    # start). The kernel's first import (piplite's) takes '' off the path, and its shell
    # leaves it off: a page imports nothing from its folder (files there open as before).
    Patch("piplite", "piplite/__init__.py", "from .piplite import install\n",
          "import sys\n\nif '' in sys.path:\n    sys.path.remove('')\n"
          "from .piplite import install\n"),
    Patch("pyodide-kernel", "pyodide_kernel/__init__.py",
          "ipython_shell_app = LitePythonShellApp()\n",
          "ipython_shell_app = LitePythonShellApp(ignore_cwd=True)\n"),
    # piplite imports unittest.mock (a quarter of a second) for %pip install only, which
    # installs nothing in a site whose PyPI fallback is off.
    Patch("piplite", "piplite/piplite.py", "from unittest.mock import patch\n", '''

def patch(*args, **kwargs):
    """unittest.mock's patch, imported when %pip installs (rulebook-tutor's static site)."""
    from unittest.mock import patch as mock_patch

    return mock_patch(*args, **kwargs)

'''),
)

# Marks the kernel leaves in its worker's performance timeline as it starts (a mark
# costs microseconds), which benchmarks/static_site.py reads to time each phase of a
# page's start: its first import (piplite: the wheels are unpacked by then), the import
# of the kernel itself (IPython), and the kernel ready.
MARK = '__import__("js").performance.mark("rulebook-tutor:{}")\n'
KERNEL_MARKS = (
    Patch("piplite", "piplite/__init__.py", "from .piplite import install\n",
          MARK.format("kernel-imports-piplite") + "from .piplite import install\n"),
    Patch("pyodide-kernel", "pyodide_kernel/__init__.py", "import sys\n",
          "import sys\n" + MARK.format("kernel-imports-ipython")),
    Patch("pyodide-kernel", "pyodide_kernel/__init__.py", "sys.stderr = stderr_stream\n",
          "sys.stderr = stderr_stream\n" + MARK.format("kernel-ready")),
)


def stand_in(folder: Path, name: str, summary: str) -> Path:
    """A wheel called ``name`` with nothing in it but its metadata."""
    path = folder / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                            f"Summary: An empty stand-in. {summary}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: rulebook-tutor\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{member},sha256={_digest(text.encode())},{len(text.encode())}"
              for member, text in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(zipfile.ZipInfo(member, (2020, 1, 1, 0, 0, 0)), text)
    return path


def prepared(wheels: list[Path], folder: Path) -> list[Path]:
    """The wheels as the site carries them, written to ``folder``: without what no page
    uses (UNUSED), with the KERNEL_PATCHES and KERNEL_MARKS made, and the tutor's own
    with the compiled twins of its data files. The same wheels in, the same bytes out."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    done = []
    for path in wheels:
        name = canonicalize_name(path.name.split("-")[0])
        with zipfile.ZipFile(path) as archive:
            members = {info.filename: (info, archive.read(info))
                       for info in archive.infolist()
                       if not UNUSED.fullmatch(info.filename)}
        for patch in (p for p in KERNEL_PATCHES + KERNEL_MARKS if p.package == name):
            info, data = members.get(patch.member, (None, b""))
            text = data.decode()
            if text.count(patch.old) != 1:
                sys.exit(f"build-static: {path.name}: the patch of {patch.member} no "
                         f"longer applies (it looks for {patch.old.strip()!r} once): see "
                         "KERNEL_PATCHES and KERNEL_MARKS in scripts/build_static.py")
            members[patch.member] = (info, text.replace(patch.old, patch.new).encode())
        if name == "rulebook-tutor":
            members.update(data_twins(members))
        done.append(_write_wheel(folder / path.name, members))
    return done


def data_twins(members: dict) -> dict:
    """Compiled twins (tutor.core.datafile) of the tutor's YAML data files in a wheel: a
    worked example's from tutor.scenario, any other's from its value. A file whose value
    JSON cannot hold, or a worked example that does not load, keeps being read as YAML."""
    from tutor import scenario
    from tutor.core import datafile

    twins = {}
    scratch = WORK / "twins"
    for member, (_, data) in members.items():
        if not (member.startswith("tutor/") and member.endswith(".yaml")):
            continue
        shutil.rmtree(scratch, ignore_errors=True)
        path = scratch / member
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        try:
            if path.parent.name == "scenarios":
                twin = scenario.compiled_twin(path)
            else:
                text = data.decode("utf-8")
                value = yaml.load(text, Loader=datafile.safe_loader())
                twin = datafile.twin_text(text, value)
        except (ValueError, scenario.ScenarioError) as error:
            print(f"build-static: {member} stays YAML only: {error}")
            continue
        twins[member + datafile.TWIN_SUFFIX] = (None, twin.encode())
    shutil.rmtree(scratch, ignore_errors=True)
    return twins


def _write_wheel(path: Path, members: dict) -> Path:
    """A wheel of these members (name -> (ZipInfo or None, bytes)), its RECORD rewritten
    to list exactly them."""
    record_name = next(name for name in members if name.endswith(".dist-info/RECORD"))
    lines = []
    for name, (_, data) in members.items():
        if name != record_name:
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            lines.append(f"{name},sha256={digest.decode()},{len(data)}")
    record = "\n".join(lines + [f"{record_name},,"]) + "\n"
    members = {**members, record_name: (members[record_name][0], record.encode())}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, (info, data) in members.items():
            info = info or zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return path


def kernel_extension_wheels() -> list[Path]:
    pypi = extension_folder("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    return [path for path in pypi.glob("*.whl") if path.name.startswith(FROM_KERNEL)]


# Run in Pyodide itself (under node, at build time): compile each wheel's modules to
# bytecode for the very Python the browser runs, which then need not compile them at
# every page start (IPython alone took seconds). The sources stay, for tracebacks; the
# bytecode is used without checking them (they never change once installed).
COMPILE_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({indexURL: %(index)s});
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, {root: %(host)s}, "/host");
py.runPython(`
import compileall, os, py_compile, shutil, zipfile
for name in sorted(os.listdir("/host/in")):
    shutil.rmtree("/tmp/wheel", ignore_errors=True)
    with zipfile.ZipFile("/host/in/" + name) as wheel:
        wheel.extractall("/tmp/wheel")
    compileall.compile_dir("/tmp/wheel", quiet=1, workers=1,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with zipfile.ZipFile("/host/out/" + name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for folder, _, files in sorted(os.walk("/tmp/wheel")):
            for file in sorted(files):
                path = os.path.join(folder, file)
                wheel.write(path, os.path.relpath(path, "/tmp/wheel"))
`);
"""


def precompiled(npm: Path, wheels: list[Path]) -> list[Path]:
    """The wheels with their bytecode compiled in, each kept in the cache by the digest
    of what went in (so only the tutor's own wheel is compiled again each build)."""
    cache = CACHE / "compiled"
    cache.mkdir(parents=True, exist_ok=True)
    done = {path: cache / _digest(path.read_bytes())[:16] / path.name for path in wheels}
    todo = [path for path, compiled in done.items() if not compiled.exists()]
    if todo:
        host = WORK / "compile"
        shutil.rmtree(host, ignore_errors=True)
        (host / "in").mkdir(parents=True)
        (host / "out").mkdir()
        for path in todo:
            shutil.copy2(path, host / "in" / path.name)
        core = npm / "pyodide"
        script = host / "compile.mjs"
        script.write_text(COMPILE_SCRIPT % {
            "pyodide": json.dumps(str(core / "pyodide.mjs")),
            "index": json.dumps(str(core) + "/"), "host": json.dumps(str(host))})
        run("node", script)
        for path in todo:
            done[path].parent.mkdir(exist_ok=True)
            shutil.move(host / "out" / path.name, done[path])
    for old in set(cache.iterdir()) - {compiled.parent for compiled in done.values()}:
        shutil.rmtree(old)   # earlier builds' tutor wheels
    return list(done.values())


def read_wheel(path: Path) -> dict:
    """A lock entry for one wheel, with the requirements that apply in the browser."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = archive.read(meta_name).decode()
    fields = [line.split(": ", 1) for line in meta.split("\n\n")[0].splitlines() if ": " in line]
    name = canonicalize_name(next(v for k, v in fields if k == "Name"))
    requires = []
    for k, value in fields:
        if k != "Requires-Dist":
            continue
        requirement = Requirement(value)
        if requirement.marker is None or requirement.marker.evaluate(BROWSER):
            requires.append(canonicalize_name(requirement.name))
    imports = sorted({entry.split("/")[0].removesuffix(".py") for entry in names
                      if not entry.split("/")[0].endswith((".dist-info", ".data"))
                      and not entry.startswith("__pycache__")})
    return {"name": name, "version": next(v for k, v in fields if k == "Version"),
            "file_name": path.name, "install_dir": "site", "sha256": _digest(path.read_bytes()),
            "package_type": "package", "imports": imports, "depends": requires,
            "unvendored_tests": False, "shared_library": False, "_path": path}


def write_pyodide(npm: Path, wheels: list[Path], dest: Path) -> dict:
    """Pyodide's core and the wheels the pages need, with a lock listing exactly them."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    core = npm / "pyodide"
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, dest / name)
    available = {}
    for path in reversed(wheels):
        entry = read_wheel(path)
        available.setdefault(entry["name"], entry)
    chosen, todo = {}, list(ROOTS)
    while todo:
        name = canonicalize_name(todo.pop())
        if name in chosen:
            continue
        if name not in available:
            sys.exit(f"build-static: no wheel for {name!r}, which the browser needs")
        entry = available[name]
        if name == "rulebook-tutor":
            entry["depends"] = [d for d in entry["depends"] if d not in SERVER_ONLY]
        chosen[name] = entry
        todo += entry["depends"]
    packages = {}
    for name, entry in sorted(chosen.items()):
        shutil.copy2(entry.pop("_path"), dest / entry["file_name"])
        packages[name] = entry
    info = json.loads((core / "pyodide-lock.json").read_text())["info"]
    lock = {"info": info, "packages": packages}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


def extension_folder(name: str) -> Path:
    for root in jupyter_path("labextensions"):
        folder = Path(root) / name
        if (folder / "package.json").exists():
            return folder
    sys.exit(f"build-static: the page extension {name} is not installed")


def lite_settings() -> dict:
    """The kernel's settings: no fallback to PyPI (nothing leaves the site), and every
    package loaded when Pyodide starts."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": list(ROOTS)}}}}}


def finish_pages(out: Path, fonts: Path) -> None:
    """Local icon font instead of the CDN's, each page's query string for Python, and
    a landing page that opens the gallery. Of the font, the minified stylesheets (which
    the pages link) and the WOFF2 files alone: every browser the pages run in reads WOFF2,
    and never asks for the older formats the stylesheet also names."""
    local = out / "static" / "fontawesome"
    shutil.rmtree(local, ignore_errors=True)
    (local / "css").mkdir(parents=True)
    (local / "webfonts").mkdir()
    for stylesheet in (fonts / "css").glob("*.min.css"):
        shutil.copy2(stylesheet, local / "css")
    for font in (fonts / "webfonts").glob("*.woff2"):
        shutil.copy2(font, local / "webfonts")
    for page in (out / "voici").rglob("*.html"):
        text = page.read_text()
        prefix = "../" * (len(page.relative_to(out).parts) - 1)
        text = CDN_STYLESHEET.sub(
            lambda m: "".join(f'<link rel="stylesheet" href="{prefix}static/fontawesome/css/'
                              f'{name}" type="text/css" />'
                              for name in ([m[1]] if m[1] else ["all.min.css",
                                                                  "v4-shims.min.css"])), text)
        if page.parent.name == "render":   # a notebook's page
            if VOICI_SCRIPT not in text:
                sys.exit(f"build-static: {page} does not load {VOICI_SCRIPT} where expected")
            script = QUERY_SCRIPT.replace("CELL_MARKS", json.dumps(CELL_MARKS), 1)
            text = text.replace(VOICI_SCRIPT, script + VOICI_SCRIPT, 1)
        page.write_text(text)
    (out / "index.html").write_text(LANDING)


def check_site(out: Path) -> None:
    """Fail if a page still names a stylesheet or script on another host."""
    outside = re.compile(r'<(?:link|script)[^>]+(?:href|src)="(https?://[^"]+)"')
    for page in out.rglob("*.html"):
        for url in outside.findall(page.read_text()):
            sys.exit(f"build-static: {page.relative_to(out)} still loads {url}")


def build(out: Path) -> None:
    npm = npm_packages()
    python = json.loads((npm / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    BROWSER.update(python_full_version=python,
                   python_version=".".join(python.split(".")[:2]))
    stand_ins = WORK / "stand-ins"
    shutil.rmtree(stand_ins, ignore_errors=True)
    stand_ins.mkdir(parents=True)
    # Where two wheels have one name, the later wins: the kernel's stand-in for
    # widgetsnbextension, then the empty stand-ins.
    # (jedi and prompt_toolkit would be compiled in vain: their stand-ins replace them.)
    wheels = [*browser_wheels().glob("*.whl"), *pure_pyyaml().glob("*.whl"),
              *tutor_wheel().glob("*.whl"), *kernel_extension_wheels()]
    wheels = [path for path in wheels
              if canonicalize_name(path.name.split("-")[0]) not in STAND_INS]
    wheels = precompiled(npm, prepared(wheels, WORK / "prepared"))
    wheels += [stand_in(stand_ins, name, why) for name, why in STAND_INS.items()]
    lite = WORK / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lock = write_pyodide(npm, wheels, lite / "static" / "pyodide")
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_settings(), indent=1))
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        sys.exit(f"build-static: {out} holds files that are not a built site: "
                 "name an empty or new folder")
    shutil.rmtree(out, ignore_errors=True)
    extensions = [f"--LiteBuildConfig.federated_extensions={extension_folder(name)}"
                  for name in EXTENSIONS]
    # voici-core's own "python -m voici_core" looks for the voici meta-package: call it.
    voici = "import sys; from voici_core.app import main; sys.exit(main())"
    run(sys.executable, "-c", voici, "build", "--lite-dir", lite,
        "--contents", ROOT / "notebooks", "--output-dir", out, "--ignore-sys-prefix",
        "--no-sourcemaps", *extensions, cwd=lite)
    finish_pages(out, npm / "@fortawesome" / "fontawesome-free")
    # JupyterLite's own application (18 MB), which no page asks for: Voici's pages run
    # their own, from voici/build/.
    shutil.rmtree(out / "build")
    check_site(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({size / 1e6:.0f} MB; Pyodide {PYODIDE_VERSION}, "
          f"{len(lock['packages'])} wheels): serve it with "
          f"python -m http.server -d {out} and open /voici/render/index.html")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


if __name__ == "__main__":
    build((Path.cwd() / (sys.argv[1] if len(sys.argv) > 1 else ROOT / "site")).resolve())
