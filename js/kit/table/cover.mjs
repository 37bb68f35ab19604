// The hot-seat cover: over the whole board while the screen passes to the next person, who
// lifts it (a click, Enter or Space) to see their tiles.

import { h, hasFocus } from "../common/dom.mjs";

/** The cover's DOM (hidden). */
export function buildCover() {
  const coverTitle = h("h2", { className: "dw-cover-title" });
  const coverHint = h("p", { className: "dw-cover-hint" });
  const cover = h("div", { className: "dw-cover", hidden: true, role: "button", tabindex: "0" }, coverTitle, coverHint);
  return { cover, coverTitle, coverHint };
}

/** Show the cover in phase "cover" (the board below out of reach), with the kernel's words: they
 * are its name too (an aria-label of its own would differ from what the eye reads, WCAG 2.5.3).
 * @param {ReturnType<typeof buildCover> & {root: HTMLElement, board: HTMLElement}} ui
 * @param {import("./table_view.mjs").ReadView} view
 */
export function drawCover(ui, view) {
  const covered = view.phase === "cover";
  const hadFocus = hasFocus(ui.root);
  ui.cover.hidden = !covered;
  ui.board.inert = covered; // out of reach of the mouse, the keyboard and screen readers
  if (!covered) return;
  ui.coverTitle.textContent = view.cover?.title || view.status;
  ui.coverHint.textContent = view.cover?.hint ?? "";
  if (hadFocus) ui.cover.focus();
}
