// The browser tab of a seat page: its title and icon say when it is this seat's turn, so a
// person in another tab sees it ("Your turn - Dominoes"). DOM-free: the page applies them.

import { isMyTurn } from "./table_view.mjs";

/**
 * Whether the seat must act now: move, or pick which partner leads.
 * @param {import("./table_view.mjs").ReadView} view
 */
export function mustAct(view) {
  if (view.phase === "choose_leader") return Boolean(view.viewer) && view.leader_choices.some((choice) => choice.seat === view.viewer);
  return isMyTurn(view);
}

/**
 * The tab's title and icon for `view`: `{title, icon}`; `icon` is "turn" or "idle".
 * @param {import("./table_view.mjs").ReadView} view
 * @param {import("../common/words.mjs").Word} word
 * @param {string} idleTitle
 * @returns {{title: string, icon: "turn" | "idle"}}
 */
export function tabState(view, word, idleTitle) {
  return mustAct(view) ? { title: word("tab_your_turn"), icon: "turn" } : { title: idleTitle, icon: "idle" };
}
