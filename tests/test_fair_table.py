"""Every deal a table makes is provably fair (RECORD.md, "Provably fair deals"): the notebook's
Table and the table server. Each hand's record carries its fair block; a page adds its client
seed before the deal (and is refused a malformed or late one); the server seed shows nowhere
before its hand ends; a table given a seed deals the same again and says it is not secret."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from dominoes_widget import Table
from dominoes_widget.engine.fair_deal import commitment_of, fair_deal
from dominoes_widget.engine.record import verify_record
from dominoes_widget.server import shared_table
from dominoes_widget.server.shared_table import SEED_WAIT
from server_harness import Seat, local_server, request, until
from test_table import Browser


def played_table(seed: int | None = 4, **options) -> Table:
    t = Table("straight_six", bots="greedy", bot_delay=0, seed=seed, target=2, seats={}, **options)
    Browser(t).play_on(random.Random(1))
    return t


def test_every_hand_of_a_notebook_table_is_dealt_from_seeds_and_verifies():
    t = played_table()
    hands = t.record["hands"]
    assert len(hands) >= 2 and all(set(h["fair"]) == {"scheme", "commitment", "attempt", "client_seeds",
                                                     "server_seed"} for h in hands)
    for index, hand in enumerate(hands):
        fair = hand["fair"]
        assert commitment_of(fair["server_seed"]) == fair["commitment"]
        deal, pile = fair_deal(fair["server_seed"], index, t.record["seats"], fair["client_seeds"], fair["attempt"])
        assert {s: sorted(map(str, tiles)) for s, tiles in deal.items()} == {s: sorted(v) for s, v in hand["deal"].items()}
    assert verify_record(t.record)[1] == []


def test_a_seeded_table_deals_the_same_again_and_says_its_deals_are_not_secret():
    one, two = played_table(seed=11), played_table(seed=11)
    assert [h["fair"] for h in one.record["hands"]] == [h["fair"] for h in two.record["hands"]]
    assert one.view["fair"]["secret"] is False
    assert played_table(seed=12).record["hands"][0]["fair"] != one.record["hands"][0]["fair"]
    unseeded = Table(bots="greedy", bot_delay=0)
    assert unseeded.view["fair"]["secret"] is True


def test_the_view_shows_the_commitment_in_play_and_the_seed_only_after_the_hand():
    t = Table("vietnamese", players=2, bots="greedy", bot_delay=0, seed=3)
    browser = Browser(t)
    fair = t.view["fair"]
    seeds = t.session.match.fair[0]
    assert fair["current"]["commitment"] == seeds.commitment and fair["current"]["server_seed"] is None
    assert fair["next"] is None and seeds.server_seed not in json.dumps(t.view)
    for _ in range(200):
        if t.view["phase"] != "playing":
            break
        browser.send(type="move", move=t.view["legal"][0])
    assert t.view["phase"] in ("hand_over", "match_over")
    fair = t.view["fair"]
    assert fair["current"]["server_seed"] == seeds.server_seed
    upcoming = t.session.match.next_fair
    assert fair["next"]["commitment"] == upcoming.commitment and upcoming.server_seed not in json.dumps(t.view)


def test_a_page_adds_its_seed_between_the_commitment_and_the_deal_and_is_refused_otherwise():
    t = Table("vietnamese", players=2, bots="greedy", bot_delay=0, seed=3)
    browser = Browser(t)
    browser.send(type="seed", seed="k3Fz9")  # the hand is dealt already
    assert browser.table.view["fair"]["current"]["client_seeds"] == {}
    late = browser.messages[-1]
    assert late["type"] == "error" and late["reason"] == "seed_too_late"
    while t.view["phase"] == "playing":
        browser.send(type="move", move=t.view["legal"][0])
    for bad in ("a b", "x" * 65, "", 7, None, "x" * 5000):
        browser.send(type="seed", seed=bad)
        assert browser.messages[-1]["reason"] == "bad_client_seed", bad
    assert t.view["fair"]["next"]["my_seed"] is None
    browser.send(type="seed", seed="k3Fz9")
    assert t.view["fair"]["next"]["my_seed"] == "k3Fz9"
    browser.send(type="next_hand")
    fair = t.record["hands"][1]["fair"]
    assert fair["client_seeds"] == {"S": "k3Fz9"} and verify_record(t.record)[1] == []


# -- the table server -------------------------------------------------------------------------------
PEOPLE = {"game": "six_love", "bots": {"E": "greedy", "W": "greedy"}, "bot_delay": 0, "rules": {"target": 1}}


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 90))


def seeds_of(table, index: int):
    """Hand ``index``'s seeds, dealt (a deal whose leader a team still chooses included)."""
    match = table.session.match
    return match.fair[index] if index < len(match.fair) else match.pending.fair


async def play_out(seats: list[Seat], hand: int) -> None:
    """The people play their first legal move until hand ``hand`` has ended."""
    while True:
        for seat in seats:
            await seat.until(lambda s: s.view.get("hand_number", -1) >= hand)
        if all(s.view["phase"] in ("hand_over", "match_over") and s.view["hand_number"] == hand for s in seats):
            return
        mover = next((s for s in seats if s.view.get("legal") or s.view.get("leader_choices")), None)
        if mover is None:
            await seats[0].until(lambda _: any(s.view.get("legal") or s.view.get("leader_choices") for s in seats)
                                 or seats[0].view["phase"] in ("hand_over", "match_over"))
            continue
        view = mover.view
        if view.get("leader_choices"):
            mover.send({"type": "choose_leader", "seat": view["leader_choices"][0]["seat"]})
        else:
            mover.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"],
                        "ply": len(view["moves"])})
        await mover.until(lambda s: s.view is not view)


def test_served_pages_seed_the_next_deal_and_no_answer_shows_a_seed_before_its_hand_ends():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE)
            table = server.tables[created["id"]]
            seats = [await Seat.open(created["seats"][seat], seat) for seat in ("S", "N")]
            record_url = created["seats"]["S"].replace("/tables/", "/api/tables/").replace("/seat?", "/record?")
            for seat in seats:  # the pages seed the first hand (the harness's seats, as a page does)
                await seat.until(lambda s: s.view.get("fair") and s.view["phase"] != "dealing")
            secret = table.session.match.fair[0].server_seed
            _, record = await request(record_url)
            assert record["in_play"]["fair"]["commitment"] == commitment_of(secret)
            assert secret not in json.dumps(record) and all(secret not in json.dumps(s.frames) for s in seats)
            await play_out(seats, 0)
            upcoming = table.session.match.next_fair
            for seat in seats:
                assert seat.view["fair"]["current"]["server_seed"] == secret
                assert seat.view["fair"]["next"]["commitment"] == upcoming.commitment
                seat.send({"type": "seed", "seed": f"page-{seat.seat}"})
            for seat in seats:
                await seat.until(lambda s: s.view["fair"]["next"]["my_seed"] == f"page-{s.seat}")
            seats[0].send({"type": "new_match"})  # target 1: the match is over after one hand
            await seats[0].until(lambda s: s.view["phase"] == "playing")
            _, record = await request(record_url)
            assert record["in_play"]["fair"]["client_seeds"] == {"N": "page-N", "S": "page-S"}
            assert upcoming.server_seed not in json.dumps(record)
            assert all(upcoming.server_seed not in json.dumps(s.frames) for s in seats)
            for seat in seats:
                seat.close()
    run(scenario)


def tiles_shown(frames: list) -> list:
    """Every tile a seat's frames show of anyone's hand (a hand face down is a count)."""
    return [tiles for f in frames if f.get("type") == "state" for tiles in f["view"]["hands"].values()
            if not isinstance(tiles, int)] + [f["view"]["line"] for f in frames if f.get("type") == "state" and f["view"]["line"]]


def dealt_from(table, fair: dict) -> bool:
    """Whether hand 0's deal is the one its seeds make."""
    hand = table.session.match.hands[0]
    deal, pile = fair_deal(fair["server_seed"], 0, table.session.rules.seats, fair["client_seeds"], fair["attempt"])
    return {s: sorted(map(str, deal[s])) for s in deal} == {s: sorted(map(str, hand.deal[s])) for s in deal}


def test_a_new_served_table_deals_its_first_hand_only_once_both_pages_have_seeded_it():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE)
            table = server.tables[created["id"]]
            match = table.session.match
            assert status == 201 and match.hands == [] and match.pending is None  # nobody opened: nothing dealt
            seats = [await Seat.open(created["seats"][seat], seat, first_seed=False) for seat in ("S", "N")]
            watcher = await Seat.open(created["watch"])
            record_url = created["seats"]["S"].replace("/tables/", "/api/tables/").replace("/seat?", "/record?")
            for seat in (*seats, watcher):
                await seat.until(lambda s: s.view.get("fair"))
            secret = match.next_fair.server_seed
            for seat in seats:
                view = seat.view
                assert view["phase"] == "dealing" and view["hand_number"] == 0 and view["legal"] == []
                assert view["fair"]["next"] == {"hand": 0, "commitment": commitment_of(secret), "my_seed": None}
                assert view["status"].startswith("Waiting for the players")
            _, record = await request(record_url)
            assert record["hands"] == [] and record.get("in_play") is None and secret not in json.dumps(record)
            seats[0].send({"type": "seed", "seed": "south-0"})
            await seats[0].until(lambda s: s.view["fair"]["next"]["my_seed"] == "south-0")
            assert match.hands == [] and table.session.fair.holding  # N's page has not seeded yet
            seats[1].send({"type": "seed", "seed": "north-0"})
            for seat in (*seats, watcher):
                await seat.until(lambda s: s.view["phase"] != "dealing")
            fair = match.fair_block(0, reveal=True)
            assert fair["client_seeds"] == {"S": "south-0", "N": "north-0"} and fair["commitment"] == commitment_of(secret)
            assert dealt_from(table, fair)
            for seat in (*seats, watcher):  # before the deal no frame showed a tile, nor the seed
                before = [f for f in seat.frames if f.get("type") == "state" and f["view"]["phase"] == "dealing"]
                assert before and tiles_shown(before) == [] and secret not in json.dumps(seat.frames)
                seat.close()
    run(scenario)


def test_the_first_deal_waits_for_the_other_pages_at_most_seed_wait_after_one_page_seeded():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE)
            table = server.tables[created["id"]]
            south = await Seat.open(created["seats"]["S"], "S", first_seed=False)  # N never opens its link
            await south.until(lambda s: s.view.get("fair"))
            sent = asyncio.get_running_loop().time()
            south.send({"type": "seed", "seed": "alone"})
            await south.until(lambda s: s.view["phase"] != "dealing", timeout=SEED_WAIT + 20)
            assert asyncio.get_running_loop().time() - sent >= SEED_WAIT  # it waited for N, then dealt without
            fair = table.session.match.fair_block(0, reveal=True)
            assert fair["client_seeds"] == {"S": "alone"} and dealt_from(table, fair)
            south.close()
    run(scenario)


def test_a_page_that_sends_no_seed_still_gets_its_first_deal_after_the_arrival_wait(monkeypatch):
    """A program (or a page that could make no seed) never seeds: the table does not wait for
    ever, but deals ARRIVAL_WAIT seconds after the first person came (0.5 s here), seedless."""
    monkeypatch.setattr(shared_table, "ARRIVAL_WAIT", 0.5)

    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE)
            table = server.tables[created["id"]]
            await asyncio.sleep(0.8)  # nobody came yet: the wait has not begun
            assert table.session.match.hands == [] and table.session.phase.value == "dealing"
            came = asyncio.get_running_loop().time()
            south = await Seat.open(created["seats"]["S"], "S", first_seed=False)
            await south.until(lambda s: s.view.get("fair") and s.view["phase"] != "dealing", timeout=20)
            assert asyncio.get_running_loop().time() - came >= 0.5
            fair = table.session.match.fair_block(0, reveal=True)
            assert not any(fair["client_seeds"].values()) and dealt_from(table, fair)
            assert south.view["hands"]["S"] and len(south.view["hands"]["S"]) == 7
            south.close()
    run(scenario)


def test_a_restart_before_the_first_deal_keeps_its_commitment_and_the_seeds_sent(tmp_path):
    async def scenario():
        db = tmp_path / "tables.sqlite"
        async with local_server(db) as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE)
            link = created["seats"]["S"].removeprefix(base)  # the same link on the restarted server's port
            south = await Seat.open(base + link, "S", first_seed=False)
            await south.until(lambda s: s.view.get("fair"))
            shown = south.view["fair"]["next"]["commitment"]
            south.close()
        async with local_server(db) as (base, server):  # nobody seeded: still committed, not dealt
            table = server.tables[created["id"]]
            assert table.session.match.hands == [] and table.session.match.next_fair.commitment == shown
            south = await Seat.open(base + link, "S", first_seed=False)
            await south.until(lambda s: s.view.get("fair"))
            assert south.view["phase"] == "dealing" and south.view["fair"]["next"]["commitment"] == shown
            south.send({"type": "seed", "seed": "before-restart"})
            await south.until(lambda s: s.view["fair"]["next"]["my_seed"] == "before-restart")
            south.close()
        async with local_server(db) as (base, server):  # the seed sent counts, and the wait it started ends
            table = server.tables[created["id"]]
            south = await Seat.open(base + link, "S", first_seed=False)
            await south.until(lambda s: s.view.get("fair") and s.view["phase"] != "dealing", timeout=SEED_WAIT + 20)
            fair = table.session.match.fair_block(0, reveal=True)
            assert fair["commitment"] == shown and fair["client_seeds"] == {"S": "before-restart"}
            assert dealt_from(table, fair)
            south.close()
    run(scenario)


def test_a_deal_waits_for_a_seeding_page_but_not_for_ever():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", {**PEOPLE, "rules": {"target": 3}})
            table = server.tables[created["id"]]
            seats = [await Seat.open(created["seats"][seat], seat) for seat in ("S", "N")]
            await play_out(seats, 0)
            seats[1].send({"type": "seed", "seed": "north1"})  # N's page sends seeds ...
            await seats[1].until(lambda s: s.view["fair"]["next"]["my_seed"] == "north1")
            if seats[0].view["phase"] == "match_over":
                pytest.fail("the scenario never came (the first hand won the match): pick another seed")
            seats[0].send({"type": "next_hand"})
            await seats[0].until(lambda s: s.view["hand_number"] == 1)  # dealt without S's seed: S never sent one
            assert seeds_of(table, 1).client_seeds == {"N": "north1"}
            await play_out(seats, 1)
            if seats[0].view["phase"] == "match_over":
                return
            # ... so the next deal waits for N's seed (a bounded wait), and N's seed comes
            seats[0].send({"type": "next_hand"})
            await until(lambda: table.session.fair.holding, "the next deal waits for N's seed")
            assert seats[0].view["hand_number"] == 1
            seats[1].send({"type": "seed", "seed": "north2"})
            await seats[0].until(lambda s: s.view["hand_number"] == 2)
            assert seeds_of(table, 2).client_seeds == {"N": "north2"}
            for seat in seats:
                seat.close()
    run(scenario)


def test_a_seeded_server_table_is_secret_and_a_restart_keeps_the_seed_of_the_hand_in_play(tmp_path):
    async def scenario():
        db = tmp_path / "tables.sqlite"
        async with local_server(db) as (base, server):
            status, created = await request(f"{base}/api/tables", {**PEOPLE, "seed": 5})
            seat = await Seat.open(created["seats"]["S"], "S")
            await seat.until(lambda s: s.view.get("fair"))
            assert seat.view["fair"]["secret"] is True  # keyed with the server's secret (issue 36)
            secret = server.tables[created["id"]].session.match.fair[0].server_seed
            seat.close()
        async with local_server(db) as (base, server):
            table = server.tables[created["id"]]
            assert table.session.match.fair[0].server_seed == secret
    run(scenario)


def test_the_fair_page_says_what_the_check_proves_and_what_not_in_both_languages():
    async def scenario():
        async with local_server() as (base, server):
            for lang, words in (("en", "What it does not prove"), ("vi", "Điều nó không chứng minh")):
                status, text = await request(f"{base}/fair?lang={lang}")
                assert status == 200 and words in text and f'lang="{lang}"' in text
            status, text = await request(f"{base}/fair", headers={"Accept-Language": "vi-VN,vi;q=0.9"})
            assert status == 200 and 'lang="vi"' in text
            status, created = await request(f"{base}/api/tables", PEOPLE)
            status, page = await request(created["seats"]["S"])
            assert 'id="dominoes-fair"' in page  # the seat page's corner that links to it
    run(scenario)
