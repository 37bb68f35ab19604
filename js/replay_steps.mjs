// Stepping through a recorded match in the browser. DOM-free.
//
// The kernel sends the whole record once, compact (`data`, see dominoes_widget/widgets/
// replay.py): per hand the deal, the draw pile, the moves in record notation, the seat to
// move after each step, a sentence per move, the comments and the score before and after.
// The browser needs no rules: it only places the tiles the moves name. A position is
// (hand, step), step being the number of moves made in that hand (0 = the deal).

import { parseMove, sameTile } from "./tile.mjs";

/** "0-1 2-6" -> ["0-1", "2-6"]; "" -> []. */
export function parseTiles(text) {
  return String(text ?? "").split(/\s+/).filter(Boolean);
}

/** How many hands the record has. */
export function handCount(data) {
  return Array.isArray(data?.hands) ? data.hands.length : 0;
}

/** How many moves hand `hand` has: the last step of that hand. */
export function stepCount(data, hand) {
  return data?.hands?.[hand]?.moves?.length ?? 0;
}

/** The nearest valid (hand, step). */
export function clampPosition(data, hand, step) {
  const hands = handCount(data);
  if (hands === 0) return { hand: 0, step: 0 };
  const h = Math.min(Math.max(0, Math.trunc(Number(hand) || 0)), hands - 1);
  const s = Math.min(Math.max(0, Math.trunc(Number(step) || 0)), stepCount(data, h));
  return { hand: h, step: s };
}

/**
 * Where an action leads from (hand, step). Stepping runs on across hands: forward from
 * the end of a hand goes to the next deal, back from a deal to the end of the hand before.
 * @param {"next"|"prev"|"start"|"end"|"nextHand"|"prevHand"|"first"|"last"|"hand"|"step"} action
 * @param {number} [value] the hand for "hand", the step for "step"
 */
export function navigate(data, { hand, step }, action, value) {
  const hands = handCount(data);
  if (hands === 0) return { hand: 0, step: 0 };
  ({ hand, step } = clampPosition(data, hand, step));
  const last = stepCount(data, hand);
  switch (action) {
    case "next":
      if (step < last) return { hand, step: step + 1 };
      return hand + 1 < hands ? { hand: hand + 1, step: 0 } : { hand, step };
    case "prev":
      if (step > 0) return { hand, step: step - 1 };
      return hand > 0 ? { hand: hand - 1, step: stepCount(data, hand - 1) } : { hand, step };
    case "start":
      return { hand, step: 0 };
    case "end":
      return { hand, step: last };
    case "nextHand":
      return hand + 1 < hands ? { hand: hand + 1, step: 0 } : { hand, step: last };
    case "prevHand":
      return hand > 0 ? { hand: hand - 1, step: 0 } : { hand, step: 0 };
    case "first":
      return { hand: 0, step: 0 };
    case "last":
      return { hand: hands - 1, step: stepCount(data, hands - 1) };
    case "hand":
      return clampPosition(data, value, 0);
    case "step":
      return clampPosition(data, hand, value);
    default:
      return { hand, step };
  }
}

/** True at the very last step of the record (playing stops there). */
export function atRecordEnd(data, { hand, step }) {
  const hands = handCount(data);
  return hands === 0 || (hand >= hands - 1 && step >= stepCount(data, hands - 1));
}

// Keys of the replay: arrows step, Home/End go to the ends of the hand, PageUp/PageDown
// to the previous/next hand, space plays or pauses.
export const KEY_ACTIONS = Object.freeze({
  ArrowRight: "next",
  ArrowLeft: "prev",
  Home: "start",
  End: "end",
  PageDown: "nextHand",
  PageUp: "prevHand",
  " ": "toggle",
  Spacebar: "toggle",
});

/** The action of a key event ({key, altKey, ctrlKey, metaKey}), or null. */
export function keyAction(event) {
  if (!event || event.altKey || event.ctrlKey || event.metaKey) return null;
  return KEY_ACTIONS[event.key] ?? null;
}

/**
 * The table after `step` moves of `handData`.
 * @returns {{hands: Object<string, string[]>, line: number[][], lead: number,
 *   ends: number[]|null, turn: string|null, pile: number, lastIndex: number|null,
 *   lastMove: string|null, passed: string[]}}
 *   `line` holds the tiles left to right as [left half, right half]; `lead` is the index of
 *   the first tile led; `lastIndex` the index of the tile just played, if any.
 */
export function positionAt(handData, seats, step) {
  const hands = {};
  for (const seat of seats) hands[seat] = parseTiles(handData.deal?.[seat]);
  const pile = parseTiles(handData.pile);
  const moves = handData.moves ?? [];
  const n = Math.min(Math.max(0, step), moves.length);
  const line = [];
  const lastAction = {};
  let drawn = 0;
  let lead = 0;
  let lastIndex = null;
  for (let i = 0; i < n; i++) {
    const move = parseMove(moves[i]);
    if (!move) continue;
    const held = (hands[move.seat] ??= []);
    lastAction[move.seat] = move.kind;
    if (move.kind === "lead" || move.kind === "play") {
      const at = held.findIndex((t) => sameTile(t, move.tile));
      if (at >= 0) held.splice(at, 1);
      const [touching, outer] = move.tile.split("-").map(Number);
      if (move.kind === "lead") {
        line.push([touching, outer]);
        lead = 0;
        lastIndex = 0;
      } else if (move.end === "L") {
        line.unshift([outer, touching]);
        lead += 1;
        lastIndex = 0;
      } else {
        line.push([touching, outer]);
        lastIndex = line.length - 1;
      }
    } else if (move.kind === "draw") {
      const tile = move.tile ?? pile[drawn];
      drawn += 1;
      if (tile) held.push(tile);
      lastIndex = null;
    } else {
      lastIndex = null;
    }
  }
  const seatToMove = handData.turns?.[n];
  const turn = seatToMove && seatToMove !== "-" ? seatToMove : null;
  // A seat "passed" when its last action was a pass, or a draw that did not fit (the turn moved on).
  const passed = Object.keys(lastAction).filter(
    (seat) => lastAction[seat] === "pass" || (lastAction[seat] === "draw" && turn !== seat),
  );
  return {
    hands,
    line,
    lead,
    ends: line.length ? [line[0][0], line[line.length - 1][1]] : null,
    turn,
    pile: Math.max(0, pile.length - drawn),
    lastIndex,
    lastMove: n > 0 ? moves[n - 1] : null,
    passed,
  };
}

/**
 * What to say at (hand, step): the move in notation, its sentence, the record's comment,
 * the score as of that moment and, at the end of a hand, its result.
 */
export function infoAt(data, hand, step) {
  const handData = data?.hands?.[hand];
  if (!handData) return null;
  const moves = handData.moves ?? [];
  const last = moves.length;
  const ended = Boolean(handData.result) && step >= last;
  const leader = handData.turns?.[0];
  return {
    move: step > 0 ? moves[step - 1] : null,
    why:
      step > 0
        ? handData.why?.[step - 1] ?? ""
        : `Hand ${hand + 1} is dealt${leader && leader !== "-" ? `: ${leader} leads` : ""}.`,
    note: step > 0 ? handData.notes?.[String(step - 1)] ?? null : null,
    score: (ended ? handData.score?.[1] : handData.score?.[0]) ?? "",
    tally: (ended ? handData.tally?.[1] : handData.tally?.[0]) ?? {},
    result: ended ? handData.result : null,
    matchEnd: ended && hand === handCount(data) - 1 ? data.end ?? "" : "",
    step,
    last,
  };
}

/** The delay between moves while playing, in ms, for `speed` moves per second. */
export function playDelay(speed) {
  const s = Number(speed);
  return Math.round(1000 / (Number.isFinite(s) && s > 0 ? Math.min(Math.max(s, 0.25), 20) : 2));
}

/** A problem of the verify report in words: "hand 1, move 4 (S, 6-4): … [no_match]". */
export function problemText(problem) {
  const where = [];
  if (problem.hand !== null && problem.hand !== undefined) where.push(`hand ${problem.hand}`);
  if (problem.move !== null && problem.move !== undefined) where.push(`move ${problem.move}`);
  const who = [problem.seat, problem.tile].filter(Boolean).join(", ");
  const place = where.length ? where.join(", ") : "record";
  return `${place}${who ? ` (${who})` : ""}: ${problem.message}${problem.reason ? ` [${problem.reason}]` : ""}`;
}
