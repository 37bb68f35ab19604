// The Replay widget's front end (anywidget ES module).
//
// The whole record arrives once in `data` (js/PROTOCOL.md, "The Replay"), every step's
// position computed by the kernel; stepping happens here, with no kernel: the buttons,
// the slider, the keys, the moves list and play/pause set `hand` and `step` on the model
// (and the kernel, when there is one, follows).
//
// This entry only composes the kit: the DOM built once (kit/replay/replay_skeleton.mjs), the
// state and its actions (kit/replay/replay_controller.mjs), what the user does
// (kit/replay/replay_input.mjs), and the drawing of a position (kit/replay/replay_draw.mjs, from the
// plain values of kit/replay/replay_view.mjs). The felt, the seats, the tiles and the side panels
// are the Table's; with an analysis a side panel holds the hand's win-chance strip and the
// best-move toggle; with counting, what the bottom seat can count at each step. With a
// kernel, Play from here opens a live Table at the position shown, drawn under the board.

import { childViewSlot } from "./kit/common/child_view.mjs";
import { listen, listenModel } from "./kit/common/dom.mjs";
import { applyPalette } from "./kit/common/palette.mjs";
import { createReplay } from "./kit/replay/replay_controller.mjs";
import { replayListeners } from "./kit/replay/replay_input.mjs";
import { buildReplay } from "./kit/replay/replay_skeleton.mjs";

/** @typedef {import("./kit/common/page_model.mjs").Model} Model */

/** @param {{model: Model, el: HTMLElement}} props */
function render({ model, el }) {
  const ui = buildReplay();
  applyPalette(ui.root);
  el.append(ui.root, ui.playPanel);
  const replay = createReplay(ui, model);
  const removeListeners = listen(replayListeners(ui, replay));
  const removeModelListeners = listenModel(model, replay.modelListeners());
  // Play from here: the kernel's live Table, drawn under the board while the trait names it.
  const tableSlot = childViewSlot(model.widget_manager, ui.tableHost, (shown) => {
    ui.closeTableButton.hidden = !shown;
    if (shown) ui.playPanel.scrollIntoView?.({ block: "nearest" });
  });
  const showTable = () => tableSlot.show(model.get("table") ?? null).catch((error) => console.error("dominoes_widget: the table did not open", error));
  const closeTable = () => model.send({ type: "close_table" });
  const playHere = () => replay.act("playHere");
  const removeTableListeners = listen([[ui.closeTableButton, "click", closeTable], [ui.playHereButton, "click", playHere]]);
  const removeTableModelListener = listenModel(model, [["change:table", showTable]]);
  showTable();
  // The line's box and the strip's box: each is drawn to its measured size.
  const resizeObserver = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const size = { width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) };
      replay.resize(entry.target === ui.stripBox ? "stripSize" : "lineSize", size);
    }
  });
  resizeObserver.observe(ui.felt.lineBox);
  resizeObserver.observe(ui.stripBox);
  replay.start();
  return () => {
    replay.stop();
    removeTableModelListener();
    removeTableListeners();
    tableSlot.close();
    resizeObserver.disconnect();
    removeListeners();
    removeModelListeners();
    ui.root.remove();
  };
}

export default { render };
