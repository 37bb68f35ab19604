// A class's pages (server/class_pages.py). The server draws them; this only:
// - fetches the teacher's page again every 15 seconds and swaps the progress in, and a watched
//   deal's page every 3 seconds and swaps the watched table in;
// - on a duplicate deal's page, remembers what the page promised and dealt before the deal
//   was played (the commitment, the student's own tiles), and once the deal is over checks it
//   in this browser with the seat pages' fair-deal check (js/kit/common/fair_check.mjs).
// Nothing of a class is decided here: the deal is only worked out again from its seeds.

import { verdict, verdictWords } from "./kit/common/fair_check.mjs";

/** @type {Array<[string, number]>} */
const LIVE = [["dw-progress", 15000], ["dw-watch", 3000]];

async function refresh(id) {
  const shown = document.getElementById(id);
  if (!shown || document.hidden) return;
  try {
    const answer = await fetch(window.location.href, { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById(id);
    if (fresh && fresh.innerHTML !== shown.innerHTML) shown.innerHTML = fresh.innerHTML;
  } catch {
    // offline for a moment: the next round tries again
  }
}

for (const [id, every] of LIVE) {
  if (document.getElementById(id)) setInterval(() => refresh(id), every);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage turned off: the check then rests on the record alone
  }
}

/** What this browser was shown of a deal before it was played: `{commitment, tiles}`, kept at first sight. */
function remembered(box) {
  const key = `dominoes-class-fair|${box.dataset.class}|${box.dataset.student}|${box.dataset.deal}`;
  const kept = storage();
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

async function checkDeal(box) {
  const memory = remembered(box);
  if (!box.dataset.record) return; // still in play: only remembered
  const shown = document.getElementById("dw-check-verdict");
  const words = JSON.parse(box.dataset.words || "{}");
  const word = (key, params = {}) => String(words[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
  try {
    const answer = await fetch(new URL(box.dataset.record, window.location.href), { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const record = (await answer.json()).record;
    const hand = record?.hands?.[0];
    const status = await verdict(hand, { hand: 0, seats: record.seats, seat: box.dataset.seat }, memory);
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
