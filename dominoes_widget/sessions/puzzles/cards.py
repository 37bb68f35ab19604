"""One puzzle as the browser gets it, built from the mover's seat view alone.

A *card* holds what the Puzzles widget and page need for one puzzle: the ``view`` the
browser draws (the mover's tiles, the others' counts, the line, the position so far in
words, the legal moves), the two ``hints`` (what to look at, then the move) and, for every
legal move, its ``verdict`` (right or not, and why, with the judged chance). The widget keeps
the verdicts in the kernel; the one-file page carries them and checks answers in the browser
(js/kit/puzzles/puzzle_logic.mjs, the same steps as :mod:`.logic`).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.move import LEAD, PLAY
from ...engine.views import SeatView
from ...words.catalog import Voice
from ...words.explanations import explain_move, move_label, numbers_lacked, rules_name
from ...words.move_reasons import chance_words, opponents, shown_numbers, why_sentence
from ..position import position_payload
from .shapes import PuzzleCard, PuzzleVerdict, PuzzleView

__all__ = ["puzzle_card", "theme_label", "game_of", "judged_entries", "LEVELS", "level_of"]

LEVELS = (("easy", 0.0, 1 / 3), ("medium", 1 / 3, 2 / 3), ("hard", 2 / 3, 1.0))
"""The difficulty filter's bands: a puzzle of difficulty ``d`` is in the band ``low <= d < high``
(the last band holds 1)."""


def level_of(difficulty: float) -> str:
    """The band of a difficulty (0..1)."""
    return next((name for name, _, high in LEVELS if difficulty < high), LEVELS[-1][0])


def game_of(puzzle: Any) -> str:
    """The puzzle's game as the filter names it: the preset its rules play (``six_love``,
    ``straight_six``, ``vietnamese2`` … ``vietnamese4``), one per name the table's header gives."""
    rules = puzzle.rules
    return f"vietnamese{rules.players}" if rules.game == "vietnamese" else str(rules.scoring)


def theme_label(theme: str, voice: Voice) -> str:
    """A theme's name in words (``puzzles.theme_<name>``), the name itself if the catalog lacks it."""
    key = f"puzzles.theme_{theme}"
    return voice(key) if voice.words.has(key) else theme


def _read(entry: Any, name: str, default: Any = None) -> Any:
    return entry.get(name, default) if isinstance(entry, dict) else getattr(entry, name, default)


def judged_entries(puzzle: Any) -> list[dict[str, Any]]:
    """The puzzle's judged moves as ``{moves, share, gap_low}``, best first, however it keeps them
    (judgements, or dicts with a ``share`` or a ``win`` and ``tie``)."""
    entries = []
    for entry in puzzle.moves:
        share = _read(entry, "share")
        if share is None:
            share = 100 * (_read(entry, "win", 0.0) + _read(entry, "tie", 0.0) / 2)
        moves = _read(entry, "moves") or (_read(entry, "move"), *(_read(entry, "mirrors") or ()))
        entries.append({"moves": tuple(str(m) for m in moves), "share": float(share),
                        "gap_low": float(_read(entry, "gap_low", 0.0) or 0.0)})
    return entries


def puzzle_card(puzzle: Any, lang: str = "en") -> PuzzleCard:
    """The card of ``puzzle`` (a :class:`~dominoes_widget.studies.puzzles.Puzzle`) in ``lang``."""
    view = puzzle.view()
    voice = Voice(lang, you=view.seat)
    counting = bool({"count", "endgame", "heavy"} & set(puzzle.themes))
    answers = set(puzzle.answers)
    entries = judged_entries(puzzle)
    best = next((e for e in entries if answers & set(e["moves"])), entries[0] if entries else None)
    best_move = next((m for m in puzzle.answers), None)
    verdicts: dict[str, PuzzleVerdict] = {}
    for move in view.legal_moves:
        text = str(move)
        right = text in answers
        why = [why_sentence(view, move, voice, right=right, counting=counting, best=best_move)]
        entry = next((e for e in entries if text in e["moves"]), None)
        if entry is not None and best is not None:
            if right:
                others = [e["gap_low"] for e in entries if not answers & set(e["moves"])]
                why.append(chance_words(voice, entry["share"], right=True, gap=min(others) if others else None))
            else:
                why.append(chance_words(voice, entry["share"], right=False, gap=best["share"] - entry["share"],
                                        best=move_label(best_move, voice) if best_move else None))
        verdicts[text] = {"right": right, "why": [_capital(s) for s in why]}
    hints = [look_hint(view, puzzle.themes, voice),
             voice("solve.hint_move", move=move_label(best_move, voice)) if best_move else ""]
    return {"id": str(puzzle.id), "game": game_of(puzzle), "themes": list(puzzle.themes),
            "difficulty": round(float(puzzle.difficulty), 3),
            "band": level_of(float(puzzle.difficulty)), "view": puzzle_view(puzzle, view, voice),
            "hints": hints, "verdicts": verdicts}


def puzzle_view(puzzle: Any, view: SeatView, voice: Voice) -> PuzzleView:
    """What the browser draws for ``puzzle``: from ``view`` (the mover's) and nothing else."""
    rules = view.rules
    players = {seat: voice.name(seat) for seat in rules.seats}
    assert view.seat is not None
    return {
        **position_payload(view),
        "id": str(puzzle.id),
        "game": game_of(puzzle),
        "title": rules_name(rules, voice),
        "seat": view.seat,
        "order": _round_from(rules.turn_order, view.seat),
        "players": players,
        "you": voice("name.you"),
        "said": [explain_move(view, index, voice=voice) for index in range(len(view.moves))],
        "legal": [str(m) for m in view.legal_moves],
        "items": [{"move": str(m), "label": move_label(m, voice)} for m in view.legal_moves],
        "prompt": voice("solve.prompt", seat=voice.name(view.seat)),
        "themes": [theme_label(t, voice) for t in puzzle.themes],
        "level": voice(f"solve.level_{level_of(float(puzzle.difficulty))}"),
    }


def look_hint(view: SeatView, themes: Iterable[str], voice: Voice) -> str:
    """The first hint: what to look at, from the puzzle's themes and what the view shows."""
    themes = tuple(themes)
    voids = view.voids()
    for theme in themes:
        if theme == "block":
            seat = next((s for s in opponents(view) if voids.get(s)), None)
            if seat is None:
                return voice("solve.look_shut")
            return voice("solve.look_block", who=voice.name(seat), lacks=numbers_lacked(sorted(voids[seat]), voice))
        if theme == "partner" and view.partner is not None:
            shown = sorted(shown_numbers(view, view.partner))
            who = voice.name(view.partner)
            if not shown:
                return voice("solve.look_partner_none", who=who)
            return voice("solve.look_partner", who=who, numbers=voice.words.listing([str(n) for n in shown]))
        if theme in ("count", "heavy"):
            playable = [m.tile for m in view.legal_moves if m.tile is not None and m.action in (LEAD, PLAY)]
            if playable:
                heaviest = max(playable, key=lambda t: (t.pips, t.high))
                return voice("solve.look_count", n=sum(t.pips for t in view.tiles), tile=heaviest.written(heaviest.high))
        if theme == "endgame":
            counts = [f"{voice.name(s)} {voice.words.count('tile', n)}" for s, n in view.counts.items() if s != view.seat]
            return voice("solve.look_endgame", counts=voice.words.listing(counts))
        if theme == "draw" and view.rules.has_boneyard:
            return voice("solve.look_draw", n=view.boneyard_size)
        if theme == "opening":
            return voice("solve.look_opening")
        if theme in ("double", "follow", "deep"):
            return voice(f"solve.look_{theme}")
    if view.ends is None:
        heaviest = max(view.tiles, key=lambda t: (t.pips, t.high))
        return voice("solve.look_count", n=sum(t.pips for t in view.tiles), tile=heaviest.written(heaviest.high))
    return voice("solve.look_ends", a=view.ends[0], b=view.ends[1])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]



def _round_from(order: tuple[str, ...], seat: str) -> list[str]:
    """The seats in turn order, starting with ``seat``."""
    at = order.index(seat)
    return list(order[at:] + order[:at])
