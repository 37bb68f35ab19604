"""The SVG picture (dominoes_widget/words/svg.py) and the widgets' front end (js/kit/) draw the
same position with the same tiles: the same snake for the same width and unit, the same
tile drawing, the same colours (dominoes_widget/words/palette.json).

The JS side runs in ``node`` (no browser): a small script imports the kit's modules and
prints what they compute for the cases given on stdin.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dominoes_widget import Hand
from dominoes_widget.words import svg

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

FULL_LINE = [
    [6, 0], [0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
    [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6],
]
# (line, lead, width, unit): short and long lines, leads at either end and in the middle,
# narrow widths that turn many corners (doubles on corners too), and a unit that shrinks.
CASES = [
    ([[4, 1], [1, 6], [6, 6], [6, 2]], 2, 500, 24),
    ([[6, 6]], 0, 300, 20),
    (FULL_LINE, 13, 480, 20),
    (FULL_LINE, 13, 300, 20),
    (FULL_LINE, 0, 260, 16),
    (FULL_LINE, 27, 220, 14),
    (FULL_LINE[5:19], 7, 170, 18),
    (FULL_LINE, 13, 90, 24),
]

def run_node(script: str, payload) -> object:
    """Run an ES module ``script`` in the repo root with ``payload`` as JSON on stdin."""
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=json.dumps(payload), capture_output=True, text=True, cwd=ROOT, timeout=60, check=True,
    )
    return json.loads(result.stdout)


READ_STDIN = "import { readFileSync } from 'node:fs'; const input = JSON.parse(readFileSync(0, 'utf8'));"


def test_the_js_line_layout_places_every_tile_where_layout_line_does():
    script = READ_STDIN + """
import { layoutLine } from "./js/kit/common/line_layout.mjs";
const out = input.map(([line, lead, width, unit]) => {
  const layout = layoutLine(line, lead, width, unit);
  return { unit: layout.unit, tiles: layout.tiles.map((t) => [t.index, t.x, t.y, t.w, t.h, t.halves]) };
});
console.log(JSON.stringify(out));
"""
    js = run_node(script, CASES)
    corners = 0
    for (line, lead, width, unit), drawn in zip(CASES, js):
        places, _bounds = svg.layout_line([tuple(t) for t in line], lead, width, unit)
        assert len(places) == len(drawn["tiles"]) == len(line)
        for place, (index, x, y, w, h, halves) in zip(places, drawn["tiles"]):
            where = f"{len(line)} tiles, width {width}, unit {unit}, tile {index}"
            assert place.index == index, where
            assert [place.x, place.y, place.w, place.h] == pytest.approx([x, y, w, h], abs=1e-9), where
            assert list(place.halves) == halves, where
            corners += place.w < place.h and place.halves[0] != place.halves[1]
    assert corners > 10, "the cases turn corners"


def _numbers(markup: str, tag: str, names: tuple[str, ...]) -> list[tuple[float, ...]]:
    found = []
    for element in re.findall(rf"<{tag}\b[^>]*>", markup):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', element))
        found.append(tuple(round(float(attrs[name]), 2) for name in names))
    return sorted(found)


@pytest.mark.parametrize("halves, box", [
    ((6, 4), (3, 5, 40, 20)),
    ((5, 5), (0, 0, 20, 40)),
    ((0, 3), (10.5, 2, 30, 15)),
    ((2, 1), (1, 1, 13, 26)),
])
def test_a_tile_is_drawn_the_same_in_svg_py_and_the_js_kit(halves, box):
    x, y, w, h = box
    script = READ_STDIN + """
import { tileMarkup } from "./js/kit/common/tile.mjs";
const [halves, [x, y, width, height]] = input;
console.log(JSON.stringify([tileMarkup(halves, { x, y, width, height }), tileMarkup(halves, { x, y, width, height, highlight: true })]));
"""
    js_plain, js_last = run_node(script, [list(halves), list(box)])
    for js_markup, highlight in ((js_plain, False), (js_last, True)):
        py_markup = svg._tile(halves, x, y, w, h, highlight=highlight)
        rect = ("x", "y", "width", "height", "rx", "stroke-width")
        assert _numbers(js_markup, "rect", rect) == _numbers(py_markup, "rect", rect)
        assert _numbers(js_markup, "circle", ("cx", "cy", "r")) == _numbers(py_markup, "circle", ("cx", "cy", "r"))
        line = ("x1", "y1", "x2", "y2", "stroke-width")
        assert _numbers(js_markup, "line", line) == _numbers(py_markup, "line", line)


def test_a_face_down_tile_is_drawn_the_same_too():
    script = READ_STDIN + """
import { tileMarkup } from "./js/kit/common/tile.mjs";
console.log(JSON.stringify(tileMarkup([0, 0], { x: 2, y: 3, width: 18, height: 36, faceDown: true })));
"""
    js = run_node(script, None)
    py = svg._tile(None, 2, 3, 18, 36)
    rect = ("x", "y", "width", "height", "rx", "stroke-width")
    assert _numbers(js, "rect", rect) == _numbers(py, "rect", rect)


def test_svg_py_and_the_front_end_read_one_palette():
    palette = json.loads((ROOT / "dominoes_widget" / "words" / "palette.json").read_text())
    assert (svg.FELT, svg.FELT_EDGE, svg.TILE_FACE, svg.TILE_EDGE, svg.DIVIDER, svg.PIP, svg.TILE_BACK,
            svg.TILE_BACK_MARK, svg.LAST_PLAYED, svg.TURN, svg.INK, svg.INK_DIM) == (
        palette["felt"], palette["felt_edge"], palette["tile_face"], palette["tile_edge"], palette["divider"],
        palette["pip"], palette["tile_back"], palette["back_mark"], palette["last_move"], palette["turn"],
        palette["text_on_felt"], palette["text_on_felt_dim"])
    script = "import { PALETTE } from './js/kit/common/palette.mjs'; console.log(JSON.stringify(PALETTE));"
    assert run_node(script, None) == palette
    picture = svg.render_svg(Hand.dealt(seed=1), size=400)
    assert f'fill="{palette["felt"]}"' in picture and f'fill="{palette["tile_face"]}"' in picture


@pytest.mark.slow  # node as a process
def test_the_browser_reads_the_replays_step_changes_back_as_python_does():
    """The steps the kernel sends as changes (sessions/replay/step_deltas.py) read back in the browser
    (js/kit/replay/replay_deltas.mjs) as the very steps the engine built, counting panels and all."""
    from dominoes_widget.sessions.replay.step_deltas import hand_steps
    from dominoes_widget.widgets.replay import Replay

    records = ROOT / "tests" / "data" / "records"
    hands = [hand for name in ("six_love_10_hands.json", "vietnamese_3_players.json")
             for hand in Replay(records / name, counting=True).view["hands"]]
    script = READ_STDIN + """
import { decodeSteps } from "./js/kit/replay/replay_deltas.mjs";
console.log(JSON.stringify(input.map((changes) => decodeSteps(changes))));
"""
    assert run_node(script, [hand["deltas"] for hand in hands]) == [hand_steps(hand) for hand in hands]
