// The Replay's DOM, built once: the felt and its words box, the controls, the side panels
// (score, analysis, counting, moves, rules) and the problems of a bad record; and the
// parts that only change with the words, the record or the speed (labels, the hand picker,
// the speed picker, the play button). The drawing of a position is replay_draw.mjs's.

import { h, setChildren, svg } from "../common/dom.mjs";
import { buildFelt } from "../common/felt.mjs";
import { buildLearnBar, buildLearnPanel } from "./learn_panel.mjs";
import { buildSide } from "../common/panels.mjs";

/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {ReturnType<typeof buildReplay>} ReplayUi the Replay's DOM, part by part */

/** The speeds offered (moves per second). */
export const SPEEDS = [0.5, 1, 2, 4, 8];

// Button icons as inline SVG (icon fonts and media glyphs are missing from many systems).
// Play is the only full triangle (and says its word); one move back or forward is a chevron.
const TRIANGLE_RIGHT = "M5 3 L12 8 L5 13 Z";
const CHEVRON_LEFT = "M11 2.5 L5.5 8 L11 13.5 L12.6 11.9 L8.7 8 L12.6 4.1 Z";
const CHEVRON_RIGHT = "M5 2.5 L10.5 8 L5 13.5 L3.4 11.9 L7.3 8 L3.4 4.1 Z";
export const ICONS = Object.freeze(/** @type {Record<string, string>} */ ({
  prevHand: `<rect x="1" y="3" width="2" height="10"/><path d="M9 3 L3.5 8 L9 13 Z"/><path d="M15 3 L9.5 8 L15 13 Z"/>`,
  start: `<rect x="3" y="3" width="2" height="10"/><path d="M13 3 L6 8 L13 13 Z"/>`,
  prev: `<path d="${CHEVRON_LEFT}"/>`,
  play: `<path d="${TRIANGLE_RIGHT}"/>`,
  pause: `<rect x="4" y="3" width="3" height="10"/><rect x="9" y="3" width="3" height="10"/>`,
  next: `<path d="${CHEVRON_RIGHT}"/>`,
  end: `<path d="M3 3 L10 8 L3 13 Z"/><rect x="11" y="3" width="2" height="10"/>`,
  nextHand: `<path d="M1 3 L6.5 8 L1 13 Z"/><path d="M7 3 L12.5 8 L7 13 Z"/><rect x="13" y="3" width="2" height="10"/>`,
}));
/** Each step button: its action and the words key of its label. */
export const STEP_BUTTONS = Object.freeze(/** @type {[string, string][]} */ ([
  ["prevHand", "previous_hand"],
  ["start", "start"],
  ["prev", "back"],
  ["toggle", "play"],
  ["next", "forward"],
  ["end", "end"],
  ["nextHand", "following_hand"],
]));
/** The actions of the buttons that step (all but play/pause). */
export const STEP_ACTIONS = Object.freeze(STEP_BUTTONS.map(([action]) => action).filter((action) => action !== "toggle"));

/**
 * @param {string} name
 */
function icon(name) {
  const node = svg("svg", { class: "dw-icon", viewBox: "0 0 16 16", width: "14", height: "14", "aria-hidden": "true", focusable: "false", fill: "currentColor" });
  node.innerHTML = ICONS[name];
  return node;
}

/** The whole widget's DOM; `ui.root` goes into the page. */
export function buildReplay() {
  const felt = buildFelt();
  const words = buildWordsBox();
  const controls = buildControls();
  const progress = buildProgress();
  const learn = buildLearnPanel();
  const main = h("div", { className: "dw-main" }, felt.root, words.info, learn.learnPanel, controls.controls, progress.analysisProgress);
  const analysis = buildAnalysis();
  // scrolls in the side when long: focusable, so the keyboard reaches it (WCAG 2.1.1)
  const counting = h("section", { className: "dw-panel dw-counting", hidden: true, tabindex: "0" });
  const panels = buildSide(analysis.analysis, counting);
  const board = h("div", { className: "dw-board" }, main, panels.side);
  // the whole match's chart, wide under the board (the strip box moves here while it is open)
  const wideChart = h("section", { className: "dw-wide-chart", hidden: true });
  const play = buildPlayPanel();
  const problemsTitle = h("div", { className: "dw-problems-title" });
  const problemList = h("ul", { className: "dw-problem-list" });
  const problems = h("div", { className: "dw-problems", role: "alert", hidden: true }, problemsTitle, problemList);
  // JupyterLab: data-lm-suppress-shortcuts lets the arrows, Home/End, PageUp/PageDown and space reach us.
  const root = h("div", { className: "dominoes-widget dw-replay-widget", tabindex: "0", role: "group", "data-lm-suppress-shortcuts": "true" }, problems, board, wideChart);
  return { root, board, wideChart, felt, ...words, ...controls, ...panels, ...analysis, ...learn, ...play, ...progress, counting, problems, problemsTitle, problemList };
}

// Under the felt: the step's sentence, the record's note, the verdict, the hand's result.
function buildWordsBox() {
  const say = h("p", { className: "dw-say" });
  const note = h("p", { className: "dw-note", hidden: true });
  const verdictSign = h("span", { className: "dw-move-mark" });
  const verdictText = h("span", { className: "dw-verdict-text" });
  const verdict = h("p", { className: "dw-verdict", hidden: true }, verdictSign, verdictText);
  // with "best move" on at a marked move: the better move and the played one, each with its chance
  const bestInfo = h("p", { className: "dw-best-info", hidden: true });
  // The words and the result scroll in their boxes when long: focusable, so the keyboard
  // reaches them too (WCAG 2.1.1); the replay's keys still work there.
  const result = h("section", { className: "dw-result", hidden: true, tabindex: "0" });
  // a hand dealt fairly: its deal rechecked here (replay_fair.mjs), one line across the box
  const fairLine = h("p", { className: "dw-fair-line", hidden: true });
  const said = h("div", { className: "dw-said", tabindex: "0" }, say, note, verdict, bestInfo);
  const info = h("div", { className: "dw-info", "aria-live": "polite" }, said, result, fairLine);
  return { info, say, note, verdict, verdictSign, verdictText, bestInfo, result, fairLine };
}

function buildControls() {
  const icons = STEP_BUTTONS.map(([action]) => icon(action === "toggle" ? "play" : action));
  const stepButtons = STEP_BUTTONS.map(([action], i) => h("button", { type: "button", className: "dw-button dw-step", dataset: { action } }, icons[i]));
  const toggle = STEP_BUTTONS.findIndex(([action]) => action === "toggle");
  const playButton = stepButtons[toggle];
  playButton.classList.add("dw-play");
  const playIcon = icons[toggle];
  const playWord = h("span", { className: "dw-play-word" });
  playButton.append(playWord);
  const handSelect = h("select", { className: "dw-hand-select" });
  const slider = h("input", { className: "dw-slider", type: "range", min: "0", max: "0", step: "1", value: "0" });
  const counter = h("span", { className: "dw-counter" });
  const speedSelect = h("select", { className: "dw-speed" }, ...SPEEDS.map((speed) => h("option", { value: String(speed) })));
  const controls = h("div", { className: "dw-controls" }, h("div", { className: "dw-step-buttons" }, ...stepButtons), handSelect, slider, counter, speedSelect);
  return { controls, stepButtons, playButton, playIcon, playWord, handSelect, slider, counter, speedSelect };
}

// Under the controls while the kernel analyses: a bar of the decisions judged and its words.
function buildProgress() {
  const progressBar = h("progress", { className: "dw-progress-bar", max: "1", value: "0" });
  const progressText = h("span", { className: "dw-progress-text" });
  const analysisProgress = h("div", { className: "dw-analysis-progress", role: "status", hidden: true }, progressBar, progressText);
  return { analysisProgress, progressBar, progressText };
}

/**
 * The analysis under way (the `analysing` trait: {done, total, text}), or none when empty.
 * @param {ReplayUi} ui
 * @param {{done?: number, total?: number, text?: string, failed?: boolean} | null | undefined} analysing
 */
export function showProgress(ui, analysing) {
  const total = Number(analysing?.total);
  ui.analysisProgress.hidden = !(total > 0);
  if (!analysing || !(total > 0)) return;
  ui.progressBar.max = total;
  ui.progressBar.value = Math.min(Number(analysing.done) || 0, total);
  ui.progressText.textContent = analysing.text ?? "";
  ui.analysisProgress.classList.toggle("dw-failed", Boolean(analysing.failed));
  ui.progressBar.setAttribute("aria-label", ui.progressText.textContent);
}

// Under the board, beside the root (so the Table's own keys and clicks stay the Table's):
// Learn from your mistakes, Play from here (shown only when a kernel answers), the live Table it opens (a child
// widget) with its close button, and the kernel's word when it cannot open one here.
function buildPlayPanel() {
  const playHereButton = h("button", { type: "button", className: "dw-play-button dw-play-here" });
  const closeTableButton = h("button", { type: "button", className: "dw-play-button dw-close-table", hidden: true });
  const playNote = h("span", { className: "dw-play-note", role: "status", hidden: true });
  const playBar = h("div", { className: "dw-play-bar", hidden: true }, playHereButton, playNote, closeTableButton);
  const tableHost = h("div", { className: "dw-table-host" });
  // with an analysis, after the game: Learn from your mistakes (kit/replay/learn_panel.mjs)
  const learn = buildLearnBar();
  const playPanel = h("section", { className: "dw-play-panel" }, learn.learnBar, playBar, tableHost);
  return { ...learn, playPanel, playBar, playHereButton, playNote, closeTableButton, tableHost };
}

// The analysis panel, hidden until a record with an analysis comes: its title and the side
// picker, the strip in a box of fixed size, the value at the step shown and the toggle.
function buildAnalysis() {
  const analysisTitle = h("span", { className: "dw-analysis-title" });
  const sideSelect = h("select", { className: "dw-side-select dw-field" });
  const stripSvg = svg("svg", { class: "dw-strip", role: "img", xmlns: "http://www.w3.org/2000/svg", preserveAspectRatio: "none" });
  // what the point under the pointer says (the move and the chance), over the strip
  const stripTip = h("div", { className: "dw-strip-tip", hidden: true, "aria-hidden": "true" });
  const stripBox = h("div", { className: "dw-strip-box" }, stripSvg, stripTip);
  const stripHome = h("div", { className: "dw-strip-home" }, stripBox);
  const analysisNone = h("p", { className: "dw-analysis-none", hidden: true });
  const stripValue = h("span", { className: "dw-strip-value" });
  const bestWord = h("span", { className: "dw-best-word" });
  const bestButton = h("button", { type: "button", className: "dw-button dw-best-toggle", "aria-pressed": "false", dataset: { action: "best" } }, bestWord);
  const matchButton = h("button", { type: "button", className: "dw-button dw-match-toggle", "aria-pressed": "false", dataset: { action: "matchScope" } });
  const summary = h("table", { className: "dw-summary" });
  const summaryTitle = h("summary", { className: "dw-summary-title" });
  // the table per player, folded: the move list keeps the side's height
  const summaryBox = h("details", { className: "dw-summary-box", hidden: true }, summaryTitle, summary);
  const analysisNote = h("p", { className: "dw-analysis-note" });
  // the judged choice just made: every move with its chance and that chance's range
  const judgedTitle = h("span", { className: "dw-judged-title" });
  const judgedList = h("ol", { className: "dw-judged-list" });
  const judged = h("div", { className: "dw-judged", hidden: true }, judgedTitle, judgedList);
  const analysis = h(
    "section",
    { className: "dw-panel dw-analysis", hidden: true },
    h("h3", { className: "dw-panel-title" }, analysisTitle, sideSelect),
    stripHome,
    analysisNone,
    h("div", { className: "dw-analysis-foot" }, stripValue, matchButton, bestButton),
    judged,
    analysisNote,
    summaryBox,
  );
  return { analysis, analysisTitle, sideSelect, stripBox, stripHome, stripTip, stripSvg, analysisNone, stripValue, bestButton, bestWord, summary, summaryTitle, summaryBox, analysisNote, matchButton, judged, judgedTitle, judgedList };
}

/**
 * Every label that comes from the words (after a change of `words`).
 * @param {ReplayUi} ui
 * @param {Word} word
 */
export function labelReplay(ui, word) {
  ui.stepButtons.forEach((button, i) => {
    const [action, key] = STEP_BUTTONS[i];
    if (action === "toggle") return;
    button.setAttribute("aria-label", word(key));
    button.title = word(key);
  });
  /** @type {[Element, string][]} */
  const named = [
    [ui.handSelect, "hand_picker"], [ui.slider, "step_slider"], [ui.speedSelect, "speed"], [ui.sideSelect, "analysis_side"],
    [ui.bestButton, "show_best"], [ui.root, "replay"], [ui.closeTableButton, "close_table"],
  ];
  for (const [node, key] of named) node.setAttribute("aria-label", word(key));
  for (const [node, key] of /** @type {[HTMLElement, string][]} */ ([[ui.speedSelect, "speed"], [ui.sideSelect, "analysis_side"], [ui.bestButton, "show_best"], [ui.playHereButton, "play_here_title"], [ui.closeTableButton, "close_table"],
    [ui.judgedTitle, "analysis_note"]])) node.title = word(key); // the judged moves stand in for the note: it shows on hover
  for (const option of ui.speedSelect.options) option.textContent = word("speed_option", { n: option.value });
  /** @type {[Node, string][]} */
  const texts = [
    [ui.movesTitle, "moves"], [ui.rulesSummary, "rules"], [ui.analysisTitle, "analysis"], [ui.analysisNone, "not_analysed"],
    [ui.bestWord, "show_best_short"], [ui.problemsTitle, "record_bad"], [ui.analysisNote, "analysis_note"], [ui.matchButton, "match_chart"],
    [ui.playHereButton, "play_here"], [ui.closeTableButton, "close_table"],
  ];
  for (const [node, key] of texts) node.textContent = word(key);
}

/**
 * The hand picker's options, one per hand (no result in them: it would give away how each hand ends).
 * @param {ReplayUi} ui
 * @param {ReplayData} data
 * @param {Word} word
 */
export function fillHandPicker(ui, data, word) {
  const options = (data.hands ?? []).map((hand, i) => h("option", { value: String(i), text: word("hand_option", { label: hand.label ?? i + 1, n: (hand.moves ?? []).length }) }));
  setChildren(ui.handSelect, ...options);
}

/**
 * The speed picker at `speed`, with an option of its own for a speed not offered.
 * @param {ReplayUi} ui
 * @param {number} speed
 * @param {Word} word
 */
export function showSpeed(ui, speed, word) {
  let custom = /** @type {HTMLOptionElement | null} */ (ui.speedSelect.querySelector("option[data-custom]"));
  if (SPEEDS.includes(speed) || !Number.isFinite(speed)) {
    custom?.remove();
  } else {
    if (!custom) {
      custom = h("option", { "data-custom": "true" });
      ui.speedSelect.append(custom);
    }
    custom.value = String(speed);
    custom.textContent = word("speed_option", { n: speed });
  }
  ui.speedSelect.value = String(Number.isFinite(speed) ? speed : 2);
}

/**
 * The play button offers what a press would do: pause while playing, play otherwise.
 * @param {ReplayUi} ui
 * @param {boolean} playing
 * @param {Word} word
 */
export function showPlaying(ui, playing, word) {
  ui.playIcon.innerHTML = playing ? ICONS.pause : ICONS.play;
  ui.playWord.textContent = word(playing ? "pause_short" : "play_short");
  const label = word(playing ? "pause" : "play");
  ui.playButton.setAttribute("aria-label", label);
  ui.playButton.title = label;
  ui.root.classList.toggle("dw-playing", playing);
}

/**
 * The problems of a bad record (`report`), each with its detail as a tooltip.
 * @param {ReplayUi} ui
 * @param {{text?: string, detail?: string, reason?: string}[]} report
 */
export function showReport(ui, report) {
  setChildren(ui.problemList, ...report.map((problem) => h("li", { text: problem.text ?? "", title: problem.detail || problem.reason || null })));
  ui.problems.hidden = report.length === 0;
  ui.root.classList.toggle("dw-bad", report.length > 0);
}
