import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";

import { pageAttributes, pageModel } from "./standalone.js";

test("a page's gzipped view is unpacked; a plain view is read as it is", async () => {
  const view = { v: 2, hands: [{ label: "Hand 1 · ở đây", deltas: [{ say: "Nước đi" }] }] };
  const packed = gzipSync(Buffer.from(JSON.stringify(view), "utf-8")).toString("base64");
  assert.deepEqual(await pageAttributes(JSON.stringify({ view_gzip: packed, hand: 1 })), { view, hand: 1 });
  assert.deepEqual(await pageAttributes(JSON.stringify({ view, step: 2 })), { view, step: 2 });
  assert.deepEqual(await pageAttributes(""), {});
});

test("the page's model fires a change at once and gives missing traits their defaults", () => {
  const model = pageModel({ hand: 2 });
  /** @type {unknown[]} */
  const seen = [];
  model.on("change:step", (value) => seen.push(value));
  model.set("step", 3);
  assert.deepEqual(seen, [3]);
  assert.equal(model.get("hand"), 2);
  assert.equal(model.get("speed"), 2);
});
