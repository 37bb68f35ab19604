"""The README's examples run as written (python-chess runs its docs the same way)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs the README's examples

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0


def test_the_notebook_snippet_runs_as_written(tmp_path, monkeypatch):
    """The "In a notebook" block (not a doctest: it shows widgets) runs line by line."""
    text = README.read_text(encoding="utf-8")
    start = text.index("```python\nfrom dominoes_widget import Table, Replay\n")
    block = text[start:].split("\n", 1)[1].split("```", 1)[0]
    record = README.parent / "notebooks" / "records" / "six_love_10_hands.json"
    block = block.replace('"notebooks/records/six_love_10_hands.json"', repr(str(record)))
    monkeypatch.chdir(tmp_path)  # save_html("game.html") writes here
    exec(compile(block, "README.md (In a notebook)", "exec"), {})
    assert (tmp_path / "game.html").stat().st_size > 50_000
