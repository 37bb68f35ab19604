import { test } from "node:test";
import assert from "node:assert/strict";

import {
  atRecordEnd,
  clampPosition,
  handCount,
  infoAt,
  keyAction,
  navigate,
  parseTiles,
  playDelay,
  positionAt,
  problemText,
  stepCount,
} from "./replay_steps.mjs";

// A three-player Vietnamese hand with draws (from /work/shared/records/vietnamese_3_players.json,
// as the kernel sends it): E leads 6-6; E draws 0-2, which fits and is played at once.
const VIETNAMESE = {
  deal: { S: "0-0 1-1 2-3 1-4 3-4 1-5 1-6", E: "2-2 3-3 2-4 0-5 3-5 4-6 6-6", N: "0-1 1-2 0-4 2-5 4-5 5-5 3-6" },
  pile: "0-2 0-3 0-6 4-4 5-6 2-6 1-3",
  moves: [
    "E 6-6", "N 6-3 L", "S 3-2 L", "E 2-2 L", "N 2-1 L", "S 6-1 R", "E draw 0-2", "N 1-0 L", "S 1-1 R",
    "E 0-2 L", "N 2-5 L", "S 5-1 L", "E draw 0-3", "N draw 0-6", "S 1-4 R", "E 4-2 R", "N draw 4-4",
    "S draw 5-6", "E draw 2-6", "E 2-6 R", "N 6-0 R", "S 0-0 R", "E 0-5 R", "N 5-4 R", "S 4-3 R", "E 3-3 R",
    "N draw 1-3", "N 3-1 R",
  ],
  turns: "ENSENSENSENSENSENSEENSENSENN-",
  why: [],
  notes: { 6: "E cannot play and draws." },
  score: ["Hands won: S 0, E 0, N 0", "Hands won: S 1, E 0, N 0"],
  tally: [{ S: 0, E: 0, N: 0 }, { S: 1, E: 0, N: 0 }],
  result: { title: "Blocked: S wins", lines: ["S alone has the fewest pips."] },
};
const SEATS3 = ["S", "E", "N"];

// Two short partnership hands for navigation.
const TWO_HANDS = {
  v: 1,
  seats: ["N", "E", "S", "W"],
  hands: [
    {
      moves: ["E 6-6", "N 6-4 L", "W pass"],
      turns: "ENWS",
      why: ["a", "b", "c"],
      notes: { 1: "N follows." },
      score: ["before 0", "after 0"],
      tally: [{ NS: 0, EW: 0 }, { NS: 0, EW: 1 }],
      result: { title: "done", lines: [] },
    },
    {
      moves: ["S 1-1", "E 1-2 R"],
      turns: "SEN",
      why: ["d", "e"],
      notes: {},
      score: ["before 1", null],
      tally: [{ NS: 0, EW: 1 }, null],
      result: null,
    },
  ],
  end: "",
};

const tileCount = (position) => Object.values(position.hands).reduce((n, tiles) => n + tiles.length, 0);

test("tiles in a string split on spaces", () => {
  assert.deepEqual(parseTiles("0-1 2-6"), ["0-1", "2-6"]);
  assert.deepEqual(parseTiles(""), []);
  assert.deepEqual(parseTiles(undefined), []);
});

test("the deal is the position at step 0", () => {
  const p = positionAt(VIETNAMESE, SEATS3, 0);
  assert.deepEqual(p.line, []);
  assert.equal(p.ends, null);
  assert.equal(p.turn, "E");
  assert.equal(p.pile, 7);
  assert.equal(p.lastMove, null);
  assert.equal(p.hands.E.length, 7);
});

test("a lead and plays on both ends place the halves as they lie", () => {
  const p = positionAt(VIETNAMESE, SEATS3, 6);
  // E 6-6; N 6-3 L -> [3,6]; S 3-2 L -> [2,3]; E 2-2 L; N 2-1 L -> [1,2]; S 6-1 R -> [6,1]
  assert.deepEqual(p.line, [[1, 2], [2, 2], [2, 3], [3, 6], [6, 6], [6, 1]]);
  assert.equal(p.lead, 4, "the lead moved right as tiles went on the left");
  assert.deepEqual(p.ends, [1, 1]);
  assert.equal(p.lastIndex, 5, "the tile just played on the right");
  assert.equal(p.turn, "E");
  assert.ok(!p.hands.S.includes("1-6"), "S's 1-6 left the hand");
});

test("every tile stays somewhere: hands, line and pile always hold 28", () => {
  for (let step = 0; step <= VIETNAMESE.moves.length; step++) {
    const p = positionAt(VIETNAMESE, SEATS3, step);
    assert.equal(tileCount(p) + p.line.length + p.pile, 28, `step ${step}`);
    for (let i = 1; i < p.line.length; i++) assert.equal(p.line[i - 1][1], p.line[i][0], `step ${step}: halves meet`);
  }
});

test("a draw takes the top of the pile into the hand; a fitting draw is played next", () => {
  const drew = positionAt(VIETNAMESE, SEATS3, 7);
  assert.equal(drew.pile, 6);
  assert.ok(drew.hands.E.includes("0-2"));
  assert.equal(drew.lastIndex, null, "a draw lays no tile");
  assert.equal(drew.turn, "N", "0-2 did not fit 1|1: the turn passed");
  assert.deepEqual(drew.passed, ["E"], "a draw that does not fit marks the seat");
  const fits = positionAt(VIETNAMESE, SEATS3, 19);
  assert.equal(fits.lastMove, "E draw 2-6");
  assert.equal(fits.turn, "E", "2-6 fits, so E plays it next");
  assert.ok(!fits.passed.includes("E"));
});

test("the end of the hand: nobody to move", () => {
  const p = positionAt(VIETNAMESE, SEATS3, VIETNAMESE.moves.length);
  assert.equal(p.turn, null);
  assert.deepEqual(p.ends, [1, 1], "blocked on 1 | 1");
  assert.equal(positionAt(VIETNAMESE, SEATS3, 999).lastMove, "N 3-1 R", "steps past the end stop there");
});

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
});

test("what is said at each step: move, sentence, comment, score, result", () => {
  const deal = infoAt(TWO_HANDS, 0, 0);
  assert.equal(deal.move, null);
  assert.match(deal.why, /Hand 1 is dealt: E leads/);
  assert.equal(deal.score, "before 0");
  const second = infoAt(TWO_HANDS, 0, 2);
  assert.equal(second.move, "N 6-4 L");
  assert.equal(second.why, "b");
  assert.equal(second.note, "N follows.", "comment 0:1 belongs to move 1, shown after it");
  assert.equal(second.result, null);
  const end = infoAt(TWO_HANDS, 0, 3);
  assert.equal(end.result.title, "done");
  assert.equal(end.score, "after 0", "the score after the hand once it has ended");
  assert.deepEqual(end.tally, { NS: 0, EW: 1 });
  const unfinished = infoAt(TWO_HANDS, 1, 2);
  assert.equal(unfinished.result, null, "an unfinished last hand has no result");
  assert.equal(unfinished.score, "before 1");
  assert.equal(infoAt(TWO_HANDS, 5, 0), null);
});

test("play speed in moves per second becomes a delay", () => {
  assert.equal(playDelay(2), 500);
  assert.equal(playDelay(0.5), 2000);
  assert.equal(playDelay(100), 50, "capped at 20 moves a second");
  assert.equal(playDelay("x"), 500);
});

test("problems read with where they are", () => {
  assert.equal(
    problemText({ hand: 1, move: 4, seat: "S", tile: "6-4", message: "6-4 cannot touch the 3", reason: "no_match" }),
    "hand 1, move 4 (S, 6-4): 6-4 cannot touch the 3 [no_match]",
  );
  assert.equal(
    problemText({ hand: null, move: null, message: "not valid JSON", reason: "malformed_json" }),
    "record: not valid JSON [malformed_json]",
  );
});
