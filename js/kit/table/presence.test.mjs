import { test } from "node:test";
import assert from "node:assert/strict";

import { PRESENCE_SYMBOLS, presenceMark, watcherBanner, watchingWords } from "./presence.mjs";

const WORDS = {
  presence_here: "here",
  presence_never: "not come yet",
  presence_left: "left",
  watching_one: "{n} watching",
  watching_many: "{n} watching",
  watching_banner: "You are watching",
};
/** @type {import("../common/words.mjs").Word} */
const word = (key, params = {}) => (/** @type {Record<string, string>} */ (WORDS)[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name]));

test("each person's seat gets a shape and a word, so the mark reads without colour", () => {
  const view = { presence: { S: "here", N: "never", E: "left", W: "bot" } };
  assert.deepEqual(presenceMark(view, "S", word), { kind: "here", symbol: "●", text: "here" });
  assert.deepEqual(presenceMark(view, "N", word), { kind: "never", symbol: "○", text: "not come yet" });
  assert.deepEqual(presenceMark(view, "E", word), { kind: "left", symbol: "◌", text: "left" });
  const symbols = Object.values(PRESENCE_SYMBOLS);
  assert.equal(new Set(symbols).size, symbols.length, "three different shapes");
});

test("a bot, an unknown mark or a table with no presence draws nothing", () => {
  assert.equal(presenceMark({ presence: { W: "bot" } }, "W", word), null);
  assert.equal(presenceMark({ presence: { W: "toString" } }, "W", word), null);
  assert.equal(presenceMark({ presence: { W: "constructor" } }, "W", word), null);
  assert.equal(presenceMark({ presence: {} }, "S", word), null);
  assert.equal(presenceMark({}, "S", word), null);
});

test("the watchers are counted in words, and none says nothing", () => {
  assert.equal(watchingWords({ watching: 3 }, word), "3 watching");
  assert.equal(watchingWords({ watching: 1 }, word), "1 watching");
  assert.equal(watchingWords({ watching: 0 }, word), "");
  assert.equal(watchingWords({ watching: "9" }, word), "");
  assert.equal(watchingWords({}, word), "");
  assert.equal(watcherBanner(word), "You are watching");
});
