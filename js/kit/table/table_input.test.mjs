import { test } from "node:test";
import assert from "node:assert/strict";

import { drawControls } from "./controls.mjs";
import { drawHand, handTiles } from "../common/hand_tray.mjs";
import { tableActions } from "./table_actions.mjs";
import { bindTableInput, lookIntent, rootKey } from "./table_input.mjs";
import { buildTable } from "./table_skeleton.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";
import { partial, present } from "../common/test_helpers.mjs";

const VIEW = readView({
  seats: ["S", "N"], viewer: "S", turn: "S", ends: [4, 2], hands: { S: ["6-4", "2-4", "5-5"], N: 4 },
  legal: ["S 6-4 L", "S 4-2 L", "S 2-4 R"], playable: ["6-4", "2-4"], moves: ["N 4-2"], hand_number: 0,
});

function table(view = VIEW) {
  const document = installDom();
  const ui = buildTable();
  document.body.append(ui.root);
  /** @type {import("./table_actions.mjs").ActionState & {handFocus: number, hintAsked?: boolean}} */
  const state = { view, choice: null, handFocus: 0 };
  /** @type {({type: string} & Record<string, unknown>)[]} */
  const sent = [];
  const actions = tableActions(state, { send: (m) => sent.push(m), onChoice: () => {} });
  drawHand(ui.hand, { view, tiles: handTiles(view), mine: true, active: true, myTurn: true, focus: 0, word: testWord });
  drawControls(ui, view, testWord);
  /** @type {(boolean | undefined)[]} */
  const redrawn = [];
  const unbind = bindTableInput(ui, state, actions, { focusHand: () => {}, redrawControls: () => redrawn.push(state.hintAsked) });
  /**
   * @param {EventTarget | null} target
   * @param {string} type
   * @param {Record<string, unknown>} [init]
   */
  const fire = (target, type, init = {}) => {
    const event = new (present(document.defaultView).Event)(type, { bubbles: true, cancelable: true });
    Object.assign(event, init);
    present(target).dispatchEvent(event);
    return event;
  };
  return { ui, state, sent, unbind, fire, redrawn };
}

test("keys: L, R and Escape while choosing an end; Escape goes back while looking", () => {
  assert.equal(rootKey("l", { choosing: true, looking: false }), "L");
  assert.equal(rootKey("R", { choosing: true, looking: true }), "R");
  assert.equal(rootKey("Escape", { choosing: true, looking: false }), "cancel");
  assert.equal(rootKey("Escape", { choosing: false, looking: true }), "back");
  assert.equal(rootKey("l", { choosing: false, looking: false }), null);
});

test("a click on the move list looks back, or returns to the game", () => {
  assert.deepEqual(lookIntent(VIEW, 0), { type: "look", ply: 0 });
  assert.equal(lookIntent(VIEW, 1), null, "the present already shows");
  assert.deepEqual(lookIntent({ ...VIEW, look: partial({ ply: 0 }) }, 1), { type: "look", ply: null });
  assert.equal(lookIntent({ ...VIEW, look: partial({ ply: 0 }) }, 0), null);
});

test("a click on a tile that fits once sends its move", () => {
  const { ui, sent, fire } = table();
  fire(ui.hand.querySelector('[data-tile="6-4"]'), "click");
  assert.deepEqual(sent, [{ type: "move", move: "S 6-4 L", hand: 0, ply: 1 }]);
});

test("a tile for both ends waits; the R key picks the right end", () => {
  const { ui, state, sent, fire } = table();
  fire(ui.hand.querySelector('[data-tile="2-4"]'), "click");
  assert.deepEqual(present(state.choice).ends, ["L", "R"]);
  fire(ui.root, "keydown", { key: "r" });
  assert.deepEqual(sent.map((m) => m.move), ["S 2-4 R"]);
});

test("Pass sends the legal pass; the cover's click lifts it; unbinding stops it all", () => {
  const view = readView({ ...VIEW, legal: ["S pass"], playable: [] });
  const { ui, sent, fire, unbind } = table(view);
  fire(ui.pass, "click");
  fire(ui.cover, "click");
  assert.deepEqual(sent.map((m) => m.type), ["move", "uncover"]);
  assert.equal(sent[0].move, "S pass");
  unbind();
  fire(ui.cover, "click");
  assert.equal(sent.length, 2);
});

test("Hint asks the kernel once and marks the button as asked until it answers", () => {
  const { ui, state, sent, fire, redrawn } = table(readView({ ...VIEW, coach: true }));
  drawControls(ui, state.view, testWord);
  fire(ui.hint, "click");
  assert.deepEqual(sent, [{ type: "hint" }]);
  assert.equal(state.hintAsked, true);
  assert.deepEqual(redrawn, [true], "the button is drawn busy at once");
});
