// The `Table` widget's front end (anywidget module). It draws what the kernel's `view`
// trait says one seat may see and sends intents; the kernel validates every move.
// See js/PROTOCOL.md for the traits and messages.
//
// The DOM is built once in render(); each part of the view has a small update function
// that redraws its part only when its slice of the view changed.

import { layoutLine } from "./line_layout.mjs";
import { chooseEnd, legalMoveOfKind, resolveTileClick } from "./move_choice.mjs";
import { TEAM_WORDS, describeScore } from "./score.mjs";
import { SEAT_WORDS, describeMove, parseTile, pipWord, sameTile, tileLabel, tileMarkup, tileRowSvg, tileSvg } from "./tile.mjs";

const MAP_SEATS = ["N", "E", "S", "W"];
const FLASH_MS = 4000;
const LINE_PADDING = 6; // px kept free around the line so glows are not clipped
const EMPTY_LINE_HEIGHT = 56;
const HAND_TILE_UNIT = 26;
const SEAT_TILE_UNIT = 9;
const END_WORDS = { L: "Left", R: "Right" };
const SVG_NS = "http://www.w3.org/2000/svg";

const DEFAULT_VIEW = {
  game: "partnership",
  seats: [],
  players: {},
  viewer: null,
  hands: {},
  line: [],
  lead: 0,
  ends: null,
  turn: null,
  boneyard: 0,
  passed: [],
  moves: [],
  legal: [],
  playable: [],
  hints: false,
  score: null,
  hand_number: 0,
  phase: "playing",
  leader_choices: [],
  result: null,
  message: "",
  status: "",
};

function render({ model, el }) {
  const ui = buildSkeleton();
  el.appendChild(ui.root);

  const state = {
    view: readView(model),
    drawn: {}, // the JSON of each part's inputs when it was last drawn
    lineKeys: null, // tiles on the line at the last draw, to fade new ones in
    lineWidth: 0,
    choice: null, // {tile, moves, ends, legal} while the person picks an end
    handFocus: 0,
    lastMessage: "",
    flashTimer: 0,
    frame: 0,
  };

  // ---- sending intents -------------------------------------------------------------

  function send(message) {
    model.send(message);
  }

  function sendMove(move) {
    cancelChoice();
    // The position the click was made in: a second click that arrives after the table has
    // moved on is refused as stale instead of being played on the next turn.
    const view = state.view;
    send({ type: "move", move, hand: view.hand_number, ply: view.moves.length });
  }

  function act(decision, tile) {
    if (decision.action === "send") sendMove(decision.move);
    else if (decision.action === "choose") startChoice(tile, decision);
  }

  function playTile(tile) {
    const view = state.view;
    if (view.phase !== "playing") return;
    act(resolveTileClick({ legal: view.legal, viewer: view.viewer, ends: view.ends, tile }), tile);
  }

  function pickEnd(end) {
    if (!state.choice || !state.choice.ends.includes(end)) return;
    act(chooseEnd(state.choice.moves, end), state.choice.tile);
  }

  // ---- choosing an end ----------------------------------------------------------

  function startChoice(tile, { moves, ends }) {
    state.choice = { tile, moves, ends, legal: JSON.stringify(state.view.legal) };
    drawChoice();
    updateLine(state.view);
  }

  function cancelChoice() {
    if (!state.choice) return;
    state.choice = null;
    drawChoice();
    updateLine(state.view);
  }

  function drawChoice() {
    const choice = state.choice;
    ui.choice.hidden = !choice;
    ui.flash.hidden = Boolean(choice); // the choice takes the notice's place by the hand
    if (!choice) {
      ui.choice.replaceChildren();
      return;
    }
    const buttons =
      choice.ends.length > 1
        ? choice.ends.map((end) => actionButton(`${END_WORDS[end]} (${endValue(end)})`, { end }))
        : choice.moves.map((move) => actionButton(touchingWords(move), { move: move.text }));
    const prompt =
      choice.ends.length > 1
        ? `Play ${tileLabel(choice.tile)} on which end? (L / R)`
        : `Which half of ${tileLabel(choice.tile)} touches the end?`;
    ui.choice.replaceChildren(
      element("span", { className: "dw-choice-prompt", text: prompt }),
      ...buttons,
      actionButton("Cancel", { cancel: "" }),
    );
  }

  function actionButton(text, data) {
    const button = element("button", { type: "button", className: "dw-button", text });
    Object.assign(button.dataset, data);
    return button;
  }

  function endValue(end) {
    const ends = state.view.ends ?? [];
    return pipWord(end === "L" ? ends[0] : ends[1]);
  }

  function touchingWords(move) {
    const [touching] = parseTile(move.tile);
    return `${pipWord(touching)} touches the ${move.end === "L" ? "left" : "right"} end`;
  }

  // ---- one update function per part of the view ----------------------------------

  // Redraw a part only when the inputs it reads changed.
  function changed(part, inputs) {
    const key = JSON.stringify(inputs);
    if (state.drawn[part] === key) return false;
    state.drawn[part] = key;
    return true;
  }

  function updateSeats(view) {
    if (!changed("seats", [view.seats, view.players, view.hands, view.turn, view.passed, view.viewer])) return;
    for (const seat of MAP_SEATS) drawSeat(ui.seats[seat], seat, view);
  }

  function updateLine(view, { animate = true } = {}) {
    const width = state.lineWidth || ui.lineWrap.clientWidth || 480;
    const choiceEnds = state.choice?.ends ?? [];
    if (!changed("line", [view.line, view.lead, view.ends, width, choiceEnds])) return;
    const previousKeys = state.lineKeys;
    state.lineKeys = new Set(view.line.map(sortedKey));
    const isNew = (tile) => animate && previousKeys !== null && !previousKeys.has(sortedKey(tile));
    drawLine(ui.lineSvg, view, width, { isNew, choiceEnds });
  }

  function updateBoneyard(view) {
    const shown = view.game === "vietnamese";
    ui.boneyard.hidden = !shown;
    if (shown) ui.boneyardCount.textContent = view.boneyard > 0 ? `Draw pile: ${view.boneyard}` : "Draw pile: empty";
  }

  function updateHand(view) {
    const tiles = visibleHand(view);
    const canPlay = view.phase === "playing" && view.legal.length > 0;
    if (!changed("hand", [tiles, view.hints, view.playable, canPlay, view.viewer, view.players])) return;
    const hadFocus = ui.hand.contains(activeElement(ui.root));
    state.handFocus = Math.min(state.handFocus, Math.max(0, tiles.length - 1));
    ui.handLabel.textContent = view.viewer ? `Your hand: ${seatName(view, view.viewer)}` : "";
    ui.hand.replaceChildren(...tiles.map((tile, i) => handButton(tile, i, view, canPlay)));
    if (hadFocus) ui.hand.children[state.handFocus]?.focus();
  }

  function handButton(tile, index, view, canPlay) {
    const playable = view.hints && view.playable.some((p) => sameTile(p, tile));
    const classes = ["dw-hand-tile"];
    if (playable) classes.push("dw-playable");
    else if (view.hints && canPlay) classes.push("dw-unplayable");
    const button = element("button", {
      type: "button",
      className: classes.join(" "),
      "aria-label": tileLabel(tile),
      "data-tile": tile,
      tabindex: index === state.handFocus ? "0" : "-1",
    });
    button.innerHTML = tileSvg(tile, { unit: HAND_TILE_UNIT });
    return button;
  }

  function updateActions(view) {
    const pass = legalMoveOfKind(view.legal, "pass");
    const draw = legalMoveOfKind(view.legal, "draw");
    ui.actions.hidden = !view.viewer || view.phase !== "playing";
    setMoveButton(ui.passButton, pass);
    setMoveButton(ui.drawButton, draw);
    ui.drawButton.hidden = view.game !== "vietnamese" && !draw;
  }

  function setMoveButton(button, move) {
    button.disabled = !move;
    button.dataset.move = move ? move.text : "";
  }

  function updateScore(view) {
    if (!changed("score", [view.score, view.seats, view.players, view.viewer, view.hand_number])) return;
    const names = seatNames(view);
    const panel = describeScore(view.score, { seats: view.seats, names });
    const mine = new Set([view.viewer, view.players[view.viewer]?.team].filter(Boolean));
    ui.score.replaceChildren(
      element("h3", { text: panel.title }, element("span", { className: "dw-hand-number", text: `Hand ${view.hand_number + 1}` })),
      element("div", { className: "dw-score-rows" }, ...panel.rows.map((row) => scoreRow(row, mine.has(row.key)))),
      element("ul", { className: "dw-score-notes" }, ...panel.notes.map((note) => element("li", { text: note }))),
    );
  }

  function updateMoves(view) {
    if (!changed("moves", [view.moves, view.players])) return;
    const names = seatNames(view);
    const items = view.moves.map((move) => element("li", { text: move, title: describeMove(move, names) }));
    if (items.length === 0) items.push(element("li", { className: "dw-empty", text: "No moves yet." }));
    ui.moveList.replaceChildren(...items);
    ui.moveList.scrollTop = ui.moveList.scrollHeight;
  }

  function updateStatus(view) {
    ui.status.textContent = view.status;
    const myTurn = view.phase === "playing" && view.viewer !== null && view.turn === view.viewer;
    ui.status.classList.toggle("dw-my-turn", myTurn);
  }

  function updateMessage(view) {
    if (view.message && view.message !== state.lastMessage) flash(view.message, "info");
  }

  function updatePhase(view) {
    const covered = view.phase === "cover";
    const hadFocus = ui.root.contains(activeElement(ui.root));
    ui.cover.hidden = !covered;
    ui.board.inert = covered; // out of reach of the keyboard and screen readers too
    if (covered) {
      ui.coverText.textContent = view.status || "Pass the device to the next player.";
      if (hadFocus) ui.cover.focus();
    }
    if (!changed("phase", [view.phase, view.result, view.leader_choices, view.players, view.score])) return;
    const panel = phasePanelContent(view);
    ui.phasePanel.hidden = !panel;
    ui.phasePanel.replaceChildren(...(panel ?? []));
    if (panel && ui.root.contains(activeElement(ui.root))) ui.phasePanel.querySelector("button")?.focus();
  }

  function phasePanelContent(view) {
    switch (view.phase) {
      case "choose_leader":
        return leaderChoicePanel(view);
      case "hand_over":
        return resultPanel(view, { button: "Next hand", message: { type: "next_hand" } });
      case "match_over":
        return resultPanel(view, { heading: "Match over", button: "New match", message: { type: "new_match" } });
      default:
        return null;
    }
  }

  function leaderChoicePanel(view) {
    const buttons = view.leader_choices.map((seat) =>
      actionButton(`${seatName(view, seat)} ${seatName(view, seat) === "You" ? "lead" : "leads"}`, { send: JSON.stringify({ type: "choose_leader", seat }) }),
    );
    return [
      element("h2", { id: ui.ids.panelTitle, text: "Who leads the next hand?" }),
      element("p", { text: "Your team won the last hand: choose which partner leads." }),
      element("div", { className: "dw-panel-buttons" }, ...buttons),
    ];
  }

  function resultPanel(view, { heading = null, button, message }) {
    const result = view.result ?? { title: "", lines: [] };
    const parts = [element("h2", { id: ui.ids.panelTitle, text: heading ?? result.title })];
    if (heading && result.title) parts.push(element("p", { className: "dw-result-title", text: result.title }));
    for (const line of result.lines ?? []) parts.push(element("p", { text: line }));
    if (heading) parts.push(element("p", { className: "dw-final-score", text: finalScoreWords(view) }));
    if (result.hands) parts.push(resultHands(view, result));
    const primary = actionButton(button, { send: JSON.stringify(message) });
    primary.classList.add("dw-primary");
    parts.push(element("div", { className: "dw-panel-buttons" }, primary));
    return parts;
  }

  function resultHands(view, result) {
    const seats = view.seats.length ? view.seats : Object.keys(result.hands);
    const rows = seats.map((seat) => {
      const tiles = element("span", { className: "dw-result-tiles" });
      tiles.innerHTML = tileRowSvg(result.hands[seat] ?? [], { unit: 13 });
      const pips = result.pips?.[seat];
      return element(
        "div",
        { className: "dw-result-hand", "data-seat": seat },
        element("span", { className: "dw-result-name", text: seatName(view, seat) }),
        element("span", { className: "dw-result-pips", text: pips === undefined ? "" : `${pips} pips` }),
        tiles,
      );
    });
    return element("div", { className: "dw-result-hands" }, ...rows);
  }

  function finalScoreWords(view) {
    const panel = describeScore(view.score, { seats: view.seats, names: seatNames(view) });
    return panel.rows.map((row) => `${row.label} ${row.value}`).join(" · ");
  }

  function updateView() {
    const view = readView(model);
    state.view = view;
    if (state.choice && state.choice.legal !== JSON.stringify(view.legal)) {
      state.choice = null;
      drawChoice();
    }
    ui.root.dataset.phase = view.phase;
    updateSeats(view);
    updateLine(view);
    updateBoneyard(view);
    updateHand(view);
    updateActions(view);
    updateScore(view);
    updateMoves(view);
    updateStatus(view);
    updateMessage(view);
    updatePhase(view);
  }

  function updateRules() {
    ui.rulesText.textContent = model.get("rules_text") || "The rules in force will appear here.";
  }

  // ---- messages from the kernel and short notices -----------------------------

  function onCustomMessage(message) {
    if (message?.type !== "refused" && message?.type !== "error") return;
    cancelChoice();
    flash(message.message || message.reason || "Refused.", message.type);
  }

  function flash(text, kind) {
    state.lastMessage = text;
    ui.flash.textContent = text;
    ui.flash.dataset.kind = kind;
    ui.flash.classList.add("dw-visible");
    clearTimeout(state.flashTimer);
    state.flashTimer = setTimeout(() => ui.flash.classList.remove("dw-visible"), FLASH_MS);
  }

  // ---- input ---------------------------------------------------------------------

  function onHandClick(event) {
    const button = event.target.closest("button[data-tile]");
    if (button) playTile(button.dataset.tile);
  }

  function onHandFocus(event) {
    const buttons = [...ui.hand.children];
    const index = buttons.indexOf(event.target);
    if (index < 0) return;
    state.handFocus = index;
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === index ? "0" : "-1"));
  }

  const FOCUS_MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function onHandKeyDown(event) {
    const buttons = [...ui.hand.children];
    if (buttons.length === 0) return;
    let index = null;
    if (event.key in FOCUS_MOVES) {
      index = (state.handFocus + FOCUS_MOVES[event.key] + buttons.length) % buttons.length;
    } else if (event.key === "Home") index = 0;
    else if (event.key === "End") index = buttons.length - 1;
    if (index === null) return;
    event.preventDefault();
    event.stopPropagation();
    buttons[index].focus();
  }

  function onRootKeyDown(event) {
    // Enter and Space activate buttons; keep notebook shortcuts from acting on them.
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("button, [role=button]")) {
      event.stopPropagation();
    }
    if (!state.choice || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "escape") cancelChoice();
    else if (key === "l" || key === "r") pickEnd(key.toUpperCase());
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  function onLineActivate(event) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest("[data-end]");
    if (!target) return;
    event.preventDefault();
    pickEnd(target.dataset.end);
  }

  function onChoiceClick(event) {
    const button = event.target.closest("button");
    if (!button) return;
    if ("end" in button.dataset) pickEnd(button.dataset.end);
    else if ("move" in button.dataset) sendMove(button.dataset.move);
    else if ("cancel" in button.dataset) cancelChoice();
  }

  function onMoveButtonClick(event) {
    const move = event.currentTarget.dataset.move;
    if (move) sendMove(move);
  }

  function onPanelClick(event) {
    const button = event.target.closest("button[data-send]");
    if (button) send(JSON.parse(button.dataset.send));
  }

  function onCoverActivate(event) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    send({ type: "uncover" });
  }

  // Re-lay the line when its box changes width; drawn on the next frame so the
  // new height does not feed back into this observer in the same pass.
  const resizeObserver = new ResizeObserver((entries) => {
    const width = Math.floor(entries[entries.length - 1].contentRect.width);
    if (width <= 0 || width === state.lineWidth) return;
    state.lineWidth = width;
    cancelAnimationFrame(state.frame);
    state.frame = requestAnimationFrame(() => updateLine(state.view, { animate: false }));
  });

  const listeners = [
    [ui.hand, "click", onHandClick],
    [ui.hand, "focusin", onHandFocus],
    [ui.hand, "keydown", onHandKeyDown],
    [ui.root, "keydown", onRootKeyDown],
    [ui.lineSvg, "click", onLineActivate],
    [ui.lineSvg, "keydown", onLineActivate],
    [ui.choice, "click", onChoiceClick],
    [ui.passButton, "click", onMoveButtonClick],
    [ui.drawButton, "click", onMoveButtonClick],
    [ui.phasePanel, "click", onPanelClick],
    [ui.cover, "click", onCoverActivate],
    [ui.cover, "keydown", onCoverActivate],
  ];
  const modelListeners = [
    ["change:view", updateView],
    ["change:rules_text", updateRules],
    ["msg:custom", onCustomMessage],
  ];
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler);
  for (const [event, handler] of modelListeners) model.on(event, handler);
  resizeObserver.observe(ui.lineWrap);

  updateView();
  updateRules();

  return () => {
    for (const [event, handler] of modelListeners) model.off(event, handler);
    resizeObserver.disconnect();
    cancelAnimationFrame(state.frame);
    clearTimeout(state.flashTimer);
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
    ui.root.remove();
  };
}

// ---- drawing helpers (no widget state) ------------------------------------------

function readView(model) {
  const view = { ...DEFAULT_VIEW, ...(model.get("view") ?? {}) };
  for (const key of ["seats", "line", "passed", "moves", "legal", "playable", "leader_choices"]) {
    if (!Array.isArray(view[key])) view[key] = [];
  }
  for (const key of ["players", "hands"]) view[key] = view[key] ?? {};
  return view;
}

function visibleHand(view) {
  if (view.phase === "cover" || !view.viewer) return [];
  const hand = view.hands[view.viewer];
  return Array.isArray(hand) ? hand : [];
}

function seatName(view, seat) {
  return view.players[seat]?.name ?? SEAT_WORDS[seat] ?? seat;
}

function seatNames(view) {
  return Object.fromEntries(Object.keys(SEAT_WORDS).map((seat) => [seat, seatName(view, seat)]));
}

function sortedKey(halves) {
  return [...halves].sort().join("-");
}

function activeElement(node) {
  return node.getRootNode().activeElement;
}

function drawSeat(parts, seat, view) {
  const inPlay = view.seats.includes(seat);
  parts.root.hidden = !inPlay;
  if (!inPlay) return;
  const player = view.players[seat] ?? {};
  const hand = view.hands[seat];
  const count = Array.isArray(hand) ? hand.length : Number(hand) || 0;
  const isViewer = seat === view.viewer;
  const marks = [];
  if (isViewer) marks.push(["dw-mark-you", "you"]);
  if (view.passed.includes(seat)) marks.push(["dw-mark-passed", "passed"]);
  if (view.turn === seat) marks.push(["dw-mark-turn", "to play"]);

  parts.root.classList.toggle("dw-turn", view.turn === seat);
  parts.root.classList.toggle("dw-viewer", isViewer);
  parts.name.textContent = seatName(view, seat);
  parts.team.textContent = TEAM_WORDS[player.team] ?? "";
  parts.team.hidden = !player.team;
  parts.kind.textContent = botWords(player.kind, seatName(view, seat));
  parts.marks.replaceChildren(...marks.map(([className, text]) => element("span", { className: `dw-mark ${className}`, text })));
  parts.count.textContent = `${count} ${count === 1 ? "tile" : "tiles"}`;
  const lying = seat === "E" || seat === "W";
  const tiles = isViewer ? [] : Array.isArray(hand) ? hand : Array(count).fill(null);
  parts.tiles.innerHTML = tileRowSvg(tiles, { unit: SEAT_TILE_UNIT, lying });
  const summary = [seatName(view, seat), TEAM_WORDS[player.team], parts.count.textContent, ...marks.map((m) => m[1])];
  parts.root.setAttribute("aria-label", summary.filter(Boolean).join(", "));
}

// "bot:greedy" -> "bot · greedy", shortened to "bot" when the name already says which.
function botWords(kind, name) {
  if (!kind || kind === "human") return "";
  const bot = kind.replace(/^bot:/, "");
  return name.includes(bot) ? "bot" : `bot · ${bot}`;
}

function lineUnit(width) {
  return Math.max(12, Math.min(28, Math.floor(width / 13)));
}

function drawLine(svg, view, width, { isNew, choiceEnds }) {
  const inner = Math.max(1, width - 2 * LINE_PADDING);
  if (view.line.length === 0) {
    setSvgSize(svg, width, EMPTY_LINE_HEIGHT);
    svg.setAttribute("aria-label", "Line of play: empty, waiting for the lead");
    svg.innerHTML = `<text class="dw-line-empty" x="${width / 2}" y="${EMPTY_LINE_HEIGHT / 2}">Waiting for the lead</text>`;
    return;
  }
  const layout = layoutLine(view.line, view.lead, inner, lineUnit(inner));
  const last = view.line.length - 1;
  const endTile = { L: 0, R: last };
  const glowing = new Map(view.line.length > 1 ? choiceEnds.map((end) => [endTile[end], end]) : []);
  const tiles = layout.tiles.map((placement) => {
    const classes = [isNew(view.line[placement.index]) ? "dw-new" : ""].filter(Boolean).join(" ");
    const markup = tileMarkup(placement.halves, { x: placement.x, y: placement.y, width: placement.w, height: placement.h, className: classes });
    const end = glowing.get(placement.index);
    return end ? `<g class="dw-end-target dw-end-tile" data-end="${end}">${markup}</g>` : markup;
  });
  const slots = choiceEnds.map((end) => slotMarkup(end === "L" ? layout.slots.left : layout.slots.right, end, view.ends));
  setSvgSize(svg, width, layout.bounds.height + 2 * LINE_PADDING);
  const ends = view.ends ? `, open ends ${pipWord(view.ends[0])} and ${pipWord(view.ends[1])}` : "";
  svg.setAttribute("aria-label", `Line of play: ${view.line.length} ${view.line.length === 1 ? "tile" : "tiles"}${ends}`);
  svg.innerHTML = `<g transform="translate(${LINE_PADDING} ${LINE_PADDING})">${tiles.join("")}${slots.join("")}</g>`;
}

function slotMarkup(slot, end, ends) {
  const value = ends ? pipWord(end === "L" ? ends[0] : ends[1]) : "";
  const label = `Play on the ${END_WORDS[end].toLowerCase()} end${value ? ` (${value})` : ""}`;
  const radius = Math.min(slot.w, slot.h) * 0.18;
  return (
    `<g class="dw-end-target dw-slot" data-end="${end}" role="button" tabindex="0" aria-label="${label}">` +
    `<rect x="${slot.x}" y="${slot.y}" width="${slot.w}" height="${slot.h}" rx="${radius}"/>` +
    `<text x="${slot.x + slot.w / 2}" y="${slot.y + slot.h / 2}">${end}</text></g>`
  );
}

function setSvgSize(svg, width, height) {
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
}

function scoreRow(row, mine) {
  return element(
    "div",
    { className: `dw-score-row${mine ? " dw-mine" : ""}`, "data-key": row.key },
    element("span", { className: "dw-score-label", text: row.label }),
    element("span", { className: "dw-score-value", text: String(row.value) }),
    element("span", { className: "dw-score-detail", text: row.detail }),
  );
}

// ---- building the DOM once ---------------------------------------------------------

let widgetCount = 0;

function buildSkeleton() {
  const uid = `dw-${++widgetCount}`;
  const ids = { panelTitle: `${uid}-panel-title`, rules: `${uid}-rules` };
  const seats = Object.fromEntries(MAP_SEATS.map((seat) => [seat, buildSeat(seat)]));

  const lineSvg = document.createElementNS(SVG_NS, "svg");
  lineSvg.setAttribute("class", "dw-line");
  lineSvg.setAttribute("role", "img");
  const lineWrap = element("div", { className: "dw-line-wrap" }, lineSvg);
  const boneyardCount = element("span", { className: "dw-boneyard-count" });
  const boneyardIcon = element("span", { className: "dw-boneyard-icon", "aria-hidden": "true" });
  boneyardIcon.innerHTML = tileRowSvg([null, null, null], { unit: 7 });
  const boneyard = element("div", { className: "dw-boneyard", hidden: true }, boneyardIcon, boneyardCount);
  const centre = element("div", { className: "dw-centre" }, lineWrap, boneyard);
  const phasePanel = element("section", { className: "dw-phase-panel", hidden: true, role: "dialog", "aria-labelledby": ids.panelTitle });
  const table = element(
    "div",
    { className: "dw-table", role: "group", "aria-label": "Table" },
    ...MAP_SEATS.map((seat) => seats[seat].root),
    centre,
    phasePanel,
  );

  const flash = element("div", { className: "dw-flash", role: "alert" });
  const choice = element("div", { className: "dw-choice", hidden: true });
  const handLabel = element("div", { className: "dw-hand-label" });
  const hand = element("div", { className: "dw-hand", role: "toolbar", "aria-label": "Your hand" });
  const passButton = element("button", { type: "button", className: "dw-button dw-pass", text: "Pass", disabled: true });
  const drawButton = element("button", { type: "button", className: "dw-button dw-draw", text: "Draw", disabled: true });
  const actions = element("div", { className: "dw-actions" }, passButton, drawButton);
  const play = element("div", { className: "dw-play" }, flash, choice, handLabel, hand, actions);
  const status = element("div", { className: "dw-status", role: "status" });
  const main = element("div", { className: "dw-main" }, table, play, status);

  const score = element("section", { className: "dw-score", "aria-label": "Score" });
  const moveList = element("ol", { className: "dw-move-list" });
  const moves = element("section", { className: "dw-moves", "aria-label": "Moves" }, element("h3", { text: "Moves" }), moveList);
  const rulesText = element("div", { className: "dw-rules-text", id: ids.rules });
  const rules = element("details", { className: "dw-rules" }, element("summary", { text: "Rules" }), rulesText);
  const side = element("aside", { className: "dw-side" }, score, moves, rules);
  const board = element("div", { className: "dw-board" }, main, side);

  const coverText = element("p", { className: "dw-cover-status" });
  const cover = element(
    "div",
    { className: "dw-cover", hidden: true, role: "button", tabindex: "0", "aria-label": "Show the table" },
    element("h2", { text: "Hot seat" }),
    coverText,
    element("p", { className: "dw-cover-hint", text: "Click here or press Enter to show the table." }),
  );
  const root = element("div", { className: "dominoes-widget" }, board, cover);
  return {
    ids, root, board, seats, lineWrap, lineSvg, boneyard, boneyardCount, phasePanel, flash, choice,
    handLabel, hand, actions, passButton, drawButton, status, score, moveList, rulesText, cover, coverText,
  };
}

function buildSeat(seat) {
  const name = element("span", { className: "dw-seat-name" });
  const team = element("span", { className: "dw-seat-team" });
  const kind = element("span", { className: "dw-seat-kind" });
  const marks = element("span", { className: "dw-seat-marks" });
  const count = element("span", { className: "dw-seat-count" });
  const tiles = element("div", { className: "dw-seat-tiles" });
  const head = element("div", { className: "dw-seat-head" }, name, team, kind);
  const root = element("div", { className: `dw-seat dw-seat-${seat}`, "data-seat": seat, role: "group", hidden: true }, head, marks, tiles, count);
  return { root, name, team, kind, marks, count, tiles };
}

// document.createElement with properties: className, text, boolean attributes
// (true = present, false/null = absent) and plain attributes.
function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

export default { render };
