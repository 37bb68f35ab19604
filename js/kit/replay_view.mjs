// What each part of the Replay shows at a position, as plain values. DOM-free.
//
// The Replay's drawing (replay_draw.mjs) puts these into the DOM; everything it shows is
// worked out here from the data (js/PROTOCOL.md, "The Replay"), the position and the words,
// so node tests cover it without a browser.

import { bestTile, decisionAt, flaggedMarks, verdictSign } from "../replay_analysis.mjs";
import { handCount, navigate, stepCount } from "../replay_steps.mjs";
import { moveItems } from "./panels.mjs";
import { seatsByPosition } from "./seats.mjs";
import { countWords, numberWord, percent, tileName } from "./words.mjs";

/** The words key of each verdict (the strip, the move list and the words box show them). */
export const VERDICT_WORDS = Object.freeze({ inaccuracy: "verdict_inaccuracy", mistake: "verdict_mistake", blunder: "verdict_blunder" });

/** The felt's corners: the title and the hand (top start), the tally and the pile (top end). */
export function cornerTexts(data, hand, here, said, word) {
  const label = data.hands[hand]?.label ?? String(hand + 1);
  const pile = here.pile === null || here.pile === undefined ? null : here.pile > 0 ? word("pile", { n: here.pile }) : word("pile_empty");
  return { title: data.title ?? "", where: word("hand_of", { hand: label, hands: handCount(data) }), tally: said.tally ?? "", pile };
}

/** Each place's seat (top, left, right, bottom) as drawSeat takes it, or null for an empty place. */
export function seatInfos(data, here, said) {
  const winners = said.result?.winners ?? [];
  const byPosition = seatsByPosition(data.seats ?? [], data.bottom);
  const infos = {};
  for (const [place, seat] of Object.entries(byPosition)) {
    const player = data.players?.[seat] ?? {};
    infos[place] = seat
      ? {
          seat,
          label: player.label || player.name || seat,
          hand: here.hands?.[seat] ?? [],
          pips: here.pips?.[seat] ?? null,
          turn: here.turn === seat,
          passed: (here.passed ?? []).includes(seat),
          winner: winners.includes(seat),
        }
      : null;
  }
  return { infos, sides: Boolean(byPosition.left || byPosition.right) };
}

/** The best move of the decision made at `step`, as a tile not played (for the line), or null. */
export function bestGhost(analysis, step, word, lang) {
  const decision = decisionAt(analysis, step);
  const best = bestTile(decision);
  if (!best) return null;
  const chance = percent(decision.best_win, lang);
  const tile = tileName(word, best.tile);
  const name = best.end
    ? word("best_name_end", { tile, end: word(best.end === "L" ? "end_word_left" : "end_word_right"), percent: chance })
    : word("best_name_lead", { tile, percent: chance });
  return { halves: best.halves, end: best.end, label: word("best_label", { tile: best.tile, percent: chance }), name };
}

/** The line's name for screen readers: its length and its open ends. */
export function lineLabel(here, word) {
  const line = here.line ?? [];
  if (line.length === 0) return word("line_empty");
  return word("line", { count: countWords(word, line.length, "tile", "tiles"), left: numberWord(word, here.ends?.[0]), right: numberWord(word, here.ends?.[1]) });
}

/** The verdict of the move just made, as the words box shows it, or null. */
export function verdictView(mark, word) {
  const verdict = mark?.verdict ?? null;
  if (!verdict) return null;
  const name = word(VERDICT_WORDS[verdict]);
  return { verdict, sign: verdictSign(verdict), name, text: mark.words || name };
}

/** The move list of a hand: the deal, then each move in short with its sentence and its mark. */
export function moveListItems(data, handData, sentences, analysis, word) {
  const names = Object.fromEntries(Object.entries(data.players ?? {}).map(([seat, player]) => [seat, player.name]));
  const items = moveItems(word, handData.moves ?? [], sentences, names);
  for (const mark of flaggedMarks(analysis)) {
    const item = items[mark.ply + 1];
    if (item) item.mark = { verdict: mark.verdict, sign: verdictSign(mark.verdict), word: word(VERDICT_WORDS[mark.verdict]) };
  }
  return items;
}

/** What the strip says of a point: "At the deal: 62%", "After move 4: 58%". */
export function stripWords(step, value, word, lang) {
  const known = value !== null && value !== undefined && Number.isFinite(Number(value));
  const chance = known ? percent(Number(value) / 100, lang) : word("strip_unknown");
  return step === 0 ? word("strip_deal", { percent: chance }) : word("strip_point", { step, percent: chance });
}

/** Each strip point's tooltip: its words, and the verdict of the move that led there. */
export function stripTitles(points, analysis, word, lang) {
  const verdictAfter = new Map(flaggedMarks(analysis).map((mark) => [mark.ply + 1, word(VERDICT_WORDS[mark.verdict])]));
  return points.map((value, i) => {
    const said = stripWords(i, value, word, lang);
    return verdictAfter.has(i) ? `${said} · ${verdictAfter.get(i)}` : said;
  });
}

/** The step buttons that would go nowhere from (hand, step), by action. */
export function idleActions(data, position, actions) {
  return Object.fromEntries(actions.map((action) => {
    const target = navigate(data, position, action);
    return [action, target.hand === position.hand && target.step === position.step];
  }));
}

/** The controls' figures: the slider's range and value, its spoken value, the counter. */
export function controlTexts(data, { hand, step }, word) {
  const last = stepCount(data, hand);
  const label = data.hands[hand]?.label ?? String(hand + 1);
  return {
    max: last,
    where: word("replay_where", { hand: label, hands: handCount(data), step, moves: last }),
    counter: word("replay_counter", { step, moves: last }),
  };
}
