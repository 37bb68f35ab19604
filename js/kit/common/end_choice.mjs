// Choosing an end for a tile that fits both (or, on a wild blank end, which half touches):
// the prompt and its buttons in the status line. The ends glow on the line (line_view).

import { h, setChildren } from "./dom.mjs";
import { parseTile } from "./tile.mjs";
import { numberWord, tileName } from "./words.mjs";

/** @typedef {import("./words.mjs").Word} Word */

/**
 * "Left (four)": an end and the number it shows, as a button ("end") or a line slot ("slot").
 * @param {Word} word
 * @param {number[] | null | undefined} ends the line's open ends
 * @param {string} end "L" or "R"
 * @param {"end" | "slot"} kind
 */
export function endWords(word, ends, end, kind) {
  const number = numberWord(word, end === "L" ? ends?.[0] : ends?.[1]);
  return word(`${kind}_${end === "L" ? "left" : "right"}`, { number });
}

/**
 * The choice's labels for the line's glowing slots, or null when no end is being chosen.
 * @param {Word} word
 * @param {number[] | null | undefined} ends
 * @param {{ends: string[]} | null | undefined} choice
 */
export function slotChoice(word, ends, choice) {
  if (!choice || !choice.ends.length) return null;
  return { ends: choice.ends, labels: { L: endWords(word, ends, "L", "slot"), R: endWords(word, ends, "R", "slot") } };
}

/**
 * Draw the choice into `element` (hidden when `choice` is null): the prompt, a button per
 * end (data-end) or per half (data-move), and Cancel (data-cancel).
 * @param {HTMLElement} element
 * @param {null | {tile: string, moves: {text: string, tile: string | null}[], ends: string[]}} choice
 * @param {number[] | null | undefined} ends
 * @param {Word} word
 */
export function drawChoice(element, choice, ends, word) {
  element.hidden = !choice;
  if (!choice) {
    setChildren(element);
    return;
  }
  const name = tileName(word, choice.tile);
  const both = choice.ends.length > 1;
  const buttons = both
    ? choice.ends.map((end) => choiceButton(endWords(word, ends, end, "end"), { end }))
    : choice.moves.map((move) => choiceButton(word("half", { number: numberWord(word, parseTile(move.tile)?.[0]) }), { move: move.text }));
  const prompt = both
    ? word("choose_end", { tile: name })
    : word("choose_half", { tile: name, end: word(choice.ends[0] === "L" ? "end_word_left" : "end_word_right") });
  setChildren(element, h("span", { className: "dw-choice-prompt", text: prompt }), ...buttons, choiceButton(word("cancel"), { cancel: "" }));
}

/**
 * A plain button carrying `data` for the click handler.
 * @param {string} text
 * @param {Record<string, string>} data
 */
export function choiceButton(text, data) {
  return h("button", { type: "button", className: "dw-button", text, dataset: data });
}
