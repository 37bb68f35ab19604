// A small replay for the node tests of the Replay's kit modules (not bundled): two hands of
// a partnership match as the kernel sends them (steps as changes), the first analysed, and
// English words for the keys they show. The second hand is as a notebook saved before the
// moves came in words (no `move_items`).

export const WORDS = {
  hand_of: "{hand} of {hands}", pile: "Pile: {n}", pile_empty: "Pile: empty", deal: "Deal",
  best_name_end: "Best move, not played: {tile} on the {end} end, {percent} to win",
  best_name_lead: "Best move, not played: lead {tile}, {percent} to win", best_label: "Best: {tile} ({percent})",
  line: "Line of play: {count}, open ends {left} and {right}", line_empty: "No tile played yet",
  strip_deal: "Deal: {percent}", strip_point: "Move {step}: {percent}", strip_unknown: "not estimated",
  strip: "Chances to win this hand for {label}, move by move",
  replay_where: "{hand} of {hands} · move {step} of {moves}", replay_counter: "{step} / {moves}",
  verdict_inaccuracy: "inaccuracy", verdict_mistake: "mistake", verdict_blunder: "blunder",
  tile: "{n} tile", tiles: "{n} tiles", number_1: "one", number_4: "four", number_6: "six", end_word_left: "left",
  end_word_right: "right", tile_pair: "{a}-{b}", tile_double: "double {a}", play: "Play (space)", pause: "Pause (space)",
  play_short: "Play", pause_short: "Pause", hand_option: "{label} ({n} moves)", speed_option: "{n}/s", pass: "Pass",
  best_compare: "Best: {best} ({best_chance}) · played: {played} ({played_chance})", back: "Back (←)", forward: "Forward (→)", show_best: "Show the best move (B)", show_best_short: "Best move",
};

const PLAYERS = {
  N: { name: "North", label: "North", team: "NS" }, E: { name: "East", label: "East", team: "EW" },
  S: { name: "South", label: "South", team: "NS" }, W: { name: "West", label: "West", team: "EW" },
};
const SCORE = { title: "Score", rows: [{ key: "NS", label: "North-South", value: 0 }, { key: "EW", label: "East-West", value: 0 }], notes: [] };

const DEAL = {
  hands: { N: ["1-3", "4-4"], E: ["6-6", "1-6"], S: ["0-0", "4-6"], W: ["2-3", "1-1"] },
  pips: { N: 12, E: 19, S: 10, W: 7 }, line: [], lead: 0, last: null, ends: null, turn: "E", pile: null, passed: [],
  move: null, say: "Hand 1 is dealt: East leads.", note: null,
};

/** A hand not finished: no result (a finished one's is a ReplayResult). */
const NO_RESULT = /** @type {import("../common/views.mjs").ReplayResult | null} */ (null);

/**
 * The record (a ReplayData, partial where the kit does not read: the marks, the score rows).
 * @returns {import("../common/views.mjs").ReplayData}
 */
export function replayData() {
  return /** @type {import("../common/views.mjs").ReplayData} */ (/** @type {unknown} */ ({
    v: 2, lang: "en", game: "partnership", title: "Six Love", seats: ["N", "E", "S", "W"], bottom: "S", players: PLAYERS,
    end: "",
    hands: [
      {
        label: "Hand 1", moves: ["E 6-6", "S 6-4 R", "W pass"], move_items: ["East: lead 6-6", "South: 6-4 on the right", "West: pass"], score_before: SCORE, score_after: null,
        tally_before: "NS 0 · EW 0", tally_after: null, result: NO_RESULT,
        deltas: [
          DEAL,
          { hands: { E: ["1-6"] }, pips: { E: 7 }, line_left: [6, 6], last: 0, ends: [6, 6], turn: "S", move: "E 6-6", say: "East leads 6-6." },
          { hands: { S: ["0-0"] }, pips: { S: 0 }, line_right: [6, 4], last: 1, ends: [6, 4], turn: "W", move: "S 6-4 R", say: "South plays 6-4." },
          { passed: ["W"], turn: "N", move: "W pass", say: "West passes.", note: "No six, no four." },
        ],
        analysis: {
          sides: ["NS", "EW"],
          strip: { NS: [50, 50, 40, 45], EW: [50, 50, 60, 55] },
          marks: [
            { ply: 0, side: "EW", verdict: "good", loss: 0, played: "E 6-6", best: "E 6-6", win: 0.5, best_win: 0.5, words: "" },
            { ply: 1, side: "NS", verdict: "mistake", loss: 12, played: "S 6-4 R", best: "S 6-4 L", best_item: "South: 6-4 on the left", win: 0.4, best_win: 0.52, share: 40, best_share: 52, words: "Mistake: 6-4 on the right wins 40%; 6-4 on the left 52%." },
          ],
        },
      },
      {
        label: "Hand 2", moves: ["N 4-4"], score_before: SCORE, score_after: null, tally_before: "NS 0 · EW 0", tally_after: null,
        result: NO_RESULT, deltas: [{ ...DEAL, turn: "N", say: "Hand 2 is dealt." }, { line_left: [4, 4], turn: "E", move: "N 4-4", say: "North leads 4-4." }],
      },
    ],
  }));
}
