"""``Table.share()`` in a real Jupyter kernel (issue 20): the kernel serves the link on its
own event loop between cells, and a move made through the link reaches the notebook's table."""

from __future__ import annotations

import asyncio

import pytest

from server_harness import Seat

pytestmark = pytest.mark.slow  # a real Jupyter kernel

jupyter_client = pytest.importorskip("jupyter_client")


def run_cell(client, code: str) -> str:
    """Execute ``code`` in the kernel; its printed text."""
    printed: list[str] = []

    def collect(message):
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])
        elif message["msg_type"] == "error":
            printed.append("\n".join(message["content"]["traceback"]))

    reply = client.execute_interactive(code, output_hook=collect, timeout=60)
    assert reply["content"]["status"] == "ok", "".join(printed)
    return "".join(printed).strip()


def test_a_kernel_serves_the_shared_link_between_cells():
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        link = run_cell(client, "from dominoes_widget import Table\n"
                                "table = Table(seats={'N': 'human', 'S': 'human'}, bots='greedy', bot_delay=0, seed=3)\n"
                                "links = table.share(seat='S')\n"
                                "print(links['N'])")
        assert link.startswith("http://127.0.0.1:") and "token=" in link

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)  # the socket's writes make futures on the current loop
        north = loop.run_until_complete(Seat.open(link, "N"))
        try:
            loop.run_until_complete(north.until(lambda s: s.view))
            assert north.view["viewer"] == "N" and isinstance(north.view["hands"]["S"], int)
            made = {"S": 0, "N": 0}
            while min(made.values()) < 2 and north.view["phase"] == "playing":
                plies = len(north.view["moves"])
                if north.view["legal"]:  # North plays through its link
                    view = north.view
                    north.send({"type": "move", "move": view["legal"][0], "hand": 0, "ply": plies})
                    made["N"] += 1
                else:  # South plays in the notebook, as its widget's browser sends it
                    run_cell(client, "table._on_message(table, {'type': 'move', 'move': table.view['legal'][0]}, [])")
                    made["S"] += 1
                loop.run_until_complete(north.until(lambda s: len(s.view["moves"]) > plies))
            shown = run_cell(client, "print(table.view['viewer'], len(table.view['moves']), "
                                     "sum(m.startswith('N ') for m in table.record['hands'][0]['moves']))")
            viewer, moves, by_north = shown.split()
            assert viewer == "S" and int(moves) == len(north.view["moves"]) and int(by_north) == made["N"] >= 1
        finally:
            north.close()
            loop.run_until_complete(asyncio.sleep(0))
            asyncio.set_event_loop(None)
            loop.close()
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
