// The table server's seat page: the Table's own front end (static/table.js, the same
// bundle as the widget's, loaded beside this file) over the seat's websocket. The page
// address is the seat's link, /tables/<id>/seat?token=...; the socket is /tables/<id>/socket
// with the same token (js/PROTOCOL.md, "The table server").

import table from "./table.js";
import { socketModel, socketUrl } from "./kit/socket_model.mjs";

function mount() {
  const el = document.getElementById("dominoes-seat") ?? document.body;
  const model = socketModel(() => new WebSocket(socketUrl(location.href)));
  model.on("connection", (open) => el.classList.toggle("dw-offline", !open));
  table.render({ model, el });
  window.dominoesSeat = model; // for tests and the curious: the model the page draws
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
