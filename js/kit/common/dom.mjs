// The one DOM helper of both widgets.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * document.createElement with properties and children. Properties: `className`,
 * `text` (textContent), `dataset` (an object), booleans (true = present, false/null =
 * absent) and plain attributes. Children: nodes or strings; null is skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  return fill(document.createElement(tag), props, children);
}

/**
 * The same for an SVG element.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, props = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), props, children);
}

/** @typedef {Record<string, unknown>} Props an element's properties, as h() reads them */
/** @typedef {Node | string | null | undefined | false} Child a child to append (null, undefined, false: none) */

/**
 * @template {HTMLElement | SVGElement} E
 * @param {E} node
 * @param {Props} props
 * @param {Child[]} children
 * @returns {E}
 */
function fill(node, props, children) {
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.setAttribute("class", String(value));
    else if (name === "text") node.textContent = String(value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * A parsed <svg> from markup (tiles and numbers are drawn as strings by the kit).
 * @param {string} markup
 * @returns {Element}
 */
export function svgNode(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  const node = template.content.firstElementChild;
  if (!node) throw new Error(`dominoes_widget: no element in ${markup.slice(0, 40)}`);
  return node;
}

/**
 * Replace a node's children; null, undefined and false are skipped.
 * @param {Element} node
 * @param {...Child} children
 */
export function setChildren(node, ...children) {
  node.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== false));
}

/**
 * The focused element of the document or shadow root that holds `node`.
 * @param {Node} node
 * @returns {Element | null}
 */
export function activeElement(node) {
  const root = /** @type {Document | ShadowRoot | Node} */ (node.getRootNode());
  return "activeElement" in root ? root.activeElement : null;
}

/**
 * True when the focus is inside `node`.
 * @param {Node} node
 */
export function hasFocus(node) {
  const active = activeElement(node);
  return active !== null && node.contains(active);
}

/**
 * A part that redraws only when its inputs change: `changed(part, inputs)` is true (and
 * remembers them) when the inputs differ from the last call's.
 */
export function changeTracker() {
  /** @type {Map<string, string>} */
  const drawn = new Map();
  /**
   * @param {string} part
   * @param {unknown} inputs
   */
  const changed = (part, inputs) => {
    const key = JSON.stringify(inputs);
    if (drawn.get(part) === key) return false;
    drawn.set(part, key);
    return true;
  };
  changed.forget = (/** @type {string} */ part) => drawn.delete(part);
  return changed;
}

/** @typedef {[EventTarget, string, (event: any) => void]} DomListener a DOM event's handler on its target */
/** @typedef {[string, (...args: any[]) => void]} ModelListener a model event's handler ("change:view", "msg:custom"...) */

/**
 * Add the listeners [target, type, handler] now; the function returned removes them.
 * @param {DomListener[]} listeners
 */
export function listen(listeners) {
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler);
  return () => {
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
  };
}

/**
 * The same for model events [name, handler].
 * @param {{on: (name: string, handler: (...args: any[]) => void) => void, off: (name: string, handler: (...args: any[]) => void) => void}} model
 * @param {ModelListener[]} listeners
 */
export function listenModel(model, listeners) {
  for (const [name, handler] of listeners) model.on(name, handler);
  return () => {
    for (const [name, handler] of listeners) model.off(name, handler);
  };
}
