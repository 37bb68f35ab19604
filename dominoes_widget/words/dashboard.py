"""The learner's dashboard as pictures: the rating over time, accuracy by theme and by game,
what is due for review, the best streak; each an SVG with its words from the catalogs.

:func:`dashboard_view` is what the ``Dashboard`` widget's one trait holds (and what
:func:`dashboard_html` puts in a page with no widget). The pictures' colours are CSS
variables of the kit's theme (``js/dashboard.css``), so they read in light and dark themes;
every text in them is escaped.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, Literal, Sequence, TypedDict
from xml.sax.saxutils import escape

from .catalog import Voice, check_language

if TYPE_CHECKING:
    from ..studies.learner import Learner

__all__ = ["dashboard_view", "dashboard_html", "DashboardView", "DashboardCard"]


class DashboardCard(TypedDict):
    """One picture of the dashboard: its title and its SVG text."""

    key: Literal["rating", "theme", "game", "due", "streak"]
    title: str
    svg: str


class DashboardView(TypedDict):
    """The ``Dashboard`` widget's ``view`` (js/PROTOCOL.md, "The learner's dashboard")."""

    lang: str
    title: str
    rating: str
    """The rating and its range, in words."""
    due: str
    """How many reviews are due now, in words."""
    cards: list[DashboardCard]

WIDTH = 380
BAR_ROW = 40


def _text(x: float, y: float, text: str, cls: str = "dw-dash-label", anchor: str = "start") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" class="{cls}" text-anchor="{anchor}">{escape(text)}</text>'


def _svg(height: int, body: Sequence[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
            f'aria-label="{escape(label, {chr(34): "&quot;"})}" class="dw-dash-svg">{"".join(body)}</svg>')


def rating_picture(history: Sequence[tuple[datetime, float, float]], voice: Voice) -> str:
    """The rating after each rated try, with its 95% band (± twice the deviation)."""
    title = voice("learner.rating_title")
    if not history:
        return _svg(60, [_text(WIDTH / 2, 36, voice("learner.rating_none"), "dw-dash-muted", "middle")], title)
    height, left, right, top, bottom = 200, 42, 10, 12, 30
    points = [(0, 1500.0, 350.0)] + [(n + 1, r, rd) for n, (_, r, rd) in enumerate(history)]
    low = min(r - 2 * rd for _, r, rd in points)
    high = max(r + 2 * rd for _, r, rd in points)
    low, high = 100 * (low // 100), 100 * (high // 100 + 1)
    span_x = max(1, len(points) - 1)

    def x(n: float) -> float:
        return left + (WIDTH - left - right) * n / span_x

    def y(r: float) -> float:
        return top + (height - top - bottom) * (high - r) / (high - low)

    body = []
    step = 100 if high - low <= 800 else 200 if high - low <= 1600 else 500
    for tick in range(int(-(-low // step) * step), int(high) + 1, step):
        body.append(f'<line x1="{left}" x2="{WIDTH - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" class="dw-dash-grid"/>')
        body.append(_text(left - 6, y(tick) + 4, str(tick), "dw-dash-axis", "end"))
    band = [f"{x(n):.1f},{y(r + 2 * rd):.1f}" for n, r, rd in points] + \
        [f"{x(n):.1f},{y(r - 2 * rd):.1f}" for n, r, rd in reversed(points)]
    body.append(f'<polygon points="{" ".join(band)}" class="dw-dash-band"/>')
    line = " ".join(f"{x(n):.1f},{y(r):.1f}" for n, r, _ in points)
    body.append(f'<polyline points="{line}" class="dw-dash-line"/>')
    last_n, last_r, _ = points[-1]
    body.append(f'<circle cx="{x(last_n):.1f}" cy="{y(last_r):.1f}" r="4.5" class="dw-dash-dot"/>')
    body.append(_text(x(last_n) - 8, y(last_r) - 9, f"{last_r:.0f}", "dw-dash-value", "end"))
    body.append(_text(WIDTH - right, height - 8, voice("learner.rating_axis", n=len(history)), "dw-dash-axis", "end"))
    return _svg(height, body, title)


def bars_picture(rows: Sequence[tuple[str, int, int]], voice: Voice, title: str) -> str:
    """One bar per row ``(label, right, tries)``: the share solved at the first try."""
    if not rows:
        return _svg(60, [_text(WIDTH / 2, 36, voice("learner.accuracy_none"), "dw-dash-muted", "middle")], title)
    body = []
    for n, (label, right, tries) in enumerate(rows):
        top = 4 + n * BAR_ROW
        share = right / tries if tries else 0
        value = f"{round(100 * share)}%  ({voice('learner.solved_of', right=right, n=tries)})"
        body.append(_text(0, top + 14, _cut(label, WIDTH - 8 * len(value) - 8), "dw-dash-label"))
        body.append(_text(WIDTH, top + 14, value, "dw-dash-value", "end"))
        body.append(f'<rect x="0" y="{top + 20}" width="{WIDTH}" height="12" rx="4" class="dw-dash-track"/>')
        if share:
            body.append(f'<rect x="0" y="{top + 20}" width="{WIDTH * share:.1f}" height="12" rx="4" class="dw-dash-bar"/>')
    return _svg(8 + len(rows) * BAR_ROW, body, title)


def _cut(text: str, width: int) -> str:
    most = max(8, width // 7)
    return text if len(text) <= most else text[:most - 1] + "…"


def due_picture(reviews: Sequence[Any], now: datetime, voice: Voice) -> str:
    """What comes back when: now, later today, this week, later; puzzles and own mistakes."""
    buckets = [("due_now", timedelta(0)), ("due_today", timedelta(days=1)), ("due_week", timedelta(days=7)),
               ("due_later", None)]
    counts = [[0, 0] for _ in buckets]
    for review in reviews:
        wait = review.due - now
        at = next(n for n, (_, limit) in enumerate(buckets) if limit is None or wait <= limit)
        counts[at][review.kind == "mistake"] += 1
    height, base, column = 170, 122, WIDTH / len(buckets)
    most = max([sum(c) for c in counts] + [1])
    body = []
    for n, ((key, _), (puzzles, mistakes)) in enumerate(zip(buckets, counts)):
        cx = column * n + column / 2
        y: float = base
        for count, cls in ((puzzles, "dw-dash-bar"), (mistakes, "dw-dash-bar2")):
            tall = 90 * count / most
            if count:
                body.append(f'<rect x="{cx - 22:.1f}" y="{y - tall:.1f}" width="44" height="{tall:.1f}" rx="3" class="{cls}"/>')
            y -= tall
        body.append(_text(cx, y - 6, str(puzzles + mistakes), "dw-dash-value", "middle"))
        body.append(_text(cx, base + 20, voice(f"learner.{key}"), "dw-dash-label", "middle"))
    body.append(f'<rect x="0" y="{height - 16}" width="12" height="12" rx="2" class="dw-dash-bar"/>')
    body.append(_text(18, height - 6, voice("learner.due_puzzles"), "dw-dash-axis"))
    body.append(f'<rect x="{WIDTH / 2:.0f}" y="{height - 16}" width="12" height="12" rx="2" class="dw-dash-bar2"/>')
    body.append(_text(WIDTH / 2 + 18, height - 6, voice("learner.due_mistakes"), "dw-dash-axis"))
    return _svg(height, body, voice("learner.due_title"))


def streak_picture(best: int, runs: int, voice: Voice) -> str:
    """The best streak as a big number in a ring, with how many runs there were."""
    body = [f'<circle cx="{WIDTH / 2}" cy="50" r="42" class="dw-dash-ring"/>',
            _text(WIDTH / 2, 65, str(best), "dw-dash-big", "middle"),
            _text(WIDTH / 2, 116, voice("learner.streak_runs", n=runs), "dw-dash-axis", "middle")]
    return _svg(124, body, voice("learner.streak_title"))


def _game_label(game: str, voice: Voice) -> str:
    if game.startswith("vietnamese") and game[-1:].isdigit():
        return voice("game.vietnamese", n=int(game[-1]))
    key = f"game.{game}"
    return voice(key) if voice.words.has(key) else game


def _theme_label(theme: str, voice: Voice) -> str:
    key = f"puzzles.theme_{theme}"
    return voice(key) if voice.words.has(key) else theme


def dashboard_view(learner: "Learner", lang: str = "en", now: datetime | None = None) -> DashboardView:
    """The dashboard's words and pictures for ``learner`` at ``now`` (default: now)."""
    voice = Voice(check_language(lang))
    when = now or datetime.now(timezone.utc)
    rating = learner.rating
    themes = [(_theme_label(k, voice), r, n) for k, (r, n) in learner.accuracy("theme").items()]
    games = [(_game_label(k, voice), r, n) for k, (r, n) in learner.accuracy("game").items()]
    reviews = learner.reviews()
    due = sum(1 for r in reviews if r.due <= when)
    theme_title, game_title = voice("learner.theme_title"), voice("learner.game_title")
    cards: list[DashboardCard] = [
        {"key": "rating", "title": voice("learner.rating_title"), "svg": rating_picture(learner.history, voice)},
        {"key": "theme", "title": theme_title, "svg": bars_picture(themes, voice, theme_title)},
        {"key": "game", "title": game_title, "svg": bars_picture(games, voice, game_title)},
        {"key": "due", "title": voice("learner.due_title"), "svg": due_picture(reviews, when, voice)},
        {"key": "streak", "title": voice("learner.streak_title"),
         "svg": streak_picture(learner.best_streak, learner.runs, voice)},
    ]
    return {"lang": voice.lang, "title": voice("learner.dashboard"),
            "rating": voice("learner.rating", rating=round(rating.rating), range=round(2 * rating.deviation)),
            "due": voice("learner.due_now") + f": {due}", "cards": cards}


def dashboard_html(view: DashboardView) -> str:
    """The dashboard as plain HTML (the widget's picture where no widget runs)."""
    cards = "".join(f'<section class="dw-dash-card"><h4>{escape(c["title"])}</h4>{c["svg"]}</section>'
                    for c in view["cards"])
    return (f'<div class="dominoes-widget dw-dashboard" lang="{escape(view["lang"])}"><h3>{escape(view["title"])}</h3>'
            f'<p>{escape(view["rating"])} · {escape(view["due"])}</p><div class="dw-dash-cards">{cards}</div></div>')
