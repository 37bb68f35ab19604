// The tray's buttons: Pass, Draw, Take back and Hint while playing; who leads while a team
// chooses; Next hand or New match after a result. Each button keeps its place: one that
// does not apply is invisible (dw-absent) or disabled, so nothing moves under the pointer.

import { h, setChildren } from "../common/dom.mjs";
import { canSendMoves, showsResult } from "./table_view.mjs";
import { legalMoveOfKind } from "../common/move_choice.mjs";

/** @typedef {import("./table_view.mjs").ReadView} ReadView */
/** @typedef {import("../common/views.mjs").LeaderChoice} LeaderChoice */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {ReturnType<typeof buildControls>} Controls the tray's buttons */

/** The buttons' DOM: `actions` holds the three groups. */
export function buildControls() {
  const button = (/** @type {string} */ kind) => h("button", { type: "button", className: `dw-button dw-${kind}`, disabled: true });
  const pass = button("pass");
  const draw = button("draw");
  const undo = button("undo");
  const hint = button("hint");
  const moveActions = h("div", { className: "dw-move-actions" }, pass, draw, undo, hint);
  const leaderActions = h("div", { className: "dw-leader-actions", hidden: true });
  const resultButton = h("button", { type: "button", className: "dw-button dw-primary dw-next" });
  // at the match's end, in a notebook: a Replay of the match that drills the person's marked moves
  const learnButton = h("button", { type: "button", className: "dw-button dw-learn", hidden: true, dataset: { send: JSON.stringify({ type: "learn" }) } });
  const resultActions = h("div", { className: "dw-result-actions", hidden: true }, learnButton, resultButton);
  const actions = h("div", { className: "dw-actions" }, moveActions, leaderActions, resultActions);
  return { actions, moveActions, leaderActions, resultActions, resultButton, learnButton, pass, draw, undo, hint };
}

/**
 * The buttons for `view`. A button's intent is in its data: `move` (a legal move) or `send` (JSON).
 * `learn`: the host can draw the Replay that Learn from your mistakes opens (a notebook).
 * @param {Controls & {learnButton: HTMLButtonElement}} ui
 * @param {ReadView} view
 * @param {Word} word
 * @param {{learn?: boolean, asking?: boolean}} [options]
 */
export function drawControls(ui, view, word, { learn = false, asking = false } = {}) {
  const result = showsResult(view);
  const leader = view.phase === "choose_leader" && view.leader_choices.length > 0;
  ui.moveActions.hidden = result || leader || !view.viewer || view.phase === "dealing"; // nobody's eyes (a watcher, all bots): nothing to press
  ui.leaderActions.hidden = !leader;
  // a watcher (no seat, and nothing of the table's to change) reads the result; a table of
  // bots in a notebook (no seat either) is moved on by whoever is at the screen
  const watcher = !view.viewer && view.can_set_table === false;
  ui.resultActions.hidden = !result || watcher;
  drawMoveButtons(ui, view, word, asking);
  if (result) {
    const next = view.phase === "match_over" ? "new_match" : "next_hand";
    ui.resultButton.textContent = view.result?.button || word(next);
    ui.resultButton.dataset.send = JSON.stringify({ type: next });
  }
  ui.learnButton.hidden = !(learn && result && view.phase === "match_over" && view.viewer);
  ui.learnButton.textContent = word("learn_mistakes");
  ui.learnButton.title = word("learn_mistakes_title");
}

/**
 * @param {Controls} ui
 * @param {ReadView} view
 * @param {Word} word
 * @param {boolean} askingNow
 */
function drawMoveButtons(ui, view, word, askingNow) {
  const looking = Boolean(view.look);
  // asked before the kernel judged the position: its hint says so until the judgement is in
  const asking = askingNow || Boolean(view.hint?.thinking);
  const pass = canSendMoves(view) ? legalMoveOfKind(view.legal, "pass") : null;
  const draw = canSendMoves(view) ? legalMoveOfKind(view.legal, "draw") : null;
  setMoveButton(ui.pass, pass);
  ui.pass.textContent = word(view.pass_word); // the kernel says when a pass keeps the tile just drawn
  setMoveButton(ui.draw, draw);
  ui.draw.classList.toggle("dw-absent", view.pile === null && !draw);
  ui.undo.classList.toggle("dw-absent", !view.can_undo);
  ui.undo.disabled = !view.can_undo || looking;
  ui.hint.classList.toggle("dw-absent", !view.coach);
  // shown already (the same position gives the same hint), or asked and not yet answered:
  // the judge may take a second or two, and the button says it is at work
  ui.hint.disabled = !view.coach || looking || view.phase !== "playing" || Boolean(view.hint) || asking;
  ui.hint.textContent = word(asking ? "hint_thinking" : "hint");
  if (asking) ui.hint.setAttribute("aria-busy", "true");
  else ui.hint.removeAttribute("aria-busy");
}

/**
 * @param {HTMLButtonElement} button
 * @param {{text: string} | null} move
 */
function setMoveButton(button, move) {
  button.disabled = !move;
  button.dataset.move = move ? move.text : "";
  // the only move left: the button is the main one, as the tiles are dimmed
  button.classList.toggle("dw-primary", Boolean(move));
}

/**
 * The leading team's buttons, one per seat that may lead.
 * @param {Element} element
 * @param {LeaderChoice[]} choices
 */
export function drawLeaderButtons(element, choices) {
  setChildren(element,
    ...choices.map((choice) =>
      h("button", {
        type: "button",
        className: "dw-button dw-primary",
        text: choice.label ?? choice.seat,
        dataset: { send: JSON.stringify({ type: "choose_leader", seat: choice.seat }) },
      }),
    ),
  );
}

/**
 * The tray's labels, in the widget's language.
 * @param {Controls} ui
 * @param {Word} word
 */
export function labelControls(ui, word) {
  ui.pass.textContent = word("pass");
  ui.draw.textContent = word("draw");
  ui.undo.textContent = word("undo");
  ui.hint.textContent = word("hint");
}
