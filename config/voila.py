"""Voila settings for serving the tutor to a class (read by ./scripts/serve.sh).

Voila reads this file because the serve script passes ``--Voila.config_file_paths=config``;
options given on the command line after it win (the tests pass short timeouts that way).
docs/teaching.md explains every setting for teachers.
"""

import os
from pathlib import Path

# The "tutor" page template lives beside this file: it is Voila's lab template plus a
# notice that replaces a frozen app when its kernel stops. Voila looks for templates on
# JUPYTER_PATH, so put this folder first on it (before Voila collects its template paths).
_HERE = Path(__file__).resolve().parent
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(_HERE / "jupyter")] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p])
c.VoilaConfiguration.template = "tutor"  # noqa: F821 (traitlets provides c)

# Every page runs its own kernel, and Voila never reconnects a page to an old kernel, so
# a kernel whose page has gone (tab closed, laptop shut, network lost) is only memory.
# Voila asks the server to shut a page's kernel down when the tab closes; the culler
# catches the pages that could not say goodbye. A page that is still open keeps its
# kernel however long it sits idle (cull_connected=False): a student thinking is not gone.
c.MappingKernelManager.cull_idle_timeout = 300   # seconds without activity or a page
c.MappingKernelManager.cull_interval = 60        # how often the culler looks
c.MappingKernelManager.cull_connected = False
# Voila's page asks the server to shut its kernel down when the tab closes, but the request
# carries no XSRF token (Voila serves no _xsrf cookie), so the server refused it and every
# closed tab left its kernel behind (voila-dashboards/voila#1458). Voila has no login, so
# the XSRF check protects nothing here; the kernel ids it would guard are random.
c.Voila.tornado_settings = {"disable_check_xsrf": True}

# A kernel that dies is not restarted: a restarted kernel has none of the app's widgets,
# so its page would look alive and do nothing. The page says the tutor stopped instead.
c.KernelRestarter.restart_limit = 0

# When the server is busy (a class opening pages at once), a cell's output can reach the
# server after its "done" reply; Voila waits only 4 s for it by default and then renders
# the cell empty: a blank page. Wait up to a minute instead.
c.VoilaExecutor.iopub_timeout = 60

# Preheated kernels: Voila keeps a kernel per notebook started with the notebook run up
# to the point where the app reads the page's link (widgets/links.py waits there for the
# request), so a page gets a kernel with Python and the tutor already imported. Each
# used kernel is replaced after fill_delay seconds. Pool size 1 per notebook keeps the
# idle cost to one kernel per notebook.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 1
c.VoilaKernelManager.fill_delay = 1
