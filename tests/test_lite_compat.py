"""Python in the browser (Pyodide, JupyterLite) has no process pools and no threads: there,
``simulate`` and ``analyse`` run every job in the one process, and say so in one sentence
when more workers or an executor were asked for, instead of failing.

The browser is stood in for by ``jobs.IN_BROWSER`` (``sys.platform == "emscripten"`` there),
with process and thread pools made to fail as they do in Pyodide. ``tests/test_lite.py``
runs the tutorials in the real browser kernel.
"""

from __future__ import annotations

import concurrent.futures as cf
import sys
import warnings
from pathlib import Path

import pytest

from dominoes_widget import analyse
from dominoes_widget.studies import jobs
from dominoes_widget.studies.simulation import simulate

RECORD = Path(__file__).resolve().parent / "data" / "records" / "six_love_match.json"
SENTENCE = "Python in the browser has no processes or threads"


def no_new_thread(*args, **kwargs):
    raise RuntimeError("can't start new thread")


@pytest.fixture
def browser(monkeypatch):
    """This Python as Pyodide: in the browser, where pools cannot start."""
    monkeypatch.setattr(jobs, "IN_BROWSER", True)
    monkeypatch.setattr(cf.ProcessPoolExecutor, "__init__", no_new_thread)
    monkeypatch.setattr(cf.ThreadPoolExecutor, "submit", no_new_thread)


def test_the_browser_is_told_by_the_platform():
    assert jobs.IN_BROWSER == (sys.platform == "emscripten")


def test_by_default_a_simulation_runs_here_without_a_word(browser):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        results = simulate("six_love", ["greedy", "random"], hands=8, seed=1, progress=False)
    assert results.workers == 1
    assert results == simulate("six_love", ["greedy", "random"], hands=8, seed=1, workers=1, progress=False)


def test_asking_for_processes_in_the_browser_says_so_and_runs_here(browser):
    with pytest.warns(RuntimeWarning, match=SENTENCE) as said:
        results = simulate("six_love", ["greedy", "random"], hands=8, seed=1, workers=2, progress=False)
    assert len(said) == 1 and str(said[0].message).count(".") == 1, "one sentence"
    assert "hands run here" in str(said[0].message)
    assert results.workers == 1 and len(results.rows) == 8


def test_an_executor_in_the_browser_is_left_aside(browser):
    with pytest.warns(RuntimeWarning, match=SENTENCE):
        results = simulate("six_love", ["greedy", "random"], hands=4, seed=2, progress=False,
                           executor=cf.ThreadPoolExecutor(max_workers=2))
    assert results.workers == 1 and len(results.rows) == 4


def test_an_analysis_in_the_browser_runs_here_with_its_progress(browser, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the text line, which a test can read
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.warns(RuntimeWarning, match="the decisions run here"):
        found = analyse(RECORD, hands=[0], rollouts=20, workers=2)
    assert len(found) > 0 and not found.interrupted
    assert f"{len(found)}/{len(found)} decisions" in capsys.readouterr().err


@pytest.mark.slow  # a whole analysis
def test_a_replay_analysed_in_a_browser_notebook_runs_here_between_the_loops_turns(browser):
    """JupyterLite's kernel runs cells on a loop, with no threads: the Replay's analysis runs a
    decision at a time on it (no pool, no thread) and the board shows meanwhile."""
    import asyncio
    import json

    from dominoes_widget import Replay

    record = json.loads(RECORD.read_text())
    record["hands"] = record["hands"][:1]
    turns = 0

    async def main():
        nonlocal turns
        replay = Replay(record, analysis=True)
        while not replay.analysis_task.done():
            turns += 1
            await asyncio.sleep(0)
        return replay

    replay = asyncio.run(main())
    assert len(replay.analysis_task.result()) > 2 and replay.view["hands"][0]["analysis"]["marks"] is not None
    assert turns > len(replay.analysis_task.result()), "the loop had a turn between every two decisions"
