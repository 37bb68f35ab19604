import { test } from "node:test";
import assert from "node:assert/strict";

import { h } from "../common/dom.mjs";
import { buildCover, drawCover } from "./cover.mjs";
import { installDom } from "../common/test_dom.mjs";
import { readView } from "./table_view.mjs";

test("the cover hides the board in hot seat and names who takes the screen", () => {
  installDom();
  const parts = buildCover();
  const board = h("div");
  const root = h("div", {}, board, parts.cover);
  const ui = { ...parts, board, root };
  drawCover(ui, readView({ phase: "cover", status: "Pass", cover: { title: "Pass the screen to North", hint: "North: click" } }));
  assert.equal(ui.cover.hidden, false);
  assert.equal(board.inert, true);
  assert.equal(ui.coverTitle.textContent, "Pass the screen to North");
  assert.equal(ui.coverHint.textContent, "North: click");
  assert.equal(ui.cover.getAttribute("aria-label"), null, "its name is the words it shows");
  drawCover(ui, readView({ phase: "playing", status: "" }));
  assert.equal(ui.cover.hidden, true);
  assert.equal(board.inert, false);
});
