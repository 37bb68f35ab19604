"""Every rule fact is computed once, by the engine, and only shown elsewhere (issue 9).

On random positions of every game, the pictures, the widgets' views, the replay's data and
the sentences of ``explain`` must show exactly the engine's facts: each seat's counted
pips (0-0 = 13 where it applies), the seats on the lowest count and why the hand was won,
what the next hand is worth and who leads it. And the sources hold each rule once.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dominoes_widget import Hand, Match, Rules, explain, seat_view
from dominoes_widget.words.catalog import Voice, catalog
from dominoes_widget.engine.errors import Reason
from dominoes_widget.words.explanations import explain_result, leader_words, score_panel_words
from dominoes_widget.engine.hand import WinReason
from dominoes_widget.engine.record import write_record
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.sessions.table.session import TableSession, table_options
from dominoes_widget.words.svg import render_svg
from dominoes_widget.sessions.replay.step_deltas import hand_steps

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "six_love": Rules.six_love(),
    "straight_six_team_total": Rules.straight_six(blocked_rule="lowest_team_total"),
    "vietnamese2": Rules.vietnamese(2),
    "vietnamese3_fewest": Rules.vietnamese(3, tie_rule="fewest_tiles"),
    "vietnamese4_wild": Rules.vietnamese(4, blank_rule="wild"),
}


def finished_matches(rules: Rules, count: int, seed: int) -> list[Match]:
    rng = random.Random(seed)
    matches = []
    for _ in range(count):
        match = Match(rules, seed=rng.randrange(2**32))
        for _ in range(4):
            if match.is_over:
                break
            hand = match.deal()
            while not hand.is_over:
                match.push_unchecked(rng.choice(hand.legal_move_list()))
        matches.append(match)
    return matches


@pytest.mark.parametrize("name", sorted(GAMES))
def test_pictures_views_replays_and_sentences_show_the_engines_pips(name):
    rules = GAMES[name]
    voice = Voice()
    for match in finished_matches(rules, 6, seed=len(name)):
        data = ReplaySession(write_record(match)).view()
        for index, hand in enumerate(match.hands):
            outcome = hand.outcome
            engine_pips = {s: hand.pips(s) for s in hand.seats}
            assert outcome.pips == engine_pips
            # the picture's labels
            svg = render_svg(hand)
            for seat in hand.seats:
                if hand.count(seat):
                    assert re.search(rf"{voice.name(seat)}(: [0-9]+ tiles?,)? \(?{engine_pips[seat]} pips", svg), \
                        (seat, engine_pips[seat])
            # the replay's last step and the explanation's pip line
            last = hand_steps(data["hands"][index])[-1]
            assert last["pips"] == engine_pips
            title, lines = explain_result(hand, match.state_before(index), match.state_after(index), voice)
            if outcome.termination.value == "blocked":
                assert all(f"{voice.name(s)} {engine_pips[s]}" in lines[1] for s in hand.seats)
                assert all(voice.name(s) in " ".join(lines) for s in outcome.lowest)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_table_view_shows_the_engines_facts_at_every_step(name):
    rules = GAMES[name]
    rng = random.Random(7)
    for seed in range(4):
        options = {"seed": seed, "bots": "random", "bot_delay": 0, "open_hands": True,
                   "seats": {s: "human" for s in rules.seats}, "rules": rules}
        session = TableSession(table_options(rules.game, options))
        for _ in range(80):
            if session.hand is None or session.hand.is_over:
                break
            hand = session.hand
            view = session.view()
            assert view["pips"] == {s: hand.pips(s) for s in hand.seats}
            assert view["passed"] == list(hand.passed()) and view["last"] == hand.last_placed
            assert view["line"] == [list(p) for p in hand.line]
            session.handle({"type": "move", "move": str(rng.choice(hand.legal_move_list()))})
        if session.hand is not None and session.hand.is_over:
            view = session.view()
            assert view["result"]["winners"] == list(session.hand.outcome.winning_seats)


def test_score_panels_and_leader_words_show_the_engines_state():
    voice = Voice()
    for start in ({"score": {"NS": 0, "EW": 0}, "ties": 2}, {"score": {"NS": 3, "EW": 0}, "ties": 1},
                  {"score": {"NS": 1, "EW": 0}}):
        state = Match(Rules.six_love(), start).state
        _title, _rows, notes = score_panel_words(Rules.six_love(), state, voice)
        assert f"Next hand is worth {voice.words.count('point', state.worth)}." in notes
        assert leader_words(state.next_leader, voice) in explain(Match(Rules.six_love(), start))


def test_why_a_hand_was_won_is_the_engines_word():
    """The explanation picks its sentence from ``Outcome.why``: one per reason, never from pips again."""
    seen = set()
    for name, rules in GAMES.items():
        for match in finished_matches(rules, 10, seed=3):
            for index, hand in enumerate(match.hands):
                seen.add(hand.outcome.why)
                title, _lines = explain_result(hand)
                assert title
    assert {WinReason.DOMINO, WinReason.SINGLE_LOWEST} <= seen


def test_each_rule_is_written_once_in_the_sources():
    """0-0 = 13, the worth of a hand and the lowest seats each live in one place; no JS holds a rule."""
    python = {path: path.read_text() for path in (ROOT / "dominoes_widget").rglob("*.py")}
    code = {path: "\n".join(line.split("#")[0] for line in text.splitlines() if not line.strip().startswith(('"', "'")))
            for path, text in python.items()}
    thirteen = [path.name for path, text in code.items() if re.search(r"\b13\b", text)]
    assert thirteen == ["rules.py"], thirteen
    counted = [path.name for path, text in code.items() for _ in re.finditer(r"if \w+ & 1 else", text)]
    assert counted == ["masks.py"], f"the 0-0's count is added in more than one place: {counted}"
    worth = [path.name for path, text in code.items() if re.search(r"1 \+ (self|state)\.ties", text)]
    assert worth == ["match.py"], worth
    lowest = [path.name for path, text in code.items() if re.search(r"min\((pips|counts)(\.values\(\))?\)", text)]
    assert lowest == ["masks.py"], lowest
    other_team = [path.name for path, text in code.items() for _ in re.finditer(r'"EW" if \w+ == "NS"', text)]
    assert other_team == ["rules.py"], f"the other team is worked out in more than one place: {other_team}"
    js = "\n".join(path.read_text() for path in (ROOT / "js").rglob("*.*js") if ".test." not in path.name)
    js = re.sub(r'd="[^"]*"|"M[\d .LHVZ-]+"|<rect[^>]*>', "", js)  # icons are drawings, not numbers of the game
    for rule in (r"\b13\b", r"\bworth\b", r"\bties\b", r"pips\s*\+", r"\.pips\s*="):
        assert not re.search(rule, js), f"the front end computes {rule}"


def test_every_reason_code_has_its_rule_in_words_once():
    rules = catalog("en")["rule"]
    assert set(rules) <= {str(r) for r in Reason}
    for reason in Reason:
        if reason.kind in ("move", "table"):
            assert str(reason) in rules, f"{reason} has no rule in words"


def test_the_front_end_files_the_python_names_exist():
    """A comment that says "the same as js/x.mjs" points to a file that is there (one moved once)."""
    named = {(path.name, match.group(0)) for path in (ROOT / "dominoes_widget").rglob("*.py")
             for match in re.finditer(r"\bjs/[\w/]+\.(?:mjs|js|css)\b", path.read_text())}
    assert named, "the svg module names the front end's tile and palette modules"
    assert not [(source, target) for source, target in named if not (ROOT / target).is_file()]
