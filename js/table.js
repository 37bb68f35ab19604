// The `Table` widget's front end (anywidget module). It draws what the kernel's `view`
// says one seat may see, in the kernel's words, and sends intents; the kernel checks
// every one. See js/PROTOCOL.md for the traits and messages.
//
// One arrangement of the kit (js/kit/): the felt with the seats round the line, then a
// status line and a tray (the hand and its buttons, or the hand's result), and the side
// panels. Every region has a fixed size, so nothing moves when a notice, an end choice
// or a result appears, and the line's tiles shrink to fit instead of the table growing.
//
// The DOM is built once in render(); each part has a small update function that redraws
// it only when the slice of the view it reads changed.

import { changeTracker, h, hasFocus, listen, listenModel, setChildren, svgNode } from "./kit/dom.mjs";
import { buildFelt, drawSeat } from "./kit/felt.mjs";
import { lineDrawing } from "./kit/line_view.mjs";
import { applyPalette } from "./kit/palette.mjs";
import { buildSide, drawCounting, drawMoveList, drawScore, markCurrentMove, moveItems } from "./kit/panels.mjs";
import { seatsByPosition } from "./kit/seats.mjs";
import { parseMove, parseTile, sameTile, sortedKey, tileSvg } from "./kit/tile.mjs";
import { countWords, makeWords, numberWord, percent, tileName } from "./kit/words.mjs";
import { chooseEnd, legalMoveOfKind, resolveTileClick } from "./move_choice.mjs";

const FLASH_MS = 4500;
// A click the kernel has not answered within this time: no kernel is listening (an
// exported page, a notebook opened without running it, a kernel that died).
const NO_ANSWER_MS = 5000;
// Intents the kernel always answers with a changed view or a message. A repeated Hint may
// bring back the same view, which ipywidgets does not send again, so it is not watched.
const ANSWERED = new Set(["move", "choose_leader", "next_hand", "new_match", "uncover", "look", "undo", "counting"]);
const LINE_UNIT = { minUnit: 6, maxUnit: 32 };
const HAND_UNIT = { min: 12, max: 30 };
const HAND_TILE_CHROME = 14; // px of padding, border and gap round each tile in the hand

const DEFAULT_VIEW = {
  v: 2,
  lang: "en",
  game: "partnership",
  title: "",
  seats: [],
  bottom: null,
  players: {},
  viewer: null,
  hands: {},
  pips: {},
  line: [],
  lead: 0,
  last: null,
  ends: null,
  turn: null,
  pile: null,
  passed: [],
  moves: [],
  move_words: [],
  legal: [],
  playable: [],
  hand_number: 0,
  hand_label: "",
  phase: "playing",
  status: "",
  message: null,
  score: null,
  leader_choices: [],
  leader_prompt: "",
  cover: null,
  result: null,
  look: null,
  can_undo: false,
  coach: false,
  hint: null,
  counting: null,
};
const LIST_KEYS = ["seats", "line", "passed", "moves", "move_words", "legal", "playable", "leader_choices"];

function render({ model, el }) {
  const ui = buildSkeleton();
  applyPalette(ui.root);
  el.appendChild(ui.root);

  const state = {
    view: readView(model),
    word: makeWords(model.get("words")),
    changed: changeTracker(),
    choice: null, // {tile, moves, ends, legal} while the person picks an end
    handFocus: 0,
    messageId: undefined,
    flashTimer: 0,
    answerTimer: 0, // waiting for the kernel's answer to an intent
    noKernel: false, // an intent went unanswered: the status line says playing needs a kernel
    lineSize: { width: 0, height: 0 },
    lineKeys: null, // the tiles on the line at the last draw, to fade new ones in
    lineLook: null,
    handWidth: 0,
  };
  const word = (key, params) => state.word(key, params);

  // ---- sending intents -----------------------------------------------------------

  function send(message) {
    model.send(message);
    if (ANSWERED.has(message.type) && !state.answerTimer) state.answerTimer = setTimeout(noAnswer, NO_ANSWER_MS);
  }

  // No kernel answered: say so, instead of a status that invites more clicks in vain.
  function noAnswer() {
    state.answerTimer = 0;
    state.noKernel = true;
    updateStatus(state.view);
  }

  // The kernel spoke (a new view or a message): it is there.
  function heard() {
    clearTimeout(state.answerTimer);
    state.answerTimer = 0;
    state.noKernel = false;
  }

  // Moves go only from a playing table, to a seat at the screen, not while looking back.
  function canSendMoves(view = state.view) {
    return Boolean(view.viewer) && view.phase === "playing" && !view.look;
  }

  function sendMove(move) {
    cancelChoice();
    if (!canSendMoves()) return;
    // The position the click was made in: a late double click is refused as stale.
    const view = state.view;
    send({ type: "move", move, hand: view.hand_number, ply: view.moves.length });
  }

  function act(decision, tile) {
    if (decision.action === "send") sendMove(decision.move);
    else if (decision.action === "choose") startChoice(tile, decision);
  }

  function playTile(tile) {
    const view = state.view;
    if (!canSendMoves(view) || view.bottom !== view.viewer) return;
    act(resolveTileClick({ legal: view.legal, viewer: view.viewer, ends: view.ends, tile }), tile);
  }

  function pickEnd(end) {
    if (!state.choice || !state.choice.ends.includes(end)) return;
    act(chooseEnd(state.choice.moves, end), state.choice.tile);
  }

  // ---- choosing an end: both ends glow, the status line asks ----------------------

  function startChoice(tile, { moves, ends }) {
    state.choice = { tile, moves, ends, legal: JSON.stringify(state.view.legal) };
    drawChoice();
    updateLine(state.view);
  }

  function cancelChoice() {
    if (!state.choice) return;
    state.choice = null;
    drawChoice();
    updateLine(state.view);
  }

  function drawChoice() {
    const choice = state.choice;
    ui.choice.hidden = !choice;
    if (!choice) {
      setChildren(ui.choice);
      return;
    }
    const name = tileName(word, choice.tile);
    const buttons =
      choice.ends.length > 1
        ? choice.ends.map((end) => actionButton(endWords(end, "end"), { end }))
        : choice.moves.map((move) => actionButton(word("half", { number: numberWord(word, parseTile(move.tile)[0]) }), { move: move.text }));
    const prompt =
      choice.ends.length > 1
        ? word("choose_end", { tile: name })
        : word("choose_half", { tile: name, end: word(choice.ends[0] === "L" ? "end_word_left" : "end_word_right") });
    setChildren(ui.choice, h("span", { className: "dw-choice-prompt", text: prompt }), ...buttons, actionButton(word("cancel"), { cancel: "" }));
  }

  // "Left (four)": an end and the number it shows, as a button ("end") or a slot ("slot").
  function endWords(end, kind) {
    const ends = state.view.ends ?? [];
    const number = numberWord(word, end === "L" ? ends[0] : ends[1]);
    return word(`${kind}_${end === "L" ? "left" : "right"}`, { number });
  }

  // ---- one update function per part of the view -----------------------------------

  function updateFelt(view) {
    const byPosition = seatsByPosition(view.seats, view.bottom ?? view.viewer);
    const trayShowsBottom = !showsResult(view);
    const inputs = [view.seats, view.bottom, view.viewer, view.players, view.hands, view.pips, view.turn, view.passed, view.result?.winners, view.phase, trayShowsBottom];
    if (state.changed("seats", inputs)) {
      for (const [position, seat] of Object.entries(byPosition)) {
        const info = seat ? seatInfo(view, seat, { showTiles: !(position === "bottom" && trayShowsBottom) }) : null;
        drawSeat(ui.felt.seats[position], info, word);
      }
      ui.felt.root.classList.toggle("dw-no-sides", !byPosition.left && !byPosition.right);
    }
    if (state.changed("corners", [view.title, view.hand_label, view.pile, view.look])) {
      setChildren(ui.felt.corners.topStart, h("strong", { text: view.title }), h("span", { text: view.hand_label }));
      const pile = view.pile === null || view.pile === undefined ? null : view.pile > 0 ? word("pile", { n: view.pile }) : word("pile_empty");
      setChildren(ui.felt.corners.topEnd, ...(pile ? [h("span", { className: "dw-pile", text: pile })] : []));
    }
  }

  function seatInfo(view, seat, { showTiles }) {
    const player = view.players[seat] ?? {};
    return {
      seat,
      label: player.label || player.name || seat,
      hand: view.hands[seat] ?? 0,
      pips: view.pips?.[seat] ?? null,
      turn: view.turn === seat && view.phase === "playing",
      passed: view.passed.includes(seat),
      winner: Boolean(view.result?.winners?.includes(seat)),
      showTiles,
    };
  }

  function updateLine(view) {
    const { width, height } = state.lineSize;
    const choiceEnds = state.choice?.ends ?? [];
    if (!state.changed("line", [view.line, view.lead, view.last, view.ends, width, height, choiceEnds])) return;
    // New tiles fade in, except when the position jumps (looking back and forth).
    const lookPly = view.look?.ply ?? null;
    const previous = state.lineLook === lookPly ? state.lineKeys : null;
    state.lineKeys = new Set(view.line.map(sortedKey));
    state.lineLook = lookPly;
    const isNew = (index) => previous !== null && !previous.has(sortedKey(view.line[index]));
    const empty = view.line.length === 0;
    ui.felt.lineEmpty.hidden = !empty;
    ui.felt.lineEmpty.textContent = empty ? word("line_empty") : "";
    const label = empty
      ? word("line_empty")
      : word("line", {
          count: countWords(word, view.line.length, "tile", "tiles"),
          left: numberWord(word, view.ends?.[0]),
          right: numberWord(word, view.ends?.[1]),
        });
    ui.felt.lineSvg.setAttribute("aria-label", label);
    if (!width || !height) return; // not laid out yet: the resize observer draws it
    const choice = choiceEnds.length ? { ends: choiceEnds, labels: { L: endWords("L", "slot"), R: endWords("R", "slot") } } : null;
    const { markup } = lineDrawing(view.line, view.lead, { width, height, last: view.last, isNew, choice, ...LINE_UNIT });
    ui.felt.lineSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    ui.felt.lineSvg.innerHTML = markup;
  }

  function updateTray(view) {
    const result = showsResult(view);
    ui.hand.hidden = result;
    ui.result.hidden = !result;
    if (result) drawResult(view);
    else drawHand(view);
    drawActions(view);
  }

  function handTiles(view) {
    const hand = view.hands[view.bottom ?? view.viewer];
    if (view.phase === "cover") return [];
    return Array.isArray(hand) ? hand : Array(Math.max(0, Number(hand) || 0)).fill(null);
  }

  function drawHand(view) {
    const tiles = handTiles(view);
    const mine = Boolean(view.viewer) && (view.bottom ?? view.viewer) === view.viewer;
    const active = mine && canSendMoves(view);
    const myTurn = active && view.legal.length > 0;
    const inputs = [tiles, view.playable, myTurn, active, view.hint, view.lang, mine];
    sizeHand(tiles.length);
    if (!state.changed("hand", inputs)) return;
    const hadFocus = hasFocus(ui.hand);
    state.handFocus = Math.min(state.handFocus, Math.max(0, tiles.length - 1));
    const chances = hintChances(view);
    ui.hand.classList.toggle("dw-readonly", !active);
    ui.hand.setAttribute("aria-label", mine ? word("your_tiles") : view.players[view.bottom]?.label ?? "");
    setChildren(ui.hand,
      ...tiles.map((tile, index) => {
        if (tile === null) return h("span", { className: "dw-hand-tile dw-face-down-tile", "aria-hidden": "true" }, svgNode(tileSvg(null, { fluid: true })));
        const playable = view.playable.length > 0 && view.playable.some((p) => sameTile(p, tile));
        const chance = chances.get(sortedKey(tile));
        const classes = ["dw-hand-tile"];
        if (playable) classes.push("dw-playable");
        else if (myTurn && view.playable.length > 0) classes.push("dw-unplayable");
        if (chance?.best) classes.push("dw-best");
        const button = h(
          "button",
          {
            type: "button",
            className: classes.join(" "),
            "aria-label": chance ? `${tileName(word, tile)}, ${chance.text}` : tileName(word, tile),
            "aria-disabled": active ? null : "true",
            dataset: { tile },
            tabindex: index === state.handFocus ? "0" : "-1",
          },
          svgNode(tileSvg(tile, { fluid: true })),
          chance ? h("span", { className: "dw-hint-badge", "aria-hidden": "true", text: chance.percent }) : null,
        );
        return button;
      }),
    );
    if (hadFocus) focusHand();
  }

  // The hand's tiles shrink when many must share the tray's width.
  function sizeHand(count) {
    const width = state.handWidth || ui.hand.clientWidth;
    if (!width || !count) return;
    const unit = Math.floor((width / count - HAND_TILE_CHROME) / 1.16);
    ui.hand.style.setProperty("--dw-hand-unit", `${Math.max(HAND_UNIT.min, Math.min(HAND_UNIT.max, unit))}px`);
  }

  // Each hand tile's best chance in the coach's answer: sorted key -> {percent, text, best}.
  function hintChances(view) {
    const chances = new Map();
    for (const move of view.hint?.moves ?? []) {
      const parsed = parseMove(move.move);
      if (!parsed?.tile) continue;
      const key = sortedKey(parsed.tile);
      const best = move.move === view.hint.best;
      const known = chances.get(key);
      if (known && known.win >= move.win && !best) continue;
      const text = percent(move.win, view.lang);
      chances.set(key, { win: move.win, percent: text, text: word("win_chance", { percent: text }), best: best || Boolean(known?.best) });
    }
    return chances;
  }

  function drawResult(view) {
    if (!state.changed("result", [view.result])) return;
    const result = view.result ?? { title: "", lines: [] };
    setChildren(ui.result,
      h("h2", { className: "dw-result-title", text: result.title ?? "" }),
      result.match ? h("p", { className: "dw-result-match", text: result.match }) : null,
      ...(result.lines ?? []).map((line) => h("p", { className: "dw-result-line", text: line })),
    );
  }

  function drawActions(view) {
    const phase = view.phase;
    const result = showsResult(view);
    const leader = phase === "choose_leader" && view.leader_choices.length > 0;
    ui.moveActions.hidden = result || leader;
    ui.leaderActions.hidden = !leader;
    ui.resultActions.hidden = !result;
    const looking = Boolean(view.look);
    const pass = canSendMoves(view) ? legalMoveOfKind(view.legal, "pass") : null;
    const draw = canSendMoves(view) ? legalMoveOfKind(view.legal, "draw") : null;
    setMoveButton(ui.pass, pass);
    setMoveButton(ui.draw, draw);
    // Fixed places: a button that does not apply here keeps its room, invisible.
    ui.draw.classList.toggle("dw-absent", view.pile === null && !draw);
    ui.undo.classList.toggle("dw-absent", !view.can_undo);
    ui.undo.disabled = !view.can_undo || looking;
    ui.hint.classList.toggle("dw-absent", !view.coach);
    ui.hint.disabled = !view.coach || looking || phase !== "playing";
    if (leader && state.changed("leaders", [view.leader_choices])) {
      setChildren(ui.leaderActions,
        ...view.leader_choices.map((choice) => {
          const button = actionButton(choice.label ?? choice.seat, { send: JSON.stringify({ type: "choose_leader", seat: choice.seat }) });
          button.classList.add("dw-primary");
          return button;
        }),
      );
    }
    if (result) {
      const next = phase === "match_over" ? "new_match" : "next_hand";
      ui.resultButton.textContent = view.result?.button || word(next);
      ui.resultButton.dataset.send = JSON.stringify({ type: next });
    }
  }

  function setMoveButton(button, move) {
    button.disabled = !move;
    button.dataset.move = move ? move.text : "";
  }

  function updateStatus(view) {
    const text = state.noKernel ? word("no_kernel") : view.phase === "choose_leader" && view.leader_prompt ? view.leader_prompt : view.status;
    ui.statusText.textContent = text;
    ui.statusText.title = text;
    ui.status.classList.toggle("dw-my-turn", !state.noKernel && canSendMoves(view) && view.turn === view.viewer && view.legal.length > 0);
    ui.status.classList.toggle("dw-no-kernel", state.noKernel);
    ui.look.hidden = !view.look;
    ui.lookText.textContent = view.look?.label ?? "";
    ui.main.classList.toggle("dw-looking", Boolean(view.look));
  }

  function updateMessage(view) {
    const message = view.message;
    if (!message || message.id === state.messageId) return;
    state.messageId = message.id;
    if (message.text) flash(message.text, message.kind ?? "info", message.reason);
  }

  function updateSide(view) {
    if (state.changed("score", [view.score, view.hand_label])) drawScore(ui.score, view.score, { subtitle: view.hand_label });
    const current = view.look ? view.look.ply : view.moves.length;
    const listed = [view.moves, view.move_words, view.players, view.phase === "cover"];
    if (state.changed("moves", listed)) {
      const names = Object.fromEntries(Object.entries(view.players).map(([seat, player]) => [seat, player.name]));
      drawMoveList(ui.moveList, moveItems(word, view.moves, view.move_words, names), current, { disabled: view.phase === "cover" });
    } else if (state.changed("current-move", [current])) {
      markCurrentMove(ui.moveList, current);
    }
    if (state.changed("hint", [view.hint, view.lang])) drawHint(view);
    if (state.changed("counting", [view.counting, view.coach])) drawCountingPanel(view);
  }

  function drawHint(view) {
    const hint = view.hint;
    ui.coach.hidden = !hint;
    if (!hint) return;
    const rows = (hint.moves ?? []).map((move) => {
      const best = move.move === hint.best;
      const range = Number.isFinite(move.low) && Number.isFinite(move.high) ? word("win_range", { low: percent(move.low, view.lang), high: percent(move.high, view.lang) }) : "";
      return h(
        "li",
        { className: `dw-hint-move${best ? " dw-best" : ""}`, title: range || null },
        h("span", { className: "dw-hint-label", text: move.label ?? move.move }),
        h("span", { className: "dw-hint-bar", style: `--dw-win: ${Math.max(0, Math.min(1, Number(move.win) || 0))}` }),
        h("span", { className: "dw-hint-win", text: percent(move.win, view.lang) }),
        best ? h("span", { className: "dw-mark dw-mark-best", text: word("best") }) : null,
      );
    });
    setChildren(ui.coach,
      h("h3", { className: "dw-panel-title", text: word("coach") }),
      hint.words ? h("p", { className: "dw-hint-words", text: hint.words }) : null,
      h("ol", { className: "dw-hint-moves" }, ...rows),
    );
  }

  // The toggle shows with the coach or while counting; the panel's body is the kit's.
  function drawCountingPanel(view) {
    ui.countingPanel.hidden = !(view.coach || view.counting);
    ui.countingToggle.setAttribute("aria-pressed", view.counting ? "true" : "false");
    drawCounting(ui.countingBody, view.counting, word);
  }

  function updateCover(view) {
    const covered = view.phase === "cover";
    const hadFocus = hasFocus(ui.root);
    ui.cover.hidden = !covered;
    ui.board.inert = covered; // out of reach of the mouse, the keyboard and screen readers
    if (!covered) return;
    ui.coverTitle.textContent = view.cover?.title || view.status;
    ui.coverHint.textContent = view.cover?.hint ?? "";
    ui.cover.setAttribute("aria-label", [view.cover?.title, view.cover?.hint].filter(Boolean).join(". ") || view.status);
    if (hadFocus) ui.cover.focus();
  }

  function onView() {
    heard();
    updateView();
  }

  function updateView() {
    const view = readView(model);
    state.view = view;
    if (state.choice && (state.choice.legal !== JSON.stringify(view.legal) || view.look || view.phase !== "playing")) {
      state.choice = null;
      drawChoice();
    }
    ui.root.dataset.phase = view.phase;
    updateFelt(view);
    updateLine(view);
    updateTray(view);
    updateStatus(view);
    updateMessage(view);
    updateSide(view);
    updateCover(view);
  }

  // The words arrive once; when they change, every part is drawn again in them.
  function updateWords() {
    state.word = makeWords(model.get("words"));
    state.changed = changeTracker();
    ui.pass.textContent = word("pass");
    ui.draw.textContent = word("draw");
    ui.undo.textContent = word("undo");
    ui.hint.textContent = word("hint");
    ui.backButton.textContent = word("back_to_game");
    ui.movesTitle.textContent = word("moves");
    ui.rulesSummary.textContent = word("rules");
    ui.countingToggle.textContent = word("counting");
    ui.table.setAttribute("aria-label", word("table"));
    ui.side.setAttribute("aria-label", word("panels"));
    drawChoice();
    updateView();
    updateRules();
  }

  function updateRules() {
    ui.rulesText.textContent = model.get("rules_text") || "";
    ui.rules.hidden = !ui.rulesText.textContent;
  }

  // ---- notices: the kernel's messages, shortly, over the status line ------------------

  function onCustomMessage(message) {
    if (message?.type !== "refused" && message?.type !== "error") return;
    const wasSilent = state.noKernel;
    heard();
    if (wasSilent) updateStatus(state.view);
    cancelChoice();
    if (message.message) flash(message.message, message.type, message.reason);
  }

  function flash(text, kind, reason = null) {
    ui.notice.textContent = text;
    ui.notice.dataset.kind = kind;
    ui.notice.title = reason ?? ""; // a reason code only as a tooltip
    ui.notice.classList.add("dw-visible");
    clearTimeout(state.flashTimer);
    state.flashTimer = setTimeout(() => ui.notice.classList.remove("dw-visible"), FLASH_MS);
  }

  // ---- input ----------------------------------------------------------------------------

  function focusHand() {
    const buttons = ui.hand.querySelectorAll("button[data-tile]");
    const target = buttons[Math.min(state.handFocus, buttons.length - 1)];
    target?.focus({ preventScroll: true });
  }

  function onHandClick(event) {
    const button = event.target.closest("button[data-tile]");
    if (button) playTile(button.dataset.tile);
  }

  function onHandFocus(event) {
    const buttons = [...ui.hand.querySelectorAll("button[data-tile]")];
    const index = buttons.indexOf(event.target);
    if (index < 0) return;
    state.handFocus = index;
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === index ? "0" : "-1"));
  }

  const FOCUS_MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function onHandKeyDown(event) {
    const buttons = [...ui.hand.querySelectorAll("button[data-tile]")];
    if (buttons.length === 0) return;
    let index = null;
    if (event.key in FOCUS_MOVES) index = (state.handFocus + FOCUS_MOVES[event.key] + buttons.length) % buttons.length;
    else if (event.key === "Home") index = 0;
    else if (event.key === "End") index = buttons.length - 1;
    if (index === null) return;
    event.preventDefault();
    event.stopPropagation();
    buttons[index].focus();
  }

  function onRootKeyDown(event) {
    // Enter and Space activate buttons: keep the notebook's shortcuts from acting on them.
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("button, [role=button]")) event.stopPropagation();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (state.choice) {
      if (key === "escape") cancelChoice();
      else if (key === "l" || key === "r") pickEnd(key.toUpperCase());
      else return;
    } else if (key === "escape" && state.view.look) {
      send({ type: "look", ply: null });
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  function onLineActivate(event) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest("[data-end]");
    if (!target) return;
    event.preventDefault();
    pickEnd(target.dataset.end);
  }

  function onChoiceClick(event) {
    const button = event.target.closest("button");
    if (!button) return;
    if ("end" in button.dataset) pickEnd(button.dataset.end);
    else if ("move" in button.dataset) sendMove(button.dataset.move);
    else if ("cancel" in button.dataset) cancelChoice();
  }

  function onActionClick(event) {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    if (button === ui.pass || button === ui.draw) {
      if (button.dataset.move) sendMove(button.dataset.move);
      focusHand(); // the next turn is played from the hand
    } else if (button === ui.undo) send({ type: "undo" });
    else if (button === ui.hint) send({ type: "hint" });
    else if (button.dataset.send) send(JSON.parse(button.dataset.send));
  }

  function onMoveListClick(event) {
    const button = event.target.closest("button[data-ply]");
    if (!button) return;
    const ply = Number(button.dataset.ply);
    const view = state.view;
    const present = ply >= view.moves.length;
    if (present && !view.look) return;
    if (view.look && view.look.ply === ply) return; // already shown
    send({ type: "look", ply: present ? null : ply });
  }

  function onBackClick() {
    send({ type: "look", ply: null });
  }

  function onCountingClick() {
    send({ type: "counting", show: !state.view.counting });
  }

  function onCoverActivate(event) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    send({ type: "uncover" });
  }

  // The line's box and the hand have fixed heights; their widths follow the cell.
  const resizeObserver = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const { width, height } = entry.contentRect;
      if (entry.target === ui.felt.lineBox) {
        const size = { width: Math.floor(width), height: Math.floor(height) };
        if (size.width <= 0 || (size.width === state.lineSize.width && size.height === state.lineSize.height)) continue;
        state.lineSize = size;
        updateLine(state.view);
      } else if (entry.target === ui.hand && Math.floor(width) !== state.handWidth) {
        state.handWidth = Math.floor(width);
        sizeHand(handTiles(state.view).length);
      }
    }
  });

  const removeListeners = listen([
    [ui.hand, "click", onHandClick],
    [ui.hand, "focusin", onHandFocus],
    [ui.hand, "keydown", onHandKeyDown],
    [ui.root, "keydown", onRootKeyDown],
    [ui.felt.lineSvg, "click", onLineActivate],
    [ui.felt.lineSvg, "keydown", onLineActivate],
    [ui.choice, "click", onChoiceClick],
    [ui.actions, "click", onActionClick],
    [ui.moveList, "click", onMoveListClick],
    [ui.backButton, "click", onBackClick],
    [ui.countingToggle, "click", onCountingClick],
    [ui.cover, "click", onCoverActivate],
    [ui.cover, "keydown", onCoverActivate],
  ]);
  const removeModelListeners = listenModel(model, [
    ["change:view", onView],
    ["change:words", updateWords],
    ["change:rules_text", updateRules],
    ["msg:custom", onCustomMessage],
  ]);
  resizeObserver.observe(ui.felt.lineBox);
  resizeObserver.observe(ui.hand);

  // Measure now when the element is already in the page (else the observer draws it).
  state.lineSize = { width: Math.floor(ui.felt.lineBox.clientWidth), height: Math.floor(ui.felt.lineBox.clientHeight) };
  state.handWidth = Math.floor(ui.hand.clientWidth);
  updateWords();

  return () => {
    removeModelListeners();
    removeListeners();
    resizeObserver.disconnect();
    clearTimeout(state.flashTimer);
    clearTimeout(state.answerTimer);
    ui.root.remove();
  };
}

// ---- helpers (no widget state) -------------------------------------------------------

function readView(model) {
  const view = { ...DEFAULT_VIEW, ...(model.get("view") ?? {}) };
  for (const key of LIST_KEYS) if (!Array.isArray(view[key])) view[key] = [];
  for (const key of ["players", "hands", "pips"]) if (!view[key] || typeof view[key] !== "object") view[key] = {};
  if (!view.bottom || !view.seats.includes(view.bottom)) view.bottom = view.viewer ?? view.seats[0] ?? null;
  return view;
}

function showsResult(view) {
  return view.phase === "hand_over" || view.phase === "match_over";
}

function actionButton(text, data) {
  return h("button", { type: "button", className: "dw-button", text, dataset: data });
}


// ---- building the DOM once --------------------------------------------------------------

function buildSkeleton() {
  const felt = buildFelt();
  const table = h("div", { className: "dw-table", role: "group" }, felt.root);

  const statusText = h("span", { className: "dw-status-text" });
  const notice = h("div", { className: "dw-notice", role: "alert" });
  const choice = h("div", { className: "dw-choice dw-status-layer", hidden: true });
  const lookText = h("span", { className: "dw-look-text" });
  const backButton = h("button", { type: "button", className: "dw-button dw-primary dw-back" });
  const look = h("div", { className: "dw-look dw-status-layer", hidden: true }, lookText, backButton);
  const status = h("div", { className: "dw-status", role: "status" }, statusText, notice, look, choice);

  const hand = h("div", { className: "dw-hand", role: "toolbar" });
  const result = h("section", { className: "dw-result", hidden: true, "aria-live": "polite" });
  const pass = h("button", { type: "button", className: "dw-button dw-pass", disabled: true });
  const draw = h("button", { type: "button", className: "dw-button dw-draw", disabled: true });
  const undo = h("button", { type: "button", className: "dw-button dw-undo", disabled: true });
  const hint = h("button", { type: "button", className: "dw-button dw-hint", disabled: true });
  const moveActions = h("div", { className: "dw-move-actions" }, pass, draw, undo, hint);
  const leaderActions = h("div", { className: "dw-leader-actions", hidden: true });
  const resultButton = h("button", { type: "button", className: "dw-button dw-primary dw-next" });
  const resultActions = h("div", { className: "dw-result-actions", hidden: true }, resultButton);
  const actions = h("div", { className: "dw-actions" }, moveActions, leaderActions, resultActions);
  const tray = h("div", { className: "dw-tray" }, hand, result, actions);
  const main = h("div", { className: "dw-main" }, table, status, tray);

  const coach = h("section", { className: "dw-panel dw-coach", hidden: true, "aria-live": "polite" });
  const countingToggle = h("button", { type: "button", className: "dw-button dw-counting-toggle", "aria-pressed": "false" });
  const countingBody = h("div", { className: "dw-counting-body" });
  const countingPanel = h("section", { className: "dw-panel dw-counting", hidden: true }, countingToggle, countingBody);
  const panels = buildSide(coach, countingPanel);
  const board = h("div", { className: "dw-board" }, main, panels.side);

  const coverTitle = h("h2", { className: "dw-cover-title" });
  const coverHint = h("p", { className: "dw-cover-hint" });
  const cover = h("div", { className: "dw-cover", hidden: true, role: "button", tabindex: "0" }, coverTitle, coverHint);
  // data-lm-suppress-shortcuts: JupyterLab leaves our keys (L, R, arrows, Escape) alone.
  const root = h("div", { className: "dominoes-widget dw-table-widget", "data-lm-suppress-shortcuts": "true" }, board, cover);
  return {
    root, board, main, felt, table, status, statusText, notice, choice, look, lookText, backButton,
    hand, result, actions, moveActions, leaderActions, resultActions, resultButton, pass, draw, undo, hint,
    ...panels, coach, countingPanel, countingToggle, countingBody, cover, coverTitle, coverHint,
  };
}

export default { render };
