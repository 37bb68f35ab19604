"""The table's game flow with no widget: the session (``session``) and its helpers."""
