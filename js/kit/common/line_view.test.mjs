import { test } from "node:test";
import assert from "node:assert/strict";

import { LINE_PAD, escapeAttr, ghostPlacement, lineDrawing } from "./line_view.mjs";
import { layoutLine } from "./line_layout.mjs";
import { fullLine, present } from "./test_helpers.mjs";

const FULL = fullLine();

/**
 * @param {string} markup
 */
function boxes(markup) {
  // [x, y, w, h] of each tile body, and the group's translation and scale
  const [, tx, ty, scale = "1"] = present(markup.match(/translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([\d.]+)\))?/));
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

test("a ghost tile takes the slot of its end, apart, and the snake does not move", () => {
  const line = [[4, 1], [1, 6], [6, 6], [6, 2]];
  const plain = lineDrawing(line, 2, { width: 500, height: 200 });
  for (const end of ["L", "R"]) {
    const halves = end === "L" ? [3, 4] : [2, 5];
    const { markup } = lineDrawing(line, 2, { width: 500, height: 200, ghost: /** @type {any} */ ({ halves, end, label: "Best: 5-6 (91%)", name: "Best move" }) });
    assert.ok(markup.startsWith(plain.markup.slice(0, -4)), `${end}: the line's own tiles are drawn as without the ghost`);
    assert.equal((markup.match(/class="dw-tile dw-ghost"/g) ?? []).length, 1);
    assert.match(markup, new RegExp(`<g class="dw-ghost-move" data-end="${end}" data-tile="${halves.join("-")}" role="img" aria-label="Best move">`));
    assert.match(markup, /<text class="dw-ghost-label"[^>]*>Best: 5-6 \(91%\)<\/text>/);
  }
});

test("the ghost of a tile lying lengthwise is exactly the layout's slot, also round a corner", () => {
  const line = FULL.slice(0, 20);
  for (const [width, lead] of [[300, 10], [420, 4], [260, 15]]) {
    const layout = layoutLine(line, lead, width, 20);
    for (const end of /** @type {const} */ (["L", "R"])) {
      const touching = end === "L" ? line[0][0] : line[line.length - 1][1];
      const other = (touching + 1) % 7 === touching ? 0 : (touching + 1) % 7;
      const halves = end === "L" ? [other, touching] : [touching, other];
      const placed = ghostPlacement(line, lead, layout, { halves, end }, width);
      const slot = present(end === "L" ? layout.slots.left : layout.slots.right);
      for (const key of /** @type {const} */ (["x", "y", "w", "h"])) assert.ok(Math.abs(placed[key] - slot[key]) < 1e-6, `${width} ${end} ${key}`);
      // the halves read as they would lie: the touching half next to the line's end tile
      const endTile = end === "L" ? layout.tiles[0] : layout.tiles[layout.tiles.length - 1];
      const near = (/** @type {number[]} */ a, /** @type {number[]} */ b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
      const halfCentres = placed.w > placed.h
        ? [[placed.x + placed.h / 2, placed.y + placed.h / 2], [placed.x + placed.w - placed.h / 2, placed.y + placed.h / 2]]
        : [[placed.x + placed.w / 2, placed.y + placed.w / 2], [placed.x + placed.w / 2, placed.y + placed.h - placed.w / 2]];
      const centre = [endTile.x + endTile.w / 2, endTile.y + endTile.h / 2];
      const touchingHalf = placed.halves.indexOf(touching) === 0 ? halfCentres[0] : halfCentres[1];
      const otherHalf = touchingHalf === halfCentres[0] ? halfCentres[1] : halfCentres[0];
      assert.ok(near(touchingHalf, centre) < near(otherHalf, centre), `${width} ${end}: the touching half faces the line`);
    }
  }
});

test("a double as ghost lies across its row; a lead with nothing played sits in the middle", () => {
  const line = [[6, 6], [6, 3]];
  const layout = layoutLine(line, 0, 400, 20);
  const placed = ghostPlacement(line, 0, layout, { halves: [3, 3], end: "R" }, 400);
  assert.ok(placed.h > placed.w, "across the row");
  const { markup } = lineDrawing([], 0, { width: 400, height: 200, ghost: { halves: [4, 2], end: null, label: "Best: 4-2" } });
  const [x, w] = [...markup.matchAll(/class="dw-tile-body" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)][0].slice(1).map(Number);
  const [tx] = present(markup.match(/translate\(([\d.]+)/)).slice(1).map(Number);
  assert.ok(Math.abs(tx + x + w / 2 - 200) < 1, "centred");
  assert.match(markup, /data-end="" data-tile="4-2"/);
});
