// Bringing a widget just shown into view, once. When a notebook runs a cell, JupyterLab
// keeps the next (active) cell where it is; a tall output that appears above it is pushed
// up and its top scrolls away (Run All), or it stays put with its bottom under the fold
// (Shift+Enter). When the widget is first laid out, partly in view, its scrolling box (the
// notebook, never the page) moves the least that shows all of it, its top first.

import { activeElement } from "../common/dom.mjs";

/** Time after `render` within which the first layout still counts as "just shown". */
export const REVEAL_WINDOW_MS = 4000;
/** After the first layout, how long the reveal is kept while the notebook settles. */
export const REVEAL_SETTLE_MS = 1500;
/** Room left between the widget and the visible area's edge. */
export const REVEAL_MARGIN = 8;
/** A smaller move shows nothing new (an output area's padding): it is not made. */
export const REVEAL_MIN_MOVE = 6;

/**
 * How far to scroll (px, down is positive) so that `box` ({top, bottom}) shows inside
 * `area` ({top, bottom}), both in the same coordinates: the least move, and the top at
 * the area's top when the box is taller than the area. 0 when the box is all in view, or
 * when none of it is (the person is looking elsewhere), or when the move would be under
 * REVEAL_MIN_MOVE.
 * @param {{top: number, bottom: number}} box
 * @param {{top: number, bottom: number}} area
 * @param {number} [margin]
 */
export function revealDelta(box, area, margin = REVEAL_MARGIN) {
  const height = box.bottom - box.top;
  const room = area.bottom - area.top;
  if (height <= 0 || room <= 0) return 0;
  if (box.bottom <= area.top || box.top >= area.bottom) return 0;
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
 * Scroll `root`'s scrolling box once so that all of `root` shows; true when it moved.
 * @param {Element} root
 * @param {number} [margin]
 */
export function reveal(root, margin = REVEAL_MARGIN) {
  if (!root.isConnected || typingElsewhere(root)) return false;
  const scroller = scrollingBox(root);
  if (!scroller) return false;
  const frame = scroller.getBoundingClientRect();
  const area = { top: Math.max(frame.top, 0), bottom: Math.min(frame.bottom, window.innerHeight) };
  const delta = revealDelta(root.getBoundingClientRect(), area, margin);
  if (delta === 0) return false;
  scroller.scrollTop += delta;
  return true;
}

/**
 * Reveal `root` after its first layout, if that comes within REVEAL_WINDOW_MS (a widget
 * drawn into a hidden tab and shown later is left where it is), and keep it revealed while
 * the notebook settles (cells above it measured late move it) for REVEAL_SETTLE_MS, until
 * the person scrolls, clicks or types. Returns a cleanup.
 * @param {Element} root
 * @param {{now?: () => number}} [options]
 */
export function revealWhenShown(root, { now = () => performance.now() } = {}) {
  const start = now();
  let frame = 0;
  let settleUntil = 0;
  const page = root.ownerDocument;
  const stop = () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) page.removeEventListener(type, stop, true);
  };
  const follow = () => {
    reveal(root);
    frame = now() < settleUntil ? requestAnimationFrame(follow) : 0;
    if (!frame) stop();
  };
  const observer = new ResizeObserver((entries) => {
    if (!entries.some((entry) => entry.contentRect.height > 0)) return;
    observer.disconnect();
    if (now() - start > REVEAL_WINDOW_MS) return stop();
    settleUntil = now() + REVEAL_SETTLE_MS;
    for (const type of USER_INPUT) page.addEventListener(type, stop, { capture: true, passive: true });
    // from the next frame: the host has placed the output and its neighbours by then
    frame = requestAnimationFrame(follow);
  });
  observer.observe(root);
  return stop;
}

// What the person does that ends the reveal: from then on the view is theirs.
const USER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"];
