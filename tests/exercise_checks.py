"""The exercises a notebook shows, read back from its saved widget state and checked with the engine.

Each ``Exercise`` widget keeps its position as data (``spec``) beside what the page shows
(``exercise``). Here every one is made again from its spec: the engine gives its answer, which
must be among the choices the page offered; the right answer checks as right, and a wrong one
as wrong, with a reason code from the engine's vocabulary and a sentence saying why.
"""

from __future__ import annotations

from typing import Any, Iterator

from dominoes_widget.engine.errors import Reason
from dominoes_widget.engine.masks import WinReason
from dominoes_widget.engine.match import ScoreEvent
from dominoes_widget.sessions.exercise import ExerciseSession

from notebook_checks import WIDGET_VIEW, outputs, widget_states

VOCABULARY = {r.value for r in Reason} | {w.value for w in WinReason} | {e.value for e in ScoreEvent}
"""Every reason code the engine gives: a refusal's, a blocked hand's, a scoring event's."""


def displayed_exercises(notebook: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    """(cell index, saved state) of each Exercise widget an output displays."""
    states = widget_states(notebook) or {}
    for index, output in outputs(notebook):
        model = output.get("data", {}).get(WIDGET_VIEW, {}).get("model_id")
        state = states.get(model) if model else None
        if state is not None and "view" in state and "spec" in state:
            yield index, state


def wrong_answer(session: ExerciseSession) -> Any:
    """An answer the engine says is wrong: a held tile that may not be played (else one left out),
    another choice, one point more, the other of yes and no."""
    kind, answer = session.kind, session.answer
    if kind.name == "playable":
        held = [str(t) for t in kind.hand.held(kind.seat) if t not in answer]
        return held[:1] if held else [str(t) for t in sorted(answer)][1:]
    if kind.name == "blocked":
        return next(o["value"] for o in session.view()["choices"]["options"] if o["value"] != answer)
    if kind.name == "worth":
        return answer + 1
    return not answer


def exercise_problems(notebook: Any, least: int = 2) -> list[str]:
    """What is wrong with the exercises ``notebook`` shows (at least ``least`` of them)."""
    problems = []
    found = list(displayed_exercises(notebook))
    if len(found) < least:
        problems.append(f"{len(found)} exercise(s) shown, expected at least {least}")
    for cell, state in found:
        where = f"cell {cell} ({state['spec'].get('kind')})"
        session = ExerciseSession.from_spec(state["spec"])
        shown = state["view"]
        if shown.get("question") != session.question() or shown.get("choices") != session.view()["choices"]:
            problems.append(f"{where}: the page shows another question than the engine's position asks")
        offered = shown.get("choices", {})
        wire = session.kind.wire(session.answer)
        if offered.get("type") == "tiles" and not set(wire) <= set(offered.get("tiles", [])):
            problems.append(f"{where}: the answer {wire} is not among the tiles offered")
        if offered.get("type") == "options" and wire not in [o["value"] for o in offered.get("options", [])]:
            problems.append(f"{where}: the answer {wire!r} is not among the choices offered")
        right = session.check(session.answer)
        if not right.right or not right.why.strip():
            problems.append(f"{where}: the engine's own answer {wire!r} does not check as right, with why")
        wrong = session.check(wrong_answer(session))
        if wrong.right or wrong.reason not in VOCABULARY or not wrong.why.strip():
            problems.append(f"{where}: a wrong answer says right={wrong.right}, reason {wrong.reason!r}, why "
                            f"{wrong.why!r}")
    return problems
