import { test } from "node:test";
import assert from "node:assert/strict";

import { describeScore } from "./score.mjs";

test("Straight Six: team points, the target and tied hands", () => {
  const panel = describeScore({ kind: "straight_six", NS: 2, EW: 1, target: 6, ties: 1 });
  assert.equal(panel.title, "Straight Six");
  assert.deepEqual(panel.rows.map((r) => [r.label, r.value]), [["North-South", 2], ["East-West", 1]]);
  assert.match(panel.notes.join(" "), /first to 6/);
  assert.match(panel.notes.join(" "), /1 tied hand in a row/);
});

test("Six Love: tied deals pending, what the next hand is worth, the play-off", () => {
  const panel = describeScore({ kind: "six_love", NS: 2, EW: 0, target: 6, ties: 1, worth: 2, playoff: false });
  const notes = panel.notes.join(" ");
  assert.equal(panel.title, "Six Love");
  assert.match(notes, /1 tied deal pending/);
  assert.match(notes, /worth 2 points/);
  assert.doesNotMatch(notes, /Play-off/);
  const playoff = describeScore({ kind: "six_love", NS: 1, EW: 1, target: 6, ties: 0, worth: 1, playoff: true });
  assert.match(playoff.notes.join(" "), /Play-off/);
  assert.match(playoff.notes.join(" "), /worth 1 point\./);
});

test("Vietnamese tally: wins and pips per player, in seat order", () => {
  const score = { kind: "tally", target: null, wins: { S: 1, E: 0, N: 2 }, pips: { S: 30, E: 12, N: 8 } };
  const panel = describeScore(score, { seats: ["S", "E", "N"], names: { S: "You" } });
  assert.deepEqual(panel.rows.map((r) => [r.label, r.value, r.detail]), [["You", 1, "30 pips"], ["East", 0, "12 pips"], ["North", 2, "8 pips"]]);
  assert.match(panel.notes[0], /play on/);
  assert.match(describeScore({ ...score, target: 5 }).notes[0], /First to 5 hand wins/);
});

test("no score yet: an empty panel", () => {
  assert.deepEqual(describeScore(null), { title: "Score", rows: [], notes: [] });
});
