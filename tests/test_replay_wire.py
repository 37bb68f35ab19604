"""The Replay's data as it travels (sessions/replay/wire.py, js/kit/replay/replay_wire.mjs): packed, it
reads back to the very data the engine built, in Python and in the browser, and a long
record syncs a few times its own size, not eleven."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_widget.page import page_state
from dominoes_widget.sessions.replay.wire import is_packed, pack_data, unpack_data
from dominoes_widget.sessions.replay.step_deltas import hand_steps
from dominoes_widget.widgets.replay import Replay
from long_records import bot_record
from test_layout_parity import READ_STDIN, run_node

RECORDS = Path(__file__).resolve().parent / "data" / "records"
SYNCED = ("view", "words", "hand", "step", "speed", "rules_text", "report", "analysing")


def _size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json")))
def test_every_example_record_reads_back_whole_counting_and_all(name):
    for replay in (Replay(RECORDS / name), Replay(RECORDS / name, counting=True)):
        if not replay.ok:
            continue
        wire = pack_data(replay.view)
        assert is_packed(wire) and unpack_data(wire) == replay.view
        assert _size(wire) < _size(replay.view)


def test_a_bad_record_and_data_saved_unpacked_pass_as_they_are():
    bad = Replay('{"format": "dominoes-record", "version": 1, "game": "chess"}')
    assert bad.get_state("view")["view"] == {} and unpack_data({}) == {}
    plain = Replay(RECORDS / "six_love_10_hands.json").view
    assert unpack_data(plain) == plain, "a notebook saved before the data was packed still reads"
    assert pack_data(pack_data(plain)) == pack_data(plain), "packing twice changes nothing"


def test_the_browser_reads_the_packed_data_back_as_python_does():
    """Packed in Python, read back by js/kit/replay/replay_wire.mjs and stepped by js/kit/replay/replay_deltas.mjs:
    every step of every hand is the engine's."""
    replays = [Replay(RECORDS / "six_love_10_hands.json"), Replay(RECORDS / "vietnamese_3_players.json", counting=True)]
    script = READ_STDIN + """
import { unpackData } from "./js/kit/replay/replay_wire.mjs";
import { handSteps } from "./js/kit/replay/replay_deltas.mjs";
console.log(JSON.stringify(input.map((wire) => {
  const data = unpackData(wire);
  return { data, steps: data.hands.map((hand) => handSteps(hand)) };
})));
"""
    read = run_node(script, [replay.get_state("view")["view"] for replay in replays])
    for replay, back in zip(replays, read):
        assert back["data"] == replay.view
        assert back["steps"] == [hand_steps(hand) for hand in replay.view["hands"]]


def test_a_1200_hand_record_syncs_at_most_four_times_its_size():
    record = bot_record(1200, seed=7)
    assert len(record["hands"]) == 1200
    replay = Replay(record)
    synced = {name: value for name, value in replay.get_state().items() if name in SYNCED}
    record_size, synced_size = _size(record), _size(synced)
    print(f"\n1,200 hands: record {record_size / 1e6:.2f} MB, synced traits {synced_size / 1e6:.2f} MB "
          f"({synced_size / record_size:.2f}x); the data unpacked {_size(replay.view) / 1e6:.2f} MB")
    assert synced_size <= 4 * record_size
    assert unpack_data(synced["view"]) == replay.view


def test_the_one_file_page_carries_the_same_packed_data(tmp_path):
    replay = Replay(RECORDS / "six_love_10_hands.json")
    page = replay.to_html()
    carried = json.loads(page.split('id="dominoes-replay">', 1)[1].split("</script>", 1)[0].replace("<\\/", "</"))
    assert carried["view"] == replay.get_state("view")["view"], "the widget's wire form, written once"
    assert page_state(page)["view"] == replay.view
