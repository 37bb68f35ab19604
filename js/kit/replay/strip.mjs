// The win-chance strip: one side's chances over a hand, as SVG markup. DOM-free.
//
// A replay's analysis (js/PROTOCOL.md, "The Replay") gives, per side, the win share in
// percent after every step of a hand (0 = the deal), null where nothing is known. The
// strip draws them left to right across a fixed box: a 50% line, the curve (broken where
// a point is null) over a faint band back to the 50% line, one point per known step,
// bigger and coloured by verdict where a move was marked, and a column per step to
// click. The current step's marker is drawn once and only moved (`stripMarker`), so a
// step costs two attribute writes, never a redraw.

import { escapeAttr } from "../common/line_view.mjs";

export const STRIP_PAD = { x: 6, y: 5 };
/** The verdicts drawn on the strip and in the move list, mildest first ("good" is plain). */
export const VERDICTS = Object.freeze(/** @type {string[]} */ (["inaccuracy", "mistake", "blunder"]));
/** Their usual signs, as in annotated games. */
export const VERDICT_SIGNS = Object.freeze({ inaccuracy: "?!", mistake: "?", blunder: "??" });

/**
 * The strip's geometry for `count` steps in a `width` x `height` box.
 * @returns {{x: (step: number) => number, y: (value: number) => number}}
 * @param {number} count
 * @param {{width: number, height: number}} size
 */
export function stripScale(count, { width, height }) {
  const left = STRIP_PAD.x;
  const span = Math.max(0, width - 2 * STRIP_PAD.x);
  const top = STRIP_PAD.y;
  const tall = Math.max(0, height - 2 * STRIP_PAD.y);
  const last = Math.max(1, count - 1);
  return {
    x: (step) => r(count <= 1 ? width / 2 : left + (span * step) / last),
    y: (value) => r(top + (tall * (100 - clampShare(value))) / 100),
  };
}

/**
 * The strip's markup (the inside of an <svg> `width` x `height`).
 * @param {Array<number|null>} points the side's win share (0-100) after each step
 * @param {{width: number, height: number, step?: number,
 *   marks?: Array<{ply: number, verdict: string}>, titles?: string[], boundaries?: number[]}} options
 *   `marks`: a mark of move `ply` (0-based) shows on the point after it, step ply + 1;
 *   `titles[step]`: each point's tooltip; `step`: where the marker starts; `boundaries`: the
 *   points that start a new hand (a strip over a whole match), each marked by a line before it
 * @returns {string}
 */
export function stripDrawing(points, { width, height, step = 0, marks = [], titles = [], boundaries = [] }) {
  const values = Array.isArray(points) ? points.map(share) : [];
  if (values.length === 0 || !(width > 0) || !(height > 0)) return "";
  const { x, y } = stripScale(values.length, { width, height });
  const half = y(50);
  const dense = values.length > width / 4; // under 4 px a point (a whole match): smaller points
  const verdicts = new Map();
  for (const mark of marks ?? []) {
    if (VERDICTS.includes(mark?.verdict)) verdicts.set(mark.ply + 1, mark.verdict);
  }

  // Runs of known points: each a band back to the 50% line and a stretch of the curve.
  const runs = [];
  /** @type {number[]} */
  let run = [];
  values.forEach((value, i) => {
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(i);
  });
  if (run.length) runs.push(run);
  // a run's steps are known points: their values are numbers
  const at = (/** @type {number} */ i) => `${x(i)} ${y(values[i] ?? 50)}`;
  const bands = runs
    .filter((steps) => steps.length > 1)
    .map((steps) => `M${x(steps[0])} ${half}${steps.map((i) => `L${at(i)}`).join("")}L${x(steps[steps.length - 1])} ${half}Z`)
    .join("");
  const curve = runs
    .filter((steps) => steps.length > 1)
    .map((steps) => steps.map((i, k) => `${k ? "L" : "M"}${at(i)}`).join(""))
    .join("");

  // A column per step, from halfway to the step before to halfway to the next.
  const hits = values
    .map((_, i) => {
      const from = i === 0 ? 0 : (x(i - 1) + x(i)) / 2;
      const to = i === values.length - 1 ? width : (x(i) + x(i + 1)) / 2;
      return `<rect class="dw-strip-hit" data-step="${i}" x="${r(from)}" y="0" width="${r(to - from)}" height="${r(height)}"/>`;
    })
    .join("");
  const dots = values
    .map((value, i) => {
      if (value === null) return "";
      const verdict = verdicts.get(i);
      const title = titles[i] ? `<title>${escapeText(titles[i])}</title>` : "";
      const kind = verdict ? ` dw-strip-mark dw-verdict-${verdict}` : "";
      const radius = (verdict ? 3.6 : 1.9) * (dense ? 0.6 : 1);
      return `<circle class="dw-strip-point${kind}" data-step="${i}"${verdict ? ` data-verdict="${verdict}"` : ""} cx="${x(i)}" cy="${y(value)}" r="${radius}">${title}</circle>`;
    })
    .join("");
  const marker = stripMarker(values, step, { width, height });
  const hands = boundaries
    .filter((i) => i > 0 && i < values.length)
    .map((i) => `<line class="dw-strip-hand" data-step="${i}" x1="${r((x(i - 1) + x(i)) / 2)}" y1="0" x2="${r((x(i - 1) + x(i)) / 2)}" y2="${r(height)}"/>`)
    .join("");
  return (
    `<line class="dw-strip-half" x1="0" y1="${half}" x2="${r(width)}" y2="${half}"/>` +
    hands +
    `<g class="dw-strip-hits">${hits}</g>` +
    (bands ? `<path class="dw-strip-band" d="${bands}"/>` : "") +
    (curve ? `<path class="dw-strip-line" d="${curve}"/>` : "") +
    `<g class="dw-strip-now" transform="translate(${marker.x} 0)">` +
    `<line x1="0" y1="0" x2="0" y2="${r(height)}"/>` +
    `<circle cx="0" cy="${marker.y ?? half}" r="4.5"${marker.y === null ? ' visibility="hidden"' : ""}/></g>` +
    `<g class="dw-strip-points">${dots}</g>`
  );
}

/**
 * Where the current step's marker goes: its x, and the point's y (null when unknown).
 * @returns {{x: number, y: number|null}}
 * @param {(number | null)[]} points
 * @param {number} step
 * @param {{width: number, height: number}} size
 */
export function stripMarker(points, step, size) {
  const values = Array.isArray(points) ? points : [];
  const { x, y } = stripScale(values.length, size);
  const i = Math.min(Math.max(0, Math.trunc(Number(step) || 0)), Math.max(0, values.length - 1));
  const value = share(values[i]);
  return { x: x(i), y: value === null ? null : y(value) };
}

/**
 * How many points the strip draws: the known ones.
 * @param {unknown[]} points
 */
export function knownPoints(points) {
  return (Array.isArray(points) ? points : []).filter((value) => share(value) !== null).length;
}

/**
 * @param {unknown} value
 * @returns {number | null}
 */
function share(value) {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? clampShare(n) : null;
}

/**
 * @param {number} value
 */
function clampShare(value) {
  return Math.min(100, Math.max(0, value));
}

/**
 * @param {unknown} text
 */
function escapeText(text) {
  return escapeAttr(text).replaceAll(">", "&gt;");
}

/**
 * @param {number} n
 */
function r(n) {
  return Math.round(n * 100) / 100;
}
