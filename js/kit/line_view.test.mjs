import { test } from "node:test";
import assert from "node:assert/strict";

import { LINE_PAD, escapeAttr, lineDrawing } from "./line_view.mjs";
import { fullLine } from "./test_helpers.mjs";

const FULL = fullLine();

function boxes(markup) {
  // [x, y, w, h] of each tile body, and the group's translation and scale
  const [, tx, ty, scale = "1"] = markup.match(/translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([\d.]+)\))?/);
  const rects = [...markup.matchAll(/class="dw-tile-body" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)];
  return rects.map((m) => m.slice(1).map(Number)).map(([x, y, w, h]) => {
    const s = Number(scale);
    return [Number(tx) + x * s, Number(ty) + y * s, w * s, h * s];
  });
}

test("every tile of a 28-tile line lies inside the box, at any box size", () => {
  for (const [width, height] of [[600, 280], [420, 220], [300, 160], [900, 340], [160, 90]]) {
    const { markup } = lineDrawing(FULL, 13, { width, height, maxUnit: 34 });
    const tiles = boxes(markup);
    assert.equal(tiles.length, 28);
    for (const [x, y, w, h] of tiles) {
      assert.ok(x >= LINE_PAD - 0.05 && x + w <= width - LINE_PAD + 0.05, `${width}x${height}: x ${x} w ${w}`);
      assert.ok(y >= LINE_PAD - 0.05 && y + h <= height - LINE_PAD + 0.05, `${width}x${height}: y ${y} h ${h}`);
    }
  }
});

test("the unit adapts: short lines large, long lines smaller, capped by maxUnit", () => {
  const one = lineDrawing([[6, 6]], 0, { width: 600, height: 280, maxUnit: 40 });
  const all = lineDrawing(FULL, 13, { width: 600, height: 280, maxUnit: 40 });
  assert.equal(one.unit, 40);
  assert.ok(all.unit < 40 && all.unit >= 16, `unit ${all.unit}`);
  assert.equal(all.scale, 1);
  const squeezed = lineDrawing(FULL, 13, { width: 120, height: 40, minUnit: 6 });
  assert.ok(squeezed.scale < 1, "scaled down when even the smallest unit does not fit");
});

test("the last tile is highlighted; a choice makes both ends glow with labelled slots", () => {
  const line = [[4, 1], [1, 6], [6, 6], [6, 2]];
  const { markup } = lineDrawing(line, 2, {
    width: 500, height: 200, last: 3,
    choice: { ends: ["L", "R"], labels: { L: 'Left "four"', R: "Right (two)" } },
  });
  assert.equal((markup.match(/dw-last/g) ?? []).length, 1);
  assert.match(markup, /class="dw-tile dw-last" data-index="3"/);
  assert.equal((markup.match(/class="dw-end-target dw-slot"/g) ?? []).length, 2);
  assert.equal((markup.match(/class="dw-end-target dw-end-tile"/g) ?? []).length, 2);
  assert.match(markup, /aria-label="Left &quot;four&quot;"/);
  assert.equal(lineDrawing([], 0, { width: 500, height: 200 }).markup, "");
});

test("attribute text is escaped", () => {
  assert.equal(escapeAttr('a "b" <c> & d'), "a &quot;b&quot; &lt;c> &amp; d");
});
