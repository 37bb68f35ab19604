// A stand-in for the anywidget model over a websocket, for the table server's seat page
// (js/seat_page.js). The server sends JSON frames: {type: "state", view, words?, rules_text?}
// sets those values (firing "change:<name>" as the real model does); any other frame is a
// custom message ("msg:custom", as model.send's answers arrive in a notebook). send()
// writes an intent to the socket; while the socket is down the intent is not kept (a click
// counts for the position it was made on, which may be gone by the time it reopens): the
// page is told instead, as the server tells it of a refusal, {type: "error", reason: "offline"}. When the socket closes, it is opened again after a
// growing wait (1 s, 2 s, ... 10 s), and the server sends the seat's view anew. A frame
// {type: "closed", message} says the server closed the table: the model fires "closed"
// with the message and opens no other socket.
//
// DOM-free: `connect()` returns a WebSocket-like object (send, close, and the onopen,
// onmessage, onclose properties); `timers` defaults to setTimeout/clearTimeout.

import { pageModel } from "../common/page_model.mjs";

const RETRY_MS = [1000, 2000, 5000, 10000];

/**
 * The websocket address of a seat page's link: /tables/<id>/seat?token=… → ws(s)://…/tables/<id>/socket?token=…
 * @param {string} href
 */
export function socketUrl(href) {
  const url = new URL(href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = url.pathname.replace(/\/(seat|watch)\/?$/, "/socket"); // a seat's page, or a watcher's
  return url.href;
}

// The browser's own timers, called as functions: window.setTimeout called as a method of
// another object throws "Illegal invocation", and the page then never reconnected.
const GLOBAL_TIMERS = {
  setTimeout: (/** @type {() => void} */ callback, /** @type {number} */ ms) => setTimeout(callback, ms),
  clearTimeout: (/** @type {ReturnType<typeof setTimeout>} */ id) => clearTimeout(id),
};

/**
 * The part of a WebSocket the model uses.
 * @typedef {{readyState: number, send: (text: string) => void, close: () => void,
 *   onopen?: ((event: Event) => unknown) | null, onmessage?: ((event: MessageEvent) => unknown) | null,
 *   onclose?: ((event: CloseEvent) => unknown) | null}} SocketLike
 */

/**
 * @param {() => SocketLike} connect opens a WebSocket-like object
 * @param {{timers?: {setTimeout: Function, clearTimeout: Function}, values?: Object<string, any>}} [options]
 */
export function socketModel(connect, { timers = GLOBAL_TIMERS, values: initial = {} } = {}) {
  const model = pageModel({ view: {}, words: {}, rules_text: "", ...initial }, (content) => {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(content));
    else {
      const message = model.get("words")?.["not_sent_offline"] ?? "";
      model.emit("msg:custom", { type: "error", reason: "offline", message }, []);
    }
  });
  /** @type {SocketLike | null} */
  let socket = null;
  let retries = 0;
  /** @type {unknown} */
  let retryTimer = null;
  let closed = false;

  /** @param {string} text a frame from the server */
  function receive(text) {
    /** @type {any} checked below, key by key */
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!frame || typeof frame !== "object") return;
    if (frame.type === "closed") {
      close();
      model.emit("closed", String(frame.message ?? ""));
    } else if (frame.type === "state") {
      for (const name of ["words", "rules_text", "view"]) {
        if (name in frame) model.set(name, frame[name]);
      }
    } else {
      model.emit("msg:custom", frame, []);
    }
  }

  function open() {
    retryTimer = null;
    const made = connect();
    socket = made;
    made.onopen = () => {
      retries = 0;
      model.emit("connection", true);
    };
    made.onmessage = (event) => receive(event.data);
    made.onclose = () => {
      socket = null;
      model.emit("connection", false);
      if (closed) return;
      retryTimer = timers.setTimeout(open, RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]);
      retries += 1;
    };
  }

  /** Stop for good: close the socket and open no other. */
  function close() {
    closed = true;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    socket?.close();
  }
  open();
  return Object.assign(model, { close });
}
