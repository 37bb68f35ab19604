"""Records of a fair table for the replay's deal check: as dealt, and tampered two ways."""

from __future__ import annotations

import copy
import itertools
import random

from dominoes_widget import Table
from dominoes_widget.engine.record import verify_record
from test_table import Browser


def fair_record(seed: int = 4) -> dict:
    """A two-hand match played at a notebook table: every hand dealt fairly and revealed."""
    table = Table("straight_six", bots="greedy", bot_delay=0, seed=seed, target=2, seats={})
    Browser(table).play_on(random.Random(1))
    return copy.deepcopy(table.record)


def seed_changed(record: dict, hand: int = 0) -> dict:
    """``record`` with hand ``hand``'s server seed replaced: it no longer matches the commitment."""
    tampered = copy.deepcopy(record)
    tampered["hands"][hand]["fair"]["server_seed"] = "0" * 64
    return tampered


def tile_swapped(record: dict, hand: int = 0) -> dict:
    """``record`` with two tiles of hand ``hand`` swapped between two seats' deals, chosen so that
    every move stays legal (the hand's written result, whose pips would give it away, left out):
    only the deal check can tell."""
    entry = record["hands"][hand]
    played = {move.split()[1] for move in entry["moves"] if len(move.split()) > 1 and move.split()[1] != "pass"}
    kept = {seat: [t for t in tiles if t not in played and "-".join(reversed(t.split("-"))) not in played]
            for seat, tiles in entry["deal"].items()}
    for (one, mine), (other, theirs) in itertools.combinations(kept.items(), 2):
        for a, b in itertools.product(mine, theirs):
            tampered = copy.deepcopy(record)
            deal = tampered["hands"][hand]["deal"]
            deal[one][deal[one].index(a)], deal[other][deal[other].index(b)] = b, a
            tampered["hands"][hand].pop("result", None)
            if {str(p.reason) for p in verify_record(tampered)[1]} == {"deal_not_from_seed"}:
                return tampered
    raise AssertionError("no swap keeps every move legal in this record")
