// The colours of the felt and the tiles, shared with the SVG pictures
// (dominoes_widget/words/svg.py reads the same file). DOM-free.
//
// "#words/" is package.json's name for dominoes_widget/words/ (its "imports"): the kit reaches
// the Python package's data by that one declared door, never by a path up out of js/kit/.

import palette from "#words/palette.json" with { type: "json" };

export const PALETTE = Object.freeze({ ...palette });

/**
 * The palette as CSS custom properties: felt_edge -> ["--dw-felt-edge", "#143e2d"].
 * @param {Record<string, string>} [colours]
 */
export function paletteVariables(colours = PALETTE) {
  return Object.entries(colours).map(([key, value]) => [`--dw-${key.replaceAll("_", "-")}`, value]);
}

/**
 * Set the palette's custom properties on an element (the widget's root).
 * @param {HTMLElement} element
 * @param {Record<string, string>} [colours]
 */
export function applyPalette(element, colours = PALETTE) {
  for (const [name, value] of paletteVariables(colours)) element.style.setProperty(name, value);
}
