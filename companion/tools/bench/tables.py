"""Shared tables: ``table_action``, ``table_fanout`` and ``ui_tap``.

- ``table_action``: one Merchant's Journey placement through the hub until it is committed
  (SQLite file, the app's own settings), median.
- ``table_fanout``: eight real flet sessions (over a connection that encodes what it would
  send, as the web server does) show one table; from one action to all eight having drawn
  and sent the new state (the whole screen, both of its parts), median.
- ``ui_tap``: the real server (``companion --web``) in Debian's Chromium at phone size: a
  Journey placement from the tap to the turn counter changing on screen, measured in the
  page (``performance.now()`` and a ``MutationObserver``); the card goes on row 1's right
  end (a card chosen first, as players do). Skipped, with a note on stderr,
  where there is no Chromium or no Playwright.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from companion.engine import journey
from companion.engine.journey import JourneyGame, StartRow, ranks

NAMES = ("table_action", "table_fanout", "ui_tap")
SESSIONS = 8


def _next_card(game: JourneyGame, turn: int) -> str:
    """A rank still in the deck, varied by turn."""
    left = [r for r in ranks() if game.copies_left(r)]
    return left[turn % len(left)]


def table_action(tmp: Path, runs: int = 61) -> float:
    from companion.history import open_store
    from companion.tables import Applied, TableHub

    store = open_store(f"sqlite:///{tmp / 'action.sqlite3'}")
    try:
        hub = TableHub(store)
        snapshot = hub.create(journey.TABLE_RULES.tool, JourneyGame.new(["Anna", "Ben"]))
        times = []
        for turn in range(runs + 3):
            game = snapshot.game
            if game.is_over:
                snapshot = hub.create(journey.TABLE_RULES.tool, JourneyGame.new(["Anna", "Ben"]))
                game = snapshot.game
            action = StartRow(_next_card(game, turn))
            start = time.perf_counter()
            outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="bench")
            elapsed = (time.perf_counter() - start) * 1000
            if not isinstance(outcome, Applied):
                raise RuntimeError(f"table_action: {outcome}")
            snapshot = outcome.snapshot
            if turn >= 3:  # the first ones warm the caches
                times.append(elapsed)
        return statistics.median(times)
    finally:
        store.close()


def _fake_session(loop: asyncio.AbstractEventLoop, executor: ThreadPoolExecutor) -> Any:
    """A real flet Session over a connection that encodes each message as the web server
    would (encoding is what marks controls as sent) and keeps the last send time."""
    import msgpack  # type: ignore[import-untyped]
    from flet.controls.base_control import BaseControl
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    class BenchConnection(Connection):
        def __init__(self) -> None:
            super().__init__()  # type: ignore[no-untyped-call]
            self.loop = loop
            self.executor = executor
            self.pubsubhub = PubSubHub(loop=loop, executor=executor)
            self.page_url = "http://bench.invalid/"
            self.sent = 0

        def send_message(self, message: Any) -> None:
            msgpack.packb(
                [message.action, message.body],
                default=configure_encode_object_for_msgpack(BaseControl),  # type: ignore[no-untyped-call]
            )
            self.sent += 1

    conn = BenchConnection()
    return Session(conn), conn


async def _fanout(tmp: Path, runs: int) -> float:
    from companion.history import open_store
    from companion.tables import Applied, TableHub
    from companion.ui.app import create_main
    from companion.ui.live import bind_page

    store = open_store(f"sqlite:///{tmp / 'fanout.sqlite3'}")
    executor = ThreadPoolExecutor(max_workers=2)
    try:
        hub = TableHub(store)
        snapshot = hub.create(
            journey.TABLE_RULES.tool, JourneyGame.new(["Anna", "Ben", "Cleo", "Dev"])
        )
        main = create_main(store, hub=hub)
        loop = asyncio.get_running_loop()
        lives = []
        sessions = []  # kept referenced, as the web server keeps its sessions
        for _ in range(SESSIONS):
            session, _conn = _fake_session(loop, executor)
            sessions.append(session)
            page = session.page
            bind_page(page)
            session.apply_page_patch(
                {
                    "width": 390,
                    "height": 844,
                    "route": f"/calculators/journey/{snapshot.table_id}",
                    "web": True,
                }
            )
            session.get_page_patch()
            main(page)
            await session.after_event(page)
            lives.append(page.on_connect.__self__)  # the page's LiveSession
        times = []
        for turn in range(runs + 2):
            game = snapshot.game
            action = StartRow(_next_card(game, turn))
            start = time.perf_counter()
            outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="bench")
            if not isinstance(outcome, Applied):
                raise RuntimeError(f"table_fanout: {outcome}")
            snapshot = outcome.snapshot
            while not all(_has(live, snapshot.seq) for live in lives):
                await asyncio.sleep(0)
            elapsed = (time.perf_counter() - start) * 1000
            if turn >= 2:
                times.append(elapsed)
        return statistics.median(times)
    finally:
        executor.shutdown(wait=False)
        store.close()


def _has(live: Any, seq: int) -> bool:
    """The session shows step ``seq``, both parts of the screen drawn and sent."""
    table = live.current
    if table is None or table.snapshot.seq != seq:
        return False
    view = getattr(table.render, "__self__", None)
    return not getattr(view, "_rest_pending", False)


def table_fanout(tmp: Path, runs: int = 15) -> float:
    return asyncio.run(_fanout(tmp, runs))


def ui_tap(tmp: Path, runs: int = 9) -> float | None:
    from companion.tools.browser import phone_on_app, playwright_for

    sync_playwright = playwright_for("ui_tap")
    if sync_playwright is None:
        return None
    from companion.history import open_store
    from companion.tables import TableHub
    from companion.tools.demo import seed_journey

    url = f"sqlite:///{tmp / 'tap.sqlite3'}"
    store = open_store(url)
    try:
        table_id = seed_journey(store, stage="play")
        assert table_id is not None
        game = TableHub(store).open(table_id).game
    finally:
        store.close()
    times = []
    route = f"/calculators/journey/{table_id}"
    with phone_on_app(sync_playwright, url, route, tmp / "server.log") as app:
        app.by_id("journey-status").wait_for(state="attached", timeout=30_000)
        for turn in range(runs + 1):
            rank = _next_card(game, turn)
            app.press(f"card-{rank}")
            app.shows("chosen-card", rank)
            app.wait_tappable("row-1-right")
            want = (
                "Game over"
                if game.turns_left == 1
                else f"Turn {game.turn + 1} of {game.turns_total}"
            )
            ms = app.timed_tap("row-1-right", "journey-status", want)
            game = game.place(rank, 0, "right")[0]
            app.settle(300)
            if turn >= 1:  # the first tap warms the page up
                times.append(float(ms))
    return statistics.median(times)


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        if wanted is None or "table_action" in wanted:
            yield "table_action", table_action(path)
        if wanted is None or "table_fanout" in wanted:
            yield "table_fanout", table_fanout(path)
        if wanted is None or "ui_tap" in wanted:
            ms = ui_tap(path)
            if ms is not None:
                yield "ui_tap", ms


__all__ = ["NAMES", "run", "table_action", "table_fanout", "ui_tap"]
