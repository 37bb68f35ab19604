import { test } from "node:test";
import assert from "node:assert/strict";

import { chooseEnd, endsOf, legalMoveOfKind, legalMovesForTile, resolveTileClick, unplayableMove } from "./move_choice.mjs";
import { present } from "./test_helpers.mjs";

const LEGAL = ["S 4-6 L", "S 4-2 L", "S 2-4 R"];
const ENDS = [4, 2];

test("a tile with one legal move sends it", () => {
  assert.deepEqual(resolveTileClick({ legal: LEGAL, viewer: "S", ends: ENDS, tile: "6-4" }), { action: "send", move: "S 4-6 L" });
});

test("a tile that fits both ends asks which end", () => {
  const result = resolveTileClick({ legal: LEGAL, viewer: "S", ends: ENDS, tile: "2-4" });
  assert.equal(result.action, "choose");
  assert.deepEqual(result.ends, ["L", "R"]);
  assert.deepEqual(chooseEnd(result.moves, "R"), { action: "send", move: "S 2-4 R" });
  assert.deepEqual(chooseEnd(result.moves, "L"), { action: "send", move: "S 4-2 L" });
});

test("on a wild end, two ways round at one end still ask", () => {
  const legal = ["S 3-5 L", "S 5-3 L", "S 5-3 R"];
  const first = resolveTileClick({ legal, viewer: "S", ends: [0, 5], tile: "5-3" });
  assert.ok(first.action === "choose", first.action);
  const atLeft = chooseEnd(first.moves, "L");
  assert.ok(atLeft.action === "choose", atLeft.action);
  assert.equal(atLeft.moves.length, 2);
  assert.deepEqual(chooseEnd(first.moves, "R"), { action: "send", move: "S 5-3 R" });
});

test("leads never ask: any way round poses the tile", () => {
  const result = resolveTileClick({ legal: ["S 6-4", "S 4-6"], viewer: "S", ends: null, tile: "4-6" });
  assert.deepEqual(result, { action: "send", move: "S 6-4" });
});

test("a tile with no legal move still sends a move so the kernel can say why", () => {
  assert.deepEqual(resolveTileClick({ legal: LEGAL, viewer: "S", ends: ENDS, tile: "5-3" }), { action: "send", move: "S 5-3 L" });
  assert.equal(unplayableMove("S", "5-2", [4, 2]), "S 2-5 R", "the end it matches, touching half first");
  assert.equal(unplayableMove("S", "4-5", [4, 2]), "S 4-5 L");
  assert.equal(unplayableMove("S", "5-4", [4, 2]), "S 4-5 L");
  assert.equal(unplayableMove("S", "5-3", null), "S 5-3", "a lead on an empty line");
});

test("no viewer (hot-seat cover): clicks do nothing", () => {
  assert.deepEqual(resolveTileClick({ legal: [], viewer: null, ends: ENDS, tile: "6-4" }), { action: "none" });
});

test("helpers: moves for a tile, ends, pass and draw", () => {
  assert.deepEqual(legalMovesForTile(LEGAL, "4-2").map((m) => m.text), ["S 4-2 L", "S 2-4 R"]);
  assert.deepEqual(endsOf(legalMovesForTile(LEGAL, "6-4")), ["L"]);
  assert.equal(present(legalMoveOfKind(["S pass"], "pass")).text, "S pass");
  assert.equal(legalMoveOfKind(["S pass"], "draw"), null);
  assert.equal(present(legalMoveOfKind(["S draw", "garbage"], "draw")).text, "S draw");
});
