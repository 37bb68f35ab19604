// Stepping through a recorded match in the browser. DOM-free.
//
// The kernel sends the whole record once (`data`, js/PROTOCOL.md "The Replay"): per hand
// the moves, the score before and after, the result, and every step's position and
// words, computed by the engine. The browser only picks what to show: a position is
// (hand, step), step being the number of moves made in that hand (0 = the deal).
// Each hand's steps come as changes (`deltas`), read back when the hand is first shown.

import { handSteps } from "./replay_deltas.mjs";

/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {{hand: number, step: number}} Position a hand and the moves made in it */
/** @typedef {import("../common/views.mjs").ReplayStep} ReplayStep */
/** @typedef {NonNullable<ReturnType<typeof wordsAt>>} Said what is said at a step (wordsAt) */
/** @typedef {"next"|"prev"|"start"|"end"|"nextHand"|"prevHand"|"first"|"last"|"hand"|"step"} Action a move through the record */
/** @typedef {Partial<ReplayData> | null | undefined} SomeData the replay's data, or a part of it (a test's), or none yet */

/**
 * How many hands the record has.
 * @param {SomeData} data
 */
export function handCount(data) {
  return Array.isArray(data?.hands) ? data.hands.length : 0;
}

/**
 * How many moves hand `hand` has: the last step of that hand.
 * @param {SomeData} data
 * @param {number} hand
 */
export function stepCount(data, hand) {
  return data?.hands?.[hand]?.moves?.length ?? 0;
}

/**
 * The nearest valid (hand, step).
 * @param {SomeData} data
 * @param {unknown} hand
 * @param {unknown} step
 * @returns {Position}
 */
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
 * @param {SomeData} data the replay's data
 * @param {Position} position
 * @param {Action} action
 * @param {number} [value] the hand for "hand", the step for "step"
 * @returns {Position}
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

/**
 * True at the very last step of the record (playing stops there).
 * @param {SomeData} data
 * @param {Position} position
 */
export function atRecordEnd(data, { hand, step }) {
  const hands = handCount(data);
  return hands === 0 || (hand >= hands - 1 && step >= stepCount(data, hands - 1));
}

// Keys of the replay: arrows step, Home/End go to the ends of the hand, PageUp/PageDown
// to the previous/next hand, space plays or pauses, B shows or hides the best move, N and
// Shift+N go to the next and the previous marked move (with an analysis).
export const KEY_ACTIONS = Object.freeze(/** @type {Record<string, string>} */ ({
  b: "best",
  B: "best",
  n: "nextMark",
  N: "prevMark",
  ArrowRight: "next",
  ArrowLeft: "prev",
  Home: "start",
  End: "end",
  PageDown: "nextHand",
  PageUp: "prevHand",
  " ": "toggle",
  Spacebar: "toggle",
}));

/**
 * The action of a key event ({key, altKey, ctrlKey, metaKey}), or null.
 * @param {{key: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean} | null | undefined} event
 */
export function keyAction(event) {
  if (!event || event.altKey || event.ctrlKey || event.metaKey) return null;
  return KEY_ACTIONS[event.key] ?? null;
}

/**
 * The step's position and words (read from the hand's `deltas`), or null.
 * @param {SomeData} data
 * @param {number} hand
 * @param {number} step
 */
export function stepAt(data, hand, step) {
  return /** @type {ReplayStep | undefined} */ (handSteps(data?.hands?.[hand])[step]) ?? null;
}

/**
 * What to say at (hand, step), each sentence once: the step's `say`, its `note` when the
 * record has one, and at the last step of a finished hand the `result` and, at the last
 * hand's end, the match's `end`. `score` and `tally` are as of that moment.
 * @param {SomeData} data
 * @param {number} hand
 * @param {number} step
 */
export function wordsAt(data, hand, step) {
  const handData = data?.hands?.[hand];
  const here = stepAt(data, hand, step);
  if (!handData || !here) return null;
  const ended = Boolean(handData.result) && step >= stepCount(data, hand);
  return {
    say: here.say ?? "",
    note: here.note || null,
    result: ended ? handData.result : null,
    end: ended && hand === handCount(data) - 1 ? data.end || "" : "",
    score: (ended ? handData.score_after : null) ?? handData.score_before ?? null,
    tally: (ended ? handData.tally_after : null) ?? handData.tally_before ?? "",
  };
}

/**
 * The delay between moves while playing, in ms, for `speed` moves per second.
 * @param {unknown} speed
 */
export function playDelay(speed) {
  const s = Number(speed);
  return Math.round(1000 / (Number.isFinite(s) && s > 0 ? Math.min(Math.max(s, 0.25), 20) : 2));
}
