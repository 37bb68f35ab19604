import { test } from "node:test";
import assert from "node:assert/strict";

import { bestTile } from "./best_tile.mjs";

test("the best move as a tile where it would lie: the touching half against the end", () => {
  assert.deepEqual(bestTile({ best: "N 6-5 L" }), { halves: [5, 6], end: "L", tile: "6-5", seat: "N" });
  assert.deepEqual(bestTile({ best: "W 3-6 L" }), { halves: [6, 3], end: "L", tile: "3-6", seat: "W" });
  assert.deepEqual(bestTile({ best: "E 6-2 R" }), { halves: [6, 2], end: "R", tile: "6-2", seat: "E" });
  assert.deepEqual(bestTile({ best: "S 4-2" }), { halves: [4, 2], end: null, tile: "4-2", seat: "S" }, "a lead");
  assert.equal(bestTile({ best: "S pass" }), null);
  assert.equal(bestTile({ best: "S draw" }), null);
  assert.equal(bestTile(null), null);
});
