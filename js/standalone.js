// The one-file replay page: runs the Replay's front end in a plain HTML page, with no
// Jupyter and no network (js/PROTOCOL.md, "The one-file replay page").
//
// Bundled as a classic script (static/standalone.js). The page holds, inline, the styles
// (static/replay.css), this script and the record as a JSON payload:
//
//   <script type="application/json" id="dominoes-replay">
//     {"data": {...}, "words": {...}, "rules_text": "...", "hand": 0, "step": 0, "speed": 2}
//   </script>
//
// The replay is drawn into <div id="dominoes-replay-view"> when the page has one, else
// into a new element placed just after the payload.

import replay from "./replay.js";
import { pageModel as basePageModel } from "./kit/page_model.mjs";

const PAYLOAD_ID = "dominoes-replay";
const VIEW_ID = "dominoes-replay-view";
const DEFAULTS = { data: {}, words: {}, rules_text: "", report: [], hand: 0, step: 0, speed: 2 };

/** The page's model: the Replay's values from the payload, no kernel to save to or send to. */
export function pageModel(attributes) {
  return basePageModel({ ...DEFAULTS, ...attributes });
}

/** Draw the page's replay; returns the cleanup, or null when the page has no payload. */
export function mountReplayPage(doc = document) {
  const payload = doc.getElementById(PAYLOAD_ID);
  if (!payload) return null;
  const attributes = JSON.parse(payload.textContent || "{}");
  let el = doc.getElementById(VIEW_ID);
  if (!el) {
    el = doc.createElement("div");
    el.id = VIEW_ID;
    payload.after(el);
  }
  const cleanup = replay.render({ model: pageModel(attributes), el });
  el.querySelector(".dominoes-widget")?.focus({ preventScroll: true });
  return cleanup;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountReplayPage(), { once: true });
  else mountReplayPage();
}
