import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto as nodeCrypto } from "node:crypto";

import { hashing } from "./fair_deal.mjs";
import { FairMemory, fairPageUrl, newClientSeed, recordUrl, seedWanted, verdict, verdictWords } from "./fair_check.mjs";
import { testWord } from "./test_dom.mjs";
import { present } from "./test_helpers.mjs";

// node's Web Crypto, under the DOM's type names (node's types name it apart from the DOM's)
const webcrypto = /** @type {Crypto} */ (/** @type {unknown} */ (nodeCrypto));
const [FOUR] = JSON.parse(readFileSync(new URL("./fair_deal.vectors.json", import.meta.url), "utf8"));
const HASH = hashing(webcrypto.subtle);
const AT = { hand: FOUR.hand, seats: FOUR.seats, seat: "S" };

function recordHand(fair = {}) {
  return {
    deal: FOUR.deal, boneyard: FOUR.boneyard,
    fair: { scheme: "dominoes-fair-1", commitment: FOUR.commitment, attempt: 0, client_seeds: FOUR.client_seeds,
            server_seed: FOUR.server_seed, ...fair },
  };
}

class Storage {
  constructor() {
    /** @type {Record<string, string>} */
    this.items = {};
  }
  /** @param {string} key */
  getItem(key) { return this.items[key] ?? null; }
  /**
   * @param {string} key
   * @param {unknown} value
   */
  setItem(key, value) { this.items[key] = String(value); }
}

test("a client seed is 22 characters of the scheme's alphabet, new each time", () => {
  const one = newClientSeed(webcrypto);
  assert.match(one, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(newClientSeed(webcrypto), one);
});

test("a seed is wanted once per waiting commitment, until the view says it was taken", () => {
  const next = { hand: 1, commitment: "c".repeat(64), my_seed: null };
  const view = { viewer: "S", fair: { secret: true, current: null, next } };
  assert.equal(seedWanted(view, null), next);
  assert.equal(seedWanted(view, next.commitment), null, "sent already for this commitment");
  assert.equal(seedWanted({ ...view, fair: { ...view.fair, next: { ...next, my_seed: "abc" } } }, null), null);
  assert.equal(seedWanted({ ...view, viewer: null }, null), null);
  assert.equal(seedWanted({ viewer: "S", fair: null }, null), null);
});

test("the page remembers the commitment and seed before the deal and its tiles at the deal, across a reload", () => {
  const storage = new Storage();
  const memory = new FairMemory("t1", storage);
  memory.see({ viewer: "S", hands: {}, moves: [], fair: { next: { hand: 0, commitment: FOUR.commitment, my_seed: null } } });
  memory.see({ viewer: "S", hands: {}, moves: [], fair: { next: { hand: 0, commitment: FOUR.commitment, my_seed: "k3Fz9" } } });
  memory.see({ viewer: "S", hands: { S: FOUR.deal.S, N: 7 }, moves: [],
               fair: { current: { hand: 0, commitment: FOUR.commitment, server_seed: null }, next: null } });
  memory.see({ viewer: "S", hands: { S: FOUR.deal.S.slice(1), N: 7 }, moves: ["S 5-6"],
               fair: { current: { hand: 0, commitment: FOUR.commitment, server_seed: null }, next: null } });
  const reloaded = new FairMemory("t1", storage);
  assert.deepEqual(reloaded.get(0), { commitment: FOUR.commitment, seed: "k3Fz9", tiles: FOUR.deal.S });
  assert.equal(new FairMemory("t2", storage).get(0), null, "another table's memory is its own");
});

test("a hand is checked against the record and what the page saw; each difference is a warning", async () => {
  const saw = { commitment: FOUR.commitment, seed: "k3Fz9", tiles: [...FOUR.deal.S].reverse() };
  assert.equal(await verdict(recordHand(), AT, saw, HASH), "checked");
  assert.equal(await verdict(recordHand(), AT, null, HASH), "checked");
  assert.equal(await verdict(recordHand(), AT, { ...saw, commitment: "0".repeat(64) }, HASH), "commitment_mismatch",
               "the commitment shown before the deal was another one");
  assert.equal(await verdict(recordHand(), AT, { ...saw, seed: "mine" }, HASH), "deal_mismatch", "my seed was left out");
  assert.equal(await verdict(recordHand(), AT, { ...saw, tiles: FOUR.deal.N }, HASH), "deal_mismatch",
               "I was dealt other tiles than the record says");
  assert.equal(await verdict(recordHand({ server_seed: null }), AT, saw, HASH), "waiting");
  assert.equal(await verdict({ deal: FOUR.deal }, AT, saw, HASH), null);
});

test("the badge says checked, unseeded, or warns, hand numbers from 1", () => {
  assert.deepEqual(verdictWords(testWord, "checked", 0, recordHand()), { text: testWord("fair_checked", { hand: 1 }), kind: "ok" });
  assert.equal(present(verdictWords(testWord, "checked", 0, recordHand({ client_seeds: {} }))).text,
               testWord("fair_checked_unseeded", { hand: 1 }));
  assert.equal(present(verdictWords(testWord, "deal_mismatch", 2, recordHand())).kind, "warning");
  assert.equal(present(verdictWords(testWord, "commitment_mismatch", 2, recordHand())).text,
               testWord("fair_commitment_mismatch", { hand: 3 }));
  assert.equal(verdictWords(testWord, null, 0, null), null);
});

test("the record and the fair page are found beside the seat page, behind a proxy's path too", () => {
  const page = "https://hub.example/user/ana/proxy/8765/tables/abc_1/seat?token=T0k";
  assert.equal(recordUrl(page), "https://hub.example/user/ana/proxy/8765/api/tables/abc_1/record?token=T0k");
  assert.equal(fairPageUrl(page, "vi"), "https://hub.example/user/ana/proxy/8765/fair?lang=vi");
  const watching = "http://127.0.0.1:8765/tables/abc_1/watch?token=W4t";  // a watcher checks deals too
  assert.equal(recordUrl(watching), "http://127.0.0.1:8765/api/tables/abc_1/record?token=W4t");
  assert.equal(fairPageUrl(watching, "en"), "http://127.0.0.1:8765/fair?lang=en");
});
