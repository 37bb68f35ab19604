// Shared fixtures for the node tests (not bundled).

import assert from "node:assert/strict";

/** All 28 tiles of the double-six set in one valid line (an Euler trail), from 6. */
export function fullLine() {
  const unused = new Map();
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) unused.set(`${a}-${b}`, [a, b]);
  const takeFrom = (/** @type {number} */ v) => {
    for (const [key, [a, b]] of unused) {
      if (a === v || b === v) {
        unused.delete(key);
        return a === v ? b : a;
      }
    }
    return null;
  };
  // Hierholzer: walk until stuck, splice detours in while backtracking.
  const stack = [6];
  /** @type {number[]} */
  const trail = [];
  while (stack.length) {
    const next = takeFrom(stack[stack.length - 1]);
    if (next === null) trail.push(/** @type {number} */ (stack.pop()));
    else stack.push(next);
  }
  trail.reverse();
  return trail.slice(1).map((v, i) => [trail[i], v]);
}

/**
 * `value`, asserted present (not null, not undefined): what a test reads next must be there.
 * @template T
 * @param {T} value
 * @param {string} [what] what was looked for, for the failure's message
 * @returns {NonNullable<T>}
 */
export function present(value, what = "a value") {
  if (value === null || value === undefined) throw new assert.AssertionError({ message: `${what} is missing`, actual: value, operator: "present" });
  return value;
}

/**
 * The element `selector` finds in `root`, asserted there (an HTML or SVG element).
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function find(root, selector) {
  return /** @type {HTMLElement} */ (present(root.querySelector(selector), selector));
}

/**
 * A test's value that sets only the parts the code under test reads, taken as the whole shape
 * it is passed as (the shape comes from where it is used: an argument, or a `@type`).
 * @template T
 * @param {unknown} value
 * @returns {T}
 */
export function partial(value) {
  return /** @type {T} */ (value);
}
