import { test } from "node:test";
import assert from "node:assert/strict";

import { changeTracker } from "./dom.mjs";
import { tableRenderer } from "./table_render.mjs";
import { buildTable } from "./table_skeleton.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "./test_dom.mjs";

const VIEW = readView({
  seats: ["N", "E", "S", "W"], viewer: "S", turn: "S", bottom: "S", ends: [6, 6], line: [[6, 6]], lead: 0, last: 0,
  hands: { S: ["6-4", "2-3"], N: 6, E: 6, W: 6 }, legal: ["S 6-4 L"], playable: ["6-4"], moves: ["E 6-6"],
  move_words: ["East poses the double six."], players: { E: { name: "East", label: "East (bot)" } }, status: "Your turn",
  message: { text: "News", kind: "info", reason: null, id: 1 },
});

function setup() {
  installDom();
  const ui = buildTable();
  const state = { view: VIEW, word: testWord, changed: changeTracker(), choice: null, handFocus: 0, lineSize: { width: 300, height: 150 }, handWidth: 300 };
  const flashed = [];
  const draw = tableRenderer(ui, state, { flasher: { flash: (text) => flashed.push(text) }, link: { silent: false } });
  return { ui, state, draw, flashed };
}

test("one view draws every part: seats, line, hand, status, notice and moves", () => {
  const { ui, draw, flashed } = setup();
  draw.drawView(VIEW);
  assert.equal(ui.root.dataset.phase, "playing");
  assert.equal(ui.felt.seats.right.root.dataset.seat, "E");
  assert.equal(ui.hand.querySelectorAll("button[data-tile]").length, 2);
  assert.equal(ui.statusText.textContent, "Your turn");
  assert.ok(ui.status.classList.contains("dw-my-turn"));
  assert.equal(ui.moveList.querySelectorAll("button[data-ply]").length, 2);
  assert.match(ui.felt.lineSvg.innerHTML, /dw-tile-body/);
  draw.drawView(VIEW);
  assert.deepEqual(flashed, ["News"], "a notice flashes once per id");
});

test("an unchanged part is not drawn again; the end choice redraws the hand with the tile selected", () => {
  const { ui, state, draw } = setup();
  draw.drawView(VIEW);
  const first = ui.hand.querySelector("button");
  draw.drawView({ ...VIEW });
  assert.equal(ui.hand.querySelector("button"), first);
  state.choice = { tile: "6-4", moves: [{ text: "S 6-4 L", tile: "6-4" }], ends: ["L"], legal: "" };
  draw.drawChoicePart();
  assert.ok(ui.hand.querySelector('[data-tile="6-4"]').classList.contains("dw-selected"));
  assert.equal(ui.choice.hidden, false);
});
