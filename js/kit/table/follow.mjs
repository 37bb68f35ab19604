// Following the game: the line under the felt that says what every seat did since your last
// move (the kernel's words), a new hand's announcement over the line, and the bots' speed.

import { h, setChildren } from "../common/dom.mjs";

/** The announcement's DOM (over the line) and the speed control's (a side panel). */
export function buildFollow() {
  const announceText = h("p", { className: "dw-announce-text" });
  const goOn = h("button", { type: "button", className: "dw-button dw-primary dw-go-on" });
  const announce = h("div", { className: "dw-announce", hidden: true, role: "status" }, announceText, goOn);
  const speedLabel = h("span", { className: "dw-speed-label" });
  const speedSelect = h("select", { className: "dw-speed-select" });
  const speedPanel = h("label", { className: "dw-panel dw-speed", hidden: true }, speedLabel, speedSelect);
  return { announce, announceText, goOn, speedPanel, speedLabel, speedSelect };
}

/**
 * The recap line (hidden when empty) and, while the table holds, the hand's announcement.
 * @param {ReturnType<typeof buildFollow> & {recap: HTMLElement}} ui
 * @param {import("./table_view.mjs").ReadView} view
 * @param {import("../common/words.mjs").Word} word
 */
export function drawFollow(ui, view, word) {
  ui.recap.textContent = view.recap;
  ui.recap.title = view.recap;
  ui.recap.classList.toggle("dw-empty", !view.recap);
  ui.announce.hidden = !view.holding;
  ui.announceText.textContent = view.announce;
  ui.goOn.textContent = word("go_on");
}

/** The speed control: one option per speed the kernel offers, the current one selected; hidden with
 * none; greyed (with the words why) for anyone but the host (`can_set_table`).
 * @param {ReturnType<typeof buildFollow>} ui
 * @param {import("./table_view.mjs").ReadView} view
 * @param {import("../common/words.mjs").Word} word
 */
export function drawSpeed(ui, view, word) {
  ui.speedPanel.hidden = view.speeds.length === 0;
  ui.speedLabel.textContent = word("bot_speed");
  // the bots' speed is the whole table's: at a served table only its host changes it
  ui.speedSelect.disabled = view.can_set_table === false;
  ui.speedPanel.title = view.can_set_table === false ? word("host_only") : "";
  setChildren(ui.speedSelect,
    ...view.speeds.map(({ key, label }) => h("option", { value: key, text: label, selected: key === view.speed })),
    view.speed === null && view.speeds.length ? h("option", { value: "", text: "—", selected: true, disabled: true }) : null,
  );
}
