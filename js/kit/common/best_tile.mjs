// The tile a best move would have placed, as the line draws it: the Replay's analysis shows
// it on the line, the Puzzles' answer and Learn from your mistakes too. DOM-free.

import { parseMove, parseTile } from "./tile.mjs";

/**
 * The best move of a mark as a tile not played: `halves` as it would lie in the line (left
 * half first) and the `end` it would go on (null for a lead), the `tile` as written; null
 * when the best move places no tile (a pass, a draw).
 * @param {{best?: string | null} | null | undefined} mark an analysis mark, or any value with its best move
 */
export function bestTile(mark) {
  const move = parseMove(mark?.best ?? "");
  if (!move || (move.kind !== "play" && move.kind !== "lead")) return null;
  const halves0 = parseTile(move.tile);
  if (!halves0) return null;
  const [a, b] = halves0;
  // Record notation writes the half that touches the end first.
  const halves = move.kind === "lead" || move.end === "R" ? [a, b] : [b, a];
  return { halves, end: move.kind === "lead" ? null : move.end, tile: move.tile, seat: move.seat };
}
