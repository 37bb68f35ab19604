"""Stepping through a recorded match with no widget: the session (``session``) and its steps."""

from ...old_paths import forward_old_names


def __getattr__(name: str) -> object:
    """The names of the old ``sessions/replay.py`` (``ReplaySession`` …), for one release, with a warning."""
    return forward_old_names(__name__, f"{__name__}.session", name)
