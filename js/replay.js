// The Replay widget's front end (anywidget ES module).
//
// The whole record arrives once in `data`; stepping happens here, with no kernel: the
// buttons, the slider, the keys and play/pause set `hand` and `step` on the model (and
// the kernel, when there is one, follows). The DOM is built once in `render`; one small
// update function per trait redraws what changed.

import { layoutLine } from "./line_layout.mjs";
import { SEAT_WORDS, tileLabel, tileMarkup, tileRowSvg } from "./tile.mjs";
import {
  atRecordEnd,
  clampPosition,
  handCount,
  infoAt,
  keyAction,
  navigate,
  playDelay,
  positionAt,
  problemText,
  stepCount,
} from "./replay_steps.mjs";

// A tile's pips as the blocked count scores them: the Vietnamese game counts 0-0 as 13.
function tilePips(tile, game) {
  if (tile === "0-0") return game === "vietnamese" ? 13 : 0;
  return tile.split("-").reduce((sum, half) => sum + Number(half), 0);
}

const SPEEDS = [0.5, 1, 2, 4, 8];
const DEFAULT_LINE_WIDTH = 520;
const SIDE_SEATS = ["W", "E"];

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

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

function icon(name) {
  return (
    `<svg class="dwr-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false" ` +
    `fill="currentColor">${ICONS[name]}</svg>`
  );
}

function button(action, label) {
  const node = h("button", {
    type: "button",
    class: "dwr-button",
    "data-action": action,
    "aria-label": label,
    title: label,
  });
  node.innerHTML = icon(action === "toggle" ? "play" : action);
  return node;
}

function render({ model, el }) {
  const root = h("div", {
    class: "dwr-root",
    tabindex: "0",
    role: "group",
    "aria-label": "Replay of a recorded match",
    // JupyterLab: let the arrow keys, Home/End, PageUp/PageDown and space reach us.
    "data-lm-suppress-shortcuts": "true",
  });
  el.classList.add("dwr-host");
  el.append(root);

  // -- the DOM, built once ------------------------------------------------------------
  const title = h("span", { class: "dwr-title" });
  const where = h("span", { class: "dwr-where" });
  const tally = h("span", { class: "dwr-tally", "aria-label": "score" });
  const head = h("div", { class: "dwr-head" }, title, where, tally);

  const seatBoxes = {};
  for (const seat of ["N", "W", "E", "S"]) {
    const name = h("span", { class: "dwr-seat-name" });
    const count = h("span", { class: "dwr-seat-count" });
    const label = h("div", { class: "dwr-seat-label" }, name, count);
    const tiles = h("div", { class: "dwr-tiles", role: "img" });
    const box = h("div", { class: `dwr-seat dwr-seat-${seat}`, "data-seat": seat }, label, tiles);
    seatBoxes[seat] = { box, name, count, tiles };
  }
  const lineBox = h("div", { class: "dwr-line", "aria-label": "line of play" });
  const ends = h("div", { class: "dwr-ends" });
  const centre = h("div", { class: "dwr-centre" }, lineBox, ends);
  const { N, W, E, S } = seatBoxes;
  const table = h("div", { class: "dwr-table" }, N.box, W.box, centre, E.box, S.box);

  const notation = h("code", { class: "dwr-notation" });
  const why = h("span", { class: "dwr-why" });
  const note = h("div", { class: "dwr-note" });
  const result = h("div", { class: "dwr-result" });
  const scoreLine = h("div", { class: "dwr-score" });
  const moveLine = h("div", { class: "dwr-move" }, notation, why);
  const info = h("div", { class: "dwr-info", "aria-live": "polite" }, moveLine, note, result, scoreLine);

  const playButton = button("toggle", "Play (space)");
  playButton.classList.add("dwr-play");
  const playWord = h("span", { class: "dwr-play-word", text: "Play" });
  playButton.append(playWord);
  const handSelect = h("select", { class: "dwr-hand-select", "aria-label": "Hand" });
  const slider = h("input", {
    class: "dwr-slider",
    type: "range",
    min: "0",
    max: "0",
    step: "1",
    value: "0",
    "aria-label": "Move",
  });
  const counter = h("span", { class: "dwr-counter" });
  const speedSelect = h("select", { class: "dwr-speed", "aria-label": "Speed (moves per second)" });
  for (const s of SPEEDS) speedSelect.append(h("option", { value: String(s), text: `${s}/s` }));
  const controls = h(
    "div",
    { class: "dwr-controls" },
    button("prevHand", "Previous hand (PageUp)"),
    button("start", "Start of the hand (Home)"),
    button("prev", "Back one move (←)"),
    playButton,
    button("next", "Forward one move (→)"),
    button("end", "End of the hand (End)"),
    button("nextHand", "Next hand (PageDown)"),
    handSelect,
    slider,
    counter,
    speedSelect,
  );

  const rulesText = h("pre", { class: "dwr-rules-text" });
  const rules = h("details", { class: "dwr-rules" }, h("summary", { text: "Rules" }), rulesText);
  const problemList = h("ul", { class: "dwr-problem-list" });
  const problems = h(
    "div",
    { class: "dwr-problems", role: "alert", hidden: true },
    h("div", { class: "dwr-problems-title", text: "This record did not open." }),
    problemList,
  );
  root.append(head, problems, table, info, controls, rules);

  // -- state of this view ---------------------------------------------------------------
  let data = {};
  let timer = null;
  let lineWidth = DEFAULT_LINE_WIDTH;
  let drawQueued = false;

  const position = () => clampPosition(data, model.get("hand"), model.get("step"));

  function go(target) {
    const here = position();
    if (target.hand === here.hand && target.step === here.step) return false;
    model.set("hand", target.hand);
    model.set("step", target.step);
    model.save_changes();
    return true;
  }

  function act(action, value) {
    if (action === "toggle") return togglePlay();
    if (timer !== null && action !== "step" && action !== "hand") stopPlay();
    go(navigate(data, position(), action, value));
  }

  // -- play / pause -----------------------------------------------------------------------
  function startPlay() {
    if (handCount(data) === 0) return;
    if (atRecordEnd(data, position())) go({ hand: 0, step: 0 });
    timer = setInterval(tick, playDelay(model.get("speed")));
    showPlaying(true);
  }

  function stopPlay() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    showPlaying(false);
  }

  // The play button offers what a press would do: pause while playing, play otherwise.
  function showPlaying(playing) {
    const word = playing ? "Pause" : "Play";
    playButton.querySelector("svg").innerHTML = playing ? ICONS.pause : ICONS.play;
    playWord.textContent = word;
    playButton.setAttribute("aria-label", `${word} (space)`);
    playButton.title = `${word} (space)`;
    root.classList.toggle("dwr-playing", playing);
  }

  function togglePlay() {
    if (timer === null) startPlay();
    else stopPlay();
  }

  function tick() {
    if (!go(navigate(data, position(), "next")) || atRecordEnd(data, position())) stopPlay();
  }

  // -- drawing ---------------------------------------------------------------------------
  function drawSoon() {
    if (drawQueued) return;
    drawQueued = true;
    queueMicrotask(() => {
      drawQueued = false;
      draw();
    });
  }

  function draw() {
    const bad = handCount(data) === 0;
    root.classList.toggle("dwr-empty", bad);
    if (bad) return;
    const { hand, step } = position();
    const handData = data.hands[hand];
    const seats = data.seats ?? ["N", "E", "S", "W"];
    const table = positionAt(handData, seats, step);
    const said = infoAt(data, hand, step);
    const last = stepCount(data, hand);

    title.textContent = data.title ?? "Replay";
    where.textContent = `Hand ${hand + 1} of ${handCount(data)} · move ${step} of ${last}`;
    tally.textContent = Object.entries(said.tally ?? {})
      .map(([who, n]) => `${who} ${n}`)
      .join(" · ");

    for (const seat of ["N", "W", "E", "S"]) {
      const box = seatBoxes[seat];
      const playing = seats.includes(seat);
      box.box.hidden = !playing;
      if (!playing) continue;
      const tiles = table.hands[seat] ?? [];
      const name = data.names?.[seat];
      const pips = tiles.reduce((sum, t) => sum + tilePips(t, data.game), 0);
      box.name.textContent = `${seat} · ${name ?? SEAT_WORDS[seat]}`;
      box.name.title = box.name.textContent;
      const passed = table.passed.includes(seat) ? ", passed" : "";
      box.count.textContent = `${tiles.length} tile${tiles.length === 1 ? "" : "s"}, ${pips} pips${passed}`;
      box.box.classList.toggle("dwr-turn", table.turn === seat);
      box.box.classList.toggle("dwr-passed", table.passed.includes(seat));
      const key = tiles.join(" ");
      if (box.tiles.dataset.tiles !== key || !box.tiles.firstChild) {
        box.tiles.dataset.tiles = key;
        box.tiles.innerHTML = tileRowSvg(tiles, { unit: 13, lying: SIDE_SEATS.includes(seat), perLine: 7 });
        const words = tiles.map(tileLabel).join(", ") || "no tiles";
        box.tiles.setAttribute("aria-label", `${SEAT_WORDS[seat]} holds ${words}`);
      }
    }
    drawLine(table);
    const endWords = table.ends ? `Ends ${table.ends[0]} | ${table.ends[1]}` : "Before the lead";
    const turnWords = table.turn ? ` · ${table.turn} to move` : " · hand over";
    const pileWords = data.hands[hand].pile ? ` · pile ${table.pile}` : "";
    ends.textContent = `${endWords}${turnWords}${pileWords}`;

    notation.textContent = said.move ?? "Deal";
    why.textContent = said.why;
    note.textContent = said.note ?? "";
    note.hidden = !said.note;
    result.replaceChildren();
    if (said.result) {
      result.append(h("div", { class: "dwr-result-title", text: said.result.title }));
      for (const line of said.result.lines ?? []) result.append(h("div", { text: line }));
      if (said.matchEnd) result.append(h("div", { class: "dwr-match-end", text: said.matchEnd }));
    }
    result.hidden = !said.result;
    scoreLine.textContent = said.score;

    slider.max = String(last);
    slider.value = String(step);
    counter.textContent = `${step} / ${last}`;
    if (handSelect.value !== String(hand)) handSelect.value = String(hand);
    for (const b of controls.querySelectorAll("button[data-action]")) {
      const action = b.dataset.action;
      if (action === "toggle") continue;
      const target = navigate(data, { hand, step }, action);
      b.disabled = target.hand === hand && target.step === step;
    }
  }

  function drawLine(table) {
    const width = Math.max(120, lineWidth);
    const layout = layoutLine(table.line, table.lead, width, Math.min(30, width / 14));
    if (table.line.length === 0) {
      lineBox.innerHTML = `<div class="dwr-line-empty">No tile played yet</div>`;
      return;
    }
    const tiles = layout.tiles
      .map((t, i) =>
        tileMarkup(t.halves, {
          x: t.x,
          y: t.y,
          width: t.w,
          height: t.h,
          className: i === table.lastIndex ? "dwr-last" : "",
        }),
      )
      .join("");
    const height = Math.ceil(layout.bounds.height + 2);
    lineBox.innerHTML =
      `<svg class="dwr-line-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 -1 ${width} ${height}" ` +
      `data-line="${table.line.map(([a, b]) => `${a}-${b}`).join(" ")}" ` +
      `width="${width}" height="${height}" role="img" ` +
      `aria-label="${table.line.length} tiles, ends ${table.ends?.join(" and ")}">${tiles}</svg>`;
  }

  // -- one update per trait ---------------------------------------------------------------
  function onData() {
    data = model.get("data") ?? {};
    stopPlay();
    handSelect.replaceChildren();
    for (let i = 0; i < handCount(data); i++) {
      // no result in the picker: it would give away how each hand ends
      const moves = data.hands[i].moves.length;
      handSelect.append(h("option", { value: String(i), text: `Hand ${i + 1} (${moves} moves)` }));
    }
    drawSoon();
  }

  function onReport() {
    const report = model.get("report") ?? [];
    problemList.replaceChildren(...report.map((p) => h("li", { text: problemText(p) })));
    problems.hidden = report.length === 0;
    root.classList.toggle("dwr-bad", report.length > 0);
  }

  function onRules() {
    rulesText.textContent = model.get("rules_text") ?? "";
    rules.hidden = !rulesText.textContent;
  }

  function onSpeed() {
    const speed = Number(model.get("speed"));
    const nearest = SPEEDS.reduce((a, b) => (Math.abs(b - speed) < Math.abs(a - speed) ? b : a));
    speedSelect.value = String(SPEEDS.includes(speed) ? speed : nearest);
    if (!SPEEDS.includes(speed)) {
      let custom = speedSelect.querySelector("option[data-custom]");
      if (!custom) {
        custom = h("option", { "data-custom": "true" });
        speedSelect.append(custom);
      }
      custom.value = String(speed);
      custom.textContent = `${speed}/s`;
      speedSelect.value = String(speed);
    }
    if (timer !== null) {
      clearInterval(timer);
      timer = setInterval(tick, playDelay(speed));
    }
  }

  // -- events -------------------------------------------------------------------------------
  function onClick(event) {
    const target = event.target.closest?.("button[data-action]");
    if (!target || !root.contains(target)) return;
    act(target.dataset.action);
    root.focus({ preventScroll: true });
  }

  function onKey(event) {
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) {
      if (event.key !== " ") return; // let the select and the slider use their own keys
    }
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  }

  const onSlider = () => act("step", Number(slider.value));
  const onHand = () => act("hand", Number(handSelect.value));
  const onSpeedPick = () => {
    model.set("speed", Number(speedSelect.value));
    model.save_changes();
  };

  const listeners = [
    [root, "click", onClick],
    [root, "keydown", onKey],
    [slider, "input", onSlider],
    [handSelect, "change", onHand],
    [speedSelect, "change", onSpeedPick],
  ];
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler);

  let resizer = null;
  if (typeof ResizeObserver !== "undefined") {
    resizer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect?.width ?? 0);
      if (width > 0 && Math.abs(width - lineWidth) > 4) {
        lineWidth = width;
        drawSoon();
      }
    });
    resizer.observe(lineBox);
  }

  const modelListeners = [
    ["change:data", onData],
    ["change:hand", drawSoon],
    ["change:step", drawSoon],
    ["change:report", onReport],
    ["change:rules_text", onRules],
    ["change:speed", onSpeed],
  ];
  for (const [event, handler] of modelListeners) model.on(event, handler);
  onReport();
  onRules();
  onSpeed();
  onData();
  const measured = Math.floor(lineBox.clientWidth);
  if (measured > 0) lineWidth = measured;
  draw();

  return () => {
    stopPlay();
    resizer?.disconnect();
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
    for (const [event, handler] of modelListeners) model.off(event, handler);
  };
}

export default { render };
