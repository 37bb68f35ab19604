"""Test tiers: the quick loop, ``pytest -m "not slow and not browser"``, and what it leaves out.

``slow`` marks tests that take seconds (processes, servers, kernels, hypothesis, whole
matches), explicitly, in their modules; ``browser`` marks every test that runs in Chromium
(``tests/conftest.py`` adds it to the e2e and lite tests and to any test using the
``chromium`` fixture). ``scripts/test`` runs all of them.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUICK = "not slow and not browser"
# modules whose every test is quick: the engine, words and records, run in the quick loop whole
CORE = ("test_tiles", "test_rules", "test_hand", "test_match", "test_record", "test_catalogs",
        "test_explain", "test_protocol_doc", "test_words_keys")
# tests known to take seconds: the quick loop must leave each out
KNOWN_SLOW = ("tests/test_wheel.py::", "tests/test_properties.py::", "tests/test_fuzz_table.py::",
              "tests/test_notebooks.py::test_notebook_runs_top_to_bottom",
              "tests/test_acceptance.py::test_good_record[", "tests/test_server_restart.py::",
              "tests/test_bots_strong.py::test_bots_play_only_legal_moves[strong-",
              "tests/test_bots_strong.py::test_bots_play_only_legal_moves[montecarlo-")


PYTEST_CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]


def test_the_tier_markers_are_registered_and_strict_enough_to_catch_typos():
    markers = dict(line.split(":", 1) for line in PYTEST_CONFIG["markers"])
    assert {"slow", "browser", "e2e", "lite"} <= markers.keys()
    assert QUICK in markers["slow"], "the slow marker says how to run the quick loop"
    assert "--strict-markers" in PYTEST_CONFIG["addopts"], "a mistyped mark is an error, not a quick test"


def test_a_test_using_chromium_is_a_browser_test(request):
    from tiers import drives_a_browser

    class Item:
        fixturenames = ("tmp_path", "chromium")

        def get_closest_marker(self, name):
            return None

    assert drives_a_browser(Item())
    assert not drives_a_browser(request.node), "this test uses no browser"


# Collects in a fresh process and prints each test's node id with the names of its markers (those
# the modules give and those tests/conftest.py adds), so one collection serves every -m expression.
_COLLECT = """
import sys, pytest
class Report:
    def pytest_collection_finish(self, session):
        for item in session.items:
            print(item.nodeid + "\\t" + ",".join(sorted({m.name for m in item.iter_markers()})))
sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[1:]], plugins=[Report()]))
"""


def _collecting(*args: str) -> tuple[subprocess.Popen, IO[str]]:
    """A collection started in a fresh process, and the file it prints to (a full pipe would stall it)."""
    output = tempfile.TemporaryFile("w+")
    return subprocess.Popen([sys.executable, "-c", _COLLECT, *args], cwd=ROOT, stdout=output,
                            stderr=subprocess.STDOUT, text=True), output


def _collected_by(started: tuple[subprocess.Popen, IO[str]]) -> dict[str, set[str]]:
    process, output = started
    with output:
        try:
            process.wait(timeout=600)
        finally:
            process.kill()
        output.seek(0)
        text = output.read()
    assert process.returncode == 0, text[-4000:]
    rows = [line.split("\t") for line in text.splitlines() if "::" in line and "\t" in line]
    return {test: set(filter(None, markers.split(","))) for test, markers in rows}


def collected(*args: str) -> dict[str, set[str]]:
    """The tests pytest would run with ``args``, each with its markers (collection only, in a fresh process)."""
    return _collected_by(_collecting(*args))


def collects_everything(config: pytest.Config) -> bool:
    """Whether this pytest run collected the whole suite: no paths given and nothing deselected."""
    return (config.args_source == pytest.Config.ArgsSource.TESTPATHS
            and not any(config.getoption(name, None) for name in ("markexpr", "keyword", "deselect", "lf", "stepwise")))


@pytest.mark.slow  # collects the whole suite, in processes (the quick loop, and the whole suite unless this run did)
def test_the_quick_loop_is_every_quick_test_and_no_browser_or_slow_one(request):
    quick_run = _collecting("-m", QUICK)  # the real quick loop: -m also keeps tests/e2e from being imported
    try:
        if collects_everything(request.config):  # this run's own collection is the whole suite's: no second one
            marked = {item.nodeid: {mark.name for mark in item.iter_markers()} for item in request.session.items}
        else:
            marked = collected()  # beside the quick loop's
    finally:
        quick = list(_collected_by(quick_run))
    everything = list(marked)
    browser = {test for test, markers in marked.items() if "browser" in markers}
    slow = {test for test, markers in marked.items() if "slow" in markers}

    assert set(quick) == set(everything) - browser - slow
    assert not [t for t in quick if t.startswith(("tests/e2e/", "tests/test_lite.py", "tests/test_lite_kernel.py"))]
    assert {t for t in everything if t.startswith("tests/e2e/")} <= browser, "every e2e test runs in Chromium"
    for known in KNOWN_SLOW:
        assert any(t.startswith(known) for t in everything), f"{known} is no longer a test: update KNOWN_SLOW"
        assert not any(t.startswith(known) for t in quick), f"{known} is in the quick loop"

    modules = {re.sub(r"::.*", "", t) for t in quick}
    for name in CORE:
        ids = [t for t in everything if t.startswith(f"tests/{name}.py::")]
        assert ids and set(ids) <= set(quick), f"{name} runs whole in the quick loop"
    assert len(modules) >= 40, "the quick loop touches nearly every module"
    assert 0.6 * len(everything) <= len(quick) < len(everything) - len(browser), \
        f"the quick loop: {len(quick)} of {len(everything)} tests ({len(browser)} browser, {len(slow)} slow)"

    # scripts/test runs the suite as two pytest processes side by side: together every test, once
    from _pytest.mark.expression import Expression  # how -m itself reads an expression

    script = (ROOT / "scripts" / "test").read_text()
    parts = [re.search(rf'^{name}="([^"]+)"$', script, re.M) for name in ("BROWSER_PART", "OTHER_PART")]
    assert all(parts), "scripts/test names its two parts BROWSER_PART and OTHER_PART"
    runs = [{test for test, markers in marked.items()
             if Expression.compile(part[1]).evaluate(lambda name, **_: name in markers)} for part in parts]
    assert not runs[0] & runs[1], f"run twice: {sorted(runs[0] & runs[1])[:5]}"
    assert runs[0] | runs[1] == set(everything), f"never run: {sorted(set(everything) - runs[0] - runs[1])[:5]}"
    assert runs[0] and runs[0] <= browser and runs[1] - browser, "one part drives the browser, the other mostly not"
