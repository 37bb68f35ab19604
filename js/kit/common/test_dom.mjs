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
/** @param {Document} document */
function selectValueSetter(document) {
  const proto = Object.getPrototypeOf(document.createElement("select"));
  const read = Object.getOwnPropertyDescriptor(proto, "value");
  if (!read || read.set) return;
  Object.defineProperty(proto, "value", {
    configurable: true,
    get: read.get,
    /**
     * @this {HTMLSelectElement}
     * @param {unknown} value
     */
    set(value) {
      for (const option of this.querySelectorAll("option")) option.toggleAttribute("selected", option.getAttribute("value") === String(value));
    },
  });
}

/** Fake timers to pass to code that takes `{setTimeout, clearTimeout}`: `run()` fires them all. */
export function fakeTimers() {
  let next = 1;
  /** @type {Map<number, {callback: () => void, ms: number}>} */
  const waiting = new Map();
  return {
    setTimeout: (/** @type {() => void} */ callback, /** @type {number} */ ms) => {
      waiting.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (/** @type {number} */ id) => waiting.delete(id),
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

/** @typedef {(...args: any[]) => void} Handler a model event's handler, as anywidget calls it */

/**
 * A stand-in for an anywidget model: traits in `values`, sent messages in `sent`, events fired by `emit`.
 * @param {Record<string, any>} [values]
 */
export function fakeModel(values = {}) {
  /** @type {Map<string, Handler[]>} */
  const handlers = new Map();
  /** @type {unknown[]} */
  const sent = [];
  return {
    sent,
    get: (/** @type {string} */ name) => values[name],
    set: (/** @type {string} */ name, /** @type {unknown} */ value) => {
      values[name] = value;
    },
    send: (/** @type {unknown} */ message) => sent.push(message),
    on: (/** @type {string} */ name, /** @type {Handler} */ handler) => handlers.set(name, [...(handlers.get(name) ?? []), handler]),
    off: (/** @type {string} */ name, /** @type {Handler} */ handler) => handlers.set(name, (handlers.get(name) ?? []).filter((h) => h !== handler)),
    /**
     * @param {string} name
     * @param {...unknown} args
     */
    emit(name, ...args) {
      for (const handler of handlers.get(name) ?? []) handler(...args);
    },
  };
}

/**
 * The words lookup of the tests: the key, with its parameters in brackets.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function testWord(key, params = {}) {
  const filled = Object.entries(params).map(([k, v]) => `${k}=${v}`);
  return filled.length ? `${key}[${filled.join(",")}]` : key;
}
