"""Run the built front end in headless Chromium without Jupyter (TESTING.md, "Front end
without Jupyter").

A page served through Playwright's ``page.route`` imports ``dominoes_widget/static/table.js``
and calls its ``render({model, el})`` with a fake model that records what the widget sends
and lets a test deliver the kernel's custom messages. Used by
``tests/test_frontend_browser.py`` and ``benchmarks/frontend_layout.py``.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "dominoes_widget" / "static"
BUILT_MODULE = STATIC / "table.js"
CHROMIUM = Path("/usr/bin/chromium")
ORIGIN = "http://dominoes.test"
# Quiet and offline. Playwright gives every launch a fresh profile of its own (it refuses
# --user-data-dir in args; launch_persistent_context is the way to name one).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# The fake anywidget model: get/set/save_changes/on/off/send, with set() firing
# "change:<name>" like the real one and emit() standing in for the kernel's messages.
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dominoes_widget front end</title>
<link rel="stylesheet" href="/static/table.css">
<style>
  body { margin: 0; padding: 16px; background: var(--jp-layout-color0, Canvas); }
</style>
</head>
<body>
<div id="widget"></div>
<script type="module">
import widget from "/static/table.js";

function createModel(attributes) {
  const listeners = new Map();
  const emit = (name, ...args) => {
    for (const callback of [...(listeners.get(name) ?? [])]) callback(...args);
  };
  return {
    sent: [],
    saves: 0,
    get: (name) => attributes[name],
    set(name, value) {
      attributes[name] = value;
      emit(`change:${name}`, value);
    },
    save_changes() {
      this.saves += 1;
    },
    on(name, callback) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(callback);
    },
    off(name, callback) {
      listeners.get(name)?.delete(callback);
    },
    send(message) {
      this.sent.push(JSON.parse(JSON.stringify(message)));
    },
    emit,
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

window.harness = {
  widget,
  model: null,
  cleanup: null,
  mount(attributes, width) {
    this.unmount();
    const el = document.getElementById("widget");
    el.style.width = `${width}px`;
    this.model = createModel(attributes);
    this.cleanup = widget.render({ model: this.model, el });
  },
  unmount() {
    if (this.cleanup) this.cleanup();
    this.cleanup = null;
  },
  // Back to a blank page between tests that share it: no widget, no theme, no focus.
  reset() {
    this.unmount();
    document.body.removeAttribute("style");
    delete document.body.dataset.jpThemeLight;
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  },
  setView(view) {
    this.model.set("view", view);
  },
  deliver(message) {
    this.model.emit("msg:custom", message, []);
  },
  sent() {
    return this.model.sent;
  },
  async settle() {
    await nextFrame();
    await nextFrame();
  },
};
window.harnessReady = true;
</script>
</body>
</html>
"""

CONTENT_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}


def ensure_built() -> Path:
    """Build the front end with npm when the bundle is missing; return the bundle's path."""
    if BUILT_MODULE.exists():
        return BUILT_MODULE
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"{BUILT_MODULE} is missing and npm is not on PATH to build it")
    if not (ROOT / "node_modules" / ".bin" / "esbuild").exists():
        subprocess.run([npm, "install"], cwd=ROOT, check=True)
    subprocess.run([npm, "run", "build"], cwd=ROOT, check=True)
    return BUILT_MODULE


def launch_chromium(playwright: Any):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def _serve(route: Any) -> None:
    path = route.request.url.removeprefix(ORIGIN).split("?", 1)[0]
    if path in ("", "/"):
        route.fulfill(status=200, content_type="text/html", body=PAGE)
        return
    # /static/* from the built package, /js/* from the sources (benchmarks time those)
    folders = {"/static/": STATIC, "/js/": ROOT / "js"}
    for prefix, folder in folders.items():
        if path.startswith(prefix):
            file = (folder / path.removeprefix(prefix)).resolve()
            if file.is_relative_to(folder) and file.is_file():
                route.fulfill(status=200, content_type=CONTENT_TYPES.get(file.suffix, "text/plain"),
                              body=file.read_text(encoding="utf-8"))
                return
    route.fulfill(status=404, body="not found")


def open_page(browser: Any, *, viewport: tuple[int, int] = (1200, 1000)):
    """A fresh page with the harness loaded; every request is answered locally."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.route("**/*", _serve_or_block)
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.harnessReady === true")
    return page


def _serve_or_block(route: Any) -> None:
    if route.request.url.startswith(ORIGIN):
        _serve(route)
    else:
        route.abort()


def reset(page: Any) -> None:
    page.evaluate("() => window.harness.reset()")
    page.emulate_media(color_scheme="light")
    page.mouse.move(0, 0)


def mount(page: Any, view: dict, *, width: int = 900, rules_text: str = "") -> None:
    """Render the widget into a ``width``-px element with these traits, and let it settle."""
    page.evaluate("([attrs, width]) => window.harness.mount(attrs, width)",
                  [{"view": view, "rules_text": rules_text}, width])
    settle(page)


def set_view(page: Any, view: dict) -> None:
    page.evaluate("view => window.harness.setView(view)", view)
    settle(page)


def settle(page: Any) -> None:
    """Wait two animation frames: resize re-layouts are drawn on the next frame."""
    page.evaluate("() => window.harness.settle()")


def sent(page: Any) -> list[dict]:
    return page.evaluate("() => window.harness.sent()")
