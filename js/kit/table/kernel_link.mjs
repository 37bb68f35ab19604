// Intents to the kernel, and whether a kernel answers them. DOM-free.
//
// An intent the kernel always answers (with a changed view or a message) starts a timer;
// when nothing comes back in time no kernel is listening (an exported page, a notebook
// opened without running it, a kernel that died), and the front end says so.

/**
 * @param {{send: (message: {type: string} & Record<string, unknown>) => void, answered: Set<string>, timeoutMs: number,
 *   onSilence: () => void, timers?: {setTimeout: Function, clearTimeout: Function}}} options
 * @returns {{send: (message: {type: string} & Record<string, unknown>) => void, heard: () => boolean, silent: boolean, close: () => void}}
 *   `heard()` when the kernel spoke: true when it had been silent before.
 */
export function kernelLink({ send, answered, timeoutMs, onSilence, timers = globalThis }) {
  let timer = 0;
  const link = {
    silent: false,
    /** @param {{type: string} & Record<string, unknown>} message */
    send(message) {
      send(message);
      if (answered.has(message.type) && !timer) timer = timers.setTimeout(silence, timeoutMs);
    },
    heard() {
      timers.clearTimeout(timer);
      timer = 0;
      const wasSilent = link.silent;
      link.silent = false;
      return wasSilent;
    },
    close() {
      timers.clearTimeout(timer);
      timer = 0;
    },
  };
  function silence() {
    timer = 0;
    link.silent = true;
    onSilence();
  }
  return link;
}
