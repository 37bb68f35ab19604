import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { apply, pageRun, publicView, start } from "./puzzle_logic.mjs";

const CASES = JSON.parse(readFileSync(new URL("../../../tests/data/puzzle_cases.json", import.meta.url), "utf-8"));

test("the page's steps give what the kernel's session gave, case by case", () => {
  const { setup, steps } = CASES;
  const run = pageRun(setup);
  let state = start(run.summaries, setup.filters);
  assert.ok(steps.length > 30);
  steps.forEach((step, index) => {
    const [after, refusal] = apply(state, step.intent, run);
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
    const [after, refusal] = apply(state, intent, run);
    assert.equal(after, state);
    assert.equal(typeof CASES.setup.refusals[refusal], "string");
  }
});

test("an empty set shows the words for no match and refuses every step but a filter", () => {
  const run = pageRun({ cards: [], words: { none_match: "none" } });
  const state = start(run.summaries);
  assert.equal(publicView(state, run, "en").empty, "none");
  assert.equal(apply(state, { type: "next" }, run)[1], "no_puzzle");
  assert.equal(apply(state, { type: "filter", game: null }, run)[1], null);
});
