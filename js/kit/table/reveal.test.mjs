import { test } from "node:test";
import assert from "node:assert/strict";

import { REVEAL_MARGIN, REVEAL_QUIET_MS, REVEAL_WINDOW_MS, revealDelta, revealWhenShown, settleWatch } from "./reveal.mjs";
import { partial } from "../common/test_helpers.mjs";

// JupyterLab at 1366x768: the notebook shows y = 91..738 (647 px); the Table is 516 px tall.
const area = { top: 91, bottom: 738 };
const table = (/** @type {number} */ top) => ({ top, bottom: top + 516 });

test("a table whose hand is under the fold moves up just enough to show it, top still in view", () => {
  const delta = revealDelta(table(331), area); // Shift+Enter on play.ipynb's table cell
  assert.equal(delta, 331 + 516 - (738 - REVEAL_MARGIN));
  assert.ok(331 - delta >= area.top, "its top stays in view");
});

test("a table whose top went above the view comes down until its top shows", () => {
  const delta = revealDelta(table(-145), area); // Run All on a tutorial: the next cell kept its place
  assert.equal(delta, -145 - (91 + REVEAL_MARGIN));
  assert.ok(-145 + 516 - delta <= area.bottom, "and its bottom still shows");
});

test("a table all in view, or none of it, is left where it is", () => {
  assert.equal(revealDelta(table(120), area), 0);
  assert.equal(revealDelta(table(800), area), 0, "below the view: the person looks elsewhere");
  assert.equal(revealDelta(table(-700), area), 0, "above the view");
  assert.equal(revealDelta({ top: 200, bottom: 200 }, area), 0, "not laid out yet");
});

test("a table taller than the view shows its top at the view's top", () => {
  const tall = { top: 300, bottom: 1100 };
  assert.equal(revealDelta(tall, area), 300 - 91);
  assert.equal(revealDelta({ top: -50, bottom: 750 }, area), -50 - 91);
  assert.equal(revealDelta({ top: 95, bottom: 900 }, area), 0, "its top a few pixels down already: no jiggle");
  assert.equal(revealDelta({ top: 95, bottom: 95 + 647 }, area), 0, "as tall as the view, 4 px over: no jiggle");
});

test("with little room to spare the margin shrinks so the whole table still fits", () => {
  const box = { top: 111, bottom: 111 + 640 }; // 640 px tall in 647 px of view, 13 px under the fold
  const delta = revealDelta(box, area);
  const moved = { top: box.top - delta, bottom: box.bottom - delta };
  assert.ok(moved.top >= area.top && moved.bottom <= area.bottom, JSON.stringify(moved));
  assert.ok(delta > 13 && delta < 13 + REVEAL_MARGIN, `${delta}`);
});

// -- how long the reveal follows ---------------------------------------------------------------

test("the reveal follows while the layout changes and ends after a quiet spell", () => {
  const going = settleWatch(0, { quietMs: 1000, capMs: 60000 });
  const at = (/** @type {number} */ content, /** @type {number} */ place) => ({ content, place, height: 516, scrollTop: 0 });
  assert.equal(going(16, at(2000, 300)), true);
  assert.equal(going(900, at(2000, 300)), true, "still for less than the quiet spell");
  assert.equal(going(1500, at(2400, 300)), true, "a cell below grew: the quiet spell starts again");
  assert.equal(going(2400, at(2400, 300.2)), true, "a fraction of a pixel is no change");
  assert.equal(going(2500, at(2400, 300)), false, "still for the quiet spell: it ends");
});

test("the reveal ends at its cap however long the notebook keeps moving", () => {
  const going = settleWatch(0, { quietMs: 1000, capMs: 5000 });
  let place = 0;
  for (let now = 100; now < 5000; now += 100) assert.equal(going(now, { content: 9000, place: place++, height: 516, scrollTop: 0 }), true);
  assert.equal(going(5000, { content: 9000, place: place++, height: 516, scrollTop: 0 }), false);
});

// A notebook for revealWhenShown, laid out by hand: the scroller shows y = 91..738 of a page 768
// px tall; the table sits `place` px down its content. `step(ms)` lets the clock run and draws a frame.
function fakeNotebook({ scrolls = true } = {}) {
  const clock = { now: 0 };
  const frames = new Map();
  let nextFrame = 1;
  /** @type {any} */
  let observed = null;
  /** @type {any} */
  let watcher = null;
  const page = new EventTarget();
  const body = { parentElement: null, getRootNode: () => page };
  const scroller = {
    parentElement: body,
    getRootNode: () => page,
    scrollTop: 0,
    scrollHeight: 4000,
    clientHeight: 647,
    getBoundingClientRect: () => ({ top: 91, bottom: 738 }),
  };
  const notebook = { place: 1200, height: 516, scroller };
  const root = {
    ownerDocument: page,
    isConnected: true,
    parentElement: scrolls ? scroller : body,
    getRootNode: () => page,
    contains: (/** @type {unknown} */ node) => node === root,
    getBoundingClientRect: () => {
      const top = scrolls ? 91 + notebook.place - scroller.scrollTop : notebook.place - globalThis.window.scrollY;
      return { top, bottom: top + notebook.height, height: notebook.height };
    },
  };
  Object.assign(page, { body, documentElement: { parentElement: null }, scrollingElement: null, activeElement: body });
  Object.assign(globalThis, {
    window: { innerHeight: 768, scrollY: 0 },
    getComputedStyle: (/** @type {unknown} */ el) => ({ overflowY: el === scroller ? "auto" : "visible" }),
    requestAnimationFrame: (/** @type {(time: number) => void} */ callback) => (frames.set(nextFrame, callback), nextFrame++),
    cancelAnimationFrame: (/** @type {number} */ id) => frames.delete(id),
    MutationObserver: class {
      /** @param {Function} callback */
      constructor(callback) {
        this.callback = callback;
      }
      /** @param {unknown} target */
      observe(target) {
        assert.equal(target, scroller, "it watches the notebook, not the page");
        watcher = this;
      }
      disconnect() {
        if (watcher === this) watcher = null;
      }
    },
    ResizeObserver: class {
      /** @param {Function} callback */
      constructor(callback) {
        this.callback = callback;
      }
      observe() {
        observed = this;
      }
      disconnect() {
        if (observed === this) observed = null;
      }
    },
  });
  return {
    clock,
    page,
    root,
    notebook,
    scroller,
    get following() {
      return frames.size > 0;
    },
    /** A change in the notebook's DOM (a prompt, an output), outside the widget or inside it. */
    edited(inside = false) {
      watcher?.callback([{ target: inside ? root : scroller }]);
    },
    /** The widget's first layout (ResizeObserver's report). */
    laidOut() {
      observed?.callback([{ contentRect: { height: notebook.height } }]);
    },
    step(ms = 16) {
      clock.now += ms;
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
    },
    /** The table's top, in the window. */
    get top() {
      return root.getBoundingClientRect().top;
    },
  };
}

// Run All: the table appeared above the cell Lab keeps in place, its top 100 px above the view.
const ABOVE = 1200 + 100;

/** @param {ReturnType<typeof fakeNotebook>} nb */
function shown(nb) {
  return revealWhenShown(partial(nb.root), { now: () => nb.clock.now });
}

test("Run All on a busy machine: cells below the table run for 20 s and Lab scrolls to each; the table's top comes back each time", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.clock.now = 300;
  nb.laidOut();
  nb.step();
  assert.equal(nb.top, 91 + REVEAL_MARGIN, "its top shows");
  for (let cell = 1; cell <= 7; cell += 1) {
    nb.step(3000 - 16);
    nb.scroller.scrollTop += 350; // the next cell ran; Lab scrolled to it
    nb.scroller.scrollHeight += 350;
    nb.step();
    assert.equal(nb.top, 91 + REVEAL_MARGIN, `after cell ${cell} below it ran, the table's top shows again`);
  }
  nb.step(REVEAL_QUIET_MS);
  assert.equal(nb.following, false, "a quiet spell after the last cell: the view is left alone");
  nb.scroller.scrollTop += 350;
  nb.step();
  assert.ok(nb.top < 91, "and a later scroll is not undone");
});

test("a table shown, then scrolled wholly out of view by Lab's jump to the last cell, comes back", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.laidOut();
  nb.step();
  nb.scroller.scrollHeight += 900;
  nb.scroller.scrollTop += 1500; // the last cell at the view's top: the table far above it
  nb.step();
  assert.equal(nb.top, 91 + REVEAL_MARGIN);
});

test("a table that never showed during the reveal (the view stayed at the notebook's top) is left below", () => {
  const nb = fakeNotebook();
  nb.notebook.place = 4800;
  shown(nb);
  nb.laidOut();
  for (let beat = 0; beat < 5; beat += 1) {
    nb.scroller.scrollHeight += 100; // cells above it still drawing
    nb.step(500);
  }
  assert.equal(nb.scroller.scrollTop, 0);
});

test("a cell below that runs longer than the quiet spell keeps the reveal while its prompt and output change", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.laidOut();
  nb.step();
  for (let beat = 0; beat < 4; beat += 1) {
    nb.step(REVEAL_QUIET_MS / 2); // the cell's prompt turns to [*], it prints a line
    nb.edited();
  }
  nb.step();
  nb.scroller.scrollTop += 350; // it ended; Lab scrolled to the next cell
  nb.step();
  assert.equal(nb.top, 91 + REVEAL_MARGIN);
});

test("the table's own changes (a bot's move) do not keep the reveal going", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.laidOut();
  nb.step();
  for (let beat = 0; beat < 4; beat += 1) {
    nb.step(REVEAL_QUIET_MS / 2);
    nb.edited(true);
  }
  assert.equal(nb.following, false);
});

test("the reveal ends at once when the person scrolls, clicks, touches or presses a key", () => {
  for (const input of ["wheel", "touchstart", "pointerdown", "keydown"]) {
    const nb = fakeNotebook();
    nb.scroller.scrollTop = ABOVE;
    shown(nb);
    nb.laidOut();
    nb.step();
    nb.page.dispatchEvent(new Event(input));
    assert.equal(nb.following, false, input);
    nb.scroller.scrollTop += 300; // the person's own scroll
    nb.step();
    assert.equal(nb.scroller.scrollTop, 1200 - REVEAL_MARGIN + 300, `${input}: the person's scroll stands`);
  }
});

test("a widget first laid out long after it was drawn (a hidden tab shown later) is left where it is", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.clock.now = REVEAL_WINDOW_MS + 1;
  nb.laidOut();
  nb.step();
  assert.equal(nb.scroller.scrollTop, ABOVE);
  assert.equal(nb.following, false);
});

test("a table whose tab is hidden while the notebook settles is not moved", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  Object.assign(nb.root, { checkVisibility: () => false }); // the person switched to another tab; Lab hides this one
  shown(nb);
  nb.laidOut();
  nb.step();
  assert.equal(nb.scroller.scrollTop, ABOVE);
});

test("a plain page (Voilà) is never scrolled", () => {
  const nb = fakeNotebook({ scrolls: false });
  nb.notebook.place = 600; // its hand under the fold of the window
  shown(nb);
  nb.laidOut();
  for (let i = 0; i < 10; i += 1) nb.step();
  assert.equal(globalThis.window.scrollY, 0);
  assert.equal(nb.top, 600);
});

test("a table shown later on the page takes over: the earlier one lets go", () => {
  const nb = fakeNotebook();
  nb.scroller.scrollTop = ABOVE;
  shown(nb);
  nb.laidOut();
  nb.step();
  nb.page.dispatchEvent(new Event("dominoes-widget-reveal")); // a second Table's first layout
  assert.equal(nb.following, false);
});
