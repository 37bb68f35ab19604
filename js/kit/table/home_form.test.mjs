import { test } from "node:test";
import assert from "node:assert/strict";
import { answerProblem, badTarget, hasPerson, keyStorageName, seatsInPlay, tableRequest } from "./home_form.mjs";

/** @type {import("./home_form.mjs").FormFacts} */
const facts = {
  person: "human",
  games: [
    { id: "six_love", players: [4], seats: { 4: ["N", "E", "S", "W"] }, target: 6 },
    { id: "vietnamese", players: [2, 3, 4], seats: { 2: ["S", "N"], 3: ["S", "E", "N"], 4: ["N", "E", "S", "W"] }, target: null },
  ],
};
const words = {
  offline: "offline", key_wrong: "wrong key", key_needed: "key needed", too_many: "wait {seconds} s",
  server_full: "full", failed: "failed: {error}",
};

test("the seats in play follow the game and the number of players", () => {
  assert.deepEqual(seatsInPlay(facts, "six_love", 2), ["N", "E", "S", "W"]);
  assert.deepEqual(seatsInPlay(facts, "vietnamese", "3"), ["S", "E", "N"]);
  assert.deepEqual(seatsInPlay(facts, "vietnamese", 2), ["S", "N"]);
});

test("the request names the bots and names of the seats in play only", () => {
  const request = tableRequest(facts, {
    game: "vietnamese", players: "2", target: "", lang: "vi",
    who: { S: "human", N: "strong", E: "greedy", W: "human" }, names: { S: " Ana ", N: "", E: "Bao" },
  });
  assert.deepEqual(request, { game: "vietnamese", players: 2, bots: { N: "strong" }, names: { S: "Ana" }, lang: "vi" });
});

test("a partnership request has no player count, and its target is a number", () => {
  const request = tableRequest(facts, { game: "six_love", players: "2", target: "3", who: { N: "greedy", E: "strong", W: "strong" } });
  assert.deepEqual(request, { game: "six_love", rules: { target: 3 }, bots: { N: "greedy", E: "strong", W: "strong" } });
  assert.equal(hasPerson(facts, request), true);
  const allBots = tableRequest(facts, { game: "six_love", who: { N: "strong", E: "strong", S: "strong", W: "strong" } });
  assert.equal(hasPerson(facts, allBots), false);
});

test("a target that is not a whole number goes to the server as typed, for it to say what is wrong", () => {
  assert.deepEqual(tableRequest(facts, { game: "six_love", target: "2.5" }).rules, { target: "2.5" });
});

test("each refusal is said in the page's words", () => {
  assert.equal(answerProblem(words, 0, null), "offline");
  assert.equal(answerProblem(words, 401, { error: "x" }), "key needed");
  assert.equal(answerProblem(words, 401, { error: "x" }, { keySent: true }), "wrong key");
  assert.equal(answerProblem(words, 429, null, { retryAfter: "12" }), "wait 12 s");
  assert.equal(answerProblem(words, 503, null), "full");
  assert.equal(answerProblem(words, 400, { error: "names: too long" }), "failed: names: too long");
  assert.equal(answerProblem(words, 500, "oops"), "failed: HTTP 500");
});

test("the host key is remembered per server", () => {
  assert.notEqual(keyStorageName("http://a:1", "/"), keyStorageName("http://a:2", "/"));
});

test("a target the rules refuse is caught before it is sent, to be said in the page's words", () => {
  for (const bad of ["0", "1001", "2.5", "six", "-3"]) assert.equal(badTarget(bad, 1000), true, bad);
  for (const good of ["", "  ", "1", "6", "1000", " 7 "]) assert.equal(badTarget(good, 1000), false, good);
});
