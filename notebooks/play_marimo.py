"""Dominoes in marimo: play a Six Love match against bots, then step through a recorded one.

As an app (no code shown):  marimo run notebooks/play_marimo.py
As a notebook:               marimo edit notebooks/play_marimo.py

Each widget is wrapped in ``mo.ui.anywidget(...)``; the Python objects stay reachable as
``table.widget`` and ``replay.widget`` (``table.widget.record``, ``replay.widget.save_html(...)``).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Dominoes")


@app.cell
def _():
    import marimo as mo

    from dominoes_widget import Replay, Table
    return Replay, Table, mo


@app.cell
def _(mo):
    mo.md(
        """
        # Dominoes

        A **Six Love** match: you at South, strong bots at East, North (your partner) and
        West. Click a tile to play it; when it fits both ends, choose the end.
        """
    )
    return


@app.cell
def _(Table, mo):
    table = mo.ui.anywidget(Table())
    table
    return (table,)


@app.cell
def _(mo):
    mo.md(
        """
        ## A recorded match

        Every hand open, each move explained: the buttons, the slider and the keys
        (← →, Home, End, PageUp, PageDown, space) step through it.
        """
    )
    return


@app.cell
def _(Replay, mo):
    replay = mo.ui.anywidget(Replay.load(mo.notebook_dir() / "records" / "six_love_match.json"))
    replay
    return (replay,)


if __name__ == "__main__":
    app.run()
