// The Table's felt from its view: each seat (name, tiles, marks), the corners (the rules'
// name, the hand, the pile) and the line of play, whose new tiles fade in.

import { h, setChildren } from "../common/dom.mjs";
import { drawSeat, fillLine } from "../common/felt.mjs";
import { lineDrawing } from "../common/line_view.mjs";
import { presenceMark, watchingWords } from "./presence.mjs";
import { seatsByPosition } from "../common/seats.mjs";
import { sortedKey } from "../common/tile.mjs";
import { lineLabel, pileWords } from "../common/words.mjs";
import { showsResult } from "./table_view.mjs";

export { lineLabel };

/** @typedef {import("./table_view.mjs").ReadView} ReadView */
/** @typedef {import("../common/felt.mjs").SeatInfo} SeatInfo */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {ReturnType<typeof import("../common/felt.mjs").buildFelt>} Felt */

const LINE_UNIT = { minUnit: 6, maxUnit: 32 };

/**
 * What drawSeat needs to know of `seat` (`word`: for its presence at a served table).
 * @param {ReadView} view
 * @param {string} seat
 * @param {{showTiles: boolean, word?: Word | null}} options
 * @returns {SeatInfo}
 */
export function seatInfo(view, seat, { showTiles, word = null }) {
  const player = view.players[seat] ?? {};
  return {
    seat,
    label: player.label || player.name || seat,
    hand: view.hands[seat] ?? 0,
    pips: view.pips?.[seat] ?? null,
    turn: view.turn === seat && view.phase === "playing",
    passed: view.passed.includes(seat),
    winner: Boolean(view.result?.winners?.includes(seat)),
    showTiles,
    lastMove: view.seat_moves[seat] ?? "",
    presence: word ? presenceMark(view, seat, word) : null,
  };
}

/**
 * The view's parts the seats are drawn from (to redraw them only when these change).
 * @param {ReadView} view
 */
export function seatInputs(view) {
  return [view.seats, view.bottom, view.viewer, view.players, view.hands, view.pips, view.turn, view.passed, view.result?.winners, view.phase, view.seat_moves, view.presence];
}

/**
 * Every seat round the line; the bottom seat's tiles show in the tray instead, unless a result shows.
 * @param {Felt} felt
 * @param {ReadView} view
 * @param {Word} word
 */
export function drawSeats(felt, view, word) {
  const byPosition = seatsByPosition(view.seats, view.bottom ?? view.viewer);
  const trayShowsBottom = !showsResult(view);
  for (const [position, seat] of Object.entries(byPosition)) {
    const info = seat ? seatInfo(view, seat, { showTiles: !(position === "bottom" && trayShowsBottom), word }) : null;
    drawSeat(felt.seats[position], info, word);
  }
  felt.root.classList.toggle("dw-no-sides", !byPosition.left && !byPosition.right);
}

/** The corners: the rules' name and the hand at the top left, the pile at the top right, and
 * how many watch a served table at the bottom right. */
/**
 * @param {Felt} felt
 * @param {ReadView} view
 * @param {Word} word
 */
export function drawCorners(felt, view, word) {
  setChildren(felt.corners.topStart, h("strong", { text: view.title }), h("span", { text: view.hand_label }));
  const pile = pileWords(view.pile, word);
  setChildren(felt.corners.topEnd, pile ? h("span", { className: "dw-pile", text: pile }) : null);
  const watching = watchingWords(view, word);
  setChildren(felt.corners.bottomEnd, watching ? h("span", { className: "dw-watching", text: watching }) : null);
}

/**
 * Which tiles are new since the last drawing: a function of the line's index, false for
 * all when the position jumped (looking back and forth).
 */
export function newTiles() {
  /** @type {Set<string> | null} the line's tiles at the last drawing */
  let keys = null;
  /** @type {number | null} */
  let look = null;
  return (/** @type {import("./table_view.mjs").ReadView} */ view) => {
    const lookPly = view.look?.ply ?? null;
    const previous = look === lookPly ? keys : null;
    keys = new Set(view.line.map(sortedKey));
    look = lookPly;
    return (/** @type {number} */ index) => previous !== null && !previous.has(sortedKey(view.line[index]));
  };
}

/**
 * Where the last move's tile comes from ("top", "left", "right", "bottom"), when moves are paced; else null.
 * @param {ReadView} view
 * @returns {string | null}
 */
export function glideFrom(view) {
  const last = view.moves.at(-1);
  if (!view.animate || !last || view.look) return null;
  const seat = last.split(" ")[0];
  const placed = Object.entries(seatsByPosition(view.seats, view.bottom ?? view.viewer)).find(([, at]) => at === seat);
  return placed ? placed[0] : null;
}

/** Draw the line into the felt's box of `size`, with `choice` ({ends, labels}) glowing; a new
 * tile glides in from its seat when `glideFrom(view)` names one. */
/**
 * @param {Felt} felt
 * @param {ReadView} view
 * @param {{size: {width: number, height: number}, choice: {ends: string[], labels: Record<string, string>} | null, isNew: (index: number) => boolean, word: Word}} parts
 */
export function drawLine(felt, view, { size, choice, isNew, word }) {
  const from = glideFrom(view);
  if (from) felt.lineSvg.dataset.from = from;
  else delete felt.lineSvg.dataset.from;
  const empty = view.line.length === 0;
  felt.lineEmpty.hidden = !empty;
  felt.lineEmpty.textContent = empty ? word("line_empty") : "";
  felt.lineSvg.setAttribute("aria-label", lineLabel(view, word));
  if (!size.width || !size.height) return; // not laid out yet: the resize observer draws it
  const { markup, scale } = lineDrawing(view.line, view.lead, { ...size, last: view.last, isNew, choice, ...LINE_UNIT });
  felt.lineSvg.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
  fillLine(felt.lineSvg, markup);
  if (from) startFromSeat(felt, felt.seats[from].root, scale);
}

/**
 * The new tile's glide starts on its seat: the offset from the tile to the seat's middle, in
 * the line's units (its drawing may be scaled down), as the tile's --dw-glide. Read once per
 * paced move, so the layout it forces costs nothing a person notices.
 * @param {Felt} felt
 * @param {HTMLElement} seat
 * @param {number} [scale]
 */
export function startFromSeat(felt, seat, scale = 1) {
  const tile = /** @type {SVGElement | null} */ (felt.lineSvg.querySelector(".dw-new"));
  if (!tile || seat.hidden) return;
  const from = seat.getBoundingClientRect();
  const to = tile.getBoundingClientRect();
  const dx = (from.left + from.width / 2 - (to.left + to.width / 2)) / (scale || 1);
  const dy = (from.top + from.height / 2 - (to.top + to.height / 2)) / (scale || 1);
  if (dx || dy) tile.style.setProperty("--dw-glide", `${Math.round(dx)}px ${Math.round(dy)}px`);
}
