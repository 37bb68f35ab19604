// Keys on a page that holds one widget: they work wherever the user clicked.

/**
 * A page that is one widget's alone (the one-file replay, the puzzles page), so its keys work wherever the user clicked: a click on the
 * page around the widget gives it the focus back, and a key pressed with nothing focused
 * goes to it.
 * @param {Document} doc
 * @param {HTMLElement} root
 */
export function keepKeys(doc, root) {
  doc.addEventListener("click", (event) => {
    if (!(event.target instanceof Node && root.contains(event.target))) root.focus({ preventScroll: true });
  });
  doc.addEventListener("keydown", (event) => {
    if (doc.activeElement && doc.activeElement !== doc.body && doc.activeElement !== doc.documentElement) return;
    root.focus({ preventScroll: true });
    const passed = new KeyboardEvent("keydown", event);
    if (!root.dispatchEvent(passed)) event.preventDefault();
  });
}
