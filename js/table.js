// The `Table` widget's front end (anywidget module). It draws what the kernel's `view`
// says one seat may see, in the kernel's words, and sends intents; the kernel checks
// every one. See js/PROTOCOL.md for the traits and messages.
//
// This entry only composes the kit (js/kit/): the DOM built once (table_skeleton), the
// drawing of each part (table_render), the person's actions (table_actions) and input
// (table_input), the link to the kernel (kernel_link) and the notices (notice).

import { childViewSlot } from "./kit/common/child_view.mjs";
import { changeTracker, h, listenModel } from "./kit/common/dom.mjs";
import { kernelLink } from "./kit/table/kernel_link.mjs";
import { noticeFlasher } from "./kit/table/notice.mjs";
import { revealWhenShown } from "./kit/table/reveal.mjs";
import { applyPalette } from "./kit/common/palette.mjs";
import { showRulesText } from "./kit/common/panels.mjs";
import { tableActions } from "./kit/table/table_actions.mjs";
import { bindTableInput } from "./kit/table/table_input.mjs";
import { tableRenderer } from "./kit/table/table_render.mjs";
import { buildTable } from "./kit/table/table_skeleton.mjs";
import { readView } from "./kit/table/table_view.mjs";
import { makeWords } from "./kit/common/words.mjs";

// A click the kernel has not answered within this time: no kernel is listening.
/** @typedef {import("./kit/common/page_model.mjs").Model} Model */
/** @typedef {import("./kit/table/table_render.mjs").TableState} TableState */
/** @typedef {import("./kit/table/table_skeleton.mjs").TableUi} TableUi */

const NO_ANSWER_MS = 5000;
// Intents the kernel always answers with a changed view or a message. A repeated Hint may
// bring back the same view, which ipywidgets does not send again, so it is not watched.
const ANSWERED = new Set(["move", "choose_leader", "next_hand", "new_match", "uncover", "look", "undo", "counting"]);

/**
 * @param {{model: Model, el: HTMLElement}} props
 */
function render({ model, el }) {
  const ui = buildTable();
  applyPalette(ui.root);
  el.appendChild(ui.root);
  /** @type {TableState} */
  const state = {
    view: readView(model.get("view")),
    word: makeWords(model.get("words")),
    changed: changeTracker(),
    choice: null, // {tile, moves, ends, legal} while the person picks an end
    handFocus: 0,
    messageId: undefined,
    messageShown: false, // the view's notice is on screen
    lineSize: { width: 0, height: 0 },
    handWidth: 0,
    learn: Boolean(model.widget_manager), // a host that draws child widgets: Learn from your mistakes' Replay
    hintAsked: false, // the Hint button was pressed and the kernel has not answered yet
  };
  // Shown as the output of a cell just run: the notebook scrolls once to show all of it.
  const stopReveal = revealWhenShown(ui.root);
  const flasher = noticeFlasher(ui.notice);
  const link = kernelLink({ send: (message) => model.send(message), answered: ANSWERED, timeoutMs: NO_ANSWER_MS, onSilence: () => draw.drawStatusPart() });
  const draw = tableRenderer(ui, state, { flasher, link });
  const actions = tableActions(state, { send: link.send, onChoice: draw.drawChoicePart });

  function onView() {
    link.heard();
    state.hintAsked = false;
    state.view = readView(model.get("view"));
    if (actions.checkChoice(state.view)) draw.drawChoicePart();
    draw.drawView(state.view);
  }

  // The words arrive once; when they change, every part is drawn again in them.
  function onWords() {
    state.word = makeWords(model.get("words"));
    state.changed = changeTracker();
    draw.drawLabels();
    draw.drawChoicePart();
    onView();
    onRulesText();
  }

  const onRulesText = () => showRulesText(ui, model.get("rules_text"));

  // A refusal or an error: flash it over the status line; the kernel is there.
  /** @param {{type?: string, message?: string, text?: string, kind?: string, reason?: string | null} | null | undefined} message */
  function onCustomMessage(message) {
    if (message?.type !== "refused" && message?.type !== "error") return;
    if (link.heard()) draw.drawStatusPart();
    if (state.hintAsked) {
      state.hintAsked = false;
      draw.drawControlsPart();
    }
    actions.cancelChoice();
    state.messageShown = false; // a refusal is not the view's notice: a view does not take it away
    if (message.message) flasher.flash(message.message, message.type, message.reason);
  }

  // Learn from your mistakes (the match-over panel): the kernel's Replay, drawn under the table.
  const learnHost = h("div", { className: "dw-learn-host" });
  el.appendChild(learnHost);
  const replaySlot = childViewSlot(model.widget_manager, learnHost, (shown) => {
    if (shown) learnHost.scrollIntoView?.({ block: "nearest" });
  });
  const showReplay = () => replaySlot.show(model.get("replay") ?? null).catch((error) => console.error("dominoes_widget: the replay did not open", error));

  const resizeObserver = watchSizes(ui, state, draw);
  const unbindInput = bindTableInput(ui, state, actions, { focusHand: draw.focusHand, redrawControls: draw.drawControlsPart });
  const unbindModel = listenModel(model, [
    ["change:view", onView],
    ["change:words", onWords],
    ["change:rules_text", onRulesText],
    ["msg:custom", onCustomMessage],
    ["change:replay", showReplay],
  ]);
  showReplay();
  // Measure now when the element is already in the page (else the observer draws it).
  state.lineSize = { width: Math.floor(ui.felt.lineBox.clientWidth), height: Math.floor(ui.felt.lineBox.clientHeight) };
  state.handWidth = Math.floor(ui.hand.clientWidth);
  onWords();

  return () => {
    stopReveal();
    unbindModel();
    unbindInput();
    resizeObserver.disconnect();
    flasher.close();
    link.close();
    replaySlot.close();
    learnHost.remove();
    ui.root.remove();
  };
}

// The line's box and the hand have fixed heights; their widths follow the cell.
/**
 * @param {TableUi} ui
 * @param {TableState} state
 * @param {ReturnType<typeof tableRenderer>} draw
 */
function watchSizes(ui, state, draw) {
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const { width, height } = entry.contentRect;
      if (entry.target === ui.felt.lineBox) {
        const size = { width: Math.floor(width), height: Math.floor(height) };
        if (size.width <= 0 || (size.width === state.lineSize.width && size.height === state.lineSize.height)) continue;
        state.lineSize = size;
        draw.drawLinePart();
      } else if (entry.target === ui.hand && Math.floor(width) !== state.handWidth) {
        state.handWidth = Math.floor(width);
        draw.sizeHand();
      }
    }
  });
  observer.observe(ui.felt.lineBox);
  observer.observe(ui.hand);
  return observer;
}

export default { render };
