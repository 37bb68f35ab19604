"""Playing the Table in a real JupyterLab by clicking, and checking the kernel agrees."""

from __future__ import annotations

import json
import os
import re

import pytest
from playwright.sync_api import expect

from playing import click_move, play_hand_by_clicking

pytestmark = pytest.mark.e2e

SETUP = """
from dominoes_widget import Table
table = Table({game!r}, seed={seed}, bot_delay=0, **{options!r})

def dump(change=None):
    hand = table.hand or table.match.hand  # none while a leader is chosen: the last one
    e2e_dump("state.json", {{
        "phase": table.phase, "turn": table.turn, "viewer": table.view["viewer"],
        "legal": table.view["legal"], "moves": [str(m) for m in hand.moves],
        "hands": {{s: [str(t) for t in hand.held(s)] for s in hand.seats}},
        "result": table.view["result"], "score": table.view["score"], "line": len(table.view["line"]),
        "view_bytes": len(json.dumps(table.view)),
    }})

import json
table.observe(dump, "view")
dump()
table
"""


def open_table(page, open_notebook, game="partnership", seed=5, **options):
    options.setdefault("bots", "greedy")
    notebook = open_notebook(page, [SETUP.format(game=game, seed=seed, options=options)])
    widget = notebook.locator(".dominoes-widget")
    widget.wait_for(timeout=30_000)
    return notebook, widget


def read_state(page, kernel_json):
    """The kernel's state file of the notebook SETUP, for playing.play_hand_by_clicking."""
    return lambda until=None: kernel_json(page, "state.json", until=until)


def test_play_a_partnership_hand_to_its_end_by_clicking(page, open_notebook, kernel_json):
    notebook, widget = open_table(page, open_notebook, "six_love", seed=5)
    state = play_hand_by_clicking(widget, read_state(page, kernel_json))
    result = widget.locator(".dw-result")
    expect(result).to_contain_text(state["result"]["title"])
    page_moves = widget.locator(".dw-move-list button[data-ply]").all_inner_texts()
    assert len(page_moves) == len(state["moves"]) + 1, "the deal, then every move"
    expect(widget.locator("svg.dw-line .dw-tile")).to_have_count(state["line"])
    for seat, tiles in state["hands"].items():  # every hand is face up at the end
        if seat != "S" and tiles:
            shown = widget.locator(f'.dw-seat[data-seat="{seat}"] .dw-seat-tiles').get_attribute("data-tiles")
            assert sorted(shown.split()) == sorted(tiles)
    widget.locator(".dw-next").click()  # next hand
    kernel_json(page, "state.json", until=lambda s: s["phase"] in ("playing", "choose_leader"))


def test_vietnamese_hand_with_a_draw(page, open_notebook, kernel_json):
    notebook, widget = open_table(page, open_notebook, "vietnamese", seed=12, players=2)
    state = play_hand_by_clicking(widget, read_state(page, kernel_json), prefer="draw")
    assert any(m.startswith("S draw") for m in state["moves"]), "S drew from the pile by clicking Draw"
    pile = widget.locator(".dw-pile").inner_text()
    assert pile.strip()


def test_a_refused_move_is_explained_on_the_page(page, open_notebook, kernel_json):
    notebook, widget = open_table(page, open_notebook, "six_love", seed=5)
    state = kernel_json(page, "state.json")
    mine = state["hands"]["S"]
    playable = {m.split()[1] for m in state["legal"]}
    unplayable = [t for t in mine if t not in playable and "-".join(reversed(t.split("-"))) not in playable]
    if not unplayable:
        pytest.fail("the scenario never came (every tile in this hand is playable): pick another seed")
    widget.locator(f'.dw-hand-tile[data-tile="{unplayable[0]}"]').click()
    # the kernel's answer arrives asynchronously: wait for the words, not just the element
    expect(widget.locator(".dw-notice")).to_have_text(re.compile(r"fits neither end|cannot touch"), timeout=30_000)
    after = kernel_json(page, "state.json")
    assert after["moves"] == state["moves"]


@pytest.mark.skipif(not os.environ.get("DOMINOES_BENCH"), reason="latency benchmark: run benchmarks/table_latency.py")
def test_latency_click_to_next_turn(page, open_notebook, kernel_json):
    """Prints the click → your-next-turn latency and bytes per move (no timed assert)."""
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(len(frame))))
    bots = os.environ.get("DOMINOES_BENCH_BOTS", "strong")  # the default bots unless the benchmark says
    notebook, widget = open_table(page, open_notebook, "six_love", seed=5, bots=bots)
    latencies, per_move_bytes, view_bytes = [], [], []
    for hand_round in range(6):
        state = kernel_json(page, "state.json")
        while state["phase"] == "playing" and state["legal"]:
            move = state["legal"][0]
            done = len(state["moves"])
            before = len(received)
            if move.split()[1] in ("pass", "draw") or len(move.split()) == 2 or not _single_end(state, move):
                click_move(widget, move)
            else:
                a, b = move.split()[1].split("-")
                tile = f"{min(a, b)}-{max(a, b)}"
                # the kernel has moved on (state.json); wait until the page shows this turn too
                page.wait_for_function(TURN_SHOWN_JS, arg=tile, polling="raf")
                latency = page.evaluate(MEASURE_JS, tile)
                assert isinstance(latency, (int, float)), f"the page never showed the next turn after {move}: {latency}"
                latencies.append(latency)
            state = kernel_json(page, "state.json",
                                until=lambda s: len(s["moves"]) > done or s["phase"] != "playing")
            page.wait_for_timeout(300)  # clicks a few hundred ms apart (TESTING.md)
            moves_made = max(1, len(state["moves"]) - done)
            per_move_bytes.append(sum(received[before:]) / moves_made)
            view_bytes.append(state["view_bytes"])
        if state["phase"] == "match_over":
            break
        widget.locator(".dw-next").click()
        kernel_json(page, "state.json", until=lambda s: s["phase"] != "hand_over")
        state = kernel_json(page, "state.json")
        if state["phase"] == "choose_leader":
            widget.locator(".dw-leader-actions button").first.click()
            kernel_json(page, "state.json", until=lambda s: s["phase"] == "playing")
    latencies.sort()
    figures = {
        "bots": bots,
        "clicks": len(latencies),
        "latency_ms_median": latencies[len(latencies) // 2],
        "latency_ms_p95": latencies[int(len(latencies) * 0.95) - 1],
        "bytes_per_move_median": sorted(per_move_bytes)[len(per_move_bytes) // 2],
        "bytes_per_move_max": max(per_move_bytes),
        "view_bytes_max": max(view_bytes),
    }
    print("TABLE_LATENCY " + json.dumps(figures))


def _single_end(state, move) -> bool:
    def tile(m: str) -> str:
        return "-".join(sorted(m.split()[1].split("-")))
    return sum(1 for m in state["legal"] if len(m.split()) == 3 and tile(m) == tile(move)) == 1


TURN_SHOWN_JS = """(tile) => {
  const root = document.querySelector('.dominoes-widget');
  const status = root?.querySelector('.dw-status-text')?.textContent ?? '';
  return status.startsWith('Your turn') && !!root.querySelector(`.dw-hand-tile[data-tile="${tile}"]`);
}"""

MEASURE_JS = """async (tile) => {
  const root = document.querySelector('.dominoes-widget');
  const list = root.querySelector('.dw-move-list');
  const count = () => list.querySelectorAll('button[data-ply]').length;
  const before = count();
  const button = root.querySelector(`.dw-hand-tile[data-tile="${tile}"]`);
  const start = performance.now();
  button.click();
  return await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve({status: root.querySelector('.dw-status-text').textContent, count: count(), before}), 10000);
    const check = () => {
      const status = root.querySelector('.dw-status-text').textContent;
      const panel = !root.querySelector('.dw-result').hidden;
      if (count() > before && (status.startsWith('Your turn') || panel)) {
        clearTimeout(giveUp);
        resolve(performance.now() - start);
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}"""


def test_the_play_notebook_opens_a_game_against_bots(page, open_notebook, kernel_json):
    """The README's first command opens notebooks/play.ipynb; its first cell puts a game on the table."""
    import nbformat
    from pathlib import Path

    play = nbformat.read(Path(__file__).resolve().parents[2] / "notebooks" / "play.ipynb", as_version=4)
    first = next(cell.source for cell in play.cells if cell.cell_type == "code")
    watch = ("def watch(change=None):\n"
             "    e2e_dump('play.json', {'phase': table.phase, 'viewer': table.view['viewer'], 'turn': table.turn,\n"
             "                           'moves': len(table.hand.moves), 'kinds': table.view['players']})\n"
             "table.observe(watch, 'view')\nwatch()")
    notebook = open_notebook(page, [first, watch])
    widget = notebook.locator(".dominoes-widget")
    widget.wait_for(timeout=30_000)
    state = kernel_json(page, "play.json")
    assert state["viewer"] == "S" and state["phase"] in ("playing", "choose_leader")
    assert {state["kinds"][s]["label"] for s in "NEW"} == {"North (strong bot)", "East (strong bot)",
                                                            "West (strong bot)"}
    # the bots before S move on their own, paced on the kernel's event loop, until S is to play
    state = kernel_json(page, "play.json", until=lambda s: s["turn"] == "S", timeout=60_000)
    expect(widget.locator(".dw-move-list button[data-ply]")).to_have_count(state["moves"] + 1)
    widget.locator(".dw-hand-tile[data-tile]").first.wait_for()
    assert widget.locator(".dw-hand-tile[data-tile]").count() >= 6
