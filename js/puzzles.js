// The Puzzles widget's front end (anywidget ES module), also run by the one-file puzzles page.
//
// The kernel (or, in the page, js/kit/puzzles/puzzle_logic.mjs) owns the run and sends one `state`
// (js/PROTOCOL.md, "The Puzzles widget"): the puzzle as the mover sees it, the hints shown,
// the feedback, the score. This file only draws it and sends intents: {type: "answer", move},
// {type: "hint"}, {type: "next"}, {type: "filter", game, theme, level}; with a learner (the
// view's `learning`) also {type: "call", clear} for the "Critical moment?" question. Which end a tile goes
// on is asked here when both fit (move_choice.mjs); whether a move is right is never decided here.
// Keys: 1-9 pick a tile, arrows move between tiles, Enter or Space plays it, L / R choose the
// end, Escape cancels, H a hint, N the next puzzle.

import { activeElement, h, listen, listenModel, setChildren, svgNode } from "./kit/common/dom.mjs";
import { drawChoice, slotChoice } from "./kit/common/end_choice.mjs";
import { drawSeat, fillLine } from "./kit/common/felt.mjs";
import { focusStep } from "./kit/common/hand_tray.mjs";
import { lineDrawing } from "./kit/common/line_view.mjs";
import { applyPalette } from "./kit/common/palette.mjs";
import { buildPuzzles } from "./kit/puzzles/puzzle_skeleton.mjs";
import { answerGhost, filterOptions, handTiles, headerTexts, keyAction, otherMoves, seatInfos, tileClick } from "./kit/puzzles/puzzle_view.mjs";
import { tileSvg } from "./kit/common/tile.mjs";
import { lineLabel, makeWords, pileWords, tileName } from "./kit/common/words.mjs";
import { chooseEnd } from "./kit/common/move_choice.mjs";

/** @typedef {import("./kit/common/views.mjs").LearningView} LearningView */
/** @typedef {import("./kit/common/views.mjs").PuzzleState} PuzzleState */
/** @typedef {import("./kit/common/views.mjs").PuzzleView} PuzzleView */
/** @typedef {import("./kit/common/page_model.mjs").Model} Model */
/** @typedef {import("./kit/common/words.mjs").Word} Word */
/** @typedef {ReturnType<typeof buildPuzzles>} PuzzlesUi */
/**
 * What the page keeps between drawings: the tile whose end is being chosen, the hand's
 * focus, the answer's ghost on the line, the line's box.
 * @typedef {{choice: {tile: string, moves: import("./kit/common/tile.mjs").Move[], ends: ("L"|"R")[]} | null,
 *   focus: number, ghost: ReturnType<typeof answerGhost>, lineSize: {width: number, height: number}}} Local
 */

/**
 * @param {{model: Model, el: HTMLElement}} props
 */
function render({ model, el }) {
  const ui = buildPuzzles();
  applyPalette(ui.root);
  el.append(ui.root);
  // the hand so far opens beside the board; under it, on a phone, it waits for a tap
  if (ui.root.clientWidth > 0 && ui.root.clientWidth < 600) ui.storyBox.open = false;
  /** @type {Local} */
  const local = { choice: null, focus: 0, ghost: null, lineSize: { width: 0, height: 0 } };
  const word = () => makeWords(model.get("words"));
  const state = () => /** @type {PuzzleState} */ (model.get("view") ?? {}); // none sent yet: an empty one
  const send = (/** @type {{type: string} & Record<string, unknown>} */ intent) => {
    ui.message.hidden = true;
    model.send(intent);
  };
  const handButtons = () => /** @type {NodeListOf<HTMLButtonElement>} */ (ui.hand.querySelectorAll("button[data-tile]"));
  const draw = () => {
    const inHand = ui.hand.contains(activeElement(ui.root));
    drawAll(ui, state(), local, word());
    drawLearning(ui, state().learning ?? {});
    // the hand's buttons are drawn again: the focus stays in the hand, or on the widget
    if (inHand) (handButtons()[local.focus] ?? ui.root).focus({ preventScroll: true });
  };
  const pick = (/** @type {string} */ tile) => {
    local.focus = Math.max(0, handTiles(state().puzzle).findIndex((t) => t.tile === tile));
    const click = tileClick(state().puzzle, tile);
    if (click.action === "send") send({ type: "answer", move: click.move });
    local.choice = click.action === "choose" ? { tile, moves: click.moves, ends: click.ends } : null;
    draw();
  };
  const end = (/** @type {"L" | "R"} */ side) => {
    if (!local.choice) return;
    const chosen = chooseEnd(local.choice.moves, side);
    if (chosen.action === "send") send({ type: "answer", move: chosen.move });
    local.choice = chosen.action === "choose" ? { ...local.choice, moves: chosen.moves, ends: chosen.ends } : null;
    draw();
  };
  const act = (/** @type {string} */ action) => {
    if (action === "hint" || action === "next") send({ type: action });
    else if (action === "left" || action === "right") end(action === "left" ? "L" : "R");
    else if (action === "cancel") { local.choice = null; draw(); }
  };
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target?.tagName === "SELECT") return;
    const tiles = handTiles(state().puzzle);
    const step = focusStep(event.key, local.focus, tiles.length);
    const key = keyAction(event);
    if (step !== null && target?.dataset?.tile) {
      local.focus = step;
      handButtons()[step]?.focus();
    } else if (key && "index" in key && tiles[key.index]) pick(tiles[key.index].tile);
    else if (key && !("index" in key)) act(key.action);
    else return;
    event.preventDefault();
  };
  const onClick = (/** @type {Event} */ event) => {
    const button = /** @type {Element} */ (event.target).closest?.("button");
    if (!button || !ui.root.contains(button)) return;
    if (button.dataset.tile) pick(button.dataset.tile);
    else if (button.dataset.move) send({ type: "answer", move: button.dataset.move });
    else if (button.dataset.end) end(/** @type {"L" | "R"} */ (button.dataset.end));
    else if ("cancel" in button.dataset) act("cancel");
    else if (button.dataset.call) send({ type: "call", clear: button.dataset.call === "clear" });
    else if (button.dataset.action) act(button.dataset.action);
  };
  const onFilter = (/** @type {Event} */ event) => {
    const target = /** @type {HTMLSelectElement} */ (event.target);
    const name = target.dataset.filter;
    if (name) send({ type: "filter", [name]: target.value || null });
  };
  const onMessage = (/** @type {{type?: string, message?: unknown} | null | undefined} */ content) => {
    if (content?.type !== "error") return;
    ui.message.textContent = String(content.message ?? "");
    ui.message.hidden = false;
  };
  const onState = () => {
    local.choice = null;
    draw();
  };
  const removeListeners = listen([[ui.root, "click", onClick], [ui.root, "keydown", onKey], [ui.root, "change", onFilter]]);
  const removeModel = listenModel(model, [["change:view", onState], ["change:words", draw], ["msg:custom", onMessage]]);
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
    const box = entries[0].contentRect;
    local.lineSize = { width: Math.floor(box.width), height: Math.floor(box.height) };
    drawLine(ui, state().puzzle, local, word());
  });
  observer?.observe(ui.felt.lineBox);
  draw();
  return () => {
    observer?.disconnect();
    removeModel();
    removeListeners();
    ui.root.remove();
  };
}

/**
 * @param {PuzzlesUi} ui
 * @param {PuzzleState} state
 * @param {Local} local
 * @param {Word} word
 */
function drawAll(ui, state, local, word) {
  const puzzle = state.puzzle ?? null;
  ui.root.setAttribute("aria-label", word("puzzles"));
  ui.root.lang = state.lang || "en";
  const texts = headerTexts(state, word);
  ui.number.textContent = texts.number;
  ui.about.textContent = texts.about;
  ui.score.textContent = texts.score;
  ui.streak.textContent = texts.streak;
  drawFilters(ui, state, word);
  ui.empty.hidden = Boolean(puzzle);
  ui.empty.textContent = state.empty ?? "";
  ui.board.hidden = !puzzle;
  ui.hintButton.textContent = word("puzzle_hint");
  ui.nextButton.textContent = word("puzzle_next");
  ui.keys.textContent = word("puzzle_keys");
  ui.storyTitle.textContent = word("puzzle_story");
  if (!puzzle) return;
  const seats = seatInfos(puzzle);
  for (const [position, box] of Object.entries(ui.felt.seats)) drawSeat(box, seats[position], word);
  // the pile's count in the felt's top corner, as the Table shows it (Vietnamese games only)
  const pile = pileWords(puzzle.pile, word);
  setChildren(ui.felt.corners.topEnd, pile ? h("span", { className: "dw-pile", text: pile }) : null);
  local.ghost = answerGhost(state);
  drawLine(ui, puzzle, local, word);
  drawTray(ui, state, local, word);
  drawFeedback(ui, state);
  setChildren(ui.story, ...puzzle.said.map((text) => h("li", { text })));
}

/** @type {Record<string, string>} */
const FILTER_WORDS = { game: "filter_game", theme: "filter_theme", level: "filter_level" };

/**
 * @param {PuzzlesUi} ui
 * @param {PuzzleState} state
 * @param {Word} word
 */
function drawFilters(ui, state, word) {
  for (const [name, { label, input }] of Object.entries(ui.filters)) {
    label.textContent = word(FILTER_WORDS[name]);
    const options = filterOptions(state.choices, name, word);
    const key = options.map((o) => `${o.value}:${o.label}`).join("|");
    if (input.dataset.options !== key) {
      input.dataset.options = key;
      setChildren(input, ...options.map((o) => h("option", { value: o.value, text: o.label })));
    }
    input.value = state.filters?.[name] ?? "";
  }
}

/**
 * @param {PuzzlesUi} ui
 * @param {PuzzleView | null} puzzle
 * @param {Local} local
 * @param {Word} word
 */
function drawLine(ui, puzzle, local, word) {
  if (!puzzle || !local.lineSize.width) return;
  const { width, height } = local.lineSize;
  const choice = slotChoice(word, puzzle.ends, local.choice);
  const drawing = lineDrawing(puzzle.line, puzzle.lead, { width, height, last: puzzle.last, choice, maxUnit: 30, ghost: local.ghost ?? null });
  ui.felt.lineSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  ui.felt.lineSvg.setAttribute("aria-label", lineLabel(puzzle, word));
  fillLine(ui.felt.lineSvg, drawing.markup);
}

/**
 * @param {PuzzlesUi} ui
 * @param {PuzzleState} state
 * @param {Local} local
 * @param {Word} word
 */
function drawTray(ui, state, local, word) {
  const puzzle = state.puzzle;
  if (!puzzle) return;
  ui.prompt.textContent = puzzle.prompt;
  drawChoice(ui.choice, local.choice, puzzle.ends, word);
  const tiles = handTiles(puzzle, state.tried ?? []);
  local.focus = Math.min(local.focus, Math.max(0, tiles.length - 1));
  ui.hand.setAttribute("aria-label", word("your_tiles"));
  ui.hand.classList.toggle("dw-readonly", state.solved);
  setChildren(ui.hand, ...tiles.map(({ tile, playable, tried }, index) => h("button", {
    type: "button",
    className: ["dw-hand-tile", playable ? "dw-playable" : "dw-unplayable", tried ? "dw-tried" : "",
      local.choice?.tile === tile ? "dw-selected" : ""].filter(Boolean).join(" "),
    "aria-label": `${index + 1}: ${tileName(word, tile)}`,
    "aria-disabled": playable && !state.solved ? null : "true",
    dataset: { tile },
    tabindex: index === local.focus ? "0" : "-1",
  }, svgNode(tileSvg(tile, { fluid: true })), h("span", { className: "dw-tile-key", "aria-hidden": "true", text: String(index + 1) }))));
  setChildren(ui.others, ...otherMoves(puzzle).map((item) => h("button", { type: "button", className: "dw-button", dataset: { move: item.move }, text: item.label })));
}

/**
 * @param {PuzzlesUi} ui
 * @param {PuzzleState} state
 */
function drawFeedback(ui, state) {
  const feedback = state.feedback;
  ui.feedback.hidden = !feedback;
  ui.feedback.classList.toggle("dw-right", Boolean(feedback?.right));
  ui.feedback.classList.toggle("dw-wrong", Boolean(feedback && !feedback.right));
  ui.feedbackTitle.textContent = feedback?.title ?? "";
  setChildren(ui.feedbackWhy, ...(feedback?.why ?? []).map((text) => h("p", { text })));
  ui.hints.hidden = !(state.hints ?? []).length;
  setChildren(ui.hints, ...(state.hints ?? []).map((text) => h("li", { text })));
  ui.hintButton.disabled = (state.hints ?? []).length >= 2;
}

/** With a learner: the mode and rating above the filters, the critical moment's question and
 *  the streak's end beside the board; all hidden without one (the one-file page has none). */
/**
 * @param {PuzzlesUi} ui
 * @param {Partial<LearningView>} learning
 */
function drawLearning(ui, learning) {
  const on = Boolean(learning.mode);
  ui.learnBar.hidden = !on;
  ui.callBox.hidden = !(on && learning.question);
  ui.learnOver.hidden = !(on && learning.over);
  if (!on) return;
  ui.learnMode.textContent = learning.title ?? "";
  ui.learnRating.textContent = learning.rating ?? "";
  ui.learnBest.textContent = learning.calls ?? learning.best ?? "";
  ui.learnReview.hidden = !learning.review;
  ui.learnReview.textContent = learning.review ?? "";
  ui.learnOver.textContent = learning.over ?? "";
  ui.callQuestion.textContent = learning.question ?? "";
  const called = learning.called ?? null;
  setChildren(ui.callButtons, ...(learning.answers ?? []).map((answer) => h("button", {
    type: "button",
    className: ["dw-button", called && called.said === (answer.value === "clear") ? "dw-selected" : ""].filter(Boolean).join(" "),
    dataset: { call: answer.value },
    disabled: Boolean(called),
    text: answer.label,
  })));
  ui.callSaid.hidden = !called;
  ui.callSaid.textContent = called?.text ?? "";
  ui.callSaid.classList.toggle("dw-right", Boolean(called?.right));
  ui.callSaid.classList.toggle("dw-wrong", Boolean(called && !called.right));
}

export default { render };
