// Watch this page's kernel and say plainly when it has stopped.
//
// A Voila page talks to its own kernel over one websocket (/api/kernels/<id>/channels).
// When the server culls the kernel, the kernel dies, or the server goes away, the widgets
// would stay on screen and silently do nothing. This script wraps the page's WebSocket
// before Voila opens it and covers the app with a notice instead:
// - a "restarting" or "dead" kernel status on the socket means the kernel died (the serve
//   config does not restart it: a restarted kernel has none of the app's widgets);
// - the server no longer knowing the kernel (404) means it was shut down (culled, or the
//   server restarted). The server does not close the socket when it shuts a kernel
//   down, so the page asks about its kernel every POLL_SECONDS, and when the socket closes;
// - a server that stops answering twice in a row has gone away.
// Before the page's socket opens (the notebook still running on the server), the page
// asks about the kernel it was given every EARLY_POLL_SECONDS, and looks for Voila's own
// words for a kernel that failed under it ("An exception occurred at the server"): a page
// handed a dead kernel says so within seconds instead of "Running ..." for minutes.
(function () {
  "use strict";
  const NativeWebSocket = window.WebSocket;
  const CHANNELS = /\/api\/kernels\/[0-9a-f-]+\/channels/;
  const POLL_SECONDS = 10;
  const polled = new Set();  // kernels already asked about (a reconnect opens a new socket)
  let leaving = false;
  let stopped = false;
  window.addEventListener("beforeunload", () => { leaving = true; });
  window.addEventListener("pagehide", () => { leaving = true; });

  function showStopped(reason) {
    if (stopped || leaving) return;
    stopped = true;
    const notice = document.createElement("div");
    notice.className = "rt-kernel-stopped";
    notice.setAttribute("role", "alert");
    notice.style.cssText = "position:fixed;inset:0;z-index:10000;display:flex;" +
      "align-items:center;justify-content:center;background:rgba(255,255,255,0.85);" +
      "font:16px/1.4 sans-serif;color:#222;";
    const box = document.createElement("div");
    box.style.cssText = "max-width:32em;padding:1.5em 2em;background:#fff;" +
      "border:2px solid #b00;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.2);";
    const title = document.createElement("p");
    title.style.cssText = "margin:0 0 .5em;font-weight:bold;font-size:18px;";
    title.textContent = "The tutor stopped: reload the page to start again.";
    const why = document.createElement("p");
    why.className = "rt-kernel-stopped-reason";
    why.style.cssText = "margin:0 0 1em;";
    why.textContent = reason + " Your moves on this page are gone; use \"Download this " +
      "game\" next time to keep a game.";
    const button = document.createElement("button");
    button.textContent = "Reload the page";
    button.style.cssText = "font-size:16px;padding:.4em 1em;";
    button.addEventListener("click", () => window.location.reload());
    box.append(title, why, button);
    notice.append(box);
    document.body.append(notice);
  }

  // Kernel messages come as JSON text, or in the binary v1 websocket protocol: a count n,
  // n offsets (little-endian 64-bit), then channel, header, parent header, metadata,
  // content, buffers at those offsets.
  function decode(data) {
    try {
      if (typeof data === "string") return JSON.parse(data);
      if (!(data instanceof ArrayBuffer)) return null;
      const view = new DataView(data);
      const count = Number(view.getBigUint64(0, true));
      if (count < 6) return null;
      const offsets = [];
      for (let i = 0; i < count; i++) offsets.push(Number(view.getBigUint64(8 * (i + 1), true)));
      const text = (i) => new TextDecoder().decode(data.slice(offsets[i], offsets[i + 1]));
      return { channel: text(0), header: JSON.parse(text(1)), content: JSON.parse(text(4)) };
    } catch (error) {
      return null;
    }
  }

  function watch(socket, url) {
    const kernelUrl = new URL(url);
    kernelUrl.protocol = kernelUrl.protocol === "wss:" ? "https:" : "http:";
    kernelUrl.pathname = kernelUrl.pathname.replace(/\/channels.*$/, "");
    kernelUrl.search = "";
    socket.addEventListener("message", (event) => {
      const msg = decode(event.data);
      if (!msg || !msg.header || msg.header.msg_type !== "status") return;
      const state = msg.content && msg.content.execution_state;
      if (state === "restarting" || state === "dead" || state === "autorestarting") {
        showStopped("Its Python kernel on the server died.");
      }
    });
    let failures = 0;
    function ask() {
      if (leaving || stopped) return;
      fetch(kernelUrl.href, { credentials: "same-origin", cache: "no-store" })
        .then((response) => {
          failures = 0;
          if (response.status === 404) {
            showStopped("The server shut its Python kernel down (it had been idle, " +
              "or the server was restarted).");
          }
        })
        .catch(() => {
          failures += 1;
          if (failures >= 2) {
            showStopped("The server no longer answers (it may have been stopped).");
          }
        });
    }
    if (!polled.has(kernelUrl.href)) {
      polled.add(kernelUrl.href);
      const poll = setInterval(() => (stopped ? clearInterval(poll) : ask()), POLL_SECONDS * 1000);
    }
    // A closed socket: give a closing tab its chance to say so, then ask at once (twice,
    // so that a server that has gone is told apart from one blip).
    socket.addEventListener("close", () => {
      setTimeout(ask, 500);
      setTimeout(ask, 1500);
    });
  }

  // Until a kernel socket opens: the kernel the page was given, and Voila's error text.
  const EARLY_POLL_SECONDS = 5;
  const VOILA_FAILED = "An exception occurred at the server";
  let socketSeen = false;
  function pageKernelUrl() {
    const data = document.getElementById("jupyter-config-data");
    if (!data) return null;
    try {
      const config = JSON.parse(data.textContent);
      if (!config.kernelId) return null;
      return new URL(`${config.baseUrl || "/"}api/kernels/${config.kernelId}`, window.location.href);
    } catch (error) {
      return null;
    }
  }
  const early = setInterval(() => {
    if (socketSeen || stopped || leaving) { clearInterval(early); return; }
    if (!document.body) return;
    if (document.body.textContent.includes(VOILA_FAILED)) {
      showStopped("Its Python kernel on the server failed before the app could start.");
      return;
    }
    const url = pageKernelUrl();
    if (!url) return;
    fetch(url.href, { credentials: "same-origin", cache: "no-store" })
      .then((response) => {
        if (response.status === 404 && !socketSeen) {
          showStopped("Its Python kernel on the server had stopped before the app could start.");
        }
      })
      .catch(() => {});
  }, EARLY_POLL_SECONDS * 1000);

  function WatchedWebSocket(url, protocols) {
    const socket = protocols === undefined ? new NativeWebSocket(url)
      : new NativeWebSocket(url, protocols);
    if (CHANNELS.test(String(url))) {
      socketSeen = true;
      watch(socket, String(url));
    }
    return socket;
  }
  WatchedWebSocket.prototype = NativeWebSocket.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
    WatchedWebSocket[name] = NativeWebSocket[name];
  }
  window.WebSocket = WatchedWebSocket;
})();
