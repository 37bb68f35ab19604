// The Replay's deal check (js/PROTOCOL.md, "The Replay": a hand's `fair`): each hand shown is
// rechecked in the browser with fair_deal.mjs, once per data, and its line worded as the seat
// page words it (fair_check.mjs). The kernel's word is never taken for it. DOM-free.

import { verdictWords } from "../common/fair_check.mjs";
import { checkHand, hashing } from "../common/fair_deal.mjs";

/** @typedef {import("../common/fair_deal.mjs").FairRecordHand} FairRecordHand */
/** @typedef {import("../common/words.mjs").Word} Word */
/** @typedef {import("../common/views.mjs").ReplayHand} ReplayHand */
/** @typedef {import("./replay_steps.mjs").SomeData} SomeData */
/** @typedef {{status: (hand: number) => string | null | undefined}} FairChecks each hand's deal check, as it stands */

/**
 * A replayed hand's facts as a record's hand (`{fair, deal, boneyard}`, what checkHand takes), or null.
 * @param {Partial<ReplayHand> | null | undefined} handData
 * @returns {FairRecordHand | null}
 */
export function recordHandOf(handData) {
  const fair = handData?.fair;
  if (!fair || typeof fair !== "object" || !fair.block || typeof fair.block !== "object") return null;
  return { fair: fair.block, deal: fair.deal ?? {}, boneyard: fair.boneyard ?? [] };
}

/**
 * Whether some hand of `data` was dealt fairly: then every hand keeps the check's line.
 * @param {SomeData} data
 */
export function hasFairDeals(data) {
  return (data?.hands ?? []).some((hand) => recordHandOf(hand) !== null);
}

/**
 * The checks of one `data`'s hands. `status(hand)` is the hand's verdict ("checked",
 * "waiting", "commitment_mismatch", "deal_mismatch"), null for a hand with no `fair`, or
 * undefined while it is worked out: the first ask starts the check, and `onChecked(hand,
 * status)` is called when it is done. A check that throws (a garbled block) is a mismatch.
 * @param {SomeData} data the Replay's data
 * @param {(hand: number, status: string | null) => void} [onChecked]
 * @param {import("../common/fair_deal.mjs").Hashing} [hash] the hashing to use (fair_deal.mjs's hashing())
 * @returns {FairChecks}
 */
export function fairChecks(data, onChecked = () => {}, hash = hashing()) {
  /** @type {Map<number, string | null>} */
  const done = new Map();
  /** @type {Set<number>} */
  const started = new Set();
  const seats = Array.isArray(data?.seats) ? data.seats : [];
  return {
    status(hand) {
      if (done.has(hand)) return done.get(hand);
      const recordHand = recordHandOf(data?.hands?.[hand]);
      if (!recordHand) return null;
      if (!started.has(hand)) {
        started.add(hand);
        Promise.resolve()
          .then(() => checkHand(recordHand, { hand, seats }, hash))
          .catch(() => "deal_mismatch")
          .then((status) => {
            done.set(hand, status);
            onChecked(hand, status);
          });
      }
      return undefined;
    },
  };
}

/**
 * The line for hand `hand` at `status`: `{text, kind}` ("ok", "warning", "info"), or null (nothing yet).
 * @param {Word} word
 * @param {string | null | undefined} status
 * @param {number} hand
 * @param {Partial<ReplayHand> | null | undefined} handData
 */
export function fairLine(word, status, hand, handData) {
  return status ? verdictWords(word, status, hand, recordHandOf(handData)) : null;
}
