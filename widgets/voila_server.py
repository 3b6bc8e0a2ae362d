"""Start a Voila server on a free localhost port, for the browser tests and benchmarks.

    with VoilaServer(root) as server:
        page.goto(server.url("notebooks/sneaky_bastard.ipynb"))
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class VoilaServer:
    """A Voila server over ``root`` (a folder), stopped when the ``with`` block ends."""

    def __init__(self, root: Path, startup_seconds: float = 60):
        self.root = Path(root)
        self.port = free_port()
        self.startup_seconds = startup_seconds
        self.process: subprocess.Popen | None = None

    def url(self, notebook: str = "") -> str:
        base = f"http://127.0.0.1:{self.port}/"
        return base + f"voila/render/{notebook}" if notebook else base

    def __enter__(self) -> "VoilaServer":
        voila = Path(sys.executable).with_name("voila")
        self.process = subprocess.Popen(
            [str(voila), str(self.root), "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
