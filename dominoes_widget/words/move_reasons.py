"""What one move does, in the words a puzzle's hints use: from the mover's view and the move alone.

:func:`move_facts` reads the facts a player weighs (the ends the move leaves, the partner's
numbers it keeps or covers, the opponents it leaves with nothing to play or a number they have
shown, the heaviest tile, drawing and keeping); :func:`move_reasons` says them, and
:func:`chance_words` adds the judged chance ("wins 78%; every other move at least 20 points
less"). Everything comes from a :class:`~dominoes_widget.engine.views.SeatView`, so no sentence
can tell what the mover cannot know.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.hand import team_of
from ..engine.move import DRAW, LEAD, PASS, PLAY, Move
from ..engine.tiles import Tile
from ..engine.views import SeatView
from .catalog import Voice
from .explanations import move_label, numbers_lacked

__all__ = ["MoveFacts", "move_facts", "move_reasons", "chance_words", "shown_numbers", "opponents", "followers",
           "why_sentence"]


@dataclass(frozen=True)
class MoveFacts:
    """What a move does, as the mover can know it."""

    ends: tuple[int, int] | None
    """The open ends the move leaves (``None`` for a pass or a draw)."""
    keeps_partner: tuple[int, ...] = ()
    """The partner's shown numbers still open after the move."""
    covers_partner: tuple[int, ...] = ()
    """The partner's shown numbers open before the move and covered by it."""
    blocks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Opponents known to hold neither end the move leaves, with those numbers."""
    gives: tuple[tuple[str, int], ...] = ()
    """Opponents left a number they have shown (and are not known to lack)."""
    heaviest: bool = False
    """The move plays the heaviest tile that can be played."""
    heavier: Tile | None = None
    """The heaviest tile that could have been played instead, when it is heavier."""
    shuts: bool = False
    """No tile is left anywhere that fits an end the move leaves: the hand is blocked (as the mover counts)."""
    draws: bool = False
    keeps_drawn: bool = False


def shown_numbers(view: SeatView, seat: str) -> set[int]:
    """The numbers ``seat`` has opened: the new end of each of its plays, both halves of its lead."""
    shown: set[int] = set()
    for move in view.moves:
        if move.seat != seat or move.tile is None or move.first is None:
            continue
        if move.action == LEAD:
            shown.update(move.tile.halves)
        elif move.action == PLAY and move.second is not None:
            shown.add(move.second)
    return shown


def opponents(view: SeatView) -> tuple[str, ...]:
    """The seats playing against the mover, in turn order from the mover."""
    seat = view.seat
    order = view.rules.turn_order
    start = order.index(seat) if seat in order else 0
    around = order[start + 1:] + order[:start]
    if view.rules.is_partnership and seat is not None:
        return tuple(s for s in around if team_of(s) != team_of(seat))
    return tuple(s for s in around if s != seat)


def _ends_after(view: SeatView, move: Move) -> tuple[int, int] | None:
    if move.action == LEAD and move.first is not None and move.second is not None:
        return move.first, move.second
    if move.action == PLAY and view.ends is not None and move.second is not None:
        return (move.second, view.ends[1]) if move.end == "L" else (view.ends[0], move.second)
    return None


def followers(view: SeatView, move: Move) -> int | None:
    """How many of the mover's other tiles fit an open end after ``move`` (``None``: a pass or a draw)."""
    ends = _ends_after(view, move) if move.action in (LEAD, PLAY) else None
    if ends is None:
        return None
    return sum(1 for t in view.tiles if t != move.tile and (t.has(ends[0]) or t.has(ends[1])))


def _shuts(view: SeatView, move: Move, ends: tuple[int, int] | None) -> bool:
    """Whether every tile showing an end's number is on the line after ``move``: none unseen, and
    none left in the mover's hand (a wild blank end always takes a tile)."""
    if ends is None or (view.rules.blank_rule == "wild" and 0 in ends):
        return False
    unseen = view.unseen_counts()
    mine = [t for t in view.tiles if t != move.tile]
    return all(unseen[n] == 0 and not any(t.has(n) for t in mine) for n in set(ends))


def move_facts(view: SeatView, move: Move | str) -> MoveFacts:
    """The facts of ``move`` (one of ``view``'s legal moves) as ``view``'s seat knows them."""
    move = Move.parse(move) if isinstance(move, str) else move
    if move.action in (PASS, DRAW):
        return MoveFacts(None, draws=move.action == DRAW, keeps_drawn=move.action == PASS and view.may_keep_drawn)
    ends = _ends_after(view, move)
    before = set(view.ends or ())
    after = set(ends or ())
    partner = view.partner
    shown = shown_numbers(view, partner) - view.voids().get(partner, set()) if partner else set()
    voids = view.voids()
    blocks, gives = [], []
    shuts = _shuts(view, move, ends)
    for seat in () if shuts else opponents(view):  # (a blocked hand blocks everyone)
        if after and after <= voids.get(seat, set()):
            blocks.append((seat, tuple(sorted(after))))
    following = () if shuts else opponents(view)[:1]  # the next to play gets the first go at the ends left
    for seat in following:
        for number in sorted(after & shown_numbers(view, seat) - voids.get(seat, set()) - shown):
            gives.append((seat, number))
    playable = {m.tile for m in view.legal_moves if m.tile is not None and m.action in (LEAD, PLAY)}
    heaviest = max(playable, key=lambda t: (t.pips, t.high), default=None)
    assert move.tile is not None
    return MoveFacts(
        ends, keeps_partner=tuple(sorted(after & shown)), covers_partner=tuple(sorted((before & shown) - after)),
        blocks=tuple(blocks), gives=tuple(gives),
        heaviest=heaviest is not None and heaviest.pips == move.tile.pips and len(playable) > 1,
        heavier=heaviest if heaviest is not None and heaviest.pips > move.tile.pips else None, shuts=shuts)


def move_reasons(view: SeatView, move: Move | str, voice: Voice, *, counting: bool = False,
                 good: bool = True) -> list[str]:
    """What ``move`` does, in phrases that follow its label ("keeps your partner's 4", "leaves
    East nothing to play"...). ``good``: the phrases that speak for the move, else those that
    speak against it (what it gives away); ``counting``: when the pips count, the weight too."""
    facts = move_facts(view, move)
    say = voice
    if facts.draws:
        return [say("reasons.draws")]
    if facts.keeps_drawn:
        return [say("reasons.keeps_drawn")]
    phrases: list[str] = []
    if good:
        phrases += [say("reasons.shuts")] if facts.shuts else []
        phrases += [say("reasons.keeps_partner", n=n) for n in facts.keeps_partner]
        phrases += [say("reasons.blocks", who=voice.name(seat), lacks=numbers_lacked(list(numbers), voice))
                    for seat, numbers in facts.blocks]
        if counting and facts.heaviest:
            played = Move.parse(move) if isinstance(move, str) else move
            assert played.tile is not None and played.first is not None
            phrases.append(say("reasons.heaviest", tile=played.tile.written(played.first), n=played.tile.pips))
        phrases += _safe(view, move, facts, voice)
    else:
        mine = sum(t.pips for t in view.tiles)
        phrases += [say("reasons.shuts_holding", n=mine)] if facts.shuts else []
        # (what a partner loses first: "who has shown 6s" ends its phrase best at the end)
        phrases += [say("reasons.covers_partner", n=n) for n in facts.covers_partner]
        if counting and facts.heavier is not None:
            heavier = facts.heavier
            phrases.append(say("reasons.keeps_heavier", tile=heavier.written(heavier.high), n=heavier.pips))
        phrases += [say("reasons.gives", n=n, who=voice.name(seat)) for seat, n in facts.gives]
    return phrases


def _safe(view: SeatView, move: Move | str, facts: MoveFacts, voice: Voice) -> list[str]:
    """``leaves West none of the numbers West has shown``, when another move would leave one;
    ``keeps the hand open``, when another move would block it."""
    if facts.shuts or facts.ends is None:
        return []
    others = [move_facts(view, m) for m in view.legal_moves if str(m) != str(move)]
    said = [voice("reasons.keeps_open", n=sum(t.pips for t in view.tiles))] if any(o.shuts for o in others) else []
    if not facts.gives and any(o.gives for o in others):
        said.append(voice("reasons.safe", who=voice.name(opponents(view)[0])))
    return said


def chance_words(voice: Voice, share: float, *, right: bool, gap: float | None, best: str | None = None) -> str:
    """The judged chance: ``Wins 78%; every other move at least 20 points less.`` for an answer
    (``gap``: the least any other move gives away), ``Wins 40%: 25 points less than 6-4 on the
    left.`` for another move (``gap``: what it gives away against the answer ``best``)."""
    win = max(0, min(100, round(share)))
    points = None if gap is None else max(0, round(gap))
    if right:
        return voice("reasons.chance_best", win=win, gap=points) if points else voice("reasons.chance", win=win)
    if points and best is not None:
        return voice("reasons.chance_less", win=win, gap=points, best=best)
    return voice("reasons.chance", win=win)


def why_sentence(view: SeatView, move: Move | str, voice: Voice, *, right: bool, counting: bool = False,
                 best: Move | str | None = None) -> str:
    """``6-4 on the left keeps your partner's 4 and leaves East nothing to play.`` (or, for a
    wrong move, what it gives away); a wrong move with nothing against it says what it misses
    that ``best`` (the answer) does, down to the ends each leaves and what the judge found of them."""
    label = move_label(move, voice)
    phrases = move_reasons(view, move, voice, counting=counting, good=right)
    if not phrases:
        phrases = _gains(view, move, voice) if right else _misses(view, move, best, voice) if best is not None else []
    if not phrases:
        return voice("reasons.plain_right" if right else "reasons.plain_wrong", move=label)
    return voice("reasons.sentence", move=label, what=voice.words.listing(phrases))


def _placed(move: Move) -> bool:
    return move.tile is not None and move.action in (LEAD, PLAY)


def _gains(view: SeatView, move: Move | str, voice: Voice) -> list[str]:
    """What an answer with no other reason does that some other move does not: plays a double
    another would keep, leaves the most tiles that follow."""
    move = Move.parse(move) if isinstance(move, str) else move
    others = [m for m in view.legal_moves if str(m) != str(move)]
    said = []
    if _placed(move) and move.tile is not None and move.tile.is_double and \
            any(_placed(m) and m.tile is not None and not m.tile.is_double for m in others):
        said.append(voice("reasons.plays_double", tile=str(move.tile), n=move.tile.high))
    mine = followers(view, move)
    theirs = [n for n in (followers(view, m) for m in others) if n is not None]
    if mine is not None and theirs and mine >= max(theirs) and mine > min(theirs):
        said.append(voice("reasons.more_followers", count=voice.words.count("tile", mine)))
    return said


def _misses(view: SeatView, move: Move | str, best: Move | str, voice: Voice) -> list[str]:
    """What a wrong move misses that ``best`` does, when nothing speaks against it on its own: the
    hand blocked, an opponent shut out, the partner's number, the double played, the tiles that
    follow; else the ends (or the tile) each leaves, which the judge found win less often."""
    move = Move.parse(move) if isinstance(move, str) else move
    best = Move.parse(best) if isinstance(best, str) else best
    mine, theirs = move_facts(view, move), move_facts(view, best)
    label = move_label(best, voice)
    if theirs.shuts and not mine.shuts:
        return [voice("reasons.misses_shut", best=label)]
    shut_out = [(seat, numbers) for seat, numbers in theirs.blocks if seat not in dict(mine.blocks)]
    if shut_out:
        return [voice("reasons.misses_block", who=voice.name(shut_out[0][0]), best=label)]
    partner = [n for n in theirs.keeps_partner if n not in mine.keeps_partner]
    if partner:
        return [voice("reasons.misses_partner", n=partner[0], best=label)]
    said = []
    if _placed(best) and best.tile is not None and best.tile.is_double and not (move.tile is not None and move.tile.is_double):
        said.append(voice("reasons.keeps_double", tile=str(best.tile), best=label))
    kept, more = followers(view, move), followers(view, best)
    if kept is not None and more is not None and kept < more:
        said.append(voice("reasons.fewer_followers", count=voice.words.count("tile", kept), more=more, best=label))
    if said:
        return said[:1]  # the first is enough: each names the answer again
    if mine.ends is not None and theirs.ends is not None and sorted(mine.ends) != sorted(theirs.ends):
        return [voice("reasons.ends_judged", a=mine.ends[0], b=mine.ends[1], c=theirs.ends[0], d=theirs.ends[1],
                      best=label)]
    if best.tile is not None and move.tile != best.tile:
        return [voice("reasons.tile_judged", tile=str(best.tile), best=label)]
    return []
