// The front end's labels, in the widget's language. DOM-free.
//
// The kernel sends them once in the `words` trait (js/PROTOCOL.md, "Words"); the keys
// are listed in dominoes_widget/words/locales/en.toml, section [ui]. A label may hold
// {placeholders}; a missing key shows the key itself, so a test notices.

import { parseTile } from "./tile.mjs";

/** @typedef {(key: string, params?: Object<string, string|number>) => string} Word a label by its key, its {placeholders} filled */

/**
 * A lookup over one `words` object.
 * @param {Object<string, string> | null | undefined} words
 * @returns {Word}
 */
export function makeWords(words) {
  const table = words && typeof words === "object" ? words : {};
  return (key, params = {}) => {
    const text = typeof table[key] === "string" ? table[key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  };
}

/**
 * "{n} tile" or "{n} tiles": the key `one` for 1, else `many`.
 * @param {Word} word
 * @param {number} n
 * @param {string} one
 * @param {string} many
 */
export function countWords(word, n, one, many) {
  return word(n === 1 ? one : many, { n });
}

/**
 * A number of pips in words: 0 -> "blank", 4 -> "four".
 * @param {Word} word
 * @param {number | null | undefined} value
 */
export function numberWord(word, value) {
  return word(`number_${value}`);
}

/**
 * A tile's name for screen readers: "6-4" -> "six-four", "0-0" -> "double blank".
 * @param {Word} word
 * @param {unknown} tile
 */
export function tileName(word, tile) {
  const halves = parseTile(tile);
  if (!halves) return String(tile);
  const [a, b] = halves.map((v) => numberWord(word, v));
  return halves[0] === halves[1] ? word("tile_double", { a }) : word("tile_pair", { a, b });
}

// One percent format per language (making one costs more than a replay's step).
/** @type {Map<string, Intl.NumberFormat>} */
const PERCENT_FORMATS = new Map();

/**
 * A chance (0-1) as a percentage in the widget's language: 0.62 -> "62%".
 * @param {unknown} value
 * @param {string} [lang]
 */
export function percent(value, lang = "en") {
  const n = Number(value);
  if (!Number.isFinite(n)) return "";
  const key = lang || "en";
  try {
    const format = PERCENT_FORMATS.get(key) ?? new Intl.NumberFormat(key, { style: "percent", maximumFractionDigits: 0 });
    PERCENT_FORMATS.set(key, format);
    return format.format(n);
  } catch {
    return `${Math.round(n * 100)}%`;
  }
}

/**
 * The line's name for screen readers: how many tiles, and the numbers at its open ends.
 * @param {{line?: number[][] | null, ends?: number[] | null}} view
 * @param {Word} word
 */
export function lineLabel(view, word) {
  const line = view.line ?? [];
  if (line.length === 0) return word("line_empty");
  return word("line", { count: countWords(word, line.length, "tile", "tiles"), left: numberWord(word, view.ends?.[0]), right: numberWord(word, view.ends?.[1]) });
}

/**
 * The pile's corner words ("Pile: 3", "Pile: empty"), or null in a game without a pile.
 * @param {number | null | undefined} pile
 * @param {Word} word
 */
export function pileWords(pile, word) {
  if (pile === null || pile === undefined) return null;
  return pile > 0 ? word("pile", { n: pile }) : word("pile_empty");
}
