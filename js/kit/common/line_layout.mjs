// Geometry of the line of play: where each tile lies on the table. DOM-free.
// dominoes_widget/words/svg.py's `layout_line` is the same function in Python: for the same
// line, width and unit both give the same placements (tests/test_layout_parity.py).
//
// The classic domino snake. The lead sits at the centre of the middle row. The right
// arm runs right; at the edge it turns the corner downwards and comes back leftwards,
// turning down again at the other edge, and so on. The left arm runs left, turns
// upwards at its edge and comes back rightwards. So the right arm only ever grows
// below the middle row and the left arm above it, and the two never meet.
//
// A "unit" is the side of one half: a tile lying lengthwise is 2 units by 1. Doubles
// lie crosswise (perpendicular to their row). The tile on a turn stands upright,
// hanging off the outer half of the tile before it, so the halves that match touch;
// the next row starts beside its far half. A double on a turn stands upright too,
// which is crosswise to the row it leaves.
//
// Placements are rectangles {x, y, w, h} in px, with `rotation`: the clockwise angle
// (SVG, y pointing down) by which a tile drawn [a|b] with a on the left must turn to lie
// as placed: 0 = a left, 90 = a top, 180 = a right. A tile's placement also has its
// `index` in the line, `arm` ("lead", "right" or "left"), `corner` (on a turn),
// `orientation` ("horizontal" or "vertical"), `isDouble` and `halves`, the values in
// visual order: [left or top, right or bottom]. End slots are bare rectangles.

/**
 * A rectangle on the table, in px, turned by `rotation` degrees clockwise; `corner` is
 * true for a tile standing on a turn of the snake. End slots are bare rectangles.
 * @typedef {{x: number, y: number, w: number, h: number, rotation: number, corner: boolean}} Rect
 */
/**
 * Where one tile of the line lies.
 * @typedef {Rect & {index: number, arm: "lead"|"right"|"left",
 *   orientation: "horizontal"|"vertical", halves: number[], isDouble: boolean}} Placement
 */
/**
 * A laid-out line: the placements of its tiles, the end slots and what they cover.
 * @typedef {{unit: number, gap: number, tiles: Placement[], slots: {left: Rect|null, right: Rect|null},
 *   bounds: {x: number, y: number, width: number, height: number}}} Layout
 */

const DEFAULT_TILE_SIZE = 24;
// Smallest width, in units, that still leaves room for a tile on each row of the snake.
const MIN_WIDTH_IN_UNITS = 6;
// Tolerance for floating-point comparisons against the edges.
const EPSILON = 1e-6;

/**
 * Lay out the line of play.
 * @param {number[][]} line tiles left to right, halves as they lie
 * @param {number} lead index in `line` of the hand's first tile
 * @param {number} width available width in px; no placement ever exceeds it
 * @param {number} [tileSize] preferred unit (side of a half) in px; shrunk to fit `width`
 * @param {{gap?: number}} [options] gap between neighbouring tiles (default unit / 12)
 * @returns {Layout} `tiles[i]` is the placement of `line[i]`; `slots` are where a lengthwise tile played
 *   on each end would go. The topmost tile touches y = 0 (a slot may stand above it);
 *   `bounds` covers tiles and slots.
 */
export function layoutLine(line, lead, width, tileSize = DEFAULT_TILE_SIZE, options = {}) {
  const unit = Math.max(1, Math.min(tileSize, width / MIN_WIDTH_IN_UNITS));
  const gap = options.gap ?? unit / 12;
  if (line.length === 0) {
    return { unit, gap, tiles: [], slots: { left: null, right: null }, bounds: emptyBounds() };
  }
  if (!(Number.isInteger(lead) && lead >= 0 && lead < line.length)) lead = 0;
  const geometry = { unit, gap, width };
  const leadRect = placeLead(line[lead], geometry);
  /** @type {Placement[]} */
  const tiles = new Array(line.length);
  tiles[lead] = placement(leadRect, line[lead], lead, "lead");

  /** @type {Array<{name: "right"|"left", side: number, indices: number[]}>} */
  const armSpecs = [
    { name: "right", side: 1, indices: range(lead + 1, line.length) },
    { name: "left", side: -1, indices: range(lead - 1, -1) },
  ];
  /** @type {{left: Rect | null, right: Rect | null}} */
  const slots = { left: null, right: null };
  for (const { name, side, indices } of armSpecs) {
    let arm = startArm(leadRect, side);
    for (const index of indices) {
      const step = advance(arm, isDouble(line[index]), geometry);
      tiles[index] = placement(step.rect, line[index], index, name);
      arm = step.arm;
    }
    slots[name] = advance(arm, false, geometry).rect;
  }
  shiftToTop(tiles, [slots.left, slots.right]);
  return { unit, gap, tiles, slots, bounds: boundsOf([...tiles, slots.left, slots.right]) };
}

/**
 * The largest whole unit, from `min` to `max` px, whose snake fits `width` x `height`
 * (tiles and end slots), and the layout at that unit. When even `min` does not fit, the
 * layout at `min` (the caller scales it down).
 * @param {number[][]} line
 * @param {number} lead
 * @param {number} width
 * @param {number} height
 * @param {{min?: number, max?: number}} [options]
 * @returns {{unit: number, layout: Layout, fits: boolean}}
 */
export function fitLine(line, lead, width, height, { min = 6, max = 34 } = {}) {
  const at = (/** @type {number} */ unit) => layoutLine(line, lead, width, unit);
  const fits = (/** @type {Layout} */ layout) => layout.bounds.height <= height + EPSILON && layout.bounds.width <= width + EPSILON;
  let best = at(min);
  if (!fits(best)) return { unit: best.unit, layout: best, fits: false };
  // Binary search on whole units: taller units only ever need as many rows or more.
  let lo = min;
  let hi = Math.max(min, Math.floor(max));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const layout = at(mid);
    if (fits(layout)) {
      lo = mid;
      best = layout;
    } else hi = mid - 1;
  }
  return { unit: best.unit, layout: best, fits: true };
}

/**
 * True when both halves show the same number.
 * @param {number[]} tile
 */
export function isDouble([a, b]) {
  return a === b;
}

// Objects below are built by these two functions only, so they all share one shape
// (which keeps the layout fast).
/**
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} rotation
 * @param {boolean} corner
 * @returns {Rect}
 */
function rect(x, y, w, h, rotation, corner) {
  return { x, y, w, h, rotation, corner };
}

/**
 * @param {Rect} rect
 * @param {number[]} tile
 * @param {number} index
 * @param {"lead"|"right"|"left"} arm
 * @returns {Placement}
 */
function placement({ x, y, w, h, rotation, corner }, [a, b], index, arm) {
  return {
    index,
    arm,
    x,
    y,
    w,
    h,
    rotation,
    corner,
    orientation: w >= h ? "horizontal" : "vertical",
    halves: rotation === 180 ? [b, a] : [a, b],
    isDouble: a === b,
  };
}

/** @typedef {{unit: number, gap: number, width: number}} Geometry the unit, the gap between tiles, the width */

/**
 * @param {number[]} tile
 * @param {Geometry} geometry
 */
function placeLead(tile, { unit, width }) {
  const double = isDouble(tile);
  const w = double ? unit : 2 * unit;
  const h = double ? 2 * unit : unit;
  return rect(width / 2 - w / 2, -h / 2, w, h, double ? 90 : 0, false);
}

// An arm is the running state of one side of the snake: which way its row runs
// (hdir), which way it turns (vdir), the row's centre line, where the next tile starts
// and the last placed tile.
/** @typedef {{side: number, hdir: number, vdir: number, axisY: number, cursor: number, previous: Rect}} Arm */

/**
 * @param {number} side
 * @param {number} hdir
 * @param {number} axisY
 * @param {number} cursor
 * @param {Rect} previous
 * @returns {Arm}
 */
function makeArm(side, hdir, axisY, cursor, previous) {
  return { side, hdir, vdir: side, axisY, cursor, previous };
}

/**
 * @param {Rect} leadRect
 * @param {number} side
 */
function startArm(leadRect, side) {
  return makeArm(side, side, 0, side > 0 ? leadRect.x + leadRect.w : leadRect.x, leadRect);
}

/**
 * Place one more tile on an arm: in the row if it fits, else on a turn.
 * @param {Arm} arm
 * @param {boolean} double
 * @param {Geometry} geometry
 * @returns {{rect: Rect, arm: Arm}}
 */
function advance(arm, double, geometry) {
  const { unit, gap, width } = geometry;
  const along = double ? unit : 2 * unit;
  const start = arm.cursor + arm.hdir * gap;
  const end = start + arm.hdir * along;
  if (end >= -EPSILON && end <= width + EPSILON) {
    const h = double ? 2 * unit : unit;
    const rotation = double ? 90 : arm.hdir === arm.side ? 0 : 180;
    const placed = rect(Math.min(start, end), arm.axisY - h / 2, along, h, rotation, false);
    return { rect: placed, arm: makeArm(arm.side, arm.hdir, arm.axisY, end, placed) };
  }
  return turnCorner(arm, geometry);
}

// The turning tile stands upright under (right arm) or over (left arm) the outer half
// of the previous tile; the next row runs back the other way beside its far half.
/**
 * @param {Arm} arm
 * @param {Geometry} geometry
 * @returns {{rect: Rect, arm: Arm}}
 */
function turnCorner(arm, { unit, gap }) {
  const previous = arm.previous;
  const x = arm.hdir > 0 ? previous.x + previous.w - unit : previous.x;
  const y = arm.vdir > 0 ? previous.y + previous.h + gap : previous.y - gap - 2 * unit;
  const placed = rect(x, y, unit, 2 * unit, 90, true);
  const farHalfCentre = arm.vdir > 0 ? y + 1.5 * unit : y + 0.5 * unit;
  const cursor = arm.hdir > 0 ? x : x + unit;
  return { rect: placed, arm: makeArm(arm.side, -arm.hdir, farHalfCentre, cursor, placed) };
}

// Move the tiles and slots (freshly made here) down so the topmost tile touches y = 0,
// as svg.py's layout_line does.
/**
 * @param {Placement[]} tiles
 * @param {(Rect | null)[]} slots
 */
function shiftToTop(tiles, slots) {
  let minY = Infinity;
  for (const { y } of tiles) minY = Math.min(minY, y);
  for (const placed of [...tiles, ...slots]) if (placed) placed.y -= minY;
}

/** @param {(Rect | null)[]} placements */
function boundsOf(placements) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const placed of placements) {
    if (!placed) continue;
    const { x, y, w, h } = placed;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x + w);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y + h);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

function emptyBounds() {
  return { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * Integers from `from` towards `to` (exclusive), counting up or down.
 * @param {number} from
 * @param {number} to
 */
function range(from, to) {
  const step = from <= to ? 1 : -1;
  /** @type {number[]} */
  const out = [];
  for (let i = from; i !== to; i += step) out.push(i);
  return out;
}
