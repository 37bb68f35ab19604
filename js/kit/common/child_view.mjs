// A widget the kernel names in a trait ("IPY_MODEL_<id>", ipywidgets' reference), drawn
// inside this widget through the host's widget manager (anywidget's
// `model.widget_manager`: get_model, then create_view). The Replay draws its live Table
// (Play from here) this way, under the board.

const PREFIX = "IPY_MODEL_";

/**
 * The model id in a widget reference, or null for none.
 * @param {unknown} reference
 */
export function modelId(reference) {
  return typeof reference === "string" && reference.startsWith(PREFIX) ? reference.slice(PREFIX.length) : null;
}

/**
 * The holder of one child view in `host` (a DOM node): `show(reference)` draws the widget
 * named (removing the one before); `show(null)` removes it. `onChange(shown)` is told when a
 * view is added or removed. A reference that changes while a view is being made wins.
 * @param {any} manager the host's widget manager (get_model, create_view), or null
 * @param {HTMLElement} host
 * @param {(shown: boolean) => void} [onChange]
 */
export function childViewSlot(manager, host, onChange = () => {}) {
  /** @type {{el: HTMLElement, remove?: () => void} | null} the view shown */
  let view = null;
  /** @type {string | null} the model id last asked for */
  let wanted = null;
  function drop() {
    if (!view) return;
    view.remove?.();
    view.el?.remove();
    view = null;
    onChange(false);
  }
  /** @param {unknown} reference a widget reference ("IPY_MODEL_<id>"), or null for none */
  async function show(reference) {
    const id = modelId(reference);
    wanted = id;
    drop();
    if (!id || !manager) return;
    const model = await manager.get_model(id);
    if (wanted !== id) return;
    const made = await manager.create_view(model);
    if (wanted !== id) {
      made.remove?.();
      return;
    }
    view = made;
    host.append(made.el);
    onChange(true);
  }
  return { show, close: () => show(null) };
}
