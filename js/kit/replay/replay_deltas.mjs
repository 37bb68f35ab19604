// A hand's steps as the kernel sends them: step 0 whole, then each step's change from the
// step before (dominoes_widget/sessions/replay/step_deltas.py; js/PROTOCOL.md "The Replay"). DOM-free.
//
// A change holds only the keys that changed; an object (hands, pips, counting) holds only
// its changed entries, merged into the old one unless its key is in `whole`; `line_left`
// and `line_right` are a tile added at that end of the line; `less` names, per object, the
// entries (lists) that lost one item, and that item (a hand that played a tile).

const WHOLE = "whole";
const LESS = "less";

/**
 * A step, or a change to one, as the kernel sends it: keys of a ReplayStep, any shape until read.
 * @typedef {Record<string, any>} Step
 */

/**
 * Step `before` with `change` applied: a new object (`before` is left as it is).
 * @param {Step} before
 * @param {Step} change
 * @returns {Step}
 */
export function applyChange(before, change) {
  const step = { ...before };
  const whole = change[WHOLE] ?? [];
  for (const [key, entries] of Object.entries(change[LESS] ?? {})) {
    step[key] = { ...before[key] };
    for (const [entry, gone] of Object.entries(/** @type {Record<string, unknown>} */ (entries))) step[key][entry] = without(before[key]?.[entry] ?? [], gone);
  }
  for (const [key, value] of Object.entries(change)) {
    if (key === WHOLE || key === LESS) continue;
    if (key === "line_left") step.line = [value, ...(before.line ?? [])];
    else if (key === "line_right") step.line = [...(before.line ?? []), value];
    else if (isObject(value) && isObject(step[key]) && !whole.includes(key)) step[key] = { ...step[key], ...value };
    else step[key] = value;
  }
  return step;
}

/**
 * Every step of a hand from its changes.
 * @param {Step[] | null | undefined} changes
 */
export function decodeSteps(changes) {
  /** @type {Step[]} */
  const steps = [];
  for (const change of changes ?? []) steps.push(steps.length ? applyChange(steps[steps.length - 1], change) : { ...change });
  return steps;
}

/** @type {WeakMap<object, Step[]>} */
const decoded = new WeakMap();

/**
 * A hand's steps, read from its `deltas` once and kept (a hand is decoded when first shown).
 * A hand saved before the changes were sent (a notebook's widget state) has its `steps` whole.
 * @param {{deltas?: Step[], steps?: Step[]} | null | undefined} hand
 * @returns {Step[]}
 */
export function handSteps(hand) {
  if (!hand || typeof hand !== "object") return [];
  if (!hand.deltas && Array.isArray(hand.steps)) return hand.steps;
  const known = decoded.get(hand) ?? decodeSteps(hand.deltas);
  decoded.set(hand, known);
  return known;
}

/**
 * `items` without the first item equal to `gone`.
 * @param {unknown[]} items
 * @param {unknown} gone
 */
function without(items, gone) {
  const at = items.indexOf(gone);
  return at < 0 ? [...items] : [...items.slice(0, at), ...items.slice(at + 1)];
}

/** @param {unknown} value */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
