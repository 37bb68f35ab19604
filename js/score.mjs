// The score panel's content in words, for the three `score` kinds of PROTOCOL.md.
// DOM-free: returns {title, rows: [{key, label, value, detail}], notes: [string]}.

import { SEAT_WORDS } from "./tile.mjs";

export const TEAM_WORDS = { NS: "North-South", EW: "East-West" };

/**
 * @param {object|null} score the view's `score`
 * @param {{seats?: string[], names?: Object<string, string>}} [context]
 */
export function describeScore(score, { seats = [], names = {} } = {}) {
  switch (score?.kind) {
    case "straight_six":
      return describeStraightSix(score);
    case "six_love":
      return describeSixLove(score);
    case "tally":
      return describeTally(score, seats, names);
    default:
      return { title: "Score", rows: [], notes: [] };
  }
}

function teamRows(score) {
  return ["NS", "EW"].map((team) => ({ key: team, label: TEAM_WORDS[team], value: score[team] ?? 0, detail: "" }));
}

function describeStraightSix(score) {
  const notes = [`One point a hand; first to ${score.target ?? 6} wins.`];
  if (score.ties > 0) notes.push(`${plural(score.ties, "tied hand")} in a row.`);
  return { title: "Straight Six", rows: teamRows(score), notes };
}

function describeSixLove(score) {
  const target = score.target ?? 6;
  const worth = score.worth ?? 1 + (score.ties ?? 0);
  const notes = [`First to ${target} while the other side is on love.`];
  if (score.playoff) notes.push("Play-off hand: the winner goes to 2 or more, the loser to love.");
  if (score.ties > 0) notes.push(`${plural(score.ties, "tied deal")} pending: replayed with a fresh deal.`);
  notes.push(`Next hand is worth ${plural(worth, "point")}.`);
  return { title: "Six Love", rows: teamRows(score), notes };
}

function describeTally(score, seats, names) {
  const wins = score.wins ?? {};
  const pips = score.pips ?? {};
  const order = seats.length ? seats : Object.keys(wins);
  const rows = order.map((seat) => ({
    key: seat,
    label: names[seat] ?? SEAT_WORDS[seat] ?? seat,
    value: wins[seat] ?? 0,
    detail: `${pips[seat] ?? 0} pips`,
  }));
  const notes = [score.target ? `First to ${plural(score.target, "hand win")} takes the match.` : "No target: play on."];
  return { title: "Hands won", rows, notes };
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
