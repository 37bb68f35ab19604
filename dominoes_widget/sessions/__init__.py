"""Games on screen, with no widget: the table's controller, the replay's steps and the shapes
they send to the browser. Tests drive them directly; the widgets are thin adapters over them."""
