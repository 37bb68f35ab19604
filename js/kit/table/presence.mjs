// Who is at each seat of a served table, as the server says (view.presence): a shape and a
// word per seat, so that it reads without colour. And how many watch. DOM-free.
//
// The kernel decides every mark ("here", "never", "left", "bot"); this only names them.
// A table on one screen sends no presence: nothing is drawn.

/** The shape of each mark: filled (here), hollow (never came), dotted (left). */
/** @type {Record<string, string>} */
export const PRESENCE_SYMBOLS = { here: "●", never: "○", left: "◌" };
/** @type {Record<string, string>} */
const PRESENCE_WORDS = { here: "presence_here", never: "presence_never", left: "presence_left" };

/**
 * The mark by a seat's name: `{kind, symbol, text}`, or null (no presence known, or a bot,
 * whose label says so already).
 * @param {{presence?: Record<string, string>}} view the Table's view (readView)
 * @param {string} seat
 * @param {import("../common/words.mjs").Word} word
 */
export function presenceMark(view, seat, word) {
  const kind = view.presence?.[seat];
  if (kind === undefined || !Object.hasOwn(PRESENCE_SYMBOLS, kind)) return null;
  return { kind, symbol: PRESENCE_SYMBOLS[kind], text: word(PRESENCE_WORDS[kind]) };
}

/**
 * "3 watching" while anyone watches the table, else "".
 * @param {{watching?: unknown}} view
 * @param {import("../common/words.mjs").Word} word
 */
export function watchingWords(view, word) {
  const n = typeof view.watching === "number" && Number.isInteger(view.watching) && view.watching > 0 ? view.watching : 0;
  return n ? word(n === 1 ? "watching_one" : "watching_many", { n }) : "";
}

/**
 * The banner of a watcher's page: what the page is, in words.
 * @param {import("../common/words.mjs").Word} word
 */
export function watcherBanner(word) {
  return word("watching_banner");
}
