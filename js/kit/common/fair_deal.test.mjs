import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";

import { blockMessage, checkHand, fairDeal, hashing } from "./fair_deal.mjs";

// Known answers worked out from RECORD.md by a separate implementation; the Python engine's
// fair deal is held to the same file (tests/test_fair_deal_vectors.py).
const VECTORS = JSON.parse(readFileSync(new URL("./fair_deal.vectors.json", import.meta.url), "utf8"));
const LIBRARY = hashing(null);
const WEB_CRYPTO = hashing(/** @type {SubtleCrypto} */ (webcrypto.subtle)); // node's types name it apart from the DOM's

test("the block message lists every seat in order, an absent seed as empty", () => {
  assert.equal(blockMessage(0, 0, ["N", "E", "S", "W"], { S: "k3Fz9" }, 0), "dominoes-fair-1|0|0|N=,E=,S=k3Fz9,W=|0");
});

for (const [name, hash] of /** @type {Array<[string, typeof LIBRARY]>} */ ([["the library", LIBRARY], ["Web Crypto", WEB_CRYPTO]])) {
  test(`the seeds make the known deals, hashed with ${name}`, async () => {
    for (const v of VECTORS) {
      const made = await fairDeal(v.server_seed, { hand: v.hand, attempt: v.attempt, seats: v.seats, clientSeeds: v.client_seeds }, hash);
      assert.deepEqual(made, { deal: v.deal, boneyard: v.boneyard });
    }
  });
}

/**
 * A case of fair_deal.vectors.json: a hand's seeds, its deal and pile.
 * @typedef {{hand: number, seats: string[], commitment: string, client_seeds: Record<string, string>, server_seed: string,
 *   attempt?: number, deal: Record<string, string[]>, boneyard: string[]}} Vector
 */

/**
 * @param {Vector} v
 * @param {Record<string, unknown>} [fair]
 */
function recordHand(v, fair = {}) {
  return {
    deal: v.deal, boneyard: v.boneyard,
    fair: { scheme: "dominoes-fair-1", commitment: v.commitment, attempt: v.attempt, client_seeds: v.client_seeds, server_seed: v.server_seed, ...fair },
  };
}

test("a hand is checked when seed, commitment, deal and pile agree; any change is caught", async () => {
  const [four, two] = VECTORS;
  const at = (/** @type {Vector} */ v) => ({ hand: v.hand, seats: v.seats });
  assert.equal(await checkHand(recordHand(four), at(four), LIBRARY), "checked");
  assert.equal(await checkHand(recordHand(two), at(two), WEB_CRYPTO), "checked");
  // the tiles of one seat in another order are the same deal
  const shuffled = { ...recordHand(four), deal: { ...four.deal, N: [...four.deal.N].reverse() } };
  assert.equal(await checkHand(shuffled, at(four), LIBRARY), "checked");
  // a tile written the other way round is the same tile
  const flipped = { ...recordHand(four), deal: { ...four.deal, N: four.deal.N.map((/** @type {string} */ t) => t.split("-").reverse().join("-")) } };
  assert.equal(await checkHand(flipped, at(four), LIBRARY), "checked");
  assert.equal(await checkHand(recordHand(four, { server_seed: null }), at(four), LIBRARY), "waiting");
  assert.equal(await checkHand(recordHand(four, { commitment: "0".repeat(64) }), at(four), LIBRARY), "commitment_mismatch");
  assert.equal(await checkHand(recordHand(four, { client_seeds: { S: "other" } }), at(four), LIBRARY), "deal_mismatch");
  const swapped = { ...recordHand(two), boneyard: [...two.boneyard.slice(1), two.boneyard[0]] };
  assert.equal(await checkHand(swapped, at(two), LIBRARY), "deal_mismatch", "the pile's order matters");
  const traded = { ...recordHand(four), deal: { ...four.deal, N: four.deal.E, E: four.deal.N } };
  assert.equal(await checkHand(traded, at(four), LIBRARY), "deal_mismatch");
  assert.equal(await checkHand({ deal: four.deal }, at(four), LIBRARY), null);
  assert.equal(await checkHand(recordHand(four, { server_seed: "zz" }), at(four), LIBRARY), "commitment_mismatch");
});
