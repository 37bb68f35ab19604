"""simulate(): rows and summaries, seeds and workers, executors (threads, Dask), interruption, CLI."""

from __future__ import annotations

import concurrent.futures as cf
import csv
import subprocess
import sys
from pathlib import Path

import pytest

import dominoes_widget
from dominoes_widget import Rules
from dominoes_widget.__main__ import main
from dominoes_widget.studies.simulation import SimulationResults, simulate, wilson_interval

ROOT = Path(__file__).resolve().parents[1]
QUICK = {"progress": False}


def test_rows_and_summaries():
    results = simulate("six_love", ["greedy", "random"], hands=60, seed=5, workers=1, **QUICK)
    assert isinstance(results, SimulationResults) and len(results) == 60 and not results.interrupted
    row = results.rows[0]
    assert set(results.columns) <= set(row)
    assert [r["hand"] for r in results] == list(range(60))
    for r in results:
        assert (r["player_N"], r["player_S"], r["player_E"], r["player_W"]) == ("greedy", "greedy", "random", "random")
        assert r["end"] in ("domino", "blocked")
        assert r["leader"] in "NESW" and r["leader_team"] in ("NS", "EW")
        assert r["tie"] == (r["winner"] is None)
        assert r["winner"] in (None, "greedy", "random")
        assert r["moves"] >= 7 and r["pips_N"] >= 0
    rates = {w["player"]: w for w in results.win_rates()}
    assert rates["greedy"]["wins"] == rates["random"]["losses"]
    assert rates["greedy"]["wins"] + rates["greedy"]["losses"] + rates["greedy"]["ties"] == 60
    for w in rates.values():
        assert w["ci_low"] <= w["win_rate"] <= w["ci_high"]
    lead = results.leader_advantage()
    assert lead["trials"] == 60 - rates["greedy"]["ties"] and lead["even"] == 0.5
    block = results.block_rate()
    assert block["successes"] == sum(r["end"] == "blocked" for r in results)
    summary = results.summary()
    assert summary["hands"] == 60 and {"win_rates", "points", "leader_advantage", "blocked"} <= set(summary)


def test_the_package_exposes_simulate_lazily():
    results = dominoes_widget.simulate("six_love", "greedy", hands=4, workers=1, **QUICK)
    assert results.entrants() == ["greedy (NS)", "greedy (EW)"]
    from dominoes_widget import simulate as again

    assert len(again("six_love", "greedy", hands=2, workers=1, **QUICK)) == 2


@pytest.mark.parametrize("players, expected", [
    ({"N": "strong", "S": "strong", "E": "greedy", "W": "greedy"}, ["strong", "greedy"]),
    ({"NS": "random", "EW": "greedy"}, ["random", "greedy"]),
    ("greedy,random", ["greedy", "random"]),
    ({"N": "strong", "S": "greedy", "E": "random", "W": "random"}, ["strong+greedy", "random"]),
])
def test_players_forms(players, expected):
    results = simulate("six_love", players, hands=2, workers=1, bot_options={"strong": {"rollouts": 10}}, **QUICK)
    assert results.entrants() == expected


def test_vietnamese_players_and_duplicate_seatings():
    results = simulate(Rules.vietnamese(3), ["greedy", "random", "greedy"], hands=9, seed=2, workers=1,
                       duplicate=True, **QUICK)
    assert results.entrants() == ["greedy (S)", "random", "greedy (N)"]
    assert len(results) == 9 and [r["seating"] for r in results] == [0, 1, 2] * 3
    first = results.rows[:3]
    assert len({r["deal"] for r in first}) == 1
    assert {r["player_S"] for r in first} == {"greedy (S)", "random", "greedy (N)"}  # everyone sits S once
    assert results.leader_advantage()["even"] == pytest.approx(1 / 3)


def test_duplicate_partnership_swaps_the_teams():
    results = simulate("six_love", ["strong", "greedy"], hands=5, seed=1, workers=1, duplicate=True,
                       bot_options={"strong": {"rollouts": 10}}, **QUICK)
    assert len(results) == 6  # rounded up to whole deals
    for a, b in zip(results.rows[::2], results.rows[1::2]):
        assert a["deal"] == b["deal"] and (a["seating"], b["seating"]) == (0, 1)
        assert a["player_N"] == b["player_E"] == "strong" and a["player_E"] == b["player_N"] == "greedy"
        assert a["leader"] == b["leader"]  # the same deal: the 6-6 is in the same seat


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("six_love", ["greedy", "clever"], hands=1, workers=1, **QUICK)
    with pytest.raises(ValueError, match="needs 2"):
        simulate("six_love", ["greedy", "random", "greedy"], hands=1, workers=1, **QUICK)
    with pytest.raises(ValueError, match="no match target"):
        simulate("vietnamese3", "greedy", hands=1, matches=True, workers=1, **QUICK)
    for workers in (0, True, 2.0):
        with pytest.raises(ValueError, match="workers must be a whole number"):
            simulate("six_love", "greedy", hands=1, workers=workers, **QUICK)
    with pytest.raises(TypeError):
        simulate("six_love", ["strong", "greedy"], hands=1, workers=1, bot_options={"strong": {"budget": 2}}, **QUICK)


@pytest.mark.slow  # processes or many matches
def test_same_seed_same_results_whatever_the_workers():
    kwargs = dict(hands=40, seed=11, duplicate=True, bot_options={"strong": {"rollouts": 20}}, **QUICK)
    one = simulate("six_love", ["strong", "random"], workers=1, **kwargs)
    two = simulate("six_love", ["strong", "random"], workers=2, chunk_size=3, **kwargs)
    assert one.rows == two.rows and one == two
    other = simulate("six_love", ["strong", "random"], hands=40, seed=12, workers=1, duplicate=True,
                     bot_options={"strong": {"rollouts": 20}}, **QUICK)
    assert other.rows != one.rows


@pytest.mark.slow  # processes or many matches
def test_matches_are_scored_to_the_target():
    results = simulate(Rules.straight_six(target=3), ["greedy", "random"], hands=6, seed=4, matches=True,
                       workers=2, **QUICK)
    finals = [r for r in results if r.get("match_over")]
    assert results.units_done == 6 and len(finals) == 6
    for r in finals:
        assert r["match_winner"] in ("greedy", "random")
        assert max(r["score_NS"], r["score_EW"]) == 3
    matches = {m["player"]: m for m in results.match_results()}
    assert matches["greedy"]["won"] + matches["random"]["won"] == 6
    assert "matches" in repr(results)
    assert results == simulate(Rules.straight_six(target=3), ["greedy", "random"], hands=6, seed=4, matches=True,
                               workers=1, **QUICK)


@pytest.mark.slow  # processes or many matches
def test_six_love_and_vietnamese_matches():
    six = simulate("six_love", ["strong", "greedy"], hands=2, seed=4, matches=True, workers=1,
                   bot_options={"strong": {"rollouts": 8}}, **QUICK)
    assert all(r["match_winner"] for r in six if r.get("match_over"))
    viet = simulate(Rules.vietnamese(3, target=2), "greedy", hands=3, seed=4, matches=True, workers=1, **QUICK)
    finals = [r for r in viet if r.get("match_over")]
    assert len(finals) == 3
    for r in finals:
        assert max(r["score_S"], r["score_E"], r["score_N"]) == 2


def test_thread_pool_executor():
    expected = simulate("vietnamese2", ["greedy", "random"], hands=30, seed=8, workers=1, **QUICK)
    with cf.ThreadPoolExecutor(max_workers=3) as pool:
        got = simulate("vietnamese2", ["greedy", "random"], hands=30, seed=8, executor=pool, chunk_size=4, **QUICK)
    assert got == expected and got.workers == "ThreadPoolExecutor"


@pytest.mark.slow  # processes or many matches
def test_dask_cluster_executor():
    distributed = pytest.importorskip(
        "distributed", reason="distributed is not installed (pip install dominoes_widget[dask])")
    expected = simulate("six_love", ["greedy", "random"], hands=40, seed=9, workers=1, **QUICK)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        got = simulate("six_love", ["greedy", "random"], hands=40, seed=9, executor=client.get_executor(),
                       chunk_size=7, **QUICK)
    assert got == expected


def _interrupt_after(count):
    def callback(done, total):
        if done >= count:
            raise KeyboardInterrupt
    return callback


def test_interrupt_keeps_the_finished_hands():
    full = simulate("six_love", ["greedy", "random"], hands=30, seed=3, workers=1, **QUICK)
    part = simulate("six_love", ["greedy", "random"], hands=30, seed=3, workers=1, callback=_interrupt_after(12),
                    **QUICK)
    assert part.interrupted and len(part) == 12 and part.units_done == 12
    assert part.rows == full.rows[:12]
    assert "interrupted after 12 of 30" in repr(part)


def test_interrupt_with_worker_processes():
    full = simulate("six_love", ["greedy", "random"], hands=200, seed=3, workers=1, **QUICK)
    part = simulate("six_love", ["greedy", "random"], hands=200, seed=3, workers=2, chunk_size=10,
                    callback=_interrupt_after(1), **QUICK)
    assert part.interrupted and 10 <= len(part) < 200
    by_deal = {r["deal"]: r for r in full}
    for r in part:  # the finished hands are exactly those of the full run
        assert dict(r, hand=None) == dict(by_deal[r["deal"]], hand=None)


def test_progress_line_without_tqdm(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # as if tqdm were not installed
    simulate("six_love", "greedy", hands=10, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "simulate [" in err and "10/10 hands" in err


def test_progress_bar_with_tqdm(capsys):
    pytest.importorskip("tqdm")
    simulate("six_love", "greedy", hands=10, workers=1, progress=True)
    assert "10/10" in capsys.readouterr().err


def test_to_pandas_and_csv(tmp_path):
    results = simulate("vietnamese3", ["greedy", "random", "strong"], hands=6, seed=1, workers=1,
                       bot_options={"strong": {"rollouts": 10}}, **QUICK)
    path = tmp_path / "hands.csv"
    results.to_csv(path)
    with open(path, newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 6 and rows[0]["player_S"] == "greedy" and rows[0]["player_W"] == ""
    pd = pytest.importorskip("pandas")
    frame = results.to_pandas()
    assert isinstance(frame, pd.DataFrame) and frame.shape == (6, len(results.columns))
    assert list(frame["hand"]) == list(range(6))


def test_to_pandas_says_how_to_install_pandas(monkeypatch):
    results = simulate("six_love", "greedy", hands=2, workers=1, **QUICK)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        results.to_pandas()


def test_reprs():
    results = simulate("six_love", ["strong", "greedy"], hands=4, seed=2, workers=1,
                       bot_options={"strong": {"rollouts": 10}}, **QUICK)
    text = repr(results)
    assert "Six Love: 4 hands" in text and "95% CI" in text and "leading team wins" in text
    assert "strong" in text and "greedy" in text
    html = results._repr_html_()
    assert html.startswith("<div") and "<table>" in html and "leading team wins" in html
    empty = simulate("six_love", "greedy", hands=0, workers=1, **QUICK)
    assert len(empty) == 0 and "no hands" in repr(empty)


def test_wilson_interval():
    low, high = wilson_interval(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-3) and high == pytest.approx(0.6906, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_cli_prints_a_summary_and_writes_csv(tmp_path, capsys):
    path = tmp_path / "out.csv"
    code = main(["simulate", "--game", "vietnamese2", "--players", "greedy,random", "--hands", "12", "--seed", "2",
                 "--workers", "1", "--rule", "blank_rule=wild", "--csv", str(path), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Vietnamese, 2 players: 12 hands, seed 2" in out and "leading seat wins" in out
    assert path.exists() and len(path.read_text().splitlines()) == 13


def test_cli_refuses_bad_input(capsys):
    assert main(["simulate", "--players", "greedy,nobody", "--hands", "2", "--workers", "1", "--no-progress"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["simulate", "--rule", "sporting", "--hands", "2", "--workers", "1", "--no-progress"]) == 2


@pytest.mark.slow  # processes or many matches
def test_cli_as_a_module(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "dominoes_widget", "simulate", "--players", "strong,greedy", "--hands", "4",
         "--workers", "2", "--duplicate", "--matches", "--game", "straight_six", "--rule", "target=2",
         "--bot-option", "strong.rollouts=8", "--no-progress"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Straight Six: 4 matches" in done.stdout and "duplicate" in done.stdout


def test_cli_refuses_an_unwritable_csv_before_simulating(tmp_path, capsys):
    from dominoes_widget.__main__ import main

    code = main(["simulate", "--hands", "4", "--no-progress", "--workers", "1",
                 "--csv", str(tmp_path / "missing" / "x.csv")])
    assert code == 2
    assert "cannot write" in capsys.readouterr().err


def test_cli_names_a_bad_bot_option(capsys):
    from dominoes_widget.__main__ import main

    code = main(["simulate", "--hands", "4", "--no-progress", "--workers", "1", "--players", "strong,greedy",
                 "--bot-option", "strong.rollouts=abc"])
    assert code == 2
    assert "--bot-option for strong" in capsys.readouterr().err


def test_seed_must_be_a_whole_number():
    with pytest.raises(ValueError, match="seed"):
        simulate("six_love", ["greedy", "random"], 4, seed="x", progress=False)


@pytest.mark.parametrize("seed", ["x", 1.5, float("nan"), True])
def test_every_seed_argument_refuses_what_is_not_a_seed_by_name(seed):
    """bots, analysis, simulation and the table each refuse a seed that is not a whole number."""
    from dominoes_widget import Hand, Match, analyse
    from dominoes_widget.studies.bots import make_bot
    from dominoes_widget.widgets.table import Table

    calls = [lambda: simulate("six_love", ["greedy", "random"], 4, seed=seed, progress=False),
             lambda: Table(seed=seed), lambda: make_bot("greedy", seed), lambda: Hand.dealt(seed=seed),
             lambda: Match(seed=seed),
             lambda: analyse(Path(__file__).parent / "data" / "records" / "six_love_match.json", seed=seed,
                             progress=False, workers=1)]
    for call in calls:
        with pytest.raises(ValueError, match="seed must be a whole number"):
            call()
