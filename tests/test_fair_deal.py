"""Provably fair deals in the engine (RECORD.md, "Provably fair deals"): the derivation, the
commitment, the browser's known answers, a Match dealing from seeds, and what ``verify``
reports for each way a fair block can be tampered with."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest

from dominoes_widget.__main__ import main
from dominoes_widget.engine.errors import DominoesError, Reason
from dominoes_widget.engine.fair_deal import (ClientSeedError, FairSeeds, block_message, check_client_seed, commitment_of,
                                       fair_deal)
from dominoes_widget.engine.match import Match
from dominoes_widget.engine.record import read_record, verify_record, write_record
from dominoes_widget.engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
VECTORS = json.loads((ROOT / "js" / "kit" / "common" / "fair_deal.vectors.json").read_text(encoding="utf-8"))
RECORDS = ROOT / "tests" / "data" / "records"  # copies of shared/records
SEED = "b5ad45dc932b245a2f88f729ce30a4a098c868bd549de8bf8d8641b37a5e8501"


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{len(v['seats'])}seats-hand{v['hand']}-attempt{v['attempt']}")
def test_the_browsers_known_answers_are_the_engines(vector):
    """js/kit/common/fair_deal.mjs is held to the same file: the two agree byte for byte."""
    assert commitment_of(vector["server_seed"]) == vector["commitment"]
    deal, pile = fair_deal(vector["server_seed"], vector["hand"], vector["seats"], vector["client_seeds"],
                           vector["attempt"])
    assert {seat: [str(t) for t in tiles] for seat, tiles in deal.items()} == vector["deal"]
    assert [str(t) for t in pile] == vector["boneyard"]


def test_the_commitment_is_the_sha256_of_the_seed_bytes_and_the_message_lists_every_seat():
    assert commitment_of(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    assert block_message(0, 0, "NESW", {"S": "k3Fz9"}, 0) == b"dominoes-fair-1|0|0|N=,E=,S=k3Fz9,W=|0"


def test_every_seed_hand_and_attempt_changes_the_deal_and_an_empty_seed_is_no_seed():
    seats = ("N", "E", "S", "W")
    base = fair_deal(SEED, 0, seats, {"S": "k3Fz9"})
    assert fair_deal(SEED, 0, seats, {"S": "k3Fz9", "N": ""}) == base
    for other in (fair_deal(SEED, 1, seats, {"S": "k3Fz9"}), fair_deal(SEED, 0, seats, {"S": "k3Fz8"}),
                  fair_deal(SEED, 0, seats, {"S": "k3Fz9"}, attempt=1), fair_deal(SEED, 0, seats, {"N": "k3Fz9"})):
        assert other != base
    deal, pile = base
    assert sorted(t for tiles in deal.values() for t in tiles) == list(range(28)) and pile == []


@pytest.mark.parametrize("seed", ["", "a b", "x" * 65, "é", "k3Fz9\n", None, 7, ["a"]])
def test_a_client_seed_outside_the_scheme_is_refused(seed):
    with pytest.raises(ClientSeedError) as caught:
        check_client_seed(seed)
    assert caught.value.reason is Reason.BAD_CLIENT_SEED
    assert isinstance(caught.value, DominoesError), "one error vocabulary: caught with every other refusal"
    assert check_client_seed("A-z_09" * 10 + "abcd") == "A-z_09" * 10 + "abcd"


def _fair_match(rules: Rules | None = None, hands: int = 2, seeds: dict | None = None) -> Match:
    """A match whose hands are dealt from seeds and played out by the first legal move."""
    match = Match(rules or Rules.six_love())
    for _ in range(hands):
        match.commit()
        for seat, text in (seeds or {"S": "k3Fz9"}).items():
            match.add_client_seed(seat, text)
        match.deal()
        while not match.hand.is_over:
            match.push(match.hand.legal_move_list()[0])
        if match.is_over:
            break
    return match


def test_a_match_deals_from_its_commitment_and_the_seeds_after_it():
    match = Match()
    seeds = match.commit()
    commitment = seeds.commitment
    match.add_client_seed("S", "k3Fz9")
    hand = match.deal()
    assert match.fair == [seeds] and seeds.dealt and seeds.commitment == commitment
    deal, pile = fair_deal(seeds.server_seed, 0, match.rules.seats, {"S": "k3Fz9"})
    assert {seat: sorted(tiles) for seat, tiles in deal.items()} == {s: sorted(t) for s, t in hand.deal.items()}
    with pytest.raises(ClientSeedError) as late:
        match.add_client_seed("N", "late")
    assert late.value.reason is Reason.SEED_TOO_LATE
    with pytest.raises(ClientSeedError):
        seeds.add("N", "late")


def test_the_record_reveals_a_seed_only_once_its_hand_has_ended():
    match = _fair_match(hands=1)
    match.commit()
    match.deal()
    record = write_record(match)
    ended, playing = record["hands"]
    assert ended["fair"]["server_seed"] == match.fair[0].server_seed
    assert set(ended["fair"]) == {"scheme", "commitment", "attempt", "client_seeds", "server_seed"}
    assert "server_seed" not in playing["fair"] and match.fair[1].server_seed not in json.dumps(record)
    assert write_record(match, unrevealed_seeds=True)["hands"][1]["fair"]["server_seed"] == match.fair[1].server_seed


def test_a_vietnamese_deal_thrown_back_is_made_again_with_the_next_attempt():
    rules = Rules.vietnamese(players=2, no_double_fallback="redeal")
    for number in range(200):  # a seed whose first attempt deals no double to either player
        seeds = FairSeeds(f"{number:064x}")
        deal, _ = fair_deal(seeds.server_seed, 0, rules.seats, {})
        if not any(t.is_double for tiles in deal.values() for t in tiles):
            break
    match = Match(rules)
    match.commit(seeds)
    match.deal()
    assert seeds.attempt >= 1
    assert verify_record(write_record(match))[1] == []


def test_a_fair_record_verifies_and_reads_back_with_its_blocks():
    record = write_record(_fair_match(Rules.vietnamese(players=3), hands=3))
    assert all("fair" in hand for hand in record["hands"])
    summaries, problems = verify_record(record)
    assert problems == [] and len(summaries) == len(record["hands"])
    assert write_record(read_record(record).match) == record


def _tampered(edit):
    record = write_record(_fair_match(hands=2))
    edited = copy.deepcopy(record)
    edit(edited)
    return verify_record(edited)[1]


@pytest.mark.parametrize(("edit", "reason", "hand"), [
    (lambda r: r["hands"][1]["fair"].update(server_seed="0" * 64), "fair_commitment_mismatch", 1),
    (lambda r: r["hands"][0]["fair"].update(commitment="f" * 64), "fair_commitment_mismatch", 0),
    (lambda r: r["hands"][0]["fair"]["client_seeds"].update(S="other"), "deal_not_from_seed", 0),
    (lambda r: r["hands"][1]["fair"].update(attempt=1), "deal_not_from_seed", 1),
    (lambda r: r["hands"][0]["fair"].pop("server_seed"), "fair_seed_missing", 0),
    (lambda r: r["hands"][0]["fair"].update(scheme="dominoes-fair-2"), "bad_fair", 0),
    (lambda r: r["hands"][0]["fair"].update(server_seed="XYZ"), "bad_fair", 0),
    (lambda r: r["hands"][0]["fair"].update(client_seeds={"S": "a b"}), "bad_fair", 0),
    (lambda r: r["hands"][0]["fair"].update(extra=1), "bad_fair", 0),
    (lambda r: r["hands"][0].update(fair=[]), "bad_fair", 0),
], ids=["seed", "commitment", "client_seed", "attempt", "no_seed", "scheme", "seed_text", "seed_chars", "field",
        "not_object"])
def test_each_tampering_with_a_fair_block_is_a_problem_at_move_0_of_its_hand(edit, reason, hand):
    problems = _tampered(edit)
    assert [(p.reason, p.hand, p.move) for p in problems] == [(reason, hand, 0)], problems


def test_a_deal_swapped_between_seats_or_a_reordered_pile_is_not_from_the_seed_but_seat_order_is_free():
    def swap(record):
        deal = record["hands"][0]["deal"]
        deal["N"], deal["E"] = deal["E"], deal["N"]
    # (the 6-6 may change hands too: the lead is then wrong as well)
    assert "deal_not_from_seed" in {p.reason for p in _tampered(swap)}
    assert _tampered(lambda r: r["hands"][0]["deal"]["N"].reverse()) == []
    match = _fair_match(Rules.vietnamese(players=2), hands=1)
    record = write_record(match)
    record["hands"][0]["boneyard"] = record["hands"][0]["boneyard"][::-1]
    problems = verify_record(record)[1]
    assert [(p.reason, p.field) for p in problems if p.reason == "deal_not_from_seed"] == [
        ("deal_not_from_seed", "hands[0].boneyard")]


def test_verify_json_reports_a_tampered_seed_with_exit_1(tmp_path, capsys):
    record = write_record(_fair_match(hands=1))
    record["hands"][0]["fair"]["server_seed"] = "1" * 64
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"hand": 0, "move": 0, "reason": "fair_commitment_mismatch"}.items() <= lines[-1].items()


@pytest.mark.parametrize("name", ["six_love_match", "straight_six_match", "vietnamese_3_players"])
def test_the_shared_records_verify_exactly_as_expected(name, capsys):
    """Records without fair blocks verify as before, line for line."""
    assert main(["verify", str(RECORDS / f"{name}.json"), "--json"]) == 0
    got = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected = [json.loads(line) for line in (RECORDS / f"{name}.verify.jsonl").read_text().splitlines() if line]
    assert got == expected


def test_an_in_play_block_showing_its_server_seed_is_a_problem():
    from dominoes_widget.sessions.table.seat_record import seat_record

    match = _fair_match(hands=1)
    match.commit()
    match.deal()
    record = seat_record(match, "S")
    assert verify_record(record)[1] == [] and "server_seed" not in record["in_play"]["fair"]
    record["in_play"]["fair"]["server_seed"] = match.fair[1].server_seed
    assert [p.reason for p in verify_record(record)[1]] == ["bad_in_play"]
