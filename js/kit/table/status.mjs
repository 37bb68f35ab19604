// The status line under the felt: one line saying whose turn it is and what to do (the
// kernel's words), with layers over it for a notice, the end choice and looking back.

import { h } from "../common/dom.mjs";
import { isMyTurn } from "./table_view.mjs";

/** The status line's DOM: its text, the notice, the look-back layer and the choice layer. */
export function buildStatus() {
  const statusText = h("span", { className: "dw-status-text" });
  const notice = h("div", { className: "dw-notice", role: "alert" });
  const choice = h("div", { className: "dw-choice dw-status-layer", hidden: true });
  const lookText = h("span", { className: "dw-look-text" });
  const backButton = h("button", { type: "button", className: "dw-button dw-primary dw-back" });
  const look = h("div", { className: "dw-look dw-status-layer", hidden: true }, lookText, backButton);
  const status = h("div", { className: "dw-status", role: "status" }, statusText, notice, look, choice);
  return { status, statusText, notice, choice, look, lookText, backButton };
}

/**
 * The line's text: the kernel's status, the leader prompt while choosing, or that no kernel answers.
 * @param {import("./table_view.mjs").ReadView} view
 * @param {{silent: boolean, word: import("../common/words.mjs").Word}} how
 */
export function statusText(view, { silent, word }) {
  if (silent) return word("no_kernel");
  if (view.phase === "choose_leader" && view.leader_prompt) return view.leader_prompt;
  return view.status;
}

/**
 * Draw the status line for `view`; `silent` when no kernel answered the last intent.
 * @param {ReturnType<typeof buildStatus>} ui
 * @param {import("./table_view.mjs").ReadView} view
 * @param {{silent: boolean, word: import("../common/words.mjs").Word}} how
 */
export function drawStatus(ui, view, { silent, word }) {
  const text = statusText(view, { silent, word });
  ui.statusText.textContent = text;
  ui.statusText.title = text;
  ui.status.classList.toggle("dw-my-turn", !silent && isMyTurn(view));
  ui.status.classList.toggle("dw-no-kernel", silent);
  ui.look.hidden = !view.look;
  ui.lookText.textContent = view.look?.label ?? "";
}
