import { test } from "node:test";
import assert from "node:assert/strict";

import { atRecordEnd, clampPosition, handCount, keyAction, navigate, playDelay, stepAt, stepCount, wordsAt } from "./replay_steps.mjs";
import { present } from "../common/test_helpers.mjs";

// A step as the kernel sends it (data v2): the position and its one sentence.
const step = (/** @type {string} */ say, /** @type {Record<string, unknown>} */ extra = {}) => ({ hands: {}, pips: {}, line: [], lead: 0, last: null, ends: null, turn: null, pile: null, passed: [], move: null, say, note: null, ...extra });

// Two short partnership hands: the first finished, the second not (only what the steps read).
const TWO_HANDS = /** @type {import("../common/views.mjs").ReplayData} */ (/** @type {unknown} */ ({
  v: 2,
  seats: ["N", "E", "S", "W"],
  end: "North-South win the match.",
  hands: [
    {
      label: "Hand 1",
      moves: ["E 6-6", "N 6-4 L", "W pass"],
      score_before: { title: "before 0" },
      score_after: { title: "after 0" },
      tally_before: "NS 0 · EW 0",
      tally_after: "NS 0 · EW 1",
      result: { title: "done", lines: [], winners: ["E", "W"] },
      deltas: [step("dealt"), step("a"), step("b", { note: "N follows." }), step("c")],
    },
    {
      label: "Hand 2",
      moves: ["S 1-1", "E 1-2 R"],
      score_before: { title: "before 1" },
      score_after: null,
      tally_before: "NS 0 · EW 1",
      tally_after: null,
      result: null,
      deltas: [step("dealt again"), step("d"), step("e")],
    },
  ],
}));

test("navigation steps, and runs on across hands", () => {
  assert.equal(handCount(TWO_HANDS), 2);
  assert.equal(stepCount(TWO_HANDS, 0), 3);
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 0 }, "next"), { hand: 0, step: 1 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 3 }, "next"), { hand: 1, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 1, step: 0 }, "prev"), { hand: 0, step: 3 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 0 }, "prev"), { hand: 0, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 1, step: 2 }, "next"), { hand: 1, step: 2 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 2 }, "start"), { hand: 0, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 1 }, "end"), { hand: 0, step: 3 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 2 }, "nextHand"), { hand: 1, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 1, step: 0 }, "nextHand"), { hand: 1, step: 2 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 1, step: 1 }, "prevHand"), { hand: 0, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 1 }, "hand", 1), { hand: 1, step: 0 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 0 }, "step", 99), { hand: 0, step: 3 });
  assert.deepEqual(navigate(TWO_HANDS, { hand: 0, step: 0 }, "last"), { hand: 1, step: 2 });
  assert.deepEqual(navigate({}, { hand: 3, step: 3 }, "next"), { hand: 0, step: 0 });
  assert.ok(atRecordEnd(TWO_HANDS, { hand: 1, step: 2 }));
  assert.ok(!atRecordEnd(TWO_HANDS, { hand: 0, step: 3 }));
});

test("positions out of range are clamped", () => {
  assert.deepEqual(clampPosition(TWO_HANDS, 7, 9), { hand: 1, step: 2 });
  assert.deepEqual(clampPosition(TWO_HANDS, -1, -5), { hand: 0, step: 0 });
  assert.deepEqual(clampPosition(TWO_HANDS, "1", "1"), { hand: 1, step: 1 });
});

test("keys map to actions; modified keys are left alone", () => {
  assert.equal(keyAction({ key: "ArrowRight" }), "next");
  assert.equal(keyAction({ key: "ArrowLeft" }), "prev");
  assert.equal(keyAction({ key: "Home" }), "start");
  assert.equal(keyAction({ key: "End" }), "end");
  assert.equal(keyAction({ key: "PageDown" }), "nextHand");
  assert.equal(keyAction({ key: "PageUp" }), "prevHand");
  assert.equal(keyAction({ key: " " }), "toggle");
  assert.equal(keyAction({ key: "ArrowRight", ctrlKey: true }), null);
  assert.equal(keyAction({ key: "x" }), null);
  assert.equal(keyAction({ key: "b" }), "best");
  assert.equal(keyAction({ key: "B" }), "best");
  assert.equal(keyAction({ key: "b", ctrlKey: true }), null);
});

test("each step's position comes from the data, as the kernel computed it", () => {
  assert.equal(present(stepAt(TWO_HANDS, 0, 2)).say, "b");
  assert.equal(present(stepAt(TWO_HANDS, 1, 0)).say, "dealt again");
  assert.equal(stepAt(TWO_HANDS, 0, 9), null);
  assert.equal(stepAt({}, 0, 0), null);
});

test("each sentence once: say, the note when present, the result only at a finished hand's end", () => {
  assert.deepEqual(wordsAt(TWO_HANDS, 0, 0), { say: "dealt", note: null, result: null, end: "", score: { title: "before 0" }, tally: "NS 0 · EW 0" });
  assert.equal(present(wordsAt(TWO_HANDS, 0, 2)).note, "N follows.");
  assert.equal(present(wordsAt(TWO_HANDS, 0, 3)).note, null, "a note shows with its own step only");
  const end = present(wordsAt(TWO_HANDS, 0, 3));
  assert.equal(present(end.result).title, "done");
  assert.equal(end.end, "", "the match's end only after the last hand");
  assert.deepEqual(end.score, { title: "after 0" }, "the score after the hand once it has ended");
  assert.equal(end.tally, "NS 0 · EW 1");
  const unfinished = present(wordsAt(TWO_HANDS, 1, 2));
  assert.equal(unfinished.result, null, "an unfinished last hand has no result");
  assert.equal(unfinished.end, "");
  assert.equal(unfinished.tally, "NS 0 · EW 1");
  const finished = structuredClone(TWO_HANDS);
  finished.hands[1].result = /** @type {any} */ ({ title: "over", lines: [] });
  assert.equal(present(wordsAt(finished, 1, 2)).end, "North-South win the match.");
  assert.equal(wordsAt(TWO_HANDS, 5, 0), null);
});

test("play speed in moves per second becomes a delay", () => {
  assert.equal(playDelay(2), 500);
  assert.equal(playDelay(0.5), 2000);
  assert.equal(playDelay(100), 50, "capped at 20 moves a second");
  assert.equal(playDelay("x"), 500);
});
