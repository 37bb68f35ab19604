// What each part of the Replay shows at a position, as plain values. DOM-free.
//
// The Replay's drawing (replay_draw.mjs) puts these into the DOM; everything it shows is
// worked out here from the data (js/PROTOCOL.md, "The Replay"), the position and the words,
// so node tests cover it without a browser.

import { bestTile } from "../common/best_tile.mjs";
import { flaggedMarks, handAnalysis, moveMarkAt, sideLabel, verdictSign } from "./replay_analysis.mjs";
import { handCount, navigate, stepCount } from "./replay_steps.mjs";
import { moveItems } from "../common/panels.mjs";
import { seatsByPosition } from "../common/seats.mjs";
import { lineLabel, percent, pileWords, tileName } from "../common/words.mjs";

export { lineLabel };

/** @typedef {import("../common/views.mjs").AnalysisMark} AnalysisMark */
/** @typedef {import("../common/views.mjs").ReplayAnalysis} ReplayAnalysis */
/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("../common/views.mjs").ReplayHand} ReplayHand */
/** @typedef {import("../common/views.mjs").ReplayStep} ReplayStep */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {import("./replay_steps.mjs").Action} Action */
/** @typedef {import("./replay_steps.mjs").Position} Position */
/** @typedef {import("./replay_steps.mjs").Said} Said */
/** @typedef {import("./replay_steps.mjs").SomeData} SomeData */

/** The words key of each verdict (the strip, the move list and the words box show them). */
export const VERDICT_WORDS = Object.freeze(/** @type {Record<string, string>} */ ({ inaccuracy: "verdict_inaccuracy", mistake: "verdict_mistake", blunder: "verdict_blunder", unclear: "verdict_unclear" }));

/**
 * The felt's corners: the title and the hand (top start), the tally and the pile (top end).
 * @param {ReplayData} data
 * @param {number} hand
 * @param {Partial<ReplayStep>} here
 * @param {Partial<Said>} said
 * @param {Word} word
 */
export function cornerTexts(data, hand, here, said, word) {
  const label = data.hands[hand]?.label ?? String(hand + 1);
  const pile = pileWords(here.pile, word);
  return { title: data.title ?? "", where: word("hand_of", { hand: label, hands: handCount(data) }), tally: said.tally ?? "", pile };
}

/**
 * Each place's seat (top, left, right, bottom) as drawSeat takes it, or null for an empty place.
 * @param {ReplayData} data
 * @param {Partial<ReplayStep>} here
 * @param {Partial<Said>} said
 */
export function seatInfos(data, here, said) {
  const winners = said.result?.winners ?? [];
  const byPosition = seatsByPosition(data.seats ?? [], data.bottom);
  /** @type {Record<string, import("../common/felt.mjs").SeatInfo | null>} */
  const infos = {};
  for (const [place, seat] of Object.entries(byPosition)) {
    /** @type {Partial<import("../common/views.mjs").ReplayPlayer>} */
    const player = seat ? (data.players?.[seat] ?? {}) : {};
    infos[place] = seat
      ? {
          seat,
          label: player.label || player.name || seat,
          hand: here.hands?.[seat] ?? [],
          pips: here.pips?.[seat] ?? null,
          turn: here.turn === seat,
          passed: (here.passed ?? []).includes(seat),
          winner: winners.includes(seat),
        }
      : null;
  }
  return { infos, sides: Boolean(byPosition.left || byPosition.right) };
}

/**
 * A chance as said everywhere: whose it is and how much ("North-South 57%"). `value` is a
 * share in percent (0-100) of `side`.
 * @param {SomeData} data
 * @param {number} hand
 * @param {string} side
 * @param {number} value
 * @param {string} [lang]
 */
export function sideChance(data, hand, side, value, lang) {
  return `${sideLabel(data, hand, side)} ${sharePercent(value, lang)}`;
}

/**
 * A share in percent (0-100, one decimal as sent) as a whole percentage, halves rounded up as the kernel's words do.
 * @param {unknown} value
 * @param {string} [lang]
 */
export function sharePercent(value, lang) {
  return percent(Math.round(Number(value)) / 100, lang);
}

/**
 * "Best move" at `step`: the better alternative of the decision just made there, when that
 * move was marked (?!, ? or ??), shown on the position before it (step - 1) with its chance
 * next to the played move's, both for the mover's side. Null at any other step: the best
 * move shown is always that of the decision whose verdict is on screen.
 * @param {ReplayData} data
 * @param {number} hand
 * @param {ReplayAnalysis | null} analysis
 * @param {number} step
 * @param {Word} word
 */
export function bestMoveView(data, hand, analysis, step, word) {
  const mark = moveMarkAt(analysis, step);
  const best = bestTile(mark);
  if (!mark || !best) return null;
  const lang = data.lang;
  const side = mark.side ?? data.players?.[best.seat]?.team ?? best.seat;
  const bestChance = sideChance(data, hand, side, mark.best_share ?? 100 * mark.best_win, lang);
  const playedChance = sideChance(data, hand, side, mark.share ?? 100 * mark.win, lang);
  const tile = tileName(word, best.tile);
  const name = best.end
    ? word("best_name_end", { tile, end: word(best.end === "L" ? "end_word_left" : "end_word_right"), percent: bestChance })
    : word("best_name_lead", { tile, percent: bestChance });
  return {
    ply: mark.ply,
    before: step - 1,
    ghost: { halves: best.halves, end: best.end, label: word("best_label", { tile: String(best.tile), percent: bestChance }), name },
    compare: word("best_compare", {
      best: mark.best_item || mark.best,
      best_chance: bestChance,
      played: data.hands[hand].move_items?.[mark.ply] || mark.played,
      played_chance: playedChance,
    }),
  };
}

/**
 * The verdict of the move just made, as the words box shows it, or null.
 * @param {AnalysisMark | null} mark
 * @param {Word} word
 */
export function verdictView(mark, word) {
  if (!mark?.verdict) return null;
  const verdict = mark.verdict;
  const name = word(VERDICT_WORDS[verdict]);
  return { verdict, sign: verdictSign(verdict), name, text: mark.words || name };
}

/**
 * Every distinct move of a judged decision with its win chance and that chance's 95% range
 * ("4-2 on the left: 54% (49–59%)"), best first: the one called best only when it is clearly
 * best, the one played marked. Null without a judged move.
 * @param {AnalysisMark | null} mark
 * @param {string} lang
 * @param {Word} word
 */
export function judgedMovesView(mark, lang, word) {
  const moves = Array.isArray(mark?.moves) ? mark.moves : [];
  if (moves.length < 2) return null;
  return {
    title: word("judged_moves"),
    rows: moves.map((move) => ({
      text: word("judged_move", { label: move.label ?? move.move, percent: percent(move.share, lang), low: percent(move.share_low, lang), high: percent(move.share_high, lang) }),
      best: Boolean(mark?.clear_best) && move.move === mark?.best,
      played: move.move === mark?.played,
    })),
  };
}

/**
 * The move list of a hand: the deal, then each move in the kernel's short words with its sentence and its mark.
 * @param {ReplayHand} handData
 * @param {string[]} sentences
 * @param {ReplayAnalysis | null} analysis
 * @param {Word} word
 */
export function moveListItems(handData, sentences, analysis, word) {
  const items = moveItems(word, handData.moves ?? [], handData.move_items ?? [], sentences);
  for (const mark of flaggedMarks(analysis)) {
    const item = items[mark.ply + 1];
    if (item) item.mark = { verdict: mark.verdict, sign: verdictSign(mark.verdict), word: word(VERDICT_WORDS[mark.verdict]) };
  }
  return items;
}

/**
 * What the strip says of a point, for the side named `label`: "Deal: North-South 62%", "Move 4: North-South 58%".
 * @param {number} step
 * @param {number | null} value
 * @param {Word} word
 * @param {string} lang
 * @param {string} [label]
 */
export function stripWords(step, value, word, lang, label = "") {
  const known = value !== null && value !== undefined && Number.isFinite(Number(value));
  const chance = known ? `${label ? `${label} ` : ""}${sharePercent(value, lang)}` : word("strip_unknown");
  return step === 0 ? word("strip_deal", { percent: chance }) : word("strip_point", { step, percent: chance });
}

/**
 * Each strip point's tooltip: its words, and the verdict of the move that led there.
 * @param {(number | null)[]} points
 * @param {ReplayAnalysis | null} analysis
 * @param {Word} word
 * @param {string} lang
 * @param {string} [label]
 */
export function stripTitles(points, analysis, word, lang, label = "") {
  const verdictAfter = new Map(flaggedMarks(analysis).map((mark) => [mark.ply + 1, word(VERDICT_WORDS[mark.verdict])]));
  return points.map((value, i) => {
    const said = stripWords(i, value, word, lang, label);
    return verdictAfter.has(i) ? `${said} · ${verdictAfter.get(i)}` : said;
  });
}

/**
 * The step buttons that would go nowhere from (hand, step), by action.
 * @param {ReplayData} data
 * @param {Position} position
 * @param {readonly string[]} actions the actions, each an Action or one navigate leaves in place
 * @returns {Record<string, boolean>}
 */
export function idleActions(data, position, actions) {
  return Object.fromEntries(actions.map((action) => {
    const target = navigate(data, position, /** @type {Action} */ (action));
    return [action, target.hand === position.hand && target.step === position.step];
  }));
}

/**
 * The controls' figures: the slider's range and value, its spoken value, the counter.
 * @param {ReplayData} data
 * @param {Position} position
 * @param {Word} word
 */
export function controlTexts(data, { hand, step }, word) {
  const last = stepCount(data, hand);
  const label = data.hands[hand]?.label ?? String(hand + 1);
  return {
    max: last,
    where: word("replay_where", { hand: label, hands: handCount(data), step, moves: last }),
    counter: word("replay_counter", { step, moves: last }),
  };
}

/**
 * The strip over the whole match for `side`: every hand's points one after the other (a hand
 * not analysed leaves its steps unknown), the marks and tooltips that go with them, where
 * each hand starts, and the position (hand, step) of every point, for a click.
 * @param {ReplayData} data
 * @param {string | null} side
 * @param {Word} word
 */
export function matchStrip(data, side, word) {
  /** @type {(number | null)[]} */
  const points = [];
  /** @type {AnalysisMark[]} */
  const marks = [];
  /** @type {string[]} */
  const titles = [];
  /** @type {number[]} */
  const starts = [];
  /** @type {Position[]} */
  const positions = [];
  const lang = data.lang;
  (data.hands ?? []).forEach((handData, hand) => {
    const analysis = handAnalysis(handData);
    const own = (side === null ? undefined : analysis?.strip?.[side]) ?? [];
    const steps = (handData.moves ?? []).length + 1;
    const offset = points.length;
    starts.push(offset);
    const label = sideLabel(data, hand, side);
    const handTitles = stripTitles(Array.from({ length: steps }, (_, i) => own[i] ?? null), analysis, word, lang, label);
    for (let step = 0; step < steps; step++) {
      points.push(own[step] ?? null);
      const move = step ? handData.move_items?.[step - 1] || handData.moves?.[step - 1] : "";
      titles.push(`${handData.label ?? hand + 1} · ${handTitles[step]}${move ? ` · ${move}` : ""}`);
      positions.push({ hand, step });
    }
    for (const mark of flaggedMarks(analysis)) marks.push({ ...mark, ply: mark.ply + offset });
  });
  return { points, marks, titles, starts, positions };
}
