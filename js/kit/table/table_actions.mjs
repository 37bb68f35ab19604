// What the person's clicks and keys ask for: a tile's move (or the end choice first), an
// end, a move from a button, an intent. The kernel checks every intent. DOM-free.

import { canSendMoves } from "./table_view.mjs";
import { chooseEnd, resolveTileClick } from "../common/move_choice.mjs";

/**
 * A tile whose end is being chosen: its moves, the ends they go on, and the legal moves it was
 * chosen among (a view with other legal moves makes it stale).
 * @typedef {{tile: string, moves: import("../common/move_choice.mjs").Move[], ends: ("L"|"R")[], legal: string}} EndChoice
 */
/** @typedef {{view: import("./table_view.mjs").ReadView, choice: EndChoice | null}} ActionState */

/**
 * The Table's actions over `state` ({view, choice}); `send` sends an intent, `onChoice`
 * redraws after the end choice starts or ends.
 * @param {ActionState} state
 * @param {{send: (intent: {type: string} & Record<string, unknown>) => void, onChoice: () => void}} hooks
 */
export function tableActions(state, { send, onChoice }) {
  /** @param {string} move */
  function sendMove(move) {
    cancelChoice();
    if (!canSendMoves(state.view)) return;
    // The position the click was made in: a late double click is refused as stale.
    send({ type: "move", move, hand: state.view.hand_number, ply: state.view.moves.length });
  }

  /**
   * @param {import("../common/move_choice.mjs").Click} decision
   * @param {string} tile
   */
  function act(decision, tile) {
    if (decision.action === "send") sendMove(decision.move);
    else if (decision.action === "choose") {
      state.choice = { tile, moves: decision.moves, ends: decision.ends, legal: JSON.stringify(state.view.legal) };
      onChoice();
    }
  }

  /** @param {string} tile */
  function playTile(tile) {
    const view = state.view;
    if (!canSendMoves(view) || view.bottom !== view.viewer) return;
    act(resolveTileClick({ legal: view.legal, viewer: view.viewer, ends: view.ends, tile }), tile);
  }

  /** @param {string} end "L" or "R" (anything else is no end) */
  function pickEnd(end) {
    if (!state.choice || (end !== "L" && end !== "R") || !state.choice.ends.includes(end)) return;
    act(chooseEnd(state.choice.moves, end), state.choice.tile);
  }

  function cancelChoice() {
    if (!state.choice) return;
    state.choice = null;
    onChoice();
  }

  /**
   * Drop a choice the new view makes stale (other legal moves, looking back, not playing).
   * @param {import("./table_view.mjs").ReadView} view
   */
  function checkChoice(view) {
    const stale = state.choice && (state.choice.legal !== JSON.stringify(view.legal) || view.look || view.phase !== "playing");
    if (stale) state.choice = null;
    return Boolean(stale);
  }

  return { send, sendMove, playTile, pickEnd, cancelChoice, checkChoice };
}
