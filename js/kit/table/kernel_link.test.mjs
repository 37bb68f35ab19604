import { test } from "node:test";
import assert from "node:assert/strict";

import { kernelLink } from "./kernel_link.mjs";
import { fakeTimers } from "../common/test_dom.mjs";

function link() {
  /** @type {unknown[]} */
  const sent = [];
  const timers = fakeTimers();
  let silences = 0;
  const made = kernelLink({ send: (m) => sent.push(m), answered: new Set(["move"]), timeoutMs: 5000, onSilence: () => silences++, timers });
  return { made, sent, timers, silences: () => silences };
}

test("an answered intent unanswered in time marks the kernel silent", () => {
  const { made, sent, timers, silences } = link();
  made.send({ type: "move", move: "S pass" });
  assert.deepEqual(sent, [{ type: "move", move: "S pass" }]);
  assert.deepEqual(timers.pending, [5000]);
  timers.run();
  assert.equal(made.silent, true);
  assert.equal(silences(), 1);
  assert.equal(made.heard(), true, "the first word after silence says it was silent");
  assert.equal(made.silent, false);
  assert.equal(made.heard(), false);
});

test("an answer in time keeps the kernel heard; unanswered kinds start no timer", () => {
  const { made, timers, silences } = link();
  made.send({ type: "hint" });
  assert.deepEqual(timers.pending, []);
  made.send({ type: "move" });
  made.send({ type: "move" });
  assert.equal(timers.pending.length, 1, "one timer for a burst of clicks");
  made.heard();
  timers.run();
  assert.equal(silences(), 0);
  assert.equal(made.silent, false);
});
