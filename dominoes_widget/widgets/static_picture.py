"""A picture beside the live widget, for viewers where no widget runs."""

from __future__ import annotations

from typing import Any

__all__ = ["StaticPicture"]


class StaticPicture:
    """Adds ``text/html`` from ``_static_html()`` to a widget's display bundle.

    JupyterLab draws the live widget; GitHub, nbviewer and notebooks saved without widget
    state show the picture instead.
    """

    def _static_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # a mixin: the widget class it is mixed into (ipywidgets, which ships no types) has the method
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self._static_html()}, metadata
