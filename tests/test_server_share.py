"""``Table.share()`` (issue 20): a notebook's table serves its other people by link from the
kernel's own event loop; the widget stays its own seat's screen."""

from __future__ import annotations

import asyncio
import json

import pytest

from dominoes_widget.engine.record import verify_record
from dominoes_widget.sessions.table.seat_record import seat_record
from dominoes_widget.widgets.table import Table
from server_harness import Seat, request
from test_fuzz_table import tiles_in


def test_share_serves_the_other_person_from_the_running_loop_and_the_widget_stays_souths_screen():
    async def scenario():
        table = Table(seats={"N": "human"}, bots="greedy", bot_delay=0, seed=3, names={"S": "Ana", "N": "Bao"})
        sent = []
        table.send = lambda message, buffers=None: sent.append(message)
        assert table.session.hot_seat
        links = table.share()
        assert set(links) == {"N"} and links.seat == "S" and table.share() is links
        assert f'href="{links["N"]}"' in links._repr_html_()
        assert not table.session.hot_seat and table.view["phase"] != "cover"
        north = await Seat.open(links["N"], "N")
        await north.until(lambda s: s.view)
        record_url = links["N"].replace("/seat?", "/record?").replace("/tables/", "/api/tables/")
        mid_hand = None
        assert north.view["viewer"] == "N" and isinstance(north.view["hands"]["S"], int)
        for _ in range(40):
            assert table.view["viewer"] == "S"  # the notebook never shows North's tiles
            if table.view["phase"] != "playing":
                break
            if mid_hand is None and len(table.view["moves"]) >= 3:  # the kernel's route gives North its record
                hand = table.session.match.hand
                mid_hand = (await request(record_url))[1]
                assert mid_hand == seat_record(table.session.match, "N", table.record["players"])
                assert mid_hand["hands"] == [] and mid_hand["in_play"]["seat"] == "N"
                assert not tiles_in(json.dumps(mid_hand)) & {str(t) for t in hand.held("S")}
            assert isinstance(table.view["hands"]["N"], int)
            done = len(table.view["moves"])
            if table.view["legal"]:  # South plays in the notebook, as its browser would send it
                move = table.view["legal"][0]
                table._on_message(table, {"type": "move", "move": move, "hand": 0, "ply": done}, [])
                assert not sent, sent
            else:
                await north.until(lambda s: s.view["legal"] and len(s.view["moves"]) == done)
                north.send({"type": "move", "move": north.view["legal"][0], "hand": 0, "ply": done})
                await north.until(lambda s: len(s.view["moves"]) > done)
            await north.until(lambda s: len(s.view["moves"]) == len(table.view["moves"]))
        assert table.view["phase"] in ("hand_over", "match_over")
        summaries, problems = verify_record(table.record)
        assert not problems and summaries[0]["end"] is not None
        moves = table.record["hands"][0]["moves"]
        assert any(m.startswith("N ") for m in moves) and any(m.startswith("S ") for m in moves)
        assert mid_hand is not None and verify_record(mid_hand)[1] == []
        # the hand is over: North's record holds it whole, as the notebook's does
        assert (await request(record_url))[1] == seat_record(table.session.match, "N", table.record["players"])
        assert (await request(record_url))[1]["hands"] == table.record["hands"]
        table.close()  # the links stop working
        assert (await request(record_url))[0] == 403
        north.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_share_needs_another_person_at_the_table():
    async def scenario():
        table = Table(bots="greedy", bot_delay=0)
        with pytest.raises(ValueError, match="no other person"):
            table.share()
        table.close()

    asyncio.run(scenario())
