// Side panels shared by the Table and the Replay: the score, the list of moves and the
// counting panel.

import { h, setChildren, svgNode } from "./dom.mjs";
import { numberSvg } from "./tile.mjs";
import { numberWord } from "./words.mjs";

/** @typedef {import("./words.mjs").Word} Word */
/** @typedef {import("./views.mjs").ScorePanel} ScorePanel */
/** @typedef {import("./views.mjs").ScoreRow} ScoreRow */
/** @typedef {import("./views.mjs").Counting} Counting */
/** @typedef {{verdict: string, sign: string, word: string}} MoveMark a judged move's mark in the list */
/** @typedef {{ply: number, text: string, title?: string, mark?: MoveMark | null}} MoveItem one row of the move list */

/**
 * The side panels' DOM: the score, the moves, the rules, with `extra` panels between the
 * score and the moves. The panels scroll inside the side, which never makes the board taller.
 * @param {...HTMLElement} extra
 */
export function buildSide(...extra) {
  const score = h("section", { className: "dw-panel dw-score" });
  const movesTitle = h("h3", { className: "dw-panel-title" });
  const moveList = h("ol", { className: "dw-move-list" });
  const moves = h("section", { className: "dw-panel dw-moves" }, movesTitle, moveList);
  const rulesSummary = h("summary");
  const rulesText = h("div", { className: "dw-rules-text" });
  const rules = h("details", { className: "dw-panel dw-rules" }, rulesSummary, rulesText);
  const side = h("aside", { className: "dw-side" }, h("div", { className: "dw-side-inner" }, score, ...extra, moves, rules));
  return { side, score, movesTitle, moveList, rules, rulesSummary, rulesText };
}

/**
 * The rules panel of `buildSide`'s `ui` shows `text` (the kernel's `rules_text`), hidden when there is none.
 * @param {{rules: HTMLElement, rulesText: HTMLElement}} ui
 * @param {string | null | undefined} text
 */
export function showRulesText(ui, text) {
  ui.rulesText.textContent = text || "";
  ui.rules.hidden = !ui.rulesText.textContent;
}

/**
 * The score panel ({title, rows: [{key, label, value, detail, mine}], notes}) into `section`.
 * @param {HTMLElement} section
 * @param {Partial<ScorePanel> | null | undefined} score as sent: a part may be missing
 * @param {{subtitle?: string}} [options]
 */
export function drawScore(section, score, { subtitle = "" } = {}) {
  const panel = score && typeof score === "object" ? score : { title: "", rows: [], notes: [] };
  /** @type {Partial<ScoreRow>[]} */
  const rows = Array.isArray(panel.rows) ? panel.rows : [];
  const notes = Array.isArray(panel.notes) ? panel.notes : [];
  setChildren(section,
    h("h3", { className: "dw-panel-title" }, h("span", { text: panel.title ?? "" }), h("span", { className: "dw-panel-subtitle", text: subtitle })),
    h(
      "div",
      { className: "dw-score-rows" },
      ...rows.map((row) =>
        h(
          "div",
          { className: `dw-score-row${row.mine ? " dw-mine" : ""}`, dataset: { key: row.key ?? "" } },
          h("span", { className: "dw-score-label", text: row.label ?? "" }),
          h("span", { className: "dw-score-value", text: String(row.value ?? "") }),
          row.detail ? h("span", { className: "dw-score-detail", text: row.detail }) : null,
        ),
      ),
    ),
    notes.length ? h("ul", { className: "dw-score-notes" }, ...notes.map((note) => h("li", { text: note }))) : null,
  );
}

/**
 * What one seat can count ({title, unseen: [{number, count}], voids: [{seat, label, numbers,
 * since}], words}, js/PROTOCOL.md) into `body`: its title, the unseen tiles of each number
 * (the number drawn, its count under it), who is known to lack which numbers since when
 * (one line per seat and move, as sent),
 * and the kernel's sentences. Nothing is counted here: every figure comes with the panel.
 * `counting` null empties `body`.
 * @param {HTMLElement} body
 * @param {Partial<Counting> | null | undefined} counting
 * @param {Word} word
 */
export function drawCounting(body, counting, word) {
  if (!counting) {
    setChildren(body);
    return;
  }
  const unseen = (counting.unseen ?? []).map(({ number, count }) =>
    h(
      "li",
      { className: "dw-unseen", title: `${numberWord(word, number)}: ${count}` },
      svgNode(numberSvg(number)),
      h("span", { className: "dw-unseen-count", text: String(count) }),
    ),
  );
  const voids = (counting.voids ?? []).map((entry) =>
    h("li", {}, h("strong", { text: entry.label ?? entry.seat }), " ", (entry.numbers ?? []).map((n) => numberWord(word, n)).join(", "), entry.since ? h("span", { className: "dw-muted", text: ` (${entry.since})` }) : null),
  );
  setChildren(body,
    counting.title ? h("h3", { className: "dw-panel-title dw-counting-title", text: counting.title }) : null,
    unseen.length ? h("p", { className: "dw-counting-head", text: word("unseen") }) : null,
    unseen.length ? h("ul", { className: "dw-unseen-list", "aria-label": word("unseen") }, ...unseen) : null,
    voids.length ? h("p", { className: "dw-counting-head", text: word("voids") }) : null,
    voids.length ? h("ul", { className: "dw-voids" }, ...voids) : null,
    ...(counting.words ?? []).map((line) => h("p", { className: "dw-counting-words", text: line })),
  );
}

/**
 * The moves as buttons, one per position: `items` [{ply, text, title, mark}] (ply 0 = the
 * deal), `text` shown, `title` (the sentence) the button's name and tooltip; `mark`, when a
 * move was judged, `{verdict, sign, word}`: its sign after the text ("??"), the verdict's
 * word as the sign's tooltip and in the button's name. `current` the ply shown (marked
 * aria-current), `disabled` for a list that only shows.
 * @param {HTMLElement} list
 * @param {MoveItem[]} items
 * @param {number} current
 * @param {{disabled?: boolean}} [options]
 */
export function drawMoveList(list, items, current, { disabled = false } = {}) {
  setChildren(list,
    ...items.map(({ ply, text, title, mark = null }) => {
      const named = mark ? `${text} ${mark.sign} (${mark.word})` : text;
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            className: `dw-move${ply === current ? " dw-current" : ""}`,
            dataset: { ply: String(ply), ...(mark ? { verdict: mark.verdict } : {}) },
            title: title || null,
            "aria-label": title ? `${named}: ${title}` : mark ? named : null,
            "aria-current": ply === current ? "step" : null,
            disabled,
          },
          h("span", { className: "dw-move-text", text }),
          mark ? h("span", { className: `dw-move-mark dw-verdict-${mark.verdict}`, title: mark.word, text: mark.sign }) : null,
        ),
      );
    }),
  );
  showCurrent(list);
}

/**
 * The items of drawMoveList for a hand's moves: the deal, then each move in the kernel's short
 * words (`items`, "North: 6-4 on the left"; its notation where there are none), with its
 * sentence (`sentences`) as its title. The Table and the Replay list their moves alike.
 * @param {Word} word
 * @param {string[]} moves
 * @param {string[]} [items]
 * @param {string[]} [sentences]
 * @returns {MoveItem[]}
 */
export function moveItems(word, moves, items = [], sentences = []) {
  return [{ ply: 0, text: word("deal") }, ...moves.map((move, i) => ({ ply: i + 1, text: items[i] || move, title: sentences[i] || move }))];
}

/**
 * Mark another ply as current without rebuilding the list: only the button that was current
 * and the one that is now are touched (the list holds one row per ply, in order).
 * @param {HTMLElement} list
 * @param {number} current
 */
export function markCurrentMove(list, current) {
  const was = list.querySelector("button.dw-current");
  const now = moveButton(list, current);
  if (was === now) return;
  if (was) {
    was.classList.remove("dw-current");
    was.removeAttribute("aria-current");
  }
  if (now) {
    now.classList.add("dw-current");
    now.setAttribute("aria-current", "step");
  }
  showCurrent(list);
}

/**
 * The button of `ply`: its row's, found by place, not by searching every row.
 * @param {HTMLElement} list
 * @param {number} ply
 * @returns {HTMLElement | null}
 */
function moveButton(list, ply) {
  const button = /** @type {HTMLElement | null} */ (list.children[ply]?.firstElementChild ?? null);
  return button?.dataset.ply === String(ply) ? button : list.querySelector(`button[data-ply="${ply}"]`);
}

// Scroll the list itself (never the page) so the current move shows: on the next frame,
// when the browser lays the page out anyway (reading sizes now would force a layout).
/** @type {WeakMap<HTMLElement, number>} the lists with a scroll waiting for the next frame */
const scrolling = new WeakMap();

/** @param {HTMLElement} list */
function showCurrent(list) {
  if (scrolling.has(list)) return;
  scrolling.set(list, requestAnimationFrame(() => {
    scrolling.delete(list);
    const button = list.querySelector(".dw-current") ?? list.lastElementChild;
    if (!button || !list.isConnected) return;
    const item = /** @type {HTMLElement} */ (button.closest("li") ?? button);
    const top = item.offsetTop; // the list is positioned, so this is from its top
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }));
}
