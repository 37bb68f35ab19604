import { test } from "node:test";
import assert from "node:assert/strict";

import { buildControls, drawControls, drawLeaderButtons, labelControls } from "./controls.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";

const STUCK = readView({ seats: ["S", "N"], viewer: "S", turn: "S", legal: ["S draw"], pile: 4 });

test("when a draw is the only move, Draw carries it and is the main button", () => {
  installDom();
  const ui = buildControls();
  labelControls(ui, testWord);
  drawControls(ui, STUCK, testWord);
  assert.equal(ui.draw.disabled, false);
  assert.equal(ui.draw.dataset.move, "S draw");
  assert.ok(ui.draw.classList.contains("dw-primary"));
  assert.equal(ui.pass.disabled, true);
  assert.ok(!ui.pass.classList.contains("dw-primary"));
  assert.equal(ui.draw.textContent, "draw");
});

test("Hint: busy and saying so while asked, and off once this position's hint shows", () => {
  installDom();
  const ui = buildControls();
  const coached = readView({ ...STUCK, coach: true });
  drawControls(ui, coached, testWord, { asking: true });
  assert.equal(ui.hint.disabled, true);
  assert.equal(ui.hint.getAttribute("aria-busy"), "true");
  assert.equal(ui.hint.textContent, "hint_thinking");
  drawControls(ui, readView({ ...STUCK, coach: true, hint: { moves: [], best: null, words: "" } }), testWord);
  assert.equal(ui.hint.disabled, true, "the same position gives the same hint");
  assert.equal(ui.hint.getAttribute("aria-busy"), null);
  assert.equal(ui.hint.textContent, "hint");
  drawControls(ui, coached, testWord);
  assert.equal(ui.hint.disabled, false);
});

test("Hint: still busy while the kernel's hint says it is thinking, free once the hint is in", () => {
  installDom();
  const ui = buildControls();
  drawControls(ui, readView({ ...STUCK, coach: true, hint: { moves: [], best: null, words: "Thinking…", thinking: true } }), testWord);
  assert.equal(ui.hint.disabled, true);
  assert.equal(ui.hint.getAttribute("aria-busy"), "true");
  assert.equal(ui.hint.textContent, "hint_thinking");
  drawControls(ui, readView({ ...STUCK, coach: true, hint: { moves: [], best: null, words: "1-2" } }), testWord);
  assert.equal(ui.hint.getAttribute("aria-busy"), null);
  assert.equal(ui.hint.textContent, "hint");
});

test("no pile and no draw: Draw keeps its place, invisible; Undo and Hint follow the view", () => {
  installDom();
  const ui = buildControls();
  drawControls(ui, readView({ ...STUCK, legal: ["S pass"], pile: null, can_undo: true, coach: true }), testWord);
  assert.ok(ui.draw.classList.contains("dw-absent"));
  assert.equal(ui.pass.dataset.move, "S pass");
  assert.equal(ui.undo.disabled, false);
  assert.equal(ui.hint.disabled, false);
  drawControls(ui, readView({ ...STUCK, look: { ply: 1 }, can_undo: true, coach: true }), testWord);
  assert.equal(ui.undo.disabled, true, "not while looking back");
  assert.equal(ui.draw.disabled, true);
});

test("after a hand the result button sends the next hand, after the match a new match", () => {
  installDom();
  const ui = buildControls();
  drawControls(ui, readView({ ...STUCK, phase: "hand_over", result: { button: "Next hand" } }), testWord);
  assert.equal(ui.resultActions.hidden, false);
  assert.equal(ui.moveActions.hidden, true);
  assert.deepEqual(JSON.parse(ui.resultButton.dataset.send ?? "null"), { type: "next_hand" });
  assert.equal(ui.resultButton.textContent, "Next hand");
  drawControls(ui, readView({ ...STUCK, phase: "match_over" }), testWord);
  assert.deepEqual(JSON.parse(ui.resultButton.dataset.send ?? "null"), { type: "new_match" });
  assert.equal(ui.resultButton.textContent, "new_match");
});

test("the leading team gets a button per seat", () => {
  installDom();
  const ui = buildControls();
  const view = readView({ ...STUCK, phase: "choose_leader", leader_choices: [{ seat: "N", label: "North leads" }, { seat: "S" }] });
  drawControls(ui, view, testWord);
  drawLeaderButtons(ui.leaderActions, view.leader_choices);
  assert.equal(ui.leaderActions.hidden, false);
  const sends = [...ui.leaderActions.querySelectorAll("button")].map((b) => [b.textContent, JSON.parse(b.dataset.send ?? "null").seat]);
  assert.deepEqual(sends, [["North leads", "N"], ["S", "S"]]);
});

test("the Pass button says what the kernel says of the pass, whatever the pile", () => {
  installDom();
  const ui = buildControls();
  // the last tile of the pile was drawn and fits: the pass keeps it, with the pile empty
  drawControls(ui, readView({ ...STUCK, legal: ["S 6-4 L", "S pass"], pile: 0, pass_word: "pass_keep" }), testWord);
  assert.equal(ui.pass.textContent, "pass_keep");
  assert.equal(ui.pass.dataset.move, "S pass");
  drawControls(ui, readView({ ...STUCK, legal: ["S pass"], pile: 3, pass_word: "pass" }), testWord);
  assert.equal(ui.pass.textContent, "pass");
  drawControls(ui, readView({ ...STUCK, legal: ["S pass"], pile: null }), testWord);
  assert.equal(ui.pass.textContent, "pass", "a view without the key: a plain pass");
});

test("a view from no seat (a watcher, a table of bots) shows no move buttons to press", () => {
  installDom();
  const ui = buildControls();
  drawControls(ui, readView({ seats: ["S", "N"], viewer: null, turn: "N", pile: 4 }), testWord);
  assert.equal(ui.moveActions.hidden, true);
  drawControls(ui, STUCK, testWord);
  assert.equal(ui.moveActions.hidden, false);
});

test("a watcher is offered no Next hand; a notebook's table of bots is", () => {
  installDom();
  const ui = buildControls();
  const over = { seats: ["S", "N"], viewer: null, phase: "hand_over", result: { title: "N wins" } };
  drawControls(ui, readView({ ...over, can_set_table: false }), testWord);
  assert.equal(ui.resultActions.hidden, true);
  drawControls(ui, readView({ ...over, can_set_table: true }), testWord);
  assert.equal(ui.resultActions.hidden, false);
});
