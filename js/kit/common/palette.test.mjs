import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { PALETTE, paletteVariables } from "./palette.mjs";

const NEEDED = [
  "felt", "felt_edge", "text_on_felt", "text_on_felt_dim", "turn", "last_move",
  "tile_face", "tile_edge", "divider", "pip", "tile_back", "back_mark",
];

test("the palette names every colour the felt and the tiles use, as #rrggbb", () => {
  for (const key of NEEDED) assert.match(/** @type {Record<string, string>} */ (PALETTE)[key] ?? "", /^#[0-9a-f]{6}$/i, key);
});

test("each colour becomes a --dw-* variable, and the theme uses every one", () => {
  const variables = paletteVariables();
  assert.deepEqual(variables.find(([name]) => name === "--dw-felt-edge"), ["--dw-felt-edge", PALETTE.felt_edge]);
  const css = readFileSync(new URL("./theme.css", import.meta.url), "utf8");
  for (const [name] of variables) assert.ok(css.includes(`var(${name})`), `theme.css uses ${name}`);
});
