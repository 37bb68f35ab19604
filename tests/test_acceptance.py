"""Acceptance tests for `python -m dominoes_widget verify FILE --json`.

The records under tests/acceptance/ were written from /work/shared/RULES.md and RECORD.md
alone (not from the engine's code); each one checks one rule or setting, named in
tests/acceptance/cases.json (file -> {"rule", "section"}).

- records/NAME.json + NAME.expected.jsonl: a good record and the exact `verify --json`
  lines (one JSON object per hand). Fields listed in cases.json under "unasserted"
  ({"<hand>": [field, ...]}) are left out of the comparison because RULES.md does not
  settle them.
- bad/NAME.json + NAME.expected.json: a bad record and the problems verify must report.
  Each expected problem is matched on the keys it gives (hand, move, reason; only hand
  for problems that are not at a move).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ROOT = Path(__file__).resolve().parent / "acceptance"
CASES = json.loads((ROOT / "cases.json").read_text(encoding="utf-8"))
FIELDS = ["hand", "end", "winner_seat", "winner_team", "tie", "pips", "open_ends", "score_after",
          "ties_after", "playoff_pending_after", "next_leader", "match_winner", "boneyard_left"]


def _records(sub: str) -> list[Path]:
    return sorted(p for p in (ROOT / sub).glob("*.json") if not p.name.endswith(".expected.json"))


GOOD = _records("records")
BAD = _records("bad")


def _case(path: Path) -> dict:
    return CASES.get(f"{path.parent.name}/{path.name}", {})


def _params(paths: list[Path]):
    return [pytest.param(p, id=p.stem) for p in paths]


def _verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dominoes_widget", "verify", str(path), "--json"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )


def _about(path: Path) -> str:
    c = _case(path)
    return f"{path.parent.name}/{path.name}: {c.get('rule', '?')} [RULES.md: {c.get('section', '?')}]"


def _json_lines(text: str, path: Path) -> list[dict]:
    out = []
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:  # pragma: no cover - failure path
            pytest.fail(f"{_about(path)}\nstdout line {i} is not JSON ({e}): {line!r}")
    return out


def _diff(expected: dict, got: dict) -> list[str]:
    lines = []
    for k in list(expected) + [k for k in got if k not in expected]:
        if k not in got:
            lines.append(f"  {k}: missing (expected {expected[k]!r})")
        elif k not in expected:
            lines.append(f"  {k}: unexpected field, got {got[k]!r}")
        elif expected[k] != got[k]:
            lines.append(f"  {k}: expected {expected[k]!r}, got {got[k]!r}")
    return lines


# ------------------------------------------------------------------ fixtures are consistent
def test_every_file_is_described():
    files = {f"records/{p.name}" for p in GOOD} | {f"bad/{p.name}" for p in BAD}
    assert files == set(CASES), {"undescribed": sorted(files - set(CASES)), "missing files": sorted(set(CASES) - files)}
    for p in GOOD:
        assert p.with_name(p.stem + ".expected.jsonl").exists(), p
    for p in BAD:
        assert p.with_name(p.stem + ".expected.json").exists(), p


@pytest.mark.parametrize("path", _params(GOOD))
def test_good_record_deals_are_complete(path: Path):
    """Test data sanity (no rules involved): each hand deals 7 tiles a seat and all 28 tiles once."""
    rec = json.loads(path.read_text(encoding="utf-8"))
    full = sorted(f"{a}-{b}" for a in range(7) for b in range(a, 7))
    for i, hand in enumerate(rec["hands"]):
        tiles = [t for s in rec["seats"] for t in hand["deal"][s]] + hand["boneyard"]
        assert all(len(hand["deal"][s]) == 7 for s in rec["seats"]), (path.name, i)
        norm = sorted("-".join(sorted(t.split("-"))) for t in tiles)
        assert norm == full, (path.name, i)


# ------------------------------------------------------------------ good records
@pytest.mark.parametrize("path", _params(GOOD))
@pytest.mark.slow  # the CLI as a process, once per record
def test_good_record(path: Path):
    expected = [json.loads(l) for l in path.with_name(path.stem + ".expected.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    unasserted = _case(path).get("unasserted", {})
    proc = _verify(path)
    assert proc.returncode == 0, f"{_about(path)}\nexit status {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    got = _json_lines(proc.stdout, path)
    problems = []
    if len(got) != len(expected):
        problems.append(f"expected {len(expected)} lines (one per hand), got {len(got)}")
    for i, (e, g) in enumerate(zip(expected, got)):
        skip = set(unasserted.get(str(i), []))
        e = {k: v for k, v in e.items() if k not in skip}
        g = {k: v for k, v in g.items() if k not in skip}
        if e != g:
            problems.append(f"hand {i}:")
            problems += _diff(e, g)
    assert not problems, _about(path) + "\n" + "\n".join(problems) + f"\nstdout:\n{proc.stdout}"


# ------------------------------------------------------------------ bad records
def _is_problem(obj: dict) -> bool:
    return "reason" in obj or "message" in obj


@pytest.mark.parametrize("path", _params(BAD))
@pytest.mark.slow  # the CLI as a process, once per record
def test_bad_record(path: Path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    proc = _verify(path)
    about = _about(path)
    assert "Traceback" not in proc.stderr, f"{about}\ntraceback on stderr:\n{proc.stderr}"
    assert proc.returncode == 1, f"{about}\nexit status {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    objs = _json_lines(proc.stdout, path)
    assert all(isinstance(o, dict) for o in objs), f"{about}\nevery line must be a JSON object:\n{proc.stdout}"
    problems = [o for o in objs if _is_problem(o)]
    missing = [e for e in expected
               if not any(all(k in p and p[k] == v for k, v in e.items()) for p in problems)]
    assert not missing, (f"{about}\nexpected problem(s) not reported: {missing}\n"
                         f"reported problems: {json.dumps(problems, indent=1)}\nstderr:\n{proc.stderr}")
