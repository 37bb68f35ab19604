import { test } from "node:test";
import assert from "node:assert/strict";

import { sessionModel, stepSession } from "./page_session.mjs";

// A counter that refuses anything but {type: "add", n} with n a whole number.
const counter = () =>
  stepSession({
    state: 0,
    step: (state, intent) => {
      const n = /** @type {any} */ (intent)?.n;
      return Number.isInteger(n) ? { state: state + n, refused: null } : { state, refused: "bad_add" };
    },
    traits: (state) => ({ view: { total: state } }),
    refusal: (key) => ({ type: "error", reason: key }),
  });

test("the model shows the session's traits from the start, beside the page's own values", () => {
  const model = sessionModel({ words: { hi: "hello" } }, counter());
  assert.deepEqual(model.get("view"), { total: 0 });
  assert.deepEqual(model.get("words"), { hi: "hello" });
});

test("an intent sent is handled by the session and its traits set, each firing its change", () => {
  const model = sessionModel({}, counter());
  /** @type {unknown[]} */
  const seen = [];
  model.on("change:view", (/** @type {unknown} */ view) => seen.push(view));
  model.send({ type: "add", n: 2 });
  model.send({ type: "add", n: 3 });
  assert.deepEqual(seen, [{ total: 2 }, { total: 5 }]);
  assert.deepEqual(model.get("view"), { total: 5 });
});

test("a refusal comes back as the kernel's message and changes nothing", () => {
  const model = sessionModel({}, counter());
  model.send({ type: "add", n: 4 });
  /** @type {unknown[]} */
  const changes = [];
  /** @type {unknown[]} */
  const messages = [];
  model.on("change:view", (/** @type {unknown} */ view) => changes.push(view));
  model.on("msg:custom", (/** @type {unknown} */ message) => messages.push(message));
  for (const intent of [null, "add", { type: "add", n: 0.5 }]) model.send(intent);
  assert.deepEqual(changes, []);
  assert.deepEqual(messages, Array(3).fill({ type: "error", reason: "bad_add" }));
  assert.deepEqual(model.get("view"), { total: 4 });
});

test("two models over two sessions keep apart", () => {
  const one = sessionModel({}, counter());
  const two = sessionModel({}, counter());
  one.send({ type: "add", n: 1 });
  assert.deepEqual(two.get("view"), { total: 0 });
});
