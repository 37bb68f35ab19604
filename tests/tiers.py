"""Which tier a test is in (tests/conftest.py marks them; tests/test_tiers.py checks it).

A module of its own, not in conftest: with tests/e2e/conftest.py also loaded, ``import
conftest`` may find that one.
"""

from __future__ import annotations

__all__ = ["drives_a_browser"]


def drives_a_browser(item) -> bool:
    """Whether a test runs in Chromium: it uses the ``chromium`` fixture (the e2e ``page`` and
    ``browser`` fixtures come from it) or is marked ``e2e`` or ``lite``."""
    return ("chromium" in getattr(item, "fixturenames", ()) or item.get_closest_marker("e2e") is not None
            or item.get_closest_marker("lite") is not None)
