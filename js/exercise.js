// The Exercise widget (anywidget): a question about a position, answered here, checked by the kernel.
//
// The DOM is built once; draw() fills it from the `exercise` view and the student's pick. The page
// only collects an answer (tiles, one choice, a number) and sends it; the verdict, the hint and the
// engine's reasons come back in the view (js/PROTOCOL.md, "Exercise").

import { h, listenModel, setChildren, svgNode } from "./kit/common/dom.mjs";
import { answerMessage, controls, emptyPick, mistakenChoice, pickOf, picked, readExercise, tileMark, toggleTile, verdictKey } from "./kit/exercise/exercise.mjs";
import { applyPalette } from "./kit/common/palette.mjs";
import { tileSvg } from "./kit/common/tile.mjs";
import { makeWords, tileName } from "./kit/common/words.mjs";

/** @typedef {import("./kit/exercise/exercise.mjs").Exercise} Exercise */
/** @typedef {import("./kit/exercise/exercise.mjs").Pick} Pick */
/** @typedef {import("./kit/common/page_model.mjs").Model} Model */
/** @typedef {import("./kit/common/words.mjs").Word} Word */

/**
 * @param {Word} word
 */
function skeleton(word) {
  const button = (/** @type {string} */ key, primary = false) => h("button", { type: "button", className: `dw-button${primary ? " dw-primary" : ""}`, text: word(key) });
  const ui = {
    root: h("section", { className: "dominoes-widget dw-exercise", "aria-label": word("exercise") }),
    question: h("p", { className: "dw-ex-question" }),
    picture: h("div", { className: "dw-ex-picture" }),
    answer: h("div", { className: "dw-ex-answer" }),
    check: button("exercise_check", true),
    retry: button("exercise_retry"),
    reveal: button("exercise_reveal"),
    verdict: h("p", { className: "dw-ex-verdict", role: "status", "aria-live": "polite" }),
    feedback: h("ul", { className: "dw-ex-feedback" }),
    error: h("p", { className: "dw-ex-error", role: "alert" }),
  };
  const buttons = h("div", { className: "dw-ex-buttons" }, ui.check, ui.retry, ui.reveal);
  ui.root.append(ui.question, ui.picture, ui.answer, buttons, ui.verdict, ui.feedback, ui.error);
  applyPalette(ui.root);
  return ui;
}

/**
 * @param {Exercise} view
 * @param {Pick} pick
 * @param {boolean} locked
 * @param {Word} word
 * @param {(tile: string) => void} onToggle
 */
function tileButtons(view, pick, locked, word, onToggle) {
  return view.choices.tiles.map((tile) => {
    const mark = tileMark(view, tile);
    const label = mark === "wrong" ? word("exercise_marked_wrong", { label: tileName(word, tile) }) : tileName(word, tile);
    const button = h("button", { type: "button", className: `dw-ex-tile${mark ? ` dw-ex-${mark}` : ""}`, "aria-pressed": String(picked(pick, tile)), "aria-label": label, disabled: locked });
    button.append(svgNode(tileSvg(tile, { unit: 22 })));
    if (mark === "wrong") button.append(h("span", { className: "dw-ex-cross", "aria-hidden": "true", text: "✗" }));
    button.addEventListener("click", () => onToggle(tile));
    return button;
  });
}

/**
 * @param {Exercise} view
 * @param {Pick} pick
 * @param {boolean} locked
 * @param {Word} word
 * @param {(value: string) => void} onChoose
 */
function optionButtons(view, pick, locked, word, onChoose) {
  return view.choices.options.map((option) => {
    const chosen = pick.option === option.value;
    const right = view.answer === option.value;
    const wrong = mistakenChoice(view, option.value);
    const text = String(option.label ?? option.value);
    const mark = right ? " dw-ex-answer-option" : wrong ? " dw-ex-wrong-option" : "";
    const button = h("button", { type: "button", className: `dw-button dw-ex-option${mark}`, "aria-pressed": String(chosen), "aria-label": wrong ? word("exercise_marked_wrong", { label: text }) : null, text: wrong ? `✗ ${text}` : text, disabled: locked });
    button.addEventListener("click", () => onChoose(option.value));
    return button;
  });
}

/**
 * @param {Exercise} view
 * @param {Pick} pick
 * @param {Word} word
 * @param {(text: string) => void} onType
 */
function numberInput(view, pick, word, onType) {
  const input = h("input", { type: "text", inputmode: "numeric", className: "dw-ex-number dw-field", "aria-label": word("exercise_number"), value: pick.number, size: 4 });
  input.addEventListener("input", () => onType(input.value));
  return h("label", { className: "dw-ex-number-label" }, h("span", { text: word("exercise_number") }), input);
}

/**
 * @param {{model: Model, el: HTMLElement}} props
 */
function render({ model, el }) {
  let word = makeWords(model.get("words"));
  const ui = skeleton(word);
  let view = readExercise(model.get("view"));
  let pick = pickOf(view);
  let waiting = false;
  /** @type {string | null} */
  let drawnPicture = null;

  const redrawAnswer = () => {
    const ctl = controls(view, pick, waiting);
    const type = view.choices.type;
    if (type === "tiles") {
      setChildren(ui.answer, ...tileButtons(view, pick, ctl.locked, word, (tile) => update(toggleTile(pick, tile))),
        pick.tiles.length === 0 && !ctl.locked ? h("span", { className: "dw-ex-note", text: word("exercise_none_chosen") }) : null);
    } else if (type === "number") {
      // made once, then kept in step: typing is never interrupted, and Try again empties it
      if (!ui.answer.querySelector("input")) setChildren(ui.answer, numberInput(view, pick, word, (text) => update({ ...pick, number: text }, false)));
      const input = ui.answer.querySelector("input");
      if (input) {
        input.disabled = ctl.locked;
        if (input.value !== pick.number) input.value = pick.number;
        input.classList.toggle("dw-ex-wrong", mistakenChoice(view, pick.number));
      }
    } else {
      setChildren(ui.answer, ...optionButtons(view, pick, ctl.locked, word, (value) => update({ ...pick, option: value })));
    }
    ui.check.hidden = !ctl.check;
    ui.check.disabled = !ctl.canCheck;
    ui.retry.hidden = !ctl.retry;
    ui.reveal.hidden = !ctl.reveal;
  };
  const update = (/** @type {Pick} */ next, redraw = true) => {
    pick = next;
    if (redraw) redrawAnswer();
    else ui.check.disabled = !controls(view, pick, waiting).canCheck;
  };
  const draw = () => {
    ui.question.textContent = view.question;
    if (view.picture !== drawnPicture) {
      drawnPicture = view.picture;
      setChildren(ui.picture, view.picture ? svgNode(view.picture) : null);
    }
    const key = verdictKey(view.status);
    ui.verdict.textContent = key ? word(key) : "";
    ui.verdict.dataset.status = view.status;
    setChildren(ui.feedback, ...view.feedback.map((line) => h("li", { text: line })));
    redrawAnswer();
  };
  const send = (/** @type {{type: string} & Record<string, unknown>} */ message) => {
    ui.error.textContent = "";
    waiting = message.type === "answer";
    if (waiting) ui.verdict.textContent = word("exercise_checking");
    model.send(message);
    redrawAnswer();
  };
  ui.check.addEventListener("click", () => {
    const message = answerMessage(view, pick);
    if (message) send(message);
  });
  ui.retry.addEventListener("click", () => send({ type: "retry" }));
  ui.reveal.addEventListener("click", () => send({ type: "reveal" }));

  const stop = listenModel(model, [
    ["change:view", () => {
      const before = view.status;
      view = readExercise(model.get("view"));
      waiting = false;
      if (view.status === "open" && before !== "open") pick = emptyPick();
      else if (view.status !== "open") pick = pickOf(view);
      draw();
    }],
    ["change:words", () => { word = makeWords(model.get("words")); draw(); }],
    ["msg:custom", (/** @type {{type?: string, message?: unknown} | null | undefined} */ message) => {
      if (message?.type !== "error") return;
      waiting = false;
      ui.error.textContent = String(message.message ?? "");
      draw();
    }],
  ]);
  el.append(ui.root);
  draw();
  return () => {
    stop();
    ui.root.remove();
  };
}

export default { render };
