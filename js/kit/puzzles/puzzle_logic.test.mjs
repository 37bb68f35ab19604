import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sessionModel } from "../common/page_session.mjs";
import { apply, pageRun, publicView, puzzleSession, start } from "./puzzle_logic.mjs";

/**
 * The kernel's session, step by step (tests/test_puzzles.py writes it): each intent, its refusal and the view after.
 * @type {{setup: import("./puzzle_logic.mjs").PageSetup & {filters: import("./puzzle_logic.mjs").Filters, lang: string, refusals: Record<string, string>},
 *   steps: {intent: {type: string} & Record<string, unknown>, refusal: string | null, view: unknown}[]}}
 */
const CASES = JSON.parse(readFileSync(new URL("../../../tests/data/puzzle_cases.json", import.meta.url), "utf-8"));

test("the page's steps give what the kernel's session gave, case by case", () => {
  const { setup, steps } = CASES;
  const run = pageRun(setup);
  let state = start(run.summaries, setup.filters);
  assert.ok(steps.length > 30);
  steps.forEach((step, index) => {
    const { state: after, refused: refusal } = apply(state, step.intent, run);
    assert.equal(refusal, step.refusal, `step ${index}: ${JSON.stringify(step.intent)}`);
    if (refusal !== null) assert.equal(after, state, `step ${index}: a refusal changes nothing`);
    state = after;
    assert.deepEqual(publicView(state, run, setup.lang), step.view, `step ${index}`);
  });
});

test("a refusal leaves the very same state, and its words are in the setup", () => {
  const run = pageRun(CASES.setup);
  const state = start(run.summaries);
  for (const intent of [null, 3, "next", [], { type: "answer", move: "S 9-9 L" }, { type: "filter", game: "chess" }]) {
    const { state: after, refused: refusal } = apply(state, intent, run);
    assert.equal(after, state);
    assert.ok(refusal !== null);
    assert.equal(typeof CASES.setup.refusals[refusal], "string");
  }
});

test("an empty set shows the words for no match and refuses every step but a filter", () => {
  const run = pageRun({ cards: [], words: { none_match: "none" } });
  const state = start(run.summaries);
  assert.equal(publicView(state, run, "en").empty, "none");
  assert.equal(apply(state, { type: "next" }, run).refused, "no_puzzle");
  assert.equal(apply(state, { type: "filter", game: null }, run).refused, null);
});

test("the one-file page's session gives the kernel's views, and its refusals in the setup's words", () => {
  const { setup, steps } = CASES;
  const model = sessionModel({}, puzzleSession(setup));
  /** @type {any[]} */
  const messages = [];
  model.on("msg:custom", (/** @type {any} */ message) => messages.push(message));
  assert.deepEqual(model.get("view"), publicView(start(pageRun(setup).summaries, setup.filters), pageRun(setup), setup.lang));
  steps.forEach((step, index) => {
    const before = model.get("view");
    messages.length = 0;
    model.send(step.intent);
    if (step.refusal === null) assert.deepEqual(messages, [], `step ${index}`);
    else {
      assert.deepEqual(messages, [{ type: "error", reason: "bad_message", message: setup.refusals[step.refusal] }], `step ${index}`);
      assert.equal(model.get("view"), before, `step ${index}: a refusal changes nothing`);
    }
    assert.deepEqual(model.get("view"), step.view, `step ${index}`);
  });
});
