// The Replay's `data` as it travels, read back (dominoes_widget/sessions/replay/wire.py;
// js/PROTOCOL.md "The Replay"). DOM-free.
//
// Every repeated value (a sentence, a move, a score panel, a hand's pips) is written once in
// `shared`, and the rest points to it by its index; each step's change is a list
// `[mask, value, ...]`: bit i of `mask` says the change has `step_keys[i]`, the values follow
// in that order, and those of `shared_keys` are indices into `shared` (null stays null).
// Reading it back gives the data in its plain shape, steps as changes (js/kit/replay/replay_deltas.mjs).

/** @typedef {import("../common/views.mjs").ReplayData} ReplayData */

const HAND_SHARED = ["score_before", "score_after", "tally_before", "tally_after", "result"];
const HAND_SHARED_LISTS = ["moves", "move_items"];

/**
 * A value as it arrives from the kernel, before it is read: any shape until checked.
 * @typedef {any} Arrived
 */

/**
 * Whether `data` is packed (a notebook saved before it was, or a test's data, is not).
 * @param {Arrived} data
 */
export function isPacked(data) {
  return Boolean(data) && typeof data === "object" && Array.isArray(data.step_keys);
}

/** @type {WeakMap<object, ReplayData>} */
const unpacked = new WeakMap();

/**
 * The data in its plain shape: read once and kept; data not packed is returned as it is.
 * @param {any} data the Replay's `data` trait, packed (a ReplayWire) or not, or partial (a test's)
 * @returns {ReplayData}
 */
export function unpackData(data) {
  if (!isPacked(data)) return data ?? {};
  const known = unpacked.get(data) ?? readWire(data);
  unpacked.set(data, known);
  return known;
}

/**
 * @param {Arrived} wire a ReplayWire
 * @returns {ReplayData}
 */
function readWire(wire) {
  const { shared, step_keys: stepKeys, shared_keys: sharedKeys, hands, ...rest } = wire;
  /** @type {(at: unknown) => unknown} an index into `shared` (null stays null) */
  const value = (at) => (typeof at === "number" ? shared[at] : null);
  /** @type {boolean[]} */
  const refs = stepKeys.map((/** @type {string} */ key) => sharedKeys.includes(key));
  /** @type {(packed: unknown[]) => Record<string, unknown>} */
  const change = (packed) => {
    /** @type {Record<string, unknown>} */
    const out = {};
    let mask = Number(packed[0]);
    let next = 1;
    for (let at = 0; mask > 0; at++, mask = Math.floor(mask / 2)) {
      if (mask % 2 === 0) continue;
      const item = packed[next++];
      out[stepKeys[at]] = refs[at] ? value(item) : item;
    }
    return out;
  };
  return {
    ...rest,
    hands: (hands ?? []).map((/** @type {Arrived} */ packed) => {
      const hand = { ...packed };
      for (const name of HAND_SHARED) if (name in packed) hand[name] = value(packed[name]);
      for (const name of HAND_SHARED_LISTS) if (Array.isArray(packed[name])) hand[name] = packed[name].map(value);
      hand.deltas = (packed.deltas ?? []).map(change);
      return hand;
    }),
  };
}
