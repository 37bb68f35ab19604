// What a click on a tile in the hand means, given the viewer's legal moves. DOM-free.
//
// The kernel decides legality; the browser only picks, among `view.legal`, the moves
// made with the clicked tile, and asks the person when they differ by end (or, on a
// wild blank end, by which half touches).

import { parseMove, sameTile, tileKey, parseTile } from "./tile.mjs";

/** @typedef {import("./tile.mjs").Move} Move */

/**
 * What a click means: a move to send, moves to choose among (by end, or by the half that
 * touches), or nothing.
 * @typedef {{action: "send", move: string} | {action: "choose", moves: Move[], ends: ("L"|"R")[]}
 *   | {action: "none"}} Click
 */

/**
 * The parsed legal moves (lead or play) made with `tile`, in the order given.
 * @param {string[]} legal
 * @param {string} tile
 * @returns {Move[]}
 */
export function legalMovesForTile(legal, tile) {
  /**
   * @param {Move | null} move
   * @returns {move is Move}
   */
  const placesTile = (move) => move !== null && (move.kind === "lead" || move.kind === "play") && sameTile(move.tile, tile);
  return legal.map(parseMove).filter(placesTile);
}

/**
 * The first legal move of a kind ("pass" or "draw"), or null.
 * @param {string[]} legal
 * @param {"pass" | "draw"} kind
 */
export function legalMoveOfKind(legal, kind) {
  return legal.map(parseMove).find((move) => move && move.kind === kind) ?? null;
}

/**
 * The distinct ends ("L", "R") among moves, left first.
 * @param {Move[]} moves
 * @returns {("L"|"R")[]}
 */
export function endsOf(moves) {
  return /** @type {const} */ (["L", "R"]).filter((end) => moves.some((move) => move.end === end));
}

/**
 * Decide what a click on `tile` does.
 * @param {{legal: string[], viewer: string|null, ends: number[]|null, tile: string}} args
 * @returns {Click}
 */
export function resolveTileClick({ legal, viewer, ends, tile }) {
  if (!viewer) return { action: "none" };
  const moves = legalMovesForTile(legal, tile);
  if (moves.length === 0) return { action: "send", move: unplayableMove(viewer, tile, ends) };
  // Leads differ only in which half is written first: any of them poses the tile.
  if (moves.length === 1 || moves.every((move) => move.kind === "lead")) {
    return { action: "send", move: moves[0].text };
  }
  return { action: "choose", moves, ends: endsOf(moves) };
}

/**
 * Narrow a pending choice to one end: a move to send, or the moves still to pick from.
 * @param {Move[]} moves
 * @param {"L" | "R"} end
 * @returns {Click}
 */
export function chooseEnd(moves, end) {
  const atEnd = moves.filter((move) => move.end === end);
  if (atEnd.length === 0) return { action: "none" };
  if (atEnd.length === 1) return { action: "send", move: atEnd[0].text };
  return { action: "choose", moves: atEnd, ends: [end] };
}

/**
 * The move a person means by clicking a tile that has no legal move, sent so the kernel
 * can say why it is refused: a lead on an empty line, else the tile on the left end
 * (on the right end if only that one matches), the touching half first when one matches.
 * @param {string} viewer
 * @param {string} tile
 * @param {number[] | null} ends
 */
export function unplayableMove(viewer, tile, ends) {
  const halves = parseTile(tile);
  if (!halves) return `${viewer} ${tile}`;
  if (!ends) return `${viewer} ${tileKey(halves)}`;
  const [left, right] = ends;
  const end = !halves.includes(left) && halves.includes(right) ? "R" : "L";
  const touching = end === "L" ? left : right;
  const written = halves[1] === touching && halves[0] !== touching ? [halves[1], halves[0]] : halves;
  return `${viewer} ${tileKey(written)} ${end}`;
}
