"""The Replay's data carries what the browser rechecks a fair deal with (js/PROTOCOL.md, "The
Replay": a hand's `fair`), and a record whose deal does not check out still opens, so that
the page can warn of it. The check itself is the browser's (js/kit/replay/replay_fair.mjs; its node
test, and tests/test_replay_fair_browser.py)."""

from __future__ import annotations

from dominoes_widget.engine.fair_deal import commitment_of, fair_deal
from dominoes_widget.page import page_state
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.sessions.replay.wire import pack_data, unpack_data
from dominoes_widget.widgets.replay import Replay
from replay_fair_records import fair_record, seed_changed, tile_swapped


def test_each_hand_of_a_fair_tables_record_carries_its_block_deal_and_pile():
    record = fair_record()
    data = ReplaySession(record).view()
    assert len(data["hands"]) == len(record["hands"]) >= 2
    for index, (hand, entry) in enumerate(zip(data["hands"], record["hands"])):
        fair = hand["fair"]
        assert fair["block"] == entry["fair"] and commitment_of(fair["block"]["server_seed"]) == fair["block"]["commitment"]
        assert {s: sorted(t) for s, t in fair["deal"].items()} == {s: sorted(t) for s, t in entry["deal"].items()}
        assert fair["boneyard"] == entry["boneyard"]
        deal, pile = fair_deal(fair["block"]["server_seed"], index, data["seats"], fair["block"]["client_seeds"],
                               fair["block"]["attempt"])
        assert {s: sorted(map(str, t)) for s, t in deal.items()} == {s: sorted(t) for s, t in fair["deal"].items()}
        assert [str(t) for t in pile] == fair["boneyard"]


def test_the_facts_travel_packed_as_they_are_to_the_widget_and_the_page():
    replay = Replay(fair_record())
    wire = pack_data(replay.view)
    assert [h["fair"] for h in wire["hands"]] == [h["fair"] for h in replay.view["hands"]]
    assert unpack_data(wire) == replay.view
    assert page_state(replay.to_html())["view"]["hands"][1]["fair"] == replay.view["hands"][1]["fair"]


def test_a_hand_in_play_carries_its_commitment_but_never_its_server_seed():
    record = fair_record()
    last = record["hands"][-1]
    unfinished = {**record, "hands": [*record["hands"][:-1], {**last, "moves": last["moves"][:3],
                                                              "fair": {k: v for k, v in last["fair"].items()
                                                                       if k != "server_seed"}}]}
    unfinished["hands"][-1].pop("result", None)
    data = ReplaySession(unfinished).view()
    block = data["hands"][-1]["fair"]["block"]
    assert block["commitment"] == last["fair"]["commitment"] and "server_seed" not in block
    assert last["fair"]["server_seed"] not in str(data)


def test_a_record_without_fair_blocks_carries_nothing_of_it():
    record = fair_record()
    for hand in record["hands"]:
        del hand["fair"]
    assert all("fair" not in hand for hand in ReplaySession(record).view()["hands"])


def test_a_record_whose_deal_does_not_check_out_opens_with_the_facts_as_written():
    record = fair_record()
    for tampered in (seed_changed(record), tile_swapped(record)):
        session = ReplaySession(tampered)
        assert session.ok and session.problems == []
        hand = session.view()["hands"][0]["fair"]
        assert hand["block"] == tampered["hands"][0]["fair"]
        assert {s: sorted(t) for s, t in hand["deal"].items()} == {s: sorted(t) for s, t in tampered["hands"][0]["deal"].items()}


def test_other_problems_still_open_nothing():
    record = seed_changed(fair_record())
    record["hands"][0]["fair"]["server_seed"] = "not hex"
    assert not ReplaySession(record).ok
    broken = fair_record()
    broken["hands"][0]["moves"][0] = "S 0-0"
    assert not ReplaySession(broken).ok


def test_the_command_line_writes_the_page_of_a_tampered_record_and_warns(tmp_path, capsys):
    from dominoes_widget.__main__ import main
    import json

    source = tmp_path / "tampered.json"
    source.write_text(json.dumps(seed_changed(fair_record())), encoding="utf-8")
    assert main(["html", str(source)]) == 0 and source.with_suffix(".html").exists()
    err = capsys.readouterr().err
    assert "warning:" in err and "fair_commitment_mismatch" in err and "hand 0" in err.lower()
