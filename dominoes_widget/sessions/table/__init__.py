"""The table's game flow with no widget: the session (``session``) and its helpers."""

from ...old_paths import forward_old_names


def __getattr__(name: str) -> object:
    """The names of the old ``sessions/table.py`` (``TableSession`` …), for one release, with a warning."""
    return forward_old_names(__name__, f"{__name__}.session", name)
