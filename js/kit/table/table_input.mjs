// The Table's input: clicks and keys on the hand, the line, the buttons, the move list and
// the cover, turned into actions (table_actions). Returns a function that unbinds them all.

import { listen } from "../common/dom.mjs";
import { focusStep, tileButtons } from "../common/hand_tray.mjs";

const ACTIVATE_KEYS = new Set(["Enter", " "]);

/** @typedef {import("./table_view.mjs").ReadView} ReadView */
/** @typedef {Pick<import("./table_render.mjs").TableState, "view" | "choice" | "handFocus" | "hintAsked">} InputState what the input reads and keeps of the Table's state */
/** @typedef {import("./table_skeleton.mjs").TableUi} TableUi */
/** @typedef {ReturnType<typeof import("./table_actions.mjs").tableActions>} Actions */

/**
 * Bind the input of `ui` (buildTable). `state` holds the view, the choice and the hand's
 * focus; `actions` is tableActions(...); `focusHand` puts the focus back on the hand.
 * @param {TableUi} ui
 * @param {InputState} state
 * @param {Actions} actions
 * @param {{focusHand: () => void, redrawControls?: () => void}} hooks
 */
export function bindTableInput(ui, state, actions, { focusHand, redrawControls = () => {} }) {
  const { send } = actions;
  const onHandClick = (/** @type {Event} */ event) => {
    const button = /** @type {HTMLElement | null} */ (targetOf(event).closest("button[data-tile]"));
    if (button) actions.playTile(button.dataset.tile ?? "");
  };
  const onHandFocus = (/** @type {Event} */ event) => {
    const buttons = tileButtons(ui.hand);
    const index = buttons.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    if (index < 0) return;
    state.handFocus = index;
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === index ? "0" : "-1"));
  };
  const onHandKeyDown = (/** @type {KeyboardEvent} */ event) => {
    const buttons = tileButtons(ui.hand);
    const index = focusStep(event.key, state.handFocus, buttons.length);
    if (index === null) return;
    stop(event);
    buttons[index].focus();
  };
  const onLineActivate = (/** @type {Event} */ event) => {
    if (event.type === "keydown" && !ACTIVATE_KEYS.has(/** @type {KeyboardEvent} */ (event).key)) return;
    const target = /** @type {SVGElement | null} */ (targetOf(event).closest("[data-end]"));
    if (!target) return;
    event.preventDefault();
    actions.pickEnd(target.dataset.end ?? "");
  };
  const onChoiceClick = (/** @type {Event} */ event) => {
    const button = targetOf(event).closest("button");
    if (!button) return;
    if ("end" in button.dataset) actions.pickEnd(button.dataset.end ?? "");
    else if ("move" in button.dataset) actions.sendMove(button.dataset.move ?? "");
    else if ("cancel" in button.dataset) actions.cancelChoice();
  };
  const askHint = () => {
    state.hintAsked = true;
    redrawControls();
    send({ type: "hint" });
  };
  const onActionClick = actionClicks(ui, actions, focusHand, askHint);
  const onMoveListClick = (/** @type {Event} */ event) => {
    const button = /** @type {HTMLElement | null} */ (targetOf(event).closest("button[data-ply]"));
    const intent = button ? lookIntent(state.view, Number(button.dataset.ply)) : null;
    if (intent) send(intent);
  };
  const onCoverActivate = (/** @type {Event} */ event) => {
    if (event.type === "keydown" && !ACTIVATE_KEYS.has(/** @type {KeyboardEvent} */ (event).key)) return;
    stop(event);
    send({ type: "uncover" });
  };
  const onRootKeyDown = rootKeys(state, actions);
  return listen([
    [ui.hand, "click", onHandClick],
    [ui.hand, "focusin", onHandFocus],
    [ui.hand, "keydown", onHandKeyDown],
    [ui.root, "keydown", onRootKeyDown],
    [ui.felt.lineSvg, "click", onLineActivate],
    [ui.felt.lineSvg, "keydown", onLineActivate],
    [ui.choice, "click", onChoiceClick],
    [ui.actions, "click", onActionClick],
    [ui.moveList, "click", onMoveListClick],
    [ui.backButton, "click", () => send({ type: "look", ply: null })],
    [ui.countingToggle, "click", () => send({ type: "counting", show: !state.view.counting })],
    [ui.announce, "click", () => send({ type: "go_on" })],
    [ui.speedSelect, "change", () => ui.speedSelect.value && send({ type: "speed", speed: ui.speedSelect.value })],
    [ui.cover, "click", onCoverActivate],
    [ui.cover, "keydown", onCoverActivate],
  ]);
}

// The buttons under the hand: a move, Take back, Hint, or the intent a button carries.
/**
 * @param {TableUi} ui
 * @param {Actions} actions
 * @param {() => void} focusHand
 * @param {() => void} askHint
 */
function actionClicks(ui, actions, focusHand, askHint) {
  return (/** @type {Event} */ event) => {
    const button = targetOf(event).closest("button");
    if (!button || button.disabled) return;
    if (button === ui.pass || button === ui.draw) {
      if (button.dataset.move) actions.sendMove(button.dataset.move);
      focusHand(); // the next turn is played from the hand
    } else if (button === ui.undo) actions.send({ type: "undo" });
    else if (button === ui.hint) askHint();
    else if (button.dataset.send) actions.send(JSON.parse(button.dataset.send));
  };
}

// The table's own keys (rootKey), anywhere in the widget.
/**
 * @param {InputState} state
 * @param {Actions} actions
 */
function rootKeys(state, actions) {
  return (/** @type {KeyboardEvent} */ event) => {
    // Enter and Space activate buttons: keep the notebook's shortcuts from acting on them.
    if (ACTIVATE_KEYS.has(event.key) && targetOf(event).closest("button, [role=button]")) event.stopPropagation();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = rootKey(event.key, { choosing: Boolean(state.choice), looking: Boolean(state.view.look) });
    if (key === null) return;
    if (key === "cancel") actions.cancelChoice();
    else if (key === "back") actions.send({ type: "look", ply: null });
    else actions.pickEnd(key);
    stop(event);
  };
}

/**
 * What a key means at the table: "L"/"R" (an end) or "cancel" while choosing, "back" while looking; else null.
 * @param {string} key
 * @param {{choosing: boolean, looking: boolean}} where
 */
export function rootKey(key, { choosing, looking }) {
  const lower = key.toLowerCase();
  if (choosing) {
    if (lower === "escape") return "cancel";
    if (lower === "l" || lower === "r") return lower.toUpperCase();
    return null;
  }
  return lower === "escape" && looking ? "back" : null;
}

/**
 * The look intent of a click on the move list's ply `ply`, or null when it already shows.
 * @param {Pick<ReadView, "moves" | "look">} view
 * @param {number} ply
 */
export function lookIntent(view, ply) {
  const present = ply >= view.moves.length;
  if (present && !view.look) return null;
  if (view.look && view.look.ply === ply) return null;
  return { type: "look", ply: present ? null : ply };
}

/**
 * @param {Event} event
 */
function stop(event) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * The element an event happened on (the handlers here listen on elements).
 * @param {Event} event
 */
function targetOf(event) {
  return /** @type {Element} */ (event.target);
}
