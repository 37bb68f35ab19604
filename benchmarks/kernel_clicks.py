"""Click → view in a real IPython kernel, with the person's decisions judged in the background
(the kernel's worker) against without, in one run.

``background_judging.py`` plays its clicks on this process's own loop; this plays them where
a notebook's table lives. A kernel is started (``jupyter_client``), a Table (``coach=True``,
bots answering at once) made in it, and the clicks come as the page's do: comm messages over
the kernel's ZMQ shell channel, from this process, a few hundred milliseconds apart. Each
message carries the moment it was sent (``time.monotonic``, one clock for every process on
the machine); the kernel notes when its handler started and when the new view was built. The
view goes out to this process as it would to the page. The modes take turns match by match on
the same seeds: ``off`` (the worker closed) and ``worker`` (as a notebook's table is).

Prints each mode's median and p95 from sent to view built, the p95 ratio (target for
``worker``: at most 1.2) and how late the handler started (ZMQ and the kernel's loop).
Asserts nothing.

    python benchmarks/kernel_clicks.py [--clicks 60]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))

from background_judging import percentile  # noqa: E402

GAP = 0.3
"""Seconds between two clicks."""
CLICKS_A_MATCH = 30
MODES = ("off", "worker")

IN_KERNEL = r'''
import json as _json, sys as _sys, time as _time
_sys.path.insert(0, BENCHMARKS)
from background_judging import next_click as _bench_next
from dominoes_widget.widgets.table import Table as _Table

_BENCH = {"latency": {"off": [], "worker": []}, "late": {"off": [], "worker": []}}

def _bench_click(table, content, buffers):
    """A click from the benchmark: the next message a person would send, timed."""
    started = _time.monotonic()
    message = _BENCH["next"]
    if message is None:
        return
    table._on_message(table, message, buffers)
    built = _time.monotonic()
    if message["type"] == "move":
        _BENCH["latency"][_BENCH["mode"]].append(built - content["sent_at"])
        _BENCH["late"][_BENCH["mode"]].append(started - content["sent_at"])
    _BENCH["next"] = _bench_next(table.session)

def _bench_start(mode, seed):
    table = _Table("six_love", seed=seed, bot_delay=0, bots="greedy", coach=True)
    if mode == "off" and table.session.judging is not None:
        table.session.judging.close()
        table.session.judging = None
    table._msg_callbacks.callbacks.clear()  # (the benchmark's clicks instead of the page's)
    table.on_msg(lambda widget, content, buffers: _bench_click(table, content, buffers))
    _BENCH.update(mode=mode, table=table, next=_bench_next(table.session))
    print(table.comm.comm_id)

def _bench_report():
    print(_json.dumps({kind: {mode: [round(s * 1000, 3) for s in found] for mode, found in modes.items()}
                       for kind, modes in _BENCH.items() if kind in ("latency", "late")}))
'''


def run(client: Any, code: str) -> str:
    """``code`` run in the kernel: what it printed (raises with the kernel's traceback)."""
    msg_id = client.execute(code)
    printed = []
    while True:
        message = client.get_iopub_msg(timeout=120)
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = message["msg_type"], message["content"]
        if kind == "stream":
            printed.append(content["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(content["traceback"]))
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(printed)


def drain(client: Any) -> None:
    """Read what the kernel sent (the views), as the page would."""
    while client.iopub_channel.msg_ready():
        client.get_iopub_msg(timeout=1)


def measure(clicks: int) -> dict[str, dict[str, float]]:
    """``clicks`` clicks' figures a mode (milliseconds)."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        run(client, f"BENCHMARKS = {str(BENCHMARKS)!r}\n" + IN_KERNEL)
        seed = 1
        found: dict[str, dict[str, list[float]]] = {"latency": {mode: [] for mode in MODES}}
        while min(len(found["latency"][mode]) for mode in MODES) < clicks:
            for mode in MODES:
                comm_id = run(client, f"_bench_start({mode!r}, {seed})").strip()
                time.sleep(1.0)  # (the worker, on the first table, started and ready)
                for _ in range(CLICKS_A_MATCH):
                    time.sleep(GAP)
                    drain(client)
                    click = {"type": "auto", "sent_at": time.monotonic()}
                    client.session.send(client.shell_channel.socket, "comm_msg",
                                        {"comm_id": comm_id, "data": {"method": "custom", "content": click}})
                time.sleep(GAP)
                run(client, "_BENCH['table'].close()")
            seed += 1
            measured = sum(map(len, found["latency"].values()))
            found = json.loads(run(client, "_bench_report()"))
            if sum(map(len, found["latency"].values())) == measured:
                raise RuntimeError("the kernel timed no click: its handler failed (the kernel's log says why)")
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    base = percentile(found["latency"][MODES[0]], 0.95)
    figures = {}
    for mode in MODES:
        latency, late = found["latency"][mode], found["late"][mode]
        p95 = percentile(latency, 0.95)
        figures[mode] = {"clicks": len(latency), "median_ms": round(statistics.median(latency), 2),
                         "p95_ms": round(p95, 2), "p95_ratio": round(p95 / base, 2),
                         "late_median_ms": round(statistics.median(late), 2),
                         "late_p95_ms": round(percentile(late, 0.95), 2)}
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=60, help="clicks measured per mode (at least)")
    args = parser.parse_args()
    figures = measure(args.clicks)
    print(f"click -> view in a kernel, greedy bots, comm messages {GAP * 1000:.0f} ms apart "
          f"(p95 ratio against {MODES[0]!r})")
    for mode, row in figures.items():
        print(f"  {mode:7s} median {row['median_ms']:6.2f} ms   p95 {row['p95_ms']:6.2f} ms   x{row['p95_ratio']:.2f}   "
              f"handler started: median {row['late_median_ms']:5.2f} ms  p95 {row['late_p95_ms']:5.2f} ms")
    print("KERNEL_CLICKS " + json.dumps(figures))
