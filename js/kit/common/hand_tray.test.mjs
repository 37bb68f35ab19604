import { test } from "node:test";
import assert from "node:assert/strict";

import { drawHand, focusStep, handTiles, handUnit, hintChances, tileButtons } from "./hand_tray.mjs";
import { installDom, testWord } from "./test_dom.mjs";
import { present } from "./test_helpers.mjs";

// The fields of a Table or Puzzles view that the tray reads (both widgets draw it).
const VIEW = {
  seats: ["N", "S"], viewer: "S", bottom: "S", turn: "S", hands: { S: ["6-4", "2-3", "5-5"], N: 3 },
  legal: ["S 6-4 L"], playable: ["6-4"], players: { S: { label: "You" } }, phase: "playing", lang: "en", hint: null,
};

test("the tray holds the bottom seat's tiles, face down as nulls, none under the cover", () => {
  assert.deepEqual(handTiles(VIEW), ["6-4", "2-3", "5-5"]);
  assert.deepEqual(handTiles({ ...VIEW, bottom: "N" }), [null, null, null]);
  assert.deepEqual(handTiles({ ...VIEW, phase: "cover" }), []);
});

test("tiles shrink to share the width, within bounds", () => {
  assert.equal(handUnit(0, 7), null);
  assert.equal(handUnit(1000, 2), 30);
  assert.equal(handUnit(100, 14), 12);
  assert.equal(handUnit(300, 7), Math.floor((300 / 7 - 14) / 1.16));
});

test("arrow keys wrap round the hand; Home and End jump; other keys are not ours", () => {
  assert.equal(focusStep("ArrowRight", 2, 3), 0);
  assert.equal(focusStep("ArrowLeft", 0, 3), 2);
  assert.equal(focusStep("End", 0, 3), 2);
  assert.equal(focusStep("Home", 2, 3), 0);
  assert.equal(focusStep("x", 0, 3), null);
  assert.equal(focusStep("ArrowRight", 0, 0), null);
});

test("the coach's chances keep each tile's best move", () => {
  const hint = { best: "S 6-4 R", moves: [{ move: "S 6-4 L", win: 0.4 }, { move: "S 6-4 R", win: 0.6 }, { move: "S pass", win: 0.1 }] };
  const chances = hintChances(hint, "en", testWord);
  assert.deepEqual([...chances.keys()], ["4-6"]);
  const chance = present(chances.get("4-6"));
  assert.equal(chance.best, true);
  assert.equal(chance.win, 0.6);
});

test("a tile's chance is the share the coach's row shows, a tie counting half", () => {
  const hint = { best: "S 6-4 L", moves: [{ move: "S 6-4 L", win: 0.5, share: 0.62, share_low: 0.6, share_high: 0.64 }] };
  assert.equal(present(hintChances(hint, "en", testWord).get("4-6")).win, 0.62);
});

test("the hand marks what fits, what does not, the selected tile and one tab stop", () => {
  installDom();
  const element = document.createElement("div");
  drawHand(element, { view: VIEW, tiles: handTiles(VIEW), mine: true, active: true, myTurn: true, focus: 1, selected: "4-6", word: testWord });
  const buttons = tileButtons(element);
  assert.deepEqual(buttons.map((b) => b.dataset.tile), ["6-4", "2-3", "5-5"]);
  assert.ok(buttons[0].classList.contains("dw-playable"));
  assert.ok(buttons[0].classList.contains("dw-selected"));
  assert.equal(buttons[0].getAttribute("aria-pressed"), "true");
  assert.ok(buttons[1].classList.contains("dw-unplayable"));
  assert.deepEqual(buttons.map((b) => b.getAttribute("tabindex")), ["-1", "0", "-1"]);
  assert.equal(element.getAttribute("aria-label"), "your_tiles");
  drawHand(element, { view: VIEW, tiles: [null, null], mine: false, active: false, myTurn: false, focus: 0, word: testWord });
  assert.equal(tileButtons(element).length, 0);
  assert.equal(element.querySelectorAll(".dw-face-down-tile").length, 2);
  assert.ok(element.classList.contains("dw-readonly"));
});
