import { test } from "node:test";
import assert from "node:assert/strict";

import { createPlayer } from "./player.mjs";

// Timers driven by hand: fire() runs the live interval's callback once.
function handTimers() {
  const live = new Map();
  let next = 1;
  return {
    live,
    /**
     * @param {() => void} callback
     * @param {number} delay
     */
    setInterval(callback, delay) {
      live.set(next, { callback, delay });
      return next++;
    },
    /** @param {number} id */
    clearInterval(id) {
      live.delete(id);
    },
    fire() {
      for (const { callback } of [...live.values()]) callback();
    },
  };
}

test("playing steps on each tick and stops by itself where there is nowhere to go", () => {
  const timers = handTimers();
  let left = 2;
  /** @type {boolean[]} */
  const heard = [];
  const player = createPlayer({ step: () => left-- > 0, onChange: (playing) => heard.push(playing), timers });
  player.start(500);
  assert.equal(player.playing, true);
  assert.equal([...timers.live.values()][0].delay, 500);
  timers.fire();
  timers.fire();
  assert.equal(player.playing, true);
  timers.fire(); // the third step goes nowhere
  assert.equal(player.playing, false);
  assert.equal(timers.live.size, 0, "no timer is left running");
  assert.deepEqual(heard, [true, false]);
});

test("stop is heard once, retime keeps playing at the new delay, and a stopped player stays stopped", () => {
  const timers = handTimers();
  /** @type {boolean[]} */
  const heard = [];
  const player = createPlayer({ step: () => true, onChange: (playing) => heard.push(playing), timers });
  player.retime(100);
  assert.equal(timers.live.size, 0, "retime does not start a player");
  player.start(500);
  player.retime(250);
  assert.deepEqual([...timers.live.values()].map((t) => t.delay), [250], "one timer, at the new delay");
  player.stop();
  player.stop();
  assert.deepEqual(heard, [true, true, false]);
  assert.equal(timers.live.size, 0);
});
