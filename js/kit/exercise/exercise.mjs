// An exercise in the browser: what the student has picked, the message a Check sends, and what
// each part shows for the kernel's view (js/PROTOCOL.md, "Exercise"). DOM-free.
//
// The kernel owns the question, the answer and every reason; the page only collects an answer
// (tiles, one choice, a number) and shows the verdict and the lines the kernel sends.

import { parseTile, sameTile } from "../common/tile.mjs";

/** @type {Set<unknown>} */
const STATUSES = new Set(["open", "wrong", "right", "shown"]);

/** @typedef {import("../common/views.mjs").ExerciseView} ExerciseView */
/** @typedef {ReturnType<typeof readExercise>} Exercise the view as read: every field there */
/** @typedef {{tiles: string[], option: string | null, number: string}} Pick what the student has picked */

/**
 * The kernel's view, read safely: unknown or missing fields get harmless defaults.
 * @param {unknown} raw the `view` trait as it came
 */
export function readExercise(raw) {
  /** @type {Partial<ExerciseView>} */
  const view = raw && typeof raw === "object" ? raw : {};
  /** @type {Record<string, any>} */
  const choices = view.choices && typeof view.choices === "object" ? view.choices : {};
  return {
    question: typeof view.question === "string" ? view.question : "",
    picture: typeof view.picture === "string" ? view.picture : "",
    status: STATUSES.has(view.status) ? String(view.status) : "open",
    choices: {
      type: ["tiles", "options", "number"].includes(choices.type) ? choices.type : "options",
      tiles: Array.isArray(choices.tiles) ? /** @type {string[]} */ (choices.tiles.filter((/** @type {unknown} */ t) => parseTile(t) !== null)) : [],
      options: Array.isArray(choices.options) ? /** @type {{value: string, label?: string}[]} */ (choices.options.filter((/** @type {{value?: unknown} | null} */ o) => o && typeof o.value === "string")) : [],
      min: Number.isInteger(choices.min) ? choices.min : 0,
      max: Number.isInteger(choices.max) ? choices.max : 99,
    },
    given: view.given ?? null,
    mistaken: Array.isArray(view.mistaken) ? view.mistaken : [],
    answer: view.answer ?? null,
    feedback: Array.isArray(view.feedback) ? view.feedback.map(String) : [],
    tries: Number.isInteger(view.tries) ? view.tries : 0,
  };
}

/**
 * Nothing picked yet.
 * @returns {Pick}
 */
export function emptyPick() {
  return { tiles: [], option: null, number: "" };
}

/**
 * The pick with `tile` added, or taken out when it was in.
 * @param {Pick} pick
 * @param {string} tile
 * @returns {Pick}
 */
export function toggleTile(pick, tile) {
  const tiles = picked(pick, tile) ? pick.tiles.filter((t) => !sameTile(t, tile)) : [...pick.tiles, tile];
  return { ...pick, tiles };
}

/**
 * True when the pick holds `tile`.
 * @param {Pick} pick
 * @param {string} tile
 */
export function picked(pick, tile) {
  return pick.tiles.some((t) => sameTile(t, tile));
}

/**
 * A typed number within the choice's bounds, or null.
 * @param {unknown} text
 * @param {{min?: number, max?: number}} [bounds]
 */
export function readNumber(text, { min = 0, max = 99 } = {}) {
  const trimmed = String(text ?? "").trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/**
 * The pick a view's last try stands for (so a redraw keeps what the student chose).
 * @param {Exercise} view
 * @returns {Pick}
 */
export function pickOf(view) {
  const given = view.given;
  if (view.choices.type === "tiles") return { ...emptyPick(), tiles: Array.isArray(given) ? given.map(String) : [] };
  if (view.choices.type === "number") return { ...emptyPick(), number: given === null ? "" : String(given) };
  return { ...emptyPick(), option: typeof given === "string" ? given : null };
}

/**
 * The message a Check sends for this pick, or null while there is nothing to send.
 * @param {Exercise} view
 * @param {Pick} pick
 */
export function answerMessage(view, pick) {
  const { type } = view.choices;
  if (type === "tiles") return { type: "answer", answer: [...pick.tiles] };
  if (type === "number") {
    const n = readNumber(pick.number, view.choices);
    return n === null ? null : { type: "answer", answer: n };
  }
  return pick.option === null ? null : { type: "answer", answer: pick.option };
}

/**
 * Which controls the page offers: Check (and whether it may be pressed now), Try again, Show answer.
 * @param {Exercise} view
 * @param {Pick} pick
 * @param {boolean} [waiting]
 */
export function controls(view, pick, waiting = false) {
  const done = view.status === "right" || view.status === "shown";
  return {
    locked: done || waiting,
    check: !done,
    canCheck: !done && !waiting && answerMessage(view, pick) !== null,
    retry: view.status !== "open",
    reveal: view.status !== "shown" && view.status !== "right",
  };
}

/**
 * The ui word for the verdict line, or null while nothing is answered.
 * @param {string} status
 * @returns {string | null}
 */
export function verdictKey(status) {
  return /** @type {Record<string, string>} */ ({ right: "exercise_right", wrong: "exercise_wrong", shown: "exercise_shown" })[status] ?? null;
}

/**
 * How one tile button is marked: "wrong" (picked, and the kernel says it may not be played: marked
 * as soon as the try is checked), "answer" (a tile of the revealed answer), or "".
 * @param {Exercise} view
 * @param {string} tile
 */
export function tileMark(view, tile) {
  if (view.mistaken.some((/** @type {unknown} */ t) => sameTile(t, tile))) return "wrong";
  return Array.isArray(view.answer) && view.answer.some((/** @type {unknown} */ t) => sameTile(t, tile)) ? "answer" : "";
}

/**
 * Whether a choice (an option's value, a number) is the kernel's "wrong" for the last try.
 * @param {Exercise} view
 * @param {unknown} value
 */
export function mistakenChoice(view, value) {
  return view.status !== "open" && view.mistaken.some((/** @type {unknown} */ m) => String(m) === String(value));
}
