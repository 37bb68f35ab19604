// A stand-in for the anywidget model in a page with no Jupyter: get/set/on/off/save_changes/send
// over plain values. set() fires "change:<name>" at once, like the real model; emit() fires
// any event ("msg:custom" for a message from a server). Used by the one-file replay page
// (js/standalone.js) and the table server's seat page (js/kit/table/socket_model.mjs).

/**
 * @param {Object<string, any>} values the traits and their first values
 * @param {(content: any) => void} [send] where `model.send(content)` goes
 */
export function pageModel(values, send = () => {}) {
  const listeners = new Map();
  const emit = (name, ...args) => {
    for (const callback of [...(listeners.get(name) ?? [])]) callback(...args);
  };
  return {
    get: (name) => values[name],
    set(name, value) {
      values[name] = value;
      emit(`change:${name}`, value);
    },
    on(name, callback) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(callback);
    },
    off(name, callback) {
      if (callback) listeners.get(name)?.delete(callback);
      else listeners.delete(name);
    },
    save_changes() {},
    send,
    emit,
  };
}
