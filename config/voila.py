"""Voila settings for serving the tutor to a class (read by ./scripts/serve.sh).

Voila reads this file because the serve script passes ``--Voila.config_file_paths=config``;
options given on the command line after it win (the tests pass short timeouts that way).
docs/teaching.md explains every setting for teachers.
"""

import asyncio
import os
import re
from pathlib import Path

import tornado.web
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.static_file_handler import TemplateStaticFileHandler

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
# to the point where the app reads the page's link (widgets/pages/links.py waits there for the
# request), so a page gets a kernel with Python and the tutor already imported. Each
# used kernel is replaced after fill_delay seconds. Pool size 1 per notebook keeps the
# idle cost to one kernel per notebook.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 1
c.VoilaKernelManager.fill_delay = 1

# Kernels start a few at a time (as many as the machine has cores). Voila starts a whole
# pool at once, and sixty kernels importing Python at once on two cores took minutes
# each: a preheated kernel asks the server for its page's link with a 5 s timeout
# (voila.utils.wait_for_request), so on such a machine it missed it and opened the app
# at the start instead of the step the link named.
#
# A preheated kernel can die while it waits (killed, out of memory, a kernel that failed
# to start on "Address already in use"). Voila logs it as dead and would still hand it to
# the next page: "Running ..." for minutes, or Voila's developer text about tracebacks
# (issue 37). So a dead kernel leaves its pool as it dies, and again, checked process by
# process, before a page is given a pool kernel; the pool starts a replacement at once.
# A page that finds the pool empty starts a fresh kernel, as Voila does without a pool.
# Voila builds its pooling manager as a subclass of this class (it wraps the class named
# in multi_kernel_manager_class), so the pool's own methods are wrapped as it is made.
class _KernelsAFewAtATime(AsyncMappingKernelManager):
    """Jupyter's kernel manager, starting at most ``STARTING_AT_ONCE`` kernels at once,
    whose preheated pools hold only live kernels."""

    STARTING_AT_ONCE = os.cpu_count() or 1
    _starting = asyncio.Semaphore(STARTING_AT_ONCE)

    async def start_kernel(self, *args, **kwargs):
        async with self._starting:
            return await super().start_kernel(*args, **kwargs)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        pool_size = getattr(cls, "get_pool_size", None)
        if pool_size is None:   # not Voila's pooling manager
            return

        def get_pool_size(self, notebook_name: str) -> int:
            """How many pool kernels wait for this notebook, once the dead are gone:
            Voila asks this just before it hands the first of them to a page."""
            self.drop_dead_pool_kernels()
            return pool_size(self, notebook_name)

        cls.get_pool_size = get_pool_size

    def _handle_kernel_died(self, kernel_id):
        super()._handle_kernel_died(kernel_id)
        self.drop_dead_pool_kernels()

    def kernel_is_dead(self, kernel_id: str) -> bool:
        """Whether a kernel is gone from the server or its process has ended (before the
        server's restarter has noticed, which takes a few seconds)."""
        if kernel_id not in self:
            return True
        process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None),
                          "process", None)
        return process is not None and process.poll() is not None

    def drop_dead_pool_kernels(self) -> None:
        """Take every dead kernel out of the preheated pools (those that failed to start
        too) and start replacements."""
        for notebook, pool in getattr(self, "_pools", {}).items():
            dead = [task for task in pool if task.done() and (
                task.cancelled() or task.exception() is not None
                or self.kernel_is_dead(task.result()["kernel_id"]))]
            for task in dead:
                pool.remove(task)
                gone = None if task.cancelled() or task.exception() is not None \
                    else task.result()["kernel_id"]
                self.log.warning("Preheated kernel %s for %s is dead: dropped from the "
                                 "pool, a new one starts", gone or "(failed to start)",
                                 notebook)
                if gone is not None and gone in self:
                    asyncio.ensure_future(self._shut_down_quietly(gone))
            if dead:
                self.fill_if_needed(delay=0, notebook_name=notebook)

    async def _shut_down_quietly(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as error:  # it was dead already: nothing left to free
            self.log.debug("Dead kernel %s: %s", kernel_id, error)


c.VoilaConfiguration.multi_kernel_manager_class = _KernelsAFewAtATime

# Routes that answered "500 Internal Server Error" to a mistyped or probing address:
# nothing leaked, but a 500 reads as a broken server. A template's files are served from
# voila/templates/<template>/static/<file>; any other path there (../.., a template's own
# index.html.j2) is not found. /logout is jupyter_server's, for servers with a login: the
# tutor has none (its page even failed to render), so it is not found either.
_TEMPLATE_STATIC = re.compile(r"[\w.-]+/static/[^\\]+")


def _template_file_or_404(parse_url_path):
    def parse(self, path):
        template = path.split("/", 1)[0]
        if not _TEMPLATE_STATIC.fullmatch(path) or template in (".", "..") \
                or ".." in path.split("/"):
            raise tornado.web.HTTPError(404)
        return parse_url_path(self, path)
    return parse


TemplateStaticFileHandler.parse_url_path = _template_file_or_404(
    TemplateStaticFileHandler.parse_url_path)


class _NoLogoutWithoutLogin(PasswordIdentityProvider):
    """Jupyter's identity provider, offering /logout only where there is a login."""

    @property
    def logout_available(self) -> bool:
        return self.login_available


c.Voila.identity_provider_class = _NoLogoutWithoutLogin

# A class that arrives at once (./scripts/serve.sh --class N sets TUTOR_CLASS_SIZE=N):
# with one waiting kernel per notebook, every student but the first waits for a kernel to
# start, import the tutor and run the notebook, thirty at once on the same cores. So keep
# N kernels waiting for the gallery and for each game the lesson opens (TUTOR_CLASS_GAMES,
# notebook names without .ipynb, comma-separated; default every game) and one for the
# others. A used kernel is replaced only after CLASS_FILL_DELAY seconds: refilling sixty
# kernels while the class clicks would take the cores from the clicks, and the next class
# (or a student who reloads) finds them ready by then. docs/teaching.md gives the memory.
CLASS_FILL_DELAY = 600
_class_size = os.environ.get("TUTOR_CLASS_SIZE", "").strip()
if _class_size:
    if not _class_size.isdigit() or not 1 <= int(_class_size) <= 500:
        raise SystemExit(f"TUTOR_CLASS_SIZE (serve.sh --class) is {_class_size!r}: "
                         "give the number of students, a whole number from 1 to 500")
    _notebooks = sorted(p.stem for p in (_HERE.parent / "notebooks").glob("*.ipynb"))
    _games = [g.strip() for g in os.environ.get("TUTOR_CLASS_GAMES", "").split(",")
              if g.strip()] or [g for g in _notebooks if g != "index"]
    _unknown = sorted(set(_games) - set(_notebooks))
    if _unknown:
        raise SystemExit(f"TUTOR_CLASS_GAMES names {', '.join(_unknown)}, which is not a "
                         f"notebook; the notebooks are {', '.join(_notebooks)}")
    c.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": 1},
        **{f"{name}.ipynb": {"pool_size": int(_class_size)}
           for name in ["index", *_games]}}
    c.VoilaKernelManager.fill_delay = CLASS_FILL_DELAY
