// The hand in the tray: the bottom seat's tiles as buttons (a toolbar: one tab stop, arrow
// keys move along), the tiles that fit marked when hints are on, the coach's chances on them.

import { judgedChance } from "./coach_panel.mjs";
import { h, setChildren, svgNode } from "./dom.mjs";
import { parseMove, sameTile, sortedKey, tileSvg } from "./tile.mjs";
import { percent, tileName } from "./words.mjs";

const UNIT = { min: 12, max: 30 };
const TILE_CHROME = 14; // px of padding, border and gap round each tile in the hand
/** @type {Record<string, number>} */
const FOCUS_STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** @typedef {import("./words.mjs").Word} Word */
/** @typedef {{win: number, percent: string, text: string, best: boolean}} Chance a tile's best chance, in words */
/**
 * What the tray reads of a view (the Table's, or the Puzzles' and the drill's as they give it).
 * @typedef {{phase?: string, hands: Record<string, string[] | number>, bottom?: string | null, viewer?: string | null,
 *   hint?: import("./coach_panel.mjs").CoachHint | null, lang: string, players: Record<string, {label?: string}>,
 *   playable: string[]}} TrayView
 */

/**
 * The tiles the tray shows: the bottom seat's (null for each face-down one); none under the cover.
 * @param {Pick<TrayView, "phase" | "hands" | "bottom" | "viewer">} view
 * @returns {(string | null)[]}
 */
export function handTiles(view) {
  if (view.phase === "cover") return [];
  const hand = view.hands[view.bottom ?? view.viewer ?? ""];
  return Array.isArray(hand) ? hand : Array(Math.max(0, Number(hand) || 0)).fill(null);
}

/**
 * The tile unit (px) that lets `count` tiles share `width`, within bounds; null before layout.
 * @param {number} width
 * @param {number} count
 */
export function handUnit(width, count) {
  if (!width || !count) return null;
  const unit = Math.floor((width / count - TILE_CHROME) / 1.16);
  return Math.max(UNIT.min, Math.min(UNIT.max, unit));
}

/**
 * Each tile's best chance in the coach's answer: sorted key -> {win, percent, text, best}.
 * @param {import("./coach_panel.mjs").CoachHint | null | undefined} hint
 * @param {string} lang
 * @param {Word} word
 */
export function hintChances(hint, lang, word) {
  /** @type {Map<string, Chance>} */
  const chances = new Map();
  for (const move of hint?.moves ?? []) {
    const parsed = parseMove(move.move);
    if (!parsed?.tile) continue;
    const key = sortedKey(parsed.tile);
    const best = move.move === hint?.best;
    const known = chances.get(key);
    const { win } = judgedChance(move);
    if (known && known.win >= win && !best) continue;
    const text = percent(win, lang);
    chances.set(key, { win, percent: text, text: word("win_chance", { percent: text }), best: best || Boolean(known?.best) });
  }
  return chances;
}

/**
 * Where the focus goes on `key` from tile `index` of `count` (arrows wrap, Home, End); null: not ours.
 * @param {string} key
 * @param {number} index
 * @param {number} count
 */
export function focusStep(key, index, count) {
  if (count === 0) return null;
  if (Object.hasOwn(FOCUS_STEPS, key)) return (index + FOCUS_STEPS[key] + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * Draw the hand into `element`.
 * @param {HTMLElement} element
 * @param {{view: TrayView, tiles: (string|null)[], mine: boolean, active: boolean, myTurn: boolean,
 *   focus: number, selected?: string|null, stuck?: boolean, word: Word}} args `active`: the
 *   person may click now; `selected`: the tile whose end is being chosen; `stuck`: no tile can
 *   be played (pass or draw), so the tiles are dimmed.
 */
export function drawHand(element, { view, tiles, mine, active, myTurn, focus, selected = null, stuck = false, word }) {
  const chances = hintChances(view.hint, view.lang, word);
  element.classList.toggle("dw-readonly", !active);
  element.classList.toggle("dw-stuck", stuck);
  element.setAttribute("aria-label", mine ? word("your_tiles") : view.players[view.bottom ?? ""]?.label ?? "");
  const marks = { playable: view.playable, myTurn, active, selected };
  setChildren(element, ...tiles.map((tile, index) => handTile(tile, index === focus, marks, (tile === null ? undefined : chances.get(sortedKey(tile))), word)));
}

/**
 * @param {string | null} tile
 * @param {boolean} focused
 * @param {{playable: string[], myTurn: boolean, active: boolean, selected: string | null}} marks
 * @param {Chance | undefined} chance
 * @param {Word} word
 */
function handTile(tile, focused, { playable, myTurn, active, selected }, chance, word) {
  if (tile === null) return h("span", { className: "dw-hand-tile dw-face-down-tile", "aria-hidden": "true" }, svgNode(tileSvg(null, { fluid: true })));
  const fits = playable.length > 0 && playable.some((p) => sameTile(p, tile));
  const classes = ["dw-hand-tile"];
  if (fits) classes.push("dw-playable");
  else if (myTurn && playable.length > 0) classes.push("dw-unplayable");
  if (chance?.best) classes.push("dw-best");
  const isSelected = selected !== null && sameTile(selected, tile);
  if (isSelected) classes.push("dw-selected");
  return h(
    "button",
    {
      type: "button",
      className: classes.join(" "),
      "aria-label": chance ? `${tileName(word, tile)}, ${chance.text}` : tileName(word, tile),
      "aria-disabled": active ? null : "true",
      "aria-pressed": isSelected ? "true" : null,
      dataset: { tile },
      tabindex: focused ? "0" : "-1",
    },
    svgNode(tileSvg(tile, { fluid: true })),
    chance ? h("span", { className: "dw-hint-badge", "aria-hidden": "true", text: chance.percent }) : null,
  );
}

/**
 * The hand's tile buttons.
 * @param {Element} element
 */
export function tileButtons(element) {
  return [.../** @type {NodeListOf<HTMLButtonElement>} */ (element.querySelectorAll("button[data-tile]"))];
}
