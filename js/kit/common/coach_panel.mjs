// The coach's panel: each legal move with its estimated win share as a bar, the best one
// marked, and the coach's words. Every figure comes from the kernel.

import { h, setChildren } from "./dom.mjs";
import { percent } from "./words.mjs";

/** @typedef {import("./views.mjs").JudgedMove} JudgedMove */
/**
 * A judged move as the coach reads it: its win chance at least (the share and the ranges when
 * the kernel sent them).
 * @typedef {Pick<JudgedMove, "move" | "win"> & Partial<JudgedMove>} CoachMove
 */
/** @typedef {{moves?: CoachMove[], best?: string | null, words?: string}} CoachHint the Hint, as the coach reads it */
/** @typedef {import("./words.mjs").Word} Word */

/**
 * Draw `hint` ({moves, best, words}, js/PROTOCOL.md) into `section`, hidden when null.
 * @param {HTMLElement} section
 * @param {CoachHint | null | undefined} hint
 * @param {string} lang
 * @param {Word} word
 */
export function drawCoach(section, hint, lang, word) {
  section.hidden = !hint;
  if (!hint) return;
  setChildren(section,
    h("h3", { className: "dw-panel-title", text: word("coach") }),
    hint.words ? h("p", { className: "dw-hint-words", text: hint.words }) : null,
    h("ol", { className: "dw-hint-moves" }, ...(hint.moves ?? []).map((move) => hintRow(move, move.move === hint.best, lang, word))),
  );
}

/**
 * A judged move's chance as the coach shows it (on its rows and on the hand's tiles alike): the
 * share of the hand, a tie counting half, with its range, as the study page shows it; from the
 * win alone when the kernel sent no share.
 * @param {CoachMove} judged
 * @returns {{win: number, low: number | undefined, high: number | undefined}}
 */
export function judgedChance(judged) {
  return judged.share !== undefined ? { win: judged.share, low: judged.share_low, high: judged.share_high }
    : { win: judged.win, low: judged.low, high: judged.high };
}

/**
 * @param {CoachMove} judged
 * @param {boolean} best
 * @param {string} lang
 * @param {Word} word
 */
function hintRow(judged, best, lang, word) {
  const move = { ...judged, ...judgedChance(judged) };
  const ranged = Number.isFinite(move.low) && Number.isFinite(move.high);
  const range = ranged ? word("win_range", { low: percent(move.low, lang), high: percent(move.high, lang) }) : "";
  return h(
    "li",
    { className: `dw-hint-move${best ? " dw-best" : ""}`, title: range || null },
    h("span", { className: "dw-hint-label", text: move.label ?? move.move }),
    h("span", { className: "dw-hint-bar", style: `--dw-win: ${Math.max(0, Math.min(1, Number(move.win) || 0))}` }),
    h("span", { className: "dw-hint-win", text: percent(move.win, lang) }),
    best ? h("span", { className: "dw-mark dw-mark-best", text: word("best") }) : null,
  );
}
