// The learner's dashboard (anywidget ES module): the kernel sends one `view` (js/PROTOCOL.md,
// "The learner's dashboard") with the words and the pictures as SVG text; this file only shows
// them. The SVG is parsed as SVG (never as HTML), so nothing in it runs.

import { h, listenModel, setChildren } from "./kit/common/dom.mjs";

/** @typedef {import("./kit/common/page_model.mjs").Model} Model */
/** @typedef {import("./kit/common/views.mjs").DashboardView} DashboardView */

/**
 * @param {unknown} markup
 */
function picture(markup) {
  const parsed = new DOMParser().parseFromString(String(markup ?? ""), "image/svg+xml");
  const svg = parsed.documentElement;
  return svg && svg.nodeName === "svg" ? document.importNode(svg, true) : null;
}

/**
 * @param {{model: Model, el: HTMLElement}} props
 */
function render({ model, el }) {
  const title = h("h3", { className: "dw-dash-title" });
  const summary = h("p", { className: "dw-dash-summary" });
  const cards = h("div", { className: "dw-dash-cards" });
  const root = h("div", { className: "dominoes-widget dw-dashboard", role: "region" }, title, summary, cards);
  el.append(root);
  const draw = () => {
    /** @type {Partial<DashboardView>} */
    const view = model.get("view") ?? {};
    root.lang = view.lang || "en";
    root.setAttribute("aria-label", view.title ?? "");
    title.textContent = view.title ?? "";
    summary.textContent = [view.rating, view.due].filter(Boolean).join(" · ");
    setChildren(cards, ...(view.cards ?? []).map((card) => h("section", { className: `dw-dash-card dw-dash-${card.key}` },
      h("h4", { text: card.title }), picture(card.svg))));
  };
  const removeModel = listenModel(model, [["change:view", draw]]);
  draw();
  return () => {
    removeModel();
    root.remove();
  };
}

export default { render };
