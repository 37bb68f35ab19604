import { test } from "node:test";
import assert from "node:assert/strict";

import { buildStatus, drawStatus, statusText } from "./status.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";

const MINE = readView({ seats: ["S", "N"], viewer: "S", turn: "S", legal: ["S 6-6"], status: "Your turn" });

test("the status says the kernel's words, the leader prompt, or that no kernel answers", () => {
  assert.equal(statusText(MINE, { silent: false, word: testWord }), "Your turn");
  assert.equal(statusText({ ...MINE, phase: "choose_leader", leader_prompt: "Choose" }, { silent: false, word: testWord }), "Choose");
  assert.equal(statusText(MINE, { silent: true, word: testWord }), "no_kernel");
});

test("the line marks your turn, a silent kernel and looking back", () => {
  installDom();
  const ui = buildStatus();
  drawStatus(ui, MINE, { silent: false, word: testWord });
  assert.equal(ui.statusText.textContent, "Your turn");
  assert.ok(ui.status.classList.contains("dw-my-turn"));
  assert.equal(ui.look.hidden, true);
  drawStatus(ui, { ...MINE, look: { ply: 2, of: 5, label: "After move 2 of 5" } }, { silent: false, word: testWord });
  assert.ok(!ui.status.classList.contains("dw-my-turn"));
  assert.equal(ui.look.hidden, false);
  assert.equal(ui.lookText.textContent, "After move 2 of 5");
  drawStatus(ui, MINE, { silent: true, word: testWord });
  assert.ok(ui.status.classList.contains("dw-no-kernel"));
  assert.ok(!ui.status.classList.contains("dw-my-turn"));
});
