// Refuse a scenario file over the tutor's size limit in the browser, before it is sent.
//
// "Load a game" (an ipywidgets FileUpload) reads the chosen file and sends all of it to
// the page's kernel over the websocket. A file past what the websocket takes (about
// 10 MB) was dropped on the way and the page reconnected: no message, and no later upload
// on that page got one either. The kernel refuses any file over the scenario limit
// anyway, so a bigger one need never leave the browser. The app names its limit in a
// class of the upload button (rt-max-bytes-N, from tutor.scenario.MAX_FILE_BYTES); this
// script keeps a file over it from the widget (which would read and send it), clears the
// choice (so the next upload works as usual) and says why beside the button.
(function () {
  "use strict";
  const LIMIT_CLASS = /^rt-max-bytes-(\d+)$/;

  function limitOf(button) {
    for (const name of button.classList) {
      const match = LIMIT_CLASS.exec(name);
      if (match) return Number(match[1]);
    }
    return null;
  }

  function say(button, text) {
    let notice = button.parentElement.querySelector(".rt-upload-refused");
    if (!text) {
      if (notice) notice.remove();
      return;
    }
    if (!notice) {
      notice = document.createElement("div");
      notice.className = "rt-upload-refused";
      notice.setAttribute("role", "alert");
      notice.style.cssText = "color:#a00;margin:.25em 0;";
      button.after(notice);
    }
    notice.textContent = text;
  }

  // The widget's file input is not in the page (the button clicks it from the side), so
  // its change event cannot be caught on the way: the listener the widget adds to a file
  // input is wrapped instead, and the button last pressed names the limit.
  let pressed = null;
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest(".rt-upload");
    if (button) pressed = button;
  }, true);

  function refuses(input) {
    const limit = pressed && limitOf(pressed);
    if (!limit) return false;
    const big = Array.from(input.files || []).find((file) => file.size > limit);
    if (!big) {
      say(pressed, "");
      return false;
    }
    input.value = "";   // the widget never reads it: nothing is sent
    say(pressed, `Could not load the file: ${big.name} has ` +
      `${big.size.toLocaleString("en")} bytes, and a scenario file may have at most ` +
      `${limit.toLocaleString("en")} bytes. Nothing was sent; choose a smaller file.`);
    return true;
  }

  const addListener = HTMLInputElement.prototype.addEventListener;
  HTMLInputElement.prototype.addEventListener = function (type, listener, options) {
    if (type !== "change" || this.type !== "file" || typeof listener !== "function") {
      return addListener.call(this, type, listener, options);
    }
    const input = this;
    return addListener.call(this, type, function (event) {
      if (refuses(input)) return undefined;
      return listener.call(this, event);
    }, options);
  };
})();
