// The one-file replay page: runs the Replay's front end in a plain HTML page, with no
// Jupyter and no network (js/PROTOCOL.md, "The one-file replay page").
//
// Bundled as a classic script (static/standalone.js). The page holds, inline, the styles
// (static/replay.css), this script and the record as a JSON payload:
//
//   <script type="application/json" id="dominoes-replay">
//     {"view": {...}, "words": {...}, "rules_text": "...", "hand": 0, "step": 0, "speed": 2}
//   </script>
//
// With an analysis the payload also holds "mistakes_book", Learn from your mistakes' exercises,
// and the page counts the tries itself (kit/replay/mistakes.mjs's drillSession).
//
// A large record's view comes gzipped, in base64, as "view_gzip" (dominoes_widget/page.py):
// the browser's DecompressionStream unpacks it before the replay is drawn.
//
// The replay is drawn into <div id="dominoes-replay-view"> when the page has one, else
// into a new element placed just after the payload.

import replay from "./replay.js";
import { pageModel as basePageModel } from "./kit/common/page_model.mjs";
import { sessionModel } from "./kit/common/page_session.mjs";
import { drillSession } from "./kit/replay/mistakes.mjs";
import { keepKeys } from "./kit/common/page_keys.mjs";

const PAYLOAD_ID = "dominoes-replay";
const VIEW_ID = "dominoes-replay-view";
const DEFAULTS = { view: {}, words: {}, rules_text: "", report: [], hand: 0, step: 0, speed: 2 };

/**
 * The page's model: the Replay's values from the payload, no kernel to save to. With Learn
 * from your mistakes' exercises (`mistakes_book`) the page's own session takes the kernel's
 * part (js/kit/common/page_session.mjs); without, nothing answers what the Replay sends.
 * @param {Record<string, unknown>} attributes the traits the page holds
 */
export function pageModel(attributes) {
  /** @type {Record<string, unknown>} */
  const values = { ...DEFAULTS, ...attributes };
  const { mistakes_book: book, ...traits } = values;
  return book ? sessionModel(traits, drillSession(/** @type {import("./kit/common/views.mjs").MistakesBook} */ (book))) : basePageModel(values);
}

/**
 * The JSON packed in `base64` (gzip), as the page stores a large record's data.
 * @param {string} base64
 */
export async function unpackJson(base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

/**
 * The Replay's traits the page holds, its view unpacked.
 * @param {string | null} text
 */
export async function pageAttributes(text) {
  const { view_gzip: packed, ...attributes } = JSON.parse(text || "{}");
  if (packed) attributes.view = await unpackJson(packed);
  return attributes;
}

/** Draw the page's replay; resolves to the cleanup, or null when the page has no payload. */
export async function mountReplayPage(doc = document) {
  const payload = doc.getElementById(PAYLOAD_ID);
  if (!payload) return null;
  const attributes = await pageAttributes(payload.textContent);
  let el = doc.getElementById(VIEW_ID);
  if (!el) {
    el = doc.createElement("div");
    el.id = VIEW_ID;
    payload.after(el);
  }
  const cleanup = replay.render({ model: pageModel(attributes), el });
  /** @type {HTMLElement|null} */
  const root = el.querySelector(".dominoes-widget");
  root?.focus({ preventScroll: true });
  if (root) keepKeys(doc, root);
  return cleanup;
}

export { keepKeys };

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountReplayPage(), { once: true });
  else mountReplayPage();
}
