import { test } from "node:test";
import assert from "node:assert/strict";

import { drawFollow, drawSpeed } from "./follow.mjs";
import { buildTable } from "./table_skeleton.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";

test("the recap line shows the kernel's words; the announcement shows only while the table holds", () => {
  installDom();
  const ui = buildTable();
  const view = readView({ recap: "Since your last move: East played 5-2 on the left; North passed", holding: true, announce: "Hand 2: North-South lead" });
  drawFollow(ui, view, testWord);
  assert.equal(ui.recap.textContent, view.recap);
  assert.ok(!ui.recap.classList.contains("dw-empty"));
  assert.equal(ui.announce.hidden, false);
  assert.equal(ui.announceText.textContent, "Hand 2: North-South lead");
  assert.ok(ui.felt.lineBox.contains(ui.announce), "over the line");
  drawFollow(ui, readView({}), testWord);
  assert.ok(ui.recap.classList.contains("dw-empty"));
  assert.equal(ui.announce.hidden, true);
});

test("the speed control offers the kernel's speeds and selects the current one", () => {
  installDom();
  const ui = buildTable();
  const speeds = [{ key: "slow", label: "Slow" }, { key: "fast", label: "Fast" }];
  drawSpeed(ui, readView({ speeds, speed: "fast" }), testWord);
  assert.equal(ui.speedPanel.hidden, false);
  assert.deepEqual([...ui.speedSelect.querySelectorAll("option")].map((o) => [o.value, o.selected]), [["slow", false], ["fast", true]]);
  drawSpeed(ui, readView({ speeds, speed: null }), testWord);
  assert.equal(ui.speedSelect.querySelectorAll("option").length, 3, "a delay of one's own shows as a dash");
  drawSpeed(ui, readView({}), testWord);
  assert.equal(ui.speedPanel.hidden, true, "no bots, no speed");
});

test("the speed is greyed, with the words why, for anyone but a served table's host", () => {
  installDom();
  const ui = buildTable();
  const speeds = [{ key: "slow", label: "Slow" }, { key: "fast", label: "Fast" }];
  drawSpeed(ui, readView({ speeds, speed: "fast", can_set_table: false }), testWord);
  assert.equal(ui.speedSelect.disabled, true);
  assert.equal(ui.speedPanel.title, "host_only");
  drawSpeed(ui, readView({ speeds, speed: "fast", can_set_table: true }), testWord);
  assert.equal(ui.speedSelect.disabled, false);
  drawSpeed(ui, readView({ speeds, speed: "fast" }), testWord);
  assert.equal(ui.speedSelect.disabled, false, "a kernel that says nothing: the one screen is the host's");
});
