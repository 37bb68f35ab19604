"""The README is what it promises: a short intro, the two commands first, a picture, links.

Its guides and examples moved to docs/; tests/test_docs.py runs them there.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
TEXT = README.read_text(encoding="utf-8")
PLAY = 'pip install ".[lab]" && jupyter lab --allow-root notebooks/play.ipynb'
TEST = "bash scripts/test"


def test_the_two_commands_come_first():
    blocks = re.findall(r"```(\w*)\n(.*?)```", TEXT, re.DOTALL)
    assert [(lang, code.strip()) for lang, code in blocks[:2]] == [("bash", PLAY), ("bash", TEST)]
    headings = re.findall(r"^## (.+)$", TEXT, re.MULTILINE)
    assert headings[0] == "Two commands"


def test_what_the_commands_name_is_there():
    """The first command's extra and notebook, and the test script with the extras it says it installs."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("jupyterlab") for dep in extras["lab"])
    assert (ROOT / "notebooks" / "play.ipynb").is_file()
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert 'pip install -e ".[test,docs]"' in script and "mkdocs build --strict" in script
    assert {"test", "docs"} <= set(extras) and any(dep.startswith("mkdocstrings") for dep in extras["docs"])


def test_every_link_and_the_picture_lead_somewhere():
    targets = re.findall(r"\]\(([^)\s]+)\)", TEXT)
    local = [t.split("#", 1)[0] for t in targets if not re.match(r"[a-z]+:", t)]
    assert len(local) >= 10
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, f"the README links to missing files: {missing}"
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", TEXT)
    assert len(pictures) == 1
    assert (ROOT / pictures[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_readme_links_every_guide():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    guides = re.findall(r"^      - [^:]+: ([\w-]+\.md)$", nav.split("  - Guides:", 1)[1].split("\n  - ", 1)[0],
                        re.MULTILINE)
    assert len(guides) >= 8
    unlinked = [g for g in guides if f"(docs/{g})" not in TEXT]
    assert not unlinked, f"the README does not link {unlinked}"


def test_the_readme_stays_short():
    """The details live in docs/: the README is for the first minute."""
    assert len(TEXT.splitlines()) <= 80
