"""Positions as pictures: a pure SVG renderer for hands, matches and records.

``render_svg(hand)`` returns the SVG text of a position: the line of play (doubles
crosswise, wrapped as a snake to fit the width), every seat's tiles, the open ends, whose
turn it is and the draw pile. ``render_svg(hand, seat="S")`` draws what S sees: S's tiles
face up, the others face down. The pictures are plain inline SVG (no scripts, no styles, no
external files), so they show in any notebook viewer: GitHub, nbviewer, a static HTML page.

>>> from dominoes_widget import Hand, Rules
>>> hand = Hand.dealt(Rules.six_love(), seed=1)
>>> svg = render_svg(hand, seat="S", size=400)
>>> svg.startswith("<svg") and 'width="400"' in svg
True
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

from ..engine.hand import Hand, Outcome
from ..engine.move import Move
from ..engine.rules import Rules
from ..engine.tiles import Tile
from .catalog import Voice
from .explanations import match_winner_words, move_label, rules_name
from .picture import svg_as_img
from ..engine.views import SeatView, seat_view

if TYPE_CHECKING:  # imported for annotations only: the engine does not import this module
    from ..engine.match import Match, MatchState
    from ..engine.record import Replayed

__all__ = ["render_svg", "render_position", "render_position_image", "render_match_html", "render_record_html",
           "layout_line", "Placement"]

DEFAULT_SIZE = 520

# Colours as attributes, not CSS, so every viewer (even one that strips <style>) draws them.
# A felt table with ivory tiles reads well on light and dark notebook themes alike. They come
# from palette.json, the file the widgets' front end (js/kit/common/palette.mjs) reads too.
_PALETTE = json.loads((Path(__file__).parent / "palette.json").read_text(encoding="utf-8"))
FELT = _PALETTE["felt"]
FELT_EDGE = _PALETTE["felt_edge"]
INK = _PALETTE["text_on_felt"]
INK_DIM = _PALETTE["text_on_felt_dim"]
TURN = _PALETTE["turn"]
TILE_FACE = _PALETTE["tile_face"]
TILE_EDGE = _PALETTE["tile_edge"]
PIP = _PALETTE["pip"]
DIVIDER = _PALETTE["divider"]
TILE_BACK = _PALETTE["tile_back"]
TILE_BACK_MARK = _PALETTE["back_mark"]
LAST_PLAYED = _PALETTE["last_move"]
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

# Pip centres as fractions of one square half of an upright tile (rows of three run along
# the tile); a lying tile turns them a quarter turn. The same pattern as js/kit/common/tile.mjs.
_NEAR, _MID, _FAR = 0.27, 0.5, 0.73
_UPRIGHT_PIPS = (
    (),
    ((_MID, _MID),),
    ((_FAR, _NEAR), (_NEAR, _FAR)),
    ((_FAR, _NEAR), (_MID, _MID), (_NEAR, _FAR)),
    ((_NEAR, _NEAR), (_FAR, _NEAR), (_NEAR, _FAR), (_FAR, _FAR)),
    ((_NEAR, _NEAR), (_FAR, _NEAR), (_MID, _MID), (_NEAR, _FAR), (_FAR, _FAR)),
    ((_NEAR, _NEAR), (_NEAR, _MID), (_NEAR, _FAR), (_FAR, _NEAR), (_FAR, _MID), (_FAR, _FAR)),
)
_EPSILON = 1e-6


# -- the line of play as a snake ---------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """Where one tile of the line lies: a box in px and its halves in visual order.

    ``halves`` is (left, right) for a lying tile and (top, bottom) for a standing one;
    ``index`` is the tile's index in the line.
    """

    index: int
    x: float
    y: float
    w: float
    h: float
    halves: tuple[int, int]

    @property
    def lying(self) -> bool:
        return self.w > self.h


@dataclass
class _Arm:
    hdir: int  # +1 running right, -1 running left
    vdir: int  # +1 turns downwards (the right arm), -1 upwards (the left arm)
    axis: float  # centre line of the current row
    cursor: float  # x where the next tile starts
    previous: Placement


def layout_line(line: Sequence[tuple[int, int]], lead: int, width: float, unit: float,
                gap: float | None = None) -> tuple[list[Placement], tuple[float, float, float, float]]:
    """Lay out the line of play in ``width`` px: the placements and their bounds (x, y, w, h).

    The lead lies in the middle of the first row. The right arm runs right, turns down at
    the edge (the turning tile stands under the outer half of the tile before it) and comes
    back leftwards, and so on; the left arm does the same upwards, so the arms never meet.
    Doubles lie crosswise. ``unit`` is the side of a half; it shrinks so that a row holds
    at least three tile lengths. Nothing lies outside ``0 … width``; the top is at y = 0.
    """
    unit = max(1.0, min(unit, width / 6))
    gap = unit / 12 if gap is None else gap
    if not line:
        return [], (0.0, 0.0, 0.0, 0.0)
    if not 0 <= lead < len(line):
        lead = 0
    a, b = line[lead]
    double = a == b
    w, h = (unit, 2 * unit) if double else (2 * unit, unit)
    lead_place = Placement(lead, width / 2 - w / 2, -h / 2, w, h, (a, b))
    places = {lead: lead_place}  # by index in the line; the arms lay every other index
    for side, indices in ((1, range(lead + 1, len(line))), (-1, range(lead - 1, -1, -1))):
        cursor = lead_place.x + lead_place.w if side > 0 else lead_place.x
        arm = _Arm(side, side, 0.0, cursor, lead_place)
        for index in indices:
            first, second = line[index]
            touching, outer = (first, second) if side > 0 else (second, first)
            places[index] = _advance(arm, index, touching, outer, unit, gap, width)
    in_order = [places[index] for index in range(len(line))]
    top = min(p.y for p in in_order)
    placed = [Placement(p.index, p.x, p.y - top, p.w, p.h, p.halves) for p in in_order]
    left = min(p.x for p in placed)
    right = max(p.x + p.w for p in placed)
    bottom = max(p.y + p.h for p in placed)
    return placed, (left, 0.0, right - left, bottom)


def _advance(arm: _Arm, index: int, touching: int, outer: int, unit: float, gap: float,
             width: float) -> Placement:
    """Place one more tile on an arm: along its row if it fits, else standing on a turn."""
    double = touching == outer
    along = unit if double else 2 * unit
    start = arm.cursor + arm.hdir * gap
    end = start + arm.hdir * along
    if -_EPSILON <= end <= width + _EPSILON:
        h = 2 * unit if double else unit
        halves = (touching, outer) if arm.hdir > 0 else (outer, touching)
        place = Placement(index, min(start, end), arm.axis - h / 2, along, h, halves)
        arm.cursor, arm.previous = end, place
        return place
    previous = arm.previous
    x = previous.x + previous.w - unit if arm.hdir > 0 else previous.x
    y = previous.y + previous.h + gap if arm.vdir > 0 else previous.y - gap - 2 * unit
    halves = (touching, outer) if arm.vdir > 0 else (outer, touching)
    place = Placement(index, x, y, unit, 2 * unit, halves)
    arm.axis = y + 1.5 * unit if arm.vdir > 0 else y + 0.5 * unit
    arm.cursor = x if arm.hdir > 0 else x + unit
    arm.hdir = -arm.hdir
    arm.previous = place
    return place


# -- one tile ------------------------------------------------------------------------------
def _tile(halves: tuple[int, int] | None, x: float, y: float, w: float, h: float, *,
          highlight: bool = False, label: str | None = None) -> str:
    """One tile in the box (x, y, w, h); ``halves`` None draws it face down."""
    lying = w > h
    unit = h if lying else w
    radius = unit * 0.14
    title = f"<title>{_esc(label)}</title>" if label else ""
    if halves is None:
        inset = unit * 0.18
        return (f'<g>{title}<rect x="{_r(x)}" y="{_r(y)}" width="{_r(w)}" height="{_r(h)}" rx="{_r(radius)}" '
                f'fill="{TILE_BACK}" stroke="{TILE_EDGE}" stroke-width="{_r(max(0.6, unit * 0.05))}"/>'
                f'<rect x="{_r(x + inset)}" y="{_r(y + inset)}" width="{_r(w - 2 * inset)}" '
                f'height="{_r(h - 2 * inset)}" rx="{_r(radius * 0.6)}" fill="none" stroke="{TILE_BACK_MARK}" '
                f'stroke-width="{_r(max(0.5, unit * 0.04))}"/></g>')
    edge, edge_width = (LAST_PLAYED, max(1.5, unit * 0.12)) if highlight else (TILE_EDGE, max(0.6, unit * 0.05))
    parts = [f'<g>{title}<rect x="{_r(x)}" y="{_r(y)}" width="{_r(w)}" height="{_r(h)}" rx="{_r(radius)}" '
             f'fill="{TILE_FACE}" stroke="{edge}" stroke-width="{_r(edge_width)}"/>']
    if lying:
        x1 = x2 = x + unit
        y1, y2 = y + unit * 0.15, y + h - unit * 0.15
    else:
        y1 = y2 = y + unit
        x1, x2 = x + unit * 0.15, x + w - unit * 0.15
    parts.append(f'<line x1="{_r(x1)}" y1="{_r(y1)}" x2="{_r(x2)}" y2="{_r(y2)}" stroke="{DIVIDER}" '
                 f'stroke-width="{_r(max(0.5, unit * 0.04))}"/>')
    pip_radius = _r(unit * 0.095)
    for value, (hx, hy) in zip(halves, ((x, y), (x + unit, y) if lying else (x, y + unit))):
        for fx, fy in _UPRIGHT_PIPS[value]:
            if lying:
                fx, fy = 1 - fy, fx
            parts.append(f'<circle cx="{_r(hx + fx * unit)}" cy="{_r(hy + fy * unit)}" r="{pip_radius}" '
                         f'fill="{PIP}"/>')
    parts.append("</g>")
    return "".join(parts)


# -- what the picture shows ------------------------------------------------------------------
@dataclass
class _Scene:
    rules: Rules
    seats: tuple[str, ...]
    hands: dict[str, list[Tile] | int]  # face up tiles, or a count of face-down tiles
    line: list[tuple[int, int]]
    lead_index: int
    ends: tuple[int, int] | None
    turn: str | None
    pile: int
    last_move: Move | None
    last_index: int | None  # index in the line of the tile just played
    outcome: Outcome | None
    viewer: str | None
    pips: dict[str, int]
    voice: Voice


def _scene(position: Hand | SeatView, seat: str | None, open_hands: bool | None, step: int | None,
           voice: Voice) -> _Scene:
    if isinstance(position, SeatView):
        if step is not None:
            raise ValueError("step= needs a Hand, not a SeatView (a seat view cannot go back in time)")
        view = position
        viewer = view.seat
    elif isinstance(position, Hand):
        hand = _at_step(position, step)
        if seat is not None and seat not in hand.seats:
            raise ValueError(f"seat {seat!r} is not in play; the seats are {', '.join(hand.seats)}")
        show_all = (seat is None) if open_hands is None else bool(open_hands)
        view = seat_view(hand, seat, open_hands=show_all)
        viewer = None if show_all else seat
    else:
        raise TypeError(f"render_svg() takes a Hand or a SeatView, not {type(position).__name__}")
    hands: dict[str, list[Tile] | int] = {}
    for s in view.rules.seats:
        tiles = view.hand_of(s)
        hands[s] = list(tiles) if tiles is not None else view.counts[s]
    last_move = view.moves[-1] if view.moves else None
    return _Scene(view.rules, view.rules.seats, hands, list(view.line), view.lead_index, view.ends, view.turn,
                  view.boneyard_size, last_move, view.last_placed, view.outcome, viewer, dict(view.pips), voice)


def _at_step(hand: Hand, step: int | None) -> Hand:
    if step is None or step == len(hand.moves):
        return hand
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(hand.moves):
        raise ValueError(f"step must be a whole number from 0 to {len(hand.moves)} (the moves made), not {step!r}")
    earlier = hand.copy()
    while len(earlier.moves) > step:
        earlier.pop()
    return earlier


# -- the whole picture ---------------------------------------------------------------------------
def render_svg(position: Hand | SeatView, *, seat: str | None = None, open_hands: bool | None = None,
               size: int = DEFAULT_SIZE, step: int | None = None, names: Mapping[str, str] | None = None,
               caption: str | None = None, title: str | None = None, lang: str = "en", pips: bool = True) -> str:
    """The SVG text of a position.

    ``position``: a :class:`Hand` (at ``step`` moves, default its current move) or a
    :class:`SeatView`. ``seat``: draw the table as that seat sees it: its own tiles face
    up, the others' face down (``open_hands=True`` turns every hand up; without ``seat``
    every hand is face up). A finished hand shows every hand, as the count turns them up.
    ``size``: the width in px (the height follows from the content). ``names``: seat →
    player name for the labels; ``caption``: an extra line under the table (a comment, a
    score); ``title``: the first line, read first by screen readers too (default: the rules and
    whose turn it is, or how the hand ended); ``lang``:
    the language of the words; ``pips``: print each open hand's pip count (``False`` when the
    count is what the reader is asked to work out). Every line of words wraps to the width.
    """
    if isinstance(size, bool) or not isinstance(size, (int, float)) or size < 160:
        raise ValueError(f"size is the width in px, at least 160, not {size!r}")
    scene = _scene(position, seat, open_hands, step, Voice(lang, names))
    if not pips:
        scene.pips = {}
    return _draw(scene, float(size), dict(names or {}), caption, title)


def _draw(scene: _Scene, width: float, names: dict[str, str], caption: str | None, title: str | None) -> str:
    pad = width * 0.025
    font = max(10.0, width / 42)
    small = font * 0.85
    hand_unit = max(6.0, width / 34)
    hgap = max(1.5, hand_unit * 0.25)
    out: list[str] = []
    y = pad

    # the title and the status line
    heading = title if title is not None else _heading(scene)
    for piece in _wrap_text(heading, _fits(width - 2 * pad, font, bold=True)):
        out.append(_text(pad, y + font, piece, font, weight="600"))
        y += font * 1.35
    for piece in _wrap_text(_status(scene), _fits(width - 2 * pad, small)):
        out.append(_text(pad, y + small, piece, small, fill=INK_DIM))
        y += small * 1.35
    y += small * 0.25

    seats = scene.seats
    side_seats = [s for s in ("W", "E") if s in seats]
    per_column = 7
    side_columns = max([_wrap_count(_count(scene.hands[s]), per_column) for s in side_seats] or [0])
    side_width = side_columns * (2 * hand_unit + hgap) + (pad if side_seats else 0)
    per_row = max(7, int((width - 2 * pad) // (hand_unit + hgap)) // 2)

    # North (or the top seat)
    if "N" in seats:
        y = _seat_row(out, scene, "N", names, y, width, pad, hand_unit, hgap, per_row, small)

    # the middle band: West | the line | East
    y = _middle_band(out, scene, names, y, width, pad, side_seats, side_width, hand_unit, hgap, per_column, small)

    # South (or the bottom seat)
    if "S" in seats:
        y = _seat_row(out, scene, "S", names, y, width, pad, hand_unit, hgap, per_row, small)

    legend = _legend(scene, names)
    for piece in _wrap_text(legend, _fits(width - 2 * pad, small * 0.95)):
        out.append(_text(pad, y + small, piece, small * 0.95, fill=INK_DIM))
        y += small * 1.5
    if caption:
        for piece in _wrap_text(caption, _fits(width - 2 * pad, small)):
            out.append(_text(pad, y + small, piece, small))
            y += small * 1.35
    return _framed(scene, out, width, y + pad, pad, heading)


def _middle_band(out: list[str], scene: _Scene, names: dict[str, str], y: float, width: float, pad: float,
                 side_seats: Sequence[str], side_width: float, hand_unit: float, hgap: float, per_column: int,
                 small: float) -> float:
    """The band below the top seat: the West column, the line of play (or "no tile"), the East
    column; returns the ``y`` below it."""
    line_left = pad + side_width
    line_width = max(6 * hand_unit, width - 2 * pad - 2 * side_width)
    line_unit = min(width / 20, line_width / 6)
    places, (bx, _by, bw, bh) = layout_line(scene.line, scene.lead_index, line_width, line_unit)
    side_height = 0.0
    for s in side_seats:
        count = _count(scene.hands[s])
        rows = min(count, per_column)
        side_height = max(side_height, small * 1.5 + rows * (hand_unit + hgap))
    band = max(bh, side_height, 3 * line_unit)
    band_top = y + small * 0.5
    if places:
        dx = line_left + (line_width - bw) / 2 - bx
        dy = band_top + (band - bh) / 2
        for p in places:
            out.append(_tile(p.halves, p.x + dx, p.y + dy, p.w, p.h, highlight=p.index == scene.last_index,
                             label=f"{p.halves[0]}-{p.halves[1]}"))
    else:
        out.append(_text(line_left + line_width / 2, band_top + band / 2 + small / 2, scene.voice("picture.no_tile"),
                         small, fill=INK_DIM, anchor="middle"))
    for s in side_seats:
        own = max(1, _wrap_count(_count(scene.hands[s]), per_column))
        x = pad if s == "W" else width - pad - own * (2 * hand_unit + hgap) + hgap
        _side_column(out, scene, s, names, x, band_top, hand_unit, hgap, per_column, small)
    return band_top + band + small * 0.8


def _framed(scene: _Scene, out: list[str], width: float, height: float, pad: float, heading: str) -> str:
    """The picture's parts ``out`` in the felt-table frame, labelled for a screen reader with the
    ``heading`` it shows (a title given in its place is read too: an exercise's hides the result)."""
    label = _esc(heading + ". " + _status(scene))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_r(width)}" height="{_r(height)}" '
            f'viewBox="0 0 {_r(width)} {_r(height)}" role="img" aria-label="{label}" font-family="{_esc(FONT)}"'
            + (f' data-last-move="{_esc(str(scene.last_move))}"' if scene.last_move is not None else "") + ">"
            f"<title>{label}</title>"
            f'<rect x="0" y="0" width="{_r(width)}" height="{_r(height)}" rx="{_r(pad)}" fill="{FELT}" '
            f'stroke="{FELT_EDGE}" stroke-width="2"/>'
            + "".join(out) + "</svg>")


def _seat_row(out: list[str], scene: _Scene, seat: str, names: dict[str, str], y: float, width: float,
              pad: float, unit: float, gap: float, per_row: int, small: float) -> float:
    held = scene.hands[seat]
    count = _count(held)
    rows = max(1, _wrap_count(count, per_row))
    along = min(count, per_row)
    row_width = along * (unit + gap) - gap if along else 0
    out.append(_text(width / 2, y + small, _seat_label(scene, seat, names), small, anchor="middle",
                     fill=TURN if scene.turn == seat else INK, weight="700" if scene.turn == seat else "400"))
    y += small * 1.4
    x0 = (width - row_width) / 2
    for i in range(count):
        row, col = divmod(i, per_row)
        tile = held[i] if isinstance(held, list) else None
        out.append(_tile(tile.halves[::-1] if tile is not None else None, x0 + col * (unit + gap),
                         y + row * (2 * unit + gap), unit, 2 * unit, label=str(tile) if tile is not None else None))
    return y + rows * (2 * unit + gap) + small * 0.4


def _side_column(out: list[str], scene: _Scene, seat: str, names: dict[str, str], x: float, y: float,
                 unit: float, gap: float, per_column: int, small: float) -> None:
    held = scene.hands[seat]
    count = _count(held)
    columns = max(1, _wrap_count(count, per_column))
    right = x + columns * (2 * unit + gap) - gap
    out.append(_text(x if seat == "W" else right, y + small, _seat_label(scene, seat, names, short=True), small,
                     fill=TURN if scene.turn == seat else INK, weight="700" if scene.turn == seat else "400",
                     anchor="start" if seat == "W" else "end"))
    y += small * 1.5
    for i in range(count):
        column, row = divmod(i, per_column)
        tile = held[i] if isinstance(held, list) else None
        out.append(_tile(tile.halves[::-1] if tile is not None else None, x + column * (2 * unit + gap),
                         y + row * (unit + gap), 2 * unit, unit, label=str(tile) if tile is not None else None))


def _heading(scene: _Scene) -> str:
    voice = scene.voice
    game = rules_name(scene.rules, voice)
    outcome = scene.outcome
    if outcome is not None:
        if outcome.termination.value == "domino":
            assert outcome.winner_seat is not None  # the seat that played its last tile
            return voice("picture.heading_domino", game=game, who=voice.name(outcome.winner_seat))
        if outcome.tie:
            return voice("picture.heading_tie", game=game)
        if outcome.winner_team:
            return voice("picture.heading_team", game=game, team=voice.team(outcome.winner_team))
        assert outcome.winner_seat is not None  # blocked, no tie and no team: one seat alone won
        return voice("picture.heading_seat", game=game, who=voice.name(outcome.winner_seat))
    if scene.turn is None:
        return voice("picture.heading", game=game)
    key = "picture.heading_turn_shown" if scene.viewer == scene.turn else "picture.heading_turn"
    return voice(key, game=game, who=voice.name(scene.turn))


def _status(scene: _Scene) -> str:
    voice = scene.voice
    ends = voice("picture.before_lead") if scene.ends is None else voice("picture.ends", a=scene.ends[0],
                                                                            b=scene.ends[1])
    parts = [ends, voice("picture.on_table", n=len(scene.line))]
    if getattr(scene.rules, "has_boneyard", False):
        parts.append(voice("picture.pile", n=scene.pile))
    if scene.last_move is not None:  # in words ("by West: pass"); the notation goes in data-last-move
        said = move_label(scene.last_move, voice)
        parts.append(voice("picture.last_move", move=voice("picture.move_by", who=voice.name(scene.last_move.seat),
                                                             move=said)))
    if scene.viewer is not None:
        parts.append(voice("picture.seen_by", who=voice.name(scene.viewer)))
    return " · ".join(parts)


def _seat_label(scene: _Scene, seat: str, names: dict[str, str], short: bool = False) -> str:
    held = scene.hands[seat]
    count = _count(held)
    marker = "▶ " if scene.turn == seat else ""
    voice = scene.voice
    if short:
        return f"{marker}{voice.words(f'seat_letter.{seat}')} · {count}"
    who = voice.name(seat)
    tiles = voice.words.count("tile", count)
    if not isinstance(held, list):
        return marker + voice("picture.seat_face_down", who=who, count=tiles)
    if held and seat in scene.pips:
        return marker + voice("picture.seat_pips", who=who, count=tiles, n=scene.pips[seat])
    return marker + voice("picture.seat", who=who, count=tiles)


def _legend(scene: _Scene, names: dict[str, str]) -> str:
    side = [s for s in ("W", "E") if s in scene.seats]
    parts = []
    for s in side:
        held = scene.hands[s]
        who = scene.voice.name(s)
        if isinstance(held, list) and held and s in scene.pips:
            parts.append(scene.voice("picture.legend_pips", who=who, n=scene.pips[s]))
        else:
            parts.append(who)
    return " · ".join(parts) if any(names.get(s) for s in side) or any(isinstance(scene.hands[s], list)
                                                                          for s in side) else ""


def _count(held: list[Tile] | int) -> int:
    return len(held) if isinstance(held, list) else int(held)


def _wrap_count(count: int, per: int) -> int:
    return (count + per - 1) // per


def _fits(width: float, size: float, *, bold: bool = False) -> int:
    """How many characters of ``size`` px fit in ``width`` px, measured wide (a sans-serif's
    capitals and Vietnamese letters run wider than its average), so that no line is cut."""
    return max(8, int(width / (size * (0.62 if bold else 0.58))))


def _wrap_text(text: str, width: int) -> list[str]:
    words, lines, current = text.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def _text(x: float, y: float, text: str, size: float, *, fill: str = INK, anchor: str = "start",
          weight: str = "400") -> str:
    return (f'<text x="{_r(x)}" y="{_r(y)}" font-size="{_r(size)}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{_esc(text)}</text>')


def _esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def _r(n: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros."""
    text = f"{n:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- objects' notebook pictures ---------------------------------------------------------------------
def render_position(hand: Hand) -> str:
    """``Hand._repr_svg_``: the hand with every tile face up."""
    return render_svg(hand)


def render_position_image(hand: Hand) -> str:
    """``Hand._repr_html_``: the same picture as an ``<img>``, which untrusted notebooks show too."""
    return svg_as_img(render_svg(hand))


def render_match_html(match: "Match", *, size: int = DEFAULT_SIZE, lang: str = "en") -> str:
    """``Match._repr_html_``: the score, one line per hand, and the last position, in ``lang``."""
    from .explanations import score_line

    voice = Voice(lang)
    rows = _hand_rows(match, voice)
    picture = render_svg(match.hand, size=size, lang=lang) if match.hand is not None else ""
    winner = f" {match_winner_words(match.rules, match.state, voice)}" if match.state.winner else ""
    title = voice("summary.match", game=rules_name(match.rules, voice), hands=voice("count.hand", n=len(match.hands)))
    return _html_block(title, f"{score_line(match.rules, match.state, voice)}{winner}", rows, picture, voice)


def render_record_html(replayed: "Replayed", *, size: int = DEFAULT_SIZE, lang: str = "en") -> str:
    """A replayed record's ``_repr_html_``: players, one line per hand, the last position, in ``lang``."""
    from .explanations import score_line

    match = replayed.match
    plain = Voice(lang)
    named = {seat: plain("name.named", who=name, seat=plain.name(seat)) for seat, name in replayed.players.items()}
    voice = Voice(lang, named)  # "Ana (North)": players' names alone may repeat, as bots' do
    rows = _hand_rows(match, voice)
    players = voice("name.list_separator").join(named.values())
    summary = " ".join(filter(None, [score_line(match.rules, match.state, voice),
                                     voice("summary.players", players=players) if players else "",
                                     voice("count.comment", n=len(replayed.comments)) if replayed.comments else ""]))
    picture = render_svg(match.hand, size=size, names=replayed.players, lang=lang) if match.hand is not None else ""
    title = voice("summary.record", game=rules_name(match.rules, voice), hands=voice("count.hand", n=len(match.hands)))
    return _html_block(title, summary, rows, picture, voice)


def _hand_rows(match: "Match", voice: Voice) -> list[tuple[str, ...]]:
    """A row per hand: its number, leader, moves, result (or how far it has gone) and the score after it."""
    return [_hand_row(index, hand, match.state_before(index), match.state_after(index), voice)
            for index, hand in enumerate(match.hands)]


def _hand_row(index: int, hand: Hand, before: "MatchState", after: "MatchState", voice: Voice) -> tuple[str, ...]:
    from .explanations import explain_result

    if hand.outcome is None:
        turn = voice.name(hand.turn) if hand.turn is not None else ""
        result = voice("summary.in_progress", moves=voice("count.move", n=len(hand.moves)), who=turn)
        score = _score_words(before, voice)
    else:
        result = explain_result(hand, voice=voice)[0]
        score = _score_words(after, voice)
    return (str(index), voice.name(hand.leader), str(len(hand.moves)), result, score)


def _score_words(state: "MatchState", voice: Voice) -> str:
    """``NS 2 – EW 0``, with the tied deals pending and a pending play-off."""
    text = " – ".join(f"{k} {v}" for k, v in state.score.items())
    if state.ties:
        text = voice("summary.ties_pending", score=text, ties=voice("count.tied_deal", n=state.ties))
    if state.playoff:
        text = voice("summary.playoff", score=text)
    return text


def _html_block(title: str, summary: str, rows: list[tuple[str, ...]], picture: str, voice: Voice) -> str:
    cell = 'style="padding:2px 8px;text-align:left;border-bottom:1px solid var(--jp-border-color2, #ddd)"'
    head = "".join(f"<th {cell}>{_esc(voice(f'summary.{key}'))}</th>"
                   for key in ("hand", "leader", "moves", "result", "score_after"))
    body = "".join("<tr>" + "".join(f"<td {cell}>{_esc(v)}</td>" for v in row) + "</tr>" for row in rows)
    table = (f'<table style="border-collapse:collapse;font-size:0.9em;margin:4px 0">'
             f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>") if rows else \
        f"<p>{_esc(voice('summary.no_hands'))}</p>"
    last = f'<div style="margin-top:6px">{svg_as_img(picture)}</div>' if picture else ""
    return (f'<div class="dominoes-widget-summary" style="font-family:{_esc(FONT)};'
            f'color:var(--jp-ui-font-color1, inherit)">'
            f'<div style="font-weight:600">{_esc(title)}</div>'
            f"<div>{_esc(summary)}</div>{table}{last}</div>")
