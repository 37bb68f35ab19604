// A stand-in for the anywidget model in a page with no Jupyter: get/set/on/off/save_changes/send
// over plain values. set() fires "change:<name>" at once, like the real model; emit() fires
// any event ("msg:custom" for a message from a server). Used by the one-file replay page
// (js/standalone.js) and the table server's seat page (js/kit/table/socket_model.mjs).

/** @typedef {(...args: any[]) => void} Listener a change's or a message's callback, as anywidget calls it */

/**
 * The anywidget model as the kit uses it: anywidget's own, or pageModel's. A trait comes as
 * the kernel sent it: `get` gives it unread, for the caller to read.
 * @typedef {{get: (name: string) => any, set: (name: string, value: unknown) => void,
 *   on: (name: string, callback: Listener) => void, off: (name: string, callback: Listener) => void,
 *   save_changes: () => void, send: (content: unknown) => void, widget_manager?: unknown}} Model
 */

/**
 * @param {Object<string, any>} values the traits and their first values
 * @param {(content: any) => void} [send] where `model.send(content)` goes
 */
export function pageModel(values, send = () => {}) {
  /** @type {Map<string, Set<Listener>>} */
  const listeners = new Map();
  /**
   * @param {string} name
   * @param {...unknown} args
   */
  const emit = (name, ...args) => {
    for (const callback of [...(listeners.get(name) ?? [])]) callback(...args);
  };
  return {
    get: (/** @type {string} */ name) => values[name],
    /**
     * @param {string} name
     * @param {unknown} value
     */
    set(name, value) {
      values[name] = value;
      emit(`change:${name}`, value);
    },
    /**
     * @param {string} name
     * @param {Listener} callback
     */
    on(name, callback) {
      const named = listeners.get(name) ?? new Set();
      listeners.set(name, named);
      named.add(callback);
    },
    /**
     * @param {string} name
     * @param {Listener} [callback] none: every callback of `name`
     */
    off(name, callback) {
      if (callback) listeners.get(name)?.delete(callback);
      else listeners.delete(name);
    },
    save_changes() {},
    send,
    emit,
  };
}
