"""Binder launches the repository set in binder/repository, with the versions tested.

(tests/test_binder.py builds and serves a fresh environment from binder/; these are the
quick checks of what it is built from.)"""

import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "scripts" / "binder_repository.py"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    found = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and line != ".":
            match = PIN.match(line)
            assert match, f"binder/requirements.txt: '{line}' is not pinned with =="
            found[canonical(match[1])] = match[2]
    return found


def test_binder_pins_exactly_the_versions_the_tests_run_with():
    installed = {}
    for name in pins():
        try:
            installed[name] = version(name)
        except PackageNotFoundError:
            installed[name] = "not installed"
    assert installed == pins(), "set binder/requirements.txt to the versions in .venv"


def test_every_runtime_dependency_is_pinned_for_binder():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = {canonical(re.split(r"[<>=!~;\[ ]", dep, maxsplit=1)[0])
              for dep in project["dependencies"]}
    assert needed - set(pins()) == set()


def test_every_binder_link_launches_the_set_repository():
    result = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    name = (ROOT / "binder" / "repository").read_text().strip()
    for path in ("README.md", "docs/teaching.md"):
        assert f"mybinder.org/v2/gh/{name}/HEAD?urlpath=" in (ROOT / path).read_text()


def test_setting_the_repository_rewrites_every_link(tmp_path):
    for part in ("README.md", "docs/teaching.md", "binder/repository",
                 "scripts/binder_repository.py", "widgets/pages/gallery.py"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / part, tmp_path / part)
    script = [sys.executable, str(tmp_path / "scripts" / "binder_repository.py")]
    old = (ROOT / "binder" / "repository").read_text().strip()

    assert subprocess.run(script + ["ada/tutor-fork"], capture_output=True).returncode == 0
    assert (tmp_path / "binder" / "repository").read_text() == "ada/tutor-fork\n"
    for path in ("README.md", "docs/teaching.md"):
        text = (tmp_path / path).read_text()
        assert "mybinder.org/v2/gh/ada/tutor-fork/HEAD" in text
        assert f"mybinder.org/v2/gh/{old}/" not in text
    gallery = (tmp_path / "widgets" / "pages" / "gallery.py").read_text()
    assert "github.com/ada/tutor-fork/blob/HEAD/docs/class-quickstart.md" in gallery
    assert f"github.com/{old}/" not in gallery

    refused = subprocess.run(script + ["not a name"], capture_output=True, text=True)
    assert refused.returncode != 0 and "not a GitHub OWNER/NAME" in refused.stderr
    assert (tmp_path / "binder" / "repository").read_text() == "ada/tutor-fork\n"

    # A link edited by hand, out of step with the setting, is reported.
    readme = tmp_path / "README.md"
    readme.write_text(readme.read_text().replace("ada/tutor-fork", "bob/other", 1))
    checked = subprocess.run(script, capture_output=True, text=True)
    assert checked.returncode == 1 and "bob/other" in checked.stdout
