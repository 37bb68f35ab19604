"""Every notebook in notebooks/ runs top to bottom headless, reads true, and every example record verifies.

The notebooks are executed with nbclient in a fresh ``python3`` kernel whose working
directory is notebooks/ (they open ``records/...``) and which imports this checkout of
``dominoes_widget`` (installed or not), keeping the widgets' state as a saved notebook does.
Widgets are created in the kernel only; no browser is involved. Each notebook runs once per
test session; every check on a run reads that one result.

Reading true (see ``notebook_checks``): a widget displayed by a cell still shows, at the end,
the position its cell showed (a later cell that plays on it or steps it would leave the
prose beside it wrong), and every ``<!-- shows: ... -->`` marker in the prose is true of the
picture or widget right below it. Both hold for a fresh run and for the saved notebooks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dominoes_widget import read_record, verify_record

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

from notebook_checks import (NOTEBOOKS, displayed_widgets_unchanged, execute, markers,  # noqa: E402
                             prose_markers_hold, widget_states)
from exercise_checks import exercise_problems  # noqa: E402

RECORDS = NOTEBOOKS / "records"
NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))
RECORD_FILES = sorted(RECORDS.glob("*.json"))
IDS = [path.name for path in NOTEBOOK_FILES]

# The notebooks this project ships.
EXPECTED = ["play.ipynb", "01_partnership.ipynb", "02_straight_six_and_six_love.ipynb", "03_vietnamese.ipynb",
            "04_replay.ipynb", "05_simulate.ipynb", "06_analysis.ipynb", "07_puzzles.ipynb"]
# The teaching notebooks state the positions they talk about: at least this many markers each.
MARKED = {"01_partnership.ipynb": 3, "02_straight_six_and_six_love.ipynb": 3, "03_vietnamese.ipynb": 3,
          "04_replay.ipynb": 4, "06_analysis.ipynb": 3}


# 05_simulate runs its tournaments on a tenth of the hands here: the same cells and calls,
# in 30 s instead of 290 s (the largest share of the whole suite's time).
SMALLER = {
    "05_simulate.ipynb": {
        '"montecarlo": {"rollouts": 150}}': '"montecarlo": {"rollouts": 40}}',
        '"strong": {"rollouts": 150}': '"strong": {"rollouts": 40}',
        "hands=2000, seed=1": "hands=200, seed=1",
        '("greedy", "random"): 2000, ("montecarlo", "greedy"): 300, ("strong", "montecarlo"): 300':
            '("greedy", "random"): 200, ("montecarlo", "greedy"): 30, ("strong", "montecarlo"): 30',
        "hands=3000, seed=7": "hands=300, seed=7",
        "hands=150, seed=3": "hands=15, seed=3",
        "hands=400, seed=1": "hands=100, seed=1",
    },
}


@pytest.fixture(scope="module")
def executed():
    """path → the notebook run top to bottom (each notebook runs once for the whole module)."""
    runs: dict[Path, nbformat.NotebookNode | BaseException] = {}

    def run(path: Path) -> nbformat.NotebookNode:
        if path not in runs:
            try:
                runs[path] = execute(path, smaller=SMALLER.get(path.name))
            except nbclient.exceptions.CellExecutionError as error:
                runs[path] = error
        result = runs[path]
        if isinstance(result, BaseException):
            pytest.fail(f"{path.name} failed:\n{result}", pytrace=False)
        return result

    return run


def test_the_teaching_notebooks_are_there():
    names = {path.name for path in NOTEBOOK_FILES}
    assert set(EXPECTED) <= names, f"missing: {sorted(set(EXPECTED) - names)}"


def test_play_notebook_starts_a_game_in_its_first_code_cell():
    notebook = nbformat.read(NOTEBOOKS / "play.ipynb", as_version=4)
    first = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert "from dominoes_widget import Table" in first.source
    assert "Table()" in first.source and first.source.strip().splitlines()[-1] == "table"


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
@pytest.mark.slow  # a kernel runs each notebook
def test_notebook_runs_top_to_bottom(path: Path, executed):
    notebook = executed(path)
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert not errors, f"{path.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
@pytest.mark.slow  # a kernel runs each notebook
def test_displayed_widgets_are_never_changed_afterwards(path: Path, executed):
    """A widget shows its latest state: a cell that plays on a displayed widget rewrites the past."""
    problems = displayed_widgets_unchanged(executed(path))
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


# The tutorials ask questions (Exercise widgets): at least this many each.
EXERCISES = {"01_partnership.ipynb": 4, "02_straight_six_and_six_love.ipynb": 2, "03_vietnamese.ipynb": 3,
             "04_replay.ipynb": 2}


@pytest.mark.parametrize("name", sorted(EXERCISES))
@pytest.mark.slow  # a kernel runs each notebook
def test_the_exercises_are_checked_after_run_all(name: str, executed):
    """Every exercise a tutorial shows after Run All has the engine's answer among its choices; the
    right answer checks as right, a wrong one as wrong with a reason from the engine's vocabulary."""
    problems = exercise_problems(executed(NOTEBOOKS / name), EXERCISES[name])
    assert not problems, f"{name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_the_saved_tutorials_exercises_check(name: str):
    """The same of the notebooks as saved (what GitHub and the Lite site show)."""
    problems = exercise_problems(nbformat.read(NOTEBOOKS / name, as_version=4), EXERCISES[name])
    assert not problems, f"{name} as saved:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
@pytest.mark.slow  # a kernel runs each notebook
def test_the_prose_says_what_the_outputs_show(path: Path, executed):
    problems = prose_markers_hold(executed(path))
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_the_teaching_notebooks_state_their_positions():
    """The markers are there: a teaching step that talks about a position says which."""
    counts = {name: len(markers(nbformat.read(NOTEBOOKS / name, as_version=4))) for name in MARKED}
    short = {name: f"{counts[name]} of at least {least}" for name, least in MARKED.items() if counts[name] < least}
    assert not short, f"markers: {short}"


@pytest.mark.parametrize("name", EXPECTED)
def test_saved_notebooks_are_executed_true_and_small(name: str):
    """Saved with their outputs and widget state (they read well on GitHub), true, no huge outputs."""
    path = NOTEBOOKS / name
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.get("execution_count") for cell in code), f"{name} is saved unexecuted"
    assert not any(output.get("output_type") == "error" for cell in code for output in cell.outputs), name
    assert widget_states(notebook) is not None or not any(
        "application/vnd.jupyter.widget-view+json" in output.get("data", {}) for cell in code
        for output in cell.outputs), f"{name} is saved without its widgets' state"
    problems = displayed_widgets_unchanged(notebook) + prose_markers_hold(notebook)
    assert not problems, f"{name} as saved:\n" + "\n".join(problems)
    notebook.metadata.pop("widgets", None)
    without_widgets = len(nbformat.writes(notebook).encode())
    assert without_widgets < 200_000, f"{name}: {without_widgets} bytes without the widgets' state"
    assert path.stat().st_size < 1_000_000, f"{name} is {path.stat().st_size} bytes"


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
