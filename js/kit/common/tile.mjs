// Tiles: notation and SVG markup. DOM-free: the builders return strings.
//
// A tile is written "6-4" (a key) or held as halves [6, 4]. A move in record notation
// is "S 6-4 L" (play on the left end, the touching half first), "S 6-4" (lead),
// "S pass" or "S draw" (another seat's draw hides the tile; the viewer's may show it).
//
// The drawing is the one dominoes_widget/words/svg.py makes (same proportions, same pip
// pattern); the colours come from the theme's CSS variables, which hold
// dominoes_widget/words/palette.json.

const SEATS = new Set(["N", "E", "S", "W"]);

// Pip centres as fractions of one square half, for a half whose tile stands upright.
// Rows of three (the 6) run along the tile's length; a lying tile turns them.
const NEAR = 0.27;
const MID = 0.5;
const FAR = 0.73;
const UPRIGHT_PIPS = [
  [],
  [[MID, MID]],
  [[FAR, NEAR], [NEAR, FAR]],
  [[FAR, NEAR], [MID, MID], [NEAR, FAR]],
  [[NEAR, NEAR], [FAR, NEAR], [NEAR, FAR], [FAR, FAR]],
  [[NEAR, NEAR], [FAR, NEAR], [MID, MID], [NEAR, FAR], [FAR, FAR]],
  [[NEAR, NEAR], [NEAR, MID], [NEAR, FAR], [FAR, NEAR], [FAR, MID], [FAR, FAR]],
];

/**
 * Pip centres for one half showing `value` (0-6), as [fx, fy] fractions of the half.
 * @param {number} value
 * @param {"vertical"|"horizontal"} [tileOrientation] the tile's long axis
 */
export function pipPositions(value, tileOrientation = "vertical") {
  const pips = UPRIGHT_PIPS[value];
  if (!pips) throw new RangeError(`no pip pattern for ${value}`);
  if (tileOrientation === "vertical") return pips.map(([x, y]) => [x, y]);
  // A quarter turn clockwise: (x, y) -> (1 - y, x).
  return pips.map(([x, y]) => [1 - y, x]);
}

/**
 * "6-4" or [6, 4] -> [6, 4]; null when it is not a tile of the double-six set.
 * @param {unknown} tile
 * @returns {[number, number] | null}
 */
export function parseTile(tile) {
  /** @type {unknown[]} */
  const halves = Array.isArray(tile) ? tile : String(tile).trim().split("-").map(Number);
  if (halves.length !== 2) return null;
  const [a, b] = halves;
  return isPip(a) && isPip(b) ? [a, b] : null;
}

/**
 * @param {unknown} v
 * @returns {v is number}
 */
const isPip = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 6;

/**
 * [6, 4] -> "6-4" (halves in the order given).
 * @param {unknown} tile
 */
export function tileKey(tile) {
  const halves = parseTile(tile);
  return halves ? `${halves[0]}-${halves[1]}` : String(tile);
}

/**
 * The same tile whichever way round it is written: [4, 6] and "6-4" -> "4-6".
 * @param {unknown} tile
 */
export function sortedKey(tile) {
  const halves = parseTile(tile);
  return halves ? `${Math.min(...halves)}-${Math.max(...halves)}` : String(tile);
}

/**
 * True when two tiles are the same domino whichever way round they are written.
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameTile(a, b) {
  return parseTile(a) !== null && sortedKey(a) === sortedKey(b);
}

/**
 * True when two lists hold the same tiles, in any order, each written either way round
 * (a missing list holds none).
 * @param {unknown[] | null | undefined} a
 * @param {unknown[] | null | undefined} b
 */
export function sameTiles(a, b) {
  const keys = (/** @type {unknown[] | null | undefined} */ tiles) => JSON.stringify((tiles ?? []).map(sortedKey).sort());
  return keys(a) === keys(b);
}

/**
 * A move in record notation, read: "S 6-4 L" is a play of 6-4 on the left end.
 * @typedef {{text: string, seat: string, kind: "lead"|"play"|"pass"|"draw",
 *   tile: string|null, end: "L"|"R"|null}} Move
 */

/**
 * Parse a move in record notation.
 * @param {unknown} text
 * @returns {Move | null} null when it is not a move
 */
export function parseMove(text) {
  const tokens = String(text).trim().split(/\s+/);
  const [seat, action, extra, ...rest] = tokens;
  if (!SEATS.has(seat) || action === undefined || rest.length > 0) return null;
  const move = { text: tokens.join(" "), seat, tile: null, end: null };
  if (action === "pass") return extra === undefined ? { ...move, kind: "pass" } : null;
  if (action === "draw") {
    if (extra === undefined) return { ...move, kind: "draw" };
    return parseTile(extra) ? { ...move, kind: "draw", tile: tileKey(extra) } : null;
  }
  if (!parseTile(action)) return null;
  if (extra === undefined) return { ...move, kind: "lead", tile: tileKey(action) };
  return extra === "L" || extra === "R" ? { ...move, kind: "play", tile: tileKey(action), end: extra } : null;
}

/**
 * SVG markup (a <g>) of one tile in an x, y, width, height box. A box wider than tall
 * lies; otherwise it stands. `halves` are the values in visual order (left/top first).
 * `highlight` marks the tile the last move placed (a thicker edge in the last-move colour).
 * @param {unknown[]} halves the two values (anything else draws as blank)
 * @param {{x?: number, y?: number, width: number, height: number, faceDown?: boolean, highlight?: boolean,
 *   className?: string, attrs?: string}} box
 */
export function tileMarkup(halves, { x = 0, y = 0, width, height, faceDown = false, highlight = false, className = "", attrs = "" }) {
  const lying = width > height;
  const unit = lying ? height : width;
  const radius = round(unit * 0.14);
  const classes = ["dw-tile", faceDown ? "dw-face-down" : "", highlight ? "dw-last" : "", className].filter(Boolean).join(" ");
  const edge = highlight ? Math.max(1.5, unit * 0.12) : Math.max(0.6, unit * 0.05);
  const body =
    `<rect class="dw-tile-body" x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" ` +
    `rx="${radius}" stroke-width="${round(edge)}"/>`;
  const open = `<g class="${classes}"${attrs ? ` ${attrs}` : ""}>`;
  if (faceDown) {
    const inset = unit * 0.18;
    const mark =
      `<rect class="dw-tile-back-mark" x="${round(x + inset)}" y="${round(y + inset)}" width="${round(width - 2 * inset)}" ` +
      `height="${round(height - 2 * inset)}" rx="${round(radius * 0.6)}" stroke-width="${round(Math.max(0.5, unit * 0.04))}"/>`;
    return `${open}${body}${mark}</g>`;
  }
  const [first, second] = halves.map((v) => clampPip(v));
  const divider = lying
    ? lineMarkup(x + unit, y + unit * 0.15, x + unit, y + height - unit * 0.15, unit)
    : lineMarkup(x + unit * 0.15, y + unit, x + width - unit * 0.15, y + unit, unit);
  const secondX = lying ? x + unit : x;
  const secondY = lying ? y : y + unit;
  const orientation = lying ? "horizontal" : "vertical";
  const pips = halfPips(first, x, y, unit, orientation) + halfPips(second, secondX, secondY, unit, orientation);
  return `${open}${body}${divider}${pips}</g>`;
}

/**
 * A standalone <svg> of one tile (hands, seats, panels), upright unless `lying`; `tile`
 * null draws it face down. Its size is set by CSS when `fluid`, else by the unit.
 * @param {unknown} tile
 * @param {{unit?: number, lying?: boolean, className?: string, fluid?: boolean}} [options]
 */
export function tileSvg(tile, { unit = 20, lying = false, className = "", fluid = false } = {}) {
  const halves = tile === null ? null : parseTile(tile);
  const pad = Math.max(1, round(unit * 0.08));
  const width = lying ? 2 * unit : unit;
  const height = lying ? unit : 2 * unit;
  const box = { x: pad, y: pad, width, height, faceDown: halves === null };
  const size = fluid ? "" : ` width="${width + 2 * pad}" height="${height + 2 * pad}"`;
  return (
    `<svg class="dw-tile-svg${className ? ` ${className}` : ""}" xmlns="http://www.w3.org/2000/svg" ` +
    `viewBox="0 0 ${width + 2 * pad} ${height + 2 * pad}"${size} aria-hidden="true" focusable="false">` +
    `${tileMarkup(halves ?? [0, 0], box)}</svg>`
  );
}

/**
 * A standalone <svg> of one square half showing `value`: a number as the tiles show it.
 * @param {unknown} value
 * @param {{unit?: number, className?: string}} [options]
 */
export function numberSvg(value, { unit = 20, className = "" } = {}) {
  const pad = Math.max(1, round(unit * 0.08));
  const size = round(unit + 2 * pad);
  const body =
    `<rect class="dw-tile-body" x="${pad}" y="${pad}" width="${unit}" height="${unit}" rx="${round(unit * 0.14)}" ` +
    `stroke-width="${round(Math.max(0.6, unit * 0.05))}"/>`;
  return (
    `<svg class="dw-tile-svg dw-number${className ? ` ${className}` : ""}" xmlns="http://www.w3.org/2000/svg" ` +
    `viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false">` +
    `<g class="dw-tile">${body}${halfPips(clampPip(value), pad, pad, unit, "vertical")}</g></svg>`
  );
}

/**
 * @param {number} value
 * @param {number} x
 * @param {number} y
 * @param {number} unit
 * @param {"vertical"|"horizontal"} orientation
 */
function halfPips(value, x, y, unit, orientation) {
  const r = round(unit * 0.095);
  return pipPositions(value, orientation)
    .map(([fx, fy]) => `<circle class="dw-pip" cx="${round(x + fx * unit)}" cy="${round(y + fy * unit)}" r="${r}"/>`)
    .join("");
}

/**
 * @param {number} x1
 * @param {number} y1
 * @param {number} x2
 * @param {number} y2
 * @param {number} unit
 */
function lineMarkup(x1, y1, x2, y2, unit) {
  const width = round(Math.max(0.5, unit * 0.04));
  return `<line class="dw-tile-divider" x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke-width="${width}"/>`;
}

/** @param {unknown} value */
function clampPip(value) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 6 ? n : 0;
}

/** @param {number} n */
function round(n) {
  return Math.round(n * 100) / 100;
}
