// A class's pages (server/class_pages.py). The server draws them; this only:
// - fetches the page again and swaps in each part marked data-dw-live="SECONDS", that often:
//   the teacher's progress, a watched deal, and "how the class played it" while the judge is
//   still at work (a part the server no longer marks live stops);
// - on a duplicate deal's page, remembers what the page promised and dealt before the deal
//   was played (the commitment, the student's own tiles), and once the deal is over checks it
//   in this browser with the seat pages' fair-deal check (js/kit/common/fair_check.mjs).
// Nothing of a class is decided here: the deal is only worked out again from its seeds.

import { verdict, verdictWords } from "./kit/common/fair_check.mjs";

/** @returns {HTMLElement[]} */
const live = () => [...document.querySelectorAll("[data-dw-live]")].filter((part) => part instanceof HTMLElement);

async function refresh() {
  const shown = live();
  if (!shown.length) return;
  if (!document.hidden) {
    try {
      const answer = await fetch(window.location.href, { cache: "no-store", credentials: "same-origin" });
      if (answer.ok) {
        const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
        for (const part of shown) {
          const now = part.id ? fresh.getElementById(part.id) : null;
          if (!now) continue;
          if (now.innerHTML !== part.innerHTML) part.innerHTML = now.innerHTML;
          if (!now.hasAttribute("data-dw-live")) part.removeAttribute("data-dw-live");
        }
      }
    } catch {
      // offline for a moment: the next round tries again
    }
  }
  schedule();
}

function schedule() {
  const every = Math.min(...live().map((part) => Number(part.dataset.dwLive) || 15));
  if (Number.isFinite(every)) setTimeout(refresh, every * 1000);
}

schedule();

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage turned off: the check then rests on the record alone
  }
}

/**
 * What this browser was shown of a deal before it was played: `{commitment, tiles}`, kept at first sight.
 * @param {HTMLElement} box
 */
function remembered(box) {
  const key = `dominoes-class-fair|${box.dataset.class}|${box.dataset.student}|${box.dataset.deal}`;
  const kept = storage();
  /** @type {any} */
  let entry = null;
  try {
    entry = JSON.parse(kept?.getItem(key) ?? "null");
  } catch { /* garbled: taken again below */ }
  if (!entry || typeof entry !== "object") {
    entry = { commitment: box.dataset.commitment ?? null, tiles: JSON.parse(box.dataset.dealt || "null"), seed: null };
    try {
      kept?.setItem(key, JSON.stringify(entry));
    } catch { /* storage full: the record alone is checked */ }
  }
  return entry;
}

/**
 * @param {HTMLElement} box
 */
async function checkDeal(box) {
  const memory = remembered(box);
  if (!box.dataset.record) return; // still in play: only remembered
  const shown = document.getElementById("dw-check-verdict");
  if (!shown) return;
  /** @type {Record<string, string>} */
  const words = JSON.parse(box.dataset.words || "{}");
  /** @type {import("./kit/common/words.mjs").Word} */
  const word = (key, params = {}) => String(words[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
  try {
    const answer = await fetch(new URL(box.dataset.record, window.location.href), { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const record = (await answer.json()).record;
    const hand = record?.hands?.[0];
    const status = await verdict(hand, { hand: 0, seats: record.seats, seat: box.dataset.seat ?? "" }, memory);
    // (a class's deals take no player's seed, by design: one deal for everyone)
    const said = status === "checked" ? { text: word("fair_checked", { hand: Number(box.dataset.deal) + 1 }), kind: "ok" }
      : verdictWords(word, status, Number(box.dataset.deal), hand);
    if (!said) throw new Error("no fair block");
    shown.textContent = said.text;
    shown.className = `dw-check-verdict dw-fair-${said.kind}`;
    shown.dataset.status = status ?? "";
    if (said.kind === "warning") shown.setAttribute("role", "alert");
  } catch {
    shown.textContent = box.dataset.failed ?? "";
    shown.dataset.status = "failed";
  }
}

const check = document.getElementById("dw-check");
if (check) checkDeal(check);
