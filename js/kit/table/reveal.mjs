// Bringing a widget just shown into view, and keeping it there while the notebook settles.
// When a notebook runs a cell, JupyterLab keeps the next (active) cell where it is; a tall
// output that appears above it is pushed up and its top scrolls away (Run All), or it stays
// put with its bottom under the fold (Shift+Enter). When the widget is first laid out, partly
// in view, its scrolling box (the notebook, never the page) moves the least that shows all of
// it, its top first. Run All goes on running the cells below it, on a busy machine for many
// seconds, and Lab scrolls to each; so the reveal follows for as long as the notebook keeps
// changing (its content, its cells' prompts and outputs, the widget's place), and ends after
// a quiet spell, at a hard cap, or at once when the person scrolls, clicks, touches or types.

import { activeElement } from "../common/dom.mjs";

/** Time after `render` within which the first layout still counts as "just shown". */
export const REVEAL_WINDOW_MS = 4000;
/** The reveal ends once the notebook around the widget has been still this long. */
export const REVEAL_QUIET_MS = 4000;
/** The reveal ends this long after the first layout, however long the notebook keeps moving. */
export const REVEAL_CAP_MS = 60000;
/** Room left between the widget and the visible area's edge. */
export const REVEAL_MARGIN = 8;
/** A smaller move shows nothing new (an output area's padding): it is not made. */
export const REVEAL_MIN_MOVE = 6;

/** @typedef {{content: number, place: number, height: number, scrollTop: number, edits?: number}} Layout */

/**
 * How far to scroll (px, down is positive) so that `box` ({top, bottom}) shows inside
 * `area` ({top, bottom}), both in the same coordinates: the least move, and the top at
 * the area's top when the box is taller than the area. 0 when the box is all in view, or
 * when none of it is (the person is looking elsewhere) unless `held` (it was shown and the
 * host, not the person, scrolled it away), or when the move would be under REVEAL_MIN_MOVE.
 * @param {{top: number, bottom: number}} box
 * @param {{top: number, bottom: number}} area
 * @param {number} [margin]
 * @param {boolean} [held]
 */
export function revealDelta(box, area, margin = REVEAL_MARGIN, held = false) {
  const height = box.bottom - box.top;
  const room = area.bottom - area.top;
  if (height <= 0 || room <= 0) return 0;
  if (!held && (box.bottom <= area.top || box.top >= area.bottom)) return 0;
  if (box.top >= area.top && box.bottom <= area.bottom) return 0;
  const pad = Math.max(0, Math.min(margin, (room - height) / 2));
  const delta = height > room || box.top < area.top ? box.top - (area.top + pad) : box.bottom - (area.bottom - pad);
  return Math.abs(delta) < REVEAL_MIN_MOVE ? 0 : Math.round(delta);
}

/**
 * The nearest ancestor of `node` that scrolls vertically (across shadow roots), or null
 * when only the page itself scrolls (a plain page, Voilà): a page is not moved.
 * @param {Element} node
 * @returns {Element | null}
 */
export function scrollingBox(node) {
  const page = node.ownerDocument;
  for (let el = parentOf(node); el; el = parentOf(el)) {
    if (el === page.body || el === page.documentElement || el === page.scrollingElement) return null;
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === "auto" || overflow === "scroll" || overflow === "overlay") && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

/**
 * @param {Element} el
 * @returns {Element | null}
 */
function parentOf(el) {
  const root = /** @type {Node & {host?: Element}} */ (el.getRootNode()); // a shadow root has a host
  return el.parentElement ?? root.host ?? null;
}

/**
 * Typing in another cell or field: the person is busy there, leave the view alone.
 * @param {Element} root
 */
function typingElsewhere(root) {
  const active = activeElement(root) ?? document.activeElement;
  if (!active || root.contains(active)) return false;
  return /** @type {HTMLElement} */ (active).isContentEditable || active.matches?.("input, textarea, select") === true;
}

/**
 * Scroll `root`'s scrolling box once so that all of `root` shows; true when it moved. A
 * widget out of view is left there unless `held` (see revealDelta).
 * @param {Element} root
 * @param {{margin?: number, held?: boolean}} [options]
 */
export function reveal(root, { margin = REVEAL_MARGIN, held = false } = {}) {
  // in a hidden tab (Lab's display or content-visibility hiding): nobody sees it move
  if (!root.isConnected || root.checkVisibility?.() === false || typingElsewhere(root)) return false;
  const scroller = scrollingBox(root);
  if (!scroller) return false;
  const frame = scroller.getBoundingClientRect();
  const area = { top: Math.max(frame.top, 0), bottom: Math.min(frame.bottom, window.innerHeight) };
  const delta = revealDelta(root.getBoundingClientRect(), area, margin, held);
  if (delta === 0) return false;
  scroller.scrollTop += delta;
  return true;
}

/**
 * The rule for how long a reveal follows, without the DOM: from `start` (the widget's first
 * layout) while what it is shown ({content, place, height, scrollTop, edits}) keeps changing,
 * until nothing has changed for `quietMs`, and never past `capMs`. Returns `(now, layout)`,
 * true while the reveal should go on.
 * @param {number} start
 * @param {{quietMs?: number, capMs?: number}} [options]
 * @returns {(now: number, layout: Layout) => boolean}
 */
export function settleWatch(start, { quietMs = REVEAL_QUIET_MS, capMs = REVEAL_CAP_MS } = {}) {
  let seen = "";
  let changedAt = start;
  return (now, layout) => {
    const key = [layout.content, layout.place, layout.height, layout.scrollTop, layout.edits ?? 0].map(Math.round).join("/");
    if (key !== seen) {
      seen = key;
      changedAt = now;
    }
    return now - start < capMs && now - changedAt < quietMs;
  };
}

/**
 * Where `root` is, in its scrolling box's content (a move of the box leaves it the same):
 * `content` the box's content height, `place` and `height` the widget's, `scrollTop` the box's.
 * @param {Element} root
 * @returns {Layout}
 */
export function layoutOf(root) {
  const scroller = scrollingBox(root);
  const box = root.getBoundingClientRect();
  if (!scroller) return { content: 0, place: box.top + window.scrollY, height: box.height, scrollTop: window.scrollY };
  const frame = scroller.getBoundingClientRect();
  return { content: scroller.scrollHeight, place: box.top - frame.top + scroller.scrollTop, height: box.height, scrollTop: scroller.scrollTop };
}

/**
 * Reveal `root` after its first layout, if that comes within REVEAL_WINDOW_MS (a widget
 * drawn into a hidden tab and shown later is left where it is), and keep it revealed while
 * the notebook settles (see settleWatch), until the person scrolls, clicks or types, or a
 * widget shown later on the page starts its own reveal. Returns a cleanup.
 * @param {Element} root
 * @param {{now?: () => number}} [options]
 */
export function revealWhenShown(root, { now = () => performance.now() } = {}) {
  const start = now();
  let frame = 0;
  /** @type {((at: number, layout: Layout) => boolean) | null} */
  let settling = null;
  let edits = 0; // changes to the notebook around the widget: cells starting, ending, printing
  let watching = false;
  let held = false; // shown during this reveal: a host's jump past it (Lab's scroll to the last cell) is undone
  const page = root.ownerDocument;
  const around = new MutationObserver((records) => {
    if (records.some((record) => !root.contains(record.target))) edits += 1;
  });
  const stop = () => {
    observer.disconnect();
    around.disconnect();
    cancelAnimationFrame(frame);
    frame = 0;
    for (const type of USER_INPUT) page.removeEventListener(type, stop, true);
    page.removeEventListener(REVEAL_EVENT, stop);
  };
  const follow = () => {
    const scroller = watching ? null : scrollingBox(root);
    if (scroller) {
      around.observe(scroller, { childList: true, characterData: true, subtree: true });
      watching = true;
    }
    reveal(root, { held });
    held ||= inView(root);
    frame = settling?.(now(), { ...layoutOf(root), edits }) ? requestAnimationFrame(follow) : 0;
    if (!frame) stop();
  };
  const observer = new ResizeObserver((entries) => {
    if (!entries.some((entry) => entry.contentRect.height > 0)) return;
    observer.disconnect();
    if (now() - start > REVEAL_WINDOW_MS) return stop();
    settling = settleWatch(now());
    // Two widgets following at once would pull the view between them: the newest one leads.
    page.dispatchEvent(new Event(REVEAL_EVENT));
    page.addEventListener(REVEAL_EVENT, stop);
    for (const type of USER_INPUT) page.addEventListener(type, stop, { capture: true, passive: true });
    // from the next frame: the host has placed the output and its neighbours by then
    frame = requestAnimationFrame(follow);
  });
  observer.observe(root);
  return stop;
}

// Some of `root` shows in its scrolling box.
/** @param {Element} root */
function inView(root) {
  const scroller = scrollingBox(root);
  if (!scroller || root.checkVisibility?.() === false) return false;
  const frame = scroller.getBoundingClientRect();
  const box = root.getBoundingClientRect();
  return box.bottom > box.top && box.bottom > Math.max(frame.top, 0) && box.top < Math.min(frame.bottom, window.innerHeight);
}

// What the person does that ends the reveal: from then on the view is theirs.
const USER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"];
// Said on the page by a widget that starts to follow, so that an earlier one lets go.
const REVEAL_EVENT = "dominoes-widget-reveal";
