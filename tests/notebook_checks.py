"""What a notebook's outputs show, read back, so that a test can hold the notebooks to their prose.

A notebook saved after Run All keeps two records of every widget it displays: the static
picture that went into the output when its cell ran (``text/html``, an SVG whose
``aria-label`` says the rules, whose turn it is, the ends, how many tiles are on the table
and the last move; a Replay's caption says "Hand h of H, move s of S"), and the widget's
*final* state in the notebook's widget-state metadata. A widget changed by a later cell
shows the later position while the prose beside it talks about the earlier one; here the
two records must agree.

The prose states the position it talks about in a marker that readers do not see, an HTML
comment in the markdown cell right above the output::

    <!-- shows: turn=S ends=0|6 tiles=12 last="W 5-0 L" -->

Each marker of a markdown cell is checked, in order, against the next picture (an SVG, or
a widget's picture and state) in the code cells below it, before the next markdown cell.
Keys: ``turn`` (a seat, or ``none`` when the hand is over), ``ends`` (``a|b``, or ``none``
before the lead), ``tiles`` (on the table), ``pile`` (tiles in the draw pile), ``last``
(the last move as records write it, or ``none``), ``seen`` (the seat the picture is drawn
for), ``winner`` (a seat, a team or ``tie``), ``game`` (the rules' name in the picture),
``lang`` (``en``/``vi``), and for a Replay ``hand`` and ``step`` (its traits, counted from 0
as ``replay.go(hand, step)`` takes them).

Run as a script, this module executes notebooks and saves them with their outputs and the
state of the widgets they display::

    python tests/notebook_checks.py notebooks/02_straight_six_and_six_love.ipynb ...
"""

from __future__ import annotations

import html
import json
import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping

import nbformat

from dominoes_widget.words.catalog import LANGUAGES, catalog
from dominoes_widget.sessions.replay.wire import unpack_data
from dominoes_widget.sessions.replay.step_deltas import hand_steps
from pictures import inline_svgs

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
CELL_TIMEOUT = 300  # seconds for one cell: a simulating notebook must keep its workload small

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MARKER = re.compile(r"<!--\s*shows:(.*?)-->", re.S)
KEYS = ("game", "lang", "turn", "ends", "tiles", "pile", "last", "seen", "winner", "hand", "step")
# what a picture and the widget's saved state both say, and so must agree on
SHARED = ("turn", "ends", "tiles", "pile", "last", "hand", "step", "lang")


# ------------------------------------------------------------------------------ running notebooks
def kernel_env() -> dict[str, str]:
    """The kernel imports this checkout of ``dominoes_widget``, installed or not."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def execute(path: Path, *, smaller: Mapping[str, str] | None = None, **options: Any) -> nbformat.NotebookNode:
    """``path`` run top to bottom in a fresh python3 kernel (cwd notebooks/), widget state kept.

    ``smaller`` maps code to what runs instead (every cell runs, on smaller sizes); each
    must be found in the notebook, so a changed notebook fails here rather than run slowly.
    Raises ``nbclient.exceptions.CellExecutionError`` when a cell fails.
    """
    import nbclient

    notebook = nbformat.read(path, as_version=4)
    for old, new in (smaller or {}).items():
        cells = [cell for cell in notebook.cells if cell.cell_type == "code" and old in cell.source]
        assert cells, f"{path.name} no longer holds {old!r}: update its smaller sizes"
        for cell in cells:
            cell.source = cell.source.replace(old, new)
    client = nbclient.NotebookClient(notebook, kernel_name="python3", timeout=CELL_TIMEOUT,
                                     resources={"metadata": {"path": str(path.parent)}},
                                     store_widget_state=True, **options)
    client.execute(env=kernel_env())
    return notebook


def widget_states(notebook: Any) -> dict[str, dict[str, Any]] | None:
    """model id → the saved state of each widget model (``None``: saved without widget state)."""
    saved = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE)
    if saved is None:
        return None
    return {model: entry.get("state", {}) for model, entry in saved.get("state", {}).items()}


def keep_displayed_widgets(notebook: Any) -> None:
    """Drop from the saved widget state the models no output displays (and nothing displayed uses).

    A notebook keeps every widget it made; the ones only used for computing would add their
    whole state (a replay of ten hands carries every position) to the file for nothing.
    """
    saved = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE)
    if not saved:
        return
    models = saved.get("state", {})
    wanted = [output["data"][WIDGET_VIEW]["model_id"] for _cell, output in outputs(notebook)
              if WIDGET_VIEW in output.get("data", {})]
    keep: set[str] = set()
    while wanted:
        model = wanted.pop()
        if model in keep or model not in models:
            continue
        keep.add(model)
        wanted.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(models[model].get("state", {}))))
    saved["state"] = {model: entry for model, entry in models.items() if model in keep}


def save(path: Path) -> None:
    """Run ``path`` fresh and write it back with its outputs and its displayed widgets' state."""
    notebook = execute(path, record_timing=False)
    keep_displayed_widgets(notebook)
    nbformat.write(notebook, path)


# ------------------------------------------------------------------------------ reading pictures
def _pattern(template: str, **groups: str) -> re.Pattern[str]:
    """A catalog entry as a regular expression, each ``{name}`` a named group."""
    out, at = "", 0
    for slot in re.finditer(r"\{(\w+)\}", template):
        out += re.escape(template[at:slot.start()]) + f"(?P<{slot.group(1)}>{groups.get(slot.group(1), '.+?')})"
        at = slot.end()
    return re.compile("^" + out + re.escape(template[at:]) + "$", re.S)


@dataclass
class _Grammar:
    """The picture's sentences in one language, as patterns."""

    lang: str
    headings: list[tuple[str, re.Pattern[str]]] = field(default_factory=list)
    parts: dict[str, re.Pattern[str]] = field(default_factory=dict)
    caption: re.Pattern[str] | None = None
    seats: dict[str, str] = field(default_factory=dict)
    teams: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, lang: str) -> "_Grammar":
        def words(key: str) -> str:  # a catalog entry unfilled, English where the language lacks it
            section, _, name = key.partition(".")
            return str(catalog(lang).get(section, {}).get(name) or catalog("en")[section][name])

        grammar = cls(lang)
        for kind in ("turn_shown", "turn", "domino", "tie", "team", "seat", ""):
            key = f"picture.heading_{kind}" if kind else "picture.heading"
            grammar.headings.append((kind or "none", _pattern(words(key))))
        number = r"\d+"
        grammar.parts = {"ends": _pattern(words("picture.ends"), a=number, b=number),
                         "before_lead": _pattern(words("picture.before_lead")),
                         "tiles": _pattern(words("picture.on_table"), n=number),
                         "pile": _pattern(words("picture.pile"), n=number),
                         "last": _pattern(words("picture.last_move"), move=".+"),
                         "seen": _pattern(words("picture.seen_by"), who=".+")}
        caption = words("picture.replay_caption")
        grammar.caption = re.compile(_pattern(caption, hand=r".*?\d+", hands=number, step=number,
                                              moves=number, say=".*").pattern.rstrip("$"), re.S)
        grammar.seats = {words(f"seat.{seat}"): seat for seat in "NESW"}
        grammar.teams = {words(f"team.{team}"): team for team in ("NS", "EW")}
        return grammar


GRAMMARS = [_Grammar.of(lang) for lang in LANGUAGES]


def _seat(who: str, grammar: _Grammar, names: dict[str, str]) -> str:
    """The seat a picture calls ``who``: a player's name or label, or the seat's name."""
    for candidate in (who, re.sub(r"\s*\(.*\)$", "", who)):
        for table in (names, grammar.seats, {seat: seat for seat in "NESW"}):
            if candidate in table:
                return table[candidate]
    return f"?{who}"


def read_label(label: str, names: dict[str, str] | None = None) -> dict[str, str] | None:
    """The facts in a picture's ``aria-label`` ("heading. status"), or None if it reads as neither language."""
    names = names or {}
    for grammar in GRAMMARS:
        for split in [m.start() for m in re.finditer(re.escape(". "), label)]:
            facts = _read_status(label[split + 2:], grammar, names)
            heading = _read_heading(label[:split], grammar, names)
            if facts is not None and heading is not None:
                return {**heading, **facts, "lang": grammar.lang}
    return None


def _read_heading(text: str, grammar: _Grammar, names: dict[str, str]) -> dict[str, str] | None:
    for kind, pattern in grammar.headings:
        found = pattern.match(text)
        if not found:
            continue
        facts = {"game": found["game"], "turn": "none", "winner": "none"}
        if kind in ("turn", "turn_shown"):
            facts["turn"] = _seat(found["who"], grammar, names)
        elif kind in ("domino", "seat"):
            facts["winner"] = _seat(found["who"], grammar, names)
        elif kind == "team":
            facts["winner"] = grammar.teams.get(found["team"], f"?{found['team']}")
        elif kind == "tie":
            facts["winner"] = "tie"
        return facts
    return None


def _read_status(text: str, grammar: _Grammar, names: dict[str, str]) -> dict[str, str] | None:
    pieces = text.split(" · ")
    first = grammar.parts["ends"].match(pieces[0])
    if first:
        facts = {"ends": f"{first['a']}|{first['b']}"}
    elif grammar.parts["before_lead"].match(pieces[0]):
        facts = {"ends": "none"}
    else:
        return None
    facts.update(last="none", seen="none")
    for piece in pieces[1:]:
        for key in ("tiles", "pile", "last", "seen"):
            found = grammar.parts[key].match(piece)
            if found:
                value = found.groupdict()
                facts[key] = (value.get("n") or value.get("move") or _seat(value["who"], grammar, names))
                break
        else:
            return None
    return facts if "tiles" in facts else None


def read_picture(markup: str, names: dict[str, str] | None = None) -> dict[str, str] | None:
    """The facts of the first position picture in ``markup`` (SVG or HTML), with a Replay's caption."""
    markup = inline_svgs(markup)  # a picture in HTML is an image of the SVG
    label = re.search(r'<svg[^>]*\srole="img"[^>]*\saria-label="([^"]*)"', markup)
    if not label:
        return None
    facts = read_label(html.unescape(label.group(1)), names)
    if facts is None:
        return {"unreadable": html.unescape(label.group(1))}
    notation = re.search(r'<svg[^>]*\sdata-last-move="([^"]*)"', markup)
    if notation:  # the label says the last move in words; pictures saved before that say it in notation
        facts["last"] = html.unescape(notation.group(1))
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", markup)]
    grammar = next(g for g in GRAMMARS if g.lang == facts["lang"])
    for start in reversed(range(len(texts))):  # the caption is the last text: the shortest tail that reads as one
        found = grammar.caption.match(" ".join(texts[start:])) if grammar.caption else None
        if found:
            facts["hand"] = str(int(re.findall(r"\d+", found["hand"])[-1]) - 1)  # "Hand 3" is hand 2
            facts["step"] = found["step"]
            break
    return facts


# ------------------------------------------------------------------------------ reading widget state
def _placed(move: str) -> bool:
    return move.split()[1] not in ("pass", "draw")


def state_facts(state: dict[str, Any]) -> dict[str, str] | None:
    """What a saved Table (its ``view``) or Replay (``view``, ``hand``, ``step``) shows."""
    if "phase" in (state.get("view") or {}):  # a Table (a Replay's view has no phase, an Exercise's none)
        view = state["view"]
        shown = {"turn": view.get("turn"), "ends": view.get("ends"), "line": view.get("line", []),
                 "pile": view.get("pile"), "move": (view.get("moves") or [None])[-1]}
        facts: dict[str, str] = {"lang": view.get("lang", "en")}
    elif "step" in state and state.get("view"):  # a Replay of a good record
        data = unpack_data(state["view"])  # saved packed, as the widget syncs it
        try:
            shown = hand_steps(data["hands"][state["hand"]])[state["step"]]
        except (IndexError, KeyError, TypeError):
            return {"unreadable": f"hand {state.get('hand')} step {state.get('step')}"}
        facts = {"lang": data.get("lang", "en"), "hand": str(state["hand"]), "step": str(state["step"])}
    else:
        return None
    ends = shown.get("ends")
    facts.update(turn=shown.get("turn") or "none", ends=f"{ends[0]}|{ends[1]}" if ends else "none",
                 tiles=str(len(shown.get("line") or [])), last=shown.get("move") or "none")
    if shown.get("pile") is not None:
        facts["pile"] = str(shown["pile"])
    return facts


def player_names(state: dict[str, Any]) -> dict[str, str]:
    """name or label → seat, for reading the widget's own picture."""
    players = (state.get("view") or {}).get("players", {})
    names = {}
    for seat, player in players.items():
        for key in ("name", "label"):
            if player.get(key):
                names[player[key]] = seat
    return names


def advanced_by_bots(picture: dict[str, str], state: dict[str, Any]) -> bool:
    """A live Table whose bots moved on by themselves after the picture was taken.

    True when the picture is the position after the first moves of the saved hand and every
    later move was made by a bot seat: nothing the notebook did changed the widget.
    """
    view = state.get("view")
    if not view:
        return False
    moves = list(view.get("moves") or [])
    humans = {seat for seat, player in view.get("players", {}).items() if player.get("human")}
    for k in range(len(moves)):
        before, after = moves[:k], moves[k:]
        if (str(sum(map(_placed, before))) == picture.get("tiles")
                and (before[-1] if before else "none") == picture.get("last")
                and after[0].split()[0] == picture.get("turn")
                and all(move.split()[0] not in humans for move in after)):
            return True
    return False


# ------------------------------------------------------------------------------ the outputs
def outputs(notebook: Any) -> Iterator[tuple[int, Any]]:
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                yield index, output


@dataclass
class Shown:
    """One output that shows a position: a picture, a widget, or both."""

    cell: int
    picture: dict[str, str] | None  # what the output showed when its cell ran
    state: dict[str, str] | None  # what the widget's saved state shows (widgets only)
    model: str | None = None
    raw_state: dict[str, Any] | None = None

    def where(self) -> str:
        kind = f"widget {self.model[:8]}" if self.model else "picture"
        return f"cell {self.cell} ({kind})"


def shown_positions(notebook: Any) -> Iterator[Shown]:
    """Every output that shows a position, in order."""
    states = widget_states(notebook) or {}
    for index, output in outputs(notebook):
        data = output.get("data", {})
        if WIDGET_VIEW in data:
            model = data[WIDGET_VIEW].get("model_id")
            raw = states.get(model)
            facts = state_facts(raw) if raw is not None else None
            if raw is not None and facts is None:
                continue  # a widget that is not a Table or Replay
            picture = read_picture(data.get("text/html", ""), player_names(raw or {}))
            yield Shown(index, picture, facts, model, raw)
            continue
        for kind in ("image/svg+xml", "text/html"):
            markup = data.get(kind)
            if isinstance(markup, list):
                markup = "".join(markup)
            picture = read_picture(markup) if markup else None
            if picture is not None:
                yield Shown(index, picture, None)
                break


# ------------------------------------------------------------------------------ the checks
def displayed_widgets_unchanged(notebook: Any) -> list[str]:
    """Each displayed widget's saved state still shows what its picture showed when its cell ran."""
    problems = []
    states = widget_states(notebook)
    for index, output in outputs(notebook):
        data = output.get("data", {})
        if WIDGET_VIEW not in data:
            continue
        model = data[WIDGET_VIEW].get("model_id")
        if states is None or model not in states:
            problems.append(f"cell {index}: the widget {model} has no saved state")
    for shown in shown_positions(notebook):
        if shown.model is None or shown.state is None:
            continue
        if shown.picture is None:
            problems.append(f"{shown.where()}: the widget output has no static picture")
            continue
        if "unreadable" in shown.picture or "unreadable" in shown.state:
            problems.append(f"{shown.where()}: cannot read {shown.picture.get('unreadable') or shown.state}")
            continue
        differ = {key: (shown.picture.get(key), shown.state.get(key)) for key in SHARED
                  if key in shown.state and shown.picture.get(key) != shown.state[key]}
        if differ and not advanced_by_bots(shown.picture, shown.raw_state or {}):
            said = ", ".join(f"{key} {was} then, {now} now" for key, (was, now) in differ.items())
            problems.append(f"{shown.where()}: changed after it was displayed: {said}")
    return problems


def parse_marker(text: str) -> dict[str, str]:
    """``turn=S ends=0|6 last="W 5-0 L"`` → {"turn": "S", ...}; unknown keys raise ValueError."""
    claims = {}
    for word in shlex.split(text):
        key, sep, value = word.partition("=")
        if not sep or key not in KEYS:
            raise ValueError(f"marker word {word!r}: expected key=value with a key among {', '.join(KEYS)}")
        claims[key] = value
    if not claims:
        raise ValueError("an empty marker")
    return claims


def markers(notebook: Any) -> list[tuple[int, str]]:
    """(markdown cell index, marker text) of every marker, in order."""
    return [(index, found.group(1).strip()) for index, cell in enumerate(notebook.cells)
            if cell.cell_type == "markdown" for found in MARKER.finditer(cell.source)]


def prose_markers_hold(notebook: Any) -> list[str]:
    """Each marker's claims are true of the next position shown below it."""
    problems: list[str] = []
    by_cell: dict[int, list[Shown]] = {}
    for shown in shown_positions(notebook):
        by_cell.setdefault(shown.cell, []).append(shown)
    for cell, text in markers(notebook):
        try:
            parse_marker(text)
        except ValueError as error:
            problems.append(f"cell {cell}: {error}")
    pending: list[tuple[int, str]] = []

    def unmatched() -> None:
        for cell, text in pending:
            problems.append(f"cell {cell}: no picture or widget below for the marker {text!r}")
        pending.clear()

    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            unmatched()
            pending.extend((index, found.group(1).strip()) for found in MARKER.finditer(cell.source))
            continue
        for shown in by_cell.get(index, []):
            if not pending:
                break
            marked_at, text = pending.pop(0)
            try:
                claims = parse_marker(text)
            except ValueError:
                continue  # said above
            for source, facts in (("picture", shown.picture), ("widget state", shown.state)):
                if facts is None:
                    continue
                for key, value in claims.items():
                    if key in facts and facts[key] != value:
                        problems.append(f"cell {marked_at}: the prose says {key}={value}, the {source} in "
                                        f"{shown.where()} shows {key}={facts[key]}")
            known = set((shown.picture or {})) | set((shown.state or {}))
            missing = sorted(set(claims) - known)
            if missing:
                problems.append(f"cell {marked_at}: {shown.where()} does not say {', '.join(missing)}")
    unmatched()
    return problems


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(str(p) for p in NOTEBOOKS.glob("*.ipynb")):
        print("running", name, flush=True)
        save(Path(name).resolve())
