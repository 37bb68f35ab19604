import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto as nodeCrypto } from "node:crypto";

import { hashing } from "../common/fair_deal.mjs";
import { fairChecks, fairLine, hasFairDeals, recordHandOf } from "./replay_fair.mjs";
import { testWord } from "../common/test_dom.mjs";
import { unpackData } from "./replay_wire.mjs";
import { partial, present } from "../common/test_helpers.mjs";

// node's Web Crypto, under the DOM's type names (node's types name it apart from the DOM's)
const webcrypto = /** @type {Crypto} */ (/** @type {unknown} */ (nodeCrypto));
const [FOUR] = JSON.parse(readFileSync(new URL("../common/fair_deal.vectors.json", import.meta.url), "utf8"));
const BLOCK = { scheme: "dominoes-fair-1", commitment: FOUR.commitment, attempt: 0, client_seeds: FOUR.client_seeds,
                server_seed: FOUR.server_seed };

/**
 * A replayed hand dealt fairly: the vectors' deal under the record's block, changed by `block`.
 * @param {Record<string, unknown>} [block]
 * @param {{deal?: Record<string, string[]>, boneyard?: string[]}} [parts]
 * @returns {import("../common/views.mjs").ReplayHand}
 */
function replayHand(block = {}, { deal = FOUR.deal, boneyard = FOUR.boneyard } = {}) {
  return { label: "Hand 1", moves: [], deltas: [], fair: { block: { ...BLOCK, ...block }, deal, boneyard } };
}

/** Every hand's status once its check is done (the checks run on their own, as in the page). */
/**
 * @param {{hands: import("../common/views.mjs").ReplayHand[], seats?: string[]}} data
 * @param {import("../common/fair_deal.mjs").Hashing} hash
 */
async function statuses(data, hash) {
  /** @type {[number, string | null][]} */
  const seen = [];
  const expected = data.hands.filter((hand) => recordHandOf(hand)).length;
  /** @type {(value?: unknown) => void} */
  let allDone = () => {};
  const finished = new Promise((resolve) => { allDone = resolve; });
  const checks = fairChecks(data, (hand, status) => {
    seen.push([hand, status]);
    if (seen.length === expected) allDone();
  }, hash);
  const first = data.hands.map((_, hand) => checks.status(hand));
  data.hands.forEach((_, hand) => checks.status(hand)); // asked again while working: not started twice
  await finished;
  await new Promise((resolve) => setTimeout(resolve, 0)); // (a second report would come by now)
  const asked = data.hands.map((_, hand) => checks.status(hand));
  return { first, seen, asked };
}

for (const [name, hash] of /** @type {[string, import("../common/fair_deal.mjs").Hashing][]} */ ([["Web Crypto", hashing(webcrypto.subtle)], ["@noble/hashes (no crypto.subtle)", hashing(null)]])) {
  test(`each hand of a replay is checked once from its own facts, with ${name}`, async () => {
    const swapped = { ...FOUR.deal, N: [FOUR.boneyard[0], ...FOUR.deal.N.slice(1)] };
    const data = {
      seats: FOUR.seats,
      hands: [
        replayHand(),
        replayHand({ server_seed: "0".repeat(64) }),
        replayHand({}, { deal: swapped, boneyard: [FOUR.deal.N[0], ...FOUR.boneyard.slice(1)] }),
        replayHand({ server_seed: undefined }),
        { label: "Hand 5", moves: [], deltas: [] },
        replayHand({ server_seed: "not hex" }),
      ],
    };
    const { first, seen, asked } = await statuses(data, hash);
    assert.deepEqual(first, [undefined, undefined, undefined, undefined, null, undefined], "worked out in the background");
    assert.deepEqual(asked, ["checked", "commitment_mismatch", "deal_mismatch", "waiting", null, "commitment_mismatch"]);
    assert.deepEqual(seen.map(([hand]) => hand).sort(), [0, 1, 2, 3, 5], "each check is reported once");
  });
}

test("the vector's deal is the one of hand 0: the same facts at another hand do not check", async () => {
  const { asked } = await statuses({ seats: FOUR.seats, hands: [replayHand(), replayHand()] }, hashing(webcrypto.subtle));
  assert.deepEqual(asked, ["checked", "deal_mismatch"], "the hand's number is part of the seeds' message");
});

test("a garbled block is a warning, never an exception", async () => {
  const data = { seats: FOUR.seats, hands: [replayHand({}, partial({ deal: { N: 7 }, boneyard: "x" }))] };
  const { asked } = await statuses(data, hashing(webcrypto.subtle));
  assert.deepEqual(asked, ["deal_mismatch"]);
});

test("the line is worded as the seat page words it, hands counted from 1", () => {
  const word = testWord;
  assert.deepEqual(fairLine(word, "checked", 1, replayHand()), { text: "fair_checked[hand=2]", kind: "ok" });
  assert.deepEqual(fairLine(word, "checked", 0, replayHand({ client_seeds: {} })), { text: "fair_checked_unseeded[hand=1]", kind: "ok" });
  assert.equal(present(fairLine(word, "deal_mismatch", 2, replayHand())).kind, "warning");
  assert.equal(present(fairLine(word, "commitment_mismatch", 2, replayHand())).text, "fair_commitment_mismatch[hand=3]");
  assert.equal(present(fairLine(word, "waiting", 0, replayHand())).kind, "info");
  assert.equal(fairLine(word, undefined, 0, replayHand()), null, "nothing while it is worked out");
  assert.equal(fairLine(word, null, 0, { label: "x" }), null, "nothing for a hand with no block");
});

test("a record without fair blocks has no line; the facts travel through the packed data as they are", () => {
  assert.equal(hasFairDeals({ hands: [{ label: "Hand 1" }] }), false);
  assert.equal(hasFairDeals({}), false);
  assert.equal(hasFairDeals({ hands: [{ label: "Hand 1" }, replayHand()] }), true);
  assert.equal(recordHandOf(partial({ fair: { deal: {} } })), null, "no block, no check");
  assert.deepEqual(recordHandOf(replayHand()), { fair: BLOCK, deal: FOUR.deal, boneyard: FOUR.boneyard });
  const wire = { v: 2, seats: FOUR.seats, shared: ["Hand 1 is dealt."], step_keys: ["say"], shared_keys: ["say"],
                 hands: [{ label: "Hand 1", moves: [], move_items: [], deltas: [[1, 0]], fair: replayHand().fair }] };
  const hand = unpackData(wire).hands[0];
  assert.deepEqual(recordHandOf(hand), recordHandOf(replayHand()));
  assert.deepEqual(hand.deltas, [{ say: "Hand 1 is dealt." }]);
});
