// What a replay's analysis shows at a step. DOM-free.
//
// With an analysis each analysed hand carries `analysis: {sides, strip, marks}`
// (js/PROTOCOL.md, "The Replay"): per side the win share after every step, and the judged
// decisions, each `{ply, verdict, played, best, win, best_win, words}` where `ply` is the
// move's index in the hand (move `ply` leads from step `ply` to step `ply + 1`). The front
// end only picks: which side's strip, which mark belongs to the move just made (its sign in
// the move list, its words under the felt), and which decision is the one to make at the
// step shown (its best move on the line).

import { VERDICTS, VERDICT_SIGNS } from "./strip.mjs";

/** @typedef {import("../common/views.mjs").AnalysisMark} AnalysisMark */
/** @typedef {import("../common/views.mjs").ReplayAnalysis} ReplayAnalysis */
/** @typedef {import("../common/views.mjs").ReplayHand} ReplayHand */
/** @typedef {import("./replay_steps.mjs").Position} Position */
/** @typedef {import("./replay_steps.mjs").SomeData} SomeData */

/**
 * True when any hand of the record has an analysis.
 * @param {SomeData} data
 */
export function hasAnalysis(data) {
  return (data?.hands ?? []).some((hand) => handAnalysis(hand) !== null);
}

/**
 * A hand's analysis, or null (not analysed, or malformed).
 * @param {ReplayHand | null | undefined} hand
 * @returns {ReplayAnalysis | null}
 */
export function handAnalysis(hand) {
  const analysis = hand?.analysis;
  if (!analysis || typeof analysis !== "object" || !Array.isArray(analysis.sides) || analysis.sides.length === 0) return null;
  return analysis;
}

/**
 * The side a strip follows at first: the bottom seat's side (its team in a partnership
 * game, else the seat), when the analysis has it; else the analysis's first side.
 * @param {SomeData} data
 * @param {ReplayAnalysis | null | undefined} analysis
 * @returns {string | null}
 */
export function defaultSide(data, analysis) {
  const sides = analysis?.sides ?? [];
  const bottom = data?.bottom;
  const team = bottom === undefined ? undefined : data?.players?.[bottom]?.team;
  for (const side of [team, bottom]) if (side && sides.includes(side)) return side;
  return sides[0] ?? null;
}

/**
 * A side's name as the data already gives it: the label of its row in the score panel
 * ("North-South"), else its players' names, else the side itself.
 * @param {SomeData} data
 * @param {number} hand
 * @param {string | null} side
 */
export function sideLabel(data, hand, side) {
  const rows = data?.hands?.[hand]?.score_before?.rows ?? [];
  const row = rows.find((candidate) => candidate?.key === side);
  if (row?.label) return row.label;
  const players = data?.players ?? {};
  const names = Object.entries(players)
    .filter(([seat, player]) => seat === side || player?.team === side)
    .map(([seat, player]) => player?.name || seat);
  return names.length ? names.join(" & ") : String(side);
}

/**
 * The win shares a side's strip draws (steps + 1 points, null unknown), or [].
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {string | null} side
 * @returns {(number | null)[]}
 */
export function stripPoints(analysis, side) {
  const points = side === null ? undefined : analysis?.strip?.[side];
  return Array.isArray(points) ? points : [];
}

/**
 * The marks to show: the verdicts other than "good".
 * @param {ReplayAnalysis | null | undefined} analysis
 * @returns {AnalysisMark[]}
 */
export function flaggedMarks(analysis) {
  return (analysis?.marks ?? []).filter((mark) => Number.isInteger(mark?.ply) && VERDICTS.includes(mark.verdict));
}

/**
 * The flagged mark of move `ply` (0-based), or null.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} ply
 */
export function markOfMove(analysis, ply) {
  return flaggedMarks(analysis).find((mark) => mark.ply === ply) ?? null;
}

/**
 * At step `step`: the flagged mark of the move just made (it led to this step), or null.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} step
 */
export function moveMarkAt(analysis, step) {
  return step > 0 ? markOfMove(analysis, step - 1) : null;
}

/**
 * The mark of move `ply` (0-based) whatever its verdict, or null: every judged decision has one.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} ply
 * @returns {AnalysisMark | null}
 */
export function judgedMove(analysis, ply) {
  return (analysis?.marks ?? []).find((mark) => mark?.ply === ply) ?? null;
}

/**
 * At step `step`: the judged move just made, when it was a choice (its moves and their
 * chances are shown), or null.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} step
 */
export function judgedMoveAt(analysis, step) {
  return step > 0 ? judgedMove(analysis, step - 1) : null;
}

/**
 * At step `step`: the mark whose words show, a flagged one or one too close to call, or null.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} step
 */
export function shownMarkAt(analysis, step) {
  const mark = judgedMoveAt(analysis, step);
  return mark && (VERDICTS.includes(mark.verdict) || mark.verdict === "unclear") ? mark : null;
}

/**
 * At step `step`: the flagged decision to be made here (the next move), or null.
 * @param {ReplayAnalysis | null | undefined} analysis
 * @param {number} step
 */
export function decisionAt(analysis, step) {
  return markOfMove(analysis, step);
}

/**
 * A verdict's sign: "?!", "?" or "??" ("" for anything else).
 * @param {string} verdict
 */
export function verdictSign(verdict) {
  return /** @type {Record<string, string>} */ (VERDICT_SIGNS)[verdict] ?? "";
}

/**
 * Every step where a marked move was just made, in the record's order: [{hand, step}].
 * @param {SomeData} data
 * @returns {Position[]}
 */
export function markedSteps(data) {
  return (data?.hands ?? []).flatMap((hand, index) => flaggedMarks(handAnalysis(hand)).map((mark) => ({ hand: index, step: mark.ply + 1 })).sort((a, b) => a.step - b.step));
}

/**
 * The next (`direction` 1) or previous (-1) marked step from `position`, or null when there is none.
 * @param {SomeData} data
 * @param {Position} position
 * @param {number} direction
 */
export function nextMarked(data, position, direction) {
  const order = (/** @type {Position} */ p) => [p.hand, p.step];
  const after = (/** @type {Position} */ a, /** @type {Position} */ b) => order(a)[0] > order(b)[0] || (order(a)[0] === order(b)[0] && order(a)[1] > order(b)[1]);
  const steps = markedSteps(data);
  const found = direction > 0 ? steps.find((p) => after(p, position)) : steps.reverse().find((p) => after(position, p));
  return found ?? null;
}
