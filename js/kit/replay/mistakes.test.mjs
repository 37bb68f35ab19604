import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { sessionModel } from "../common/page_session.mjs";
import { drillIntent, drillOff, drillSession, drillView, moveWords, TRIES } from "./mistakes.mjs";

// The cases tests/test_mistakes.py makes with the Python drill: the same intents must give the
// same refusals and the same views here.
/** @type {{book: import("../common/views.mjs").MistakesBook, runs: {intent: {type: string} & Record<string, unknown>, refused: boolean, view: unknown}[][]}} */
const CASES = JSON.parse(readFileSync(new URL("./mistakes.cases.json", import.meta.url), "utf8"));

test("every run of intents gives the Python drill's refusals and views", () => {
  assert.equal(TRIES, 2);
  CASES.runs.forEach((steps, run) => {
    let state = drillOff();
    steps.forEach(({ intent, refused, view }, i) => {
      const before = state;
      const answer = drillIntent(CASES.book, state, intent);
      state = answer.state;
      assert.equal(Boolean(answer.refused), refused, `run ${run}, intent ${i}: refused`);
      if (answer.refused) assert.equal(state, before, "a refused intent changes nothing");
      assert.deepEqual(drillView(state), view, `run ${run}, intent ${i}: the view`);
    });
  });
});

test("the view never holds the accepted moves, and the answer only once it is over", () => {
  let { state } = drillIntent(CASES.book, drillOff(), { type: "mistakes_start", seat: "S" });
  assert.ok(!JSON.stringify(drillView(state)).includes("accepted"));
  assert.equal(drillView(state).answer, null);
  const task = CASES.book.exercises.S[0].task;
  const wrong = task.legal.find((move) => !CASES.book.exercises.S[0].accepted.includes(move));
  ({ state } = drillIntent(CASES.book, state, { type: "mistakes_try", move: wrong, index: 0 }));
  assert.equal(drillView(state).answer, null);
  ({ state } = drillIntent(CASES.book, state, { type: "mistakes_try", move: wrong, index: 0 }));
  assert.deepEqual(drillView(state).answer, CASES.book.exercises.S[0].answer);
});

test("a move of the exercise in words", () => {
  const task = CASES.book.exercises.S[0].task;
  assert.equal(moveWords(task, task.legal[1]), task.labels[1]);
  assert.equal(moveWords(task, "S 9-9"), "S 9-9");
  assert.equal(drillIntent(null, drillOff(), { type: "mistakes_start", seat: "S" }).refused, "mistakes_no_analysis");
});

test("the one-file page's session gives the Python drill's views and refusals through the page's model", () => {
  CASES.runs.forEach((steps, run) => {
    const model = sessionModel({}, drillSession(CASES.book));
    /** @type {any[]} */
    const messages = [];
    model.on("msg:custom", (/** @type {any} */ message) => messages.push(message));
    assert.deepEqual(model.get("mistakes"), {}, "the drill is off at first");
    steps.forEach(({ intent, refused, view }, i) => {
      const before = model.get("mistakes");
      messages.length = 0;
      model.send(intent);
      assert.equal(messages.length, refused ? 1 : 0, `run ${run}, intent ${i}: refused`);
      if (refused) {
        assert.equal(messages[0].type, "mistakes_refused");
        assert.equal(model.get("mistakes"), before, "a refused intent changes nothing");
      }
      assert.deepEqual(model.get("mistakes"), view, `run ${run}, intent ${i}: the view`);
    });
  });
});

test("the one-file page's session answers hello as a kernel does: the drill can be asked", () => {
  const model = sessionModel({}, drillSession(CASES.book));
  /** @type {any[]} */
  const messages = [];
  model.on("msg:custom", (/** @type {any} */ message) => messages.push(message));
  model.send({ type: "hello" });
  assert.deepEqual(messages, [{ type: "live" }]);
  assert.deepEqual(model.get("mistakes"), {});
});
