// Drawing the Table from its state ({view, word, changed, choice, ...}): one small function
// per part, each redrawing only when the slice of the view it reads changed.

import { hasFocus } from "../common/dom.mjs";
import { drawCoach } from "../common/coach_panel.mjs";
import { drawControls, drawLeaderButtons, labelControls } from "./controls.mjs";
import { drawCover } from "./cover.mjs";
import { drawChoice, slotChoice } from "../common/end_choice.mjs";
import { drawHand, handTiles, handUnit, tileButtons } from "../common/hand_tray.mjs";
import { drawCounting, drawMoveList, drawScore, markCurrentMove } from "../common/panels.mjs";
import { drawResult } from "../common/result_panel.mjs";
import { drawStatus } from "./status.mjs";
import { drawCorners, drawLine, drawSeats, newTiles, seatInputs } from "./table_felt.mjs";
import { drawFollow, drawSpeed } from "./follow.mjs";
import { canSendMoves, currentPly, moveListItems, mustPassOrDraw, showsResult } from "./table_view.mjs";

/** @typedef {import("./table_view.mjs").ReadView} ReadView */
/** @typedef {import("./table_skeleton.mjs").TableUi} TableUi */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {ReturnType<typeof import("./notice.mjs").noticeFlasher>} Flasher */
/** @typedef {ReturnType<typeof import("./kernel_link.mjs").kernelLink>} Link */
/**
 * The Table's state (js/table.js and the seat page keep it; drawing keeps the hand's focus and
 * the notice shown up to date).
 * @typedef {object} TableState
 * @property {ReadView} view
 * @property {Word} word
 * @property {ReturnType<typeof import("../common/dom.mjs").changeTracker>} changed
 * @property {import("./table_actions.mjs").EndChoice | null} choice the end being picked, while the person picks one
 * @property {number} handFocus
 * @property {number | undefined} [messageId] the notice shown last
 * @property {boolean} [messageShown]
 * @property {{width: number, height: number}} lineSize
 * @property {number} handWidth
 * @property {boolean} [learn]
 * @property {boolean} [hintAsked]
 */
/**
 * What every drawing function reads: the DOM, the state, the notice's flasher, the kernel's link,
 * which tiles are new, and the words.
 * @typedef {{ui: TableUi, state: TableState, flasher: Flasher, link: Link, fresh: ReturnType<typeof newTiles>, word: Word}} Ctx
 */

/**
 * The Table's drawing functions over `ui` (buildTable) and `state`; `link` tells whether a kernel answers.
 * @param {TableUi} ui
 * @param {TableState} state
 * @param {{flasher: Flasher, link: Link}} helpers
 */
export function tableRenderer(ui, state, { flasher, link }) {
  const ctx = { ui, state, flasher, link, fresh: newTiles(), word: /** @type {Word} */ ((key, params) => state.word(key, params)) };
  return {
    drawView: (/** @type {ReadView} */ view) => drawView(ctx, view),
    drawLinePart: () => drawLinePart(ctx, state.view),
    drawStatusPart: () => drawStatusPart(ctx, state.view),
    drawControlsPart: () => drawControlsPart(ctx, state.view),
    drawChoicePart: () => drawChoicePart(ctx),
    drawLabels: () => drawLabels(ctx),
    sizeHand: () => sizeHand(ctx, handTiles(state.view).length),
    focusHand: () => focusHand(ctx),
  };
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawView(ctx, view) {
  ctx.ui.root.dataset.phase = view.phase;
  drawFelt(ctx, view);
  drawLinePart(ctx, view);
  drawTray(ctx, view);
  drawStatusPart(ctx, view);
  drawMessage(ctx, view);
  if (ctx.state.changed("follow", [view.recap, view.holding, view.announce])) drawFollow(ctx.ui, view, ctx.word);
  if (ctx.state.changed("speed", [view.speed, view.speeds, view.can_set_table])) drawSpeed(ctx.ui, view, ctx.word);
  drawSide(ctx, view);
  drawCover(ctx.ui, view);
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawFelt({ ui, state, word }, view) {
  if (state.changed("seats", seatInputs(view))) drawSeats(ui.felt, view, word);
  if (state.changed("corners", [view.title, view.hand_label, view.pile, view.watching])) drawCorners(ui.felt, view, word);
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawLinePart({ ui, state, word, fresh }, view) {
  const choice = slotChoice(word, view.ends, state.choice);
  const inputs = [view.line, view.lead, view.last, view.ends, state.lineSize, choice?.ends ?? []];
  if (!state.changed("line", inputs)) return;
  drawLine(ui.felt, view, { size: state.lineSize, choice, isNew: fresh(view), word });
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawTray(ctx, view) {
  const { ui, state, word } = ctx;
  const result = showsResult(view);
  ui.hand.hidden = result;
  ui.result.hidden = !result;
  if (result && state.changed("result", [view.result])) drawResult(ui.result, view.result);
  if (!result) drawHandPart(ctx, view);
  drawControlsPart(ctx, view);
  const leader = view.phase === "choose_leader" && view.leader_choices.length > 0;
  if (leader && state.changed("leaders", [view.leader_choices])) drawLeaderButtons(ui.leaderActions, view.leader_choices);
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawControlsPart({ ui, state, word }, view) {
  drawControls(ui, view, word, { learn: Boolean(state.learn), asking: state.hintAsked });
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawHandPart(ctx, view) {
  const { ui, state, word } = ctx;
  const tiles = handTiles(view);
  const mine = Boolean(view.viewer) && (view.bottom ?? view.viewer) === view.viewer;
  const active = mine && canSendMoves(view);
  const myTurn = active && view.legal.length > 0;
  const selected = state.choice?.tile ?? null;
  const stuck = active && mustPassOrDraw(view);
  sizeHand(ctx, tiles.length);
  if (!state.changed("hand", [tiles, view.playable, myTurn, active, view.hint, view.lang, mine, selected, stuck])) return;
  const hadFocus = hasFocus(ui.hand);
  state.handFocus = Math.min(state.handFocus, Math.max(0, tiles.length - 1));
  drawHand(ui.hand, { view, tiles, mine, active, myTurn, focus: state.handFocus, selected, stuck, word });
  if (hadFocus) focusHand(ctx);
}

/**
 * @param {Ctx} ctx
 * @param {number} count
 */
function sizeHand({ ui, state }, count) {
  const unit = handUnit(state.handWidth || ui.hand.clientWidth, count);
  if (unit !== null) ui.hand.style.setProperty("--dw-hand-unit", `${unit}px`);
}

/**
 * @param {Ctx} ctx
 */
function focusHand({ ui, state }) {
  const buttons = tileButtons(ui.hand);
  buttons[Math.min(state.handFocus, buttons.length - 1)]?.focus({ preventScroll: true });
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawStatusPart({ ui, link, word }, view) {
  drawStatus(ui, view, { silent: link.silent, word });
  ui.main.classList.toggle("dw-looking", Boolean(view.look));
}

// The view's notice stands while the view holds it: once the kernel drops it (the drawn tile
// was played, the hand ended), it goes at once instead of lingering over what follows.
/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawMessage({ state, flasher }, view) {
  const message = view.message;
  if (!message) {
    if (state.messageShown) flasher.hide();
    state.messageShown = false;
    return;
  }
  if (message.id === state.messageId) return;
  state.messageId = message.id;
  state.messageShown = Boolean(message.text);
  if (message.text) flasher.flash(message.text, message.kind ?? "info", message.reason);
}

/**
 * @param {Ctx} ctx
 * @param {ReadView} view
 */
function drawSide({ ui, state, word }, view) {
  if (state.changed("score", [view.score, view.hand_label])) drawScore(ui.score, view.score, { subtitle: view.hand_label });
  const current = currentPly(view);
  if (state.changed("moves", [view.moves, view.move_words, view.move_items, view.phase === "cover"])) {
    drawMoveList(ui.moveList, moveListItems(view, word), current, { disabled: view.phase === "cover" });
  } else if (state.changed("current-move", [current])) {
    markCurrentMove(ui.moveList, current);
  }
  if (state.changed("hint", [view.hint, view.lang])) drawCoach(ui.coach, view.hint, view.lang, word);
  if (state.changed("counting", [view.counting, view.coach])) {
    ui.countingPanel.hidden = !(view.coach || view.counting);
    ui.countingToggle.setAttribute("aria-pressed", view.counting ? "true" : "false");
    drawCounting(ui.countingBody, view.counting, word);
  }
}

/**
 * @param {Ctx} ctx
 */
function drawChoicePart(ctx) {
  const { ui, state, word } = ctx;
  drawChoice(ui.choice, state.choice, state.view.ends, word);
  drawLinePart(ctx, state.view);
  if (state.view.phase === "playing") drawHandPart(ctx, state.view);
}

/**
 * @param {Ctx} ctx
 */
function drawLabels({ ui, word }) {
  labelControls(ui, word);
  ui.backButton.textContent = word("back_to_game");
  ui.movesTitle.textContent = word("moves");
  ui.rulesSummary.textContent = word("rules");
  ui.countingToggle.textContent = word("counting");
  ui.table.setAttribute("aria-label", word("table"));
  ui.side.setAttribute("aria-label", word("panels"));
}
