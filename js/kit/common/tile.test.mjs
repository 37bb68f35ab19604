import { test } from "node:test";
import assert from "node:assert/strict";

import { numberSvg, parseMove, parseTile, pipPositions, sameTile, sameTiles, sortedKey, tileKey, tileMarkup, tileSvg } from "./tile.mjs";
import { present } from "./test_helpers.mjs";

test("tiles parse, print and compare either way round", () => {
  assert.deepEqual(parseTile("6-4"), [6, 4]);
  assert.deepEqual(parseTile([2, 0]), [2, 0]);
  assert.equal(parseTile("6-7"), null);
  assert.equal(parseTile("6"), null);
  assert.equal(parseTile("a-b"), null);
  assert.equal(tileKey([3, 1]), "3-1");
  assert.ok(sameTile("6-4", "4-6"));
  assert.ok(sameTile("6-4", [6, 4]));
  assert.ok(!sameTile("6-4", "6-3"));
  assert.ok(!sameTile("x", "x"), "not a tile");
  assert.equal(sortedKey([6, 4]), "4-6");
  assert.equal(sortedKey("2-1"), "1-2");
});

test("two lists hold the same tiles in any order, each written either way round", () => {
  assert.equal(sameTiles(["6-4", "1-1", "0-5"], ["5-0", "1-1", "4-6"]), true);
  assert.equal(sameTiles(["6-4", "1-1"], ["6-4", "1-2"]), false);
  assert.equal(sameTiles(["6-4"], ["6-4", "6-4"]), false);  // a count, not only a set
  assert.equal(sameTiles(null, []), true);
  assert.equal(sameTiles(undefined, ["0-0"]), false);
});

test("moves in notation parse into seat, kind, tile and end", () => {
  assert.deepEqual(parseMove("S 6-4 L"), { text: "S 6-4 L", seat: "S", kind: "play", tile: "6-4", end: "L" });
  assert.deepEqual(parseMove("E 6-6"), { text: "E 6-6", seat: "E", kind: "lead", tile: "6-6", end: null });
  assert.equal(present(parseMove("W pass")).kind, "pass");
  assert.equal(present(parseMove("W draw")).kind, "draw");
  assert.equal(present(parseMove("S draw 3-2")).tile, "3-2");
  for (const bad of ["", "X 6-4 L", "S 6-4 M", "S 6-9 L", "S pass now", "S", "S 6-4 L extra"]) {
    assert.equal(parseMove(bad), null, bad);
  }
});

test("pip patterns have the right count, inside the half, symmetric about the centre", () => {
  for (let value = 0; value <= 6; value++) {
    for (const orientation of /** @type {const} */ (["vertical", "horizontal"])) {
      const pips = pipPositions(value, orientation);
      assert.equal(pips.length, value);
      for (const [x, y] of pips) assert.ok(x > 0.1 && x < 0.9 && y > 0.1 && y < 0.9);
      // Every standard pattern looks the same turned half a turn.
      const key = (/** @type {number[]} */ [x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`;
      const turned = new Set(pips.map(([x, y]) => key([1 - x, 1 - y])));
      assert.deepEqual(new Set(pips.map(key)), turned);
    }
  }
  assert.throws(() => pipPositions(7), RangeError);
});

test("pip patterns: the centre pip only on odd values, the 6 in rows along the tile", () => {
  const hasCentre = (/** @type {number[][]} */ pips) => pips.some(([x, y]) => x === 0.5 && y === 0.5);
  for (let value = 0; value <= 6; value++) assert.equal(hasCentre(pipPositions(value)), value % 2 === 1);
  const distinct = (/** @type {number[][]} */ pips, /** @type {number} */ axis) => new Set(pips.map((p) => p[axis])).size;
  const upright = pipPositions(6, "vertical");
  assert.deepEqual([distinct(upright, 0), distinct(upright, 1)], [2, 3], "two columns of three");
  const lying = pipPositions(6, "horizontal");
  assert.deepEqual([distinct(lying, 0), distinct(lying, 1)], [3, 2], "two rows of three");
  assert.deepEqual(pipPositions(4, "vertical").length, 4);
});

test("tile markup draws one circle per pip and none face down", () => {
  const circles = (/** @type {string} */ markup) => (markup.match(/<circle/g) ?? []).length;
  assert.equal(circles(tileMarkup([6, 4], { x: 0, y: 0, width: 40, height: 20 })), 10);
  assert.equal(circles(tileMarkup([0, 0], { x: 0, y: 0, width: 20, height: 40 })), 0);
  const back = tileMarkup([6, 4], { x: 0, y: 0, width: 20, height: 40, faceDown: true });
  assert.equal(circles(back), 0);
  assert.match(back, /dw-face-down/);
  assert.match(tileSvg("6-4"), /^<svg [^>]*aria-hidden="true"/);
  // Values that are not pips never reach the markup.
  assert.equal(circles(tileMarkup(["<script>", 9], { width: 40, height: 20 })), 0);
});

test("the tile the last move placed has a thicker edge; sizes follow svg.py's proportions", () => {
  const plain = tileMarkup([6, 4], { width: 40, height: 20 });
  const last = tileMarkup([6, 4], { width: 40, height: 20, highlight: true });
  const edge = (/** @type {string} */ markup) => Number(present(markup.match(/class="dw-tile-body"[^>]*stroke-width="([\d.]+)"/))[1]);
  assert.equal(edge(plain), 1); // max(0.6, 20 * 0.05)
  assert.equal(edge(last), 2.4); // max(1.5, 20 * 0.12)
  assert.match(last, /class="dw-tile dw-last"/);
  assert.match(plain, /rx="2.8"/); // 20 * 0.14
  assert.match(plain, /r="1.9"/); // pips: 20 * 0.095
});

test("a standalone tile svg: upright or lying, face down for null, sized by CSS when fluid", () => {
  assert.match(tileSvg("6-4", { unit: 10 }), /viewBox="0 0 12 22" width="12" height="22"/);
  assert.match(tileSvg("6-4", { unit: 10, lying: true }), /viewBox="0 0 22 12"/);
  assert.match(tileSvg(null, { unit: 10 }), /dw-face-down/);
  assert.doesNotMatch(tileSvg("6-4", { unit: 10, fluid: true }), /width="12"/);
});

test("a number alone: one square half with its pips", () => {
  const five = numberSvg(5);
  assert.equal((five.match(/<circle/g) ?? []).length, 5);
  assert.match(five, /viewBox="0 0 23.2 23.2"/);
  assert.equal((numberSvg(0).match(/<circle/g) ?? []).length, 0);
});
