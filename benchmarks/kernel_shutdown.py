"""CPU a page's kernel spends shutting down, with and without what Voila's kernels do.

    python benchmarks/kernel_shutdown.py [--runs N]

When a student's tab closes (or they follow a link from the gallery into an app) Voila
shuts the page's kernel down, and IPython clears the kernel's namespaces and collects
garbage on its way out. For the gallery and one app this starts a fresh kernel the way
Voila does (``VOILA_PREHEAT`` set, so ``widgets.pages.kernel.freeze_built_objects`` runs once
the page is built) and the same without it (as in JupyterLab, nothing frozen), builds
the page, waits until the kernel is idle, then asks it to shut down as Voila does and
prints the CPU seconds the kernel used from the request to its end. Figures only: the
machine is shared.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from pathlib import Path

import psutil
from jupyter_client import KernelManager

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGES = {"gallery": "from widgets.pages.gallery import landing\npage = landing()",
         "app": "from widgets.app import TutorApp\npage = TutorApp('sneaky_bastard')"}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def shutdown_cpu(code: str, as_voila: bool) -> float:
    """CPU seconds (user + system) the kernel spends between the shutdown request and
    its exit."""
    env = {k: v for k, v in os.environ.items() if k != "VOILA_PREHEAT"}
    if as_voila:   # a kernel Voila started for a page (not a preheated one)
        env.update(VOILA_PREHEAT="False", QUERY_STRING="")
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(NOTEBOOKS))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=120)
    reply = client.execute_interactive(code, timeout=300, output_hook=lambda _: None)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"{code!r} failed: {reply['content'].get('evalue')}")
    time.sleep(1)   # idle
    times = psutil.Process(manager.provisioner.pid).cpu_times()
    before, ended_before = times.user + times.system, children_cpu()
    client.stop_channels()
    manager.shutdown_kernel(now=False)   # the request Voila sends, then the wait
    return children_cpu() - ended_before - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'page':<10} {'as Voila (frozen)':>18} {'without (not frozen)':>21}   median of "
          f"{args.runs} kernels, CPU seconds to shut down")
    for name, code in PAGES.items():
        frozen = [shutdown_cpu(code, True) for _ in range(args.runs)]
        plain = [shutdown_cpu(code, False) for _ in range(args.runs)]
        print(f"{name:<10} {statistics.median(frozen):>16.2f} s {statistics.median(plain):>19.2f} s")


if __name__ == "__main__":
    main()
