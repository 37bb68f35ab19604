// The hand's result in the tray: its title, the match's end when it came, and why, in the
// kernel's words.

import { h, setChildren } from "./dom.mjs";

/**
 * Draw `result` ({title, lines, match}, js/PROTOCOL.md) into `element`; null draws it empty.
 * `heading` is the title's tag: the Table's tray has an h2, the Replay's words box an h3.
 * @param {Element} element
 * @param {{title?: string, lines?: string[], match?: string | null} | null | undefined} result
 * @param {{heading?: "h2" | "h3"}} [options]
 */
export function drawResult(element, result, { heading = "h2" } = {}) {
  const shown = result ?? { title: "", lines: [] };
  setChildren(element,
    h(heading, { className: "dw-result-title", text: shown.title ?? "" }),
    shown.match ? h("p", { className: "dw-result-match", text: shown.match }) : null,
    ...(shown.lines ?? []).map((/** @type {string} */ line) => h("p", { className: "dw-result-line", text: line })),
  );
}
