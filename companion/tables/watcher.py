"""Several servers over one database: a thread that notices what the others write.

Every ``interval`` seconds (a quarter of a second by default) it reads the head, status and
"saved" mark of each table that has subscribers here (one small query for all of them) and
catches up those that moved, which pushes the change to this server's screens; and, for each
tool whose list of games in progress is on a screen here, the heads of that tool's open
tables (one small query a tool), telling the lists when a game was started, moved, finished
or abandoned elsewhere. Reading the database this way works the same on SQLite and
PostgreSQL; a database that is down is retried, quietly, on the next beat.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from companion.history import StoreError

if TYPE_CHECKING:
    from companion.tables.hub import TableHub

log = logging.getLogger(__name__)


class Watcher:
    def __init__(self, hub: TableHub, *, interval: float = 0.25) -> None:
        self.hub = hub
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-watcher", daemon=True)
        self.failures = 0
        # What each watched tool's open tables looked like at the last beat.
        self._tools: dict[str, frozenset[tuple[int, int, str, int | None]]] = {}

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def beat(self) -> int:
        """Look once; returns how many tables (and lists of a tool's tables) were caught up."""
        return self._tables() + self._lists()

    def _lists(self) -> int:
        tools = self.hub.watched_tools()
        for gone in set(self._tools) - tools:
            del self._tools[gone]
        moved = 0
        for tool in sorted(tools):
            heads = self.hub.store.tool_table_heads(tool)
            now = frozenset((h.id, h.head, h.status, h.saved_play_id) for h in heads.values())
            before = self._tools.get(tool)
            self._tools[tool] = now
            if before != now:  # (the first look too: a list may have missed a change)
                self.hub.tool_changed(tool)
                moved += 1
        return moved

    def _tables(self) -> int:
        known = self.hub.watched()
        if not known:
            return 0
        heads = self.hub.store.table_heads(list(known))
        moved = 0
        for table_id, mine in known.items():
            there = heads.get(table_id)
            if there is None:
                continue
            if (there.head, there.status, there.saved_play_id) != mine and self.hub.refresh(
                table_id
            ):
                moved += 1
        return moved

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.beat()
                self.failures = 0
            except StoreError as exc:
                self.failures += 1
                if self.failures == 1:
                    log.warning("watching the tables failed (will retry): %s", exc)
            except Exception:
                log.exception("the table watcher failed (will retry)")


__all__ = ["Watcher"]
