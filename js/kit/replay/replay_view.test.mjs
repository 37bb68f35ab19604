import { test } from "node:test";
import assert from "node:assert/strict";

import { handAnalysis } from "./replay_analysis.mjs";
import { stepAt, wordsAt } from "./replay_steps.mjs";
import { makeWords } from "../common/words.mjs";
import { WORDS, replayData } from "./replay_fixture.mjs";
import { bestMoveView, controlTexts, cornerTexts, idleActions, judgedMovesView, lineLabel, moveListItems, seatInfos, stripTitles, stripWords, verdictView } from "./replay_view.mjs";
import { partial, present } from "../common/test_helpers.mjs";

const word = makeWords(WORDS);
const data = replayData();
const at = (/** @type {number} */ hand, /** @type {number} */ step) => /** @type {const} */ ([present(stepAt(data, hand, step)), present(wordsAt(data, hand, step))]);

test("the corners name the match and the hand, the tally and the pile when there is one", () => {
  const [here, said] = at(0, 1);
  assert.deepEqual(cornerTexts(data, 0, here, said, word), { title: "Six Love", where: "Hand 1 of 2", tally: "NS 0 · EW 0", pile: null });
  assert.equal(cornerTexts(data, 0, { pile: 0 }, said, word).pile, "Pile: empty");
  assert.equal(cornerTexts(data, 0, { pile: 3 }, said, word).pile, "Pile: 3");
});

test("each place gets its seat with the hand, the pips and the marks of that step", () => {
  const [here, said] = at(0, 3);
  const { infos, sides } = seatInfos(data, here, said);
  assert.equal(sides, true);
  assert.deepEqual(infos.bottom, { seat: "S", label: "South", hand: ["0-0"], pips: 0, turn: false, passed: false, winner: false });
  assert.equal(present(infos.left).seat, "W");
  assert.equal(present(infos.left).passed, true);
  assert.equal(present(infos.top).turn, true, "North is to play after West's pass");
});

test("the line is named by its length and its ends", () => {
  assert.equal(lineLabel(present(stepAt(data, 0, 0)), word), "No tile played yet");
  assert.equal(lineLabel(present(stepAt(data, 0, 2)), word), "Line of play: 2 tiles, open ends six and four");
});

test("at a marked move, the best move is that decision's alternative, on the position before it, both chances named", () => {
  const analysis = handAnalysis(data.hands[0]);
  const best = present(bestMoveView(data, 0, analysis, 2, word)); // South's 6-4 on the right was a mistake
  assert.equal(best.ply, 1);
  assert.equal(best.before, 1, "drawn on the position where South chose");
  assert.deepEqual(best.ghost.halves, [4, 6], "on the left end its 6 touches the line's 6");
  assert.equal(best.ghost.end, "L");
  assert.equal(best.ghost.label, "Best: 6-4 (North-South 52%)");
  assert.equal(best.ghost.name, "Best move, not played: six-four on the left end, North-South 52% to win");
  assert.equal(best.compare, "Best: South: 6-4 on the left (North-South 52%) · played: South: 6-4 on the right (North-South 40%)");
});

test("never another decision's move: at any step but a marked move's, there is no best move", () => {
  const analysis = handAnalysis(data.hands[0]);
  assert.equal(bestMoveView(data, 0, analysis, 1, word), null, "the move just made was good, even with a mistake to come");
  assert.equal(bestMoveView(data, 0, analysis, 3, word), null);
  assert.equal(bestMoveView(data, 0, analysis, 0, word), null);
  assert.equal(bestMoveView(data, 1, null, 1, word), null);
});

test("the verdict of the move just made, with its sign and its words", () => {
  const mark = present(handAnalysis(data.hands[0])).marks[1];
  assert.deepEqual(verdictView(mark, word), { verdict: "mistake", sign: "?", name: "mistake", text: mark.words });
  assert.equal(present(verdictView({ ...mark, words: "" }, word)).text, "mistake");
  assert.equal(verdictView(null, word), null);
});

test("the move list: the deal, each move in the kernel's short words (as the Table's list) with its sentence, the judged ones marked", () => {
  const items = moveListItems(data.hands[0], ["East leads 6-6.", "South plays 6-4.", "West passes."], handAnalysis(data.hands[0]), word);
  assert.deepEqual(items.map((item) => item.text), ["Deal", "East: lead 6-6", "South: 6-4 on the right", "West: pass"]);
  assert.equal(items[2].title, "South plays 6-4.");
  assert.deepEqual(items[2].mark, { verdict: "mistake", sign: "?", word: "mistake" });
  assert.equal(items[1].mark, undefined, "a good move is not marked");
  const saved = moveListItems(data.hands[1], [], null, word);
  assert.deepEqual(saved.map((item) => item.text), ["Deal", "N 4-4"], "data saved before the words came: the notation");
});

test("the strip's words and tooltips", () => {
  assert.equal(stripWords(0, 50, word, "en"), "Deal: 50%");
  assert.equal(stripWords(3, 45, word, "en", "North-South"), "Move 3: North-South 45%", "whose chance it is");
  assert.equal(stripWords(2, null, word, "en"), "Move 2: not estimated");
  assert.deepEqual(stripTitles([50, 50, 40, 45], handAnalysis(data.hands[0]), word, "en"), ["Deal: 50%", "Move 1: 50%", "Move 2: 40% · mistake", "Move 3: 45%"]);
});

test("the controls' figures and the buttons that would go nowhere", () => {
  assert.deepEqual(controlTexts(data, { hand: 0, step: 2 }, word), { max: 3, where: "Hand 1 of 2 · move 2 of 3", counter: "2 / 3" });
  assert.deepEqual(idleActions(data, { hand: 0, step: 0 }, ["prevHand", "start", "prev", "next", "end", "nextHand"]),
    { prevHand: true, start: true, prev: true, next: false, end: false, nextHand: false });
  assert.deepEqual(idleActions(data, { hand: 1, step: 1 }, ["next", "end", "nextHand", "prev"]), { next: true, end: true, nextHand: true, prev: false });
});

test("the whole match's strip: every hand's points in turn, its marks moved along, each hand's start, each point's place", async () => {
  const { matchStrip } = await import("./replay_view.mjs");
  const strip = matchStrip(data, "NS", word);
  assert.deepEqual(strip.points, [50, 50, 40, 45, null, null], "the second hand was not analysed");
  assert.deepEqual(strip.starts, [0, 4]);
  assert.deepEqual(strip.positions[5], { hand: 1, step: 1 });
  assert.deepEqual(strip.marks.filter((mark) => mark.verdict !== "good").map((mark) => mark.ply), [1]);
  assert.equal(strip.titles[2], "Hand 1 · Move 2: North-South 40% · mistake · South: 6-4 on the right");
});

test("a judged choice lists every move's chance with its 95% range, the clear best and the played one marked", () => {
  const words = makeWords({ ...WORDS, judged_moves: "Chances (95% range)", judged_move: "{label} {percent} ({low}–{high})" });
  /** @type {import("../common/views.mjs").AnalysisMark} */
  const mark = partial({
    ply: 3, verdict: "mistake", played: "W 0-0 R", best: "W 4-6 L", clear_best: true,
    moves: [
      { move: "W 4-6 L", label: "4-6 on the left", win: 0.543, low: 0.53, high: 0.556, share: 0.553, share_low: 0.54, share_high: 0.566, gap_low: 0, gap_high: 0 },
      { move: "W 0-0 R", label: "0-0 on the right", win: 0.403, low: 0.39, high: 0.416, share: 0.413, share_low: 0.4, share_high: 0.426, gap_low: 10.7, gap_high: 19.8 },
    ],
  });
  const shown = present(judgedMovesView(mark, "en", words));
  assert.equal(shown.title, "Chances (95% range)");
  assert.deepEqual(shown.rows, [
    { text: "4-6 on the left 55% (54%–57%)", best: true, played: false },
    { text: "0-0 on the right 41% (40%–43%)", best: false, played: true },
  ]);
  assert.equal(present(judgedMovesView({ ...mark, clear_best: false }, "en", words)).rows[0].best, false, "no move is called best unless clearly");
  assert.equal(judgedMovesView({ ...mark, moves: mark.moves.slice(0, 1) }, "en", words), null, "one move is no choice");
  assert.equal(judgedMovesView(null, "en", words), null);
});

test("a move too close to call shows its words without a sign", () => {
  const words = makeWords({ ...WORDS, verdict_unclear: "too close to call" });
  const view = verdictView(partial({ verdict: "unclear", words: "Too close to call: …" }), words);
  assert.deepEqual(view, { verdict: "unclear", sign: "", name: "too close to call", text: "Too close to call: …" });
});
