"""The Replay widget in real JupyterLab: buttons and keys step in the browser, and the
kernel's ``replay.hand``/``replay.step`` follow (so ``replay.position`` is where the
reader is). Keys must reach the widget, not Lab's notebook shortcuts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

RECORD = next(folder / "six_love_match.json"
              for folder in (Path(__file__).resolve().parent.parent / "data" / "records", Path("/work/shared/records"))
              if (folder / "six_love_match.json").exists())

OPEN = f'''
from dominoes_widget import Replay

replay = Replay.load({str(RECORD)!r})

def dump(_change=None):
    e2e_dump("replay.json", {{"hand": replay.hand, "step": replay.step, "ply": replay.position.ply,
                             "move": str(replay.move) if replay.move else None}})

replay.observe(dump, ["hand", "step"])
replay
'''


def test_replay_steps_in_lab_and_the_kernel_follows(page, open_notebook, kernel_json):
    nb = open_notebook(page, [OPEN])
    root = nb.locator(".dominoes-widget")
    expect(root).to_be_visible()
    where = root.locator(".dw-counter")
    expect(where).to_have_text("0 / 26")

    for _ in range(3):
        root.locator('button[data-action="next"]').click()
    expect(where).to_have_text("3 / 26")
    state = kernel_json(page, "replay.json", until=lambda d: d["step"] == 3)
    assert state == {"hand": 0, "step": 3, "ply": 3, "move": "W 6-3 R"}

    root.focus()
    page.keyboard.press("End")
    expect(where).to_have_text("26 / 26")
    page.keyboard.press("PageDown")
    expect(where).to_have_text("0 / 12")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(where).to_have_text("2 / 12")
    assert kernel_json(page, "replay.json", until=lambda d: (d["hand"], d["step"]) == (1, 2))["ply"] == 2
    # the keys went to the widget: the notebook still has its one cell, and it is unchanged
    assert nb.locator(".jp-Cell").count() == 1
