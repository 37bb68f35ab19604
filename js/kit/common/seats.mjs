// Where each seat sits on the screen. DOM-free.
//
// The table turns so that `bottom` (the viewer, or the seat an open table is shown
// from) sits at the bottom; the other seats keep their map order round it. Going
// clockwise on a map, N E S W, and on the screen bottom, left, top, right: so with S at
// the bottom nothing turns (W left, N top, E right), and with N at the bottom E is on
// the left and W on the right, as seen from North's chair.

const CLOCKWISE = ["S", "W", "N", "E"];
/** @type {Array<"bottom"|"left"|"top"|"right">} */
export const POSITIONS = ["bottom", "left", "top", "right"];

/**
 * Screen positions of the seats in play.
 * @param {string[]} seats the seats in play (2, 3 or 4 of N, E, S, W)
 * @param {string|null|undefined} bottom the seat at the bottom; the first seat in play when missing
 * @returns {Object<string, "bottom"|"left"|"top"|"right">}
 */
export function seatPositions(seats, bottom) {
  const inPlay = seats.filter((seat) => CLOCKWISE.includes(seat));
  const anchor = bottom && inPlay.includes(bottom) ? bottom : inPlay.includes("S") ? "S" : inPlay[0];
  const turn = CLOCKWISE.indexOf(anchor);
  return Object.fromEntries(inPlay.map((seat) => [seat, POSITIONS[(CLOCKWISE.indexOf(seat) - turn + 4) % 4]]));
}

/**
 * The seat at each screen position (null where nobody sits).
 * @param {string[]} seats
 * @param {string | null | undefined} bottom
 */
export function seatsByPosition(seats, bottom) {
  const bySeat = seatPositions(seats, bottom);
  /** @type {Record<"bottom"|"left"|"top"|"right", string | null>} */
  const out = { bottom: null, left: null, top: null, right: null };
  for (const [seat, position] of Object.entries(bySeat)) out[position] = seat;
  return out;
}
