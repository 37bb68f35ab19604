// The line of play as SVG markup, fitted to a fixed box. DOM-free.
//
// The unit (the side of a half) is the largest that lets the whole snake fit both the
// width and the height of the box, so a 28-tile line is as visible as a 3-tile one and
// the box never grows. The snake is centred in the box; the lead stays at its centre.

import { fitLine } from "./line_layout.mjs";
import { tileMarkup } from "./tile.mjs";

export const LINE_PAD = 6; // px kept free round the snake so edges and glows are not clipped

/**
 * @param {Array<[number, number]>} line
 * @param {number} lead
 * @param {{width: number, height: number, last?: number|null, isNew?: (index: number) => boolean,
 *   choice?: {ends: string[], labels: Object<string, string>}|null, minUnit?: number, maxUnit?: number}} options
 * @returns {{markup: string, unit: number, scale: number}} the inner markup of an <svg>
 *   `width` x `height`; `scale` < 1 only when even the smallest unit did not fit
 */
export function lineDrawing(line, lead, { width, height, last = null, isNew = () => false, choice = null, minUnit = 6, maxUnit = 34 }) {
  const innerWidth = Math.max(1, width - 2 * LINE_PAD);
  const innerHeight = Math.max(1, height - 2 * LINE_PAD);
  if (line.length === 0) return { markup: "", unit: 0, scale: 1 };
  const { layout } = fitLine(line, lead, innerWidth, innerHeight, { min: minUnit, max: maxUnit });
  const { bounds } = layout;
  const scale = Math.min(1, innerWidth / bounds.width, innerHeight / bounds.height);
  const glowing = new Map();
  if (choice && line.length > 1) {
    for (const end of choice.ends) glowing.set(end === "L" ? 0 : line.length - 1, end);
  }
  const tiles = layout.tiles.map((placement) => {
    const markup = tileMarkup(placement.halves, {
      x: placement.x,
      y: placement.y,
      width: placement.w,
      height: placement.h,
      highlight: placement.index === last,
      className: isNew(placement.index) ? "dw-new" : "",
      attrs: `data-index="${placement.index}"`,
    });
    const end = glowing.get(placement.index);
    return end ? `<g class="dw-end-target dw-end-tile" data-end="${end}">${markup}</g>` : markup;
  });
  const slots = (choice?.ends ?? []).map((end) => slotMarkup(end === "L" ? layout.slots.left : layout.slots.right, end, choice.labels?.[end] ?? ""));
  // Centre the snake: horizontally the layout already centres the lead in the inner width.
  const dx = LINE_PAD + (innerWidth - innerWidth * scale) / 2;
  const dy = LINE_PAD + (innerHeight - bounds.height * scale) / 2 - bounds.y * scale;
  const transform = scale < 1 ? `translate(${r(dx)} ${r(dy)}) scale(${r(scale, 1e4)})` : `translate(${r(dx)} ${r(dy)})`;
  return { markup: `<g transform="${transform}">${tiles.join("")}${slots.join("")}</g>`, unit: layout.unit * scale, scale };
}

function slotMarkup(slot, end, label) {
  const radius = r(Math.min(slot.w, slot.h) * 0.18);
  return (
    `<g class="dw-end-target dw-slot" data-end="${end}" role="button" tabindex="0" aria-label="${escapeAttr(label)}">` +
    `<rect x="${r(slot.x)}" y="${r(slot.y)}" width="${r(slot.w)}" height="${r(slot.h)}" rx="${radius}"/>` +
    `<text x="${r(slot.x + slot.w / 2)}" y="${r(slot.y + slot.h / 2)}" font-size="${r(Math.min(slot.w, slot.h) * 0.6)}">${end}</text></g>`
  );
}

/** Text for an attribute value inside double quotes. */
export function escapeAttr(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

function r(n, precision = 100) {
  return Math.round(n * precision) / precision;
}
