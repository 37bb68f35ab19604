// The Replay's state and what changes it: where it is (the model's hand and step), moving
// (go, act), playing, the best-move toggle, the strip's side, the boxes' sizes, and each
// trait's update. It draws on the next microtask, once for any number of changes.

import { changeTracker } from "../common/dom.mjs";
import { showRulesText } from "../common/panels.mjs";
import { createPlayer } from "./player.mjs";
import { fairChecks, hasFairDeals } from "./replay_fair.mjs";
import { drawPosition, stripTip } from "./replay_draw.mjs";
import { fillHandPicker, labelReplay, showPlaying, showProgress, showReport, showSpeed } from "./replay_skeleton.mjs";
import { fillLearnBar } from "./learn_panel.mjs";
import { learnActions } from "./learn_actions.mjs";
import { learning } from "./learn_view.mjs";
import { makeWords } from "../common/words.mjs";
import { hasAnalysis, nextMarked } from "./replay_analysis.mjs";
import { atRecordEnd, clampPosition, handCount, navigate, playDelay } from "./replay_steps.mjs";
import { unpackData } from "./replay_wire.mjs";

/** @typedef {import("../common/page_model.mjs").Model} Model */
/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */
/** @typedef {import("./replay_draw.mjs").ReplayState} ReplayState */
/** @typedef {import("./replay_skeleton.mjs").ReplayUi} ReplayUi */
/** @typedef {import("./replay_steps.mjs").Position} Position */
/** @typedef {import("./learn_actions.mjs").LearnValue} LearnValue */
/**
 * What the Replay's parts share: its DOM, its model and state, the player, where it is, a move
 * (false when already there) and a redraw on the next microtask.
 * @typedef {{ui: ReplayUi, model: Model, state: ReplayState, player: ReturnType<typeof createPlayer>,
 *   position: () => Position, go: (target: Position) => boolean, drawSoon: () => void}} Context
 */

/**
 * The Replay over `ui` (replay_skeleton's buildReplay) and `model` (anywidget's, or the page's).
 * @param {ReplayUi} ui
 * @param {Model} model
 * @param {{timers?: {setInterval: Function, clearInterval: Function}}} [options]
 */
export function createReplay(ui, model, { timers = globalThis } = {}) {
  /** @type {ReplayState} */
  const state = {
    data: /** @type {ReplayData} */ ({}), // none yet: no hand
    word: makeWords(model.get("words")),
    changed: changeTracker(),
    lineSize: { width: 0, height: 0 },
    stripSize: { width: 0, height: 0 },
    analysed: false, // some hand has an analysis
    judging: false, // the kernel's analysis is under way (hands' analyses come as they are judged)
    fairDeals: false, // some hand was dealt fairly: each hand shows its deal check
    fairChecks: null, // replay_fair.mjs's checks of this data
    side: null, // the side the strip follows (kept across hands)
    showBest: false, // the best move on the line
    matchScope: false, // the strip over the whole match, not the hand
    stripMarker: null,
    // Learn from your mistakes: the drill's view (the `mistakes` trait, from the kernel or the
    // one-file page's own session), the tile whose end is being chosen, a refusal
    live: false, // a kernel (or the page's session) answered: the drill can be asked of it
    learnView: {},
    choice: null,
    learnRefused: "",
  };
  const position = () => clampPosition(state.data, model.get("hand"), model.get("step"));
  const draw = () => drawPosition(ui, state, position());
  const drawSoon = onNextMicrotask(draw);
  const go = (/** @type {Position} */ target) => moveModel(model, position(), target);
  const player = createPlayer({
    step: () => go(navigate(state.data, position(), "next")) && !atRecordEnd(state.data, position()),
    onChange: (playing) => showPlaying(ui, playing, state.word),
    timers,
  });
  const context = { ui, model, state, player, position, go, drawSoon };
  const traits = traitUpdates(context);
  const learn = learnActions({ ...context, send: (/** @type {{type: string} & Record<string, unknown>} */ message) => sendSafely(model, message) });
  const replayAct = actions(context);
  // while a drill runs the replay's own steps wait (its keys and buttons do nothing)
  /**
   * @param {string} action
   * @param {number | LearnValue} [value] the step or hand to go to; a drill's tile, end or move
   */
  const act = (action, value) => (String(action).startsWith("learn") ? learn(action, /** @type {LearnValue | undefined} */ (value)) : learning(state.learnView) ? undefined : replayAct(action, /** @type {number | undefined} */ (value)));
  return {
    state,
    act,
    drawSoon,
    get analysed() {
      return state.analysed;
    },
    /** @param {number} speed a speed picked by the user (moves per second): saved to the model */
    setSpeed(speed) {
      model.set("speed", speed);
      model.save_changes();
    },
    /** @param {number} index a click on the strip's point `index`: a step of the hand, or of the match when the strip shows it all */
    stripClick(index) {
      if (!state.matchScope) return act("step", index);
      const target = state.matchStrip?.positions?.[index];
      if (target) go(target);
    },
    /** @param {number | null} index the pointer over the strip's point `index` (null: off the strip): its words over the strip */
    stripHover(index) {
      const tip = stripTip(state, index);
      ui.stripTip.hidden = !tip;
      if (!tip) return;
      ui.stripTip.textContent = tip.text;
      // centred over the point, kept inside the strip
      const room = state.stripSize.width - (ui.stripTip.offsetWidth || 0) - 4;
      ui.stripTip.style.left = `${Math.round(Math.max(4, Math.min(room, tip.x - (ui.stripTip.offsetWidth || 0) / 2)))}px`;
    },
    /** @param {string} side the strip's side, picked by the user (kept from hand to hand) */
    pickSide(side) {
      state.side = side;
      drawSoon();
    },
    /**
     * A box's measured size; redraws when it changed.
     * @param {"lineSize" | "stripSize"} key
     * @param {import("./replay_draw.mjs").Size} size
     */
    resize(key, size) {
      if (size.width <= 0 || (size.width === state[key].width && size.height === state[key].height)) return;
      state[key] = size;
      drawSoon();
    },
    modelListeners: () => traits.listeners,
    /** Show every trait as it is now and draw at once. */
    start() {
      traits.showAll();
      sendSafely(model, { type: "hello" }); // unanswered in the one-file page and with no kernel
      state.lineSize = { width: Math.floor(ui.felt.lineBox.clientWidth), height: Math.floor(ui.felt.lineBox.clientHeight) };
      draw();
    },
    stop: () => player.stop(),
  };
}

/**
 * `callback` run once on the next microtask, however often this is called before.
 * @param {() => void} callback
 */
function onNextMicrotask(callback) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      callback();
    });
  };
}

/**
 * The strip in its place: wide under the board for the whole match, else in the analysis panel.
 * @param {ReplayUi} ui
 * @param {ReplayState} state
 */
function placeChart(ui, state) {
  const wide = state.matchScope && state.analysed;
  (wide ? ui.wideChart : ui.stripHome).append(ui.stripBox);
  ui.wideChart.hidden = !wide;
  ui.root.classList.toggle("dw-chart-wide", wide);
  ui.stripTip.hidden = true;
}

/**
 * `model.send(message)`, quiet where there is no kernel to send to (a notebook saved with its widgets).
 * @param {Model} model
 * @param {{type: string} & Record<string, unknown>} message
 */
function sendSafely(model, message) {
  try {
    model.send?.(message);
  } catch {
    // no kernel: nothing answers, so Play from here stays hidden
  }
}

/**
 * Set the model's hand and step to `target` and save them; false when already there.
 * @param {Model} model
 * @param {Position} here
 * @param {Position} target
 */
function moveModel(model, here, target) {
  if (target.hand === here.hand && target.step === here.step) return false;
  model.set("hand", target.hand);
  model.set("step", target.step);
  model.save_changes();
  return true;
}

/**
 * `act(action, value)`: a step button's or a key's action ("next", "toggle", "best", "step" with `value`…).
 * @param {Context} context
 * @returns {(action: string, value?: number) => unknown}
 */
function actions({ ui, model, state, player, position, go, drawSoon }) {
  function togglePlay() {
    if (player.playing) return player.stop();
    if (handCount(state.data) === 0) return;
    if (atRecordEnd(state.data, position())) go({ hand: 0, step: 0 });
    player.start(playDelay(model.get("speed")));
  }
  function toggleBest() {
    if (!state.analysed) return;
    state.showBest = !state.showBest;
    ui.bestButton.setAttribute("aria-pressed", String(state.showBest));
    drawSoon();
  }
  return (action, value) => {
    if (action === "best") return toggleBest();
    if (action === "playHere") {
      player.stop();
      ui.playNote.hidden = true;
      return sendSafely(model, { type: "play_here", ...position() });
    }
    if (action === "toggle") return togglePlay();
    if (action === "matchScope") {
      state.matchScope = !state.matchScope;
      ui.matchButton.setAttribute("aria-pressed", String(state.matchScope));
      ui.analysis.classList.toggle("dw-match-scope", state.matchScope);
      placeChart(ui, state);
      if (!ui.wideChart.hidden) ui.wideChart.scrollIntoView?.({ block: "nearest" });
      return drawSoon();
    }
    if (action === "nextMark" || action === "prevMark") {
      player.stop();
      const target = nextMarked(state.data, position(), action === "nextMark" ? 1 : -1);
      return target ? go(target) : false;
    }
    if (action !== "step" && action !== "hand") player.stop();
    go(navigate(state.data, position(), /** @type {import("./replay_steps.mjs").Action} */ (action), value));
  };
}

/**
 * What each trait's change does: `listeners` for the model, `showAll()` at the start.
 * @param {Context} context
 */
function traitUpdates({ ui, model, state, player, position, drawSoon }) {
  function onData() {
    const hands = handCount(state.data);
    state.data = unpackData(model.get("view")); // as it travels (replay_wire.mjs), read once
    state.changed = changeTracker();
    state.analysed = hasAnalysis(state.data);
    // each hand's deal rechecked here when first shown; the hand on screen redrawn when done
    state.fairDeals = hasFairDeals(state.data);
    state.fairChecks = fairChecks(state.data, (hand) => {
      if (position().hand === hand) drawSoon();
    });
    if (!state.analysed) {
      state.showBest = false;
      ui.bestButton.setAttribute("aria-pressed", "false");
    }
    // another record stops the playing; a hand's analysis coming in does not
    if (handCount(state.data) !== hands) player.stop();
    fillHandPicker(ui, state.data, state.word);
    fillLearnBar(ui, state.data, state.word);
    placeChart(ui, state);
    drawSoon();
  }
  function onWords() {
    state.word = makeWords(model.get("words"));
    labelReplay(ui, state.word);
    showPlaying(ui, player.playing, state.word);
    onData();
  }
  const onRules = () => showRulesText(ui, model.get("rules_text"));
  function onSpeed() {
    const speed = Number(model.get("speed"));
    showSpeed(ui, speed, state.word);
    player.retime(playDelay(speed));
  }
  const onReport = () => showReport(ui, model.get("report") ?? []);
  function onAnalysing() {
    const analysing = model.get("analysing");
    showProgress(ui, analysing);
    const judging = Number(analysing?.total) > 0 && !analysing.failed;
    if (judging !== state.judging) {
      state.judging = judging;
      drawSoon();
    }
  }
  function onMistakes() {
    state.learnView = model.get("mistakes") ?? {};
    state.choice = null;
    state.learnRefused = "";
    drawSoon();
  }
  // The kernel's messages: "live" answers the hello (a kernel is there: Play from here
  // shows), "refused" says why no table opened here.
  /** @param {{type?: string, message?: string} | null | undefined} message */
  function onMessage(message) {
    // (and a host that can draw one widget inside another: anywidget's widget manager)
    if (message?.type === "live") {
      ui.playBar.hidden = !model.widget_manager;
      state.live = true;
      drawSoon();
    }
    if (message?.type === "mistakes_refused") {
      state.learnRefused = message.message ?? "";
      drawSoon();
    }
    if (message?.type === "refused") {
      ui.playNote.textContent = message.message ?? "";
      ui.playNote.hidden = !ui.playNote.textContent;
    }
  }
  /** @type {import("../common/dom.mjs").ModelListener[]} */
  const listeners = [
    ["change:view", onData],
    ["change:words", onWords],
    ["change:hand", drawSoon],
    ["change:step", drawSoon],
    ["change:report", onReport],
    ["change:rules_text", onRules],
    ["change:speed", onSpeed],
    ["msg:custom", onMessage],
    ["change:analysing", onAnalysing],
    ["change:mistakes", onMistakes],
  ];
  const showAll = () => [onReport, onRules, onSpeed, onWords, onAnalysing, onMistakes].forEach((update) => update());
  return { listeners, showAll };
}
