"""``Table.share()``: a notebook's table served to the other people at it, from the kernel.

The kernel runs the same table server as ``python -m dominoes_widget serve``, on its own
event loop; the widget stays the screen of one seat, and every other person's seat gets a
secret link. While the table is shared its bots think in one thread of the kernel
(:class:`~.bot_pool.BotPool` with ``threads=True``), not in worker processes: the kernel
serves one notebook's tables, starts no processes, and a bot class defined in the
notebook works as it does in the widget.
"""

from __future__ import annotations

import asyncio
import socket

from ..words.catalog import Voice
from ..words.explanations import rules_name
from ..sessions.table.session import TableSession
from ..sessions.table.thinker import INLINE
from .app import TableServer
from .bot_pool import BotPool
from .invitations import NOTEBOOK_STYLE, Invitation, invitation_html
from .shared_table import SharedTable, new_table_id, new_token
from .spec import AbsentBot, TableSpec
from .store import MemoryStore

__all__ = ["SharedLinks", "share_session", "kernel_server"]

_SERVERS: dict[tuple[str, int], tuple[TableServer, int, asyncio.AbstractEventLoop]] = {}


class SharedLinks(dict[str, str]):
    """Each remote seat's link (seat → URL), shown as a list of links in a notebook; ``watch``
    is the watch link (anyone with it sees the table from no seat and moves nothing)."""

    def __init__(self, links: dict[str, str], seat: str, table: SharedTable, server: TableServer,
                 watch: str | None = None) -> None:
        super().__init__(links)
        self.seat = seat
        """The seat played in the notebook: the table's host (it alone changes the bots' speed)."""
        self.watch = watch
        self.table = table
        self._server = server

    def stop(self) -> None:
        """The links stop working (the game stays in the notebook)."""
        self._server.tables.pop(self.table.id, None)
        self.table.session.bots.thinker = INLINE  # the widget's own way again (a thought under way still lands)
        for connections in [*self.table.connections.values(), self.table.watchers]:
            for connection in list(connections):
                close = getattr(connection, "close", None)
                if close is not None:
                    close()

    def invitation(self) -> Invitation:
        """The links as the server's links page shows them (each with a QR code for a phone)."""
        session = self.table.session
        voice = Voice(session.options.lang)
        return Invitation.of(rules_name(session.rules, voice), self, voice, session.options.names, watch=self.watch)

    def _repr_html_(self) -> str:
        voice = Voice(self.table.session.options.lang)
        intro = voice("table.shared_links", seat=voice.name(self.seat))
        # a notebook's output runs no script of ours: the links are there to select and copy
        return f"<style>{NOTEBOOK_STYLE}</style>" + invitation_html(self.invitation(), voice, copy_buttons=False,
                                                                      intro=intro, notebook=True)


def kernel_server(host: str = "127.0.0.1", port: int = 0) -> tuple[TableServer, int]:
    """The table server running in this process on ``host``/``port`` (started on first use,
    on the running event loop); ``port=0`` takes any server already running, else a free port."""
    from . import start

    try:
        loop = asyncio.get_running_loop()  # the kernel's: a server on a loop that stopped is gone
    except RuntimeError:
        raise RuntimeError("share() serves from a running event loop, as a notebook's kernel has; "
                           "in a script, run python -m dominoes_widget serve") from None
    for (known_host, known_port), (table_server, bound, its_loop) in list(_SERVERS.items()):
        if its_loop.is_closed():
            del _SERVERS[(known_host, known_port)]
        elif its_loop is loop and known_host == host and port in (0, known_port):
            return table_server, bound
    table_server, _http, bound = start(host, port, server=TableServer(MemoryStore(), thinker=BotPool(threads=True)))
    _SERVERS[(host, bound)] = (table_server, bound, loop)
    return table_server, bound


def share_session(session: TableSession, seat: str | None = None, *, host: str = "127.0.0.1", port: int = 0,
                  base_url: str | None = None, absent: AbsentBot | None = None) -> SharedLinks:
    """Serve ``session``'s people other than ``seat`` (default: the person at the screen) by link;
    its bots then think in the kernel server's thread, off the event loop, until :meth:`SharedLinks.stop`."""
    people = list(session.humans)
    seat = seat or session.screen.seat or (people[0] if people else None)
    if seat not in people:
        raise ValueError(f"seat {seat!r} is not a person's; the people sit at {', '.join(people) or 'no seat'}")
    remote = [s for s in people if s != seat]
    if not remote:
        raise ValueError("no other person sits at this table: give seats to people first, "
                         "e.g. Table(seats={'N': 'human'})")
    table_server, bound = kernel_server(host, port)
    spec = TableSpec(session.options, absent, {})
    session.share_screens(seat)  # the notebook's screen is seat's own from now on; its person is host
    widget_refresh = session.on_change
    table = SharedTable(new_table_id(), spec, {s: new_token() for s in remote}, table_server.store,
                        session=session, local=seat, watch=new_token())

    def changed() -> None:
        if widget_refresh is not None:
            widget_refresh()
        table._changed()

    session.on_change = changed
    session.bots.thinker = table_server.thinker
    table_server.add(table)
    base = base_url or f"http://{_reachable(host)}:{bound}"
    return SharedLinks(table_server.links(table, base), seat, table, table_server, table_server.watch_link(table, base))


def _reachable(host: str) -> str:
    """A name other machines can use for a server listening on every address."""
    return socket.getfqdn() if host in ("0.0.0.0", "::", "") else host
