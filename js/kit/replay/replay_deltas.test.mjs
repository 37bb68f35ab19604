import { test } from "node:test";
import assert from "node:assert/strict";

import { applyChange, decodeSteps, handSteps } from "./replay_deltas.mjs";

// What dominoes_widget/sessions/replay/step_deltas.py sends for three steps (its doctest's).
const WHOLE_STEPS = [
  { line: [], hands: { N: ["1-2"], S: ["3-4"] }, turn: "N", note: "x" },
  { line: [[1, 2]], hands: { N: [], S: ["3-4"] }, turn: "S", note: null },
  { line: [[1, 2], [2, 3]], hands: { N: [], S: ["3-4"] }, turn: "S", note: null },
  { line: [[0, 1], [1, 2], [2, 3]], hands: { N: [], S: ["3-4"] }, turn: "S", note: null },
];
const CHANGES = [
  WHOLE_STEPS[0],
  { line_left: [1, 2], hands: { N: [] }, turn: "S", note: null },
  { line_right: [2, 3] },
  { line_left: [0, 1] },
];

test("the changes read back as the whole steps", () => {
  assert.deepEqual(decodeSteps(CHANGES), WHOLE_STEPS);
  assert.deepEqual(decodeSteps([]), []);
  assert.deepEqual(decodeSteps(undefined), []);
});

test("an unchanged key keeps its value; a null is a value, not an absence", () => {
  const [, second] = decodeSteps(CHANGES);
  assert.equal(second.note, null);
  assert.deepEqual(second.hands.S, ["3-4"], "the seat that did not play keeps its hand");
});

test("an object listed in `whole` replaces the old one instead of merging into it", () => {
  const before = { counting: { a: 1, b: 2 } };
  assert.deepEqual(applyChange(before, { counting: { a: 3 } }).counting, { a: 3, b: 2 });
  assert.deepEqual(applyChange(before, { counting: { a: 3 }, whole: ["counting"] }).counting, { a: 3 });
  assert.deepEqual(before, { counting: { a: 1, b: 2 } }, "the step before is left as it was");
});

test("a hand is decoded once and kept", () => {
  const hand = { deltas: CHANGES };
  const steps = handSteps(hand);
  assert.equal(handSteps(hand), steps);
  assert.deepEqual(steps, WHOLE_STEPS);
  assert.deepEqual(handSteps(null), []);
  assert.equal(handSteps({ steps: WHOLE_STEPS }), WHOLE_STEPS, "a hand saved with its steps whole reads as it is");
});

test("`less` takes the one item an entry lost and keeps the order of the rest", () => {
  const before = { hands: { N: ["0-1", "2-3", "4-5"], S: 3 }, pips: { N: 15 } };
  const after = applyChange(before, { less: { hands: { N: "2-3" } }, pips: { N: 10 } });
  assert.deepEqual(after.hands, { N: ["0-1", "4-5"], S: 3 });
  assert.deepEqual(after.pips, { N: 10 });
  assert.deepEqual(before.hands.N, ["0-1", "2-3", "4-5"], "the step before is left as it was");
  const both = applyChange(before, { less: { hands: { N: "0-1" } }, hands: { S: 2 } });
  assert.deepEqual(both.hands, { N: ["2-3", "4-5"], S: 2 }, "a hand's tile gone and another's count changed");
});
