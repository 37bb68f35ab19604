// The kit points one way: the widgets' entry points (js/*.js) import the kit, and the kit
// imports only itself. A kit module sits in a group (kit/table/, kit/replay/, kit/puzzles/,
// kit/exercise/, kit/common/) and imports from its own group or kit/common/; kit/common/
// imports only kit/common/. Beyond the kit it may name node's own modules, a package of
// package.json, and the Python package's words by package.json's "#words/" door.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const JS = new URL(".", import.meta.url).pathname;
const KIT = join(JS, "kit");
const PACKAGE = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const PACKAGES = new Set(Object.keys({ ...PACKAGE.dependencies, ...PACKAGE.devDependencies }));
const GROUPS = ["common", "table", "replay", "puzzles", "exercise"];

/**
 * Every module and style sheet under `dir`, tests and test helpers included.
 * @param {string} [dir]
 * @returns {string[]}
 */
function kitFiles(dir = KIT) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return kitFiles(path);
    return /\.(m?js|css)$/.test(entry.name) ? [path] : [];
  });
}

/** What a source names to import: `from "x"`, `import "x"`, `import("x")`, CSS `@import "x"`. */
/**
 * @param {string} source
 */
export function specifiers(source) {
  const patterns = [
    /\bfrom\s*["']([^"']+)["']/g,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\s*\(\s*["']([^"']+)["']/g,
    /@import\s+(?:url\(\s*)?["']([^"']+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

/**
 * The group of a path under js/kit/ ("table", "common"...), or null for a path outside any.
 * @param {string} path
 */
function groupOf(path) {
  const [group, ...rest] = relative(KIT, path).split(sep);
  return GROUPS.includes(group) && rest.length > 0 ? group : null;
}

/**
 * Why a kit file may not import `spec`, or null when it may.
 * @param {string} file
 * @param {string} spec
 */
export function wrongImport(file, spec) {
  if (spec.startsWith("node:") || spec.startsWith("#words/")) return null;
  if (!spec.startsWith(".") && !spec.startsWith("/")) {
    const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
    return PACKAGES.has(name) ? null : "a package package.json does not list";
  }
  const target = resolve(dirname(file), spec);
  const from = groupOf(file);
  const to = groupOf(target);
  if (to === null) return `${relative(JS, target)} is outside the kit's groups`;
  if (from === "common" && to !== "common") return "kit/common/ imports only kit/common/";
  if (to !== from && to !== "common") return `kit/${from}/ imports only itself and kit/common/`;
  return null;
}

test("every kit file sits in a group", () => {
  const loose = kitFiles().filter((path) => groupOf(path) === null).map((path) => relative(JS, path));
  assert.deepEqual(loose, []);
});

test("the kit imports only its own group and kit/common/, never up into js/", () => {
  const wrong = kitFiles().flatMap((file) =>
    specifiers(readFileSync(file, "utf8"))
      .map((spec) => [spec, wrongImport(file, spec)])
      .filter(([, why]) => why !== null)
      .map(([spec, why]) => `${relative(JS, file)}: "${spec}" (${why})`),
  );
  assert.deepEqual(wrong, []);
});

test("the rule catches an import up and one across groups", () => {
  const file = join(KIT, "replay", "replay_view.mjs");
  assert.match(wrongImport(file, "../../move_choice.mjs") ?? "", /outside the kit's groups/);
  assert.match(wrongImport(file, "../table/table_view.mjs") ?? "", /imports only itself and kit\/common/);
  assert.match(wrongImport(join(KIT, "common", "tile.mjs"), "../replay/strip.mjs") ?? "", /kit\/common\/ imports only/);
  assert.match(wrongImport(file, "left-pad") ?? "", /package\.json does not list/);
  assert.equal(wrongImport(file, "../common/tile.mjs"), null);
  assert.equal(wrongImport(file, "./replay_steps.mjs"), null);
  assert.deepEqual(specifiers('import { a } from "./a.mjs";\nimport "./b.css";\nawait import("../c.mjs");'), ["./a.mjs", "./b.css", "../c.mjs"]);
});
