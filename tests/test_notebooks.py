"""Notebooks stay thin, are committed without outputs, run headless, and Voila serves them."""

import json
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from testkit.voila_server import VoilaServer

NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_thin_and_without_outputs(path):
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    assert sum(len("".join(c["source"]).splitlines()) for c in code) <= 10


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_headless_and_shows_a_widget(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for o in outputs)


def test_voila_serves_the_notebooks_on_localhost():
    root = Path(__file__).parents[1] / "notebooks"
    with VoilaServer(root) as server:
        home = urllib.request.urlopen(server.url(), timeout=10)
        assert home.status == 200
        page = urllib.request.urlopen(server.url("index.ipynb"), timeout=120).read().decode()
        assert "Rulebook Tutor" in page
