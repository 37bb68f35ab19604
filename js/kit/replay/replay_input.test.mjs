import { test } from "node:test";
import assert from "node:assert/strict";

import { keyCommand } from "./replay_input.mjs";

test("the arrows, Home/End, the page keys and space are the replay's, wherever the focus is in it", () => {
  assert.deepEqual(keyCommand({ key: "ArrowRight" }, "DIV", false), { action: "next", swallow: true });
  assert.deepEqual(keyCommand({ key: " " }, "SELECT", false), { action: "toggle", swallow: true }, "space plays from a picker too");
  assert.deepEqual(keyCommand({ key: "PageDown" }, "div", false), { action: "nextHand", swallow: true });
});

test("a picker and the slider keep their own keys; a button keeps space and Enter for its click", () => {
  assert.deepEqual(keyCommand({ key: "ArrowRight" }, "INPUT", false), { action: null, swallow: false });
  assert.deepEqual(keyCommand({ key: "ArrowDown" }, "SELECT", false), { action: null, swallow: false });
  assert.equal(keyCommand({ key: " " }, "BUTTON", false).keep, true);
  assert.equal(keyCommand({ key: "Enter" }, "BUTTON", false).action, null);
});

test("B only with an analysis; a key with Ctrl, Alt or Meta is left to the browser", () => {
  assert.equal(keyCommand({ key: "b" }, "DIV", false).action, null);
  assert.equal(keyCommand({ key: "b" }, "DIV", true).action, "best");
  assert.equal(keyCommand({ key: "ArrowRight", ctrlKey: true }, "DIV", true).action, null);
});
