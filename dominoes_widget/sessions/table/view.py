"""What a screen of the Table shows: the view (``js/PROTOCOL.md``) and the status line, built
from the match and that screen alone (the seat view of its person), and the same as a static picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...words.catalog import Voice
from ...words.explanations import (explain_result, hand_label, match_winner_words, player_label,
                            rules_name, score_panel_words)
from ...engine.hand import group_moves, team_of
from ...engine.move import DRAW, LEAD, PASS
from ...engine.views import SeatView, seat_view
from .bot_turns import speed_name
from ..counting import counting_panel
from .fair_dealer import FairTable, fair_view
from .follow import announcement, recap_words, seat_moves
from .look_back import UndoableTable, can_undo
from ..position import position_payload
from ..protocol import Heading, PROTOCOL_VERSION, ScorePanel, ScoreRow
from .shapes import (Cover, FairView, Look, Notice, Phase, PlayerInfo, PresenceMark, ResultPanel, SpeedChoice,
                            TableView)
from .options import BOT_SPEEDS, HUMAN

if TYPE_CHECKING:
    from ...engine.rules import Rules
    from .bot_turns import BotTurns
    from .move_words import MoveWords
    from .screen import SeatScreen

__all__ = ["table_view", "screen_view", "seat_label", "status_line", "static_html", "ViewedTable"]


class ViewedTable(UndoableTable, FairTable, Protocol):
    """What the view reads of a table (and what :func:`can_undo` and :func:`fair_view` read),
    beside the screen it is built for; it changes nothing but the words of the moves, which
    :class:`MoveWords` keeps from one view to the next."""

    @property
    def rules(self) -> Rules: ...

    @property
    def kinds(self) -> dict[str, str]: ...

    @property
    def names(self) -> dict[str, str]: ...

    @property
    def open_hands(self) -> bool: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def leader_choices(self) -> tuple[str, ...]: ...

    def may_set_table(self, screen: SeatScreen) -> bool: ...

    @property
    def bots(self) -> BotTurns: ...

    @property
    def move_words(self) -> MoveWords: ...

    @property
    def presence(self) -> dict[str, PresenceMark]: ...

    @property
    def watching(self) -> int: ...

    def voice(self, screen: SeatScreen | None = None) -> Voice: ...


def screen_view(session: ViewedTable, screen: SeatScreen) -> SeatView | None:
    """The seat view the browser shows: the person at the screen's (nobody's under the cover),
    at the position being looked at; ``None`` before the first deal (phase ``dealing``)."""
    match = session.match
    open_hands = session.open_hands
    if match.pending is None and match.hand is None:
        return None
    if match.pending is not None:
        position = match.pending.hand(session.rules)
    else:
        assert match.hand is not None
        position = match.hand
        if screen.looking is not None:
            open_hands = open_hands or position.is_over  # once a hand is over every tile is known
            position = position.copy()
            while len(position.moves) > screen.looking:
                position.pop()
    return seat_view(position, screen.viewer, match.state, open_hands=open_hands)


def table_view(session: ViewedTable, screen: SeatScreen) -> TableView:
    """The browser's view, built from :func:`screen_view` alone (no tile at all before the
    first deal)."""
    shown = screen_view(session, screen)
    if shown is None:
        return _before_deal(session, screen)
    rules, match = session.rules, session.match
    voice = session.voice(screen)
    viewer = screen.viewer
    choosing = session.phase is Phase.CHOOSE_LEADER
    people_turn = (viewer is not None and shown.turn == viewer and session.phase is Phase.PLAYING
                   and screen.looking is None)
    legal = [group[0] for group in group_moves(shown.legal_moves, shown.ends)] if people_turn else []
    hand_index = len(match.hands) - (0 if choosing else 1)
    live = match.hand if not choosing else None
    words = session.move_words.of(shown, voice)
    return {
        **_table_wide(session, screen, voice),
        **position_payload(shown),
        "turn": None if choosing else shown.turn,
        "moves": words.notation,
        "move_words": words.sentences,
        "move_items": words.items,
        "legal": [str(m) for m in legal],
        "pass_word": "pass_keep" if people_turn and shown.may_keep_drawn else "pass",
        "playable": sorted({str(m.tile) for m in legal if m.tile is not None}) if session.options.hints else [],
        "hand_number": hand_index,
        "hand_label": hand_label(session.options.hands_before + hand_index, voice),
        "phase": "cover" if screen.covered else session.phase.value,
        "status": status_line(session, screen, shown, voice),
        "leader_choices": [{"seat": s, "label": voice.say("table.leads", s)} for s in session.leader_choices]
        if viewer in session.leader_choices else [],
        "leader_prompt": _leader_prompt(session, screen, voice) if choosing and viewer in session.leader_choices else "",
        "cover": _cover(session, screen, voice),
        "result": _result(session, voice) if live is not None and live.is_over else None,
        "look": _look(session, screen, voice, len(live.moves) if live is not None else 0),
        "can_undo": can_undo(session, screen),
        "hint": screen.hint,
        "recap": _recap(session, screen, shown, voice) if live is not None and viewer is not None else "",
        "seat_moves": seat_moves(shown, voice) if live is not None else {},
        "holding": session.bots.holding,
        "announce": announcement(match, hand_index, voice, session.options.hands_before) if session.bots.holding else "",
        "counting": counting_panel(shown, voice, lambda seat: seat_label(session, screen, seat, voice))
        if screen.counting and viewer is not None else None,
    }


class TableWide(Heading):
    """The fields of a :class:`TableView` that are the whole table's, before a deal and after."""

    players: dict[str, PlayerInfo]
    viewer: str | None
    message: Notice | None
    score: ScorePanel
    coach: bool
    animate: bool
    speed: str | None
    speeds: list[SpeedChoice]
    presence: dict[str, PresenceMark]
    watching: int
    can_set_table: bool
    fair: FairView | None


def _table_wide(session: ViewedTable, screen: SeatScreen, voice: Voice) -> TableWide:
    """The view's fields that are the whole table's, the same before and after a deal."""
    rules, viewer = session.rules, screen.viewer
    return {
        "v": PROTOCOL_VERSION,
        "lang": session.options.lang,
        "game": rules.game,
        "title": rules_name(rules, voice),
        "seats": list(rules.seats),
        "bottom": _bottom(session, screen),
        "players": {s: _player(session, screen, s, voice) for s in rules.seats},
        "viewer": viewer,
        "message": screen.notice,
        "score": _score(session, screen, voice),
        "coach": session.options.coach and not session.hot_seat,
        "animate": session.bots.delay > 0,
        "speed": speed_name(session.bots.delay),
        "speeds": [{"key": key, "label": voice(f"table.speed_{key}")} for key in BOT_SPEEDS] if session.bots.bots else [],
        "presence": dict(session.presence),
        "watching": session.watching,
        "can_set_table": session.may_set_table(screen),  # a watcher: False (a served table has a host); a notebook's table of bots: True
        "fair": fair_view(session, screen.viewer),
    }


def _before_deal(session: ViewedTable, screen: SeatScreen) -> TableView:
    """The view while the first hand waits for the players' seeds: the table, the score and the
    commitment, no tile and nothing to move."""
    rules, voice = session.rules, session.voice(screen)
    return {
        **_table_wide(session, screen, voice),
        "hands": {s: 0 for s in rules.seats},
        "pips": {s: 0 for s in rules.seats},
        "line": [],
        "lead": 0,
        "last": None,
        "ends": None,
        "turn": None,
        "pile": None,
        "passed": [],
        "moves": [],
        "move_words": [],
        "move_items": [],
        "legal": [],
        "pass_word": "pass",
        "playable": [],
        "hand_number": len(session.match.hands),
        "hand_label": hand_label(session.options.hands_before + len(session.match.hands), voice),
        "phase": session.phase.value,
        "status": voice("table.waiting_for_seeds"),
        "leader_choices": [],
        "leader_prompt": "",
        "cover": None,
        "result": None,
        "look": None,
        "can_undo": False,
        "hint": None,
        "recap": "",
        "seat_moves": {},
        "holding": False,
        "announce": "",
        "counting": None,
    }


def _recap(session: ViewedTable, screen: SeatScreen, shown: SeatView, voice: Voice) -> str:
    """The moves since the person at the screen last moved, after the hand's announcement
    while they have not moved in it yet."""
    if screen.looking is not None:
        return ""
    moves = recap_words(shown, voice)
    if any(move.seat == shown.seat for move in shown.moves):
        return voice("follow.since_you", moves=moves) if moves else ""
    opening = announcement(session.match, len(session.match.hands) - 1, voice, session.options.hands_before)
    return f"{opening}. {moves}" if moves else opening


def seat_label(session: ViewedTable, screen: SeatScreen, seat: str, voice: Voice | None = None) -> str:
    """What the table calls a seat's player: ``You``, ``Ana``, ``North (strong bot)``."""
    kind = session.kinds[seat]
    return player_label(voice or session.voice(screen), seat, None if kind == HUMAN else kind)


def status_line(session: ViewedTable, screen: SeatScreen, shown: SeatView, voice: Voice) -> str:
    """The one status line: whose turn, and what the person at the screen can do."""
    pending = session.match.pending
    at_screen = screen.seat
    if screen.covered and at_screen is not None:
        return voice("table.pass_screen", who=session.names[at_screen])
    if session.phase is Phase.MATCH_OVER:
        return match_winner_words(session.rules, session.match.state, voice) or voice("table.match_over")
    if session.phase is Phase.HAND_OVER:
        if screen.viewer is None and not session.may_set_table(screen):  # a watcher: no Next hand to press
            return voice("table.hand_over_watching")
        return voice("table.hand_over", button=voice("table.next_hand"))
    if session.phase is Phase.CHOOSE_LEADER and pending is not None:
        team = voice.team(team_of(pending.leaders[0])) if session.rules.is_partnership else ""
        if at_screen in pending.leaders:
            return voice.say("table.choosing", str(at_screen), team=team)
        return voice("table.choosing_team", team=team)
    if screen.looking is not None:
        return voice("table.looking")
    if shown.turn is None:
        return ""
    if screen.viewer is None or shown.turn != screen.viewer:
        key = "table.to_play" if session.kinds[shown.turn] == HUMAN else "table.thinking"
        return voice(key, who=seat_label(session, screen, shown.turn, voice))
    return _your_turn(shown, voice)


def _your_turn(shown: SeatView, voice: Voice) -> str:
    legal = shown.legal_moves
    last = shown.moves[-1] if shown.moves else None
    if last is not None and last.seat == shown.seat and last.action == DRAW and last.tile is not None \
            and shown.draw_fitted(len(shown.moves) - 1):
        return voice("table.your_turn_drawn", tile=str(last.tile))
    if len(legal) == 1 and legal[0].action in (DRAW, PASS) and shown.ends is not None:
        left, right = shown.ends
        numbers = str(left) if left == right else voice("table.numbers_or", a=left, b=right)
        return voice("table.your_turn_draw" if legal[0].action == DRAW else "table.your_turn_pass", numbers=numbers)
    if shown.ends is None:
        tiles = {m.tile for m in legal if m.action == LEAD}
        if len(tiles) == 1:
            return voice("table.your_turn_pose", tile=str(next(iter(tiles))))
        return voice("table.your_turn_lead_any")
    return voice("table.your_turn")


def _look(session: ViewedTable, screen: SeatScreen, voice: Voice, moves_total: int) -> Look | None:
    if screen.looking is None:
        return None
    key = "table.look_deal" if screen.looking == 0 else "table.look_move"
    return {"ply": screen.looking, "of": moves_total, "label": voice(key, ply=screen.looking, of=moves_total)}


def _bottom(session: ViewedTable, screen: SeatScreen) -> str:
    if session.options.bottom is not None:
        return session.options.bottom
    if screen.seat is not None:
        return screen.seat
    return "S" if "S" in session.rules.seats else session.rules.seats[0]


def _player(session: ViewedTable, screen: SeatScreen, seat: str, voice: Voice) -> PlayerInfo:
    return {"name": voice.name(seat), "label": seat_label(session, screen, seat, voice),
            "human": session.kinds[seat] == HUMAN,
            "team": team_of(seat) if session.rules.is_partnership else None}


def _leader_prompt(session: ViewedTable, screen: SeatScreen, voice: Voice) -> str:
    if not session.rules.is_partnership or screen.viewer is None:
        return voice("table.leader_prompt_plain")
    return voice("table.leader_prompt", team=voice.team(team_of(screen.viewer)))


def _score(session: ViewedTable, screen: SeatScreen, voice: Voice) -> ScorePanel:
    title, rows, notes = score_panel_words(session.rules, session.match.state, voice)
    viewer = screen.seat
    mine = {viewer, team_of(viewer) if viewer and session.rules.is_partnership else None} - {None}
    return {"title": title, "notes": notes,
            "rows": [ScoreRow(key=key, label=label, value=value, detail=detail, mine=key in mine)
                     for key, label, value, detail in rows]}


def _cover(session: ViewedTable, screen: SeatScreen, voice: Voice) -> Cover | None:
    at_screen = screen.seat
    if not screen.covered or at_screen is None:
        return None
    name = session.names[at_screen]
    hint = "table.cover_hint_choosing" if session.phase is Phase.CHOOSE_LEADER else "table.cover_hint"
    return {"title": voice("table.pass_screen", who=name), "hint": voice(hint, who=name)}


def _result(session: ViewedTable, voice: Voice) -> ResultPanel:
    match = session.match
    index = len(match.hands) - 1
    hand = match.hands[index]
    assert hand.outcome is not None
    title, lines = explain_result(hand, match.state_before(index), match.state_after(index), voice, with_score=False)
    over = match.is_over
    return {"title": title, "lines": lines, "winners": list(hand.outcome.winning_seats),
            "button": voice("table.new_match") if over else voice("table.next_hand"),
            "match": match_winner_words(session.rules, match.state, voice) if over else None}


def static_html(session: ViewedTable, screen: SeatScreen) -> str:
    """The table as a picture, for notebook viewers with no widget: exactly what the browser shows."""
    from html import escape

    from ...words.svg import render_svg

    shown = screen_view(session, screen)
    voice = session.voice(screen)
    if shown is None:  # (a notebook's table deals at once: only a served one waits for seeds)
        return f'<div class="dominoes-table-static">{escape(voice("table.waiting_for_seeds"))}</div>'
    names = {s: seat_label(session, screen, s, voice) for s in session.rules.seats}
    status = escape(f"{rules_name(session.rules, voice)}: {status_line(session, screen, shown, voice)}")
    picture = render_svg(shown, names=names, lang=session.options.lang)
    return (f'<div class="dominoes-table-static">{picture}<div style="font-size:0.85em;opacity:0.8">{status}. '
            f'{escape(voice("picture.table_note"))}</div></div>')
