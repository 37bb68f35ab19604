"""run_jobs and run_jobs_async: the same arguments checked the same way, and the same results
for the same jobs whether they run here, on local processes or on an executor."""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import random

import pytest

from dominoes_widget.studies.jobs import derive_seed, run_jobs, run_jobs_async

JOBS = list(range(40))


def roll(job: int) -> tuple[int, float]:
    """A job whose answer depends on the seed it derives, as a simulation's hands do."""
    return job, random.Random(derive_seed(7, job)).random()


def run_async(*args, **kwargs):
    return asyncio.run(run_jobs_async(*args, **kwargs))


@pytest.mark.parametrize("bad, words", [
    ({"workers": 0}, "workers must be a whole number of at least 1"),
    ({"workers": -2}, "workers must be a whole number of at least 1"),
    ({"workers": True}, "workers must be a whole number of at least 1"),
    ({"workers": 2.0}, "workers must be a whole number of at least 1"),
    ({"chunk_size": 0}, "chunk_size must be a whole number of at least 1"),
    ({"chunk_size": "4"}, "chunk_size must be a whole number of at least 1"),
])
def test_both_runners_refuse_a_bad_argument_with_the_same_error_before_any_job(bad, words):
    ran = []

    def job(number):
        ran.append(number)
        return number

    with pytest.raises(ValueError) as refused:
        run_jobs(job, JOBS, progress=False, **bad)
    assert words in str(refused.value)
    with pytest.raises(ValueError) as refused_async:
        run_async(job, JOBS, **bad)
    assert str(refused_async.value) == str(refused.value)
    assert ran == [], "nothing ran"


@pytest.mark.parametrize("where", [{"workers": 1}, {"workers": 2}, {"workers": 2, "chunk_size": 3},
                                   {"executor": "threads"}])
def test_both_runners_give_the_same_results_for_the_same_seed(where):
    expected = {job: roll(job) for job in JOBS}
    options = dict(where)
    if options.get("executor") == "threads":
        with cf.ThreadPoolExecutor(max_workers=2) as pool:
            options["executor"] = pool
            results, interrupted = run_jobs(roll, JOBS, progress=False, **options)
            results_async = run_async(roll, JOBS, **options)
    else:
        results, interrupted = run_jobs(roll, JOBS, progress=False, **options)
        results_async = run_async(roll, JOBS, **options)
    assert results == results_async == expected and not interrupted


def test_both_runners_tell_the_callback_as_jobs_finish():
    told, told_async = [], []
    run_jobs(roll, JOBS[:5], workers=1, progress=False, callback=lambda done, total: told.append((done, total)))
    run_async(roll, JOBS[:5], workers=1, callback=lambda done, total: told_async.append((done, total)))
    assert told[-1] == told_async[-1] == (5, 5)
    assert [done for done, _ in told_async] == sorted(done for done, _ in told_async)
