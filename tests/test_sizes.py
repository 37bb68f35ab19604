"""scripts/sizes.py reports the package's largest classes and functions: a report to read, not a
cap that shapes the code (docs/layout.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "sizes.py"
sys.path.insert(0, str(SCRIPT.parent))
from sizes import package_sizes, report, sizes  # noqa: E402


def test_the_measure_counts_lines_and_methods_of_nested_classes_and_functions():
    body = "".join(f"    x{i} = {i}\n" for i in range(9))
    source = f"def long():\n{body}    return 0\n" + "class Many:\n" + "".join(
        f"    def m{i}(self):\n        pass\n" for i in range(3))
    found = {s.name: s for s in sizes(source)}
    assert found["long"].lines == 11 and found["long"].kind == "function"
    assert found["Many"].methods == 3 and found["Many"].lines == 7
    assert found["Many.m2"].lines == 2, "methods are listed under their qualified names"


def test_the_report_lists_the_largest_first():
    found = sizes("class Small:\n    def a(self): pass\nclass Big:\n    def a(self): pass\n    def b(self): pass\n"
                  "def short(): pass\ndef tall():\n    x = 1\n    return x\n")
    text = report(found, most=1)
    assert "Big" in text and "Small" not in text and "tall" in text and "short" not in text


def test_the_report_runs_over_the_package():
    assert any(s.name == "Hand" for s in package_sizes())
    out = subprocess.run([sys.executable, str(SCRIPT), "--most", "3"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("classes (methods, lines):") and "functions (lines):" in out
