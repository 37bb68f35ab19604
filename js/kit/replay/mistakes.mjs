// Learn from your mistakes, with no kernel: the try counting of
// dominoes_widget/sessions/replay/mistakes.py over the exercises the one-file page carries
// (its `mistakes_book`). DOM-free. The same intents as the kernel's, the same view out
// (js/PROTOCOL.md, "Learn from your mistakes"); js/kit/replay/mistakes.cases.json holds cases that the
// Python drill and this module both run (tests/test_mistakes.py, js/kit/replay/mistakes.test.mjs).
// On the page the drill is a session (kit/common/page_session.mjs): drillSession(book).

import { stepSession } from "../common/page_session.mjs";

/** @typedef {import("../common/views.mjs").MistakesView} MistakesView */
/** @typedef {import("../common/views.mjs").MistakesBook} MistakesBook */
/** @typedef {import("../common/views.mjs").MistakeExercise} MistakeExercise */
/** @typedef {import("../common/views.mjs").MistakeTask} MistakeTask */
/**
 * Where the drill is: the seat (null: off), its exercises, the one open and its tries, the
 * count solved, the status (MistakesView's) and the last move tried.
 * @typedef {{seat: string | null, found: MistakeExercise[], index: number, tries: number, solved: number,
 *   status: MistakesView["status"], tried: string | null}} DrillState
 */

/** Wrong tries before the answer is shown (mistakes.py's TRIES). */
export const TRIES = 2;

/**
 * A drill that is off: no seat.
 * @returns {DrillState}
 */
export function drillOff() {
  return { seat: null, found: [], index: 0, tries: 0, solved: 0, status: "done", tried: null };
}

/** The statuses of an exercise that is over (solved, too close to call, or its answer shown): mistakes.py's OVER. */
const OVER = ["solved", "close", "answered"];
const isOver = (/** @type {DrillState} */ state) => OVER.includes(state.status);

/**
 * What the browser draws (the kernel's `mistakes` trait has the same shape); {} when off.
 * @param {DrillState} state
 * @returns {Partial<MistakesView>} every key of a MistakesView, or none when off
 */
export function drillView(state) {
  if (state.seat === null) return {};
  const current = state.index < state.found.length ? state.found[state.index] : null;
  const wrong = state.status === "again" || state.status === "answered";
  return {
    seat: state.seat,
    index: state.index,
    total: state.found.length,
    solved: state.solved,
    tries: state.tries,
    status: state.status,
    tried: state.tried,
    reply: wrong && current && state.tried !== null ? (current.replies?.[state.tried] ?? null) : null,
    exercise: current ? current.task : null,
    answer: current && isOver(state) ? current.answer : null,
  };
}

/**
 * `state` with exercise `index` open (or done, past the last).
 * @param {DrillState} state
 * @param {number} index
 * @returns {DrillState}
 */
function opened(state, index) {
  return { ...state, index, tries: 0, tried: null, status: index < state.found.length ? "trying" : "done" };
}

/**
 * Why `intent` cannot be taken in `state` (a message key, as the kernel's refusals), or null.
 * @param {MistakesBook | null} book
 * @param {DrillState} state
 * @param {any} intent the browser's intent, not yet checked
 */
function problem(book, state, intent) {
  const kinds = ["mistakes_start", "mistakes_try", "mistakes_next", "mistakes_stop"];
  if (!intent || typeof intent !== "object" || Array.isArray(intent) || !kinds.includes(intent.type)) return "not_intent";
  if (Object.keys(intent).length > 4) return "too_many_fields";
  if (intent.type === "mistakes_start") return book?.seats?.includes(intent.seat) ? null : book ? "mistakes_bad_seat" : "mistakes_no_analysis";
  if (intent.type === "mistakes_stop") return null;
  if (state.seat === null) return "mistakes_off";
  if (intent.type === "mistakes_next") return isOver(state) ? null : "mistakes_not_over";
  if (intent.index !== state.index) return "mistakes_stale";
  if (isOver(state) || state.status === "done") return "mistakes_over";
  if (typeof intent.move !== "string") return "move_not_text";
  if (!state.found[state.index].task.legal.includes(intent.move)) return "mistakes_not_legal";
  return null;
}

/**
 * One intent on the drill: {state, refused}. A refused intent (refused: its message key)
 * leaves the state as it was.
 * @param {MistakesBook | null} book
 * @param {DrillState} state
 * @param {any} intent the browser's intent: problem() checks it first
 * @returns {{state: DrillState, refused: string | null}}
 */
export function drillIntent(book, state, intent) {
  const refused = problem(book, state, intent);
  if (refused) return { state, refused };
  if (intent.type === "mistakes_start") {
    const found = book?.exercises?.[intent.seat] ?? [];
    return { state: opened({ ...drillOff(), seat: intent.seat, found }, 0), refused: null };
  }
  if (intent.type === "mistakes_stop") return { state: drillOff(), refused: null };
  if (intent.type === "mistakes_next") return { state: opened(state, state.index + 1), refused: null };
  // the kernel decided which moves are good and which too close to call (the marks' rule): counted here
  const tries = state.tries + 1;
  const exercise = state.found[state.index];
  const kept = exercise.accepted.includes(intent.move) ? "solved" : (exercise.close ?? []).includes(intent.move) ? "close" : null;
  const status = kept ?? (tries >= TRIES ? "answered" : "again");
  return { state: { ...state, tries, tried: intent.move, status, solved: state.solved + (kept ? 1 : 0) }, refused: null };
}

/**
 * The label of a move of the exercise ("6-4 on the left"), or the move as written.
 * @param {MistakeTask | null | undefined} task
 * @param {string | null | undefined} move
 */
export function moveWords(task, move) {
  const at = move ? (task?.legal?.indexOf(move) ?? -1) : -1;
  return at >= 0 ? (task?.labels?.[at] ?? move ?? "") : (move ?? "");
}

/**
 * The one-file page's part of the Replay's session (sessions/replay/session.py's `handle`):
 * `hello` answered `live` (the drill can be asked), each drill intent counted over `book`,
 * the `mistakes` trait its view. A refusal comes back as the kernel's `mistakes_refused`, with
 * no words (the page carries none for them; what it offers to click is never refused).
 * @param {MistakesBook} book the page's `mistakes_book`
 * @returns {import("../common/page_session.mjs").PageSession}
 */
export function drillSession(book) {
  const drill = stepSession({
    state: drillOff(),
    step: (state, intent) => drillIntent(book, state, intent),
    traits: (state) => ({ mistakes: drillView(state) }),
    refusal: (key) => ({ type: "mistakes_refused", reason: key, message: "" }),
  });
  return {
    traits: drill.traits,
    handle: (intent) => (/** @type {any} */ (intent)?.type === "hello" ? { replies: [{ type: "live" }], changed: false } : drill.handle(intent)),
  };
}
