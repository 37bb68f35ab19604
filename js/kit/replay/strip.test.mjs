import { test } from "node:test";
import assert from "node:assert/strict";

import { STRIP_PAD, VERDICT_SIGNS, knownPoints, stripDrawing, stripMarker, stripScale } from "./strip.mjs";
import { present } from "../common/test_helpers.mjs";

const SIZE = { width: 240, height: 64 };
// A hand of 6 moves: 7 points, one unknown in the middle.
const POINTS = [62.5, 62.5, 58.1, null, 40, 71.3, 100];

const attr = (/** @type {string} */ markup, /** @type {string} */ name) => [...markup.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((m) => m[1]);
const points = (/** @type {string} */ markup) =>
  [...markup.matchAll(/<circle class="dw-strip-point([^"]*)" data-step="(\d+)"(?: data-verdict="(\w+)")? cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map(
    ([, kind, step, verdict, cx, cy, radius]) => ({ kind: kind.trim(), step: Number(step), verdict, cx: Number(cx), cy: Number(cy), r: Number(radius) }),
  );

test("one point a known step, none for the unknown ones", () => {
  const markup = stripDrawing(POINTS, SIZE);
  const drawn = points(markup);
  assert.equal(drawn.length, 6);
  assert.equal(knownPoints(POINTS), 6);
  assert.deepEqual(drawn.map((p) => p.step), [0, 1, 2, 4, 5, 6]);
  assert.equal(knownPoints([null, undefined, "x"]), 0);
});

test("points run left to right inside the box; 100 at the top, 0 at the bottom, 50 in the middle", () => {
  const drawn = points(stripDrawing(POINTS, SIZE));
  for (let i = 1; i < drawn.length; i++) assert.ok(drawn[i].cx > drawn[i - 1].cx);
  assert.equal(drawn[0].cx, STRIP_PAD.x);
  assert.equal(drawn[drawn.length - 1].cx, SIZE.width - STRIP_PAD.x);
  assert.equal(drawn[drawn.length - 1].cy, STRIP_PAD.y, "100% at the top");
  const { y } = stripScale(7, SIZE);
  assert.equal(y(0), SIZE.height - STRIP_PAD.y);
  assert.equal(y(50), SIZE.height / 2);
  assert.equal(y(140), y(100), "shares are clamped to 0-100");
  const markup = stripDrawing(POINTS, SIZE);
  assert.match(markup, new RegExp(`<line class="dw-strip-half" x1="0" y1="${SIZE.height / 2}" x2="240" y2="${SIZE.height / 2}"/>`));
});

test("the curve breaks where a point is unknown", () => {
  const markup = stripDrawing(POINTS, SIZE);
  const [curve] = attr(present(markup.match(/<path class="dw-strip-line"[^>]*>/))[0], "d");
  assert.equal((curve.match(/M/g) ?? []).length, 2, "two stretches: steps 0-2 and 4-6");
  assert.equal((curve.match(/L/g) ?? []).length, 4);
  const [band] = attr(present(markup.match(/<path class="dw-strip-band"[^>]*>/))[0], "d");
  assert.equal((band.match(/Z/g) ?? []).length, 2);
  const lonely = stripDrawing([null, 50, null], SIZE);
  assert.doesNotMatch(lonely, /dw-strip-line/, "a lone point has no line");
  assert.equal(points(lonely).length, 1);
});

test("marks colour the point after the marked move, by verdict; good moves stay plain", () => {
  const marks = [
    { ply: 1, verdict: "good" },
    { ply: 3, verdict: "blunder" },
    { ply: 4, verdict: "inaccuracy" },
    { ply: 2, verdict: "mistake" }, // the point after it (step 3) is unknown: nothing to colour
  ];
  const drawn = points(stripDrawing(POINTS, { ...SIZE, marks }));
  const marked = drawn.filter((p) => p.verdict);
  assert.deepEqual(marked.map((p) => [p.step, p.verdict]), [[4, "blunder"], [5, "inaccuracy"]]);
  assert.ok(marked.every((p) => p.kind.includes(`dw-verdict-${p.verdict}`) && p.r > drawn[0].r), "bigger, with the verdict's class");
  assert.equal(present(drawn.find((p) => p.step === 2)).kind, "", "a good move's point is plain");
  assert.deepEqual(VERDICT_SIGNS, { inaccuracy: "?!", mistake: "?", blunder: "??" });
});

test("a column to click for every step, tiling the width", () => {
  const markup = stripDrawing(POINTS, SIZE);
  const columns = [...markup.matchAll(/<rect class="dw-strip-hit" data-step="(\d+)" x="([\d.]+)" y="0" width="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));
  assert.deepEqual(columns.map(([step]) => step), [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(columns[0][1], 0);
  for (let i = 1; i < columns.length; i++) assert.ok(Math.abs(columns[i][1] - (columns[i - 1][1] + columns[i - 1][2])) < 0.02);
  const [, x, w] = columns[columns.length - 1];
  assert.ok(Math.abs(x + w - SIZE.width) < 0.02);
});

test("the marker starts at the step given and moves without a redraw", () => {
  const markup = stripDrawing(POINTS, { ...SIZE, step: 4 });
  const { x, y } = stripMarker(POINTS, 4, SIZE);
  assert.match(markup, new RegExp(`<g class="dw-strip-now" transform="translate\\(${x} 0\\)">`));
  assert.equal(y, stripScale(7, SIZE).y(40));
  assert.deepEqual(stripMarker(POINTS, 3, SIZE).y, null, "an unknown step: no point to ring");
  assert.match(stripDrawing(POINTS, { ...SIZE, step: 3 }), /visibility="hidden"/);
  assert.deepEqual(stripMarker(POINTS, 99, SIZE), stripMarker(POINTS, 6, SIZE), "clamped to the hand");
});

test("tooltips are escaped; nothing to draw gives no markup", () => {
  const titles = POINTS.map((_, i) => `Move ${i} <b>"x"</b> & more`);
  const markup = stripDrawing(POINTS, { ...SIZE, titles });
  assert.match(markup, /<title>Move 0 &lt;b&gt;&quot;x&quot;&lt;\/b&gt; &amp; more<\/title>/);
  assert.equal(stripDrawing([], SIZE), "");
  assert.equal(stripDrawing(POINTS, { width: 0, height: 64 }), "");
  const single = points(stripDrawing([50], SIZE));
  assert.equal(single[0].cx, SIZE.width / 2, "one step: in the middle");
});

test("a strip over a whole match marks where each hand starts", async () => {
  const { stripDrawing } = await import("./strip.mjs");
  const markup = stripDrawing([50, 60, 40, 50, 55], { width: 100, height: 40, boundaries: [0, 3] });
  const lines = [...markup.matchAll(/class="dw-strip-hand" data-step="(\d+)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(lines, [3], "a line before the first point of the second hand, none before the first hand");
});
