// The felt: the seats round the line of play, the same in the Table and the Replay.
// Built once; drawSeat redraws one seat from plain facts of the view.

import { h, setChildren, svg } from "./dom.mjs";
import { POSITIONS } from "./seats.mjs";
import { tileSvg } from "./tile.mjs";
import { countWords, tileName } from "./words.mjs";

const SIDE_ROWS = 8; // a side seat's tiles wrap into a second column after this many

/** The felt's DOM: four seat boxes, four corners and the line's box with its <svg>. */
export function buildFelt() {
  const seats = Object.fromEntries(POSITIONS.map((position) => [position, buildSeat(position)]));
  const corners = {
    topStart: h("div", { className: "dw-corner dw-corner-start" }),
    topEnd: h("div", { className: "dw-corner dw-corner-end" }),
    bottomStart: h("div", { className: "dw-corner dw-corner-start" }),
    bottomEnd: h("div", { className: "dw-corner dw-corner-end" }),
  };
  const lineSvg = svg("svg", { class: "dw-line", role: "img", xmlns: "http://www.w3.org/2000/svg" });
  const lineEmpty = h("div", { className: "dw-line-empty" });
  const lineBox = h("div", { className: "dw-line-box" }, lineSvg, lineEmpty);
  const root = h(
    "div",
    { className: "dw-felt" },
    h("div", { className: "dw-felt-row dw-felt-top" }, corners.topStart, seats.top.root, corners.topEnd),
    h("div", { className: "dw-felt-middle" }, seats.left.root, lineBox, seats.right.root),
    h("div", { className: "dw-felt-row dw-felt-bottom" }, corners.bottomStart, seats.bottom.root, corners.bottomEnd),
  );
  return { root, seats, corners, lineBox, lineSvg, lineEmpty };
}

/**
 * Put `markup` in the line's <svg>: a picture (role img), or a group when it holds ends to
 * choose from, so a screen reader reaches those buttons (an img's insides are hidden from it).
 * @param {Element} lineSvg
 * @param {string} markup
 */
export function fillLine(lineSvg, markup) {
  lineSvg.innerHTML = markup;
  lineSvg.setAttribute("role", lineSvg.querySelector("[role=button]") ? "group" : "img");
}

/**
 * One seat's place on the felt; `drawn` remembers what its tiles show.
 * @typedef {{root: HTMLElement, name: HTMLElement, count: HTMLElement, marks: HTMLElement,
 *   tiles: HTMLElement, presence: HTMLElement, position: string, drawn?: string}} SeatBox
 */

/**
 * @param {string} position
 * @returns {SeatBox}
 */
function buildSeat(position) {
  const name = h("span", { className: "dw-seat-name" });
  const presence = h("span", { className: "dw-presence", hidden: true });
  const count = h("span", { className: "dw-seat-count" });
  const marks = h("span", { className: "dw-seat-marks" });
  const head = h("div", { className: "dw-seat-head" }, name, presence, count, marks);
  const tiles = h("div", { className: "dw-seat-tiles", role: "img" });
  const root = h("div", { className: "dw-seat", role: "group", hidden: true, dataset: { position } }, head, tiles);
  return { root, name, presence, count, marks, tiles, position };
}

/**
 * What drawSeat shows of a seat.
 * @typedef {{seat: string, label: string, hand: string[]|number, pips?: number|null,
 *   turn?: boolean, passed?: boolean, winner?: boolean, showTiles?: boolean, lastMove?: string,
 *   presence?: null | {kind?: string, symbol: string, text: string}}} SeatInfo
 */

/**
 * Draw one seat.
 * @param {SeatBox} box from buildFelt().seats
 * @param {SeatInfo | null} info
 *   `lastMove`: the seat's last turn in words ("5-2", "drew 2"), shown instead of the passed mark;
 *   `presence`: who is at a served table's seat (kit/table/presence.mjs), by the name
 *   null leaves the place empty; `hand` is a list of face-up tiles or a face-down count
 * @param {import("./words.mjs").Word} word
 */
export function drawSeat(box, info, word) {
  box.root.hidden = !info;
  if (!info) return;
  const { seat, label, hand, pips = null, turn = false, passed = false, winner = false, showTiles = true, lastMove = "", presence = null } = info;
  const faceUp = Array.isArray(hand);
  const n = faceUp ? hand.length : Math.max(0, Number(hand) || 0);
  const countText = countWords(word, n, "tile", "tiles");
  const pipText = faceUp && pips !== null && pips !== undefined ? countWords(word, pips, "pip", "pips") : "";
  const marks = [
    turn ? ["turn", word("mark_turn")] : null,
    lastMove ? ["last", lastMove] : passed ? ["passed", word("mark_passed")] : null,
    winner ? ["winner", word("mark_winner")] : null,
  ].filter((mark) => mark !== null);

  box.root.dataset.seat = seat;
  box.root.classList.toggle("dw-turn", turn);
  box.root.classList.toggle("dw-winner", winner);
  box.name.textContent = label;
  box.name.title = label;
  drawPresence(box.presence, presence);
  box.count.textContent = pipText ? `${countText} · ${pipText}` : countText;
  setChildren(box.marks, ...marks.map(([kind, text]) => h("span", { className: `dw-mark dw-mark-${kind}`, text })));
  box.root.setAttribute("aria-label", [label, presence?.text, box.count.textContent, ...marks.map(([, text]) => text)].filter(Boolean).join(", "));

  box.tiles.hidden = !showTiles;
  box.tiles.setAttribute(
    "aria-label",
    faceUp ? hand.map((tile) => tileName(word, tile)).join(", ") || countText : word("face_down", { count: countText }),
  );
  // The tiles are drawn again only when they change (a turn or a mark changes no tile).
  const key = showTiles ? `${box.position}|${faceUp ? hand.join(" ") : n}` : "";
  if (box.drawn === key) return;
  box.drawn = key;
  box.tiles.style.setProperty("--dw-rows", String(Math.max(1, Math.min(n, SIDE_ROWS))));
  box.tiles.dataset.tiles = faceUp && showTiles ? hand.join(" ") : "";
  if (!showTiles) {
    setChildren(box.tiles);
    return;
  }
  const lying = box.position === "left" || box.position === "right";
  const tiles = faceUp ? hand : Array(n).fill(null);
  box.tiles.innerHTML = tiles.map((tile) => tileSvg(tile, { lying, fluid: true, className: "dw-seat-tile" })).join("");
}

/**
 * @param {HTMLElement} element
 * @param {SeatInfo["presence"]} presence
 */
function drawPresence(element, presence) {
  element.hidden = !presence;
  element.className = presence ? `dw-presence dw-presence-${presence.kind}` : "dw-presence";
  element.textContent = presence ? `${presence.symbol} ${presence.text}` : "";
  element.dataset.presence = presence?.kind ?? "";
}
