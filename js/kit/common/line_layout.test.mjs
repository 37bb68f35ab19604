import { test } from "node:test";
import assert from "node:assert/strict";

import { fitLine, layoutLine } from "./line_layout.mjs";
import { fullLine, present } from "./test_helpers.mjs";

const FULL = fullLine();
const WIDTHS = [60, 120, 200, 320, 480, 640, 900, 1400];
const EPS = 1e-6;

// Lines of 1..28 tiles cut from one valid line, led from the first, middle and last tile.
function* sampleLines() {
  for (let n = 1; n <= 28; n++) {
    for (const start of new Set([0, 28 - n, Math.floor((28 - n) / 2)])) {
      const line = FULL.slice(start, start + n);
      for (const lead of new Set([0, Math.floor(n / 2), n - 1])) yield { line, lead };
    }
  }
}

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

/**
 * @param {Box} a
 * @param {Box} b
 */
function overlaps(a, b) {
  return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

// The square of a placed tile that shows `line[i][side]` (side 0 = a, 1 = b). A crosswise
// double touches its neighbours with its whole length, so it answers with its full box.
/**
 * @param {import("./line_layout.mjs").Placement & {isDouble?: boolean, orientation?: string}} tile
 * @param {number} side
 * @param {number} unit
 * @returns {Box}
 */
function halfRect(tile, side, unit) {
  const crosswiseDouble = tile.isDouble && !tile.corner;
  if (crosswiseDouble) return { x: tile.x, y: tile.y, w: tile.w, h: tile.h };
  const firstVisual = tile.rotation === 180 ? side === 1 : side === 0;
  if (tile.orientation === "horizontal") {
    return { x: firstVisual ? tile.x : tile.x + unit, y: tile.y, w: unit, h: unit };
  }
  return { x: tile.x, y: firstVisual ? tile.y : tile.y + unit, w: unit, h: unit };
}

// Two boxes touch when they are exactly `gap` apart on one axis and share at least
// half a unit on the other.
/**
 * @param {Box} a
 * @param {Box} b
 * @param {number} gap
 * @param {number} unit
 */
function touching(a, b, gap, unit) {
  const xGap = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
  const yGap = Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h));
  const xShared = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const yShared = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  const close = (/** @type {number} */ v) => Math.abs(v - gap) < 1e-6;
  return (close(xGap) && yShared >= unit / 2 - EPS) || (close(yGap) && xShared >= unit / 2 - EPS);
}

test("never wider than the given width, for 1..28 tiles at several widths", () => {
  for (const width of WIDTHS) {
    for (const { line, lead } of sampleLines()) {
      const layout = layoutLine(line, lead, width, 28);
      for (const rect of [...layout.tiles, present(layout.slots.left), present(layout.slots.right)]) {
        assert.ok(rect.x >= -EPS && rect.x + rect.w <= width + EPS, `width ${width}, ${line.length} tiles: ${JSON.stringify(rect)}`);
        assert.ok(rect.y >= layout.bounds.y - EPS && rect.y + rect.h <= layout.bounds.y + layout.bounds.height + EPS);
      }
      assert.ok(layout.bounds.x >= -EPS && layout.bounds.x + layout.bounds.width <= width + EPS);
    }
  }
});

test("no two tiles (or a tile and an end slot) overlap", () => {
  for (const width of WIDTHS) {
    for (const { line, lead } of sampleLines()) {
      const layout = layoutLine(line, lead, width, 28);
      const rects = [...layout.tiles, layout.slots.left, layout.slots.right];
      for (let i = 0; i < rects.length; i++) {
        for (let j = i + 1; j < rects.length; j++) {
          assert.ok(!overlaps(present(rects[i]), present(rects[j])), `width ${width}, ${line.length} tiles, lead ${lead}: ${i} and ${j} overlap`);
        }
      }
    }
  }
});

test("neighbours in the line touch with their matching halves, also on corners", () => {
  for (const width of WIDTHS) {
    for (const { line, lead } of sampleLines()) {
      const { tiles, gap, unit } = layoutLine(line, lead, width, 28);
      for (let i = 0; i + 1 < line.length; i++) {
        const right = halfRect(tiles[i], 1, unit);
        const left = halfRect(tiles[i + 1], 0, unit);
        assert.ok(touching(right, left, gap, unit), `width ${width}, tiles ${i} and ${i + 1} do not touch`);
      }
    }
  }
});

test("the lead sits at the centre of the middle row", () => {
  for (const width of WIDTHS) {
    for (const { line, lead } of sampleLines()) {
      const { tiles } = layoutLine(line, lead, width, 28);
      const leadTile = tiles[lead];
      assert.ok(Math.abs(leadTile.x + leadTile.w / 2 - width / 2) < EPS);
      // The right arm grows only below the lead's row, the left arm only above it.
      const leadCentre = leadTile.y + leadTile.h / 2;
      for (const tile of tiles) {
        if (tile.arm === "right") assert.ok(tile.y + tile.h / 2 >= leadCentre - EPS);
        if (tile.arm === "left") assert.ok(tile.y + tile.h / 2 <= leadCentre + EPS);
      }
    }
  }
});

test("doubles lie crosswise, other tiles lengthwise along their row", () => {
  const line = [[3, 1], [1, 1], [1, 6], [6, 6], [6, 2], [2, 2], [2, 5]];
  const { tiles, unit } = layoutLine(line, 3, 1000, 20);
  for (const tile of tiles) {
    assert.equal(tile.corner, false);
    if (tile.isDouble) assert.deepEqual([tile.w, tile.h, tile.orientation], [unit, 2 * unit, "vertical"]);
    else assert.deepEqual([tile.w, tile.h, tile.orientation], [2 * unit, unit, "horizontal"]);
  }
  // One row: every tile is centred on the lead's centre line.
  const centres = new Set(tiles.map((t) => t.y + t.h / 2));
  assert.equal(centres.size, 1);
});

test("halves read in line order along the row: [a, b] flips where the row runs back", () => {
  const layout = layoutLine(FULL, 14, 300, 20);
  for (const tile of layout.tiles) {
    const [a, b] = FULL[tile.index];
    assert.deepEqual(tile.halves, tile.rotation === 180 ? [b, a] : [a, b]);
  }
  assert.ok(layout.tiles.some((t) => t.rotation === 180), "a row runs back");
});

test("the right arm turns down at the right edge and comes back leftwards", () => {
  const line = FULL.slice(0, 12);
  const { tiles, unit } = layoutLine(line, 0, 300, 20);
  const firstCorner = tiles.find((t) => t.corner);
  assert.ok(firstCorner, "a corner is needed");
  const before = tiles[firstCorner.index - 1];
  const after = tiles[firstCorner.index + 1];
  assert.deepEqual([firstCorner.w, firstCorner.h], [unit, 2 * unit]);
  assert.ok(firstCorner.y > before.y, "turns downwards");
  assert.ok(Math.abs(firstCorner.x + firstCorner.w - (before.x + before.w)) < EPS, "under the outer half");
  assert.ok(after.x + after.w <= firstCorner.x + EPS, "comes back leftwards");
  assert.equal(after.rotation, 180);
});

test("the left arm turns up at the left edge and comes back rightwards", () => {
  const line = FULL.slice(0, 12);
  const { tiles } = layoutLine(line, 11, 300, 20);
  const corner = present(tiles.find((t) => t.corner), "a turning tile");
  const before = tiles[corner.index + 1];
  const after = tiles[corner.index - 1];
  assert.ok(corner.y + corner.h < before.y + before.h, "turns upwards");
  assert.ok(Math.abs(corner.x - before.x) < EPS, "over the outer half");
  assert.ok(after.x >= corner.x + corner.w - EPS, "comes back rightwards");
});

test("a double on a turn stands upright, like any turning tile", () => {
  /** @type {{double: import("./line_layout.mjs").Placement, unit: number} | null} */
  let found = null;
  for (let width = 100; width <= 600 && !found; width++) {
    const layout = layoutLine(FULL, 13, width, 20);
    const double = layout.tiles.find((t) => t.isDouble && t.corner);
    if (double) found = { double, unit: layout.unit };
  }
  const { double, unit } = present(found, "some width that puts a double on a turn");
  assert.deepEqual([double.w, double.h, double.rotation], [unit, 2 * unit, 90]);
});

test("the tile size shrinks only when the width is too small for it", () => {
  assert.equal(layoutLine([[6, 6]], 0, 1000, 24).unit, 24);
  const narrow = layoutLine(FULL, 10, 60, 24);
  assert.equal(narrow.unit, 10);
  assert.ok(narrow.bounds.width <= 60);
});

test("slots mark where a tile played on each end would go", () => {
  const layout = layoutLine([[6, 6]], 0, 400, 20);
  const left = present(layout.slots.left);
  const right = present(layout.slots.right);
  assert.ok(left.x + left.w <= layout.tiles[0].x);
  assert.ok(right.x >= layout.tiles[0].x + layout.tiles[0].w);
  const empty = layoutLine([], 0, 400, 20);
  assert.deepEqual(empty.tiles, []);
  assert.equal(empty.slots.left, null);
  assert.equal(empty.bounds.height, 0);
});

test("layout of 28 tiles is fast (well under 1 ms)", () => {
  for (let i = 0; i < 200; i++) layoutLine(FULL, 13, 480, 24); // warm up
  const runs = 2000;
  const start = performance.now();
  for (let i = 0; i < runs; i++) layoutLine(FULL, 13, 480, 24);
  const perLayout = (performance.now() - start) / runs;
  assert.ok(perLayout < 1, `${perLayout.toFixed(4)} ms per layout`);
});

test("the topmost tile touches y = 0; a slot may stand above it, inside the bounds", () => {
  for (const { line, lead } of sampleLines()) {
    const layout = layoutLine(line, lead, 200, 20);
    assert.ok(Math.abs(Math.min(...layout.tiles.map((t) => t.y))) < EPS);
    assert.ok(layout.bounds.y <= EPS);
  }
});

test("fitLine picks the largest whole unit whose snake fits the width and height", () => {
  for (const [width, height] of [[600, 280], [520, 240], [360, 200], [900, 320], [240, 160]]) {
    for (const n of [1, 2, 5, 9, 14, 20, 28]) {
      const line = FULL.slice(0, n);
      const { unit, layout, fits } = fitLine(line, Math.floor(n / 2), width, height, { min: 6, max: 34 });
      assert.ok(fits, `${n} tiles fit ${width}x${height}`);
      assert.ok(layout.bounds.height <= height + EPS && layout.bounds.width <= width + EPS);
      assert.ok(unit >= 6 && unit <= 34);
      if (unit < 34 && unit < width / 6) {
        const bigger = layoutLine(line, Math.floor(n / 2), width, unit + 1);
        assert.ok(bigger.bounds.height > height, `${n} tiles at ${width}x${height}: unit ${unit} + 1 would fit too`);
      }
    }
  }
});

test("a short line gets the largest unit; a long one a smaller unit, never below the minimum", () => {
  assert.equal(fitLine([[6, 6]], 0, 600, 280, { max: 34 }).unit, 34);
  const long = fitLine(FULL, 13, 600, 280, { min: 6, max: 34 });
  assert.ok(long.unit < 34 && long.unit >= 14, `28 tiles in 600 x 280: unit ${long.unit}`);
  const squeezed = fitLine(FULL, 13, 120, 30, { min: 6, max: 34 });
  assert.equal(squeezed.fits, false);
  assert.equal(squeezed.unit, 6);
});

test("fitting 28 tiles is fast (well under 1 ms)", () => {
  for (let i = 0; i < 100; i++) fitLine(FULL, 13, 600, 280);
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) fitLine(FULL, 13, 600, 280);
  const each = (performance.now() - start) / runs;
  assert.ok(each < 1, `${each.toFixed(4)} ms per fit`);
});
