"""A Voila page without a browser: what the page's scripts say to the server, and no more.

    page = await VoilaPage.open(server.url("sneaky_bastard.ipynb?example=four_players"))
    await page.click(page.find("rt-next"))
    await page.leave()

The page is requested as a browser requests it (Voila renders the notebook in a kernel
while it answers), then the kernel's websocket (``/api/kernels/<id>/channels``, Jupyter
messaging protocol 5) is opened and the widgets are fetched the way the page's widget
manager (@jupyter-widgets/base 8) does: a comm to ``jupyter.widget.control`` asks for
every widget's state at once (``request_states`` answered by ``update_states``). A
click is the ``custom`` ``{"event": "click"}`` message a Button view sends; a
checkbox is changed by an ``update`` message, as its view sends one. Updates and new
widgets that the kernel sends afterwards keep the states current, so a client can wait
for what a student would see change. Nothing is drawn: this is for load tests, where
a class of browsers on the server's own cores would measure the browsers.
"""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from datetime import datetime, timezone

from jupyter_server.services.kernels.connection.base import deserialize_binary_message
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

CONFIG_DATA = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
WIDGET_TARGET = "jupyter.widget"
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"  # ipywidgets 8's widget control protocol
MODEL_REFERENCE = "IPY_MODEL_"

# Tornado's client allows 10 requests at a time by default: a class asks at once.
AsyncHTTPClient.configure(None, max_clients=1000)


class PageError(RuntimeError):
    """The page did not come up or did not answer as a page expects."""


class VoilaPage:
    """One open Voila page: its kernel's websocket and the states of its widgets."""

    def __init__(self, base: str, kernel_id: str, connection):
        self.base = base
        self.kernel_id = kernel_id
        self._connection = connection
        self._session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}  # model id -> state, kept current
        self._changed = asyncio.Event()
        self._idle: dict[str, asyncio.Event] = {}  # message id -> kernel done with it
        self._control: asyncio.Future | None = None
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, timeout: float) -> "VoilaPage":
        """Request the page and fetch its widgets (the page is interactive then)."""
        response = await AsyncHTTPClient().fetch(
            HTTPRequest(url, request_timeout=timeout, connect_timeout=timeout))
        found = CONFIG_DATA.search(response.body.decode())
        if not found:
            raise PageError(f"{url} has no jupyter-config-data: not a Voila page?")
        kernel_id = json.loads(found.group(1))["kernelId"]
        base = url.split("/voila/render/")[0]
        connection = await asyncio.wait_for(websocket_connect(
            base.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels"
            f"?session_id={uuid.uuid4().hex}"), timeout)
        page = cls(base, kernel_id, connection)
        await page._fetch_states(timeout)
        return page

    async def _fetch_states(self, timeout: float) -> None:
        comm_id = uuid.uuid4().hex
        self._control = asyncio.get_running_loop().create_future()
        self._send("comm_open", {"comm_id": comm_id, "target_name": CONTROL_TARGET,
                                 "data": {}}, metadata={"version": CONTROL_VERSION})
        self._send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        states = await asyncio.wait_for(self._control, timeout)
        self._send("comm_close", {"comm_id": comm_id, "data": {}})
        for model_id, model in states.items():
            self.models[model_id] = {"_model_name": model["model_name"], **model["state"]}

    def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        self._idle[msg_id] = asyncio.Event()
        self._connection.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
                       "session": self._session, "version": "5.3",
                       "date": datetime.now(timezone.utc).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": "shell", "buffers": []}))
        return msg_id

    async def _read(self) -> None:
        while True:
            raw = await self._connection.read_message()
            if raw is None:  # the server closed the socket (kernel gone)
                self._changed.set()
                return
            message = (deserialize_binary_message(raw) if isinstance(raw, bytes)
                       else json.loads(raw))
            self._receive(message)

    def _receive(self, message: dict) -> None:
        kind = message["header"]["msg_type"]
        content = message["content"]
        if kind == "status" and content.get("execution_state") == "idle":
            done = self._idle.get(message["parent_header"].get("msg_id"))
            if done:
                done.set()
        elif kind == "comm_open" and content.get("target_name") == WIDGET_TARGET:
            self.models[content["comm_id"]] = {
                "_model_name": content["data"]["state"].get("_model_name"),
                **content["data"]["state"]}
            self._changed.set()
        elif kind == "comm_msg":
            data = content["data"]
            if data.get("method") == "update_states" and self._control is not None:
                if not self._control.done():
                    self._control.set_result(data["states"])
            elif data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data["state"])
                self._changed.set()

    # What a student sees

    def find_all(self, dom_class: str, model_name: str | None = None) -> list[str]:
        """The ids of the widgets with this CSS class (as the page's selectors find
        them), optionally of one model (``"ButtonModel"``), oldest first."""
        return [model_id for model_id, state in self.models.items()
                if dom_class in state.get("_dom_classes", ())
                and model_name in (None, state.get("_model_name"))]

    def find(self, dom_class: str, model_name: str | None = None) -> str:
        """The id of the one widget with this CSS class."""
        found = self.find_all(dom_class, model_name)
        if len(found) != 1:
            raise PageError(f"{len(found)} widgets have the class {dom_class!r}, not one")
        return found[0]

    def shown(self, model_id: str) -> bool:
        """Whether the widget is displayed (its layout does not say display: none)."""
        layout = self.models[model_id].get("layout", "")
        layout_state = self.models.get(layout.removeprefix(MODEL_REFERENCE), {})
        return layout_state.get("display") != "none"

    async def until(self, condition, timeout: float) -> None:
        """Wait until ``condition()`` holds on the widget states, at most ``timeout`` s."""
        async def watch():
            while not condition():
                if self._reader.done():
                    raise PageError("the kernel's websocket closed")
                self._changed.clear()
                await self._changed.wait()
        await asyncio.wait_for(watch(), timeout)

    async def click(self, model_id: str, timeout: float) -> None:
        """Click a button and wait until the kernel has sent everything the click made."""
        message = self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": {"event": "click"}}})
        await asyncio.wait_for(self._idle[message].wait(), timeout)

    async def change(self, model_id: str, timeout: float, **state) -> None:
        """Change a widget's value as its view does, and wait until the kernel is done."""
        self.models[model_id].update(state)
        message = self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "update", "state": state, "buffer_paths": []}})
        await asyncio.wait_for(self._idle[message].wait(), timeout)

    # Leaving

    async def leave(self, timeout: float = 60) -> None:
        """Leave as a closing tab does: ask Voila to shut the kernel down, then go."""
        await AsyncHTTPClient().fetch(HTTPRequest(
            f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST", body="",
            request_timeout=timeout))
        self.vanish()

    def vanish(self) -> None:
        """Go without a word (a killed browser, a shut laptop): only the socket closes."""
        self._connection.close()
        self._reader.cancel()
