// A small stand-in for the browser's DOM, for node tests of the modules that build and draw
// (not bundled). It holds what the widgets use: elements with attributes, classes, dataset,
// children and text; simple selectors (tag, .class, [attr], [attr="value"], and those
// joined, with descendants by a space); events; innerHTML kept as text (never parsed).
// Layout does not exist here: sizes are 0 and requestAnimationFrame never runs.

class FakeElement {
  constructor(tag, ownerDocument) {
    this.tagName = tag.toUpperCase();
    this.ownerDocument = ownerDocument;
    this.attributes = new Map();
    this.children = [];
    this.parentNode = null;
    this.dataset = {};
    this.style = { setProperty(name, value) { this[name] = String(value); }, removeProperty(name) { delete this[name]; } };
    this.hidden = false;
    this.disabled = false;
    this.listeners = new Map();
    this.text = "";
    this.html = "";
    const element = this;
    this.classList = {
      add: (...names) => names.forEach((name) => element.classList.toggle(name, true)),
      remove: (...names) => names.forEach((name) => element.classList.toggle(name, false)),
      contains: (name) => element.className.split(/\s+/).includes(name),
      toggle(name, force) {
        const names = new Set(element.className.split(/\s+/).filter(Boolean));
        const on = force ?? !names.has(name);
        if (on) names.add(name);
        else names.delete(name);
        element.className = [...names].join(" ");
        return on;
      },
    };
  }
  get className() {
    return this.attributes.get("class") ?? "";
  }
  set className(value) {
    this.attributes.set("class", String(value));
  }
  setAttribute(name, value) {
    if (name === "hidden") this.hidden = true;
    else if (name === "disabled") this.disabled = true;
    else if (name.startsWith("data-")) this.dataset[name.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase())] = String(value);
    else this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    if (name.startsWith("data-")) return this.dataset[name.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase())] ?? null;
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name) {
    if (name === "hidden") this.hidden = false;
    this.attributes.delete(name);
  }
  get title() {
    return this.getAttribute("title") ?? "";
  }
  set title(value) {
    this.attributes.set("title", String(value));
  }
  append(...nodes) {
    for (const node of nodes) {
      const child = typeof node === "string" ? Object.assign(new FakeElement("#text", this.ownerDocument), { text: node }) : node;
      child.remove?.();
      child.parentNode = this;
      this.children.push(child);
    }
  }
  after(node) {
    const siblings = this.parentNode.children;
    node.parentNode = this.parentNode;
    siblings.splice(siblings.indexOf(this) + 1, 0, node);
  }
  replaceChildren(...nodes) {
    for (const child of this.children) child.parentNode = null;
    this.children = [];
    this.html = "";
    this.append(...nodes);
  }
  remove() {
    if (!this.parentNode) return;
    this.parentNode.children = this.parentNode.children.filter((child) => child !== this);
    this.parentNode = null;
  }
  get textContent() {
    return this.tagName === "#TEXT" ? this.text : this.children.map((child) => child.textContent).join("") + this.text;
  }
  set textContent(value) {
    this.replaceChildren();
    this.text = String(value ?? "");
  }
  get innerHTML() {
    return this.html;
  }
  set innerHTML(markup) {
    this.replaceChildren();
    this.html = String(markup);
  }
  get value() {
    return this.currentValue ?? this.attributes.get("value") ?? "";
  }
  set value(value) {
    this.currentValue = String(value);
  }
  get options() {
    return this.querySelectorAll("option");
  }
  get lastElementChild() {
    return this.children.filter((child) => child.tagName !== "#TEXT").at(-1) ?? null;
  }
  get isConnected() {
    return false;
  }
  contains(node) {
    for (let at = node; at; at = at.parentNode) if (at === this) return true;
    return false;
  }
  closest(selector) {
    for (let at = this; at; at = at.parentNode) if (at.matches?.(selector)) return at;
    return null;
  }
  matches(selector) {
    const parts = selector.trim().split(/\s+/);
    if (!matchesOne(this, parts.at(-1))) return false;
    let at = this.parentNode;
    for (const part of parts.slice(0, -1).reverse()) {
      while (at && !matchesOne(at, part)) at = at.parentNode;
      if (!at) return false;
      at = at.parentNode;
    }
    return true;
  }
  querySelectorAll(selector) {
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        if (child.tagName !== "#TEXT" && child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  addEventListener(type, handler) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(handler);
  }
  removeEventListener(type, handler) {
    this.listeners.get(type)?.delete(handler);
  }
  /** Deliver `event` ({type, ...}) here and up through the parents, as a bubbling event. */
  dispatchEvent(event) {
    let stopped = false;
    const full = Object.assign(event, { target: event.target ?? this, preventDefault() { full.defaultPrevented = true; }, stopPropagation() { stopped = true; } });
    for (let at = this; at && !stopped; at = at.parentNode) for (const handler of [...(at.listeners.get(event.type) ?? [])]) handler(full);
    return !full.defaultPrevented;
  }
  focus() {
    this.ownerDocument.activeElement = this;
  }
  getRootNode() {
    return this.ownerDocument;
  }
  get clientWidth() {
    return 0;
  }
  get clientHeight() {
    return 0;
  }
}

function matchesOne(element, simple) {
  const found = simple.match(/^(\*|[a-z0-9-]*)((?:\.[\w-]+)*)((?:\[[^\]]+\])*)$/i);
  if (!found) throw new Error(`fake_dom: selector ${simple} is not supported`);
  const [, tag, classes, attributes] = found;
  if (tag && tag !== "*" && element.tagName !== tag.toUpperCase()) return false;
  for (const name of classes.split(".").filter(Boolean)) if (!element.classList.contains(name)) return false;
  for (const [, name, value] of attributes.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    const actual = element.getAttribute(name);
    if (actual === null || (value !== undefined && actual !== value)) return false;
  }
  return true;
}

/** A fresh fake `document` (createElement, createElementNS, getElementById, body). */
export function fakeDocument() {
  const doc = { activeElement: null };
  doc.createElement = (tag) => {
    const element = new FakeElement(tag, doc);
    if (tag === "template") element.content = { get firstElementChild() { return Object.assign(new FakeElement("svg", doc), { html: element.html }); } };
    return element;
  };
  doc.createElementNS = (ns, tag) => new FakeElement(tag, doc);
  doc.body = doc.createElement("body");
  doc.getElementById = (id) => doc.body.querySelectorAll("*").find((node) => node.getAttribute("id") === id) ?? null;
  return doc;
}

/** Install a fresh fake document (and a requestAnimationFrame that never runs) as globals. */
export function installFakeDom() {
  globalThis.document = fakeDocument();
  globalThis.requestAnimationFrame = () => 0;
  return globalThis.document;
}
