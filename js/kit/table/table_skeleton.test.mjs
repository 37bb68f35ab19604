import { test } from "node:test";
import assert from "node:assert/strict";

import { buildTable } from "./table_skeleton.mjs";
import { installDom } from "../common/test_dom.mjs";

test("the table is built once with every part in its place", () => {
  installDom();
  const ui = buildTable();
  for (const name of ["felt", "status", "statusText", "notice", "choice", "recap", "hand", "result", "pass", "draw", "undo", "hint",
    "score", "moveList", "coach", "countingToggle", "cover", "board"]) {
    assert.ok(/** @type {Record<string, unknown>} */ (ui)[name], name);
  }
  assert.ok(ui.root.contains(ui.cover));
  assert.ok(ui.board.contains(ui.hand));
  assert.ok(!ui.board.contains(ui.cover), "the cover lies over the board, not in it");
  assert.equal(ui.root.getAttribute("data-lm-suppress-shortcuts"), "true");
  const order = [...ui.main.children].map((node) => node.className.split(" ")[0]);
  assert.deepEqual(order, ["dw-table", "dw-status", "dw-recap", "dw-tray"]);
});
