"""Opening a notebook on the JupyterLite site starts the site's kernel unasked: never a
"Select Kernel" dialog, in any of several fresh browsers (one showed once in 3 runs).

How JupyterLab picks a notebook's kernel (``SessionContext.startKernel``): the kernelspec whose
name the notebook names; else the one kernelspec of the notebook's language, with a console
warning ("No exact match found"); else the default kernel when ``autoStartDefaultKernel`` is on;
else it asks. The notebooks are saved in Jupyter and name "python3"; the site's Pyodide kernel
is "python", so every open hung on the language rule. Now the site's copies name "python"
(``lite/build.py``), the site's default kernel is "python" (``lite/jupyter-lite.json``) and the
lab starts the default for a notebook that names no kernel at all (``lite/overrides.json``).
Each run below is a fresh browser context (its own storage), the site served on 127.0.0.1 and
everything else refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lite_site import open_offline
from test_lite import base, site  # noqa: F401  (the fixtures: the site, built once, and served)

pytestmark = pytest.mark.lite

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "lite"
RUNS = 4
CHOSEN_TIMEOUT = 120_000  # ms until the lab has chosen a kernel (or asked); ~4 s on a quiet machine

# The open notebook's kernel name once the lab chose one, or the dialogs it showed instead.
CHOSEN = """() => {
  const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  if (window.__lite.dialogs.length) return { dialogs: window.__lite.dialogs };
  return kernel ? { kernel: kernel.name } : null;
}"""


def fresh_page(browser, base: str, name: str):
    blocked: list[str] = []
    page = open_offline(browser, base, blocked)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    return page, blocked, console


def chosen(page) -> dict:
    return page.wait_for_function(CHOSEN, timeout=CHOSEN_TIMEOUT, polling=50).json_value()


def finish(page, blocked: list[str], name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.context.close()
    assert not blocked, f"the site asked for things outside it: {blocked[:3]}"


def test_the_site_names_its_own_kernel(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["defaultKernelName"] == "python"
    assert config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    notebooks = sorted((site / "files").glob("*.ipynb"))
    assert len(notebooks) >= 7
    for notebook in notebooks:
        metadata = json.loads(notebook.read_text())["metadata"]
        assert metadata["kernelspec"]["name"] == "python", notebook.name
        assert metadata["language_info"]["name"] == "python", notebook.name


def test_play_opens_with_the_sites_kernel_unasked_every_time(chromium, base):
    for run in range(RUNS):
        page, blocked, console = fresh_page(chromium, base, f"kernel-run-{run}")
        try:
            page.goto(f"{base}/lab/index.html?path=play.ipynb")
            assert chosen(page) == {"kernel": "python"}, f"run {run + 1} of {RUNS}"
            assert not [m for m in console if "No exact match found" in m], \
                f"run {run + 1}: the kernel was found by its language, not its name: {console}"
        finally:
            finish(page, blocked, f"kernel-run-{run}")


def test_a_notebook_that_names_no_kernel_opens_with_the_sites(chromium, base):
    """A notebook from elsewhere may name no kernel and no language: the lab starts the site's
    default kernel for it instead of asking."""
    page, blocked, _ = fresh_page(chromium, base, "kernel-bare-notebook")
    try:
        page.goto(f"{base}/lab/index.html")
        page.wait_for_function("() => window.jupyterapp?.serviceManager?.contents !== undefined", timeout=CHOSEN_TIMEOUT)
        page.evaluate("""async () => {
          const app = window.jupyterapp;
          await app.started;
          await app.restored;
          await app.serviceManager.contents.save('bare.ipynb', { type: 'notebook', format: 'json',
            content: { cells: [], metadata: {}, nbformat: 4, nbformat_minor: 5 } });
          await app.commands.execute('docmanager:open', { path: 'bare.ipynb' });
        }""")
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget?.context?.path?.endsWith('bare.ipynb')",
                               timeout=CHOSEN_TIMEOUT)
        assert chosen(page) == {"kernel": "python"}
    finally:
        finish(page, blocked, "kernel-bare-notebook")


def test_the_dialog_recorder_sees_the_select_kernel_dialog(chromium, base):
    """The checks above would pass blind if the recorder missed dialogs: asked to change the
    kernel, the lab shows the very dialog they look for, and the recorder has it."""
    page, blocked, _ = fresh_page(chromium, base, "kernel-recorder")
    try:
        page.goto(f"{base}/lab/index.html?path=play.ipynb")
        assert chosen(page) == {"kernel": "python"}
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:change-kernel'); }")
        page.wait_for_function("() => window.__lite.dialogs.length > 0", timeout=CHOSEN_TIMEOUT)
        assert "select kernel" in " ".join(page.evaluate("window.__lite.dialogs")).lower()
    finally:
        finish(page, blocked, "kernel-recorder")

