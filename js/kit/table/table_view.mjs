// The Table's view as the front end reads it (js/PROTOCOL.md): defaults for missing keys,
// and the few questions every part asks of it. DOM-free.

import { moveItems } from "../common/panels.mjs";

/** @typedef {import("../common/views.mjs").TableView} TableView */
/** @typedef {import("../common/views.mjs").ScorePanel} ScorePanel */
/**
 * The view as the front end reads it: a TableView, but for a view that came without them (a
 * table not yet set, a garbled key) no bottom seat and no score.
 * @typedef {Omit<TableView, "bottom" | "score"> & {bottom: string | null, score: ScorePanel | null}} ReadView
 */

/** @type {ReadView} */
export const DEFAULT_VIEW = {
  v: 2,
  lang: "en",
  game: "partnership",
  title: "",
  seats: [],
  bottom: null,
  players: {},
  viewer: null,
  hands: {},
  pips: {},
  line: [],
  lead: 0,
  last: null,
  ends: null,
  turn: null,
  pile: null,
  passed: [],
  moves: [],
  move_words: [],
  move_items: [],
  legal: [],
  pass_word: "pass",
  playable: [],
  hand_number: 0,
  hand_label: "",
  phase: "playing",
  status: "",
  message: null,
  score: null,
  leader_choices: [],
  leader_prompt: "",
  cover: null,
  result: null,
  look: null,
  can_undo: false,
  coach: false,
  hint: null,
  recap: "",
  seat_moves: {},
  holding: false,
  announce: "",
  animate: false,
  speed: null,
  speeds: [],
  counting: null,
  presence: {},
  watching: 0,
  can_set_table: true,
  fair: null,
};
const LIST_KEYS = ["seats", "line", "passed", "moves", "move_words", "move_items", "legal", "playable", "leader_choices", "speeds"];
const OBJECT_KEYS = ["players", "hands", "pips", "seat_moves", "presence"];

/**
 * The view with every key present and of its type: a garbled or missing key takes its default.
 * @param {unknown} raw the kernel's (or the server's) view
 * @returns {ReadView}
 */
export function readView(raw) {
  /** @type {ReadView} */
  const view = { ...DEFAULT_VIEW, ...(raw && typeof raw === "object" ? raw : {}) };
  const keyed = /** @type {Record<string, unknown>} */ (view); // (each key checked by name)
  for (const key of LIST_KEYS) if (!Array.isArray(keyed[key])) keyed[key] = [];
  for (const key of OBJECT_KEYS) if (!keyed[key] || typeof keyed[key] !== "object") keyed[key] = {};
  if (!view.bottom || !view.seats.includes(view.bottom)) view.bottom = view.viewer ?? view.seats[0] ?? null;
  return view;
}

/**
 * The hand is over: the tray shows its result instead of the hand.
 * @param {ReadView} view
 */
export function showsResult(view) {
  return view.phase === "hand_over" || view.phase === "match_over";
}

/**
 * Moves go only from a playing table, to a seat at the screen, not while looking back.
 * @param {ReadView} view
 */
export function canSendMoves(view) {
  return Boolean(view.viewer) && view.phase === "playing" && !view.look;
}

/**
 * The person at the screen is to move now.
 * @param {ReadView} view
 */
export function isMyTurn(view) {
  return canSendMoves(view) && view.turn === view.viewer && view.legal.length > 0;
}

/**
 * The person must pass or draw: every legal move is a pass or a draw (the tiles are dimmed).
 * @param {ReadView} view
 */
export function mustPassOrDraw(view) {
  return isMyTurn(view) && view.legal.every((move) => / (pass|draw)$/.test(move));
}

/**
 * The move list's items: the kernel's short words for each move, after the deal.
 * @param {ReadView} view
 * @param {import("../common/words.mjs").Word} word
 */
export function moveListItems(view, word) {
  return moveItems(word, view.moves, view.move_items, view.move_words);
}

/**
 * The ply shown: the one looked at, else the latest.
 * @param {ReadView} view
 */
export function currentPly(view) {
  return view.look ? view.look.ply : view.moves.length;
}
