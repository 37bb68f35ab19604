// What the Replay hears: clicks on its buttons, the move list and the strip, the pickers,
// the slider and the keys, each turned into an action of the replay (replay_controller.mjs).

import { keyAction } from "./replay_steps.mjs";

const ANALYSIS_ACTIONS = ["best", "nextMark", "prevMark"];

/** @typedef {ReturnType<typeof import("./replay_controller.mjs").createReplay>} Replay */


/**
 * What a key press does: `{action, swallow}`. `action` is the replay's (null for none);
 * `swallow` keeps the key from the page and the notebook (preventDefault + stopPropagation).
 * `targetTag` is the focused element's tag: a select and the slider keep their own keys
 * (space still plays), a button keeps space and Enter, for its own click.
 * @param {{key: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean}} event
 * @param {string | null | undefined} targetTag
 * @param {boolean} analysed
 * @returns {{action: string | null, swallow: boolean, keep?: boolean}}
 */
export function keyCommand(event, targetTag, analysed) {
  const tag = String(targetTag ?? "").toUpperCase();
  if ((tag === "SELECT" || tag === "INPUT") && event.key !== " ") return { action: null, swallow: false };
  if (tag === "BUTTON" && (event.key === " " || event.key === "Enter")) return { action: null, swallow: false, keep: true };
  const action = keyAction(event);
  if (!action || (ANALYSIS_ACTIONS.includes(action) && !analysed)) return { action: null, swallow: false };
  return { action, swallow: true };
}

/**
 * The DOM listeners [target, type, handler] of the replay over `ui`.
 * @param {import("./replay_skeleton.mjs").ReplayUi} ui
 * @param {Pick<Replay, "act" | "analysed" | "stripClick" | "stripHover" | "pickSide" | "setSpeed">} replay
 * @returns {import("../common/dom.mjs").DomListener[]}
 */
export function replayListeners(ui, replay) {
  const onClick = (/** @type {Event} */ event) => {
    const target = /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (event.target).closest?.("button[data-action]"));
    if (!target || !(ui.root.contains(target) || ui.learnBar.contains(target))) return;
    const action = target.dataset.action ?? "";
    replay.act(action, action.startsWith("learn") ? { ...target.dataset } : undefined);
    if (!action.startsWith("learn")) ui.root.focus({ preventScroll: true });
  };
  // the end (or the half) of a tile being tried, and Cancel (kit/common/end_choice.mjs's buttons)
  const onChoice = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target).closest?.("button");
    if (!target || !ui.learnChoice.contains(target)) return;
    if (target.dataset.end) replay.act("learnEnd", { end: target.dataset.end });
    else if (target.dataset.move) replay.act("learnMove", { move: target.dataset.move });
    else if ("cancel" in target.dataset) replay.act("learnCancel");
  };
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    const command = keyCommand(event, /** @type {Element | null} */ (event.target)?.tagName, replay.analysed);
    if (command.keep) event.stopPropagation(); // a button's own activation, away from the notebook's shortcuts
    if (!command.action) return;
    event.preventDefault();
    event.stopPropagation();
    replay.act(command.action);
  };
  /**
   * @param {string} selector
   * @param {Element} container
   * @param {(step: number) => void} go
   */
  const stepOf = (selector, container, go) => (/** @type {Event} */ event) => {
    const target = /** @type {HTMLElement | SVGElement | null | undefined} */ (/** @type {Element} */ (event.target).closest?.(selector));
    if (target && container.contains(target)) go(Number(target.dataset.step ?? target.dataset.ply));
  };
  return [
    [ui.root, "click", onClick],
    [ui.learnBar, "click", onClick],
    [ui.root, "keydown", onKey],
    [ui.learnChoice, "click", onChoice],
    [ui.moveList, "click", stepOf("button[data-ply]", ui.moveList, (step) => replay.act("step", step))],
    [ui.stripSvg, "click", stepOf("[data-step]", ui.stripSvg, (index) => replay.stripClick(index))],
    [ui.stripSvg, "pointermove", stepOf("[data-step]", ui.stripSvg, (index) => replay.stripHover(index))],
    [ui.stripSvg, "pointerleave", () => replay.stripHover(null)],
    [ui.sideSelect, "change", () => replay.pickSide(ui.sideSelect.value)],
    [ui.slider, "input", () => replay.act("step", Number(ui.slider.value))],
    [ui.handSelect, "change", () => replay.act("hand", Number(ui.handSelect.value))],
    [ui.speedSelect, "change", () => replay.setSpeed(Number(ui.speedSelect.value))],
  ];
}
