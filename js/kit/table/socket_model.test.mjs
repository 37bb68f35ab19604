import { test } from "node:test";
import assert from "node:assert/strict";

import { socketModel, socketUrl } from "./socket_model.mjs";
import { present } from "../common/test_helpers.mjs";

/**
 * A socket as the model sees one, with what it was sent; its handlers are the model's.
 * @typedef {{readyState: number, sent: string[], send: (text: string) => void, close: () => void,
 *   onopen?: (() => void) | null, onmessage?: ((event: {data: string}) => void) | null, onclose?: (() => void) | null}} FakeSocket
 */

function fakeSockets() {
  /** @type {FakeSocket[]} */
  const opened = [];
  const connect = () => {
    /** @type {FakeSocket} */
    const socket = { readyState: 0, sent: /** @type {string[]} */ ([]), send(/** @type {string} */ text) { this.sent.push(text); }, close() { this.onclose?.(); } };
    opened.push(socket);
    return socket;
  };
  const open = (/** @type {FakeSocket} */ socket) => { socket.readyState = 1; socket.onopen?.(); };
  return { opened, connect, open };
}

function manualTimers() {
  /** @type {{callback: () => void, ms: number}[]} */
  const waiting = [];
  return {
    waiting,
    /**
     * @param {() => void} callback
     * @param {number} ms
     */
    setTimeout(callback, ms) { waiting.push({ callback, ms }); return waiting.length; },
    clearTimeout() { waiting.length = 0; },
  };
}

test("a state frame sets the values and fires their change events", () => {
  const { opened, connect, open } = fakeSockets();
  const model = socketModel(connect, { timers: manualTimers() });
  open(opened[0]);
  /** @type {unknown[][]} */
  const seen = [];
  model.on("change:view", (view) => seen.push(["view", view.turn]));
  model.on("change:words", () => seen.push(["words"]));
  present(opened[0].onmessage)({ data: JSON.stringify({ type: "state", words: { pass: "Pass" }, view: { turn: "S" } }) });
  assert.deepEqual(seen, [["words"], ["view", "S"]]);
  assert.equal(model.get("words").pass, "Pass");
  assert.equal(model.get("view").turn, "S");
});

test("other frames are custom messages; garbled frames are ignored", () => {
  const { opened, connect, open } = fakeSockets();
  const model = socketModel(connect, { timers: manualTimers() });
  open(opened[0]);
  /** @type {unknown[][]} */
  const messages = [];
  model.on("msg:custom", (content, buffers) => messages.push([content.type, buffers.length]));
  present(opened[0].onmessage)({ data: JSON.stringify({ type: "refused", reason: "no_match", message: "no" }) });
  present(opened[0].onmessage)({ data: "{not json" });
  present(opened[0].onmessage)({ data: "null" });
  assert.deepEqual(messages, [["refused", 0]]);
});

test("send writes JSON only while the socket is open, and says when it could not; off removes a listener", () => {
  const { opened, connect, open } = fakeSockets();
  const model = socketModel(connect, { timers: manualTimers(), values: { words: { not_sent_offline: "Not connected" } } });
  /** @type {unknown[]} */
  const told = [];
  model.on("msg:custom", (content) => told.push(content));
  model.send({ type: "move", move: "S 6-6" });
  assert.deepEqual(opened[0].sent, []);
  assert.deepEqual(told, [{ type: "error", reason: "offline", message: "Not connected" }]);
  open(opened[0]);
  model.send({ type: "move", move: "S 6-6" });
  assert.deepEqual(opened[0].sent.map((/** @type {string} */ t) => JSON.parse(t)), [{ type: "move", move: "S 6-6" }]);
  assert.equal(told.length, 1);
  let calls = 0;
  const count = () => { calls += 1; };
  model.on("change:view", count);
  model.off("change:view", count);
  model.set("view", {});
  assert.equal(calls, 0);
});

test("a closed socket is opened again after a growing wait, and the wait resets once open", () => {
  const { opened, connect, open } = fakeSockets();
  const timers = manualTimers();
  socketModel(connect, { timers });
  open(opened[0]);
  opened[0].close();
  assert.equal(present(timers.waiting.at(-1)).ms, 1000);
  present(timers.waiting.at(-1)).callback();
  assert.equal(opened.length, 2);
  opened[1].close();  // never opened: the next wait is longer
  assert.equal(present(timers.waiting.at(-1)).ms, 2000);
  present(timers.waiting.at(-1)).callback();
  open(opened[2]);
  opened[2].close();
  assert.equal(present(timers.waiting.at(-1)).ms, 1000);
});

test("close() stops for good", () => {
  const { opened, connect, open } = fakeSockets();
  const timers = manualTimers();
  const model = socketModel(connect, { timers });
  open(opened[0]);
  model.close();
  assert.equal(timers.waiting.length, 0);
  assert.equal(opened.length, 1);
});

test("the socket of a seat's link keeps its path prefix and token, and its scheme's security", () => {
  assert.equal(socketUrl("http://127.0.0.1:8765/tables/abc/seat?token=x-y_z"),
               "ws://127.0.0.1:8765/tables/abc/socket?token=x-y_z");
  assert.equal(socketUrl("https://hub.example.org/user/ana/proxy/8765/tables/abc/seat?token=t"),
               "wss://hub.example.org/user/ana/proxy/8765/tables/abc/socket?token=t");
});

test("a watch link's socket is the table's socket, with the watch token", () => {
  assert.equal(socketUrl("http://127.0.0.1:8765/tables/abc/watch?token=w"),
               "ws://127.0.0.1:8765/tables/abc/socket?token=w");
});

test("a closed frame stops the reconnecting and fires closed with the message", () => {
  const { opened, connect, open } = fakeSockets();
  const timers = manualTimers();
  const model = socketModel(connect, { timers });
  open(opened[0]);
  /** @type {string[]} */
  const said = [];
  model.on("closed", (message) => said.push(message));
  present(opened[0].onmessage)({ data: JSON.stringify({ type: "closed", message: "This table was closed." }) });
  opened[0].close();
  assert.deepEqual(said, ["This table was closed."]);
  assert.equal(timers.waiting.length, 0);
  assert.equal(opened.length, 1);
});
