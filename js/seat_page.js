// The table server's seat page: the Table's own front end (static/table.js, the same
// bundle as the widget's, loaded beside this file) over the seat's websocket. The page
// address is the seat's link, /tables/<id>/seat?token=...; the socket is /tables/<id>/socket
// with the same token (js/PROTOCOL.md, "The table server").

import table from "./table.js";
import { socketModel, socketUrl } from "./kit/socket_model.mjs";
import { tabState } from "./kit/tab_title.mjs";
import { readView } from "./kit/table_view.mjs";
import { makeWords } from "./kit/words.mjs";

// The tab's title and icon follow the turn: a person reading another tab sees theirs come.
function followTurnInTab(model) {
  const idleTitle = document.title;
  /** @type {HTMLLinkElement|null} */
  const icon = document.querySelector('link[rel="icon"]');
  const icons = icon ? { idle: icon.getAttribute("href"), turn: icon.dataset.turn } : null;
  const update = () => {
    const { title, icon: which } = tabState(readView(model.get("view")), makeWords(model.get("words")), idleTitle);
    if (document.title !== title) document.title = title;
    if (icons?.[which] && icon.getAttribute("href") !== icons[which]) icon.setAttribute("href", icons[which]);
  };
  model.on("change:view", update);
  model.on("change:words", update);
}

function mount() {
  const el = document.getElementById("dominoes-seat") ?? document.body;
  const model = socketModel(() => new WebSocket(socketUrl(location.href)));
  model.on("connection", (open) => el.classList.toggle("dw-offline", !open));
  model.on("closed", (message) => {
    // the table was closed (nobody used it for a while): say so instead of the table
    const note = document.createElement("p");
    note.className = "dw-closed";
    note.setAttribute("role", "alert");
    note.textContent = message;
    el.replaceChildren(note);
    el.classList.remove("dw-offline");
  });
  table.render({ model, el });
  followTurnInTab(model);
  /** @type {any} */ (window).dominoesSeat = model; // for tests and the curious: the model the page draws
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
