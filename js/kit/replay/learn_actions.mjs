// Learn from your mistakes' actions: start (the seat picked), a tile tried (with its end
// chosen when it fits both, as at the Table: move_choice.mjs, end_choice.mjs), next, back.
// Each becomes a drill intent sent to the kernel, which checks and counts it
// (sessions/replay/mistakes.py); on the one-file page the page's own session counts it
// (js/kit/replay/mistakes.mjs's drillSession) and the view comes back as the kernel's would.

import { chooseEnd, resolveTileClick } from "../common/move_choice.mjs";

/** @typedef {import("../common/move_choice.mjs").Click} Click */
/** @typedef {{type: string} & Record<string, unknown>} Intent a drill intent, as sent */
/** @typedef {{tile?: string, end?: string, move?: string}} LearnValue a drill action's tile, end or move (a button's data) */
/**
 * @typedef {{ui: import("./replay_skeleton.mjs").ReplayUi, state: import("./replay_draw.mjs").ReplayState,
 *   player: {stop: () => void}, drawSoon: () => void, send: (message: Intent) => void}} LearnContext
 */

/**
 * `act(action, value)` for the drill's actions ("learnStart", "learnTile" with {tile},
 * "learnEnd" with {end}, "learnMove" with {move}, "learnCancel", "learnNext", "learnStop").
 * `send(message)` reaches the kernel (quiet when there is none).
 * @param {LearnContext} context
 * @returns {(action: string, value?: LearnValue) => void}
 */
export function learnActions({ ui, state, player, drawSoon, send }) {
  /** @param {Intent} message */
  function intent(message) {
    state.choice = null;
    state.learnRefused = "";
    send(message);
  }
  const tryMove = (/** @type {string} */ move) => intent({ type: "mistakes_try", move, index: state.learnView.index });
  /**
   * @param {Click} result
   * @param {string} tile
   */
  function pick(result, tile) {
    if (result.action === "send") return tryMove(result.move);
    if (result.action === "choose") state.choice = { tile, moves: result.moves, ends: result.ends };
    drawSoon();
  }
  return (action, value = {}) => {
    const view = state.learnView ?? {};
    const task = view.exercise;
    if (action === "learnStart") {
      player.stop();
      return intent({ type: "mistakes_start", seat: ui.learnSeat.value });
    }
    if (action === "learnNext") return intent({ type: "mistakes_next" });
    if (action === "learnStop") return intent({ type: "mistakes_stop" });
    if (!task) return;
    if (action === "learnTile") return pick(resolveTileClick({ legal: task.legal, viewer: view.seat ?? null, ends: task.position.ends, tile: value.tile ?? "" }), value.tile ?? "");
    if (action === "learnEnd" && state.choice) return pick(chooseEnd(state.choice.moves, /** @type {"L" | "R"} */ (value.end)), state.choice.tile);
    if (action === "learnMove" && value.move) return tryMove(value.move);
    if (action === "learnCancel") {
      state.choice = null;
      drawSoon();
    }
  };
}
