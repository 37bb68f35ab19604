// Tiles as words, notation and SVG markup. DOM-free: the builders return strings.
//
// A tile is written "6-4" (a key) or held as halves [6, 4]. A move in record notation
// is "S 6-4 L" (play on the left end, the touching half first), "S 6-4" (lead),
// "S pass" or "S draw" (another seat's draw hides the tile; the viewer's may show it).

const NUMBER_WORDS = ["blank", "one", "two", "three", "four", "five", "six"];
export const SEAT_WORDS = { N: "North", E: "East", S: "South", W: "West" };
const END_WORDS = { L: "left", R: "right" };

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

/** "6-4" or [6, 4] -> [6, 4]; null when it is not a tile of the double-six set. */
export function parseTile(tile) {
  const halves = Array.isArray(tile) ? tile : String(tile).trim().split("-").map(Number);
  if (halves.length !== 2) return null;
  return halves.every((v) => Number.isInteger(v) && v >= 0 && v <= 6) ? [halves[0], halves[1]] : null;
}

/** [6, 4] -> "6-4" (halves in the order given). */
export function tileKey(tile) {
  const halves = parseTile(tile);
  return halves ? `${halves[0]}-${halves[1]}` : String(tile);
}

/** True when two tiles are the same domino whichever way round they are written. */
export function sameTile(a, b) {
  const x = parseTile(a);
  const y = parseTile(b);
  return Boolean(x && y) && ((x[0] === y[0] && x[1] === y[1]) || (x[0] === y[1] && x[1] === y[0]));
}

/** A pip value in words: 0 -> "blank", 4 -> "four". */
export function pipWord(value) {
  return NUMBER_WORDS[value] ?? String(value);
}

/** The accessible name of a tile: "6-4" -> "six-four", "0-0" -> "double blank". */
export function tileLabel(tile) {
  const halves = parseTile(tile);
  if (!halves) return String(tile);
  const [a, b] = halves;
  return a === b ? `double ${NUMBER_WORDS[a]}` : `${NUMBER_WORDS[a]}-${NUMBER_WORDS[b]}`;
}

/**
 * Parse a move in record notation.
 * @returns {{text: string, seat: string, kind: "lead"|"play"|"pass"|"draw",
 *   tile: string|null, end: "L"|"R"|null} | null} null when it is not a move
 */
export function parseMove(text) {
  const tokens = String(text).trim().split(/\s+/);
  const [seat, action, extra, ...rest] = tokens;
  if (!(seat in SEAT_WORDS) || action === undefined || rest.length > 0) return null;
  const move = { text: tokens.join(" "), seat, kind: null, tile: null, end: null };
  if (action === "pass") return extra === undefined ? { ...move, kind: "pass" } : null;
  if (action === "draw") {
    if (extra === undefined) return { ...move, kind: "draw" };
    return parseTile(extra) ? { ...move, kind: "draw", tile: tileKey(extra) } : null;
  }
  if (!parseTile(action)) return null;
  if (extra === undefined) return { ...move, kind: "lead", tile: tileKey(action) };
  return extra in END_WORDS ? { ...move, kind: "play", tile: tileKey(action), end: extra } : null;
}

/** The inverse of parseMove: {seat, kind, tile, end} -> "S 6-4 L". */
export function formatMove({ seat, kind, tile = null, end = null }) {
  if (kind === "pass") return `${seat} pass`;
  if (kind === "draw") return tile ? `${seat} draw ${tileKey(tile)}` : `${seat} draw`;
  if (kind === "lead") return `${seat} ${tileKey(tile)}`;
  return `${seat} ${tileKey(tile)} ${end}`;
}

/** A move in words: "S 6-4 L" -> "South plays six-four on the left". */
export function describeMove(text, names = {}) {
  const move = parseMove(text);
  if (!move) return String(text);
  const who = names[move.seat] ?? SEAT_WORDS[move.seat];
  switch (move.kind) {
    case "pass":
      return `${who} passes`;
    case "draw":
      return move.tile ? `${who} draws ${tileLabel(move.tile)}` : `${who} draws`;
    case "lead":
      return `${who} leads ${tileLabel(move.tile)}`;
    default:
      return `${who} plays ${tileLabel(move.tile)} on the ${END_WORDS[move.end]}`;
  }
}

/**
 * SVG markup (a <g>) of one tile in an x, y, width, height box. A box wider than tall
 * lies; otherwise it stands. `halves` are the values in visual order (left/top first).
 */
export function tileMarkup(halves, { x = 0, y = 0, width, height, faceDown = false, className = "" }) {
  const lying = width > height;
  const unit = lying ? height : width;
  const radius = round(unit * 0.14);
  const classes = `dw-tile${faceDown ? " dw-face-down" : ""}${className ? ` ${className}` : ""}`;
  const body = `<rect class="dw-tile-body" x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" rx="${radius}"/>`;
  if (faceDown) {
    const inset = unit * 0.18;
    const pattern = `<rect class="dw-tile-back-mark" x="${round(x + inset)}" y="${round(y + inset)}" width="${round(width - 2 * inset)}" height="${round(height - 2 * inset)}" rx="${round(radius * 0.6)}"/>`;
    return `<g class="${classes}">${body}${pattern}</g>`;
  }
  const [first, second] = halves.map((v) => clampPip(v));
  const divider = lying
    ? lineMarkup(x + unit, y + unit * 0.15, x + unit, y + height - unit * 0.15)
    : lineMarkup(x + unit * 0.15, y + unit, x + width - unit * 0.15, y + unit);
  const secondX = lying ? x + unit : x;
  const secondY = lying ? y : y + unit;
  const orientation = lying ? "horizontal" : "vertical";
  const pips = halfPips(first, x, y, unit, orientation) + halfPips(second, secondX, secondY, unit, orientation);
  return `<g class="${classes}">${body}${divider}${pips}</g>`;
}

/** A standalone <svg> of one tile (for buttons and panels), upright unless `lying`. */
export function tileSvg(tile, { unit = 20, lying = false, faceDown = false, className = "" } = {}) {
  const halves = faceDown ? [0, 0] : parseTile(tile) ?? [0, 0];
  const pad = Math.max(1, round(unit * 0.08));
  const width = lying ? 2 * unit : unit;
  const height = lying ? unit : 2 * unit;
  const tileBox = { x: pad, y: pad, width, height, faceDown };
  return (
    `<svg class="dw-tile-svg${className ? ` ${className}` : ""}" xmlns="http://www.w3.org/2000/svg" ` +
    `viewBox="0 0 ${width + 2 * pad} ${height + 2 * pad}" width="${width + 2 * pad}" ` +
    `height="${height + 2 * pad}" aria-hidden="true" focusable="false">` +
    `${tileMarkup(halves, tileBox)}</svg>`
  );
}

function halfPips(value, x, y, unit, orientation) {
  const r = round(unit * 0.095);
  return pipPositions(value, orientation)
    .map(([fx, fy]) => `<circle class="dw-pip" cx="${round(x + fx * unit)}" cy="${round(y + fy * unit)}" r="${r}"/>`)
    .join("");
}

function lineMarkup(x1, y1, x2, y2) {
  return `<line class="dw-tile-divider" x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}"/>`;
}

function clampPip(value) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 6 ? n : 0;
}

function round(n) {
  return Math.round(n * 100) / 100;
}

/**
 * A standalone <svg> of several small tiles: upright side by side, or lying one under
 * another (`lying`), starting a new row (column) every `perLine` tiles. Each entry of
 * `tiles` is a tile ("6-4") or null for a face-down tile.
 */
export function tileRowSvg(tiles, { unit = 9, lying = false, perLine = lying ? 8 : 14 } = {}) {
  if (tiles.length === 0) return "";
  const width = lying ? 2 * unit : unit;
  const height = lying ? unit : 2 * unit;
  const gap = Math.max(2, round(unit * 0.3));
  const lines = Math.max(1, Math.ceil(tiles.length / perLine));
  const along = Math.min(tiles.length, perLine);
  const markup = tiles
    .map((tile, i) => {
      const line = Math.floor(i / perLine);
      const position = i % perLine;
      const x = lying ? line * (width + gap) : position * (width + gap);
      const y = lying ? position * (height + gap) : line * (height + gap);
      const halves = tile === null ? null : parseTile(tile);
      return tileMarkup(halves ?? [0, 0], { x: x + 1, y: y + 1, width, height, faceDown: halves === null });
    })
    .join("");
  const totalWidth = (lying ? lines * (width + gap) : along * (width + gap)) - gap + 2;
  const totalHeight = (lying ? along * (height + gap) : lines * (height + gap)) - gap + 2;
  return (
    `<svg class="dw-tile-row" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${totalWidth} ${totalHeight}" ` +
    `width="${totalWidth}" height="${totalHeight}" aria-hidden="true" focusable="false">${markup}</svg>`
  );
}
