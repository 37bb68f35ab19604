// The home page's form without the DOM: the seats in play, the request it sends to
// POST /api/tables, and what to say about the server's answer. The seats and games come
// from the page's facts (made in Python from the rules); the server checks the request.

/** @typedef {{id: string, players: number[], seats: Record<string, string[]>, target: number | null}} GameFacts */
/** @typedef {{games: GameFacts[], person: string, words?: Record<string, string>}} FormFacts */
/**
 * The form's values as typed: who sits at each seat ("human" or a bot) and the names given.
 * @typedef {{game: string, players?: string | number, target?: string | number | null, lang?: string,
 *            who?: Record<string, string>, names?: Record<string, string>}} FormValues
 */
/**
 * The body of POST /api/tables.
 * @typedef {{game: string, players?: number, rules?: {target: number | string}, bots?: Record<string, string>,
 *            names?: Record<string, string>, lang?: string}} TableRequest
 */

/**
 * The facts of one game (the first when the id is unknown).
 * @param {FormFacts} facts
 * @param {string} game
 */
export function gameFacts(facts, game) {
  return facts.games.find((g) => g.id === game) ?? facts.games[0];
}

/**
 * The seats in play for a game and a number of players, in the table's order.
 * @param {FormFacts} facts
 * @param {string} game
 * @param {string | number | undefined} players
 */
export function seatsInPlay(facts, game, players) {
  const g = gameFacts(facts, game);
  const count = g.players.includes(Number(players)) ? Number(players) : g.players[g.players.length - 1];
  return g.seats[String(count)];
}

/**
 * The body of POST /api/tables for the form's values:
 * {game, players, target, lang, who: {seat: "human" | bot}, names: {seat: text}}.
 * A target left empty is left out (the game's own default: 6, or play on).
 * @param {FormFacts} facts
 * @param {FormValues} values
 */
export function tableRequest(facts, values) {
  const g = gameFacts(facts, values.game);
  const seats = seatsInPlay(facts, g.id, values.players);
  /** @type {TableRequest} */
  const body = { game: g.id };
  if (g.players.length > 1) body.players = Number(values.players);
  const target = String(values.target ?? "").trim();
  if (target !== "") body.rules = { target: /^\d+$/.test(target) ? Number(target) : target };
  /** @type {Record<string, string>} */
  const bots = {};
  /** @type {Record<string, string>} */
  const names = {};
  for (const seat of seats) {
    const who = values.who?.[seat] ?? facts.person;
    if (who !== facts.person) bots[seat] = who;
    const name = String(values.names?.[seat] ?? "").trim();
    if (name) names[seat] = name;
  }
  if (Object.keys(bots).length) body.bots = bots;
  if (Object.keys(names).length) body.names = names;
  if (values.lang) body.lang = values.lang;
  return body;
}

/**
 * Whether a typed target is one the rules refuse: not empty and not a whole number from 1 to `most`.
 * @param {unknown} target
 * @param {number} most
 */
export function badTarget(target, most) {
  const text = String(target ?? "").trim();
  return text !== "" && !(/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= most);
}

/**
 * Whether the request leaves at least one seat to a person (the server insists on it).
 * @param {FormFacts} facts
 * @param {TableRequest} request
 */
export function hasPerson(facts, request) {
  return seatsInPlay(facts, request.game, request.players ?? 4).some((seat) => !(request.bots ?? {})[seat]);
}

/**
 * What to tell the host about an answer that is not 201, in the page's words:
 * status, the answer's JSON (or null), whether a key was sent, and Retry-After.
 * @param {Record<string, string>} words
 * @param {number} status
 * @param {unknown} body the answer's JSON
 * @param {{keySent?: boolean, retryAfter?: string | number | null}} [options]
 */
export function answerProblem(words, status, body, { keySent = false, retryAfter = null } = {}) {
  if (status === 0) return words.offline;
  if (status === 401) return keySent ? words.key_wrong : words.key_needed;
  if (status === 429) return words.too_many.replace("{seconds}", String(retryAfter ?? 60));
  if (status === 503) return words.server_full;
  const said = body && typeof body === "object" && "error" in body ? body.error : null;
  const error = typeof said === "string" ? said : `HTTP ${status}`;
  return words.failed.replace("{error}", error);
}

/**
 * The key the host key is remembered under: one per server address.
 * @param {string} origin
 * @param {string} path
 */
export function keyStorageName(origin, path) {
  return `dominoes-host-key@${origin}${path}`;
}
