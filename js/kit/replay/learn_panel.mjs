// Learn from your mistakes on screen: the bar that starts it (the button, and whose mistakes),
// under the board, and the panel under the felt while it runs (the exercise's
// words, the mover's tiles as buttons, the end to play on, the answer and why, Next and Back).
// What they show comes from learn_view.mjs; the felt and the line are drawn by replay_draw.mjs.

import { drawChoice } from "../common/end_choice.mjs";
import { h, setChildren } from "../common/dom.mjs";
import { tileSvg } from "../common/tile.mjs";
import { tileName } from "../common/words.mjs";

/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {import("./learn_view.mjs").LearnTray} LearnTray */
/** @typedef {import("./learn_view.mjs").LearnWords} LearnWords */
/** @typedef {import("./replay_draw.mjs").LearnChoice} LearnChoice */
/** @typedef {import("./replay_skeleton.mjs").ReplayUi} ReplayUi */

/** The bar under the board (beside Play from here): the button and whose mistakes. */
export function buildLearnBar() {
  const learnSeat = h("select", { className: "dw-learn-seat" });
  const learnButton = h("button", { type: "button", className: "dw-play-button dw-learn-start", dataset: { action: "learnStart" } });
  const learnBar = h("div", { className: "dw-play-bar dw-learn-bar", hidden: true }, learnButton, learnSeat);
  return { learnBar, learnSeat, learnButton };
}

/** The panel that takes the words box's and the controls' place while a drill runs. */
export function buildLearnPanel() {
  const learnHeading = h("h3", { className: "dw-learn-heading" });
  const learnAsk = h("p", { className: "dw-learn-ask" });
  const learnInGame = h("p", { className: "dw-learn-in-game" });
  const learnTray = h("div", { className: "dw-learn-tray", role: "toolbar" });
  const learnChoice = h("div", { className: "dw-learn-choice dw-choice", hidden: true });
  const learnFeedback = h("p", { className: "dw-learn-feedback", hidden: true });
  const learnAnswer = h("p", { className: "dw-learn-answer", hidden: true });
  const learnWhy = h("p", { className: "dw-learn-why", hidden: true });
  const learnDone = h("p", { className: "dw-learn-done", hidden: true });
  const learnComing = h("p", { className: "dw-learn-coming", role: "status", hidden: true });
  const learnNext = h("button", { type: "button", className: "dw-button dw-learn-next", hidden: true, dataset: { action: "learnNext" } });
  const learnStop = h("button", { type: "button", className: "dw-button dw-learn-stop", dataset: { action: "learnStop" } });
  const learnPanel = h(
    "section",
    { className: "dw-learn", hidden: true, "aria-live": "polite" },
    h("div", { className: "dw-learn-head" }, learnHeading, learnStop),
    learnInGame,
    learnAsk,
    learnTray,
    learnChoice,
    learnFeedback,
    learnAnswer,
    learnWhy,
    learnDone,
    h("div", { className: "dw-learn-foot" }, learnComing, learnNext),
  );
  return { learnPanel, learnHeading, learnAsk, learnInGame, learnTray, learnChoice, learnFeedback, learnAnswer, learnWhy, learnDone, learnComing, learnNext, learnStop };
}

/**
 * The bar's words and its seats (each seat's player), the bottom seat picked unless one already is.
 * @param {ReplayUi} ui
 * @param {ReplayData} data
 * @param {Word} word
 */
export function fillLearnBar(ui, data, word) {
  ui.learnButton.textContent = word("learn_mistakes");
  ui.learnButton.title = word("learn_mistakes_title");
  ui.learnSeat.setAttribute("aria-label", word("learn_seat"));
  ui.learnSeat.title = word("learn_seat");
  const picked = ui.learnSeat.value || data.bottom;
  setChildren(ui.learnSeat, ...(data.seats ?? []).map((seat) => h("option", { value: seat, text: data.players?.[seat]?.name || seat })));
  ui.learnSeat.value = (data.seats ?? []).includes(picked) ? picked : (data.bottom ?? "");
  ui.learnStop.textContent = word("learn_close");
}

/**
 * @param {HTMLElement} node
 * @param {string | null | undefined} text
 */
function show(node, text) {
  node.hidden = !text;
  node.textContent = text ?? "";
}

/**
 * Draw the panel: `words` from learnWords, `tray` from learnTray, `choice` the end being
 * chosen (or null) on the line's `ends`.
 * @param {ReplayUi} ui
 * @param {{words: LearnWords, tray: LearnTray, choice: LearnChoice | null, ends: number[] | null, word: Word}} parts
 */
export function drawLearnPanel(ui, { words, tray, choice, ends, word }) {
  ui.learnHeading.textContent = words.heading;
  show(ui.learnInGame, words.inGame);
  show(ui.learnAsk, words.ask);
  show(ui.learnDone, words.done);
  show(ui.learnComing, words.coming);
  ui.learnFeedback.hidden = !words.feedback;
  ui.learnFeedback.textContent = words.feedback?.text ?? "";
  if (words.feedback?.note) ui.learnFeedback.append(" ", h("span", { className: "dw-learn-note", text: words.feedback.note }));
  ui.learnFeedback.dataset.kind = words.feedback?.kind ?? "";
  show(ui.learnAnswer, words.answer);
  show(ui.learnWhy, words.why);
  show(ui.learnNext, words.next);
  const buttons = tray.tiles.map(({ tile, enabled, tried }) => {
    const button = h("button", { type: "button", className: "dw-learn-tile", disabled: !enabled, "aria-label": tileName(word, tile), title: tileName(word, tile), dataset: { action: "learnTile", tile } });
    button.classList.toggle("dw-selected", choice?.tile === tile);
    button.classList.toggle("dw-tried", Boolean(tried));
    button.innerHTML = tileSvg(tile, { unit: 22 });
    return button;
  });
  if (tray.pass) buttons.push(h("button", { type: "button", className: "dw-button dw-learn-pass", text: word("pass_keep"), dataset: { action: "learnMove", move: tray.pass } }));
  setChildren(ui.learnTray, ...buttons);
  ui.learnTray.hidden = buttons.length === 0;
  ui.learnTray.setAttribute("aria-label", word("your_tiles"));
  drawChoice(ui.learnChoice, choice, ends, word);
}
