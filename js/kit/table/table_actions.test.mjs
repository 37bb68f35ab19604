import { test } from "node:test";
import assert from "node:assert/strict";

import { tableActions } from "./table_actions.mjs";
import { readView } from "./table_view.mjs";
import { present } from "../common/test_helpers.mjs";

/**
 * @param {Record<string, unknown>} view the view as sent
 */
function setup(view) {
  /** @type {({type: string} & Record<string, unknown>)[]} */
  const sent = [];
  let redraws = 0;
  /** @type {import("./table_actions.mjs").ActionState} */
  const state = { view: readView(view), choice: null };
  const actions = tableActions(state, { send: (m) => sent.push(m), onChoice: () => redraws++ });
  return { state, actions, sent, redraws: () => redraws };
}

const BOTH = { seats: ["S", "N"], viewer: "S", turn: "S", ends: [4, 2], legal: ["S 4-2 L", "S 2-4 R", "S 6-4 L"], moves: ["N 4-2"], hand_number: 1 };

test("a tile with one move sends it, with the position it was clicked in", () => {
  const { actions, sent } = setup(BOTH);
  actions.playTile("6-4");
  assert.deepEqual(sent, [{ type: "move", move: "S 6-4 L", hand: 1, ply: 1 }]);
});

test("a tile that fits both ends waits for the end, then sends; Cancel forgets it", () => {
  const { state, actions, sent, redraws } = setup(BOTH);
  actions.playTile("2-4");
  assert.deepEqual(present(state.choice).ends, ["L", "R"]);
  assert.equal(redraws(), 1);
  actions.pickEnd("X");
  assert.equal(sent.length, 0);
  actions.pickEnd("R");
  assert.deepEqual(sent.map((m) => m.move), ["S 2-4 R"]);
  assert.equal(state.choice, null);
  actions.playTile("2-4");
  actions.cancelChoice();
  assert.equal(state.choice, null);
  assert.equal(sent.length, 1);
});

test("nothing is sent while looking back, under the cover, or from another seat's tiles", () => {
  for (const view of [{ ...BOTH, look: { ply: 0 } }, { ...BOTH, viewer: null }, { ...BOTH, bottom: "N" }]) {
    const { actions, sent } = setup(view);
    actions.playTile("6-4");
    assert.deepEqual(sent, []);
  }
});

test("a new view with other legal moves drops the choice", () => {
  const { state, actions } = setup(BOTH);
  actions.playTile("2-4");
  assert.equal(actions.checkChoice(readView(BOTH)), false);
  assert.equal(actions.checkChoice(readView({ ...BOTH, legal: ["S pass"] })), true);
  assert.equal(state.choice, null);
});
