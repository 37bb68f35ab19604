// Provably fair deals, checked in the browser (RECORD.md, "Provably fair deals", scheme
// dominoes-fair-1): the deal worked out again from the revealed server seed and every seat's
// client seed, and the seed held against the commitment shown before the deal. The page
// never takes the server's word for it. DOM-free.
//
// Hashing: the Web Crypto API where the page has it (https, localhost), else @noble/hashes
// (plain http on a school network has no crypto.subtle).

import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { sameTiles, sortedKey } from "./tile.mjs";

export const SCHEME = "dominoes-fair-1";
/** @type {string[]} */
const TILES = [];
for (let a = 0; a <= 6; a += 1) for (let b = a; b <= 6; b += 1) TILES.push(`${a}-${b}`);
const TWO_64 = 1n << 64n;
const HEX64 = /^[0-9a-f]{64}$/;

/** @typedef {{sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>, hmacSha256: (key: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>}} Hashing */
/** @typedef {Record<string, string>} ClientSeeds each seat's client seed */
/**
 * A hand of a record with its `fair` block (RECORD.md, "Provably fair deals").
 * @typedef {{fair?: {scheme?: string, commitment?: string, server_seed?: string | null, attempt?: number,
 *   client_seeds?: ClientSeeds} | null, deal?: Record<string, string[]>, boneyard?: string[]}} FairRecordHand
 */

/** @param {string} hex */
function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** @param {Uint8Array} bytes */
function bytesHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Hashing with Web Crypto (`subtle`) or, without it, @noble/hashes: both async.
 * @param {SubtleCrypto | null} [subtle]
 * @returns {Hashing}
 */
export function hashing(subtle = globalThis.crypto?.subtle) {
  if (!subtle) {
    return {
      sha256: async (bytes) => sha256(bytes),
      hmacSha256: async (key, message) => hmac(sha256, key, message),
    };
  }
  return {
    sha256: async (bytes) => new Uint8Array(await subtle.digest("SHA-256", bytes)),
    hmacSha256: async (key, message) => {
      const imported = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      return new Uint8Array(await subtle.sign("HMAC", imported, message));
    },
  };
}

/**
 * The message of block `k`: `dominoes-fair-1|<hand>|<attempt>|N=…,E=…|<k>`, seats in order.
 * @param {number} hand
 * @param {number} attempt
 * @param {string[]} seats
 * @param {ClientSeeds | null | undefined} clientSeeds
 * @param {number} k
 */
export function blockMessage(hand, attempt, seats, clientSeeds, k) {
  const seeds = seats.map((seat) => `${seat}=${clientSeeds?.[seat] ?? ""}`).join(",");
  return `${SCHEME}|${hand}|${attempt}|${seeds}|${k}`;
}

/** @typedef {{hand: number, attempt?: number, seats: string[], clientSeeds?: ClientSeeds}} DealOptions */

/**
 * The 28 tiles in the dealt order, from the server seed (64 hex digits) and the client seeds.
 * @param {string} serverSeed
 * @param {DealOptions} options
 * @param {Hashing} [hash]
 */
export async function dealtOrder(serverSeed, { hand, attempt = 0, seats, clientSeeds = {} }, hash = hashing()) {
  const key = hexBytes(serverSeed);
  const encoder = new TextEncoder();
  /** @type {bigint[]} */
  const numbers = [];
  let block = 0;
  /** @returns {Promise<bigint>} */
  async function next() {
    if (numbers.length === 0) {
      const bytes = await hash.hmacSha256(key, encoder.encode(blockMessage(hand, attempt, seats, clientSeeds, block)));
      block += 1;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < 4; i += 1) numbers.push(view.getBigUint64(8 * i, false));
    }
    return /** @type {bigint} */ (numbers.shift()); // (just filled when empty)
  }
  const tiles = TILES.slice();
  for (let i = 27; i >= 1; i -= 1) {
    const n = BigInt(i + 1);
    const limit = TWO_64 - (TWO_64 % n);
    let x = await next();
    while (x >= limit) x = await next();
    const j = Number(x % n);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles;
}

/**
 * The deal the seeds make: `{deal: {seat: tiles}, boneyard}` (seven each, in seat order).
 * @param {string} serverSeed
 * @param {DealOptions} options
 * @param {Hashing} [hash]
 */
export async function fairDeal(serverSeed, options, hash = hashing()) {
  const order = await dealtOrder(serverSeed, options, hash);
  /** @type {Record<string, string[]>} */
  const deal = {};
  options.seats.forEach((seat, index) => { deal[seat] = order.slice(7 * index, 7 * index + 7); });
  return { deal, boneyard: order.slice(7 * options.seats.length) };
}

/** @typedef {string[] | null | undefined} Tiles */
/** @type {(a: Tiles, b: Tiles) => boolean} */
const sameOrder = (a, b) => JSON.stringify((a ?? []).map(sortedKey)) === JSON.stringify((b ?? []).map(sortedKey));

/**
 * Check one hand of a record: `"checked"` when its seed matches the commitment and its deal
 * and pile are the ones the seeds make; `"waiting"` while the seed is not revealed (the hand
 * is in play); `"commitment_mismatch"` or `"deal_mismatch"` when the check fails; `null` for a
 * hand with no `fair` block.
 * @param {FairRecordHand | null | undefined} recordHand
 * @param {{hand: number, seats: string[]}} where
 * @param {Hashing} [hash]
 * @returns {Promise<"checked" | "waiting" | "commitment_mismatch" | "deal_mismatch" | null>}
 */
export async function checkHand(recordHand, { hand, seats }, hash = hashing()) {
  const fair = recordHand?.fair;
  if (!fair) return null;
  if (fair.scheme !== SCHEME || !HEX64.test(String(fair.commitment ?? ""))) return "commitment_mismatch";
  if (!fair.server_seed) return "waiting";
  if (!HEX64.test(String(fair.server_seed))) return "commitment_mismatch";
  if (bytesHex(await hash.sha256(hexBytes(fair.server_seed))) !== fair.commitment) return "commitment_mismatch";
  const made = await fairDeal(fair.server_seed, { hand, attempt: fair.attempt ?? 0, seats, clientSeeds: fair.client_seeds }, hash);
  const dealt = recordHand.deal ?? {};
  const same = seats.every((seat) => sameTiles(made.deal[seat], dealt[seat])) && sameOrder(made.boneyard, recordHand.boneyard);
  return same ? "checked" : "deal_mismatch";
}
