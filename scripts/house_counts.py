"""Print the house measures of issue 32, figures only, measured from the source:

    python scripts/house_counts.py

- shared files a new game must edit: files outside the test game's own folder
  (tests/tiny_game/) that name it, other than the tests that exercise it and the docs
  that walk through it (the game is registered by its own declaration alone);
- hand-written lists of every game: files outside the games' own places that name every
  registered game within a few lines (a registry written by hand);
- import circles among the modules of tutor/ and widgets/ (every import counted, those
  inside functions too: an import moved into a function still makes a circle);
- classes with mixins in widgets/ (a class with more than one base);
- functions over 60 lines in widgets/;
- duplicate blocks: pairs of places sharing six or more lines, as the ``duplicates``
  command counts them (when it is on PATH).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("tutor", "widgets")
TEST_GAME_HOME = ROOT / "tests" / "tiny_game"
LONG_FUNCTION = 60
NEAR_LINES = 6   # lines within which one hand-written list names every game


def tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in out.splitlines() if (ROOT / name).is_file()]


def text_of(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return ""


def files_naming_the_test_game(files) -> list[Path]:
    """The test game is the package in tests/tiny_game/ with a spec.py; its id is its
    folder's name (read here, so that this script does not name it either)."""
    game = next(path.parent.name for path in TEST_GAME_HOME.glob("*/spec.py"))
    return [path for path in files
            if TEST_GAME_HOME not in path.parents and not path.name.startswith("test_")
            and path.suffix != ".md" and re.search(rf"\b{game}\b", text_of(path))]


def game_ids_in_repo() -> list[str]:
    return sorted(path.parent.name for path in (ROOT / "tutor" / "games").glob("*/spec.py"))


def files_listing_every_game(files, games) -> list[Path]:
    """Files that name every game within NEAR_LINES lines, outside the games' own places
    and the distribution's declaration (pyproject.toml's entry points)."""
    found = []
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        if (path.name == "pyproject.toml" or path.suffix in (".md", ".ipynb", ".yaml")
                or any(game in relative for game in games)):
            continue
        lines = text_of(path).splitlines()
        for start in range(len(lines)):
            window = "\n".join(lines[start:start + NEAR_LINES])
            if all(re.search(rf"\b{game}\b", window) for game in games):
                found.append(path)
                break
    return found


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of tutor/ and widgets/ that ``name`` imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(text_of(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
    return found


def import_circles() -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def widget_trees():
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        yield path, ast.parse(text_of(path))


def classes_with_mixins() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{node.name}" for path, tree in widget_trees()
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and len(node.bases) > 1]


def long_functions() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{node.name} ({node.end_lineno - node.lineno + 1})"
            for path, tree in widget_trees() for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > LONG_FUNCTION]


def duplicate_blocks() -> str:
    if shutil.which("duplicates") is None:
        return "not available (the duplicates command is not on PATH)"
    out = subprocess.run(["duplicates", "--repo", str(ROOT), "--seconds", "120"],
                         capture_output=True, text=True).stdout
    first = out.splitlines()[0] if out else ""
    if first.startswith("no duplicates"):
        return "0"
    counted = re.match(r"\D*(\d+)", first)
    return counted.group(1) if counted else f"unreadable answer: {first!r}"


def main() -> None:
    files = tracked_files()
    games = game_ids_in_repo()
    print(f"shared files a new game must edit: {len(files_naming_the_test_game(files))}")
    print(f"hand-written lists of every game: {len(files_listing_every_game(files, games))}")
    print(f"import circles (tutor/, widgets/): {len(import_circles())}")
    print(f"classes with mixins in widgets/: {len(classes_with_mixins())}")
    print(f"functions over {LONG_FUNCTION} lines in widgets/: {len(long_functions())}")
    print(f"duplicate blocks (six or more lines): {duplicate_blocks()}")


if __name__ == "__main__":
    main()
