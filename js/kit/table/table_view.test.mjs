import { test } from "node:test";
import assert from "node:assert/strict";

import { DEFAULT_VIEW, canSendMoves, currentPly, isMyTurn, readView, showsResult } from "./table_view.mjs";

const PLAYING = readView({ seats: ["N", "E", "S", "W"], viewer: "S", turn: "S", legal: ["S pass"], moves: ["E 6-6"] });

test("a missing or garbled view takes its defaults", () => {
  assert.deepEqual(readView(undefined), { ...DEFAULT_VIEW });
  const view = readView({ seats: "NESW", legal: null, hands: 3, players: null });
  assert.deepEqual(view.seats, []);
  assert.deepEqual(view.legal, []);
  assert.deepEqual(view.hands, {});
  assert.deepEqual(view.players, {});
});

test("the bottom seat is the one sent when it is in play, else the viewer, else the first seat", () => {
  assert.equal(readView({ seats: ["N", "S"], bottom: "N", viewer: "S" }).bottom, "N");
  assert.equal(readView({ seats: ["N", "S"], bottom: "X", viewer: "S" }).bottom, "S");
  assert.equal(readView({ seats: ["N", "S"], viewer: null }).bottom, "N");
});

test("moves are sent only from a playing table to the viewer, not while looking back", () => {
  assert.equal(canSendMoves(PLAYING), true);
  assert.equal(isMyTurn(PLAYING), true);
  assert.equal(canSendMoves({ ...PLAYING, look: { ply: 0, of: 1, label: "" } }), false);
  assert.equal(canSendMoves({ ...PLAYING, viewer: null }), false);
  assert.equal(canSendMoves({ ...PLAYING, phase: "cover" }), false);
  assert.equal(isMyTurn({ ...PLAYING, turn: "W" }), false);
  assert.equal(isMyTurn({ ...PLAYING, legal: [] }), false);
});

test("results show after a hand and a match; the current ply follows the look", () => {
  assert.equal(showsResult(readView({ phase: "hand_over" })), true);
  assert.equal(showsResult(readView({ phase: "match_over" })), true);
  assert.equal(showsResult(readView({ phase: "playing" })), false);
  assert.equal(currentPly(PLAYING), 1);
  assert.equal(currentPly({ ...PLAYING, look: { ply: 0, of: 1, label: "" } }), 0);
});

test("you must pass or draw when every legal move is one; the move list uses the kernel's words", async () => {
  const { mustPassOrDraw, moveListItems } = await import("./table_view.mjs");
  assert.equal(mustPassOrDraw({ ...PLAYING, legal: ["S pass"] }), true);
  assert.equal(mustPassOrDraw({ ...PLAYING, legal: ["S draw"] }), true);
  assert.equal(mustPassOrDraw({ ...PLAYING, legal: ["S 6-6", "S pass"] }), false);
  assert.equal(mustPassOrDraw({ ...PLAYING, turn: "N", legal: ["S pass"] }), false);
  const view = readView({ moves: ["E 6-6"], move_items: ["East: lead 6-6"], move_words: ["East poses the double six."] });
  assert.deepEqual(moveListItems(view, (key) => key), [
    { ply: 0, text: "deal" },
    { ply: 1, text: "East: lead 6-6", title: "East poses the double six." },
  ]);
});
