"""The built ``Replay`` front end in headless Chromium, without Jupyter (TESTING.md).

- :func:`open_page` serves a page through ``page.route`` that imports
  ``dominoes_widget/static/replay.js`` and :func:`mount` calls its ``render({model, el})``
  with a fake model (``get``/``set``/``save_changes``/``on``/``off``/``send``) holding the
  traits a :class:`~dominoes_widget.widgets.replay.Replay` would sync.
- :func:`export_page` opens an ``embed_minimal_html(..., drop_defaults=False)`` export
  offline: the CDN requests for require.js, the html-manager's ``embed-amd.js`` and
  anywidget's ``dist/index.js`` are answered from the npm devDependencies.

Used by ``tests/test_replay_browser.py``, ``tests/test_static_export.py`` and
``benchmarks/replay_speed.py``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "dominoes_widget" / "static"
BUNDLE = STATIC / "replay.js"
SOURCES = [ROOT / "js" / name
           for name in ("replay.js", "replay_steps.mjs", "replay.css", "tile.mjs", "line_layout.mjs")]
NODE_MODULES = ROOT / "node_modules"
CHROMIUM = Path("/usr/bin/chromium")
# the example records: the repo's copies of /work/shared/records
RECORDS = next(folder for folder in (ROOT / "tests" / "data" / "records", Path("/work/shared/records"))
               if (folder / "six_love_match.json").exists())
ORIGIN = "http://replay.test"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
CONTENT_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".html": "text/html"}

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Replay front end</title>
<link rel="stylesheet" href="/static/replay.css">
<style>body { margin: 0; padding: 12px; }</style>
</head>
<body>
<div id="widget"></div>
<script type="module">
import widget from "/static/replay.js";

function createModel(attributes) {
  const listeners = new Map();
  const emit = (name, ...args) => {
    for (const callback of [...(listeners.get(name) ?? [])]) callback(...args);
  };
  return {
    saved: [],
    pending: {},
    get: (name) => attributes[name],
    set(name, value) {
      attributes[name] = value;
      this.pending[name] = value;
      emit(`change:${name}`, value);
    },
    save_changes() {
      this.saved.push(this.pending);
      this.pending = {};
    },
    on(name, callback) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(callback);
    },
    off(name, callback) {
      listeners.get(name)?.delete(callback);
    },
    send() {},
    // the kernel changing a trait: no save, just the change event
    kernelSet(name, value) {
      attributes[name] = value;
      emit(`change:${name}`, value);
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

window.harness = {
  model: null,
  cleanup: null,
  mount(attributes, width) {
    this.unmount();
    const el = document.getElementById("widget");
    el.replaceChildren();
    el.style.width = `${width}px`;
    this.model = createModel(attributes);
    const t0 = performance.now();
    this.cleanup = widget.render({ model: this.model, el });
    return performance.now() - t0;
  },
  unmount() {
    if (this.cleanup) this.cleanup();
    this.cleanup = null;
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


def ensure_built() -> Path:
    """Build the replay bundle with npm when it is missing or older than its sources."""
    newest = max(p.stat().st_mtime for p in SOURCES if p.exists())
    if BUNDLE.exists() and (STATIC / "replay.css").exists() and BUNDLE.stat().st_mtime >= newest:
        return BUNDLE
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"{BUNDLE} is missing or stale and npm is not on PATH to build it")
    if not (NODE_MODULES / ".bin" / "esbuild").exists():
        subprocess.run([npm, "install"], cwd=ROOT, check=True)
    subprocess.run([npm, "run", "build:replay"], cwd=ROOT, check=True, capture_output=True)
    return BUNDLE


def launch_chromium(playwright: Any):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def _serve(route: Any) -> None:
    url = route.request.url
    if not url.startswith(ORIGIN):
        route.abort()  # offline: nothing leaves the machine
        return
    path = url.removeprefix(ORIGIN).split("?", 1)[0]
    if path in ("", "/"):
        route.fulfill(status=200, content_type="text/html", body=PAGE)
        return
    if path.startswith("/static/"):
        file = (STATIC / path.removeprefix("/static/")).resolve()
        if file.is_relative_to(STATIC) and file.is_file():
            route.fulfill(status=200, content_type=CONTENT_TYPES.get(file.suffix, "text/plain"),
                          body=file.read_text(encoding="utf-8"))
            return
    route.fulfill(status=404, body="not found")


def open_page(browser: Any, *, viewport: tuple[int, int] = (1000, 900)):
    """A fresh page with the harness loaded; every request is answered locally."""
    ensure_built()
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.route("**/*", _serve)
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.harnessReady === true")
    return page


def traits(replay: Any) -> dict:
    """The synced traits of a ``Replay``, as the browser would get them."""
    return {name: getattr(replay, name) for name in ("data", "hand", "step", "speed", "rules_text", "report")}


def mount(page: Any, attributes: dict, *, width: int = 900) -> float:
    """Render the widget with these traits into a ``width``-px element; the ms render took."""
    took = page.evaluate("([attrs, width]) => window.harness.mount(attrs, width)", [attributes, width])
    settle(page)
    return took


def settle(page: Any) -> None:
    page.evaluate("() => window.harness.settle()")


def model_position(page: Any) -> dict:
    return page.evaluate("() => ({hand: window.harness.model.get('hand'), step: window.harness.model.get('step')})")


def saved(page: Any) -> list[dict]:
    """What the widget saved to the model (``save_changes``), oldest first."""
    return page.evaluate("() => window.harness.model.saved")


def kernel_set(page: Any, name: str, value: Any) -> None:
    page.evaluate("([name, value]) => window.harness.model.kernelSet(name, value)", [name, value])
    settle(page)


# -- the static export ------------------------------------------------------------------------
CDN_FILES = {
    # the URL the exported page asks for → the file in node_modules that answers it
    r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/]+/require(\.min)?\.js$": "requirejs/require.js",
    r"^https://cdn\.jsdelivr\.net/npm/@jupyter-widgets/html-manager@[^/]+/dist/embed-amd\.js$":
        "@jupyter-widgets/html-manager/dist/embed-amd.js",
    r"^https://cdn\.jsdelivr\.net/npm/anywidget@[^/]+/dist/index\.js$": "anywidget/dist/index.js",
}


def cdn_file(url: str) -> Path | None:
    """The local npm file that stands in for a CDN URL of the exported page."""
    for pattern, relative in CDN_FILES.items():
        if re.match(pattern, url):
            return NODE_MODULES / relative
    return None


def without_integrity(html: str) -> str:
    """The page with its ``integrity`` attributes dropped.

    The export pins cdnjs's minified require.js by its SHA-256; the npm ``requirejs``
    package ships the unminified file, so the browser would block it. Nothing else of
    the page changes.
    """
    return re.sub(r'\s+integrity="[^"]*"', "", html)


def open_export(browser: Any, html: str, *, requests: list[str] | None = None,
                viewport: tuple[int, int] = (1000, 900)):
    """Open an exported page offline; ``requests`` collects every URL the page asked for."""
    for relative in CDN_FILES.values():
        if not (NODE_MODULES / relative).is_file():
            raise RuntimeError(f"node_modules/{relative} is missing: run `npm install` (devDependencies)")
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    body = without_integrity(html)

    def answer(route: Any) -> None:
        url = route.request.url
        if requests is not None:
            requests.append(url)
        if url == f"{ORIGIN}/export.html":
            route.fulfill(status=200, content_type="text/html", body=body)
            return
        local = cdn_file(url)
        if local is not None:
            route.fulfill(status=200, content_type="text/javascript", body=local.read_text(encoding="utf-8"),
                          headers={"Access-Control-Allow-Origin": "*"})
        elif url.startswith(ORIGIN):
            route.fulfill(status=404, body="not found")  # the html-manager tries the page's folder first
        else:
            route.abort()

    page.route("**/*", answer)
    page.goto(f"{ORIGIN}/export.html")
    return page
