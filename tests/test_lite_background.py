"""The Table judges in the background in the Lite site too: Python in the browser has no
threads or processes, so the person's position is judged on the event loop once the table
is quiet, and a Hint pressed afterwards shows at once (its time printed, not asserted)."""

from __future__ import annotations

import pytest

from test_lite import base, kernel_json, play, say, site, timings  # noqa: F401  (the fixtures: the site, served)

pytestmark = pytest.mark.lite

QUIET_THEN_HINT = """
import asyncio, json, time
from dominoes_widget import Table
from dominoes_widget.engine.views import seat_view
from dominoes_widget.studies.judge import distinct_choices

table = Table(coach=True, seed=4, bot_delay=0, bots="greedy")
while distinct_choices(seat_view(table.hand, "S")) < 2:  # on to a real choice
    table.play(str(table.hand.legal_moves[0].tile), table.hand.legal_moves[0].end)
judging = table.session.judging
start = time.perf_counter()
while judging is not None and judging.waiting and time.perf_counter() - start < 120:
    await asyncio.sleep(0.1)  # the person thinks; the loop is free and judges
judged_s = time.perf_counter() - start
asked = time.perf_counter()
hint = table.session.ask_hint()
print(json.dumps({"where": judging and judging.where, "waiting": judging and judging.waiting, "judged_s": judged_s,
                  "thinking": bool(hint.get("thinking")), "moves": len(hint["moves"]),
                  "hint_ms": 1000 * (time.perf_counter() - asked)}))
"""


def test_the_browsers_table_judges_on_its_loop_and_a_hint_after_a_pause_shows_at_once(play, capsys, timings):
    found = kernel_json(play, QUIET_THEN_HINT)
    assert found["where"] == "slices", "no threads nor processes in the browser: the loop judges"
    assert found["waiting"] == 0 and not found["thinking"] and found["moves"] >= 2
    say(capsys, timings, lite_background_judgement_s=round(found["judged_s"], 2),
        lite_hint_after_pause_ms=round(found["hint_ms"], 1))
