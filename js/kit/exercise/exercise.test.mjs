import { test } from "node:test";
import assert from "node:assert/strict";

import { answerMessage, controls, emptyPick, mistakenChoice, pickOf, picked, readExercise, readNumber, tileMark, toggleTile, verdictKey } from "./exercise.mjs";

const TILES = readExercise({ question: "Which tiles?", status: "open", choices: { type: "tiles", tiles: ["6-4", "3-3", "zz"] } });
const OPTIONS = readExercise({ status: "open", choices: { type: "options", options: [{ value: "NS", label: "North-South" }, { value: "tie", label: "A tie" }, null] } });
const NUMBER = readExercise({ status: "open", choices: { type: "number", min: 0, max: 12 } });

test("a garbled view reads as an open exercise with nothing to pick, never throws", () => {
  for (const raw of [null, 7, "x", { status: "won", choices: "no", feedback: "x" }]) {
    const view = readExercise(raw);
    assert.equal(view.status, "open");
    assert.deepEqual(view.feedback, []);
    assert.deepEqual(view.choices.tiles, []);
  }
  assert.deepEqual(TILES.choices.tiles, ["6-4", "3-3"]);
  assert.deepEqual(OPTIONS.choices.options.map((o) => o.value), ["NS", "tie"]);
});

test("tiles toggle in and out of the pick, whichever way round they are written", () => {
  let pick = toggleTile(emptyPick(), "6-4");
  assert.ok(picked(pick, "4-6"));
  pick = toggleTile(pick, "3-3");
  assert.deepEqual(pick.tiles, ["6-4", "3-3"]);
  pick = toggleTile(pick, "4-6");
  assert.deepEqual(pick.tiles, ["3-3"]);
});

test("a Check sends the tiles picked (none is an answer), one option, or a number in bounds", () => {
  assert.deepEqual(answerMessage(TILES, emptyPick()), { type: "answer", answer: [] });
  assert.deepEqual(answerMessage(TILES, toggleTile(emptyPick(), "6-4")), { type: "answer", answer: ["6-4"] });
  assert.equal(answerMessage(OPTIONS, emptyPick()), null);
  assert.deepEqual(answerMessage(OPTIONS, { ...emptyPick(), option: "tie" }), { type: "answer", answer: "tie" });
  assert.equal(answerMessage(NUMBER, { ...emptyPick(), number: "13" }), null);
  assert.equal(answerMessage(NUMBER, { ...emptyPick(), number: "two" }), null);
  assert.deepEqual(answerMessage(NUMBER, { ...emptyPick(), number: " 2 " }), { type: "answer", answer: 2 });
});

test("numbers are whole, short and within the bounds", () => {
  assert.equal(readNumber("0"), 0);
  assert.equal(readNumber("-1"), null);
  assert.equal(readNumber("1.5"), null);
  assert.equal(readNumber("100", { min: 0, max: 99 }), null);
  assert.equal(readNumber(""), null);
});

test("the controls follow the status: Check while open or wrong, Try again after a try, no Show answer once shown", () => {
  const open = controls(TILES, emptyPick());
  assert.deepEqual(open, { locked: false, check: true, canCheck: true, retry: false, reveal: true });
  assert.equal(controls(OPTIONS, emptyPick()).canCheck, false);
  assert.equal(controls(TILES, emptyPick(), true).canCheck, false);
  const right = controls({ ...TILES, status: "right" }, emptyPick());
  assert.deepEqual(right, { locked: true, check: false, canCheck: false, retry: true, reveal: false });
  const shown = controls({ ...TILES, status: "shown" }, emptyPick());
  assert.equal(shown.reveal, false);
  assert.equal(controls({ ...TILES, status: "wrong" }, emptyPick()).retry, true);
});

test("the verdict word and the tiles' marks come from the kernel's status and answer", () => {
  assert.equal(verdictKey("open"), null);
  assert.equal(verdictKey("wrong"), "exercise_wrong");
  assert.equal(verdictKey("right"), "exercise_right");
  assert.equal(verdictKey("shown"), "exercise_shown");
  const shown = { ...TILES, status: "shown", answer: ["4-6"], given: ["3-3"], mistaken: ["3-3"] };
  assert.equal(tileMark(shown, "6-4"), "answer");
  assert.equal(tileMark(shown, "3-3"), "wrong");
  assert.equal(tileMark(TILES, "6-4"), "");
});

test("a wrong pick is marked as soon as it is checked, before the answer is shown", () => {
  const wrong = readExercise({ ...TILES, choices: { type: "tiles", tiles: ["6-4", "3-3"] }, status: "wrong", given: ["3-3", "6-4"], mistaken: ["3-3"] });
  assert.equal(wrong.answer, null);
  assert.equal(tileMark(wrong, "3-3"), "wrong");
  assert.equal(tileMark(wrong, "6-4"), "", "a right tile of a wrong try is not marked: the answer stays hidden");
  const option = readExercise({ ...OPTIONS, status: "wrong", given: "tie", mistaken: ["tie"] });
  assert.equal(mistakenChoice(option, "tie"), true);
  assert.equal(mistakenChoice(option, "NS"), false);
  assert.equal(mistakenChoice({ ...NUMBER, status: "wrong", mistaken: [7] }, "7"), true);
  assert.equal(mistakenChoice({ ...option, status: "open" }, "tie"), false, "Try again clears the mark");
  assert.deepEqual(readExercise({ mistaken: "3-3" }).mistaken, [], "garbled: nothing marked");
});

test("a redraw keeps the student's last try picked", () => {
  assert.deepEqual(pickOf({ ...TILES, given: ["6-4"] }).tiles, ["6-4"]);
  assert.equal(pickOf({ ...NUMBER, given: 2 }).number, "2");
  assert.equal(pickOf({ ...OPTIONS, given: "tie" }).option, "tie");
  assert.equal(pickOf(OPTIONS).option, null);
});
