import { test } from "node:test";
import assert from "node:assert/strict";

import { changeTracker } from "../common/dom.mjs";
import { tableRenderer } from "./table_render.mjs";
import { buildTable } from "./table_skeleton.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";
import { find, partial } from "../common/test_helpers.mjs";

const VIEW = readView({
  seats: ["N", "E", "S", "W"], viewer: "S", turn: "S", bottom: "S", ends: [6, 6], line: [[6, 6]], lead: 0, last: 0,
  hands: { S: ["6-4", "2-3"], N: 6, E: 6, W: 6 }, legal: ["S 6-4 L"], playable: ["6-4"], moves: ["E 6-6"],
  move_words: ["East poses the double six."], players: { E: { name: "East", label: "East (bot)" } }, status: "Your turn",
  message: { text: "News", kind: "info", reason: null, id: 1 },
});

function setup() {
  installDom();
  const ui = buildTable();
  /** @type {import("./table_render.mjs").TableState} */
  const state = { view: VIEW, word: testWord, changed: changeTracker(), choice: null, handFocus: 0, lineSize: { width: 300, height: 150 }, handWidth: 300 };
  /** @type {string[]} */
  const flashed = [];
  const draw = tableRenderer(ui, state, partial({ flasher: { flash: (/** @type {string} */ text) => flashed.push(text) }, link: { silent: false } }));
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
  state.choice = { tile: "6-4", moves: [{ text: "S 6-4 L", seat: "S", kind: "play", tile: "6-4", end: "L" }], ends: ["L"], legal: "" };
  draw.drawChoicePart();
  assert.ok(find(ui.hand, '[data-tile="6-4"]').classList.contains("dw-selected"));
  assert.equal(ui.choice.hidden, false);
});

test("the view's notice goes as soon as the view drops it: the drawn tile played, it does not stand over the result", () => {
  installDom();
  const ui = buildTable();
  /** @type {import("./table_render.mjs").TableState} */
  const state = { view: VIEW, word: testWord, changed: changeTracker(), choice: null, handFocus: 0, lineSize: { width: 300, height: 150 }, handWidth: 300 };
  /** @type {string[]} */
  const events = [];
  const flasher = { flash: (/** @type {string} */ text) => events.push(`flash ${text}`), hide: () => events.push("hide") };
  const draw = tableRenderer(ui, state, partial({ flasher, link: { silent: false } }));
  /** @type {import("./table_view.mjs").ReadView} */
  const drew = { ...VIEW, message: { text: "You drew 5-6: it fits, play it now.", kind: "info", reason: null, id: 2 } };
  draw.drawView(drew);
  draw.drawView({ ...drew, moves: ["E 6-6", "S draw 5-6"] });
  assert.deepEqual(events, ["flash You drew 5-6: it fits, play it now."], "the same notice stands while the view holds it");
  draw.drawView({ ...VIEW, phase: "hand_over", message: null });
  assert.deepEqual(events.at(-1), "hide");
  draw.drawView({ ...VIEW, message: null });
  assert.equal(events.filter((e) => e === "hide").length, 1, "nothing left to hide");
});
