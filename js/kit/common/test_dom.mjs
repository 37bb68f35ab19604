// A DOM for the node tests (linkedom), installed as the globals the kit uses. Not bundled.

import { parseHTML } from "linkedom";

/** Install a fresh document (and requestAnimationFrame) as globals; returns the document. */
export function installDom() {
  const { document, window } = parseHTML("<!doctype html><html><body></body></html>");
  globalThis.document = document;
  globalThis.window = window;
  globalThis.requestAnimationFrame = (callback) => setTimeout(callback, 0);
  globalThis.cancelAnimationFrame = (id) => clearTimeout(id);
  selectValueSetter(document);
  return document;
}

// linkedom's <select> reads its value from the selected option but cannot set it: setting it
// selects the option of that value, as in a browser.
function selectValueSetter(document) {
  const proto = Object.getPrototypeOf(document.createElement("select"));
  const read = Object.getOwnPropertyDescriptor(proto, "value");
  if (!read || read.set) return;
  Object.defineProperty(proto, "value", {
    configurable: true,
    get: read.get,
    set(value) {
      for (const option of this.querySelectorAll("option")) option.toggleAttribute("selected", option.getAttribute("value") === String(value));
    },
  });
}

/** Fake timers to pass to code that takes `{setTimeout, clearTimeout}`: `run()` fires them all. */
export function fakeTimers() {
  let next = 1;
  const waiting = new Map();
  return {
    setTimeout: (callback, ms) => {
      waiting.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (id) => waiting.delete(id),
    get pending() {
      return [...waiting.values()].map(({ ms }) => ms);
    },
    run() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const { callback } of due) callback();
    },
  };
}

/** A stand-in for an anywidget model: traits in `values`, sent messages in `sent`, events fired by `emit`. */
export function fakeModel(values = {}) {
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    get: (name) => values[name],
    set: (name, value) => {
      values[name] = value;
    },
    send: (message) => sent.push(message),
    on: (name, handler) => handlers.set(name, [...(handlers.get(name) ?? []), handler]),
    off: (name, handler) => handlers.set(name, (handlers.get(name) ?? []).filter((h) => h !== handler)),
    emit(name, ...args) {
      for (const handler of handlers.get(name) ?? []) handler(...args);
    },
  };
}

/** The words lookup of the tests: the key, with its parameters in brackets. */
export function testWord(key, params = {}) {
  const filled = Object.entries(params).map(([k, v]) => `${k}=${v}`);
  return filled.length ? `${key}[${filled.join(",")}]` : key;
}
