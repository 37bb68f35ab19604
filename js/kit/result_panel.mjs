// The hand's result in the tray: its title, the match's end when it came, and why, in the
// kernel's words.

import { h, setChildren } from "./dom.mjs";

/** Draw `result` ({title, lines, match}, js/PROTOCOL.md) into `element`; null draws it empty. */
export function drawResult(element, result) {
  const shown = result ?? { title: "", lines: [] };
  setChildren(element,
    h("h2", { className: "dw-result-title", text: shown.title ?? "" }),
    shown.match ? h("p", { className: "dw-result-match", text: shown.match }) : null,
    ...(shown.lines ?? []).map((line) => h("p", { className: "dw-result-line", text: line })),
  );
}
