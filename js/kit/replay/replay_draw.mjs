// Drawing one position of the Replay into the DOM of replay_skeleton.mjs. Each part redraws
// only when what it shows changed (`state.changed`, a changeTracker), so a step costs the
// few parts that move; what each part shows comes from replay_view.mjs.
//
// `state` is the Replay's: {data, word, changed, showBest, side, lineSize, stripSize,
// stripMarker}; drawing keeps `side` (the strip's side) and `stripMarker` up to date.

import { defaultSide, flaggedMarks, handAnalysis, judgedMoveAt, sideLabel, shownMarkAt, stripPoints } from "./replay_analysis.mjs";
import { handCount, stepAt, wordsAt } from "./replay_steps.mjs";
import { handSteps } from "./replay_deltas.mjs";
import { h, setChildren } from "../common/dom.mjs";
import { drawSeat, fillLine } from "../common/felt.mjs";
import { lineDrawing } from "../common/line_view.mjs";
import { drawCounting, drawMoveList, drawScore, markCurrentMove } from "../common/panels.mjs";
import { STEP_ACTIONS } from "./replay_skeleton.mjs";
import { fairLine } from "./replay_fair.mjs";
import { drawResult } from "../common/result_panel.mjs";
import { bestMoveView, controlTexts, cornerTexts, idleActions, judgedMovesView, lineLabel, matchStrip, moveListItems, seatInfos, stripTitles, stripWords, verdictView } from "./replay_view.mjs";
import { stripDrawing, stripMarker } from "./strip.mjs";
import { drawLearnPanel } from "./learn_panel.mjs";
import { pileWords } from "../common/words.mjs";
import { learnGhost, learnSeats, learning, learnTray, learnWords } from "./learn_view.mjs";

/** @typedef {import("../common/views.mjs").AnalysisMark} AnalysisMark */
/** @typedef {import("../common/views.mjs").AnalysisSummary} AnalysisSummary */
/** @typedef {import("../common/views.mjs").Counting} Counting */
/** @typedef {import("../common/views.mjs").MistakesView} MistakesView */
/** @typedef {import("../common/views.mjs").ReplayAnalysis} ReplayAnalysis */
/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("../common/views.mjs").ReplayStep} ReplayStep */
/** @typedef {import("../common/felt.mjs").SeatInfo} SeatInfo */
/** @typedef {import("../common/line_view.mjs").Ghost} Ghost */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {import("./replay_fair.mjs").FairChecks} FairChecks */
/** @typedef {import("./replay_skeleton.mjs").ReplayUi} ReplayUi */
/** @typedef {import("./replay_steps.mjs").Position} Position */
/** @typedef {import("./replay_steps.mjs").Said} Said */
/** @typedef {{width: number, height: number}} Size a box's size in px */
/** @typedef {{tile: string, moves: import("../common/move_choice.mjs").Move[], ends: ("L"|"R")[]}} LearnChoice the tile whose end is being chosen */
/**
 * The strip shown: its points, marks and tooltips, and, over the whole match, where each hand
 * starts and the position of each point.
 * @typedef {{points: (number | null)[], marks: AnalysisMark[], titles: string[], starts?: number[], positions?: Position[]}} StripShown
 */

/**
 * The Replay's state, kept by replay_controller.mjs (see there); drawing keeps `side`, the
 * strip (`strip`, `stripShown`, `matchStrip`) and `stripMarker` up to date.
 * @typedef {object} ReplayState
 * @property {ReplayData} data
 * @property {Word} word
 * @property {ReturnType<typeof import("../common/dom.mjs").changeTracker>} changed
 * @property {Size} lineSize
 * @property {Size} stripSize
 * @property {boolean} analysed
 * @property {boolean} judging
 * @property {boolean} fairDeals
 * @property {FairChecks | null} fairChecks
 * @property {string | null} side
 * @property {boolean} showBest
 * @property {boolean} matchScope
 * @property {Element | null} stripMarker
 * @property {boolean} live
 * @property {Partial<MistakesView>} learnView
 * @property {LearnChoice | null} choice
 * @property {string} learnRefused
 * @property {StripShown | null} [strip]
 * @property {{points: (number | null)[], titles: string[]} | null} [stripShown]
 * @property {StripShown & {data: ReplayData, side: string | null}} [matchStrip]
 */

const LINE_UNIT = { minUnit: 6, maxUnit: 30 };

/**
 * Draw (hand, step) of `state.data`; a record with no hand shows only its problems.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {Position} position
 */
export function drawPosition(ui, state, { hand, step }) {
  const data = state.data;
  const bad = handCount(data) === 0;
  ui.root.classList.toggle("dw-empty", bad);
  ui.board.hidden = bad;
  if (bad) return;
  const drilling = learning(state.learnView);
  // (an analysis under way will do: the drill starts at the first mistake found)
  ui.learnBar.hidden = drilling || !((state.analysed || state.judging) && state.live);
  ui.root.classList.toggle("dw-learning", drilling);
  ui.playPanel.classList.toggle("dw-learning", drilling);
  ui.learnPanel.hidden = !drilling;
  if (drilling) return drawLearning(ui, state);
  const word = state.word;
  /** @type {Partial<Said>} */
  const said = wordsAt(data, hand, step) ?? {};
  const analysis = handAnalysis(data.hands[hand]);
  const best = state.showBest && analysis ? bestMoveView(data, hand, analysis, step, word) : null;
  // With the best move asked for, the felt shows the position where that decision was made.
  /** @type {Partial<ReplayStep>} */
  const here = stepAt(data, hand, best ? best.before : step) ?? {};
  ui.felt.root.classList.toggle("dw-before-move", Boolean(best));
  ui.bestInfo.textContent = best?.compare ?? "";
  ui.bestInfo.hidden = !best;
  drawCorners(ui, cornerTexts(data, hand, here, said, word));
  drawSeats(ui, state, seatInfos(data, here, said));
  drawLine(ui, state, here, best?.ghost ?? null);
  drawWords(ui, state, said, verdictView(shownMarkAt(analysis, step), word));
  drawJudged(ui, state, judgedMovesView(judgedMoveAt(analysis, step), state.data.lang, word));
  drawFairLine(ui, state, hand);
  drawSide(ui, state, hand, step, said, analysis);
  drawAnalysis(ui, state, hand, step, analysis);
  drawCountingPanel(ui, state, here.counting ?? null);
  drawControls(ui, data, { hand, step }, word);
  if (state.changed("summary", [data.summary ?? null])) drawSummary(ui, data.summary ?? null);
}

/**
 * Learn from your mistakes: the exercise's position from its seat's view, and the drill's panel.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 */
function drawLearning(ui, state) {
  const { data, word, learnView: view } = state;
  if (!learning(view)) return;
  /** @type {Partial<import("../common/views.mjs").Position>} */
  const here = view.exercise?.position ?? { line: [], hands: {} };
  const words = learnWords(data, view, word);
  if (state.learnRefused) words.feedback = { kind: "refused", text: state.learnRefused };
  ui.felt.root.classList.remove("dw-before-move");
  drawCorners(ui, { title: data.title ?? "", where: word("learn_mistakes"), tally: "", pile: pileWords(here.pile, word) });
  drawSeats(ui, state, learnSeats(data, view));
  drawLine(ui, state, here, learnGhost(view));
  drawLearnPanel(ui, { words, tray: learnTray(view), choice: state.choice, ends: here.ends ?? null, word });
}

/**
 * The analysis's table per player ({title, head, titles, rows}, ready-made words), or nothing.
 * @param {ReplayUi} ui
 * @param {AnalysisSummary | null} summary
 */
export function drawSummary(ui, summary) {
  const table = ui.summary;
  ui.summaryBox.hidden = !summary?.rows?.length;
  if (!summary || ui.summaryBox.hidden) return setChildren(table);
  ui.summaryTitle.textContent = summary.title ?? "";
  const cells = (/** @type {"td" | "th"} */ tag, /** @type {string[]} */ row) => row.map((text, i) => h(i === 0 && tag === "td" ? "th" : tag, { text, scope: i === 0 && tag === "td" ? "row" : null }));
  const titles = summary.titles ?? [];
  const heads = (summary.head ?? []).map((text, i) => h("th", { text, title: titles[i] || null, "aria-label": titles[i] || null }));
  setChildren(
    table,
    h("thead", {}, h("tr", {}, ...heads)),
    h("tbody", {}, ...summary.rows.map((row) => h("tr", {}, ...cells("td", row)))),
  );
}

/**
 * @param {ReplayUi} ui
 * @param {{title: string, where: string, tally: string, pile: string | null}} corners
 */
function drawCorners(ui, corners) {
  setChildren(ui.felt.corners.topStart, h("strong", { text: corners.title }), h("span", { className: "dw-where", text: corners.where }));
  setChildren(ui.felt.corners.topEnd, h("span", { className: "dw-tally", text: corners.tally }), corners.pile ? h("span", { className: "dw-pile", text: corners.pile }) : null);
}

/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {{infos: Record<string, SeatInfo | null>, sides: boolean}} seats
 */
function drawSeats(ui, state, { infos, sides }) {
  if (!state.changed("seats", infos)) return;
  for (const [place, info] of Object.entries(infos)) drawSeat(ui.felt.seats[place], info, state.word);
  ui.felt.root.classList.toggle("dw-no-sides", !sides);
}

/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {Partial<ReplayStep>} here
 * @param {Ghost | null} ghost
 */
function drawLine(ui, state, here, ghost) {
  const line = here.line ?? [];
  const { width, height } = state.lineSize;
  if (!state.changed("line", [line, here.lead, here.last, width, height, ghost])) return;
  const empty = line.length === 0;
  ui.felt.lineEmpty.hidden = !empty || Boolean(ghost);
  ui.felt.lineEmpty.textContent = empty ? state.word("line_empty") : "";
  ui.felt.lineSvg.setAttribute("aria-label", lineLabel(here, state.word));
  ui.felt.lineSvg.dataset.line = line.map(([a, b]) => `${a}-${b}`).join(" ");
  if (!width || !height) return;
  const { markup } = lineDrawing(line, here.lead ?? 0, { width, height, last: here.last ?? null, ghost, ...LINE_UNIT });
  ui.felt.lineSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  fillLine(ui.felt.lineSvg, markup);
}

/**
 * The words box: the sentence, the note, the verdict of the move just made, the result.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {Partial<Said>} said
 * @param {ReturnType<typeof verdictView>} verdict
 */
export function drawWords(ui, state, said, verdict) {
  if (!state.changed("words", [said.say, said.note, said.result, said.end, verdict])) return;
  ui.say.textContent = said.say ?? "";
  ui.note.textContent = said.note ?? "";
  ui.note.hidden = !said.note;
  ui.verdict.hidden = !verdict;
  if (verdict) {
    ui.verdict.dataset.verdict = verdict.verdict;
    ui.verdictSign.className = `dw-move-mark dw-verdict-${verdict.verdict}`;
    ui.verdictSign.textContent = verdict.sign;
    ui.verdictSign.title = verdict.name;
    ui.verdictText.textContent = verdict.text;
  }
  const result = said.result;
  ui.result.hidden = !result;
  ui.info.classList.toggle("dw-with-result", Boolean(result));
  drawResult(ui.result, result ? { ...result, match: said.end ?? null } : null, { heading: "h3" });
}

/**
 * The judged choice just made: each move with its chance and range, the best (when clear) and the played one marked.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {ReturnType<typeof judgedMovesView>} judged
 */
export function drawJudged(ui, state, judged) {
  if (!state.changed("judged", [judged])) return;
  ui.judged.hidden = !judged;
  ui.judgedTitle.textContent = judged?.title ?? "";
  setChildren(ui.judgedList, ...(judged?.rows ?? []).map((row) => h("li", { className: [row.best ? "dw-best" : "", row.played ? "dw-played" : ""].filter(Boolean).join(" ") || null, text: row.text })));
}

/**
 * The hand's deal check (replay_fair.mjs): kept as a line for every hand of a record dealt fairly.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {number} hand
 */
export function drawFairLine(ui, state, hand) {
  const kept = Boolean(state.fairDeals);
  const line = kept ? fairLine(state.word, state.fairChecks?.status(hand), hand, state.data.hands[hand]) : null;
  if (!state.changed("fair", [kept, line?.text ?? "", line?.kind ?? ""])) return;
  ui.info.classList.toggle("dw-with-fair", kept);
  ui.fairLine.hidden = !kept;
  ui.fairLine.textContent = line?.text ?? "";
  ui.fairLine.title = line?.text ?? "";
  ui.fairLine.dataset.kind = line?.kind ?? "";
}

/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {number} hand
 * @param {number} step
 * @param {Partial<Said>} said
 * @param {ReplayAnalysis | null} analysis
 */
function drawSide(ui, state, hand, step, said, analysis) {
  const data = state.data;
  const handData = data.hands[hand];
  if (state.changed("score", [said.score, handData.label])) drawScore(ui.score, said.score, { subtitle: handData.label ?? "" });
  // A hand's list is built once: its moves, words and marks change only with the data or
  // the words, which start a new tracker (onData). A step moves the current mark alone.
  if (state.changed("moves", [hand])) {
    const sentences = handSteps(handData).slice(1).map((later) => later.say);
    drawMoveList(ui.moveList, moveListItems(handData, sentences, analysis, state.word), step);
    state.changed("current-move", [step]);
  } else if (state.changed("current-move", [step])) {
    markCurrentMove(ui.moveList, step);
  }
}

// The analysis panel: the strip of the hand for the side chosen, drawn once per hand, side
// and size; at each step only its marker and the value under it change.
/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {number} hand
 * @param {number} step
 * @param {ReplayAnalysis | null} analysis
 */
function drawAnalysis(ui, state, hand, step, analysis) {
  const analysed = state.analysed;
  if (state.changed("analysis-panel", [analysed, Boolean(analysis)])) {
    ui.analysis.hidden = !analysed;
    ui.analysisNone.hidden = Boolean(analysis);
    ui.stripBox.hidden = !analysis;
    ui.sideSelect.hidden = !analysis;
    ui.bestButton.disabled = !analysis;
    ui.stripValue.textContent = "";
  }
  if (!analysis) {
    state.changed.forget("strip");
    state.stripShown = null;
    state.strip = null;
    return;
  }
  if (state.side === null || !analysis.sides.includes(state.side)) state.side = defaultSide(state.data, analysis);
  // The strip's points and titles are worked out once per hand, side and size, not per step.
  const redraw = state.changed("strip", [state.matchScope ? -1 : hand, state.side, analysis.sides, state.stripSize.width, state.stripSize.height]);
  if (redraw || !state.strip) state.strip = stripShown(state, hand, analysis);
  const strip = state.strip;
  const at = strip.starts ? strip.starts[hand] + step : step;
  const points = strip.points;
  if (redraw) drawStrip(ui, state, hand, at, strip);
  const marker = stripMarker(points, at, state.stripSize);
  const ring = state.stripMarker?.lastElementChild;
  if (state.stripMarker && ring) {
    state.stripMarker.setAttribute("transform", `translate(${marker.x} 0)`);
    ring.setAttribute("cy", String(marker.y ?? 0));
    ring.setAttribute("visibility", marker.y === null ? "hidden" : "visible");
  }
  ui.stripSvg.dataset.step = String(at);
  ui.stripValue.textContent = stripWords(step, points[at] ?? null, state.word, state.data.lang, sideLabel(state.data, hand, state.side));
}

// The strip's points, marks and tooltips: the hand's, or the whole match's (kept per side).
/**
 * @param {ReplayState} state
 * @param {number} hand
 * @param {ReplayAnalysis} analysis
 * @returns {StripShown}
 */
function stripShown(state, hand, analysis) {
  const { data, word, side } = state;
  if (!state.matchScope) {
    const points = stripPoints(analysis, side);
    return { points, marks: flaggedMarks(analysis), titles: stripTitles(points, analysis, word, data.lang, sideLabel(data, hand, side)) };
  }
  if (state.matchStrip?.data !== data || state.matchStrip?.side !== side) state.matchStrip = { data, side, ...matchStrip(data, side, word) };
  return state.matchStrip;
}

/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {number} hand
 * @param {number} at
 * @param {StripShown} strip
 */
function drawStrip(ui, state, hand, at, strip) {
  const { data, word, side } = state;
  const { width, height } = state.stripSize;
  const analysis = handAnalysis(data.hands[hand]);
  if (!analysis) return;
  setChildren(ui.sideSelect, ...analysis.sides.map((option) => h("option", { value: option, text: sideLabel(data, hand, option) })));
  ui.sideSelect.value = String(side);
  ui.stripSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  ui.stripSvg.innerHTML = stripDrawing(strip.points, { width, height, step: at, marks: strip.marks, titles: strip.titles, boundaries: strip.starts ?? [] });
  ui.stripSvg.setAttribute("aria-label", word("strip", { label: sideLabel(data, hand, side) }));
  ui.stripSvg.dataset.side = String(side);
  state.stripMarker = ui.stripSvg.querySelector(".dw-strip-now");
  state.stripShown = { points: strip.points, titles: strip.titles };
}

/**
 * What the strip's point `index` says (its move and chance) and its x, or null when there is none.
 * @param {ReplayState} state
 * @param {number | null | undefined} index
 */
export function stripTip(state, index) {
  const shown = state.stripShown;
  if (!shown || index === null || index === undefined || !(index >= 0) || index >= shown.points.length) return null;
  const text = shown.titles[index];
  return text ? { text, x: stripMarker(shown.points, index, state.stripSize).x } : null;
}

// What the bottom seat can count at this step, when the data has it.
/**
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 * @param {Counting | null} counting
 */
function drawCountingPanel(ui, state, counting) {
  if (!state.changed("counting", [counting])) return;
  ui.counting.hidden = !counting;
  drawCounting(ui.counting, counting, state.word);
}

/**
 * The slider, the counter, the hand picker and which step buttons can go anywhere.
 * @param {ReplayUi} ui
 * @param {ReplayData} data
 * @param {Position} position
 * @param {Word} word
 */
export function drawControls(ui, data, position, word) {
  const texts = controlTexts(data, position, word);
  ui.slider.max = String(texts.max);
  ui.slider.value = String(position.step);
  ui.slider.setAttribute("aria-valuetext", texts.where);
  ui.counter.textContent = texts.counter;
  if (ui.handSelect.value !== String(position.hand)) ui.handSelect.value = String(position.hand);
  const idle = idleActions(data, position, STEP_ACTIONS);
  for (const button of ui.stepButtons) {
    const action = button.dataset.action;
    if (action !== undefined && action in idle) button.disabled = idle[action];
  }
}
