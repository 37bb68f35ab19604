// Learn from your mistakes, as plain values to draw (DOM-free): the words of the exercise
// under way, the mover's tiles for the tray (which can be tried), the felt's seats from the
// mover's view alone, and the answer's tile on the line once it is shown. `view` is the
// drill's (the kernel's `mistakes` trait, or js/kit/replay/mistakes.mjs's drillView on the one-file page).

import { legalMoveOfKind, legalMovesForTile } from "../common/move_choice.mjs";
import { bestTile } from "../common/best_tile.mjs";
import { verdictSign } from "./replay_analysis.mjs";
import { seatInfos } from "./replay_view.mjs";
import { moveWords } from "./mistakes.mjs";

/** @typedef {import("../common/views.mjs").MistakesView} MistakesView */
/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {{kind: string, text: string, note?: string}} Feedback what a try got */
/**
 * @typedef {{heading: string, ask: string, inGame: string, feedback: Feedback | null, answer: string | null, why: string,
 *   done: string, next: string, coming: string}} LearnWords the drill's words, part by part
 */
/** @typedef {{tiles: {tile: string, tried: boolean, enabled: boolean}[], pass: string | null}} LearnTray */

/**
 * Whether a drill is on (a view with a seat).
 * @param {Partial<MistakesView> | null | undefined} view
 * @returns {view is MistakesView}
 */
export const learning = (view) => Boolean(view && view.seat);

/**
 * A seat's name as the record gives it.
 * @param {ReplayData} data
 * @param {string} seat
 */
const nameOf = (data, seat) => data.players?.[seat]?.name || seat;

/**
 * The words of the drill: heading, question, the game's move, feedback, answer, the end, the
 * next button, and `coming`: while the analysis is still under way, its line ("Judging hand 5
 * of 10…"); the count is then of the mistakes found so far, and the drill may wait for the next.
 * @param {ReplayData} data
 * @param {MistakesView} view
 * @param {Word} word
 * @returns {LearnWords}
 */
export function learnWords(data, view, word) {
  const who = nameOf(data, view.seat);
  const task = view.exercise;
  const coming = view.coming ?? "";
  if (!task) {
    const done = view.status === "waiting" ? word("learn_waiting", { who }) : view.total ? word("learn_done", { solved: view.solved, total: view.total }) : word("learn_none", { who });
    return { heading: word("learn_mistakes"), ask: "", inGame: "", feedback: null, answer: null, why: "", done, next: "", coming };
  }
  const over = view.status === "solved" || view.status === "close" || view.status === "answered";
  const tried = moveWords(task, view.tried);
  // a wrong try: what it gives away, and (note), the right tile on the wrong end, why the end matters
  const wrong = (/** @type {string} */ kind, /** @type {string} */ key) => ({ kind, text: word(key, { move: tried, loss: view.reply?.loss ?? "?" }), note: view.reply?.note ?? "" });
  /** @type {Record<string, () => Feedback>} */
  const feedbacks = {
    again: () => wrong("again", "learn_again"),
    solved: () => ({ kind: "solved", text: word("learn_solved", { move: tried }) }),
    close: () => ({ kind: "close", text: word("learn_close_call", { move: tried }) }),
    answered: () => wrong("answered", "learn_wrong_again"),
  };
  const feedback = feedbacks[view.status]?.() ?? null;
  return {
    heading: word(coming ? "learn_heading_so_far" : "learn_heading", { n: view.index + 1, total: view.total, hand: task.hand + 1, step: task.ply + 1 }),
    ask: over ? "" : word("learn_ask", { who }),
    inGame: word("learn_in_game", { move: `${task.played_item} ${verdictSign(task.verdict)}`.trim() }),
    feedback,
    answer: over && view.answer ? word("learn_answer", { move: view.answer.item }) : null,
    why: over && view.answer ? view.answer.why : "",
    done: "",
    next: over ? word(view.index + 1 >= view.total && !coming ? "learn_finish" : "learn_next") : "",
    coming,
  };
}

/**
 * The tray: each of the mover's tiles, and whether it may be tried now; a pass when one is legal.
 * @param {MistakesView} view
 * @returns {LearnTray}
 */
export function learnTray(view) {
  const task = view.exercise;
  if (!task) return { tiles: [], pass: null };
  const open = view.status === "trying" || view.status === "again";
  const hand = task.position.hands?.[view.seat];
  // a tile is offered when it has a legal move not tried yet (the wrong try stays marked)
  const tiles = (Array.isArray(hand) ? hand : []).map((tile) => {
    const moves = legalMovesForTile(task.legal, tile).map((move) => move.text);
    const tried = (view.status === "again" || view.status === "answered") && view.tried !== null && moves.includes(view.tried); // a wrong try
    return { tile, tried, enabled: open && moves.some((move) => move !== view.tried) };
  });
  const pass = legalMoveOfKind(task.legal, "pass");
  return { tiles, pass: pass && open ? pass.text : null };
}

/**
 * The felt's seats for the exercise: the mover at the bottom, the others face down; its tiles are in the tray.
 * @param {ReplayData} data
 * @param {MistakesView} view
 */
export function learnSeats(data, view) {
  const { infos, sides } = seatInfos({ ...data, bottom: view.seat }, view.exercise?.position ?? {}, {});
  if (infos.bottom) infos.bottom = { ...infos.bottom, showTiles: false };
  return { infos, sides };
}

/**
 * The answer's tile apart on the line, once the answer shows (null before, or for a pass); the panel words it.
 * @param {MistakesView} view
 * @returns {import("../common/line_view.mjs").Ghost | null}
 */
export function learnGhost(view) {
  const best = view.answer ? bestTile({ best: view.answer.move }) : null;
  return best && view.answer ? { halves: best.halves, end: best.end, name: view.answer.item } : null;
}
