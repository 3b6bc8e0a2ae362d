"""JupyterHub on one machine for a school: every student logs in and gets their own
server, opened straight at the tutor's gallery; servers nobody uses are stopped.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

run from a folder where the hub may keep its database and cookie secret, with this
repository's .venv (``./scripts/setup.sh`` plus ``pip install jupyterhub
jupyterhub-idle-culler``) and the proxy (``npm install --prefix .cache/hub
configurable-http-proxy``, or ``npm install -g configurable-http-proxy``). As written it
logs in the machine's own accounts (PAM) and starts each server as that account; a
school's cluster uses the Zero to JupyterHub chart and values.yaml beside this file
instead. docs/teaching.md says when a hub is worth it.

Settings a test or a teacher may change on the command line (they win over this file),
for example ``--port=8000``, ``--JupyterHub.authenticator_class=dummy``.
"""

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent  # the students' servers run in the hub's Python
IDLE_SERVER_SECONDS = int(os.environ.get("TUTOR_HUB_IDLE_SECONDS", "1800"))
CULL_EVERY_SECONDS = int(os.environ.get("TUTOR_HUB_CULL_EVERY", "300"))

c = get_config()  # noqa: F821 (JupyterHub provides get_config)

c.JupyterHub.port = 8000
c.JupyterHub.ip = "127.0.0.1"  # put HTTPS in front (or set ssl_cert/ssl_key) to open it up

# Who may log in: every account of this machine. Narrow it with allowed_users or a PAM
# group, or choose another authenticator (OAuth with the school's accounts, ...).
c.Authenticator.allow_all = True

# Each student's server: the repository's notebooks, opened at the gallery, with the
# same kernel settings as ./scripts/serve.sh (config/voila.py: idle kernels culled, a
# "tutor stopped" notice; Voila runs inside the server here, which preheats no kernels).
c.Spawner.cmd = [str(VENV_BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(REPO)
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"
c.Spawner.environment = {"JUPYTER_PATH": str(REPO / "config" / "jupyter")}
c.Spawner.args = [
    "--VoilaConfiguration.template=tutor",
    "--MappingKernelManager.cull_idle_timeout=300",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    "--KernelRestarter.restart_limit=0",
]
if os.environ.get("TUTOR_HUB_ALLOW_ROOT") == "1":
    # Only for a test machine where everything runs as root (the servers refuse otherwise);
    # a real hub starts each server as the student's own account.
    c.Spawner.args.append("--allow-root")
c.Spawner.mem_limit = "512M"  # what one student's tabs may use (enforced by container spawners)

# The proxy: the repository's local install if there is one, else the one on PATH.
_local_proxy = REPO / ".cache" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
if _local_proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(_local_proxy)]

# Stop servers idle for IDLE_SERVER_SECONDS (their memory goes back to the machine); a
# student who comes back gets a new server at the gallery.
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={IDLE_SERVER_SECONDS}", f"--cull-every={CULL_EVERY_SECONDS}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
