// The Table's DOM, built once: the felt, the status line and the tray on the main side,
// the panels beside, and the hot-seat cover over all. Every region has a fixed size, so
// nothing moves when a notice, an end choice or a result appears.

import { h } from "../common/dom.mjs";
import { buildControls } from "./controls.mjs";
import { buildCover } from "./cover.mjs";
import { buildFelt } from "../common/felt.mjs";
import { buildFollow } from "./follow.mjs";
import { buildSide } from "../common/panels.mjs";
import { buildStatus } from "./status.mjs";

/** @typedef {ReturnType<typeof buildTable>} TableUi the Table's DOM, part by part */

/** Every node the Table's parts draw into, by name. */
export function buildTable() {
  const felt = buildFelt();
  const follow = buildFollow();
  felt.lineBox.append(follow.announce);
  const table = h("div", { className: "dw-table", role: "group" }, felt.root);
  const status = buildStatus();
  const recap = h("p", { className: "dw-recap dw-empty", "aria-live": "polite" });
  const hand = h("div", { className: "dw-hand", role: "toolbar" });
  // focusable: a long result scrolls in its box, and the keyboard must reach it (WCAG 2.1.1)
  const result = h("section", { className: "dw-result", hidden: true, "aria-live": "polite", tabindex: "0" });
  const controls = buildControls();
  const tray = h("div", { className: "dw-tray" }, hand, result, controls.actions);
  const main = h("div", { className: "dw-main" }, table, status.status, recap, tray);

  const coach = h("section", { className: "dw-panel dw-coach", hidden: true, "aria-live": "polite" });
  const countingToggle = h("button", { type: "button", className: "dw-button dw-counting-toggle", "aria-pressed": "false" });
  const countingBody = h("div", { className: "dw-counting-body" });
  const countingPanel = h("section", { className: "dw-panel dw-counting", hidden: true }, countingToggle, countingBody);
  const panels = buildSide(follow.speedPanel, coach, countingPanel);
  const board = h("div", { className: "dw-board" }, main, panels.side);
  const cover = buildCover();
  // data-lm-suppress-shortcuts: JupyterLab leaves our keys (L, R, arrows, Escape) alone.
  const root = h("div", { className: "dominoes-widget dw-table-widget", "data-lm-suppress-shortcuts": "true" }, board, cover.cover);
  return { root, board, main, felt, table, ...status, recap, hand, result, tray, ...controls, ...panels, coach, countingPanel, countingToggle, countingBody, ...cover, ...follow };
}
