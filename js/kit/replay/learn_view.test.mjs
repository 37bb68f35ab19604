import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { learnGhost, learning, learnSeats, learnTray, learnWords } from "./learn_view.mjs";
import { drillIntent, drillOff, drillView } from "./mistakes.mjs";
import { partial, present } from "../common/test_helpers.mjs";

/** @typedef {import("../common/views.mjs").MistakesView} MistakesView */

/** @type {{book: import("../common/views.mjs").MistakesBook, runs: {intent: {type: string} & Record<string, unknown>, refused: boolean, view: MistakesView}[][]}} */
const CASES = JSON.parse(readFileSync(new URL("./mistakes.cases.json", import.meta.url), "utf8"));
/** @type {import("../common/words.mjs").Word} */
const word = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`;
/** @type {import("../common/views.mjs").ReplayData} */
const DATA = partial({ seats: ["N", "E", "S", "W"], bottom: "N", players: { S: { name: "Ana", label: "Ana (South)" } }, title: "Six Love" });
const first = CASES.book.exercises.S[0];
const wrong = present(first.task.legal.find((move) => move in first.replies));

/**
 * The drill's view after `intents`, as the Replay draws it while a drill is on.
 * @param {...({type: string} & Record<string, unknown>)} intents
 * @returns {MistakesView}
 */
function after(...intents) {
  let state = drillOff();
  for (const intent of intents) state = drillIntent(CASES.book, state, intent).state;
  return partial(drillView(state));
}
const start = { type: "mistakes_start", seat: "S" };
const tryMove = (/** @type {string} */ move) => ({ type: "mistakes_try", move, index: 0 });

test("a drill is on with a seat", () => {
  assert.equal(learning({}), false);
  assert.equal(learning(after(start)), true);
});

test("the words of each state: the question, try again, the answer with why, the count", () => {
  const asked = learnWords(DATA, after(start), word);
  assert.match(asked.heading, /^learn_heading/);
  assert.equal(asked.ask, 'learn_ask{"who":"Ana"}');
  assert.equal(asked.feedback, null);
  assert.equal(asked.answer, null);
  const again = learnWords(DATA, after(start, tryMove(wrong)), word);
  assert.equal(present(again.feedback).kind, "again");
  assert.ok(present(again.feedback).text.includes(first.task.labels[first.task.legal.indexOf(wrong)]));
  const answered = learnWords(DATA, after(start, tryMove(wrong), tryMove(wrong)), word);
  assert.equal(present(answered.feedback).kind, "answered");
  assert.equal(answered.why, first.answer.why);
  assert.equal(answered.ask, "", "no question once it is over");
  assert.equal(answered.next, "learn_next");
  const solved = learnWords(DATA, after(start, tryMove(first.accepted[0])), word);
  assert.equal(present(solved.feedback).kind, "solved");
  const run = CASES.runs[0];
  const done = learnWords(DATA, present(run.find((step) => step.view.status === "done" && step.view.seat)).view, word);
  assert.match(done.done, /^learn_done/);
  assert.equal(learnWords(DATA, after({ type: "mistakes_start", seat: "N" }), word).done, 'learn_none{"who":"N"}');
});

test("the tray offers the tiles with a legal move not tried, until the exercise is over", () => {
  const tray = learnTray(after(start));
  assert.deepEqual(tray.tiles.map((t) => t.tile), first.task.position.hands.S);
  assert.ok(tray.tiles.some((t) => t.enabled) && tray.tiles.some((t) => !t.enabled));
  const tried = learnTray(after(start, tryMove(wrong))).tiles.find((t) => t.tried);
  assert.ok(tried && !tried.enabled, "the wrong try's tile is marked and not offered again");
  const solved = learnTray(after(start, tryMove(first.accepted[0]))).tiles;
  assert.ok(solved.every((t) => !t.enabled));
  assert.ok(solved.every((t) => !t.tried), "a right try is not marked as a wrong one");
});

test("the felt: the mover at the bottom without its tiles (they are in the tray), the others face down", () => {
  const { infos } = learnSeats(DATA, after(start));
  assert.equal(present(infos.bottom).seat, "S");
  assert.equal(present(infos.bottom).showTiles, false);
  for (const place of ["left", "top", "right"]) assert.equal(typeof present(infos[place]).hand, "number");
});

test("the answer's tile is on the line only once the answer shows", () => {
  assert.equal(learnGhost(after(start)), null);
  const ghost = present(learnGhost(after(start, tryMove(wrong), tryMove(wrong))));
  assert.equal(ghost.name, first.answer.item);
  assert.ok(Array.isArray(ghost.halves));
});

test("a wrong try says what it gives away, and why the end matters when the tile was right", () => {
  const again = learnWords(DATA, after(start, tryMove("S 1-3 L")), word);
  assert.equal(present(again.feedback).text, 'learn_again{"move":"1-3 on the left","loss":9}');
  assert.equal(present(again.feedback).note, "");
  const end = first.replies["S 6-1 R"];
  assert.ok(end.note, "the case holds the right tile on the wrong end");
  const answered = learnWords(DATA, after(start, tryMove("S 1-3 L"), tryMove("S 6-1 R")), word);
  assert.equal(present(answered.feedback).kind, "answered");
  assert.equal(present(answered.feedback).text, `learn_wrong_again{"move":"6-1 on the right","loss":${end.loss}}`);
  assert.equal(present(answered.feedback).note, end.note);
});

test("a try too close to call is not wrong: the exercise ends with the best shown, and counts", () => {
  const third = CASES.book.exercises.S[2];
  assert.ok(third.close.length, "the case holds a move too close to call");
  let state = drillIntent(CASES.book, drillOff(), start).state;
  for (const index of [0, 1]) {
    state = drillIntent(CASES.book, state, { type: "mistakes_try", move: CASES.book.exercises.S[index].accepted[0], index }).state;
    state = drillIntent(CASES.book, state, { type: "mistakes_next" }).state;
  }
  state = drillIntent(CASES.book, state, { type: "mistakes_try", move: third.close[0], index: 2 }).state;
  /** @type {MistakesView} */
  const view = partial(drillView(state));
  assert.equal(view.status, "close");
  assert.equal(view.solved, 3);
  assert.equal(view.reply, null);
  assert.deepEqual(view.answer, third.answer);
  const words = learnWords(DATA, view, word);
  assert.equal(present(words.feedback).kind, "close");
  assert.match(present(words.feedback).text, /^learn_close_call/);
  assert.equal(words.answer, `learn_answer{"move":"${third.answer.item}"}`);
  assert.equal(words.next, "learn_finish", "the book's last exercise");
  assert.ok(learnTray(view).tiles.every((t) => !t.tried && !t.enabled), "not marked as a wrong try; nothing more to try");
});

test("while the analysis is under way: the count is so far, the drill waits for the next, and says what is judged", () => {
  const coming = "Judging hand 5 of 10…";
  const asked = learnWords(DATA, { ...after(start), coming }, word);
  assert.match(asked.heading, /^learn_heading_so_far/);
  assert.equal(asked.coming, coming);
  const over = { ...after(start, tryMove(wrong), tryMove(wrong)), coming };
  assert.equal(over.index, 0);
  assert.equal(learnWords(DATA, { ...over, total: 1 }, word).next, "learn_next", "more may come: no count yet");
  /** @type {MistakesView} */
  const waiting = { seat: "S", index: 1, total: 1, solved: 0, tries: 0, status: "waiting", tried: null, reply: null, exercise: null, answer: null, coming };
  const words = learnWords(DATA, waiting, word);
  assert.equal(words.done, 'learn_waiting{"who":"Ana"}');
  assert.equal(words.coming, coming);
  assert.deepEqual(learnTray(waiting), { tiles: [], pass: null }, "nothing to try while it waits");
  assert.equal(learnWords(DATA, after(start), word).coming, "", "a finished analysis says nothing of it");
});
