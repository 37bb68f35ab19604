import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { answerGhost, filterOptions, handTiles, headerTexts, keyAction, otherMoves, seatInfos, tileClick } from "./puzzle_view.mjs";
import { makeWords } from "../common/words.mjs";
import { present } from "../common/test_helpers.mjs";

/** @typedef {import("../common/views.mjs").PuzzleState} PuzzleState */
/** @typedef {import("../common/views.mjs").PuzzleView} PuzzleView */
/** A state with only the fields a test reads. @param {Partial<PuzzleState>} fields */
const stateWith = (fields) => /** @type {PuzzleState} */ (fields);
/** A puzzle with only the fields a test reads. @param {Partial<PuzzleView>} fields */
const puzzleWith = (fields) => /** @type {PuzzleView} */ (fields);

const CASES = JSON.parse(readFileSync(new URL("../../../tests/data/puzzle_cases.json", import.meta.url), "utf-8"));
const [first, second, third] = CASES.setup.cards.map((/** @type {{view: PuzzleView}} */ card) => card.view);
const word = makeWords({ puzzle_number: "Puzzle {a} of {b}", puzzle_score: "Score {n}", puzzle_streak: "Streak {n}", filter_any: "Any" });

test("the felt shows the others face down round the mover, who sits at the bottom", () => {
  const seats = seatInfos(first);
  assert.equal(seats.bottom, null);
  const shown = Object.values(seats).filter((info) => info !== null);
  assert.equal(shown.length, first.order.length - 1);
  for (const info of shown) assert.equal(typeof info.hand, "number", `${info.seat} is face down`);
});

test("only the tiles with a legal move can be clicked, and a click names the move", () => {
  const tiles = handTiles(first);
  assert.ok(tiles.length > 0 && tiles.some((t) => t.playable) && tiles.some((t) => !t.playable));
  const playable = present(tiles.find((t) => t.playable)).tile;
  const click = /** @type {any} */ (tileClick(first, playable));
  assert.equal(click.action, "send");
  assert.ok(first.legal.includes(click.move));
  assert.deepEqual(tileClick(first, present(tiles.find((t) => !t.playable)).tile), { action: "none" });
  assert.deepEqual(tileClick(null, playable), { action: "none" });
});

test("a tile that fits both ends asks which end", () => {
  const puzzle = { ...second, seat: "S", hands: { ...second.hands, S: ["3-5"] }, ends: [3, 5], legal: ["S 3-5 L", "S 5-3 R"] };
  const click = /** @type {any} */ (tileClick(puzzle, "5-3"));
  assert.equal(click.action, "choose");
  assert.deepEqual(click.ends, ["L", "R"]);
});

test("keys: H hint, N next, digits pick a tile, L and R choose the end, Escape cancels", () => {
  assert.deepEqual(keyAction({ key: "h" }), { action: "hint" });
  assert.deepEqual(keyAction({ key: "N" }), { action: "next" });
  assert.deepEqual(keyAction({ key: "3" }), { action: "pick", index: 2 });
  assert.deepEqual(keyAction({ key: "r" }), { action: "right" });
  assert.deepEqual(keyAction({ key: "Escape" }), { action: "cancel" });
  assert.equal(keyAction({ key: "0" }), null);
  assert.equal(keyAction({ key: "n", ctrlKey: true }), null);
});

test("the header and the filters in words", () => {
  const view = CASES.steps[10].view;
  const texts = headerTexts(view, word);
  assert.match(texts.number, /^Puzzle \d of \d$/);
  assert.equal(texts.score, `Score ${view.score}`);
  assert.ok(texts.about.includes(view.puzzle.title));
  assert.equal(headerTexts(stateWith({ count: 0, score: 0, streak: 0, puzzle: null }), word).number, "");
  const options = filterOptions(view.choices, "level", word);
  assert.equal(options[0].label, "Any");
  assert.deepEqual(options.slice(1).map((o) => o.value), ["easy", "medium", "hard"]);
  assert.deepEqual(otherMoves(third), []);
});

test("once solved, the answer is drawn where it goes; before, nothing", () => {
  assert.equal(answerGhost(stateWith({ feedback: null })), null);
  assert.equal(answerGhost(stateWith({ feedback: { right: false, move: "N 6-5 R", label: "6-5 on the right", title: "", why: [] } })), null);
  assert.deepEqual(answerGhost(stateWith({ feedback: { right: true, move: "N 6-2 R", label: "6-2 on the right", title: "", why: [] } })),
    { halves: [6, 2], end: "R", label: "6-2 on the right", name: "6-2 on the right" });
  assert.deepEqual(present(answerGhost(stateWith({ feedback: { right: true, move: "N 4-6 L", label: "x", title: "", why: [] } }))).halves, [6, 4]);
});

test("a tile is marked tried once every move with it was answered wrong", () => {
  const puzzle = puzzleWith({ seat: "N", hands: { N: ["0-1", "2-6"] }, legal: ["N 0-1 L", "N 1-0 R", "N 6-2 R"] });
  const marks = (/** @type {string[] | undefined} */ tried) => handTiles(puzzle, tried).map((t) => t.tried);
  assert.deepEqual(marks([]), [false, false]);
  assert.deepEqual(marks(["N 0-1 L"]), [false, false], "the other end is still to try");
  assert.deepEqual(marks(["N 0-1 L", "N 1-0 R", "N 6-2 R"]), [true, true]);
});
