"""A picture beside the live widget, for viewers where no widget runs."""

from __future__ import annotations

from typing import Any

from ..words.picture import svgs_as_imgs

__all__ = ["StaticPicture"]


class StaticPicture:
    """Adds ``text/html`` from ``_static_html()`` to a widget's display bundle.

    JupyterLab draws the live widget; GitHub, nbviewer, notebooks saved without widget state
    and untrusted notebooks show the picture instead. Its SVGs go in as images
    (``words.picture``): an untrusted notebook's sanitizer would drop an inline ``<svg>``.
    """

    def _static_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # a mixin: the widget class it is mixed into (ipywidgets, which ships no types) has the method
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": svgs_as_imgs(self._static_html())}, metadata
