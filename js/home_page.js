// The table server's home page (/): shows the seats in play for the chosen game, sends the
// form to POST /api/tables, remembers the host key, and goes to the table's links page.
// The form itself is drawn by the server (dominoes_widget/server/home_page.py).

import { answerProblem, badTarget, gameFacts, hasPerson, keyStorageName, seatsInPlay, tableRequest } from "./kit/table/home_form.mjs";

function mount() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("dw-new-table"));
  const factsEl = document.getElementById("dw-home-facts");
  if (!form || !factsEl) return;
  const facts = JSON.parse(factsEl.textContent ?? "{}");
  const words = facts.words;
  /** @type {(name: string) => any} the form's control of that name (an input or a select) */
  const field = (name) => form.elements.namedItem(name);
  const error = part("dw-form-error");
  const keyBox = part("dw-key");
  const hint = part("dw-target-hint");
  const playersField = part("dw-players-field");
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
  const storageName = keyStorageName(location.origin, location.pathname);
  let targetTouched = false;
  /** @type {string | null} */
  let shownGame = null;

  const remembered = readKey(storageName);
  if (remembered) field("key").value = remembered;

  const game = () => /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="game"]:checked'))?.value
    ?? facts.games[0].id;
  /** @type {() => HTMLTableRowElement[]} the form's seat rows */
  const seatRows = () => [...form.querySelectorAll("tr")].filter((row) => row.dataset.seat);

  function update() {
    const g = gameFacts(facts, game());
    playersField.hidden = g.players.length < 2;
    const seats = seatsInPlay(facts, g.id, field("players").value);
    for (const row of seatRows()) row.hidden = !seats.includes(row.dataset.seat ?? "");
    hint.textContent = g.target === null ? words.target_hint_vietnamese : words.target_hint_partnership;
    if (shownGame !== g.id && !targetTouched) field("target").value = g.target === null ? "" : String(g.target);
    shownGame = g.id;
  }

  /** @param {string | null} text */
  function say(text) {
    error.textContent = text ?? "";
    error.hidden = !text;
  }

  /** @param {SubmitEvent} event */
  async function submit(event) {
    event.preventDefault();
    /** @type {Record<string, string>} */
    const who = {};
    /** @type {Record<string, string>} */
    const names = {};
    for (const row of seatRows()) {
      const seat = row.dataset.seat ?? "";
      who[seat] = field(`who_${seat}`).value;
      names[seat] = field(`name_${seat}`).value;
    }
    /** @type {import("./kit/table/home_form.mjs").FormValues} */
    const values = { game: game(), players: field("players").value, target: field("target").value,
                     lang: field("lang").value, who, names };
    const request = tableRequest(facts, values);
    if (!hasPerson(facts, request)) return say(words.one_person);
    // said here, in the page's words: the server would answer in English, for programs
    if (badTarget(values.target, Number(field("target").max))) return say(words.bad_target);
    const key = field("key").value.trim();
    /** @type {Record<string, string>} */
    const headers = { "Content-Type": "application/json", Accept: "application/json" };
    if (key) headers.Authorization = `Bearer ${key}`;
    say(null);
    button.disabled = true;
    button.textContent = words.starting;
    let status = 0;
    /** @type {{invite?: string} | null} */
    let body = null;
    /** @type {string | null} */
    let retryAfter = null;
    try {
      const answer = await fetch("api/tables", { method: "POST", headers, body: JSON.stringify(request) });
      status = answer.status;
      retryAfter = answer.headers.get("Retry-After");
      body = await answer.json().catch(() => null);
    } catch {
      status = 0;
    }
    if (status === 201 && body?.invite) {
      if (key) writeKey(storageName, key);
      location.assign(body.invite);
      return;
    }
    button.disabled = false;
    button.textContent = words.start;
    if (status === 401) {
      keyBox.hidden = false;
      if (key) forgetKey(storageName);
      field("key").focus();
    }
    say(answerProblem(words, status, body, { keySent: Boolean(key), retryAfter }));
  }

  form.addEventListener("change", (event) => {
    if (event.target === field("target")) targetTouched = true;
    update();
  });
  field("target").addEventListener("input", () => { targetTouched = true; });
  form.addEventListener("submit", submit);
  update();
}

/**
 * The page's element `id`: the server draws every one the form needs.
 * @param {string} id
 */
function part(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`dominoes_widget: the home page has no #${id}`);
  return el;
}

// A browser that refuses storage (private mode, a locked-down school machine) still starts tables.
/** @param {string} name */
function readKey(name) {
  try { return localStorage.getItem(name); } catch { return null; }
}
/** @param {string} name @param {string} key */
function writeKey(name, key) {
  try { localStorage.setItem(name, key); } catch { /* not remembered */ }
}
/** @param {string} name */
function forgetKey(name) {
  try { localStorage.removeItem(name); } catch { /* nothing kept */ }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
