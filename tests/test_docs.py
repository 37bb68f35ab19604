"""The docs site builds with no warning, has its key pages, and says what the code does.

The site (mkdocs.yml, docs/) is built once for the module, with ``--strict``, into a
temporary folder. Its examples run as written, as the README's did before they moved here.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dominoes_widget
from dominoes_widget.engine.errors import Reason
from dominoes_widget.engine.rules import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDES = ["index", "playing", "table-server", "jupyterlite", "engine", "records", "analysis", "bots",
          "simulation", "teaching", "rules", "speed", "layout", "development-docs", "puzzles"]
API_PAGES = ["index", "engine", "records-and-errors", "words", "studies", "widgets"]
DOCUMENTED = sorted({*dominoes_widget.__all__, "Table", "Replay", "Puzzles"})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as ``mkdocs build --strict`` writes it, and what the build printed: the build
    ``scripts/test`` made just before pytest (``DOCS_BUILT``, ``DOCS_BUILD_LOG``), else one
    made here."""
    built, log = os.environ.get("DOCS_BUILT"), os.environ.get("DOCS_BUILD_LOG")
    if built and log:
        return ROOT / built, (ROOT / log).read_text(encoding="utf-8")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stdout}\n{build.stderr}"
    return out, build.stdout + build.stderr


def test_the_site_builds_with_no_warning(site):
    _, printed = site
    assert not re.search(r"^(WARNING|ERROR)\b", printed, re.MULTILINE), printed


@pytest.mark.parametrize("page", [f"{name}.html" for name in GUIDES] + [f"api/{name}.html" for name in API_PAGES])
def test_each_key_page_is_built_with_its_words(site, page):
    out, _ = site
    html = (out / page).read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", html.split('<article', 1)[1]) if "<article" in html else ""
    assert len(text.split()) > 100, f"{page} is nearly empty"


def test_the_api_reference_lists_every_public_name(site):
    out, _ = site
    ids: set[str] = set()
    for page in (out / "api").glob("*.html"):
        ids |= set(re.findall(r'id="dominoes_widget\.([A-Za-z_]+)"', page.read_text(encoding="utf-8")))
    missing = [name for name in DOCUMENTED if name not in ids]
    assert not missing, f"the API reference (docs/api/*.md) lacks {missing}"


def test_the_api_reference_shows_the_docstrings(site):
    """A name is documented with its docstring, and no Sphinx role is left as raw text."""
    out, _ = site
    engine = (out / "api" / "engine.html").read_text(encoding="utf-8")
    first_line = dominoes_widget.Hand.__doc__.strip().splitlines()[0]
    assert first_line.split()[0] in engine and "legal_moves" in engine
    for page in (out / "api").glob("*.html"):
        raw = re.findall(r":(?:class|func|meth|attr|data):", page.read_text(encoding="utf-8"))
        assert not raw, f"{page.name} shows Sphinx roles as text"


def test_sphinx_roles_become_code_and_links_to_the_reference():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from griffe_sphinx_roles import markdown
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert markdown(":class:`~dominoes_widget.hand.Hand` and :func:`tile`") == (
        "[`Hand`][dominoes_widget.Hand] and [`tile`][dominoes_widget.tile]")
    assert markdown(":func:`fast_playout`, :meth:`TableServer.sweep`") == "`fast_playout`, `TableServer.sweep`"
    assert markdown(":class:`~dominoes_widget.bots.estimate.MoveEstimate`") == "`MoveEstimate`"


def test_the_pages_load_nothing_from_elsewhere(site):
    """No font, script or style sheet from another site: the docs read offline."""
    out, _ = site
    for page in [out / "index.html", out / "api" / "engine.html"]:
        html = page.read_text(encoding="utf-8")
        outside = re.findall(r'<(?:link|script)[^>]+(?:href|src)="(?:https?:)?//[^"]+"', html)
        assert not outside, f"{page.name} loads {outside}"


def test_the_rules_page_names_every_setting_and_reason_code():
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    for setting in SETTINGS.values():
        row = next((line for line in rules.splitlines() if line.startswith(f"| `{setting.name}` |")), None)
        assert row, f"docs/rules.md has no row for the setting {setting.name}"
        for value in setting.values:
            assert ("none" if value is None else f"`{value}`") in row, f"{setting.name}: {value!r} missing"
    missing = [reason.value for reason in Reason if f"| `{reason.value}` |" not in rules]
    assert not missing, f"docs/rules.md does not list the reason code(s) {missing}"


def test_every_nav_page_exists_and_every_page_is_in_the_nav():
    nav = re.findall(r"([\w/-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.MULTILINE)
    pages = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(nav) == pages


EXAMPLES = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if ">>> " in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", EXAMPLES)
def test_the_examples_run_as_written(page, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name notebooks/records/... from the top of the checkout
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 2
    assert result.failed == 0


def test_examples_cover_the_guides_that_show_python():
    assert {"engine.md", "records.md", "analysis.md", "bots.md", "simulation.md", "teaching.md"} <= set(EXAMPLES)


def _block(page: str, opening: str) -> str:
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.index(f"```python\n{opening}")
    return text[start:].split("\n", 1)[1].split("```", 1)[0]


def test_the_notebook_snippet_runs_as_written(tmp_path, monkeypatch):
    """Playing's "In a notebook" block (not a doctest: it shows widgets) runs line by line."""
    block = _block("playing.md", "from dominoes_widget import Table, Replay\n")
    record = ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
    block = block.replace('"notebooks/records/six_love_10_hands.json"', repr(str(record)))
    monkeypatch.chdir(tmp_path)  # save_html("game.html") writes here
    exec(compile(block, "docs/playing.md (In a notebook)", "exec"), {})
    assert (tmp_path / "game.html").stat().st_size > 50_000


def test_the_teaching_positions_open_as_written(monkeypatch):
    block = _block("teaching.md", "from dominoes_widget import Table, Replay\n")
    monkeypatch.chdir(ROOT)
    scope: dict = {}
    exec(compile(block, "docs/teaching.md (Positions to talk about)", "exec"), scope)
    table = scope["table"]
    assert table.open_hands and table.turn == "S"
    assert [str(move) for move in table.legal_moves] == ["S 6-2 L", "S 6-2 R"]


def test_the_front_page_leads_with_playing_puzzles_exercises_and_learning_from_mistakes():
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    leading = {section.split("\n", 1)[0]: section for section in sections[:4]}
    assert list(leading) == ["Play", "Puzzles", "Exercises", "Learn from your mistakes"]
    for heading, page in [("Play", "playing.md"), ("Puzzles", "puzzles.md"), ("Exercises", "teaching.md#exercises"),
                          ("Learn from your mistakes", "analysis.md#learn-from-your-mistakes")]:
        assert f"]({page}" in leading[heading], f"the front page's {heading} does not link {page}"
    for heading in ("Play", "Puzzles", "Exercises"):  # their snippets run as written
        block = leading[heading].split("```python\n", 1)[1].split("```", 1)[0]
        exec(compile(block, f"docs/index.md ({heading})", "exec"), {})
