"""Words and pictures: the message catalogs (``locales/``), the explanations and the SVG
drawings, built from the engine's facts. They never decide a rule."""
