// The table server's seat page: the Table's own front end (static/table.js, the same
// bundle as the widget's, loaded beside this file) over the seat's websocket. The page
// address is the seat's link, /tables/<id>/seat?token=...; the socket is /tables/<id>/socket
// with the same token (js/PROTOCOL.md, "The table server"). A watch link's page
// (/tables/<id>/watch?token=..., data-watch on the element) is the same, under a banner.

import table from "./table.js";
import { socketModel, socketUrl } from "./kit/table/socket_model.mjs";
import { watcherBanner } from "./kit/table/presence.mjs";
import { tabState } from "./kit/table/tab_title.mjs";
import { readView } from "./kit/table/table_view.mjs";
import { makeWords } from "./kit/common/words.mjs";
import { FairMemory, fairPageUrl, newClientSeed, recordUrl, seedWanted, verdict, verdictWords } from "./kit/common/fair_check.mjs";

/** @typedef {import("./kit/common/page_model.mjs").Model} Model */

// The tab's title and icon follow the turn: a person reading another tab sees theirs come.
/**
 * @param {Model} model
 */
function followTurnInTab(model) {
  const idleTitle = document.title;
  /** @type {HTMLLinkElement|null} */
  const icon = document.querySelector('link[rel="icon"]');
  const icons = icon ? { idle: icon.getAttribute("href"), turn: icon.dataset.turn } : null;
  const update = () => {
    const { title, icon: which } = tabState(readView(model.get("view")), makeWords(model.get("words")), idleTitle);
    if (document.title !== title) document.title = title;
    const href = icons?.[which];
    if (icon && href && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
  };
  model.on("change:view", update);
  model.on("change:words", update);
}

// A watcher's page says so above the table, in the table's words.
/**
 * @param {Model} model
 * @param {HTMLElement} el
 */
function bannerForWatchers(model, el) {
  const banner = document.createElement("p");
  banner.className = "dw-watch-banner";
  banner.setAttribute("role", "note");
  el.before(banner);
  const update = () => {
    banner.textContent = watcherBanner(makeWords(model.get("words")));
  };
  model.on("change:words", update);
  update();
}

// Provably fair deals: the page sends its own seed while a commitment waits for seeds,
// remembers what it saw before each deal, and once a hand has ended rechecks its deal
// against the seat's record (js/kit/common/fair_check.mjs), saying so under the table.
/**
 * @param {Model} model
 * @param {HTMLElement | null} box
 */
function checkDeals(model, box) {
  if (!box) return;
  /** @type {Storage | null} */
  let storage = null;
  try { storage = window.sessionStorage; } catch { /* a page with storage turned off */ }
  const memory = new FairMemory(location.pathname.split("/").slice(-2)[0], storage);
  /** @type {Map<string, {hand: number, text: string, kind: string} | null>} "<hand>|<commitment>" -> the words, or null while checking */
  const verdicts = new Map();
  /** @type {string | null} the commitment a seed was last sent for */
  let sentFor = null;
  const list = /** @type {HTMLElement} */ (box.querySelector(".dw-fair-list"));
  const note = /** @type {HTMLElement} */ (box.querySelector(".dw-fair-note"));
  const link = /** @type {HTMLAnchorElement} */ (box.querySelector("a"));
  const draw = () => {
    const word = makeWords(model.get("words"));
    const view = model.get("view");
    link.textContent = word("fair_link");
    link.href = fairPageUrl(location.href, view?.lang);
    note.textContent = word("fair_not_secret");
    note.hidden = view?.fair?.secret !== false;
    const shown = [...verdicts.values()].filter((words) => words !== null).sort((a, b) => b.hand - a.hand);
    list.replaceChildren(...shown.map(({ text, kind }) => {
      const item = document.createElement("li");
      item.className = `dw-fair-${kind}`;
      item.textContent = text;
      if (kind === "warning") item.setAttribute("role", "alert");
      return item;
    }));
    box.hidden = !view?.fair;
  };
  /**
   * @param {{viewer: string}} view
   * @param {{hand: number, commitment: string}} current
   */
  const check = async (view, current) => {
    const key = `${current.hand}|${current.commitment}`;
    if (verdicts.has(key)) return;
    verdicts.set(key, null);
    try {
      const response = await fetch(recordUrl(location.href), { cache: "no-store" });
      const record = await response.json();
      const hand = record.hands?.[current.hand];
      const status = await verdict(hand, { hand: current.hand, seats: record.seats, seat: view.viewer }, memory.get(current.hand));
      const words = verdictWords(makeWords(model.get("words")), status, current.hand, hand);
      verdicts.set(key, words && { hand: current.hand, ...words });
    } catch {
      verdicts.delete(key); // the record did not come: the next view tries again
    }
    draw();
  };
  const update = () => {
    const view = model.get("view");
    if (!view?.fair) return draw();
    memory.see(view);
    const wanted = seedWanted(view, sentFor);
    if (wanted) {
      sentFor = wanted.commitment;
      model.send({ type: "seed", seed: newClientSeed() });
    }
    const current = view.fair.current;
    if (current?.server_seed) check(view, current);
    draw();
  };
  model.on("change:view", update);
  model.on("change:words", draw);
}

function mount() {
  const el = document.getElementById("dominoes-seat") ?? document.body;
  const model = socketModel(() => new WebSocket(socketUrl(location.href)));
  model.on("connection", (/** @type {boolean} */ open) => el.classList.toggle("dw-offline", !open));
  model.on("closed", (/** @type {string} */ message) => {
    // the table was closed (nobody used it for a while): say so instead of the table
    const note = document.createElement("p");
    note.className = "dw-closed";
    note.setAttribute("role", "alert");
    note.textContent = message;
    el.replaceChildren(note);
    el.classList.remove("dw-offline");
  });
  table.render({ model, el });
  if (el.dataset.watch) bannerForWatchers(model, el);
  followTurnInTab(model);
  checkDeals(model, document.getElementById("dominoes-fair"));
  /** @type {any} */ (window).dominoesSeat = model; // for tests and the curious: the model the page draws
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
