"""A served table taken up from its store: the match its record stopped at, and the deal or the
commitment that was waiting (``TableSession.served``; the table server writes them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.fair_deal import FairSeeds, read_fair
from ...engine.match import Match
from ...engine.record import read_record

if TYPE_CHECKING:
    from ...engine.rules import Rules

__all__ = ["stored_match"]


def stored_match(record: Mapping[str, Any] | None, pending: Mapping[str, Any] | None,
                 rules: Rules) -> tuple[Match | None, FairSeeds | None, int]:
    """What a served table's store keeps, read back: the match (``None``: none played yet), the
    next hand's commitment when it stopped before a deal, and how many server seeds were drawn.

    ``pending`` holds the deal waiting for its leader to be chosen (``deal``, ``boneyard``) or
    the hand committed to (``fair``), and ``drawn`` at a keyed seeded table."""
    match = read_record(record, need_hands=True).match if record and record.get("hands") else None
    fair = read_fair(pending["fair"], rules.seats)[0] if pending and "fair" in pending else None
    committed = None
    if match is not None and pending is not None and "deal" in pending:  # stopped while a leader was chosen
        match.prepare(pending["deal"], pending["boneyard"], fair=fair)
    else:
        committed = fair  # stopped before a deal: the hand committed to (its seeds) is kept
    drawn = pending.get("drawn", 0) if pending else 0
    return match, committed, drawn if isinstance(drawn, int) else 0
