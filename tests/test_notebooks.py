"""Every notebook in notebooks/ runs top to bottom headless, and every example record verifies.

The notebooks are executed with nbclient in a fresh ``python3`` kernel whose working
directory is notebooks/ (they open ``records/...``) and which imports this checkout of
``dominoes_widget`` (installed or not). Widgets are created in the kernel only; no browser
is involved.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dominoes_widget import read_record, verify_record

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
RECORDS = NOTEBOOKS / "records"
NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))
RECORD_FILES = sorted(RECORDS.glob("*.json"))
CELL_TIMEOUT = 300  # seconds for one cell: a simulating notebook must keep its workload small

# The notebooks this project ships.
EXPECTED = ["play.ipynb", "01_partnership.ipynb", "02_straight_six_and_six_love.ipynb", "03_vietnamese.ipynb",
            "04_replay.ipynb", "05_simulate.ipynb"]


def test_the_teaching_notebooks_are_there():
    names = {path.name for path in NOTEBOOK_FILES}
    assert set(EXPECTED) <= names, f"missing: {sorted(set(EXPECTED) - names)}"


def test_play_notebook_starts_a_game_in_its_first_code_cell():
    notebook = nbformat.read(NOTEBOOKS / "play.ipynb", as_version=4)
    first = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert "from dominoes_widget import Table" in first.source
    assert "Table()" in first.source and first.source.strip().splitlines()[-1] == "table"


def kernel_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[path.name for path in NOTEBOOK_FILES])
def test_notebook_runs_top_to_bottom(path: Path):
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        store_widget_state=False,
    )
    try:
        client.execute(env=kernel_env())
    except nbclient.exceptions.CellExecutionError as error:
        pytest.fail(f"{path.name} failed:\n{error}", pytrace=False)
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert not errors, f"{path.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"


def test_saved_notebooks_are_executed_and_small():
    """Saved with their outputs (they read well on GitHub) but no huge outputs."""
    for name in EXPECTED:
        path = NOTEBOOKS / name
        notebook = nbformat.read(path, as_version=4)
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        assert all(cell.get("execution_count") for cell in code), f"{name} is saved unexecuted"
        assert not any(output.get("output_type") == "error" for cell in code for output in cell.outputs), name
        assert path.stat().st_size < 200_000, f"{name} is {path.stat().st_size} bytes"


@pytest.mark.parametrize("path", RECORD_FILES, ids=[path.name for path in RECORD_FILES])
def test_example_record_verifies(path: Path):
    summaries, problems = verify_record(path)
    assert problems == [], "\n".join(str(problem) for problem in problems)
    assert summaries, "a record with no hands"
    replayed = read_record(path)
    assert len(replayed.match.hands) == len(summaries)


def test_the_example_records_cover_the_games():
    names = {path.name for path in RECORD_FILES}
    assert {"six_love_match.json", "straight_six_match.json", "vietnamese_3_players.json"} <= names
    games = {read_record(path).match.rules.name for path in RECORD_FILES}
    assert {"Six Love", "Straight Six", "Vietnamese, 2 players", "Vietnamese, 3 players"} <= games
    ten = read_record(RECORDS / "six_love_10_hands.json")
    assert len(ten.match.hands) == 10 and ten.match.is_over and ten.comments
    wild = read_record(RECORDS / "vietnamese_2_players_wild.json")
    assert wild.match.rules.blank_rule == "wild" and wild.comments
