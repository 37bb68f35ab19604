import { test } from "node:test";
import assert from "node:assert/strict";

import { buildFelt } from "../common/felt.mjs";
import { drawCorners, drawLine, drawSeats, lineLabel, newTiles, seatInfo } from "./table_felt.mjs";
import { readView } from "./table_view.mjs";
import { installDom, testWord } from "../common/test_dom.mjs";
import { partial, present, find } from "../common/test_helpers.mjs";

const VIEW = readView({
  seats: ["N", "E", "S", "W"], viewer: "S", turn: "E", passed: ["W"],
  hands: { S: ["6-4"], N: 6, E: 6, W: 5 }, players: { E: { name: "East", label: "East (bot)" } },
  line: [[6, 6], [6, 2]], lead: 0, last: 1, ends: [6, 2], title: "Six Love", hand_label: "Hand 1", pile: 0,
});

test("a seat's facts: its label, tiles, turn, pass and win", () => {
  const east = seatInfo(VIEW, "E", { showTiles: true });
  assert.equal(east.label, "East (bot)");
  assert.equal(east.turn, true);
  assert.equal(seatInfo(VIEW, "W", { showTiles: true }).passed, true);
  assert.equal(seatInfo(VIEW, "N", { showTiles: true }).label, "N", "no player: the seat");
  assert.equal(seatInfo({ ...VIEW, result: partial({ winners: ["N"] }) }, "N", { showTiles: true }).winner, true);
});

test("the seats go round the bottom one, whose tiles are in the tray while playing", () => {
  installDom();
  const felt = buildFelt();
  drawSeats(felt, VIEW, testWord);
  assert.equal(felt.seats.bottom.root.dataset.seat, "S");
  assert.equal(felt.seats.bottom.tiles.hidden, true);
  assert.equal(felt.seats.left.root.dataset.seat, "W");
  assert.ok(felt.seats.right.root.classList.contains("dw-turn"));
  drawSeats(felt, { ...VIEW, phase: "hand_over" }, testWord);
  assert.equal(felt.seats.bottom.tiles.hidden, false, "after the hand the bottom tiles show on the felt");
});

test("the corners name the rules, the hand and the empty pile", () => {
  installDom();
  const felt = buildFelt();
  drawCorners(felt, VIEW, testWord);
  assert.equal(felt.corners.topStart.textContent, "Six LoveHand 1");
  assert.equal(felt.corners.topEnd.textContent, "pile_empty");
  drawCorners(felt, { ...VIEW, pile: null }, testWord);
  assert.equal(felt.corners.topEnd.textContent, "");
});

test("the line is named, drawn to its box, and only new tiles fade in", () => {
  installDom();
  const felt = buildFelt();
  assert.match(lineLabel(VIEW, testWord), /^line\[count=tiles\[n=2\]/);
  assert.equal(lineLabel({ ...VIEW, line: [] }, testWord), "line_empty");
  const fresh = newTiles();
  assert.equal(fresh(VIEW)(0), false, "nothing is new at the first drawing");
  const grown = { ...VIEW, line: [...VIEW.line, [2, 5]] };
  const isNew = fresh(grown);
  assert.deepEqual([0, 1, 2].map(isNew), [false, false, true]);
  assert.equal(fresh({ ...grown, look: { ply: 1, of: 3, label: "" } })(2), false, "a jump is not news");
  drawLine(felt, grown, { size: { width: 400, height: 200 }, choice: null, isNew, word: testWord });
  assert.equal(felt.lineSvg.getAttribute("viewBox"), "0 0 400 200");
  assert.equal((felt.lineSvg.innerHTML.match(/dw-tile-body/g) ?? []).length, 3);
  assert.equal(felt.lineEmpty.hidden, true);
});

test("a paced move glides in from its seat; none when bots move at once or while looking back", async () => {
  const { glideFrom } = await import("./table_felt.mjs");
  const moved = { ...VIEW, moves: ["E 6-6", "W 6-2 R"], animate: true };
  assert.equal(glideFrom(moved), "left");
  assert.equal(glideFrom({ ...moved, moves: ["E 6-6"] }), "right");
  assert.equal(glideFrom({ ...moved, animate: false }), null);
  assert.equal(glideFrom({ ...moved, look: partial({ ply: 1 }) }), null);
  installDom();
  const felt = buildFelt();
  drawLine(felt, moved, { size: { width: 300, height: 150 }, choice: null, isNew: () => true, word: testWord });
  assert.equal(felt.lineSvg.dataset.from, "left");
  drawLine(felt, { ...moved, animate: false }, { size: { width: 300, height: 150 }, choice: null, isNew: () => true, word: testWord });
  assert.equal(felt.lineSvg.dataset.from, undefined);
});

test("a seat's last turn replaces its passed mark", () => {
  installDom();
  const felt = buildFelt();
  drawSeats(felt, { ...VIEW, seat_moves: { W: "drew 2" } }, testWord);
  const west = felt.seats.left;
  assert.equal(present(west.root.querySelector(".dw-mark-last")).textContent, "drew 2");
  assert.equal(west.root.querySelectorAll(".dw-mark-passed").length, 0);
  drawSeats(felt, VIEW, testWord);
  assert.equal(west.root.querySelectorAll(".dw-mark-passed").length, 1);
});

test("the glide starts on the seat: the tile's offset to the seat's middle, in the line's units", async () => {
  const { startFromSeat } = await import("./table_felt.mjs");
  installDom();
  const felt = buildFelt();
  felt.lineSvg.innerHTML = '<g class="dw-tile dw-new"></g>';
  const tile = find(felt.lineSvg, ".dw-new");
  const seat = felt.seats.left.root;
  seat.hidden = false;
  seat.getBoundingClientRect = () => /** @type {any} */ ({ left: 0, top: 100, width: 40, height: 100 });
  tile.getBoundingClientRect = () => /** @type {any} */ ({ left: 200, top: 140, width: 20, height: 20 });
  startFromSeat(felt, seat, 0.5);
  assert.equal(tile.style.getPropertyValue("--dw-glide"), "-380px 0px");
});

test("a served table's seats say who is here, in words and shapes; bots and one-screen tables say nothing", () => {
  installDom();
  const felt = buildFelt();
  drawSeats(felt, { ...VIEW, presence: { S: "here", N: "left", E: "bot", W: "never" } }, testWord);
  const shown = (/** @type {string} */ position) => felt.seats[position].presence;
  assert.equal(shown("bottom").dataset.presence, "here");
  assert.match(shown("bottom").textContent, /^● /);
  assert.equal(shown("top").dataset.presence, "left");
  assert.equal(shown("left").dataset.presence, "never");
  assert.equal(shown("right").hidden, true, "a bot's label says it is a bot");
  assert.match(felt.seats.top.root.getAttribute("aria-label") ?? "", /presence_left/);
  drawSeats(felt, VIEW, testWord);
  assert.equal(shown("bottom").hidden, true, "no presence: nothing drawn");
});

test("the corner counts the watchers while anyone watches", () => {
  installDom();
  const felt = buildFelt();
  drawCorners(felt, { ...VIEW, watching: 3 }, testWord);
  assert.match(felt.corners.bottomEnd.textContent, /watching_many/);
  drawCorners(felt, VIEW, testWord);
  assert.equal(felt.corners.bottomEnd.textContent, "");
});
