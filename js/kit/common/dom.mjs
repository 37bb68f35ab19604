// The one DOM helper of both widgets.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * document.createElement with properties and children. Properties: `className`,
 * `text` (textContent), `dataset` (an object), booleans (true = present, false/null =
 * absent) and plain attributes. Children: nodes or strings; null is skipped.
 */
export function h(tag, props = {}, ...children) {
  return fill(document.createElement(tag), props, children);
}

/** The same for an SVG element. */
export function svg(tag, props = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), props, children);
}

function fill(node, props, children) {
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.setAttribute("class", value);
    else if (name === "text") node.textContent = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** A parsed <svg> from markup (tiles and numbers are drawn as strings by the kit). */
export function svgNode(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  return template.content.firstElementChild;
}

/** Replace a node's children; null, undefined and false are skipped. */
export function setChildren(node, ...children) {
  node.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== false));
}

/** The focused element of the document or shadow root that holds `node`. */
export function activeElement(node) {
  return node.getRootNode().activeElement ?? null;
}

/** True when the focus is inside `node`. */
export function hasFocus(node) {
  const active = activeElement(node);
  return active !== null && node.contains(active);
}

/**
 * A part that redraws only when its inputs change: `changed(part, inputs)` is true (and
 * remembers them) when the inputs differ from the last call's.
 */
export function changeTracker() {
  const drawn = new Map();
  const changed = (part, inputs) => {
    const key = JSON.stringify(inputs);
    if (drawn.get(part) === key) return false;
    drawn.set(part, key);
    return true;
  };
  changed.forget = (part) => drawn.delete(part);
  return changed;
}

/** Add the listeners [target, type, handler] now; the function returned removes them. */
export function listen(listeners) {
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler);
  return () => {
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
  };
}

/** The same for model events [name, handler]. */
export function listenModel(model, listeners) {
  for (const [name, handler] of listeners) model.on(name, handler);
  return () => {
    for (const [name, handler] of listeners) model.off(name, handler);
  };
}
