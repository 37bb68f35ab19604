import { test } from "node:test";
import assert from "node:assert/strict";

import { partial, present } from "../common/test_helpers.mjs";
import { decisionAt, defaultSide, flaggedMarks, handAnalysis, hasAnalysis, judgedMoveAt, markOfMove, moveMarkAt, shownMarkAt, sideLabel, stripPoints, verdictSign } from "./replay_analysis.mjs";

/** @type {import("../common/views.mjs").ReplayAnalysis} */
const ANALYSIS = partial({
  sides: ["NS", "EW"],
  strip: { NS: [60, 60, 55, null, 30], EW: [40, 40, 45, null, 70] },
  marks: [
    { ply: 0, verdict: "good", played: "E 6-6", best: "E 6-6" },
    { ply: 1, verdict: "mistake", played: "N 6-0 L", best: "N 6-5 L", win: 0.5, best_win: 0.6, words: "Mistake: …" },
    { ply: 2, verdict: "blunder", played: "W 6-3 R", best: "W 3-6 L", words: "Blunder: …" },
    { ply: 3, verdict: "inaccuracy", played: "S 1-1", best: "S 4-2" },
  ],
});
/** @type {import("../common/views.mjs").ReplayData} */
const DATA = partial({
  bottom: "S",
  players: { N: { name: "Ana", team: "NS" }, S: { name: "Bo", team: "NS" }, E: { name: "Cy", team: "EW" }, W: { name: "Di", team: "EW" } },
  hands: [
    { score_before: { rows: [{ key: "NS", label: "North-South" }, { key: "EW", label: "East-West" }] }, analysis: ANALYSIS },
    { score_before: { rows: [] } },
  ],
});

test("which hands have an analysis", () => {
  assert.equal(hasAnalysis(DATA), true);
  assert.equal(hasAnalysis(partial({ hands: [{}, { analysis: { sides: [] } }] })), false);
  assert.equal(hasAnalysis({}), false);
  assert.equal(handAnalysis(DATA.hands[1]), null);
  assert.equal(handAnalysis(DATA.hands[0]), ANALYSIS);
});

test("the strip follows the bottom seat's side by default, named as the data names it", () => {
  assert.equal(defaultSide(DATA, ANALYSIS), "NS");
  assert.equal(defaultSide({ ...DATA, bottom: "E" }, ANALYSIS), "EW");
  /** @type {import("../common/views.mjs").ReplayAnalysis} */
  const seats = partial({ sides: ["S", "E", "N"] });
  assert.equal(defaultSide(partial({ bottom: "N", players: { N: { team: null } } }), seats), "N");
  assert.equal(defaultSide({ bottom: "W", players: {} }, seats), "S", "a seat not analysed: the first side");
  assert.equal(sideLabel(DATA, 0, "EW"), "East-West");
  assert.equal(sideLabel(DATA, 1, "EW"), "Cy & Di", "no score row: the players' names");
  assert.equal(sideLabel(DATA, 1, "S"), "Bo");
  assert.equal(sideLabel({}, 0, "XY"), "XY");
  assert.deepEqual(stripPoints(ANALYSIS, "EW"), [40, 40, 45, null, 70]);
  assert.deepEqual(stripPoints(ANALYSIS, "N"), []);
});

test("a move's mark shows at the step it leads to; a decision's best move at the step it is made", () => {
  assert.deepEqual(flaggedMarks(ANALYSIS).map((m) => m.ply), [1, 2, 3], "good moves are not flagged");
  assert.equal(markOfMove(ANALYSIS, 0), null);
  assert.equal(present(moveMarkAt(ANALYSIS, 2)).verdict, "mistake", "move 1 leads to step 2");
  assert.equal(moveMarkAt(ANALYSIS, 0), null);
  assert.equal(moveMarkAt(ANALYSIS, 1), null, "move 0 was good");
  assert.equal(present(decisionAt(ANALYSIS, 1)).verdict, "mistake", "at step 1 the mistake is still to be made");
  assert.equal(decisionAt(ANALYSIS, 4), null);
  assert.deepEqual(["inaccuracy", "mistake", "blunder", "good"].map(verdictSign), ["?!", "?", "??", ""]);
});

test("the marked moves in the record's order, and the next or previous one from a position", async () => {
  const { markedSteps, nextMarked } = await import("./replay_analysis.mjs");
  const hand = (/** @type {unknown[]} */ marks) => ({ analysis: { sides: ["NS"], strip: {}, marks } });
  /** @type {import("../common/views.mjs").ReplayData} */
  const data = partial({ hands: [hand([{ ply: 5, verdict: "blunder" }, { ply: 2, verdict: "mistake" }, { ply: 3, verdict: "good" }]), { moves: [] }, hand([{ ply: 0, verdict: "inaccuracy" }])] });
  assert.deepEqual(markedSteps(data), [{ hand: 0, step: 3 }, { hand: 0, step: 6 }, { hand: 2, step: 1 }]);
  assert.deepEqual(nextMarked(data, { hand: 0, step: 3 }, 1), { hand: 0, step: 6 });
  assert.deepEqual(nextMarked(data, { hand: 1, step: 0 }, 1), { hand: 2, step: 1 });
  assert.deepEqual(nextMarked(data, { hand: 0, step: 6 }, -1), { hand: 0, step: 3 });
  assert.equal(nextMarked(data, { hand: 0, step: 3 }, -1), null);
  assert.equal(nextMarked(data, { hand: 2, step: 1 }, 1), null);
});

test("every judged move has a mark; its words show when it is flagged or too close to call", () => {
  /** @type {import("../common/views.mjs").ReplayAnalysis} */
  const analysis = partial({ sides: ["NS"], marks: [{ ply: 0, verdict: "good" }, { ply: 2, verdict: "unclear" }, { ply: 4, verdict: "blunder" }] });
  assert.equal(present(judgedMoveAt(analysis, 1)).verdict, "good");
  assert.equal(judgedMoveAt(analysis, 0), null, "the deal is no move");
  assert.equal(shownMarkAt(analysis, 1), null, "a good move has no words of its own");
  assert.equal(present(shownMarkAt(analysis, 3)).verdict, "unclear");
  assert.equal(present(shownMarkAt(analysis, 5)).verdict, "blunder");
  assert.equal(shownMarkAt(analysis, 2), null, "move 1 was no choice");
  assert.deepEqual(flaggedMarks(analysis).map((mark) => mark.ply), [4], "too close to call is never a sign in the list");
});
