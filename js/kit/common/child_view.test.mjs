import assert from "node:assert/strict";
import test from "node:test";

import { childViewSlot, modelId } from "./child_view.mjs";

/** @returns {any} a stand-in for a DOM node */
function fakeHost() {
  /** @type {{id: string}[]} */
  const children = [];
  return { children, append: (/** @type {{id: string}} */ el) => children.push(el) };
}

function fakeManager() {
  /** @type {string[]} */
  const removed = [];
  return {
    removed,
    get_model: async (/** @type {string} */ id) => ({ id }),
    create_view: async (/** @type {{id: string}} */ model) => {
      const el = { id: model.id, remove: () => {} };
      return { el, remove: () => removed.push(model.id) };
    },
  };
}

test("a widget reference names its model; anything else names none", () => {
  assert.equal(modelId("IPY_MODEL_abc123"), "abc123");
  assert.equal(modelId(null), null);
  assert.equal(modelId("abc"), null);
});

test("the slot draws the widget named, replaces it with the next, and removes it on null", async () => {
  const host = fakeHost();
  const manager = fakeManager();
  /** @type {boolean[]} */
  const seen = [];
  const slot = childViewSlot(manager, host, (shown) => seen.push(shown));
  await slot.show("IPY_MODEL_one");
  assert.deepEqual(host.children.map((/** @type {{id: string}} */ el) => el.id), ["one"]);
  await slot.show("IPY_MODEL_two");
  assert.deepEqual(manager.removed, ["one"], "the first view is removed");
  assert.equal(host.children.at(-1).id, "two");
  await slot.close();
  assert.deepEqual(manager.removed, ["one", "two"]);
  assert.deepEqual(seen, [true, false, true, false]);
});

test("a reference changed while the view is made: only the last one is drawn", async () => {
  const host = fakeHost();
  const manager = fakeManager();
  const slot = childViewSlot(manager, host);
  const first = slot.show("IPY_MODEL_one");
  const second = slot.show("IPY_MODEL_two");
  await Promise.all([first, second]);
  assert.deepEqual(host.children.map((/** @type {{id: string}} */ el) => el.id), ["two"]);
});

test("with no widget manager (the one-file page) nothing is drawn", async () => {
  const host = fakeHost();
  await childViewSlot(undefined, host).show("IPY_MODEL_one");
  assert.deepEqual(host.children, []);
});
