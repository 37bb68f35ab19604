// The kernel's part on a page that has no kernel: the one-file puzzles page runs the puzzle
// run here, the one-file replay page Learn from your mistakes' drill. Either is a session kept
// in the page, with the kernel's contract (sessions/*: a view, and each intent handled, a
// refusal changing nothing), and the page's model sends each intent to it instead of a
// kernel. DOM-free. The steps themselves are the group's own (kit/puzzles/puzzle_logic.mjs,
// kit/replay/mistakes.mjs): pure functions of a state and an intent.

import { pageModel } from "./page_model.mjs";

/** A message the page's model gets back, as it would from a kernel ({type: "live"}, a refusal…). */
/** @typedef {{type: string} & Record<string, unknown>} Reply */

/**
 * What a session answers an intent: the messages back, and whether its traits changed (a
 * refusal changes nothing).
 * @typedef {{replies: Reply[], changed: boolean}} Answer
 */

/**
 * A session kept in the page: the traits it shows, and each intent handled.
 * @typedef {object} PageSession
 * @property {() => Record<string, unknown>} traits the traits the session sets, by name
 * @property {(intent: unknown) => Answer} handle one intent, checked
 */

/**
 * One step of a session: the state after `intent`, or the same state and the refusal's key.
 * @template S
 * @typedef {(state: S, intent: unknown) => {state: S, refused: string | null}} Step
 */

/**
 * A session over pure steps: `step` moves the state (or refuses), `traits` shows it,
 * `refusal` words a refusal's key as the message the widget shows.
 * @template S
 * @param {{state: S, step: Step<S>, traits: (state: S) => Record<string, unknown>, refusal: (key: string) => Reply}} parts
 * @returns {PageSession}
 */
export function stepSession({ state, step, traits, refusal }) {
  let current = state;
  return {
    traits: () => traits(current),
    handle(intent) {
      const { state: after, refused } = step(current, intent);
      if (refused !== null) return { replies: [refusal(refused)], changed: false };
      current = after;
      return { replies: [], changed: true };
    },
  };
}

/**
 * The page's model over `values` (the widget's traits) with `session` where the kernel would
 * be: its traits set first, each `send(intent)` handled by it, a change set on the model (each
 * trait fires its "change:" event) and each reply fired as the kernel's "msg:custom".
 * @param {Record<string, unknown>} values
 * @param {PageSession} session
 */
export function sessionModel(values, session) {
  const model = pageModel({ ...values, ...session.traits() }, (/** @type {unknown} */ intent) => {
    const { replies, changed } = session.handle(intent);
    if (changed) for (const [name, value] of Object.entries(session.traits())) model.set(name, value);
    for (const reply of replies) model.emit("msg:custom", reply);
  });
  return model;
}
