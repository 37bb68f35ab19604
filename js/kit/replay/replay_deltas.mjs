// A hand's steps as the kernel sends them: step 0 whole, then each step's change from the
// step before (dominoes_widget/sessions/replay/step_deltas.py; js/PROTOCOL.md "The Replay"). DOM-free.
//
// A change holds only the keys that changed; an object (hands, pips, counting) holds only
// its changed entries, merged into the old one unless its key is in `whole`; `line_left`
// and `line_right` are a tile added at that end of the line; `less` names, per object, the
// entries (lists) that lost one item, and that item (a hand that played a tile).

const WHOLE = "whole";
const LESS = "less";

/** Step `before` with `change` applied: a new object (`before` is left as it is). */
export function applyChange(before, change) {
  const step = { ...before };
  const whole = change[WHOLE] ?? [];
  for (const [key, entries] of Object.entries(change[LESS] ?? {})) {
    step[key] = { ...before[key] };
    for (const [entry, gone] of Object.entries(entries)) step[key][entry] = without(before[key]?.[entry] ?? [], gone);
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

/** Every step of a hand from its changes. */
export function decodeSteps(changes) {
  const steps = [];
  for (const change of changes ?? []) steps.push(steps.length ? applyChange(steps[steps.length - 1], change) : { ...change });
  return steps;
}

const decoded = new WeakMap();

/**
 * A hand's steps, read from its `deltas` once and kept (a hand is decoded when first shown).
 * A hand saved before the changes were sent (a notebook's widget state) has its `steps` whole.
 */
export function handSteps(hand) {
  if (!hand || typeof hand !== "object") return [];
  if (!hand.deltas && Array.isArray(hand.steps)) return hand.steps;
  if (!decoded.has(hand)) decoded.set(hand, decodeSteps(hand.deltas));
  return decoded.get(hand);
}

/** `items` without the first item equal to `gone`. */
function without(items, gone) {
  const at = items.indexOf(gone);
  return at < 0 ? [...items] : [...items.slice(0, at), ...items.slice(at + 1)];
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
