// A short notice over the status line: the kernel's refusals, errors and news, shown for a
// few seconds. The element is the caller's; the reason code goes only in its tooltip.

/**
 * A flasher over `element`: `flash(text, kind, reason)` shows it for `ms`, `hide()` takes it
 * away before its time (the news it gave is over), `close()` stops the timer.
 * @param {HTMLElement} element
 * @param {{ms?: number, timers?: {setTimeout: Function, clearTimeout: Function}}} [options]
 */
export function noticeFlasher(element, { ms = 4500, timers = globalThis } = {}) {
  let timer = 0;
  return {
    /**
     * @param {string} text
     * @param {string} kind
     * @param {string | null} [reason]
     */
    flash(text, kind, reason = null) {
      element.textContent = text;
      element.dataset.kind = kind;
      element.title = reason ?? "";
      element.classList.add("dw-visible");
      timers.clearTimeout(timer);
      timer = timers.setTimeout(() => element.classList.remove("dw-visible"), ms);
    },
    hide() {
      timers.clearTimeout(timer);
      element.classList.remove("dw-visible");
    },
    close() {
      timers.clearTimeout(timer);
    },
  };
}
