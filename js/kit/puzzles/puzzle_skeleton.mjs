// The Puzzles widget's DOM, built once: the header (which puzzle, score, streak), the
// filters, the felt (the others face down, the line), the prompt and end choice, the
// mover's hand, the feedback, the hints, the buttons, the hand so far in words and the keys.

import { h } from "../common/dom.mjs";
import { buildFelt } from "../common/felt.mjs";

/** @param {string} name the filter's */
function select(name) {
  const label = h("span", { className: "dw-filter-label" });
  const input = h("select", { className: "dw-filter dw-field", dataset: { filter: name } });
  return { root: h("label", { className: "dw-filter-box" }, label, input), label, input };
}

/** The whole widget's DOM; `ui.root` goes into the page. */
export function buildPuzzles() {
  const number = h("strong", { className: "dw-puzzle-number" });
  const about = h("span", { className: "dw-puzzle-about" });
  const score = h("span", { className: "dw-puzzle-score" });
  const streak = h("span", { className: "dw-puzzle-streak" });
  const header = h("div", { className: "dw-puzzle-header" }, h("div", { className: "dw-puzzle-where" }, number, about),
    h("div", { className: "dw-puzzle-tally", "aria-live": "polite" }, score, streak));
  // with a learner (the `learning` trait): the mode, the rating, a review's mark, the best streak
  const learnMode = h("strong", { className: "dw-learn-mode" });
  const learnRating = h("span", { className: "dw-learn-rating" });
  const learnBest = h("span", { className: "dw-learn-best" });
  const learnReview = h("span", { className: "dw-learn-review", hidden: true });
  const learnBar = h("div", { className: "dw-learn-bar", hidden: true, "aria-live": "polite" }, learnMode, learnRating, learnBest, learnReview);
  // "Critical moment?": the question before the move, its two answers, and what the judge says
  const callQuestion = h("p", { className: "dw-learn-question" });
  const callButtons = h("div", { className: "dw-learn-answers" });
  const callSaid = h("p", { className: "dw-learn-called", "aria-live": "polite" });
  const callBox = h("div", { className: "dw-learn-call", hidden: true }, callQuestion, callButtons, callSaid);
  const learnOver = h("div", { className: "dw-learn-over", role: "status", hidden: true });
  const filters = { game: select("game"), theme: select("theme"), level: select("level") };
  const filterRow = h("div", { className: "dw-puzzle-filters" }, filters.game.root, filters.theme.root, filters.level.root);
  const felt = buildFelt();
  const prompt = h("div", { className: "dw-puzzle-prompt" });
  const choice = h("div", { className: "dw-choice dw-puzzle-choice", hidden: true });
  const hand = h("div", { className: "dw-hand dw-puzzle-hand", role: "toolbar" });
  const others = h("div", { className: "dw-puzzle-others" });
  const tray = h("div", { className: "dw-puzzle-tray" }, prompt, choice, hand, others);
  const empty = h("div", { className: "dw-puzzle-empty", hidden: true });
  const message = h("div", { className: "dw-puzzle-message", role: "alert", hidden: true });
  const feedbackTitle = h("strong", { className: "dw-feedback-title" });
  const feedbackWhy = h("div", { className: "dw-feedback-why" });
  const feedback = h("div", { className: "dw-puzzle-feedback", "aria-live": "polite", hidden: true }, feedbackTitle, feedbackWhy);
  const hints = h("ol", { className: "dw-puzzle-hints", "aria-live": "polite", hidden: true });
  const hintButton = h("button", { type: "button", className: "dw-button", dataset: { action: "hint" } });
  const nextButton = h("button", { type: "button", className: "dw-button dw-primary", dataset: { action: "next" } });
  const buttons = h("div", { className: "dw-puzzle-buttons" }, hintButton, nextButton);
  const storyTitle = h("summary", {});
  const story = h("ol", { className: "dw-puzzle-story" });
  const storyBox = h("details", { className: "dw-puzzle-story-box", open: true }, storyTitle, story);
  const keys = h("p", { className: "dw-puzzle-keys" });
  const main = h("div", { className: "dw-main dw-puzzle-main" }, felt.root, tray);
  const side = h("div", { className: "dw-puzzle-side" }, callBox, learnOver, message, feedback, hints, buttons, storyBox, keys);
  const board = h("div", { className: "dw-puzzle-board" }, main, side);
  const root = h("div", { className: "dominoes-widget dw-puzzles-widget", tabindex: "0", role: "region" },
    header, learnBar, filterRow, empty, board);
  return { root, number, about, score, streak, filters, felt, prompt, choice, hand, others, empty, message, feedback,
    feedbackTitle, feedbackWhy, hints, hintButton, nextButton, storyBox, storyTitle, story, keys, board,
    learnBar, learnMode, learnRating, learnBest, learnReview, callBox, callQuestion, callButtons, callSaid, learnOver };
}
