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
  the links to a step (``widgets/pages/links.py``) read it the same way.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

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
UNPAIRED = ("ipython", "comm", "micropip", "packaging")
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
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                "python_stdlib.zip")
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget",
              "@jupyterlite/pyodide-kernel-extension")

# Read by each page before Voici starts: the notebook's first code cell learns the
# page's query string, as a Voila kernel does from its request. JSON.stringify writes a
# string Python reads as the same string (a URL's query is ASCII, percent-encoded).
QUERY_SCRIPT = """<script>
  (function () {
    var element = document.getElementById("jupyter-config-data");
    var config = JSON.parse(element.textContent);
    var cells = (config.notebookSrc || {}).cells || [];
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].cell_type !== "code") continue;
      var source = [].concat(cells[i].source).join("");
      cells[i].source = '__import__("os").environ["QUERY_STRING"] = ' +
        JSON.stringify(window.location.search.replace(/^\\?/, "")) + "\\n" + source;
      break;
    }
    element.textContent = JSON.stringify(config);
  })();
</script>
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
    part PyYAML's own pure loader reads every scenario (the tutor falls back to it)."""
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
}


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
    a landing page that opens the gallery."""
    local = out / "static" / "fontawesome"
    shutil.rmtree(local, ignore_errors=True)
    shutil.copytree(fonts / "css", local / "css")
    shutil.copytree(fonts / "webfonts", local / "webfonts")
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
            text = text.replace(VOICI_SCRIPT, QUERY_SCRIPT + VOICI_SCRIPT, 1)
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
    wheels = precompiled(npm, [*browser_wheels().glob("*.whl"), *pure_pyyaml().glob("*.whl"),
                               *tutor_wheel().glob("*.whl"), *kernel_extension_wheels()])
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
    check_site(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({size / 1e6:.0f} MB; Pyodide {PYODIDE_VERSION}, "
          f"{len(lock['packages'])} wheels): serve it with "
          f"python -m http.server -d {out} and open /voici/render/index.html")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


if __name__ == "__main__":
    build((Path.cwd() / (sys.argv[1] if len(sys.argv) > 1 else ROOT / "site")).resolve())
