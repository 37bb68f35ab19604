import { test } from "node:test";
import assert from "node:assert/strict";

import { REVEAL_MARGIN, revealDelta } from "./reveal.mjs";

// JupyterLab at 1366x768: the notebook shows y = 91..738 (647 px); the Table is 516 px tall.
const area = { top: 91, bottom: 738 };
const table = (top) => ({ top, bottom: top + 516 });

test("a table whose hand is under the fold moves up just enough to show it, top still in view", () => {
  const delta = revealDelta(table(331), area); // Shift+Enter on play.ipynb's table cell
  assert.equal(delta, 331 + 516 - (738 - REVEAL_MARGIN));
  assert.ok(331 - delta >= area.top, "its top stays in view");
});

test("a table whose top went above the view comes down until its top shows", () => {
  const delta = revealDelta(table(-145), area); // Run All on a tutorial: the next cell kept its place
  assert.equal(delta, -145 - (91 + REVEAL_MARGIN));
  assert.ok(-145 + 516 - delta <= area.bottom, "and its bottom still shows");
});

test("a table all in view, or none of it, is left where it is", () => {
  assert.equal(revealDelta(table(120), area), 0);
  assert.equal(revealDelta(table(800), area), 0, "below the view: the person looks elsewhere");
  assert.equal(revealDelta(table(-700), area), 0, "above the view");
  assert.equal(revealDelta({ top: 200, bottom: 200 }, area), 0, "not laid out yet");
});

test("a table taller than the view shows its top at the view's top", () => {
  const tall = { top: 300, bottom: 1100 };
  assert.equal(revealDelta(tall, area), 300 - 91);
  assert.equal(revealDelta({ top: -50, bottom: 750 }, area), -50 - 91);
  assert.equal(revealDelta({ top: 95, bottom: 900 }, area), 0, "its top a few pixels down already: no jiggle");
  assert.equal(revealDelta({ top: 95, bottom: 95 + 647 }, area), 0, "as tall as the view, 4 px over: no jiggle");
});

test("with little room to spare the margin shrinks so the whole table still fits", () => {
  const box = { top: 111, bottom: 111 + 640 }; // 640 px tall in 647 px of view, 13 px under the fold
  const delta = revealDelta(box, area);
  const moved = { top: box.top - delta, bottom: box.bottom - delta };
  assert.ok(moved.top >= area.top && moved.bottom <= area.bottom, JSON.stringify(moved));
  assert.ok(delta > 13 && delta < 13 + REVEAL_MARGIN, `${delta}`);
});
