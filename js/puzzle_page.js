// The one-file puzzles page: the Puzzles front end (js/puzzles.js) in a plain HTML page, with no
// Jupyter, no kernel and no network (js/PROTOCOL.md, "The one-file puzzles page").
//
// Bundled as a classic script (static/puzzle_page.js). The page holds, inline, the styles
// (static/puzzles.css), this script and every puzzle's card as a JSON payload:
//
//   <script type="application/json" id="dominoes-puzzles">{"setup": {...}, "words": {...}}</script>
//
// The kernel's part is played by js/kit/puzzles/puzzle_logic.mjs, the same steps as the Python
// session, kept in the page as js/kit/common/page_session.mjs keeps a session: an intent the
// widget would send to the kernel goes to it, and the view it gives back is set on the page's
// model (a refusal comes back as the widget's error message).

import puzzles from "./puzzles.js";
import { sessionModel } from "./kit/common/page_session.mjs";
import { keepKeys } from "./kit/common/page_keys.mjs";
import { puzzleSession } from "./kit/puzzles/puzzle_logic.mjs";

const PAYLOAD_ID = "dominoes-puzzles";
const VIEW_ID = "dominoes-puzzles-view";

/**
 * The page's model over `payload` ({setup, words}): sends go to the page's own puzzle run.
 * @param {{setup?: import("./kit/puzzles/puzzle_logic.mjs").PageSetup, words?: Record<string, string>}} payload
 */
export function puzzlesPageModel(payload) {
  return sessionModel({ words: payload.words ?? {} }, puzzleSession(payload.setup ?? {}));
}

/** Draw the page's puzzles; the cleanup, or null when the page has no payload. */
export function mountPuzzlesPage(doc = document) {
  const payload = doc.getElementById(PAYLOAD_ID);
  if (!payload) return null;
  let el = doc.getElementById(VIEW_ID);
  if (!el) {
    el = doc.createElement("div");
    el.id = VIEW_ID;
    payload.after(el);
  }
  const cleanup = puzzles.render({ model: puzzlesPageModel(JSON.parse(payload.textContent || "{}")), el });
  /** @type {HTMLElement|null} */
  const root = el.querySelector(".dominoes-widget");
  root?.focus({ preventScroll: true });
  if (root) keepKeys(doc, root);
  return cleanup;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountPuzzlesPage(), { once: true });
  else mountPuzzlesPage();
}
