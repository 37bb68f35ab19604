"""The server's tab icons: a domino tile, and the same tile with a gold mark while it is the
seat's turn (``js/kit/table/tab_title.mjs`` swaps them). SVG, drawn here: nothing loaded from outside."""

from __future__ import annotations

__all__ = ["ICONS", "icon_svg"]

_TILE = ('<rect x="9" y="2" width="14" height="28" rx="3" fill="#f7f3e8" stroke="#1d3b2a" stroke-width="1.5"/>'
         '<line x1="11" y1="16" x2="21" y2="16" stroke="#1d3b2a" stroke-width="1.2"/>'
         '<circle cx="16" cy="9" r="2" fill="#1d3b2a"/>'
         '<circle cx="13" cy="20" r="1.6" fill="#1d3b2a"/><circle cx="19" cy="26" r="1.6" fill="#1d3b2a"/>')
_MARK = '<circle cx="25" cy="7" r="6" fill="#f2b705" stroke="#1d3b2a" stroke-width="1.2"/>'

ICONS = {"idle": _TILE, "turn": _TILE + _MARK}
"""The icons' drawings by name."""


def icon_svg(name: str) -> str:
    """The SVG document of the icon ``name`` (``idle`` or ``turn``)."""
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">{ICONS[name]}</svg>'
