import { test } from "node:test";
import assert from "node:assert/strict";

import { drawChoice, endWords, slotChoice } from "./end_choice.mjs";
import { installDom, testWord } from "./test_dom.mjs";
import { resolveTileClick } from "./move_choice.mjs";
import { present } from "./test_helpers.mjs";

test("ends are named with the number they show", () => {
  assert.equal(endWords(testWord, [4, 2], "L", "end"), "end_left[number=number_4]");
  assert.equal(endWords(testWord, [4, 2], "R", "slot"), "slot_right[number=number_2]");
  assert.equal(slotChoice(testWord, [4, 2], null), null);
  assert.deepEqual(present(slotChoice(testWord, [4, 2], { ends: ["L", "R"] })).ends, ["L", "R"]);
});

test("a tile that fits both ends asks with a button per end, and Cancel", () => {
  const document = installDom();
  const element = document.createElement("div");
  const choice = /** @type {any} */ ({ tile: "2-4", ...resolveTileClick({ legal: ["S 4-2 L", "S 2-4 R"], viewer: "S", ends: [4, 2], tile: "2-4" }) });
  drawChoice(element, choice, [4, 2], testWord);
  assert.equal(element.hidden, false);
  const buttons = [...element.querySelectorAll("button")];
  assert.deepEqual(buttons.map((b) => b.dataset.end ?? (b.dataset.cancel !== undefined ? "cancel" : "?")), ["L", "R", "cancel"]);
  assert.match(element.textContent, /choose_end/);
  drawChoice(element, null, [4, 2], testWord);
  assert.equal(element.hidden, true);
  assert.equal(element.children.length, 0);
});

test("on a wild end, one button per half that may touch", () => {
  const document = installDom();
  const element = document.createElement("div");
  const moves = [{ text: "S 3-5 L", tile: "3-5" }, { text: "S 5-3 L", tile: "5-3" }];
  drawChoice(element, { tile: "5-3", moves, ends: ["L"] }, [0, 5], testWord);
  const halves = [.../** @type {NodeListOf<HTMLElement>} */ (element.querySelectorAll("button[data-move]"))].map((b) => b.dataset.move);
  assert.deepEqual(halves, ["S 3-5 L", "S 5-3 L"]);
  assert.match(element.textContent, /choose_half/);
});
