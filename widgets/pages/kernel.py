"""What a Voila page's kernel does once its page is built: keep the built objects out of
the garbage collector's way."""

from __future__ import annotations

import gc
import os


def freeze_built_objects() -> None:
    """In a Voila page's kernel, move every object that exists now out of the cyclic
    garbage collector's sight (``gc.freeze``).

    What a page builds (the imported modules, the engines, the app's widgets) lives as
    long as its kernel, so the collector gains nothing by walking it again; it did at
    every full collection, and above all when the kernel shuts down: IPython clears the
    namespaces and collects at exit, which took about 0.5 s of CPU per kernel (0.05 s
    frozen). A class of thirty leaving the gallery for an app at once paid that thirty
    times, on the same cores that were opening their apps. Objects made later (each
    step's) are collected as usual. Outside Voila (the tests, JupyterLab) this does
    nothing: there the objects are not the kernel's for life."""
    if "VOILA_PREHEAT" in os.environ:   # Voila sets it in every kernel it starts
        gc.freeze()
