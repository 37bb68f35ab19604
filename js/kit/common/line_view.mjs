// The line of play as SVG markup, fitted to a fixed box. DOM-free.
//
// The unit (the side of a half) is the largest that lets the whole snake fit both the
// width and the height of the box, so a 28-tile line is as visible as a 3-tile one and
// the box never grows. The snake is centred in the box; the lead stays at its centre.

import { fitLine, layoutLine } from "./line_layout.mjs";
import { tileMarkup } from "./tile.mjs";

export const LINE_PAD = 6; // px kept free round the snake so edges and glows are not clipped

/**
 * A tile not played, drawn apart where it would have gone (see lineDrawing's `ghost`).
 * @typedef {{halves: number[], end: "L"|"R"|null, label?: string, name?: string}} Ghost
 */

/**
 * @param {number[][]} line
 * @param {number} lead
 * @param {{width: number, height: number, last?: number|null, isNew?: (index: number) => boolean,
 *   choice?: {ends: string[], labels: Object<string, string>}|null, minUnit?: number, maxUnit?: number,
 *   ghost?: Ghost | null}} options
 *   `ghost`: a tile that was not played, drawn apart (faded, outlined) where it would have
 *   gone: `halves` as it would lie in the line (left half first), at the `end` given (null:
 *   as the lead of an empty line), with a visible `label` and a `name` for screen readers.
 *   It takes the end's slot, so the snake does not move when it shows.
 * @returns {{markup: string, unit: number, scale: number}} the inner markup of an <svg>
 *   `width` x `height`; `scale` < 1 only when even the smallest unit did not fit
 */
export function lineDrawing(line, lead, { width, height, last = null, isNew = () => false, choice = null, minUnit = 6, maxUnit = 34, ghost = null }) {
  const innerWidth = Math.max(1, width - 2 * LINE_PAD);
  const innerHeight = Math.max(1, height - 2 * LINE_PAD);
  if (line.length === 0) {
    if (!ghost) return { markup: "", unit: 0, scale: 1 };
    // Nothing played yet: the lead that was not made, alone at the centre.
    const drawn = lineDrawing([ghost.halves], 0, { width, height, minUnit, maxUnit });
    const { layout } = fitLine([ghost.halves], 0, innerWidth, innerHeight, { min: minUnit, max: maxUnit });
    const transform = drawn.markup.match(/^<g transform="([^"]*)">/)?.[1] ?? "";
    const visible = visibleBox(transform, width, height);
    return { ...drawn, markup: `<g transform="${transform}">${ghostMarkup(layout.tiles[0], ghost, visible)}</g>` };
  }
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
  const slots = (choice?.ends ?? []).map((end) => {
    const slot = end === "L" ? layout.slots.left : layout.slots.right;
    return slot ? slotMarkup(slot, end, choice?.labels?.[end] ?? "") : "";
  });
  // Centre the snake: horizontally the layout already centres the lead in the inner width.
  const dx = LINE_PAD + (innerWidth - innerWidth * scale) / 2;
  const dy = LINE_PAD + (innerHeight - bounds.height * scale) / 2 - bounds.y * scale;
  const transform = scale < 1 ? `translate(${r(dx)} ${r(dy)}) scale(${r(scale, 1e4)})` : `translate(${r(dx)} ${r(dy)})`;
  const apart = ghost ? ghostMarkup(ghostPlacement(line, lead, layout, ghost, innerWidth), ghost, visibleBox(transform, width, height)) : "";
  return { markup: `<g transform="${transform}">${tiles.join("")}${slots.join("")}${apart}</g>`, unit: layout.unit * scale, scale };
}

/**
 * Where a tile played on `ghost.end` would lie, in `layout`'s coordinates: the line is laid
 * out again with it at that end, at the same unit and width, and lined up on the lead (the
 * new tile may start a row above, which shifts the whole snake down in its own layout).
 * For a tile lying lengthwise this is the layout's slot at that end; a double lies across.
 * @param {number[][]} line
 * @param {number} lead
 * @param {import("./line_layout.mjs").Layout} layout
 * @param {Ghost} ghost
 * @param {number} width
 */
export function ghostPlacement(line, lead, layout, ghost, width) {
  const leadIndex = Number.isInteger(lead) && lead >= 0 && lead < line.length ? lead : 0;
  const left = ghost.end === "L";
  const longer = left ? [ghost.halves, ...line] : [...line, ghost.halves];
  const leadThere = left ? leadIndex + 1 : leadIndex;
  const there = layoutLine(longer, leadThere, width, layout.unit);
  const dx = layout.tiles[leadIndex].x - there.tiles[leadThere].x;
  const dy = layout.tiles[leadIndex].y - there.tiles[leadThere].y;
  const placed = there.tiles[left ? 0 : longer.length - 1];
  return { ...placed, x: placed.x + dx, y: placed.y + dy };
}

/** @typedef {{x: number, y: number, width: number, height: number}} Box */

/**
 * The box the <svg> shows, in the coordinates inside `transform` (translate, then scale).
 * @param {string} transform
 * @param {number} width
 * @param {number} height
 * @returns {Box}
 */
function visibleBox(transform, width, height) {
  const [, tx = "0", ty = "0", scale = "1"] = transform.match(/translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([\d.]+)\))?/) ?? [];
  const s = Number(scale);
  return { x: -Number(tx) / s, y: -Number(ty) / s, width: width / s, height: height / s };
}

/**
 * @param {import("./line_layout.mjs").Placement} placed
 * @param {Ghost} ghost
 * @param {Box} visible
 */
function ghostMarkup(placed, ghost, visible) {
  const unit = Math.min(placed.w, placed.h);
  const tile = tileMarkup(placed.halves, { x: placed.x, y: placed.y, width: placed.w, height: placed.h, className: "dw-ghost" });
  const attrs = `class="dw-ghost-move" data-end="${ghost.end ?? ""}" data-tile="${ghost.halves.join("-")}" role="img"` +
    (ghost.name ? ` aria-label="${escapeAttr(ghost.name)}"` : "");
  if (!ghost.label) return `<g ${attrs}>${tile}</g>`;
  // The label above the tile, or below it when the box ends above; kept inside the box sideways.
  const size = Math.max(11, unit * 0.5);
  const above = placed.y - size * 0.45 - size * 0.25;
  const y = above - size > visible.y + LINE_PAD ? above : Math.min(placed.y + placed.h + size * 1.05, visible.y + visible.height - LINE_PAD);
  const half = Math.min((String(ghost.label).length * size * 0.6) / 2, visible.width / 2 - LINE_PAD);
  const centre = placed.x + placed.w / 2;
  const x = Math.min(Math.max(centre, visible.x + LINE_PAD + half), visible.x + visible.width - LINE_PAD - half);
  const label = `<text class="dw-ghost-label" x="${r(x)}" y="${r(y)}" font-size="${r(size)}">${escapeAttr(ghost.label).replaceAll(">", "&gt;")}</text>`;
  return `<g ${attrs}>${tile}${label}</g>`;
}

/**
 * @param {import("./line_layout.mjs").Rect} slot
 * @param {string} end
 * @param {string} label
 */
function slotMarkup(slot, end, label) {
  const radius = r(Math.min(slot.w, slot.h) * 0.18);
  return (
    `<g class="dw-end-target dw-slot" data-end="${end}" role="button" tabindex="0" aria-label="${escapeAttr(label)}">` +
    `<rect x="${r(slot.x)}" y="${r(slot.y)}" width="${r(slot.w)}" height="${r(slot.h)}" rx="${radius}"/>` +
    `<text x="${r(slot.x + slot.w / 2)}" y="${r(slot.y + slot.h / 2)}" font-size="${r(Math.min(slot.w, slot.h) * 0.6)}">${end}</text></g>`
  );
}

/**
 * Text for an attribute value inside double quotes.
 * @param {unknown} text
 */
export function escapeAttr(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/**
 * @param {number} n
 * @param {number} [precision]
 */
function r(n, precision = 100) {
  return Math.round(n * precision) / precision;
}
