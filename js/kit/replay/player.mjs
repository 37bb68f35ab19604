// Play / pause: a timer that steps on at a speed until told to stop. DOM-free.
//
// The Replay plays by calling `step()` every `delay` ms; `step()` answers false when there
// is nowhere to go, and playing stops. `onChange(playing)` hears every start and stop.
// The timers are injectable so node tests drive them by hand.

/**
 * @param {{step: () => boolean, onChange?: (playing: boolean) => void,
 *   timers?: {setInterval: Function, clearInterval: Function}}} options
 */
export function createPlayer({ step, onChange = () => {}, timers = globalThis }) {
  /** @type {unknown} the running interval's id, null when stopped */
  let timer = null;
  let delay = 0;
  const tick = () => {
    if (!step()) stop();
  };
  /** @param {number} ms */
  function start(ms) {
    if (timer !== null) timers.clearInterval(timer);
    delay = ms;
    timer = timers.setInterval(tick, delay);
    onChange(true);
  }
  function stop() {
    if (timer === null) return;
    timers.clearInterval(timer);
    timer = null;
    onChange(false);
  }
  return {
    start,
    stop,
    get playing() {
      return timer !== null;
    },
    /** A new speed: a player that plays goes on at the new delay. */
    /** @param {number} ms */
    retime(ms) {
      if (timer !== null && ms !== delay) start(ms);
    },
  };
}
