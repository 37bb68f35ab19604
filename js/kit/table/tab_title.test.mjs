import { test } from "node:test";
import assert from "node:assert/strict";

import { tabState } from "./tab_title.mjs";
import { readView } from "./table_view.mjs";
import { testWord } from "../common/test_dom.mjs";

const base = { seats: ["N", "E", "S", "W"], viewer: "S", bottom: "S", phase: "playing", hands: { S: ["6-4"] } };

test("the tab says it is your turn while you have a move, and goes back after it", () => {
  const yours = readView({ ...base, turn: "S", legal: ["S 6-4 L"] });
  assert.deepEqual(tabState(yours, testWord, "Six Love · S"), { title: testWord("tab_your_turn"), icon: "turn" });
  const theirs = readView({ ...base, turn: "E", legal: [] });
  assert.deepEqual(tabState(theirs, testWord, "Six Love · S"), { title: "Six Love · S", icon: "idle" });
});

test("choosing the leader is your turn only when you are among those who may choose", () => {
  const choosing = readView({ ...base, phase: "choose_leader", leader_choices: [{ seat: "S", label: "South leads" }, { seat: "N", label: "North leads" }] });
  assert.equal(tabState(choosing, testWord, "t").icon, "turn");
  const others = readView({ ...base, phase: "choose_leader", leader_choices: [{ seat: "E", label: "East leads" }, { seat: "W", label: "West leads" }] });
  assert.equal(tabState(others, testWord, "t").icon, "idle");
});

test("a hand that is over, or a watcher with no seat, is nobody's turn on this tab", () => {
  assert.equal(tabState(readView({ ...base, phase: "hand_over", turn: "S", legal: [] }), testWord, "t").icon, "idle");
  assert.equal(tabState(readView({ ...base, viewer: null, turn: "S", legal: ["S 6-4 L"] }), testWord, "t").icon, "idle");
});
