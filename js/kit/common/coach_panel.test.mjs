import { test } from "node:test";
import assert from "node:assert/strict";

import { drawCoach } from "./coach_panel.mjs";
import { installDom, testWord } from "./test_dom.mjs";
import { present } from "./test_helpers.mjs";

test("the coach lists each move with its bar, marks the best, and hides with no hint", () => {
  const document = installDom();
  const section = document.createElement("section");
  const hint = {
    best: "S 4-2 L", words: "Play the 4-2.",
    moves: [{ move: "S 4-2 L", label: "4-2 on the left", win: 0.62, low: 0.55, high: 0.69 }, { move: "S pass", label: "pass", win: 1.7 }],
  };
  drawCoach(section, hint, "en", testWord);
  assert.equal(section.hidden, false);
  const rows = /** @type {HTMLElement[]} */ ([...section.querySelectorAll(".dw-hint-move")]);
  assert.equal(rows.length, 2);
  assert.ok(rows[0].classList.contains("dw-best"));
  assert.match(rows[0].title, /win_range/);
  assert.equal(rows[1].title, "", "no range, no tooltip");
  assert.match(present(rows[1].querySelector(".dw-hint-bar")).getAttribute("style") ?? "", /--dw-win: 1$/, "bars are clamped");
  assert.equal(present(section.querySelector(".dw-hint-words")).textContent, "Play the 4-2.");
  drawCoach(section, null, "en", testWord);
  assert.equal(section.hidden, true);
});

test("the coach shows each move's share of the hand, as the study page does, and no best when none is clear", () => {
  const document = installDom();
  const section = document.createElement("section");
  const judged = { move: "S 4-2 L", label: "4-2 on the left", win: 0.6, low: 0.55, high: 0.65, share: 0.62, share_low: 0.57, share_high: 0.67 };
  drawCoach(section, { best: null, words: "Too close to call between 4-2 and 4-3.", moves: [judged, { ...judged, move: "S 4-3 L", label: "4-3 on the left" }] }, "en", testWord);
  const rows = /** @type {HTMLElement[]} */ ([...section.querySelectorAll(".dw-hint-move")]);
  assert.equal(present(rows[0].querySelector(".dw-hint-win")).textContent, "62%");
  assert.match(present(rows[0].querySelector(".dw-hint-bar")).getAttribute("style") ?? "", /--dw-win: 0.62$/);
  assert.ok(rows.every((row) => !row.classList.contains("dw-best")), "no move called best");
});
