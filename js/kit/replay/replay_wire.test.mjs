import { test } from "node:test";
import assert from "node:assert/strict";

import { isPacked, unpackData } from "./replay_wire.mjs";

// The doctest of dominoes_widget/sessions/replay/wire.py: its data, and that data packed.
const DATA = {
  v: 2,
  hands: [{
    label: "Hand 1", moves: ["N 1-2", "S pass"], move_items: ["a", "b"], score_before: { rows: [] }, score_after: null,
    tally_before: "0", tally_after: null, result: null,
    deltas: [{ turn: "N", say: "Dealt.", last: null }, { turn: "S", say: "Played.", last: 0 }, { say: "Dealt." }],
  }],
};
const WIRE = {
  v: 2,
  shared: ["Dealt.", { rows: [] }, "0", "N 1-2", "S pass", "a", "b", "N", "S", "Played."],
  step_keys: ["turn", "say", "last"],
  shared_keys: ["turn", "say"],
  hands: [{
    label: "Hand 1", moves: [3, 4], move_items: [5, 6], score_before: 1, score_after: null, tally_before: 2, tally_after: null,
    result: null, deltas: [[7, 7, 0, null], [7, 8, 9, 0], [2, 0]],
  }],
};

test("packed data reads back as the plain data", () => {
  assert.ok(isPacked(WIRE) && !isPacked(DATA));
  assert.deepEqual(unpackData(WIRE), DATA);
});

test("it is read once and kept; plain data (a notebook saved before) is taken as it is", () => {
  assert.equal(unpackData(WIRE), unpackData(WIRE));
  assert.equal(unpackData(DATA), DATA);
  assert.deepEqual(unpackData(null), {});
  assert.deepEqual(unpackData({}), {});
});

test("a literal number of a key not shared is kept, and a shared key's null stays null", () => {
  const wire = { shared: ["x"], step_keys: ["a", "b"], shared_keys: ["a"], hands: [{ deltas: [[3, null, 5], [1, 0]] }] };
  assert.deepEqual(unpackData(wire).hands[0].deltas, [{ a: null, b: 5 }, { a: "x" }]);
});
