// The seat page's part in provably fair deals (js/PROTOCOL.md, "The table server"): send a
// client seed when the view shows a commitment waiting for seeds, remember what was seen
// before each deal (the commitment, the seed sent) and at it (this seat's tiles), and once
// the hand has ended recheck the deal with fair_deal.mjs. DOM-free; no rule is decided here,
// only the hash scheme recomputed.

import { checkHand, hashing } from "./fair_deal.mjs";
import { sameTiles } from "./tile.mjs";

/** @typedef {import("./fair_deal.mjs").FairRecordHand} FairRecordHand */
/** @typedef {import("./fair_deal.mjs").Hashing} Hashing */
/** @typedef {import("./words.mjs").Word} Word */
/**
 * What the seat's view says of fair deals (the Table's view: its `fair`, whose eyes, the tiles
 * held and the moves made).
 * @typedef {{fair?: {next?: import("./views.mjs").FairCommitment | null, current?: {hand: number, commitment?: string, server_seed?: string | null} | null} | null,
 *   viewer?: string | null,
 *   hands?: Record<string, string[] | number>, moves?: string[]} | null | undefined} FairSeen
 */

/**
 * A fresh client seed: 16 random bytes, base64url (22 characters of A-Za-z0-9_-).
 * @param {Pick<Crypto, "getRandomValues">} [random]
 */
export function newClientSeed(random = globalThis.crypto) {
  const bytes = new Uint8Array(16);
  random.getRandomValues(bytes);
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The waiting commitment a seed should be sent for now (`{hand, commitment}`), or null.
 * @param {FairSeen} view
 * @param {string | null} sentFor the commitment a seed was last sent for
 */
export function seedWanted(view, sentFor) {
  const next = view?.fair?.next;
  if (!next || next.my_seed || !view?.viewer) return null;
  return sentFor === next.commitment ? null : next;
}

/** @typedef {{commitment: string | null, seed: string | null, tiles: string[] | null}} FairEntry */

/**
 * What one page remembers per hand, in memory and in `storage` (sessionStorage) under
 * `dominoes-fair|<table>|<hand>`: `{commitment, seed, tiles}`, each as first seen.
 */
export class FairMemory {
  /**
   * @param {string} table the table's id
   * @param {Pick<Storage, "getItem" | "setItem"> | null} [storage]
   */
  constructor(table, storage = null) {
    this.table = table;
    this.storage = storage;
    /** @type {Map<number, FairEntry>} */
    this.hands = new Map();
  }

  /** @param {number} hand */
  key(hand) {
    return `dominoes-fair|${this.table}|${hand}`;
  }

  /**
   * What is remembered of `hand`, or null.
   * @param {number} hand
   * @returns {FairEntry | null}
   */
  get(hand) {
    if (!this.hands.has(hand) && this.storage) {
      try {
        const kept = JSON.parse(this.storage.getItem(this.key(hand)) ?? "null");
        if (kept && typeof kept === "object") this.hands.set(hand, kept);
      } catch { /* a page with no storage (or garbled) remembers in memory only */ }
    }
    return this.hands.get(hand) ?? null;
  }

  /**
   * @param {number} hand
   * @param {FairEntry} entry
   */
  put(hand, entry) {
    this.hands.set(hand, entry);
    try {
      this.storage?.setItem(this.key(hand), JSON.stringify(entry));
    } catch { /* storage full or refused: memory is enough */ }
  }

  /**
   * Take in a view: the waiting commitment and the seed acknowledged, this seat's tiles at its deal.
   * @param {FairSeen} view
   */
  see(view) {
    const next = view?.fair?.next;
    if (next) {
      const had = this.get(next.hand);
      if (!had || had.commitment !== next.commitment) {
        // a new commitment for that hand (a new match's hand 0) replaces what was kept for it
        this.put(next.hand, { commitment: next.commitment, seed: next.my_seed ?? null, tiles: null });
      } else if (next.my_seed && had.seed !== next.my_seed) {
        this.put(next.hand, { ...had, seed: next.my_seed });
      }
    }
    const current = view?.fair?.current;
    const mine = view?.viewer ? view.hands?.[view.viewer] : null;
    if (current && !current.server_seed && Array.isArray(mine) && (view.moves ?? []).length === 0) {
      const had = this.get(current.hand);
      // (a commitment remembered that is not the one dealt stays: the check will say so)
      if (!had) this.put(current.hand, { commitment: null, seed: null, tiles: mine.slice() });
      else if (!had.tiles) this.put(current.hand, { ...had, tiles: mine.slice() });
    }
  }
}

/**
 * The page's verdict on a finished hand of the seat's record: fair_deal.mjs's check of the
 * record, then what this page saw itself (the commitment before the deal, its seed, its
 * tiles): "checked", "commitment_mismatch", "deal_mismatch", "waiting", or null (no block).
 * @param {FairRecordHand} recordHand
 * @param {{hand: number, seats: string[], seat: string}} where
 * @param {FairEntry | null} remembered
 * @param {Hashing} [hash]
 */
export async function verdict(recordHand, { hand, seats, seat }, remembered, hash = hashing()) {
  const status = await checkHand(recordHand, { hand, seats }, hash);
  if (status !== "checked" || !remembered) return status;
  const fair = recordHand.fair ?? {}; // (a checked hand has its block)
  if (remembered.commitment && remembered.commitment !== fair.commitment) return "commitment_mismatch";
  if (remembered.seed && (fair.client_seeds ?? {})[seat] !== remembered.seed) return "deal_mismatch";
  if (remembered.tiles && !sameTiles(remembered.tiles, recordHand.deal?.[seat])) return "deal_mismatch";
  return "checked";
}

/**
 * The badge's words and kind for a verdict (hands are shown counting from 1).
 * @param {Word} word
 * @param {string | null} status
 * @param {number} hand
 * @param {FairRecordHand | null | undefined} recordHand
 */
export function verdictWords(word, status, hand, recordHand) {
  const shown = { hand: hand + 1 };
  if (status === "checked") {
    const seeded = Object.values(recordHand?.fair?.client_seeds ?? {}).some(Boolean);
    return { text: word(seeded ? "fair_checked" : "fair_checked_unseeded", shown), kind: "ok" };
  }
  if (status === "commitment_mismatch") return { text: word("fair_commitment_mismatch", shown), kind: "warning" };
  if (status === "deal_mismatch") return { text: word("fair_deal_mismatch", shown), kind: "warning" };
  if (status === "waiting") return { text: word("fair_waiting", shown), kind: "info" };
  return null;
}

/**
 * The record address for a seat's (or a watcher's) page: /tables/<id>/seat?token= → /api/tables/<id>/record?token=.
 * @param {string} pageUrl
 */
export function recordUrl(pageUrl) {
  const url = new URL(pageUrl);
  url.pathname = url.pathname.replace(/\/tables\/([^/]+)\/(seat|watch)$/, "/api/tables/$1/record");
  return url.href;
}

/**
 * The address of the "How do I know the deal is fair?" page, beside the seat page's.
 * @param {string} pageUrl
 * @param {string | null | undefined} lang
 */
export function fairPageUrl(pageUrl, lang) {
  const url = new URL(pageUrl);
  url.pathname = url.pathname.replace(/\/tables\/[^/]+\/(seat|watch)$/, "/fair");
  url.search = `?lang=${encodeURIComponent(lang || "en")}`;
  return url.href;
}
