"""A notebook reads well before it runs: the saved notebooks, opened untrusted in real JupyterLab
without running a cell, show their pictures as images with their words as text.

A notebook just cloned is not trusted: JupyterLab then draws no SVG output and no widget, and
sanitizes the saved HTML, which once left each picture's words run together ("…as seen by
YouSix Love: You to move…2-43-41-51…"). Each test copies a saved notebook into its own folder
(so the server has never signed it), opens it and runs nothing. Pictures:
test-artifacts/e2e/untrusted-<notebook>-<light|dark>.png.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest

from browser_harness import still
from dominoes_widget.words.catalog import Voice
from servers import open_for_kernel, watch

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
SAVED_IMAGE = '<img src="data:image/svg+xml;base64,'

# Each output of the notebook's panel: its text, its images (loaded or not), any SVG element left.
OUTPUTS = """(panel) => [...panel.querySelectorAll('.jp-OutputArea-output')].map((out) => ({
  text: out.textContent,
  svgs: out.querySelectorAll('svg').length,
  images: [...out.querySelectorAll('img')].map((img) => ({
    svg: img.src.startsWith('data:image/svg+xml'), loaded: img.complete && img.naturalWidth > 0,
    natural: [img.naturalWidth, img.naturalHeight], shown: [img.width, img.height], alt: img.alt})),
}))"""

TRUSTED_CELLS = """(path) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === path)
      return w.content.widgets.filter((c) => c.model.type === 'code' && c.model.trusted).length;
  }
  return null;
}"""


def saved_pictures(path: Path) -> int:
    """How many outputs of the saved notebook hold a picture as an image."""
    notebook = nbformat.read(path, as_version=4)
    return sum(SAVED_IMAGE in "".join(output.get("data", {}).get("text/html", ""))
               for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", []))


@pytest.mark.parametrize("name", ["play.ipynb", "04_replay.ipynb"], ids=["play", "replay"])  # no ".ipynb" in folder names
def test_a_saved_notebook_opened_untrusted_shows_its_pictures_and_words(lab, browser, test_dir, request, name):
    expected = saved_pictures(NOTEBOOKS / name)
    assert expected >= 4, f"{name} is saved with {expected} pictures as images"
    shutil.copy(NOTEBOOKS / name, test_dir / name)  # a fresh copy: never signed by this server
    path = f"{test_dir.name}/{name}"
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        watch(page, request.node)
        url = f"{lab.url}/lab/workspaces/{test_dir.name}/tree/{path}?reset&token={lab.token}"
        panel = open_for_kernel(page, lab, url, path)
        assert page.evaluate(TRUSTED_CELLS, path) == 0, "the copy opened trusted: the test would prove nothing"
        page.wait_for_function(f"""(panel) => {{
            const images = [...panel.querySelectorAll('.jp-OutputArea-output img')]
                .filter((img) => img.src.startsWith('data:image/svg+xml'));
            return images.length >= {expected} && images.every((img) => img.complete && img.naturalWidth > 0);
        }}""", arg=panel.element_handle(), timeout=30_000)
        outputs = panel.evaluate(OUTPUTS)

        images = [image for output in outputs for image in output["images"] if image["svg"]]
        assert len(images) == expected, f"{len(images)} of the {expected} saved pictures shown"
        for image in images:
            assert image["loaded"] and min(image["natural"]) > 0 and min(image["shown"]) > 0, image
            assert re.match(r"^\S.* · .+", image["alt"]), f"the picture's words as alt text: {image['alt']!r}"
        for output in outputs:
            text = output["text"]
            assert output["svgs"] == 0 and "<svg" not in text and "xmlns" not in text, text[:300]
            assert not re.search(r"\d-\d\d-\d", text), f"tile labels run together: {text[:300]!r}"
            assert "IPython.core.display.SVG" not in text, "an SVG output shown as its plain text"
        shown_text = "\n".join(output["text"] for output in outputs)
        words = Voice("en")
        assert words("picture.table_note") in shown_text, "the Table's words beside its picture"
        if name == "04_replay.ipynb":
            assert words("picture.replay_note") in shown_text and words("exercise.static_note") in shown_text

        for theme in ("light", "dark"):  # named each time: the server keeps the last test's theme
            set_theme(page, theme)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            # the first picture (a widget's), a Picture(render_svg(...)) output, an exercise's
            for kind, selector in (("", ".jp-OutputArea-output img"), ("-picture", ".jp-OutputArea-output > img"),
                                   ("-exercise", ".dominoes-exercise img")):
                shown = panel.locator(selector)
                if not shown.count():
                    continue
                shown.first.evaluate("el => el.scrollIntoView({block: 'center'})")
                still(page)
                page.screenshot(path=str(ARTIFACTS / f"untrusted-{Path(name).stem}{kind}-{theme}.png"))
        set_theme(page, "light")
    finally:
        context.close()


def set_theme(page, theme: str) -> None:
    page.evaluate("(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})",
                  f"JupyterLab {theme.title()}")
    page.wait_for_function("(light) => document.body.dataset.jpThemeLight === light",
                           arg=str(theme == "light").lower(), timeout=20_000)
    page.wait_for_function("() => !document.querySelector('#jupyterlab-splash')")  # its loading circles


def test_a_picture_shows_in_a_running_notebook_and_a_table_is_still_the_widget(page, open_notebook):
    """Trusted and running: the Picture is the same image, and a Table draws itself, not its picture."""
    from browser_harness import ensure_built

    ensure_built()
    nb = open_notebook(page, [
        "from dominoes_widget import Hand, Picture, Rules, Table, render_svg\n"
        "Picture(render_svg(Hand.dealt(Rules.six_love(), seed=1), seat='S', size=380))",
        "Table(bot_delay=0, seed=3)",
    ])
    nb.locator(".dominoes-widget").wait_for(timeout=30_000)
    image = nb.locator(".jp-OutputArea-output img").first
    image.wait_for()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    assert image.evaluate("img => img.naturalWidth") == 380
    assert image.get_attribute("alt").startswith("Six Love: ")
    assert nb.locator(".jp-OutputArea-output img").count() == 1, "the Table shows as the widget, not its picture"
