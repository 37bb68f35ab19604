// Learn from your mistakes' actions: start (the seat picked), a tile tried (with its end
// chosen when it fits both, as at the Table: move_choice.mjs, end_choice.mjs), next, back.
// Each becomes a drill intent sent to the kernel, which checks and counts it
// (sessions/replay/mistakes.py); on the one-file page the page's own session counts it
// (js/kit/replay/mistakes.mjs's drillSession) and the view comes back as the kernel's would.

import { chooseEnd, resolveTileClick } from "../common/move_choice.mjs";

/**
 * `act(action, value)` for the drill's actions ("learnStart", "learnTile" with {tile},
 * "learnEnd" with {end}, "learnMove" with {move}, "learnCancel", "learnNext", "learnStop").
 * `send(message)` reaches the kernel (quiet when there is none).
 */
export function learnActions({ ui, state, player, drawSoon, send }) {
  function intent(message) {
    state.choice = null;
    state.learnRefused = "";
    send(message);
  }
  const tryMove = (move) => intent({ type: "mistakes_try", move, index: state.learnView.index });
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
    if (action === "learnTile") return pick(resolveTileClick({ legal: task.legal, viewer: view.seat, ends: task.position.ends, tile: value.tile }), value.tile);
    if (action === "learnEnd" && state.choice) return pick(chooseEnd(state.choice.moves, value.end), state.choice.tile);
    if (action === "learnMove" && value.move) return tryMove(value.move);
    if (action === "learnCancel") {
      state.choice = null;
      drawSoon();
    }
  };
}
