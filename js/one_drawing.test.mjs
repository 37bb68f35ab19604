// Each part both widgets show is drawn by one kit function: a second copy drifts (the
// Replay's result once had its own, which lost the match's end when the Table's changed).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const JS = new URL(".", import.meta.url).pathname;

/**
 * The front end's own sources (not the tests, not the test helpers).
 * @param {string} [dir]
 * @returns {string[]}
 */
function sources(dir = JS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(m?js)$/.test(entry.name) && !/\.test\.mjs$|^test_|_fixture\.mjs$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The sources (relative to js/) whose text matches `pattern`.
 * @param {RegExp} pattern
 */
function writers(pattern) {
  return sources().filter((path) => pattern.test(readFileSync(path, "utf8"))).map((path) => relative(JS, path)).sort();
}

test("a hand's result is drawn by result_panel.mjs alone", () => {
  assert.deepEqual(writers(/"dw-result-(title|match|line)"/), ["kit/common/result_panel.mjs"]);
});

test("the rules text is shown by panels.mjs alone", () => {
  assert.deepEqual(writers(/rulesText\.textContent\s*=/), ["kit/common/panels.mjs"]);
});
