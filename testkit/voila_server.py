"""Start a Voila server on a free localhost port, for the browser tests and benchmarks
(which put this folder on their path): a helper for development, not part of the app.

    with VoilaServer(root) as server:
        page.goto(server.url("notebooks/sneaky_bastard.ipynb"))

``VoilaServer(root, config=CLASS_CONFIG, options=[...])`` serves with the repository's
class settings (config/voila.py, what ./scripts/serve.sh uses); options after it win.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CLASS_CONFIG = Path(__file__).resolve().parents[1] / "config"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class VoilaServer:
    """A Voila server over ``root`` (a folder), stopped when the ``with`` block ends."""

    def __init__(self, root: Path, startup_seconds: float = 60, config: Path | None = None,
                 options: list[str] = (), log: Path | None = None):
        self.root = Path(root)
        self.port = free_port()
        self.startup_seconds = startup_seconds
        self.config = config
        self.options = list(options)
        self.log = log
        self.process: subprocess.Popen | None = None

    def url(self, notebook: str = "") -> str:
        base = f"http://127.0.0.1:{self.port}/"
        return base + f"voila/render/{notebook}" if notebook else base

    def __enter__(self) -> "VoilaServer":
        voila = Path(sys.executable).with_name("voila")
        config = [f"--Voila.config_file_paths={self.config}"] if self.config else []
        output = open(self.log, "w") if self.log else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [str(voila), str(self.root), "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", *config, *self.options],
            stdout=output, stderr=subprocess.STDOUT)
        if self.log:
            output.close()  # the server holds its own copy
        deadline = time.time() + self.startup_seconds
        while True:
            try:
                urllib.request.urlopen(self.url(), timeout=5)
                return self
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    self.__exit__()
                    raise RuntimeError("Voila did not start") from None
                time.sleep(0.3)

    def __exit__(self, *exc) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def kernels(self) -> dict[str, int]:
        """The kernels this server runs now: kernel id -> process id.

        Voila has no kernel list in its API, so this reads the kernel processes' command
        lines (``ipykernel_launcher -f .../kernel-<id>.json``)."""
        import psutil  # ipykernel's dependency; only tests and benchmarks ask for kernels

        found = {}
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                command = child.cmdline()
            except psutil.Error:  # ended while we looked
                continue
            for part in command:
                name = Path(part).name
                if name.startswith("kernel-") and name.endswith(".json"):
                    found[name[len("kernel-"):-len(".json")]] = child.pid
        return found
