"""Run the built front ends in headless Chromium without Jupyter (TESTING.md, "Front end
without Jupyter").

- :func:`open_page` serves a page through Playwright's ``page.route`` that imports a built
  widget (:data:`TABLE`: ``dominoes_widget/static/table.js``, :data:`REPLAY`:
  ``static/replay.js``, :data:`EXERCISE`, :data:`PUZZLES`); :func:`mount` calls its ``render({model, el})`` with a fake
  anywidget model (``get``/``set``/``save_changes``/``on``/``off``/``send``) that records
  what the widget sends and saves, and lets a test play the kernel: change a trait
  (:func:`kernel_set`) or deliver a custom message.
- :func:`open_export` opens an ``embed_minimal_html(..., drop_defaults=False)`` export of
  a ``Replay`` offline: the CDN requests for require.js, the html-manager's
  ``embed-amd.js`` and anywidget's ``dist/index.js`` are answered from the npm
  devDependencies.
- :func:`launch_chromium`: the one way this project starts Chromium (the session's
  ``chromium`` fixture in ``tests/conftest.py`` and the benchmarks).

Used by ``tests/test_frontend_browser.py``, ``tests/test_replay_browser.py``,
``tests/test_static_export.py``, ``benchmarks/frontend_layout.py`` and
``benchmarks/replay_speed.py``.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "dominoes_widget" / "static"
NODE_MODULES = ROOT / "node_modules"
RECORDS = ROOT / "tests" / "data" / "records"  # the example records: copies of shared/records
ORIGIN = "http://dominoes.test"
CONTENT_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".html": "text/html"}


# -- Chromium --------------------------------------------------------------------------------
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
# Quiet and offline. Playwright adds the headless flags itself, and gives every launch a
# fresh temporary --user-data-dir (it refuses the flag; launch_persistent_context names one).
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def launch_chromium(playwright: Any):
    """Headless Chromium from ``playwright`` (a started ``sync_playwright()``)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)


# -- the widgets and their bundles -----------------------------------------------------------
@dataclass(frozen=True)
class Widget:
    """A built front end: ``static/<name>.js`` and ``static/<name>.css``."""

    name: str
    title: str
    body_style: str
    viewport: tuple[int, int]

    @property
    def bundle(self) -> Path:
        return STATIC / f"{self.name}.js"

    @property
    def css(self) -> Path:
        return STATIC / f"{self.name}.css"


TABLE = Widget(
    "table",
    title="dominoes_widget front end",
    body_style="body { margin: 0; padding: 16px; background: var(--jp-layout-color0, Canvas); color: CanvasText; }",
    viewport=(1200, 1000),
)
REPLAY = Widget(
    "replay",
    title="Replay front end",
    body_style="body { margin: 0; padding: 12px; background: var(--jp-layout-color0, Canvas); color: CanvasText; }",
    viewport=(1200, 900),
)
EXERCISE = Widget(
    "exercise",
    title="Exercise front end",
    body_style="body { margin: 0; padding: 12px; background: var(--jp-layout-color0, Canvas); color: CanvasText; }",
    viewport=(1366, 768),
)
PUZZLES = Widget(
    "puzzles",
    title="Puzzles front end",
    body_style="body { margin: 0; padding: 12px; background: var(--jp-layout-color0, Canvas); color: CanvasText; }",
    viewport=(1366, 768),
)
DASHBOARD = Widget(
    "dashboard",
    title="Learner dashboard front end",
    body_style="body { margin: 0; padding: 12px; background: var(--jp-layout-color0, Canvas); color: CanvasText; }",
    viewport=(1366, 768),
)
# Everything `npm run build` reads: a bundle older than one of these is built again.
SOURCES = (ROOT / "js", ROOT / "dominoes_widget" / "words" / "palette.json", ROOT / "package.json")
BUNDLES = ("table.js", "table.css", "replay.js", "replay.css", "exercise.js", "exercise.css", "standalone.js", "puzzles.js",
           "puzzles.css", "puzzle_page.js", "dashboard.js", "dashboard.css")


def _newest_source() -> float:
    times = []
    for source in SOURCES:
        files = source.rglob("*") if source.is_dir() else [source]
        times.extend(f.stat().st_mtime for f in files if f.is_file() and not f.name.endswith(".test.mjs"))
    return max(times, default=0.0)


def ensure_built(widget: Widget | None = None) -> Path:
    """Run ``npm run build`` when a bundle is missing or older than the sources; return
    ``widget``'s bundle (or the static folder)."""
    bundles = [STATIC / name for name in BUNDLES]
    newest = _newest_source()
    if not all(b.exists() and b.stat().st_mtime >= newest for b in bundles):
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"the front end in {STATIC} is missing or stale and npm is not on PATH to build it")
        if not (NODE_MODULES / ".bin" / "esbuild").exists():
            subprocess.run([npm, "install"], cwd=ROOT, check=True)
        subprocess.run([npm, "run", "build"], cwd=ROOT, check=True, capture_output=True)
    return widget.bundle if widget else STATIC


# -- the page with the fake model ------------------------------------------------------------
# The fake anywidget model: set() is the widget changing a trait (kept until save_changes(),
# which records what was saved), kernelSet() the kernel changing one (no save); both fire
# "change:<name>" like the real model. emit() stands in for the kernel's custom messages.
HARNESS_SCRIPT = """
function createModel(attributes) {
  const listeners = new Map();
  const emit = (name, ...args) => {
    for (const callback of [...(listeners.get(name) ?? [])]) callback(...args);
  };
  return {
    sent: [],
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
    send(message) {
      this.sent.push(JSON.parse(JSON.stringify(message)));
    },
    kernelSet(name, value) {
      attributes[name] = value;
      emit(`change:${name}`, value);
    },
    emit,
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

// The intervals running (playing a replay is one), so a test sees that playing stopped
// without waiting for a tick that should not come.
const liveIntervals = new Set();
const nativeSetInterval = window.setInterval.bind(window);
const nativeClearInterval = window.clearInterval.bind(window);
window.setInterval = (...args) => {
  const id = nativeSetInterval(...args);
  liveIntervals.add(id);
  return id;
};
window.clearInterval = (id) => {
  liveIntervals.delete(id);
  nativeClearInterval(id);
};

window.harness = {
  widget,
  model: null,
  cleanup: null,
  // Render into a `width`-px element; returns the ms render() took.
  mount(attributes, width) {
    this.unmount();
    const el = document.getElementById("widget");
    el.replaceChildren();
    el.style.width = `${width}px`;
    this.model = createModel(attributes);
    // a host that draws child widgets (JupyterLab's widget manager), when a test sets one
    if (window.harnessManager) this.model.widget_manager = window.harnessManager;
    const t0 = performance.now();
    this.cleanup = widget.render({ model: this.model, el });
    return performance.now() - t0;
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
    this.model.kernelSet("view", view);
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
  intervals: () => liveIntervals.size,
};
window.harnessReady = true;
"""


def page_html(widget: Widget) -> str:
    """The harness page for ``widget``: its css and module, and the fake model."""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{widget.title}</title>
<link rel="stylesheet" href="/static/{widget.name}.css">
<style>
  {widget.body_style}
</style>
</head>
<body>
<div id="widget"></div>
<script type="module">
import widget from "/static/{widget.name}.js";
{HARNESS_SCRIPT}</script>
</body>
</html>
"""


def _serve(route: Any, page: str) -> None:
    url = route.request.url
    if not url.startswith(ORIGIN):
        route.abort()  # offline: nothing leaves the machine
        return
    path = url.removeprefix(ORIGIN).split("?", 1)[0]
    if path in ("", "/"):
        route.fulfill(status=200, content_type="text/html", body=page)
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


def open_page(browser: Any, widget: Widget, *, viewport: tuple[int, int] | None = None):
    """A fresh page with the harness for ``widget`` loaded; every request is answered locally."""
    ensure_built(widget)
    width, height = viewport or widget.viewport
    page = browser.new_page(viewport={"width": width, "height": height})
    html = page_html(widget)
    page.route("**/*", lambda route: _serve(route, html))
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.harnessReady === true")
    return page


def reset(page: Any) -> None:
    page.evaluate("() => window.harness.reset()")
    page.emulate_media(color_scheme="light")
    page.mouse.move(0, 0)


# JupyterLab's dark theme, as far as the widgets read it.
DARK_JUPYTERLAB = {
    "--jp-layout-color0": "#111111",
    "--jp-layout-color1": "#1b1b1b",
    "--jp-layout-color2": "#2a2a2a",
    "--jp-layout-color3": "#3a3a3a",
    "--jp-ui-font-color0": "#ffffff",
    "--jp-ui-font-color1": "#e6e6e6",
    "--jp-ui-font-color2": "#a8a8a8",
    "--jp-border-color1": "#555555",
    "--jp-border-color2": "#444444",
    "--jp-brand-color1": "#4f9be8",
    "--jp-warn-color1": "#f0a030",
    "--jp-error-color1": "#f06060",
}


def set_theme(page: Any, theme: str) -> None:
    """``"dark"``: JupyterLab's dark theme on the page (its variables and
    ``data-jp-theme-light="false"``); ``"light"``: no JupyterLab variables, a light system;
    ``"system-dark"``: no JupyterLab variables, a dark system, and a host page that keeps its
    own light background (one that never says ``color-scheme``, such as an exported page)."""
    if theme == "dark":
        page.evaluate("vars => { for (const [k, v] of Object.entries(vars)) document.body.style.setProperty(k, v); "
                      "document.body.dataset.jpThemeLight = 'false'; }", DARK_JUPYTERLAB)
    else:
        page.evaluate("() => { document.body.removeAttribute('style'); delete document.body.dataset.jpThemeLight; }")
        page.emulate_media(color_scheme="dark" if theme == "system-dark" else "light")


def mount(page: Any, attributes: dict, *, width: int = 900) -> float:
    """Render the widget with these traits into a ``width``-px element, and let it settle;
    the ms render took."""
    took = page.evaluate("([attrs, width]) => window.harness.mount(attrs, width)", [attributes, width])
    settle(page)
    return took


def settle(page: Any) -> None:
    """Wait two animation frames: resize re-layouts are drawn on the next frame."""
    page.evaluate("() => window.harness.settle()")


def still(page: Any) -> None:
    """Wait until no CSS transition or animation runs (fades, the last tile's glow), then two
    frames: what a picture should show. Any page (a harness page, JupyterLab)."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running' "
                           "|| a.effect?.getComputedTiming().iterations === Infinity)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


def kernel_set(page: Any, name: str, value: Any) -> None:
    """The kernel changing a trait: the change event, no save."""
    page.evaluate("([name, value]) => window.harness.model.kernelSet(name, value)", [name, value])
    settle(page)


def saved(page: Any) -> list[dict]:
    """What the widget saved to the model (``save_changes``), oldest first."""
    return page.evaluate("() => window.harness.model.saved")


def sent(page: Any) -> list[dict]:
    """The custom messages the widget sent (``model.send``), oldest first."""
    return page.evaluate("() => window.harness.sent()")


# -- the Table -------------------------------------------------------------------------------
def mount_view(page: Any, view: dict, *, width: int = 900, rules_text: str = "", words: dict | None = None) -> None:
    """Render the Table with this ``view`` (js/PROTOCOL.md), the English ``words`` and ``rules_text``."""
    from frontend_views import WORDS

    mount(page, {"view": view, "words": dict(WORDS if words is None else words), "rules_text": rules_text},
          width=width)


def set_view(page: Any, view: dict) -> None:
    kernel_set(page, "view", view)


# -- the Replay ------------------------------------------------------------------------------
def traits(replay: Any) -> dict:
    """The synced traits of a ``Replay``, as the browser would get them (``view`` packed, through
    the trait's own serializer)."""
    names = ("view", "words", "hand", "step", "speed", "rules_text", "report")
    return {name: replay.get_state(name)[name] for name in names}


def model_position(page: Any) -> dict:
    return page.evaluate("() => ({hand: window.harness.model.get('hand'), step: window.harness.model.get('step')})")


# -- the static export -----------------------------------------------------------------------
CDN_FILES = {
    # the URL the exported page asks for → the file in node_modules that answers it
    r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/]+/require(\.min)?\.js$": "requirejs/require.js",
    r"^https://cdn\.jsdelivr\.net/npm/@jupyter-widgets/html-manager@[^/]+/dist/embed-amd\.js$":
        "@jupyter-widgets/html-manager/dist/embed-amd.js",
    r"^https://cdn\.jsdelivr\.net/npm/anywidget@[^/]+/dist/index\.js$": "anywidget/dist/index.js",
}


@functools.cache
def _cdn_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


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


# anywidget gives a widget's model 2 s to load its module, then reports this as an
# unhandled rejection, though the widget goes on loading and renders. A loaded machine (a
# full test run on 2 shared cores; CPU throttling reproduces it) misses that deadline, so
# the export tests leave this one message out and check the rendering itself instead.
ANYWIDGET_SLOW_START = "[anywidget] Failed to initialize model."


def page_errors(errors: list[str]) -> list[str]:
    """The page errors that are faults of the page (anywidget's slow-start notice left out)."""
    return [error for error in errors if error != ANYWIDGET_SLOW_START]


def open_export(browser: Any, html: str, *, requests: list[str] | None = None,
                viewport: tuple[int, int] = REPLAY.viewport):
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
            route.fulfill(status=200, content_type="text/javascript", body=_cdn_text(local),
                          headers={"Access-Control-Allow-Origin": "*"})
        elif url.startswith(ORIGIN):
            route.fulfill(status=404, body="not found")  # the html-manager tries the page's folder first
        else:
            route.abort()

    page.route("**/*", answer)
    # The html-manager's bundle is 3.6 MB of script: on a loaded machine its parsing alone can
    # take many seconds, so the page is not awaited here; callers wait for what they look for.
    page.goto(f"{ORIGIN}/export.html", wait_until="commit")
    return page


# Every element of the Table inside the widget, and no text cut short: what sticks out or is cut.
OVERFLOW = """
() => {
  const root = document.querySelector('.dominoes-widget');
  const box = root.getBoundingClientRect();
  const problems = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('[hidden]') || el.closest('svg.dw-line') || el.closest('.dw-tile-svg')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = el.className?.baseVal ?? el.className ?? el.tagName;
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`${name} sticks out: ${r.left}-${r.right} of ${box.left}-${box.right}`);
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const style = getComputedStyle(el);
    if (text && style.overflow !== 'visible' && style.overflowY !== 'auto' && style.overflowY !== 'scroll' &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      problems.push(`${name} is cut: "${el.textContent.slice(0, 40)}" ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  return {problems, width: box.width};
}
"""
