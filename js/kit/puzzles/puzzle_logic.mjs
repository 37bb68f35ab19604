// The steps of a puzzle run, on cards alone: the same steps as the kernel's
// dominoes_widget/sessions/puzzles/logic.py, for the one-file puzzles page, which has no
// kernel. DOM-free. The page carries every card (with each legal move's verdict and why);
// js/kit/puzzles/puzzle_logic.test.mjs and tests/test_puzzle_session.py run the same cases
// (tests/data/puzzle_cases.json) through both.
//
// On the page it is a session (kit/common/page_session.mjs): puzzleSession(setup).
//
// Scoring: a puzzle solved with no wrong move and without the second hint (the move itself)
// scores 1 and adds 1 to the streak; a wrong move, or the move shown, ends the streak.

import { stepSession } from "../common/page_session.mjs";

export const FILTERS = ["game", "theme", "level"];
export const HINT_STEPS = 2;
export const MAX_MOVE = 40;
const PROTOCOL_VERSION = 2;

/** @typedef {import("../common/views.mjs").PuzzleCard} PuzzleCard */
/** @typedef {import("../common/views.mjs").PuzzleChoice} PuzzleChoice */
/** @typedef {import("../common/views.mjs").PuzzleFeedback} PuzzleFeedback */
/** @typedef {import("../common/views.mjs").PuzzleState} PuzzleState */
/** @typedef {Record<string, string | null>} Filters the filter chosen by name (null: any) */
/** @typedef {{game: string, themes: string[], band: string}} Summary what the filters read of a card */
/**
 * The cards and words a run goes over: the page's setup, read once (pageRun).
 * @typedef {{summaries: Summary[], card: (index: number) => PuzzleCard, choices: Record<string, PuzzleChoice[]>,
 *   words: Record<string, string>, refusals: Record<string, string>}} Run
 */
/**
 * Where a run is: the filters and the cards they let through (`order`), the one shown
 * (`at`), and its hints, tries and feedback; the score and the streak so far.
 * @typedef {{filters: Filters, order: number[], at: number, streak: number, score: number, hint: number,
 *   tried: string[], solved: boolean, feedback: PuzzleFeedback | null}} RunState
 */
/** @typedef {{state: RunState, refused: string | null}} Stepped */

/**
 * The indices of the cards that pass `filters` (null: any).
 * @param {Summary[]} summaries
 * @param {Filters} filters
 */
export function matching(summaries, filters) {
  const { game = null, theme = null, level = null } = filters;
  /** @type {number[]} */
  const out = [];
  summaries.forEach((card, index) => {
    if ((game === null || card.game === game) && (theme === null || card.themes.includes(theme)) && (level === null || card.band === level)) out.push(index);
  });
  return out;
}

/**
 * The first state of a run over these cards.
 * @param {Summary[]} summaries
 * @param {Filters} [filters]
 * @returns {RunState}
 */
export function start(summaries, filters = {}) {
  const chosen = Object.fromEntries(FILTERS.map((name) => [name, filters[name] ?? null]));
  return fresh({ filters: chosen, order: matching(summaries, chosen), at: 0, streak: 0, score: 0 });
}

/**
 * `state` on a puzzle just opened: no hint, no try, no feedback.
 * @param {Omit<RunState, "hint" | "tried" | "solved" | "feedback">} state
 * @returns {RunState}
 */
function fresh(state) {
  return { ...state, hint: 0, tried: [], solved: false, feedback: null };
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The state after `intent` ({state, refused: null}), or the same state and the refusal's key.
 * @param {RunState} state
 * @param {unknown} intent
 * @param {Run} run
 * @returns {Stepped}
 */
export function apply(state, intent, run) {
  if (!isObject(intent)) return { state, refused: "bad_intent" };
  const kind = intent.type;
  if (kind === "filter") return filter(state, intent, run);
  if (kind !== "answer" && kind !== "hint" && kind !== "next") return { state, refused: "bad_intent" };
  const move = intent.move;
  if (kind === "answer" && !(typeof move === "string" && move.length > 0 && move.length <= MAX_MOVE)) return { state, refused: "bad_intent" };
  if (state.order.length === 0) return { state, refused: "no_puzzle" };
  if (kind === "next") return { state: fresh({ ...state, at: (state.at + 1) % state.order.length }), refused: null };
  if (kind === "hint") return state.hint >= HINT_STEPS ? { state, refused: "no_hint" } : { state: { ...state, hint: state.hint + 1 }, refused: null };
  if (typeof move !== "string") return { state, refused: "bad_intent" }; // (an answer's move was checked above)
  const current = run.card(state.order[state.at]);
  const verdict = Object.hasOwn(current.verdicts, move) ? current.verdicts[move] : null;
  if (state.solved) return { state, refused: "solved" };
  if (verdict === null) return { state, refused: "not_legal" };
  const label = current.view.items.find((item) => item.move === move)?.label ?? move;
  const feedback = { move, label, right: verdict.right, title: run.words[verdict.right ? "right" : "wrong"], why: [...verdict.why] };
  if (!verdict.right) {
    const tried = state.tried.includes(move) ? state.tried : [...state.tried, move];
    return { state: { ...state, tried, streak: 0, feedback }, refused: null };
  }
  const clean = state.tried.length === 0 && state.hint < HINT_STEPS;
  return { state: { ...state, solved: true, feedback, score: state.score + (clean ? 1 : 0), streak: clean ? state.streak + 1 : 0 }, refused: null };
}

/**
 * A filter chosen: the run starts again over the cards that pass.
 * @param {RunState} state
 * @param {Record<string, unknown>} intent
 * @param {Run} run
 * @returns {Stepped}
 */
function filter(state, intent, run) {
  const filters = { ...state.filters };
  for (const name of FILTERS) {
    if (!Object.hasOwn(intent, name)) continue;
    const value = intent[name];
    if (value !== null && !(typeof value === "string" && run.choices[name].some((c) => c.value === value))) return { state, refused: "bad_filter" };
    filters[name] = value;
  }
  return { state: fresh({ ...state, filters, order: matching(run.summaries, filters), at: 0 }), refused: null };
}

/**
 * What the page shows: the puzzle's view (never its verdicts), the hints shown, the score.
 * @param {RunState} state
 * @param {Run} run
 * @param {string} lang
 * @returns {PuzzleState}
 */
export function publicView(state, run, lang) {
  const order = state.order;
  const current = order.length ? run.card(order[state.at]) : null;
  return {
    v: PROTOCOL_VERSION,
    lang,
    filters: { ...state.filters },
    choices: Object.fromEntries(Object.entries(run.choices).map(([name, values]) => [name, values.map((c) => ({ ...c }))])),
    total: run.summaries.length,
    count: order.length,
    number: order.length ? state.at + 1 : 0,
    puzzle: current ? current.view : null,
    hints: current ? current.hints.slice(0, state.hint) : [],
    feedback: state.feedback,
    tried: [...state.tried],
    solved: state.solved,
    streak: state.streak,
    score: state.score,
    empty: order.length ? null : run.words.none_match,
  };
}

/**
 * The page's setup, as `html --puzzles` writes it (js/PROTOCOL.md, "The one-file puzzles page").
 * @typedef {{cards?: PuzzleCard[], choices?: Record<string, PuzzleChoice[]>, words?: Record<string, string>,
 *   refusals?: Record<string, string>, filters?: Filters, lang?: string}} PageSetup
 */

/**
 * A run over the page's setup ({cards, choices, words, refusals, filters, lang}).
 * @param {PageSetup} setup
 * @returns {Run}
 */
export function pageRun(setup) {
  const cards = setup.cards ?? [];
  return {
    summaries: cards.map((c) => ({ game: c.game, themes: c.themes, band: c.band })),
    card: (/** @type {number} */ index) => cards[index],
    choices: setup.choices ?? { game: [], theme: [], level: [] },
    words: setup.words ?? {},
    refusals: setup.refusals ?? {},
  };
}

/**
 * The puzzle run of the page's setup as a session: the `view` trait, and a refusal as the
 * kernel's error message (in the setup's words).
 * @param {PageSetup} setup
 */
export function puzzleSession(setup) {
  const run = pageRun(setup);
  const lang = setup.lang ?? "en";
  return stepSession({
    state: start(run.summaries, setup.filters ?? {}),
    step: (state, intent) => apply(state, intent, run),
    traits: (state) => ({ view: publicView(state, run, lang) }),
    refusal: (key) => ({ type: "error", reason: "bad_message", message: run.refusals[key] ?? key }),
  });
}
