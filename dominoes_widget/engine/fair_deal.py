"""Provably fair deals (RECORD.md, "Provably fair deals", scheme ``dominoes-fair-1``).

The dealer draws a secret server seed and shows every seat its commitment (the SHA-256 of
the seed) before the deal; each seat's browser may add a client seed; the deal is then
worked out from the seed and every client seed, and the seed is revealed once the hand has
ended, so anyone can recheck that the dealer fixed the deal before it knew the seeds.

:class:`FairSeeds` is one hand's seeds on their way to a deal; :func:`fair_deal` the deal
they make; :func:`fair_problems` what ``verify`` finds wrong with a hand's ``fair`` block.
``js/kit/common/fair_deal.mjs`` is the browser's twin of this module; both are held to
``js/kit/common/fair_deal.vectors.json``.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .errors import DominoesError, Problem, Reason, excerpt
from .tiles import Tile, tile

__all__ = ["SCHEME", "FairSeeds", "ClientSeedError", "seed_refused", "new_server_seed", "server_seed_from", "commitment_of",
           "check_client_seed", "block_message", "dealt_order", "fair_deal", "fair_problems", "read_fair",
           "MAX_CLIENT_SEED", "FAIR_KEYS", "keyed_server_seed"]

SCHEME = "dominoes-fair-1"
MAX_CLIENT_SEED = 64
"""A client seed is 1 to this many characters of ``A-Za-z0-9_-``."""
FAIR_KEYS = ("scheme", "commitment", "attempt", "client_seeds", "server_seed")
"""The fields of a hand's ``fair`` block (``server_seed`` only once the hand has ended)."""

_CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]{1,%d}" % MAX_CLIENT_SEED, re.ASCII)
_HEX64 = re.compile(r"[0-9a-f]{64}", re.ASCII)
_ORDER = tuple(tile(a, b) for a in range(7) for b in range(a, 7))
"""The tiles before the shuffle: 0-0, 0-1, …, 0-6, 1-1, …, 6-6."""
_TWO_64 = 1 << 64


def seed_refused(reason: Reason, message: str) -> DominoesError:
    """A client seed the scheme does not take (``reason``: ``bad_client_seed`` or ``seed_too_late``,
    also its ``case``)."""
    return DominoesError(reason, message, case=str(reason))


ClientSeedError = DominoesError
"""What a refused client seed raises: a :class:`DominoesError` (:func:`seed_refused`); the name is
kept for code that catches it."""


def new_server_seed() -> str:
    """32 random bytes from :mod:`secrets`, as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def server_seed_from(rng: random.Random) -> str:
    """A server seed drawn from ``rng``: reproducible, so **not secret** (a seeded table's)."""
    return f"{rng.getrandbits(256):064x}"


def keyed_server_seed(key: bytes, seed: object, number: int) -> str:
    """The ``number``-th server seed of a table given ``seed``, keyed with ``key`` (a table
    server's secret): HMAC-SHA256 of ``dominoes-fair-deal|<seed>|<number>``, as 64 lowercase
    hex digits. The same key and seed give the same seeds again; without the key nobody can
    work them out from the seed, nor the seed from a commitment."""
    return hmac.new(key, f"dominoes-fair-deal|{seed}|{number}".encode(), hashlib.sha256).hexdigest()


def commitment_of(server_seed: str) -> str:
    """The SHA-256 of the seed's 32 bytes, as 64 lowercase hex digits."""
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def check_client_seed(seed: Any) -> str:
    """``seed`` when it is 1-64 characters of ``A-Za-z0-9_-``; else a ``bad_client_seed`` :class:`DominoesError`."""
    if not isinstance(seed, str) or _CLIENT_SEED.fullmatch(seed) is None:
        raise seed_refused(Reason.BAD_CLIENT_SEED, f"a client seed is 1 to {MAX_CLIENT_SEED} characters of "
                                                      f"A-Z, a-z, 0-9, _ and -, not {excerpt(seed, 24)}")
    return seed


def block_message(hand: int, attempt: int, seats: Iterable[str], client_seeds: Mapping[str, str], k: int) -> bytes:
    """The UTF-8 message of random block ``k``: ``dominoes-fair-1|<hand>|<attempt>|N=…,E=…|<k>``."""
    listed = ",".join(f"{seat}={client_seeds.get(seat, '')}" for seat in seats)
    return f"{SCHEME}|{hand}|{attempt}|{listed}|{k}".encode()


def dealt_order(server_seed: str, hand: int, seats: Iterable[str], client_seeds: Mapping[str, str],
                attempt: int = 0) -> list[Tile]:
    """The 28 tiles in the order the seeds shuffle them (Fisher-Yates on HMAC-SHA256 blocks)."""
    key = bytes.fromhex(server_seed)
    seats = tuple(seats)
    numbers: list[int] = []
    block = 0

    def number() -> int:
        nonlocal block
        if not numbers:
            digest = hmac.new(key, block_message(hand, attempt, seats, client_seeds, block), hashlib.sha256).digest()
            numbers.extend(int.from_bytes(digest[at:at + 8], "big") for at in (24, 16, 8, 0))  # popped last first
            block += 1
        return numbers.pop()

    tiles = list(_ORDER)
    for i in range(27, 0, -1):
        n = i + 1
        limit = _TWO_64 - _TWO_64 % n
        x = number()
        while x >= limit:
            x = number()
        j = x % n
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def fair_deal(server_seed: str, hand: int, seats: Iterable[str], client_seeds: Mapping[str, str],
              attempt: int = 0) -> tuple[dict[str, tuple[Tile, ...]], list[Tile]]:
    """The deal the seeds make: seven tiles per seat in ``seats`` order, and the pile (top first)."""
    seats = tuple(seats)
    order = dealt_order(server_seed, hand, seats, client_seeds, attempt)
    return {seat: tuple(order[7 * at:7 * at + 7]) for at, seat in enumerate(seats)}, order[7 * len(seats):]


@dataclass
class FairSeeds:
    """One hand's seeds: the server seed (kept back until the hand ends), its commitment,
    the client seeds sent so far, and the attempt (deals thrown back before this one).

    ``secret`` is false when the server seed was drawn from a table's ``seed=`` (anyone who
    knows that seed can work the deals out in advance). ``dealt`` turns true at the deal,
    after which no client seed is taken.
    """

    server_seed: str | None = field(default_factory=new_server_seed, repr=False)
    """``None`` for a hand read from a record that does not reveal it (yet)."""
    client_seeds: dict[str, str] = field(default_factory=dict)
    attempt: int = 0
    secret: bool = True
    dealt: bool = False
    commitment: str = ""
    """The SHA-256 of the server seed (worked out from it when not given)."""

    def __post_init__(self) -> None:
        if not self.commitment and self.server_seed is not None:
            self.commitment = commitment_of(self.server_seed)

    def add(self, seat: str, seed: Any) -> None:
        """Take ``seat``'s client seed (a later one replaces it); refused after the deal."""
        if self.dealt:
            raise seed_refused(Reason.SEED_TOO_LATE, "the hand was dealt already: a client seed counts only "
                                                        "before the deal")
        self.client_seeds[seat] = check_client_seed(seed)

    def block(self, seats: Iterable[str], reveal: bool) -> dict[str, Any]:
        """The record's ``fair`` block; the server seed only when ``reveal`` (the hand has ended)."""
        block: dict[str, Any] = {"scheme": SCHEME, "commitment": self.commitment, "attempt": self.attempt,
                                 "client_seeds": {s: self.client_seeds[s] for s in seats if self.client_seeds.get(s)}}
        if reveal and self.server_seed is not None:
            block["server_seed"] = self.server_seed
        return block


def read_fair(block: Any, seats: Iterable[str]) -> tuple[FairSeeds | None, str | None, str | None]:
    """A record's ``fair`` block read back: (the seeds, their commitment, what is malformed).
    The seeds of a block with no server seed have ``server_seed`` ``None``; a malformed
    block gives no seeds."""
    seats = tuple(seats)
    if not isinstance(block, dict):
        return None, None, f"fair must be an object of {', '.join(FAIR_KEYS)}, not {excerpt(block)}"
    unknown = [excerpt(k, 24) for k in block if k not in FAIR_KEYS]
    if unknown:
        return None, None, f"fair has unknown field(s) {', '.join(unknown)}; its fields are {', '.join(FAIR_KEYS)}"
    if block.get("scheme") != SCHEME:
        return None, None, f"fair.scheme must be {SCHEME!r}, not {excerpt(block.get('scheme'))}"
    commitment = block.get("commitment")
    if not isinstance(commitment, str) or _HEX64.fullmatch(commitment) is None:
        return None, None, f"fair.commitment must be 64 lowercase hex digits, not {excerpt(commitment)}"
    attempt = block.get("attempt", 0)
    if type(attempt) is not int or not 0 <= attempt <= 1000:
        return None, commitment, f"fair.attempt must be a whole number from 0 to 1000, not {excerpt(attempt)}"
    given = block.get("client_seeds", {})
    if not isinstance(given, dict):
        return None, commitment, f"fair.client_seeds must be an object of seat → seed, not {excerpt(given)}"
    client_seeds: dict[str, str] = {}
    for seat, seed in given.items():
        if seat not in seats:
            return None, commitment, f"fair.client_seeds names {excerpt(seat, 12)}, not a seat in play"
        if seed == "":
            continue  # an empty seed is the same as none
        try:
            client_seeds[seat] = check_client_seed(seed)
        except DominoesError as error:
            return None, commitment, f"fair.client_seeds.{seat}: {error}"
    server_seed = block.get("server_seed")
    if server_seed is not None and (not isinstance(server_seed, str) or _HEX64.fullmatch(server_seed) is None):
        return None, commitment, f"fair.server_seed must be 64 lowercase hex digits, not {excerpt(server_seed)}"
    return FairSeeds(server_seed, client_seeds, attempt, dealt=True, commitment=commitment), commitment, None


def fair_problems(block: Any, index: int, seats: Iterable[str], deal: Mapping[str, Iterable[Tile]],
                  boneyard: Iterable[Tile], finished: bool) -> list[Problem]:
    """What ``verify`` finds wrong with hand ``index``'s ``fair`` block against its deal
    (each seat's tiles in any order; the pile in order): nothing when it holds."""
    seats = tuple(seats)
    where = f"hands[{index}].fair"
    seeds, commitment, malformed = read_fair(block, seats)
    if malformed is not None or seeds is None:
        return [Problem(Reason.BAD_FAIR, f"{where}: {malformed}", index, 0, field=where)]
    if seeds.server_seed is None:
        if finished:
            return [Problem(Reason.FAIR_SEED_MISSING, f"{where}: the hand has ended but its server seed is not "
                                                      "revealed, so its deal cannot be checked", index, 0,
                            field=f"{where}.server_seed")]
        return []
    made_for = commitment_of(seeds.server_seed)
    if made_for != commitment:
        return [Problem(Reason.FAIR_COMMITMENT_MISMATCH, f"{where}: the SHA-256 of the server seed is "
                                                         f"{made_for}, not the commitment {commitment}",
                        index, 0, field=f"{where}.server_seed")]
    made, pile = fair_deal(seeds.server_seed, index, seats, seeds.client_seeds, seeds.attempt)
    wrong = [seat for seat in seats if sorted(made[seat]) != sorted(deal.get(seat, ()))]
    pile_wrong = list(pile) != list(boneyard)
    if not wrong and not pile_wrong:
        return []
    parts = [f"{', '.join(wrong)} {'was' if len(wrong) == 1 else 'were'} not dealt the tiles the seeds deal"] if wrong else []
    parts += ["the boneyard is not the one the seeds make, in that order"] if pile_wrong else []
    where_wrong = f"hands[{index}].deal" if wrong else f"hands[{index}].boneyard"
    return [Problem(Reason.DEAL_NOT_FROM_SEED, f"{where}: {'; '.join(parts)}", index, 0,
                    wrong[0] if len(wrong) == 1 else None, field=where_wrong)]
