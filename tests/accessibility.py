"""axe-core in the browser tests: every page and widget checked against WCAG 2.2 A and AA.

:func:`check` runs axe-core (the npm devDependency, ``node_modules/axe-core/axe.min.js``) in a
Playwright page, or only inside one element of it (a widget in JupyterLab: Lab's own chrome is
not ours), and fails with one line per element at fault: the rule, what it asks and the
element's selector. The tests call it where they already have the page open, once per theme.
"""

from __future__ import annotations

import functools
from typing import Any

from browser_harness import NODE_MODULES, still

AXE = NODE_MODULES / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2, levels A and AA: what axe-core tags its rules with.
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

RUN = """async ([within, tags]) => {
  const context = within ? {include: [within]} : document;
  const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""


@functools.cache
def _axe_source() -> str:
    if not AXE.is_file():
        raise RuntimeError(f"{AXE.relative_to(NODE_MODULES.parent)} is missing: run `npm install` (devDependencies)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Any, within: str | None = None) -> list[dict]:
    """axe-core's WCAG 2.2 A/AA violations on ``page``, or inside the element ``within`` selects.

    axe is put in the page through the debugging protocol rather than a ``<script>`` element, so
    a page's Content-Security-Policy (the table server's) does not refuse it."""
    still(page)  # a fade half done is a contrast no one sees
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source() + "\n;undefined")
    return page.evaluate(RUN, [within, WCAG_22_AA])


def readable(found: list[dict]) -> str:
    """One line per element at fault: ``rule-id (what it asks): selector``, and axe's reason."""
    lines = []
    for violation in found:
        for node in violation["nodes"]:
            reason = " ".join(node["summary"].split()) if node["summary"] else ""
            lines.append(f"  {violation['id']} ({violation['help']}): {node['target']}\n      {reason}")
    return "\n".join(lines)


def check(page: Any, where: str, within: str | None = None) -> None:
    """Fail when axe-core finds any WCAG 2.2 A/AA violation on ``page`` (or inside ``within``);
    ``where`` names the page and theme in the message."""
    found = violations(page, within)
    count = sum(len(v["nodes"]) for v in found)
    assert not found, f"{where}: axe-core finds {count} WCAG 2.2 A/AA violation(s):\n{readable(found)}"
