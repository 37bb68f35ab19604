import { test } from "node:test";
import assert from "node:assert/strict";

import { countWords, makeWords, numberWord, percent, tileName } from "./words.mjs";

const EN = {
  tiles: "{n} tiles",
  tile: "{n} tile",
  tile_double: "double {a}",
  tile_pair: "{a}-{b}",
  number_0: "blank",
  number_4: "four",
  number_6: "six",
  end_choice: "Play {tile} on which end?",
};

test("labels are looked up and their placeholders filled", () => {
  const word = makeWords(EN);
  assert.equal(word("tiles", { n: 3 }), "3 tiles");
  assert.equal(word("end_choice", { tile: "six-four" }), "Play six-four on which end?");
  assert.equal(word("end_choice"), "Play {tile} on which end?", "a missing value keeps its placeholder");
});

test("a missing key shows the key itself", () => {
  assert.equal(makeWords(EN)("no_such_key"), "no_such_key");
  assert.equal(makeWords(null)("pass"), "pass");
  // @ts-expect-error: a catalog holds text; a number in it is skipped
  assert.equal(makeWords({ pass: 3 })("pass"), "pass", "only text counts");
});

test("counts pick the one or many label", () => {
  const word = makeWords(EN);
  assert.equal(countWords(word, 1, "tile", "tiles"), "1 tile");
  assert.equal(countWords(word, 0, "tile", "tiles"), "0 tiles");
  assert.equal(countWords(word, 7, "tile", "tiles"), "7 tiles");
});

test("tiles are named in words for screen readers", () => {
  const word = makeWords(EN);
  assert.equal(tileName(word, "6-4"), "six-four");
  assert.equal(tileName(word, [0, 0]), "double blank");
  assert.equal(tileName(word, "6-6"), "double six");
  assert.equal(tileName(word, "2-1"), "number_2-number_1", "missing number words show their keys");
  assert.equal(tileName(word, "9-9"), "9-9", "not a tile: shown as given");
  assert.equal(numberWord(word, 4), "four");
});

test("chances read as percentages in the widget's language", () => {
  assert.equal(percent(0.62, "en"), "62%");
  assert.equal(percent(0.5, "fr").replace(/\s/g, " "), "50 %");
  assert.equal(percent("x"), "");
  assert.equal(percent(0.07, "no-such-language-tag-!!"), "7%");
});
