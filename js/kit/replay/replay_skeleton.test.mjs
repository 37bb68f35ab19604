import { test } from "node:test";
import assert from "node:assert/strict";

import { installDom } from "../common/test_dom.mjs";
import { WORDS, replayData } from "./replay_fixture.mjs";
import { buildReplay, fillHandPicker, labelReplay, showPlaying, showReport, showSpeed, SPEEDS, STEP_ACTIONS } from "./replay_skeleton.mjs";
import { makeWords } from "../common/words.mjs";
import { find, present } from "../common/test_helpers.mjs";

installDom();
const word = makeWords(WORDS);

test("the replay is built once with its felt, words box, controls and side panels", () => {
  const ui = buildReplay();
  assert.ok(ui.root.classList.contains("dw-replay-widget"));
  assert.equal(ui.root.getAttribute("tabindex"), "0", "it takes the keyboard");
  assert.deepEqual(ui.stepButtons.map((button) => button.dataset.action), ["prevHand", "start", "prev", "toggle", "next", "end", "nextHand"]);
  assert.deepEqual(STEP_ACTIONS, ["prevHand", "start", "prev", "next", "end", "nextHand"]);
  assert.equal(ui.playButton.dataset.action, "toggle");
  assert.deepEqual([...ui.speedSelect.options].map((option) => Number(option.getAttribute("value"))), SPEEDS);
  assert.equal(ui.analysis.hidden, true, "the analysis panel waits for an analysis");
  assert.ok(ui.root.contains(ui.moveList) && ui.root.contains(ui.stripSvg) && ui.root.contains(ui.counting));
});

test("labels come from the words; the play button offers what a press would do", () => {
  const ui = buildReplay();
  labelReplay(ui, word);
  const back = present(ui.stepButtons.find((button) => button.dataset.action === "prev"));
  assert.equal(back.getAttribute("aria-label"), "Back (←)");
  assert.equal(ui.bestWord.textContent, "Best move");
  assert.equal(ui.speedSelect.options[0].textContent, "0.5/s");
  showPlaying(ui, true, word);
  assert.equal(ui.playButton.getAttribute("aria-label"), "Pause (space)");
  assert.ok(ui.root.classList.contains("dw-playing"));
  showPlaying(ui, false, word);
  assert.equal(ui.playWord.textContent, "Play");
  assert.ok(!ui.root.classList.contains("dw-playing"));
});

test("the hand picker lists the hands without their results; a speed not offered gets its own option", () => {
  const ui = buildReplay();
  fillHandPicker(ui, replayData(), word);
  assert.deepEqual([...ui.handSelect.options].map((option) => option.textContent), ["Hand 1 (3 moves)", "Hand 2 (1 moves)"]);
  showSpeed(ui, 3, word);
  assert.equal(ui.speedSelect.value, "3");
  assert.equal(find(ui.speedSelect, "option[data-custom]").textContent, "3/s");
  showSpeed(ui, 4, word);
  assert.equal(ui.speedSelect.querySelector("option[data-custom]"), null, "gone once a speed offered is back");
});

test("a bad record's problems are listed with their details", () => {
  const ui = buildReplay();
  showReport(ui, [{ text: "Hand 2, move 4: not East's tile", detail: "E 6-6 L" }]);
  assert.equal(ui.problems.hidden, false);
  assert.equal(/** @type {HTMLElement} */ (ui.problemList.children[0]).title, "E 6-6 L");
  assert.ok(ui.root.classList.contains("dw-bad"));
  showReport(ui, []);
  assert.equal(ui.problems.hidden, true);
});

test("the table per player: folded under its title, the heads with their words, a row per player named in its head", async () => {
  const { drawSummary } = await import("./replay_draw.mjs");
  const ui = buildReplay();
  drawSummary(ui, { title: "Per player", head: ["Player", "?!", "?", "??", "loss"], titles: ["Player", "?! inaccuracies"], rows: [["North", "1", "0", "2", "4.5"]] });
  assert.equal(ui.summaryBox.hidden, false);
  assert.equal(ui.summaryTitle.textContent, "Per player");
  assert.equal(find(ui.summary, "thead th[title]").title, "Player");
  assert.equal(ui.summary.querySelectorAll("thead th")[1].getAttribute("aria-label"), "?! inaccuracies");
  assert.deepEqual([...find(ui.summary, "tbody tr").children].map((cell) => cell.textContent), ["North", "1", "0", "2", "4.5"]);
  assert.equal(find(ui.summary, "tbody tr").children[0].tagName, "TH");
  drawSummary(ui, null);
  assert.equal(ui.summaryBox.hidden, true);
});

test("play and one move forward never look alike: each its own glyph, play with its word", async () => {
  const { ICONS } = await import("./replay_skeleton.mjs");
  const glyphs = Object.values(ICONS);
  assert.equal(new Set(glyphs).size, glyphs.length, "every button its own glyph");
  assert.notEqual(ICONS.next, ICONS.play);
  assert.notEqual(ICONS.prev.replace(/[\d.]+/g, ""), ICONS.play.replace(/[\d.]+/g, ""), "a chevron, not a triangle");
});
