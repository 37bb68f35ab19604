"""The front ends hold no English of their own: every label comes from the ``words`` trait,
whose keys dominoes_widget/words/locales/en.toml lists in its ``[ui]`` section."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import get_args

from dominoes_widget.sessions.table.shapes import PassWord

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for p in (ROOT / "js").rglob("*.*js") if p.suffix in (".js", ".mjs") and ".test." not in p.name)
UI = tomllib.loads((ROOT / "dominoes_widget" / "words" / "locales" / "en.toml").read_text(encoding="utf-8"))["ui"]
# Keys the code builds from parts: number_0 ... number_6, end_left/right, slot_left/right.
BUILT = {f"number_{n}" for n in range(7)} | {"end_left", "end_right", "slot_left", "slot_right"}
# Keys the kernel names in a view for the front end to look up (TableView.pass_word).
SENT = set(get_args(PassWord))


def _code() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SOURCES)


def test_every_key_the_front_ends_look_up_is_in_en_toml():
    code = _code()
    looked_up = set(re.findall(r"\bword\(\s*\"([a-z0-9_]+)\"", code))
    for pair in re.findall(r"countWords\(\s*word\s*,[^,]+,\s*\"([a-z_]+)\"\s*,\s*\"([a-z_]+)\"", code):
        looked_up |= set(pair)
    assert looked_up, "the scan finds the look-ups"
    assert looked_up - set(UI) == set()


def test_every_key_in_en_toml_is_used():
    code = _code()
    quoted = set(re.findall(r"\"([a-z0-9_]+)\"", code))
    unused = set(UI) - quoted - BUILT - SENT
    assert unused == set(), f"keys no front end uses: {sorted(unused)}"


def test_the_words_are_plain_text_with_known_placeholders():
    for key, text in UI.items():
        assert isinstance(text, str) and text.strip() == text and text, key
        assert set(re.findall(r"\{(\w+)\}", text)) <= {"n", "a", "b", "tile", "number", "end", "count", "left", "right",
                                                      "percent", "low", "high", "label", "hand", "hands", "step",
                                                      "moves", "best", "best_chance", "played", "played_chance",
                                                      "who", "move", "solved", "total", "loss"}, key


def test_every_key_the_kernel_sends_for_the_front_end_is_in_en_toml():
    assert SENT and SENT <= set(UI)
