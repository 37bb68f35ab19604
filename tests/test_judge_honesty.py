"""The judge's stopping rule keeps its promise under repeated looks: on real positions whose
true gaps are known from a huge budget (tests/data/judge_truth.json, scripts/judge_truth.py),
under 1% of the calls it makes are wrong, for the analysis's and the coach's questions, and for
the mark that goes on from the coach's judgement (the Table's way)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _honesty():
    spec = importlib.util.spec_from_file_location("judge_honesty", ROOT / "benchmarks" / "judge_honesty.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["judge_honesty"] = module  # (so its workers find the function they run)
    spec.loader.exec_module(module)
    return module


def test_the_truth_set_is_real_positions_with_every_move_known_closely():
    honesty = _honesty()
    positions = honesty.positions()
    assert len(positions) >= 30
    for position in positions:
        view, _move = honesty.view_of(position)
        judged = {m for row in position["moves"] for m in row["moves"]}
        assert judged == {str(m) for m in view.legal_moves}, position
        assert all(row["stderr"] < 1.0 for row in position["moves"]), "the truth's gaps are known within a point"


@pytest.mark.slow  # judges the truth set's positions for two questions, on both cores
def test_under_one_percent_of_the_calls_are_wrong():
    """The analysis's and the coach's questions, and the mark going on from the coach's worlds as
    at the Table (benchmarks/judge_honesty.py gives the figures with more seeds)."""
    honesty = _honesty()
    found = honesty.measure(["mark", "best", honesty.COACHED], seeds=1, workers=2)
    for question, figures in found.items():
        assert figures["calls"] >= 100, (question, figures)
        assert figures["wrong"] < 0.01 * figures["calls"], (question, figures)
