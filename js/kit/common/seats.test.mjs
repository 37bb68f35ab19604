import { test } from "node:test";
import assert from "node:assert/strict";

import { seatPositions, seatsByPosition } from "./seats.mjs";

const FOUR = ["N", "E", "S", "W"];

test("with South at the bottom the map is the screen", () => {
  assert.deepEqual(seatPositions(FOUR, "S"), { N: "top", E: "right", S: "bottom", W: "left" });
});

test("the table turns so the bottom seat is at the bottom, keeping map order round it", () => {
  assert.deepEqual(seatPositions(FOUR, "N"), { N: "bottom", E: "left", S: "top", W: "right" });
  assert.deepEqual(seatPositions(FOUR, "E"), { N: "right", E: "bottom", S: "left", W: "top" });
  assert.deepEqual(seatPositions(FOUR, "W"), { N: "left", E: "top", S: "right", W: "bottom" });
});

test("partners always face each other", () => {
  const opposite = { bottom: "top", top: "bottom", left: "right", right: "left" };
  for (const bottom of FOUR) {
    const at = seatPositions(FOUR, bottom);
    assert.equal(at.N, opposite[at.S]);
    assert.equal(at.E, opposite[at.W]);
  }
});

test("three and two players", () => {
  const three = ["S", "E", "N"];
  assert.deepEqual(seatPositions(three, "S"), { S: "bottom", E: "right", N: "top" });
  assert.deepEqual(seatPositions(three, "E"), { S: "left", E: "bottom", N: "right" });
  assert.deepEqual(seatsByPosition(three, "N"), { bottom: "N", left: "E", top: "S", right: null });
  assert.deepEqual(seatPositions(["S", "N"], "S"), { S: "bottom", N: "top" });
  assert.deepEqual(seatPositions(["S", "N"], "N"), { S: "top", N: "bottom" });
});

test("a bottom seat not in play falls back to South, then to the first seat", () => {
  assert.deepEqual(seatPositions(["S", "N"], "E"), { S: "bottom", N: "top" });
  assert.deepEqual(seatPositions(FOUR, null), seatPositions(FOUR, "S"));
  assert.deepEqual(seatPositions(["E", "W"], null), { E: "bottom", W: "top" });
  assert.deepEqual(seatPositions(["N", "X"], "N"), { N: "bottom" });
});
