import { test } from "node:test";
import assert from "node:assert/strict";

import { pageModel } from "./page_model.mjs";

test("set fires change events, emit any event, off removes one listener or all", () => {
  /** @type {unknown[]} */
  const sent = [];
  const model = pageModel({ step: 0 }, (content) => sent.push(content));
  /** @type {unknown[]} */
  const seen = [];
  const onStep = (/** @type {unknown} */ value) => seen.push(value);
  model.on("change:step", onStep);
  model.on("msg:custom", (content) => seen.push(content.type));
  model.set("step", 3);
  model.emit("msg:custom", { type: "refused" });
  model.off("change:step", onStep);
  model.set("step", 4);
  model.off("msg:custom");
  model.emit("msg:custom", { type: "error" });
  model.send({ type: "move" });
  assert.deepEqual(seen, [3, "refused"]);
  assert.equal(model.get("step"), 4);
  assert.deepEqual(sent, [{ type: "move" }]);
});
