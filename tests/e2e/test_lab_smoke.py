"""Proves the e2e harness: widgets render in real JupyterLab and a click reaches the kernel.

Needs only jupyterlab, ipywidgets and anywidget, not the dominoes_widget package.
"""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SLIDER = """
import ipywidgets
ipywidgets.IntSlider(value=7, description="smoke")
"""

COUNTER = '''
import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "e2e-counter";
        const show = () => { button.textContent = `count is ${model.get("count")}`; };
        button.addEventListener("click", () => {
          model.set("count", model.get("count") + 1);
          model.save_changes();
        });
        model.on("change:count", show);
        show();
        el.appendChild(button);
      },
    };
    """
    count = traitlets.Int(0).tag(sync=True)

counter = Counter()
counter.observe(lambda change: e2e_dump("counter.json", {"count": change["new"]}), "count")
counter
'''


def test_lab_smoke(page, open_notebook, kernel_json):
    nb = open_notebook(page, [SLIDER, COUNTER])

    expect(nb.locator(".widget-slider .widget-readout")).to_have_text("7")
    button = nb.locator("button.e2e-counter")
    expect(button).to_have_text("count is 0")

    button.click()
    button.click()
    expect(button).to_have_text("count is 2")
    assert kernel_json(page, "counter.json", until=lambda d: d["count"] == 2) == {"count": 2}
