// The Replay widget's front end (anywidget ES module).
//
// The whole record arrives once in `data` (js/PROTOCOL.md, "The Replay"), every step's
// position computed by the kernel; stepping happens here, with no kernel: the buttons,
// the slider, the keys, the moves list and play/pause set `hand` and `step` on the model
// (and the kernel, when there is one, follows).
//
// The other arrangement of the kit: the same felt, seats, tiles and side panels as the
// Table; under the felt the step's words and the controls, both of fixed height, so the
// widget keeps its size from step to step. The DOM is built once in `render`; one small
// update function per part redraws what changed.
//
// With an analysis (a hand's `analysis`), a side panel holds the win-chance strip of the
// hand (drawn once per hand and side; a step only moves its marker), the side picker and
// the "best move" toggle; the move list marks the judged moves, the words under the felt
// say the verdict of the move just made, and the toggle draws the best move of the
// position shown on the line, apart. All of it sits in the side panels and the fixed
// words box, so the widget's height stays the same with or without it.
//
// With counting (a step's `counting`), a side panel says what the bottom seat can count at
// the step shown: the kit's counting panel, as the Table draws it, redrawn at each step.

import { changeTracker, h, listen, listenModel, setChildren, svg } from "./kit/dom.mjs";
import { buildFelt, drawSeat } from "./kit/felt.mjs";
import { lineDrawing } from "./kit/line_view.mjs";
import { applyPalette } from "./kit/palette.mjs";
import { buildSide, drawCounting, drawMoveList, drawScore, markCurrentMove, moveItems } from "./kit/panels.mjs";
import { seatsByPosition } from "./kit/seats.mjs";
import { stripDrawing, stripMarker } from "./kit/strip.mjs";
import { countWords, makeWords, numberWord, percent, tileName } from "./kit/words.mjs";
import { bestTile, decisionAt, defaultSide, flaggedMarks, handAnalysis, hasAnalysis, moveMarkAt, sideLabel, stripPoints, verdictSign } from "./replay_analysis.mjs";
import { handSteps } from "./replay_deltas.mjs";
import { atRecordEnd, clampPosition, handCount, keyAction, navigate, playDelay, stepAt, stepCount, wordsAt } from "./replay_steps.mjs";

const SPEEDS = [0.5, 1, 2, 4, 8];
const LINE_UNIT = { minUnit: 6, maxUnit: 30 };
// The words key of each verdict (the strip, the move list and the words box show them).
const VERDICT_WORDS = { inaccuracy: "verdict_inaccuracy", mistake: "verdict_mistake", blunder: "verdict_blunder" };

// Button icons as inline SVG (icon fonts and media glyphs are missing from many systems).
const TRIANGLE_LEFT = "M11 3 L4 8 L11 13 Z";
const TRIANGLE_RIGHT = "M5 3 L12 8 L5 13 Z";
const ICONS = {
  prevHand: `<rect x="1" y="3" width="2" height="10"/><path d="M9 3 L3.5 8 L9 13 Z"/><path d="M15 3 L9.5 8 L15 13 Z"/>`,
  start: `<rect x="3" y="3" width="2" height="10"/><path d="M13 3 L6 8 L13 13 Z"/>`,
  prev: `<path d="${TRIANGLE_LEFT}"/>`,
  play: `<path d="${TRIANGLE_RIGHT}"/>`,
  pause: `<rect x="4" y="3" width="3" height="10"/><rect x="9" y="3" width="3" height="10"/>`,
  next: `<path d="${TRIANGLE_RIGHT}"/>`,
  end: `<path d="M3 3 L10 8 L3 13 Z"/><rect x="11" y="3" width="2" height="10"/>`,
  nextHand: `<path d="M1 3 L6.5 8 L1 13 Z"/><path d="M7 3 L12.5 8 L7 13 Z"/><rect x="13" y="3" width="2" height="10"/>`,
};
// Each step button: its action, icon and the words key of its label.
const STEP_BUTTONS = [
  ["prevHand", "previous_hand"],
  ["start", "start"],
  ["prev", "back"],
  ["toggle", "play"],
  ["next", "forward"],
  ["end", "end"],
  ["nextHand", "following_hand"],
];

function iconMarkup(name) {
  return `<svg class="dw-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false" fill="currentColor">${ICONS[name]}</svg>`;
}

function render({ model, el }) {
  const ui = buildSkeleton();
  applyPalette(ui.root);
  el.append(ui.root);

  const state = {
    data: {},
    word: makeWords(model.get("words")),
    changed: changeTracker(),
    timer: null,
    lineSize: { width: 0, height: 0 },
    stripSize: { width: 0, height: 0 },
    drawQueued: false,
    analysed: false, // some hand has an analysis
    side: null, // the side the strip follows (kept across hands)
    showBest: false, // the best move on the line
  };
  const word = (key, params) => state.word(key, params);
  const position = () => clampPosition(state.data, model.get("hand"), model.get("step"));

  function go(target) {
    const here = position();
    if (target.hand === here.hand && target.step === here.step) return false;
    model.set("hand", target.hand);
    model.set("step", target.step);
    model.save_changes();
    return true;
  }

  function act(action, value) {
    if (action === "best") return toggleBest();
    if (action === "toggle") return togglePlay();
    if (state.timer !== null && action !== "step" && action !== "hand") stopPlay();
    go(navigate(state.data, position(), action, value));
  }

  // ---- play / pause ----------------------------------------------------------------------

  function startPlay() {
    if (handCount(state.data) === 0) return;
    if (atRecordEnd(state.data, position())) go({ hand: 0, step: 0 });
    state.timer = setInterval(tick, playDelay(model.get("speed")));
    showPlaying();
  }

  function stopPlay() {
    if (state.timer !== null) clearInterval(state.timer);
    state.timer = null;
    showPlaying();
  }

  // The play button offers what a press would do: pause while playing, play otherwise.
  function showPlaying() {
    const playing = state.timer !== null;
    ui.playIcon.innerHTML = playing ? ICONS.pause : ICONS.play;
    ui.playWord.textContent = word(playing ? "pause_short" : "play_short");
    const label = word(playing ? "pause" : "play");
    ui.playButton.setAttribute("aria-label", label);
    ui.playButton.title = label;
    ui.root.classList.toggle("dw-playing", playing);
  }

  function togglePlay() {
    if (state.timer === null) startPlay();
    else stopPlay();
  }

  function toggleBest() {
    if (!state.analysed) return;
    state.showBest = !state.showBest;
    ui.bestButton.setAttribute("aria-pressed", String(state.showBest));
    drawSoon();
  }

  function tick() {
    if (!go(navigate(state.data, position(), "next")) || atRecordEnd(state.data, position())) stopPlay();
  }

  // ---- drawing -------------------------------------------------------------------------------

  function drawSoon() {
    if (state.drawQueued) return;
    state.drawQueued = true;
    queueMicrotask(() => {
      state.drawQueued = false;
      draw();
    });
  }

  function draw() {
    const data = state.data;
    const bad = handCount(data) === 0;
    ui.root.classList.toggle("dw-empty", bad);
    ui.board.hidden = bad;
    if (bad) return;
    const { hand, step } = position();
    const handData = data.hands[hand];
    const here = stepAt(data, hand, step) ?? {};
    const said = wordsAt(data, hand, step) ?? {};
    const last = stepCount(data, hand);

    const label = handData.label ?? String(hand + 1);
    const where = word("replay_where", { hand: label, hands: handCount(data), step, moves: last });
    setChildren(ui.felt.corners.topStart, h("strong", { text: data.title ?? "" }), h("span", { className: "dw-where", text: word("hand_of", { hand: label, hands: handCount(data) }) }));
    const pile = here.pile === null || here.pile === undefined ? null : here.pile > 0 ? word("pile", { n: here.pile }) : word("pile_empty");
    setChildren(ui.felt.corners.topEnd, h("span", { className: "dw-tally", text: said.tally ?? "" }), pile ? h("span", { className: "dw-pile", text: pile }) : null);

    const analysis = handAnalysis(handData);
    drawSeats(data, here, said);
    drawLine(here, bestMoveAt(analysis, step));
    drawWords(said, moveMarkAt(analysis, step));
    drawSide(data, hand, step, said, analysis);
    drawAnalysis(data, hand, step, analysis);
    drawCountingPanel(here.counting ?? null);

    ui.slider.max = String(last);
    ui.slider.value = String(step);
    ui.slider.setAttribute("aria-valuetext", where);
    ui.counter.textContent = word("replay_counter", { step, moves: last });
    if (ui.handSelect.value !== String(hand)) ui.handSelect.value = String(hand);
    for (const button of ui.controls.querySelectorAll("button[data-action]")) {
      const action = button.dataset.action;
      if (action === "toggle") continue;
      const target = navigate(data, { hand, step }, action);
      button.disabled = target.hand === hand && target.step === step;
    }
  }

  function drawSeats(data, here, said) {
    const seats = data.seats ?? [];
    const winners = said.result?.winners ?? [];
    if (!state.changed("seats", [seats, data.bottom, data.players, here.hands, here.pips, here.turn, here.passed, winners])) return;
    const byPosition = seatsByPosition(seats, data.bottom);
    for (const [place, seat] of Object.entries(byPosition)) {
      const player = data.players?.[seat] ?? {};
      const info = seat
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
      drawSeat(ui.felt.seats[place], info, word);
    }
    ui.felt.root.classList.toggle("dw-no-sides", !byPosition.left && !byPosition.right);
  }

  // The best move of the decision made at this step, as a tile not played, when asked.
  function bestMoveAt(analysis, step) {
    if (!state.showBest || !analysis) return null;
    const decision = decisionAt(analysis, step);
    const best = bestTile(decision);
    if (!best) return null;
    const lang = state.data.lang;
    const chance = percent(decision.best_win, lang);
    const name = best.end
      ? word("best_name_end", { tile: tileName(word, best.tile), end: word(best.end === "L" ? "end_word_left" : "end_word_right"), percent: chance })
      : word("best_name_lead", { tile: tileName(word, best.tile), percent: chance });
    return { halves: best.halves, end: best.end, label: word("best_label", { tile: best.tile, percent: chance }), name };
  }

  function drawLine(here, ghost) {
    const line = here.line ?? [];
    const { width, height } = state.lineSize;
    if (!state.changed("line", [line, here.lead, here.last, width, height, ghost])) return;
    const empty = line.length === 0;
    ui.felt.lineEmpty.hidden = !empty || Boolean(ghost);
    ui.felt.lineEmpty.textContent = empty ? word("line_empty") : "";
    const label = empty
      ? word("line_empty")
      : word("line", { count: countWords(word, line.length, "tile", "tiles"), left: numberWord(word, here.ends?.[0]), right: numberWord(word, here.ends?.[1]) });
    ui.felt.lineSvg.setAttribute("aria-label", label);
    ui.felt.lineSvg.dataset.line = line.map(([a, b]) => `${a}-${b}`).join(" ");
    if (!width || !height) return;
    const { markup } = lineDrawing(line, here.lead ?? 0, { width, height, last: here.last ?? null, ghost, ...LINE_UNIT });
    ui.felt.lineSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    ui.felt.lineSvg.innerHTML = markup;
  }

  function drawWords(said, mark) {
    const verdict = mark?.verdict ?? null;
    if (!state.changed("words", [said.say, said.note, said.result, said.end, verdict, mark?.words])) return;
    ui.say.textContent = said.say ?? "";
    ui.note.textContent = said.note ?? "";
    ui.note.hidden = !said.note;
    // The judged move's verdict, once: its words name it ("Blunder: …"); without words, its word.
    ui.verdict.hidden = !verdict;
    if (verdict) {
      ui.verdict.dataset.verdict = verdict;
      ui.verdictSign.className = `dw-move-mark dw-verdict-${verdict}`;
      ui.verdictSign.textContent = verdictSign(verdict);
      ui.verdictSign.title = word(VERDICT_WORDS[verdict]);
      ui.verdictText.textContent = mark.words || word(VERDICT_WORDS[verdict]);
    }
    const result = said.result;
    ui.result.hidden = !result;
    ui.info.classList.toggle("dw-with-result", Boolean(result));
    if (!result) {
      setChildren(ui.result);
      return;
    }
    setChildren(
      ui.result,
      h("h3", { className: "dw-result-title", text: result.title ?? "" }),
      said.end ? h("p", { className: "dw-result-match", text: said.end }) : null,
      ...(result.lines ?? []).map((line) => h("p", { className: "dw-result-line", text: line })),
    );
  }

  function drawSide(data, hand, step, said, analysis) {
    const handData = data.hands[hand];
    if (state.changed("score", [said.score, handData.label])) drawScore(ui.score, said.score, { subtitle: handData.label ?? "" });
    const marks = flaggedMarks(analysis);
    if (state.changed("moves", [hand, handData.moves, data.players, marks.map((mark) => [mark.ply, mark.verdict])])) {
      const sentences = handSteps(handData).slice(1).map((later) => later.say);
      const names = Object.fromEntries(Object.entries(data.players ?? {}).map(([seat, player]) => [seat, player.name]));
      const items = moveItems(word, handData.moves ?? [], sentences, names);
      for (const mark of marks) {
        const item = items[mark.ply + 1];
        if (item) item.mark = { verdict: mark.verdict, sign: verdictSign(mark.verdict), word: word(VERDICT_WORDS[mark.verdict]) };
      }
      drawMoveList(ui.moveList, items, step);
    } else if (state.changed("current-move", [step])) {
      markCurrentMove(ui.moveList, step);
    }
  }

  // The analysis panel: the strip of the hand for the side chosen, drawn once per hand,
  // side and size; at each step only its marker and the value under it change.
  function drawAnalysis(data, hand, step, analysis) {
    if (state.changed("analysis-panel", [state.analysed, Boolean(analysis)])) {
      ui.analysis.hidden = !state.analysed;
      ui.analysisNone.hidden = Boolean(analysis);
      ui.stripBox.hidden = !analysis;
      ui.sideSelect.hidden = !analysis;
      ui.bestButton.disabled = !analysis;
      ui.stripValue.textContent = "";
    }
    if (!analysis) {
      state.changed.forget("strip");
      return;
    }
    if (!analysis.sides.includes(state.side)) state.side = defaultSide(data, analysis);
    const side = state.side;
    const points = stripPoints(analysis, side);
    const size = state.stripSize;
    const lang = data.lang;
    if (state.changed("strip", [hand, side, analysis.sides, size.width, size.height])) {
      setChildren(ui.sideSelect, ...analysis.sides.map((option) => h("option", { value: option, text: sideLabel(data, hand, option) })));
      ui.sideSelect.value = side;
      const marks = flaggedMarks(analysis);
      const verdictAfter = new Map(marks.map((mark) => [mark.ply + 1, word(VERDICT_WORDS[mark.verdict])]));
      const titles = points.map((value, i) => {
        const said = stripWords(i, value, lang);
        return verdictAfter.has(i) ? `${said} · ${verdictAfter.get(i)}` : said;
      });
      ui.stripSvg.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
      ui.stripSvg.innerHTML = stripDrawing(points, { width: size.width, height: size.height, step, marks, titles });
      ui.stripSvg.setAttribute("aria-label", word("strip", { label: sideLabel(data, hand, side) }));
      ui.stripSvg.dataset.side = side;
      state.stripMarker = ui.stripSvg.querySelector(".dw-strip-now");
    }
    const marker = stripMarker(points, step, size);
    const ring = state.stripMarker?.lastElementChild;
    if (state.stripMarker) {
      state.stripMarker.setAttribute("transform", `translate(${marker.x} 0)`);
      ring.setAttribute("cy", String(marker.y ?? 0));
      ring.setAttribute("visibility", marker.y === null ? "hidden" : "visible");
    }
    ui.stripSvg.dataset.step = String(step);
    ui.stripValue.textContent = stripWords(step, points[step] ?? null, lang);
  }

  // What the bottom seat can count at this step, when the data has it.
  function drawCountingPanel(counting) {
    if (!state.changed("counting", [counting])) return;
    ui.counting.hidden = !counting;
    drawCounting(ui.counting, counting, word);
  }

  function stripWords(step, value, lang) {
    const known = value !== null && value !== undefined && Number.isFinite(Number(value));
    const chance = known ? percent(Number(value) / 100, lang) : word("strip_unknown");
    return step === 0 ? word("strip_deal", { percent: chance }) : word("strip_point", { step, percent: chance });
  }

  // ---- one update per trait ---------------------------------------------------------------

  function onData() {
    state.data = model.get("data") ?? {};
    state.changed = changeTracker();
    state.analysed = hasAnalysis(state.data);
    if (!state.analysed) {
      state.showBest = false;
      ui.bestButton.setAttribute("aria-pressed", "false");
    }
    stopPlay();
    const options = (state.data.hands ?? []).map((hand, i) =>
      h("option", { value: String(i), text: word("hand_option", { label: hand.label ?? i + 1, n: (hand.moves ?? []).length }) }),
    );
    setChildren(ui.handSelect, ...options); // no result in the picker: it would give away how each hand ends
    drawSoon();
  }

  function onWords() {
    state.word = makeWords(model.get("words"));
    for (const [action, key] of STEP_BUTTONS) {
      if (action === "toggle") continue;
      const button = ui.controls.querySelector(`button[data-action="${action}"]`);
      button.setAttribute("aria-label", word(key));
      button.title = word(key);
    }
    ui.handSelect.setAttribute("aria-label", word("hand_picker"));
    ui.slider.setAttribute("aria-label", word("step_slider"));
    ui.speedSelect.setAttribute("aria-label", word("speed"));
    ui.speedSelect.title = word("speed");
    for (const option of ui.speedSelect.options) option.textContent = word("speed_option", { n: option.value });
    ui.movesTitle.textContent = word("moves");
    ui.rulesSummary.textContent = word("rules");
    ui.analysisTitle.textContent = word("analysis");
    ui.sideSelect.setAttribute("aria-label", word("analysis_side"));
    ui.sideSelect.title = word("analysis_side");
    ui.analysisNone.textContent = word("not_analysed");
    ui.bestWord.textContent = word("show_best_short");
    ui.bestButton.setAttribute("aria-label", word("show_best"));
    ui.bestButton.title = word("show_best");
    ui.problemsTitle.textContent = word("record_bad");
    ui.root.setAttribute("aria-label", word("replay"));
    showPlaying();
    onData();
  }

  function onReport() {
    const report = model.get("report") ?? [];
    setChildren(ui.problemList, ...report.map((problem) => h("li", { text: problem.text ?? "", title: problem.detail || problem.reason || null })));
    ui.problems.hidden = report.length === 0;
    ui.root.classList.toggle("dw-bad", report.length > 0);
  }

  function onRules() {
    ui.rulesText.textContent = model.get("rules_text") ?? "";
    ui.rules.hidden = !ui.rulesText.textContent;
  }

  function onSpeed() {
    const speed = Number(model.get("speed"));
    let custom = ui.speedSelect.querySelector("option[data-custom]");
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
    if (state.timer !== null) {
      clearInterval(state.timer);
      state.timer = setInterval(tick, playDelay(speed));
    }
  }

  // ---- events -----------------------------------------------------------------------------

  function onClick(event) {
    const target = event.target.closest?.("button[data-action]");
    if (!target || !ui.root.contains(target)) return;
    act(target.dataset.action);
    ui.root.focus({ preventScroll: true });
  }

  function onStripClick(event) {
    const target = event.target.closest?.("[data-step]");
    if (target && ui.stripSvg.contains(target)) act("step", Number(target.dataset.step));
  }

  function onSidePick() {
    state.side = ui.sideSelect.value;
    drawSoon();
  }

  function onMoveListClick(event) {
    const button = event.target.closest("button[data-ply]");
    if (button) act("step", Number(button.dataset.ply));
  }

  function onKey(event) {
    const target = event.target;
    if (target instanceof HTMLSelectElement || target instanceof HTMLInputElement) {
      if (event.key !== " ") return; // the select and the slider keep their own keys
    } else if (target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) {
      event.stopPropagation(); // a button's own activation, away from the notebook's shortcuts
      return;
    }
    const action = keyAction(event);
    if (!action || (action === "best" && !state.analysed)) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  }

  const onSlider = () => act("step", Number(ui.slider.value));
  const onHand = () => act("hand", Number(ui.handSelect.value));
  const onSpeedPick = () => {
    model.set("speed", Number(ui.speedSelect.value));
    model.save_changes();
  };

  // The line's box and the strip's box: each is drawn to its measured size.
  const resizeObserver = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const key = entry.target === ui.stripBox ? "stripSize" : "lineSize";
      const size = { width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) };
      if (size.width <= 0 || (size.width === state[key].width && size.height === state[key].height)) continue;
      state[key] = size;
      drawSoon();
    }
  });

  const removeListeners = listen([
    [ui.root, "click", onClick],
    [ui.root, "keydown", onKey],
    [ui.moveList, "click", onMoveListClick],
    [ui.stripSvg, "click", onStripClick],
    [ui.sideSelect, "change", onSidePick],
    [ui.slider, "input", onSlider],
    [ui.handSelect, "change", onHand],
    [ui.speedSelect, "change", onSpeedPick],
  ]);
  const removeModelListeners = listenModel(model, [
    ["change:data", onData],
    ["change:words", onWords],
    ["change:hand", drawSoon],
    ["change:step", drawSoon],
    ["change:report", onReport],
    ["change:rules_text", onRules],
    ["change:speed", onSpeed],
  ]);
  resizeObserver.observe(ui.felt.lineBox);
  resizeObserver.observe(ui.stripBox);

  onReport();
  onRules();
  onSpeed();
  onWords();
  state.lineSize = { width: Math.floor(ui.felt.lineBox.clientWidth), height: Math.floor(ui.felt.lineBox.clientHeight) };
  draw();

  return () => {
    stopPlay();
    resizeObserver.disconnect();
    removeListeners();
    removeModelListeners();
    ui.root.remove();
  };
}

// ---- building the DOM once --------------------------------------------------------------

function buildSkeleton() {
  const felt = buildFelt();
  const say = h("p", { className: "dw-say" });
  const note = h("p", { className: "dw-note", hidden: true });
  const verdictSign = h("span", { className: "dw-move-mark" });
  const verdictText = h("span", { className: "dw-verdict-text" });
  const verdict = h("p", { className: "dw-verdict", hidden: true }, verdictSign, verdictText);
  const result = h("section", { className: "dw-result", hidden: true });
  const info = h("div", { className: "dw-info", "aria-live": "polite" }, h("div", { className: "dw-said" }, say, note, verdict), result);

  const stepButtons = STEP_BUTTONS.map(([action]) => {
    const button = h("button", { type: "button", className: "dw-button dw-step", dataset: { action } });
    button.innerHTML = iconMarkup(action === "toggle" ? "play" : action);
    return button;
  });
  const playButton = stepButtons[3];
  playButton.classList.add("dw-play");
  const playIcon = playButton.querySelector("svg");
  const playWord = h("span", { className: "dw-play-word" });
  playButton.append(playWord);
  const handSelect = h("select", { className: "dw-hand-select" });
  const slider = h("input", { className: "dw-slider", type: "range", min: "0", max: "0", step: "1", value: "0" });
  const counter = h("span", { className: "dw-counter" });
  const speedSelect = h("select", { className: "dw-speed" }, ...SPEEDS.map((speed) => h("option", { value: String(speed) })));
  const controls = h(
    "div",
    { className: "dw-controls" },
    h("div", { className: "dw-step-buttons" }, ...stepButtons),
    handSelect,
    slider,
    counter,
    speedSelect,
  );
  const main = h("div", { className: "dw-main" }, felt.root, info, controls);

  const analysis = buildAnalysis();
  const counting = h("section", { className: "dw-panel dw-counting", hidden: true });
  const panels = buildSide(analysis.analysis, counting);
  const board = h("div", { className: "dw-board" }, main, panels.side);

  const problemsTitle = h("div", { className: "dw-problems-title" });
  const problemList = h("ul", { className: "dw-problem-list" });
  const problems = h("div", { className: "dw-problems", role: "alert", hidden: true }, problemsTitle, problemList);
  const root = h(
    "div",
    {
      className: "dominoes-widget dw-replay-widget",
      tabindex: "0",
      role: "group",
      // JupyterLab: let the arrow keys, Home/End, PageUp/PageDown and space reach us.
      "data-lm-suppress-shortcuts": "true",
    },
    problems,
    board,
  );
  return {
    root, board, felt, info, say, note, verdict, verdictSign, verdictText, result, controls, playButton, playIcon,
    playWord, handSelect, slider, counter, speedSelect, ...panels, ...analysis, counting, problems, problemsTitle,
    problemList,
  };
}

// The analysis panel, hidden until a record with an analysis comes: its title and the side
// picker, the strip in a box of fixed size, the value at the step shown and the toggle.
function buildAnalysis() {
  const analysisTitle = h("span", { className: "dw-analysis-title" });
  const sideSelect = h("select", { className: "dw-side-select" });
  const stripSvg = svg("svg", { class: "dw-strip", role: "img", xmlns: "http://www.w3.org/2000/svg", preserveAspectRatio: "none" });
  const stripBox = h("div", { className: "dw-strip-box" }, stripSvg);
  const analysisNone = h("p", { className: "dw-analysis-none", hidden: true });
  const stripValue = h("span", { className: "dw-strip-value" });
  const bestWord = h("span", { className: "dw-best-word" });
  const bestButton = h("button", { type: "button", className: "dw-button dw-best-toggle", "aria-pressed": "false", dataset: { action: "best" } }, bestWord);
  const analysis = h(
    "section",
    { className: "dw-panel dw-analysis", hidden: true },
    h("h3", { className: "dw-panel-title" }, analysisTitle, sideSelect),
    stripBox,
    analysisNone,
    h("div", { className: "dw-analysis-foot" }, stripValue, bestButton),
  );
  return { analysis, analysisTitle, sideSelect, stripBox, stripSvg, analysisNone, stripValue, bestButton, bestWord };
}

export default { render };
