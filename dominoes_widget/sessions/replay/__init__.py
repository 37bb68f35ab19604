"""Stepping through a recorded match with no widget: the session (``session``) and its steps."""
