import { test } from "node:test";
import assert from "node:assert/strict";

import { installDom } from "../common/test_dom.mjs";
import { listen, listenModel } from "../common/dom.mjs";
import { createReplay } from "./replay_controller.mjs";
import { WORDS, replayData } from "./replay_fixture.mjs";
import { replayListeners } from "./replay_input.mjs";
import { buildReplay } from "./replay_skeleton.mjs";
import { present, find } from "../common/test_helpers.mjs";

installDom();

/** @typedef {(...args: any[]) => void} Listener */

/**
 * anywidget's model, as far as the replay uses it: set() fires the change at once.
 * @param {Record<string, unknown>} attributes
 */
function fakeModel(attributes) {
  /** @type {Record<string, any>} */
  const values = { hand: 0, step: 0, speed: 2, report: [], rules_text: "", ...attributes };
  /** @type {Map<string, Set<Listener>>} */
  const listeners = new Map();
  return {
    saved: 0,
    /** @type {unknown} */
    widget_manager: undefined,
    get: (/** @type {string} */ name) => values[name],
    /**
     * @param {string} name
     * @param {unknown} value
     */
    set(name, value) {
      values[name] = value;
      for (const callback of listeners.get(`change:${name}`) ?? []) callback(value);
    },
    on: (/** @type {string} */ name, /** @type {Listener} */ callback) => listeners.set(name, new Set([...(listeners.get(name) ?? []), callback])),
    off: (/** @type {string} */ name, /** @type {Listener} */ callback) => listeners.get(name)?.delete(callback),
    save_changes() {
      this.saved += 1;
    },
    /** @type {unknown[]} */
    sent: [],
    /** @param {unknown} message */
    send(message) {
      this.sent.push(message);
    },
    /**
     * A message from the kernel.
     * @param {unknown} message
     */
    hear(message) {
      for (const callback of listeners.get("msg:custom") ?? []) callback(message);
    },
  };
}

/**
 * A key pressed on the replay, as the browser sends it (it bubbles).
 * @param {import("./replay_skeleton.mjs").ReplayUi} ui
 * @param {string} key
 */
function press(ui, key) {
  const event = new (present(document.defaultView).Event)("keydown", { bubbles: true, cancelable: true });
  /** @type {any} */ (event).key = key;
  ui.root.dispatchEvent(event);
}

/**
 * A click, as the browser sends it.
 * @param {EventTarget | null | undefined} target
 */
function click(target) {
  present(target).dispatchEvent(new (present(document.defaultView).Event)("click", { bubbles: true, cancelable: true }));
}

const drawn = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

function mounted(attributes = {}) {
  const ui = buildReplay();
  const model = fakeModel({ view: replayData(), words: WORDS, ...attributes });
  const replay = createReplay(ui, model, { timers: { setInterval: () => 1, clearInterval: () => {} } });
  listen(replayListeners(ui, replay));
  listenModel(model, replay.modelListeners());
  replay.start();
  return { ui, model, replay };
}

test("it opens where the model is and draws the step's sentence, seats, line and controls", () => {
  const { ui } = mounted({ step: 2 });
  assert.equal(ui.say.textContent, "South plays 6-4.");
  assert.equal(ui.counter.textContent, "2 / 3");
  assert.equal(ui.felt.lineSvg.dataset.line, "6-6 6-4");
  assert.equal(ui.felt.seats.bottom.name.textContent, "South");
  assert.equal(ui.verdict.hidden, false, "the move just made was a mistake");
  assert.equal(ui.verdictSign.textContent, "?");
  assert.equal(ui.analysis.hidden, false);
  assert.equal(ui.moveList.querySelectorAll("button[data-ply]").length, 4);
});

test("an action moves the model and saves it; the drawing follows on the next microtask", async () => {
  const { ui, model, replay } = mounted();
  replay.act("next");
  assert.deepEqual([model.get("hand"), model.get("step"), model.saved], [0, 1, 1]);
  await drawn();
  assert.equal(ui.say.textContent, "East leads 6-6.");
  replay.act("end");
  replay.act("next"); // on into the next hand's deal
  await drawn();
  assert.deepEqual([model.get("hand"), model.get("step")], [1, 0]);
  assert.equal(ui.say.textContent, "Hand 2 is dealt.");
  assert.equal(ui.analysisNone.hidden, false, "this hand was not analysed");
  replay.act("end");
  await drawn();
  const idle = ui.stepButtons.filter((button) => button.disabled).map((button) => button.dataset.action);
  assert.deepEqual(idle, ["next", "end", "nextHand"], "at the record's end only the way back is open");
});

test("B at a marked move shows the position before it with the better move; N and Shift+N jump between marked moves", async () => {
  const { ui, model } = mounted({ step: 0 });
  press(ui, "n");
  assert.deepEqual([model.get("hand"), model.get("step")], [0, 2], "to the step where the mistake was just made");
  press(ui, "b");
  assert.equal(ui.bestButton.getAttribute("aria-pressed"), "true");
  await drawn();
  assert.equal(ui.felt.lineSvg.dataset.line, "6-6", "the line as it was when South chose");
  assert.equal(ui.bestInfo.hidden, false);
  assert.match(ui.bestInfo.textContent, /^Best: South: 6-4 on the left \(North-South 52%\) · played: South: 6-4 on the right \(North-South 40%\)$/);
  assert.equal(ui.verdictSign.textContent, "?", "the verdict stays that of the move shown");
  press(ui, "ArrowRight");
  await drawn();
  assert.equal(ui.bestInfo.hidden, true, "a step without a marked move shows no best move");
  assert.equal(ui.felt.lineSvg.dataset.line, "6-6 6-4");
  press(ui, "N");
  assert.deepEqual([model.get("hand"), model.get("step")], [0, 2], "Shift+N goes back to it");
  press(ui, "n");
  assert.deepEqual([model.get("hand"), model.get("step")], [0, 2], "no marked move after it: it stays");
});

test("a click on a move of the list or a step button goes there", () => {
  const { ui, model } = mounted();
  const third = ui.moveList.querySelector('button[data-ply="3"]');
  click(third);
  assert.equal(model.get("step"), 3);
  const start = ui.stepButtons.find((button) => button.dataset.action === "start");
  click(start);
  assert.equal(model.get("step"), 0);
});

test("play starts a timer and any step key stops it", () => {
  const ui = buildReplay();
  const model = fakeModel({ view: replayData(), words: WORDS });
  const live = new Set();
  const timers = { setInterval: () => (live.add(7), 7), clearInterval: (/** @type {number} */ id) => live.delete(id) };
  const replay = createReplay(ui, model, { timers });
  replay.start();
  replay.act("toggle");
  assert.equal(live.size, 1);
  assert.ok(ui.root.classList.contains("dw-playing"));
  replay.act("prev");
  assert.equal(live.size, 0);
  assert.ok(!ui.root.classList.contains("dw-playing"));
});

test("the strip over the whole match: a click on a point of another hand goes there", async () => {
  const { ui, model, replay } = mounted();
  replay.act("matchScope");
  await drawn();
  assert.equal(ui.matchButton.getAttribute("aria-pressed"), "true");
  assert.ok(ui.analysis.classList.contains("dw-match-scope"));
  replay.stripClick(5); // the second hand's step 1
  assert.deepEqual([model.get("hand"), model.get("step")], [1, 1]);
  replay.act("matchScope");
  replay.stripClick(2); // back to the hand's own points
  assert.deepEqual([model.get("hand"), model.get("step")], [1, 1], "the second hand has no point 2: it stays");
});

test("Play from here shows only once a kernel answers, and asks for a table at the position shown", () => {
  const { ui, model, replay } = mounted({ step: 2 });
  model.widget_manager = { get_model: async () => ({}), create_view: async () => ({}) };
  assert.deepEqual(model.sent, [{ type: "hello" }], "the widget asks whether a kernel is there");
  assert.equal(ui.playBar.hidden, true, "no answer yet: no button (the one-file page never answers)");
  model.hear({ type: "live" });
  assert.equal(ui.playBar.hidden, false);
  replay.act("playHere");
  assert.deepEqual(model.sent.at(-1), { type: "play_here", hand: 0, step: 2 });
  model.hear({ type: "refused", message: "Nobody is to move here." });
  assert.equal(ui.playNote.hidden, false);
  assert.equal(ui.playNote.textContent, "Nobody is to move here.");
  replay.act("playHere");
  assert.equal(ui.playNote.hidden, true, "a new ask clears the old word");
});

test("while the kernel analyses, a bar shows the decisions judged and its words; it goes when done", () => {
  const { ui, model } = mounted();
  assert.equal(ui.analysisProgress.hidden, true, "no analysis under way");
  model.set("analysing", { done: 6, total: 40, text: "Analysing the decisions: 6 of 40, about 12 s left." });
  assert.equal(ui.analysisProgress.hidden, false);
  assert.equal(Number(ui.progressBar.value), 6);
  assert.equal(Number(ui.progressBar.max), 40);
  assert.equal(ui.progressText.textContent, "Analysing the decisions: 6 of 40, about 12 s left.");
  model.set("analysing", {});
  assert.equal(ui.analysisProgress.hidden, true);
});

test("the whole match's chart opens wide under the board; the point under the pointer says its move and chance", async () => {
  const { ui, replay } = mounted({ step: 1 });
  replay.resize("stripSize", { width: 600, height: 180 });
  await drawn();
  assert.equal(ui.wideChart.hidden, true);
  assert.equal(ui.stripBox.parentNode, ui.stripHome, "the hand's strip sits in the analysis panel");
  replay.act("matchScope");
  await drawn();
  assert.equal(ui.wideChart.hidden, false);
  assert.equal(ui.stripBox.parentNode, ui.wideChart, "the match's chart goes wide, under the board");
  assert.ok(ui.root.classList.contains("dw-chart-wide"));
  replay.stripHover(2);
  assert.equal(ui.stripTip.hidden, false);
  assert.match(ui.stripTip.textContent, /Move 2: .*%.*South: 6-4 on the right/, "the point's move number, chance and move");
  replay.stripHover(null);
  assert.equal(ui.stripTip.hidden, true, "off the strip: no words");
  replay.act("matchScope");
  await drawn();
  assert.equal(ui.stripBox.parentNode, ui.stripHome, "closed: back in the panel");
  assert.equal(ui.wideChart.hidden, true);
});

test("a kernel whose host cannot draw a widget inside another (no widget manager) gets no Play from here", () => {
  const { ui, model } = mounted();
  model.hear({ type: "live" });
  assert.equal(ui.playBar.hidden, true);
});

test("at a hand's end its result shows in the words box, with the match's end after the last hand", async () => {
  const data = replayData();
  data.hands[1].result = { title: "North-South win", lines: ["North is out.", "+1 point"], winners: ["N", "S"] };
  data.end = "North-South win the match.";
  const { ui, model } = mounted({ view: data, hand: 1, step: 0 });
  assert.equal(ui.result.hidden, true, "no result before the hand's end");
  model.set("step", 1);
  await drawn();
  assert.equal(ui.result.hidden, false);
  assert.equal(find(ui.result, "h3.dw-result-title").textContent, "North-South win");
  assert.equal(find(ui.result, ".dw-result-match").textContent, "North-South win the match.");
  assert.deepEqual([...ui.result.querySelectorAll(".dw-result-line")].map((line) => line.textContent), ["North is out.", "+1 point"]);
});

test("the rules panel shows the kernel's rules text and hides without one", () => {
  const { ui, model } = mounted();
  assert.equal(ui.rules.hidden, true);
  model.set("rules_text", "Six Love: the first to six hands wins.");
  assert.equal(ui.rules.hidden, false);
  assert.equal(ui.rulesText.textContent, "Six Love: the first to six hands wins.");
  model.set("rules_text", "");
  assert.equal(ui.rules.hidden, true);
});

/**
 * The replay data with a second hand of `moves` passes (a long hand, words only).
 * @param {number} moves
 */
function longHand(moves) {
  const data = replayData();
  const hand = data.hands[1];
  hand.moves = Array.from({ length: moves }, (_, i) => `${"NESW"[i % 4]} pass`);
  hand.move_items = hand.moves.map((move) => `${move.split(" ")[0]}: pass`);
  hand.deltas = /** @type {any[]} */ ([present(hand.deltas)[0], ...hand.moves.map((move, i) => ({ move, say: `Move ${i + 1}.` }))]);
  return data;
}

/**
 * What `act` (and the drawing after it) does to the move list's rows: the DOM changes under
 * the list, and the rows whose button was written to at all (a class or an attribute set,
 * even to what it was: touching every row is the cost a step must not have).
 * @param {HTMLElement} list
 * @param {() => Promise<void>} act
 */
async function rowWritesDuring(list, act) {
  /** @type {MutationRecord[]} */
  const records = [];
  const observer = new (present(document.defaultView).MutationObserver)((found) => records.push(...found));
  observer.observe(list, { attributes: true, childList: true, subtree: true, characterData: true });
  const written = new Set();
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("button[data-ply]"))) {
    /**
     * @param {any} target an element or its class list, whose writer `name` is counted
     * @param {string} name
     */
    const count = (target, name) => {
      const write = target[name];
      target[name] = (/** @type {unknown[]} */ ...args) => (written.add(button.dataset.ply), write.apply(target, args));
    };
    for (const name of ["setAttribute", "removeAttribute", "toggleAttribute"]) count(button, name);
    for (const name of ["add", "remove", "toggle"]) count(button.classList, name);
  }
  await act();
  await new Promise((resolve) => setTimeout(resolve, 0));
  records.push(...observer.takeRecords());
  observer.disconnect();
  return { records, written: [...written].sort() };
}

test("a step changes only the move list's old and new current rows: the list is not rebuilt, nor every move compared", async () => {
  const data = longHand(60);
  const { ui, model, replay } = mounted({ view: data, hand: 1, step: 10 });
  const rows = [...ui.moveList.children];
  assert.equal(rows.length, 61);
  /** @type {unknown[]} */
  const compared = [];
  const changed = replay.state.changed;
  replay.state.changed = Object.assign((/** @type {string} */ part, /** @type {unknown} */ inputs) => (compared.push(inputs), changed(part, inputs)), { forget: changed.forget });
  const { records, written } = await rowWritesDuring(ui.moveList, async () => {
    model.set("step", 11);
    await drawn();
  });
  assert.deepEqual([...ui.moveList.children], rows, "the same rows, not new ones");
  assert.ok(records.every((record) => record.type === "attributes"), "no row added or removed, no text rewritten");
  assert.deepEqual(written, ["10", "11"], "only the old and the new current move are written to");
  const current = /** @type {NodeListOf<HTMLElement>} */ (ui.moveList.querySelectorAll('[aria-current="step"]'));
  assert.deepEqual([...current].map((button) => button.dataset.ply), ["11"]);
  assert.ok(current[0].classList.contains("dw-current"));
  assert.ok(!compared.some((inputs) => Object.values(/** @type {object} */ (inputs)).includes(data.hands[1].moves)), "the hand's moves are not compared at each step");
});

test("a new record or new words rebuild the move list", async () => {
  const { ui, model } = mounted({ view: longHand(5), hand: 1, step: 2 });
  const before = ui.moveList.children[1];
  model.set("view", longHand(6));
  await drawn();
  assert.equal(ui.moveList.children.length, 7);
  assert.notEqual(ui.moveList.children[1], before);
  assert.equal(find(ui.moveList, '[aria-current="step"]').dataset.ply, "2");
  model.set("words", { ...WORDS, deal: "The deal" });
  await drawn();
  assert.equal(ui.moveList.children[0].textContent, "The deal");
});

test("Learn from your mistakes is offered as soon as the kernel's analysis is under way, before any hand is judged", async () => {
  const data = replayData();
  for (const hand of data.hands) delete hand.analysis;
  const { ui, model } = mounted({ view: data });
  model.hear({ type: "live" });
  await drawn();
  assert.equal(ui.learnBar.hidden, true, "no analysis: no drill");
  model.set("analysing", { done: 0, total: 40, hand: 1, hands: 2, text: "Judging hand 1 of 2…" });
  await drawn();
  assert.equal(ui.learnBar.hidden, false, "the drill starts at the first mistake found");
  model.set("analysing", { done: 3, total: 40, hand: 1, hands: 2, failed: true, text: "The analysis stopped: out of memory" });
  await drawn();
  assert.equal(ui.learnBar.hidden, true, "an analysis that stopped with nothing judged offers nothing");
});

test("a hand's analysis coming in while the replay plays does not stop it", async () => {
  const { ui, model, replay } = mounted();
  replay.act("toggle");
  assert.ok(ui.root.classList.contains("dw-playing"));
  model.set("view", replayData()); // the same hands, one more analysed
  await drawn();
  assert.ok(ui.root.classList.contains("dw-playing"), "it plays on");
  model.set("view", { ...replayData(), hands: replayData().hands.slice(0, 1) }); // another record
  assert.ok(!ui.root.classList.contains("dw-playing"));
});
