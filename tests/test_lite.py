"""The JupyterLite site (``scripts/build-lite``): the tutorials run in the browser's Python.

The site is built (or found up to date: the build hashes its inputs), served on 127.0.0.1
from a thread and opened in headless Chromium, where every request to anything else is
refused and recorded: none may be made. There:

- ``play.ipynb`` runs top to bottom and three of the person's turns are played by clicking
  (the default strong bots, paced on the browser's event loop); then a table with greedy
  bots times a click to the next turn; in the same kernel a strong bot's decisions are
  timed, and a Replay with an analysis and counting, the coach and a simulation with its
  progress run;
- ``01_partnership.ipynb`` runs with its teaching markers checked against the positions
  its cells show (``tests/notebook_checks.py``), and its first exercise is answered by clicking;
- a Puzzles widget is answered wrong then right by clicking, the browser's kernel judging;
- ``07_puzzles.ipynb`` runs top to bottom (a record analysed and mined on the browser's one
  worker), its widgets shown; its time is printed.

The timings are printed (and written to ``test-artifacts/lite/timings.json``), not asserted.
These tests run last (``tests/conftest.py``): the first needs about a minute on a loaded
machine, plus a build from nothing when no site is cached (about two).
"""

from __future__ import annotations

import hashlib
import json
import statistics
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from dominoes_widget.sessions.exercise import ExerciseSession
from lite_site import (append_and_run, built_site, errors, notebook_json, open_notebook, open_offline, play_turn,
                       run_all, serve)
from notebook_checks import markers, prose_markers_hold
from puzzle_fixture import WRONG_TRIED, answer_wrong_then_right, fixture_puzzles

pytestmark = pytest.mark.lite

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "lite"
GREEDY_TURNS = 5


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


@pytest.fixture(scope="module")
def base(site):
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def timings():
    found: dict[str, float] = {}
    yield found
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "timings.json").write_text(json.dumps(found, indent=1))


@contextmanager
def offline_page(browser, base: str, name: str):
    """A page of the site; afterwards a screenshot, and the check that nothing else was asked for."""
    blocked: list[str] = []
    page = open_offline(browser, base, blocked)
    try:
        yield page
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        page.context.close()
    assert not blocked, f"the site asked for {len(blocked)} thing(s) outside it, e.g. {blocked[:3]}"


@pytest.fixture(scope="module")
def play(chromium, base, timings):
    """play.ipynb open in the lab, its kernel ready (one kernel for the tests that use it)."""
    with offline_page(chromium, base, "play") as page:
        timings.update(open_notebook(page, base, "play.ipynb"))
        yield page


@pytest.fixture
def lite_page(chromium, base, request):
    with offline_page(chromium, base, request.node.name) as page:
        yield page


def say(capsys, timings: dict[str, float], **figures: float) -> None:
    """Print figures to the terminal (not captured) and keep them for the artifact."""
    timings.update(figures)
    with capsys.disabled():
        print("\n[lite] " + ", ".join(f"{key} {value:.0f}" if abs(value) >= 10 else f"{key} {value:.2g}"
                                     for key, value in figures.items()))


def kernel_json(page, code: str) -> dict:
    """Run ``code`` (which prints one JSON line last) in a new cell; what it printed."""
    append_and_run(page, code)
    problems = errors(page)
    assert not problems, problems
    text = page.evaluate("""() => {
      const cells = window.jupyterapp.shell.currentWidget.content.widgets;
      return cells[cells.length - 1].model.outputs.toJSON()
        .filter((o) => o.output_type === 'stream' && o.name === 'stdout').map((o) => o.text).join('');
    }""")
    return json.loads(text.strip().splitlines()[-1])


# ------------------------------------------------------------------------------ the built site
def test_the_site_loads_only_its_own_files(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert not kernel["pyodideUrl"].startswith(("http:", "https:", "//"))
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for name, entry in lock.items():
        wheel = site / "static" / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= lock.keys(), name
    preloaded = kernel["loadPyodideOptions"]["packages"]
    assert "dominoes-widget" in preloaded and set(preloaded) <= lock.keys()
    assert {"ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "piplite"} <= set(preloaded), \
        "the kernel would install what is not preloaded through piplite"
    notebooks = {p.name for p in (site / "files").glob("*.ipynb")}
    assert {"play.ipynb", "01_partnership.ipynb", "06_analysis.ipynb", "07_puzzles.ipynb"} <= notebooks
    assert (site / "files" / "records" / "six_love_match.json").exists()
    assert not list(site.rglob("*.map")), "sourcemaps are left out"


# ------------------------------------------------------------------------------ in the browser
def test_play_runs_in_the_browser_and_the_table_plays_by_clicking(play, capsys, timings):
    page = play
    run_all(page)
    assert not errors(page), errors(page)
    say(capsys, timings, kernel_ready_ms=timings["kernel_ready_ms"],
        first_render_ms=page.evaluate("window.__lite.firstRender"))

    paced = [play_turn(page, 0) for _ in range(3)]  # Table(): strong bots, 0.6 s between moves
    assert all("ms" in turn and not turn["over"] for turn in paced), paced
    assert all(turn["ms"] >= 0.9 * 600 * (turn["moves"] - 1) for turn in paced), \
        f"the bots are paced on the browser's event loop: {paced}"
    say(capsys, timings, strong_paced_turn_median_ms=statistics.median(t["ms"] for t in paced))

    append_and_run(page, 'from dominoes_widget import Table\nquick = Table(bots="greedy", bot_delay=0, seed=2)\nquick')
    last = page.evaluate("document.querySelectorAll('.dw-table-widget').length") - 1
    quick = [play_turn(page, last) for _ in range(GREEDY_TURNS)]
    assert all("ms" in turn for turn in quick), quick
    quick = [turn for turn in quick if not turn["over"]]
    say(capsys, timings, greedy_click_to_next_turn_median_ms=statistics.median(t["ms"] for t in quick),
        greedy_click_to_next_turn_max_ms=max(t["ms"] for t in quick))


STRONG_DECISIONS = """
import json, statistics, time
from dominoes_widget import Hand, Rules, seat_view
from dominoes_widget.studies.bots import make_bot

took = []
for seed in (4, 5):
    hand, bot = Hand.dealt(Rules.six_love(), seed=seed), make_bot("strong", seed)
    while not hand.is_over and len(hand.moves) < 12:
        view = seat_view(hand, hand.turn)
        start = time.perf_counter()
        move = bot.choose(view)
        took.append(1000 * (time.perf_counter() - start))
        hand.push(move)
print(json.dumps({"median": statistics.median(took), "max": max(took), "count": len(took)}))
"""

STUDIES = """
import json, sys
from dominoes_widget import Replay, Table, analyse
from dominoes_widget.studies.simulation import simulate

found = analyse("records/six_love_match.json", hands=[0], rollouts=30)
replay = Replay("records/six_love_match.json", analysis=found, counting=True)
replay.go(0, 8)
display(replay)
coached = Table(coach=True, seed=4, bot_delay=0, bots="greedy")
coached.play("6-6")
hint = coached.hint()
display(coached)
results = simulate("six_love", ["greedy", "random"], hands=40, seed=1, workers=2)
print(json.dumps({"platform": sys.platform, "decisions": len(found), "hint": len(hint["moves"]),
                  "words": bool(hint["words"]), "hands": len(results.rows), "workers": results.workers}))
"""


def test_strong_bots_analysis_coach_and_simulation_run_in_the_browser(play, capsys, timings):
    page = play
    strong = kernel_json(page, STRONG_DECISIONS)
    say(capsys, timings, strong_decision_median_ms=strong["median"], strong_decision_max_ms=strong["max"])

    studied = kernel_json(page, STUDIES)
    assert studied["platform"] == "emscripten"
    assert studied["decisions"] > 0 and studied["hint"] > 0 and studied["words"]
    assert studied["hands"] == 40 and studied["workers"] == 1
    outputs = page.evaluate("""() => {
      const cells = window.jupyterapp.shell.currentWidget.content.widgets;
      return cells[cells.length - 1].model.outputs.toJSON();
    }""")
    said = "".join(o.get("text", "") for o in outputs if o.get("name") == "stderr")  # warnings, progress bars
    assert said.count("Python in the browser has no processes or threads") == 1, said
    shown = page.locator(".jp-Notebook .jp-Cell").last
    shown.locator(".dw-table-widget").wait_for()
    replay = shown.locator(".dw-replay-widget")
    replay.locator(".dw-analysis:not([hidden])").wait_for()  # the analysis's panel
    replay.locator(".dw-counting:not([hidden])").wait_for()  # and the counting panel
    assert shown.locator(".dw-coach:not([hidden])").count() == 1, "the coach's panel shows"
    assert f"analyse: 100%|██████████| {studied['decisions']}/{studied['decisions']}" in said, said
    assert "simulate: 100%|██████████| 40/40" in said, said


def test_the_partnership_tutorial_shows_what_its_prose_says_and_asks(lite_page, base):
    page = lite_page
    open_notebook(page, base, "01_partnership.ipynb")
    run_all(page)
    assert not errors(page), errors(page)
    notebook = nbformat.from_dict(notebook_json(page))
    assert len(markers(notebook)) >= 3
    assert prose_markers_hold(notebook) == []

    exercises = page.locator(".jp-Notebook .dw-exercise")
    assert exercises.count() >= 2, "the tutorial's exercises show"
    spec = kernel_json(page, "import json\nprint(json.dumps(which_tiles.spec))")
    choices = kernel_json(page, "print(json.dumps(which_tiles.view['choices']['tiles']))")
    answer = {str(tile) for tile in ExerciseSession.from_spec(spec).answer}
    first = exercises.first
    for index, tile in enumerate(choices):
        if tile in answer:
            first.locator(".dw-ex-tile").nth(index).click()
    first.get_by_role("button", name="Check").click()
    expect(first.locator(".dw-ex-verdict")).to_have_text("Right!", timeout=30_000)
    assert first.locator(".dw-ex-feedback li").count() >= 1, "the engine's reasons show"


PUZZLES = """
import json
from dominoes_widget import Puzzles, PuzzleSet

puzzles = Puzzles(PuzzleSet.load(json.loads({set_json!r})))
display(puzzles)
print(json.dumps({{"number": puzzles.view["number"], "of": puzzles.view["count"]}}))
"""


def test_a_puzzle_is_answered_by_clicking_in_the_browser_kernel(play):
    page = play
    set_json = json.dumps(fixture_puzzles().as_json())
    assert kernel_json(page, PUZZLES.format(set_json=set_json)) == {"number": 1, "of": 3}
    widget = page.locator(".jp-Notebook .jp-Cell").last.locator(".dw-puzzles-widget")
    answer_wrong_then_right(widget)
    state = kernel_json(page, 'print(json.dumps({"tried": puzzles.view["tried"], "solved": puzzles.view["solved"]}))')
    assert state == {"tried": WRONG_TRIED, "solved": True}


# A Vietnamese match of 3 hands for two (made with bots): hand 1 has 3 decisions, S's first
# one a mistake; 34 decisions in all. Judged at the full budget in the browser's Python, a
# decision takes seconds: hand 1 alone is the analysis that comes after the board, and S's
# first mistake opens the drill while 33 decisions are still to judge. (A whole match's
# figures are benchmarks/lite_study.py's.)
SHORT_FIRST_HAND = Path(__file__).resolve().parent / "data" / "short_first_hand.json"


def short_record_json() -> str:
    return json.dumps(json.loads(SHORT_FIRST_HAND.read_text()))


ANALYSED_LATER = """
import asyncio, json, sys
from dominoes_widget import Replay

record = json.loads({record_json!r})
record["hands"] = record["hands"][:1]
later = Replay(record, analysis=True)
display(later)
print(json.dumps({{"platform": sys.platform, "later": later.analysis_task is not None}}))
"""


def test_a_replay_analysed_in_the_browser_kernel_shows_its_bar_then_its_analysis(play):
    """In Pyodide the analysis runs on the kernel's loop, a decision at a time: the board
    first, with the bar, then the analysis (no thread, no pool)."""
    page = play
    said = kernel_json(page, ANALYSED_LATER.format(record_json=short_record_json()))
    assert said == {"platform": "emscripten", "later": True}, "the cell ran on a loop: the analysis after it"
    replay = page.locator(".jp-Notebook .jp-Cell").last.locator(".dw-replay-widget")
    replay.locator(".dw-controls").wait_for()
    # hand 1's 3 decisions at the full budget: a minute or more where other tests share the cores
    replay.locator(".dw-analysis:not([hidden])").wait_for(timeout=600_000)
    assert replay.locator(".dw-analysis-progress").is_hidden(), "the bar went when the analysis came"
    assert replay.locator(".dw-move-list .dw-move-mark").count() > 0 or replay.locator(".dw-strip-point").count() > 0


LEARN_WHILE_JUDGING = """
import json, time
from dominoes_widget import Replay
from dominoes_widget.studies import judge as judge_module

judge_module._KEPT.clear()  # an earlier cell judged hand 1: found kept, its mistakes came at once (timed as 0 s)

record = json.loads({record_json!r})
times = {{"start": time.perf_counter()}}

def note(change):
    now = time.perf_counter() - times["start"]
    if change["name"] == "mistakes" and change["new"].get("exercise") and "first_mistake" not in times:
        times["first_mistake"] = now
        times["judged_then"] = studied.analysing.get("done")
    if change["name"] == "analysing" and not change["new"] and "analysed" not in times:
        times["analysed"] = now

studied = Replay(record, analysis=True, learn="S")
studied.observe(note, ["mistakes", "analysing"])
display(studied)
print(json.dumps({{"status": studied.mistakes["status"], "total": studied.analysing["total"]}}))
"""

TIMES = """
import json, time
asked = time.perf_counter() - times["start"]
print(json.dumps({**{k: v for k, v in times.items() if k != "start"}, "asked": asked,
                  "decisions": studied.analysing.get("done"), "total": studied.session.run.total}))
"""

HINT = """
import json, time
from dominoes_widget import Table
from dominoes_widget.engine.views import seat_view
from dominoes_widget.studies.judge import distinct_choices
coach = Table(coach=True, seed=9, bot_delay=0, bots="greedy")  # (seed 4's position was judged by an earlier cell)
while distinct_choices(seat_view(coach.hand, "S")) < 2:  # on to a real choice
    coach.play(str(coach.hand.legal_moves[0].tile), coach.hand.legal_moves[0].end)
took = []
for _ in range(2):
    started = time.perf_counter()
    coach.hint()
    took.append(1000 * (time.perf_counter() - started))
print(json.dumps({"first_ms": took[0], "again_ms": took[1]}))
"""


@pytest.mark.slow  # an analysis at the full budget, in the browser's Python
def test_learn_from_mistakes_starts_in_the_browser_kernel_while_the_rest_is_judged(play, capsys, timings):
    """Issue 37 in the Lite site: the analysis judges a decision on each turn of Pyodide's loop
    (no threads), the drill opens S's first mistake while "Judging hand N of 3…" shows, a
    cell is answered meanwhile (between two decisions). Figures printed: the time to the first
    mistake, a cell's answer while judging, the decisions' rate, a hint."""
    page = play
    said = kernel_json(page, LEARN_WHILE_JUDGING.format(record_json=short_record_json()))
    assert said["status"] == "waiting" and said["total"] > 30
    replay = page.locator(".jp-Notebook .jp-Cell").last.locator(".dw-replay-widget")
    panel = replay.locator(".dw-learn")
    expect(panel.locator(".dw-learn-coming")).to_contain_text("Judging hand")
    expect(panel.locator(".dw-learn-tile:not([disabled])").first).to_be_visible(timeout=600_000)
    expect(panel.locator(".dw-learn-coming")).to_contain_text("Judging hand")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "learn-while-judging.png"))
    started = page.evaluate("performance.now()")
    now = kernel_json(page, TIMES)  # a cell, answered between two decisions
    cell_ms = page.evaluate("performance.now()") - started
    # the drill opened while decisions were still to judge (the analysis may end soon after: that race is not the test)
    assert "first_mistake" in now and now["judged_then"] < now["total"], now
    assert now.get("analysed", now["first_mistake"] + 1) > now["first_mistake"], "the drill waited for the whole analysis"
    say(capsys, timings, lite_first_mistake_s=now["first_mistake"], lite_cell_while_judging_ms=cell_ms)
    say(capsys, timings, lite_decisions_judged_at_first_mistake=now["judged_then"], lite_decisions=now["total"],
        lite_s_per_decision=now["first_mistake"] / max(1, now["judged_then"]))
    kernel_json(page, "studied.analysis_task.cancel()\nprint('{}')")  # enough: the hint alone now
    hint = kernel_json(page, HINT)
    say(capsys, timings, lite_hint_first_ms=hint["first_ms"], lite_hint_again_ms=hint["again_ms"])


def test_the_puzzles_notebook_runs_in_the_browser(lite_page, base, capsys, timings):
    page = lite_page
    open_notebook(page, base, "07_puzzles.ipynb")
    start = page.evaluate("performance.now()")
    run_all(page)
    assert not errors(page), errors(page)
    say(capsys, timings, puzzles_notebook_run_all_ms=page.evaluate("performance.now()") - start)
    notebook = page.locator(".jp-Notebook")
    expect(notebook.locator(".dw-puzzles-widget .dw-puzzle-number")).to_contain_text("Puzzle 1 of")
    expect(notebook.locator(".dw-replay-widget")).to_have_count(1)
    said = "".join(o.get("text", "") for cell in notebook_json(page)["cells"] for o in cell.get("outputs", []))
    assert "puzzles found; saved as mine.json" in said and "read back" in said, said[-500:]


LEARNER = """
import json
from dominoes_widget import Learner, PuzzleSet
me = Learner()
me.record_try(PuzzleSet.builtin()[0], right=False)
again = Learner()
print(json.dumps({"path": str(me.path), "tries": len(again.tries), "reviews": len(again.reviews()),
                  "rated": again.rating.rating < 1500}))
"""


def test_a_learner_is_kept_in_the_browsers_storage(play):
    """In the site, ``Learner()`` keeps its file on the site's drive, which JupyterLite keeps in
    the browser's storage: the lab's own contents service (not the kernel) finds it."""
    page = play
    assert kernel_json(page, LEARNER) == {"path": "/drive/dominoes_widget/progress.json", "tries": 1, "reviews": 1,
                                          "rated": True}
    kept = page.evaluate("""async () => {
      const file = await window.jupyterapp.serviceManager.contents.get("dominoes_widget/progress.json", {content: true});
      if (typeof file.content !== "string") return file.content;
      return JSON.parse(file.format === "base64" ? new TextDecoder().decode(Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0))) : file.content);
    }""")
    assert kept["format"] == "dominoes-learner" and len(kept["tries"]) == 1
