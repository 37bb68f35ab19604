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

/** The indices of the cards that pass `filters` (null: any). */
export function matching(summaries, filters) {
  const { game = null, theme = null, level = null } = filters;
  const out = [];
  summaries.forEach((card, index) => {
    if ((game === null || card.game === game) && (theme === null || card.themes.includes(theme)) && (level === null || card.band === level)) out.push(index);
  });
  return out;
}

/** The first state of a run over these cards. */
export function start(summaries, filters = {}) {
  const chosen = Object.fromEntries(FILTERS.map((name) => [name, filters[name] ?? null]));
  return fresh({ filters: chosen, order: matching(summaries, chosen), at: 0, streak: 0, score: 0 });
}

function fresh(state) {
  return { ...state, hint: 0, tried: [], solved: false, feedback: null };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The state after `intent` ({state, refused: null}), or the same state and the refusal's key.
 * @param {{summaries: object[], card: (i: number) => any, choices: any, words: any}} run
 */
export function apply(state, intent, run) {
  const kind = isObject(intent) ? intent.type : undefined;
  if (kind === "filter") return filter(state, intent, run);
  if (!["answer", "hint", "next"].includes(kind)) return { state, refused: "bad_intent" };
  if (kind === "answer" && !(typeof intent.move === "string" && intent.move.length > 0 && intent.move.length <= MAX_MOVE)) return { state, refused: "bad_intent" };
  if (state.order.length === 0) return { state, refused: "no_puzzle" };
  if (kind === "next") return { state: fresh({ ...state, at: (state.at + 1) % state.order.length }), refused: null };
  if (kind === "hint") return state.hint >= HINT_STEPS ? { state, refused: "no_hint" } : { state: { ...state, hint: state.hint + 1 }, refused: null };
  const current = run.card(state.order[state.at]);
  const move = intent.move;
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

/** What the page shows: the puzzle's view (never its verdicts), the hints shown, the score. */
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

/** A run over the page's setup ({cards, choices, words, refusals, filters, lang}). */
export function pageRun(setup) {
  const cards = setup.cards ?? [];
  return {
    summaries: cards.map((c) => ({ game: c.game, themes: c.themes, band: c.band })),
    card: (index) => cards[index],
    choices: setup.choices ?? { game: [], theme: [], level: [] },
    words: setup.words ?? {},
    refusals: setup.refusals ?? {},
  };
}

/**
 * The puzzle run of the page's setup as a session: the `view` trait, and a refusal as the
 * kernel's error message (in the setup's words).
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
