// What the Puzzles front end shows and what a click or a key means, from the state the kernel
// (or the one-file page's logic) sends. DOM-free; no rule lives here: the legal moves come in
// the state, and the answer is judged by whoever holds the verdicts.

import { legalMovesForTile, resolveTileClick } from "../common/move_choice.mjs";
import { bestTile } from "../common/best_tile.mjs";
import { seatPositions } from "../common/seats.mjs";
import { parseMove, sameTile } from "../common/tile.mjs";

/** @typedef {import("../common/views.mjs").PuzzleView} PuzzleView */
/** @typedef {import("../common/views.mjs").PuzzleState} PuzzleState */

/**
 * The felt's seats: every seat but the mover's, face down, by screen position (the mover at the bottom).
 * @param {PuzzleView} puzzle
 */
export function seatInfos(puzzle) {
  const positions = seatPositions(puzzle.order, puzzle.seat);
  /** @type {Record<string, import("../common/felt.mjs").SeatInfo | null>} */
  const out = { bottom: null, left: null, top: null, right: null };
  for (const seat of puzzle.order) {
    if (seat === puzzle.seat) continue;
    out[positions[seat]] = { seat, label: puzzle.players[seat] ?? seat, hand: puzzle.hands[seat], turn: false, passed: puzzle.passed.includes(seat) };
  }
  return out;
}

/**
 * The mover's tiles: which can be played, and which were tried (every move with it answered wrong:
 * a tile that fits both ends and was tried on one may still be tried on the other).
 * @param {PuzzleView | null} puzzle
 * @param {string[]} [tried]
 */
export function handTiles(puzzle, tried = []) {
  if (!puzzle) return [];
  const hand = puzzle.hands?.[puzzle.seat];
  const tiles = Array.isArray(hand) ? hand : [];
  return tiles.map((tile) => {
    const moves = legalMovesForTile(puzzle.legal, tile);
    return { tile, playable: moves.length > 0, tried: moves.length > 0 && moves.every((m) => tried.includes(m.text)) };
  });
}

/**
 * The moves that need no tile (pass, draw), as {move, label}.
 * @param {PuzzleView} puzzle
 */
export function otherMoves(puzzle) {
  return (puzzle?.items ?? []).filter((item) => {
    const parsed = parseMove(item.move);
    return parsed && (parsed.kind === "pass" || parsed.kind === "draw");
  });
}

/**
 * What a click on `tile` does: send a move, choose an end, or nothing (a tile that does not fit).
 * @param {PuzzleView | null} puzzle
 * @param {string} tile
 * @returns {import("../common/move_choice.mjs").Click}
 */
export function tileClick(puzzle, tile) {
  if (!puzzle || !handTiles(puzzle).some((t) => t.playable && sameTile(t.tile, tile))) return { action: "none" };
  return resolveTileClick({ legal: puzzle.legal, viewer: puzzle.seat, ends: puzzle.ends, tile });
}

/**
 * The header's words: which puzzle, the score and the streak.
 * @param {PuzzleState} state
 * @param {import("../common/words.mjs").Word} word
 */
export function headerTexts(state, word) {
  return {
    number: state.count ? word("puzzle_number", { a: state.number, b: state.count }) : "",
    score: word("puzzle_score", { n: state.score }),
    streak: word("puzzle_streak", { n: state.streak }),
    about: state.puzzle ? [state.puzzle.title, state.puzzle.level, ...state.puzzle.themes].filter(Boolean).join(" · ") : "",
  };
}

/** @type {Record<string, "hint"|"next"|"left"|"right"|"cancel">} */
const KEYS = { h: "hint", n: "next", l: "left", r: "right", escape: "cancel" };

/**
 * What a key does: {action: "hint"|"next"|"left"|"right"|"cancel"} or {action: "pick", index}; null: not ours.
 * @param {{key?: string, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} event
 * @returns {{action: "pick", index: number} | {action: "hint"|"next"|"left"|"right"|"cancel"} | null}
 */
export function keyAction(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = String(event.key ?? "").toLowerCase();
  if (/^[1-9]$/.test(key)) return { action: "pick", index: Number(key) - 1 };
  return Object.hasOwn(KEYS, key) ? { action: KEYS[key] } : null;
}

/**
 * The filter's options: "any" first, then the set's values with their words.
 * @param {Record<string, import("../common/views.mjs").PuzzleChoice[]> | null | undefined} choices
 * @param {string} name
 * @param {import("../common/words.mjs").Word} word
 */
export function filterOptions(choices, name, word) {
  return [{ value: "", label: word("filter_any") }, ...(choices?.[name] ?? []).map((c) => ({ value: c.value, label: c.label }))];
}

/**
 * Once solved, the answer drawn apart where it goes on the line (the Replay's ghost); else null.
 * @param {PuzzleState} state
 */
export function answerGhost(state) {
  const feedback = state?.feedback;
  if (!feedback?.right) return null;
  const tile = bestTile({ best: feedback.move });
  return tile ? { halves: tile.halves, end: tile.end, label: feedback.label, name: feedback.label } : null;
}
