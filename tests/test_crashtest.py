"""The crash test, short: the real server killed with SIGKILL a few times while a scripted
phone plays Merchant's Journey; every action the screen confirmed is in the database, and
nothing else (``python -m companion.crashtest --kills 200`` is the long run)."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from companion import crashtest


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_killing_the_server_loses_nothing_a_screen_confirmed(tmp_path: Path) -> None:
    lines: list[str] = []
    report = crashtest.run(4, seed=11, db_url=None, workdir=tmp_path, log=lines.append)
    assert report.kills == 4
    assert report.confirmed > 0, "the scripted phone confirmed no move at all"
    assert (report.lost, report.unexpected, report.double_saves) == (0, 0, 0), report.problems


def test_the_checker_notices_a_lost_action(tmp_path: Path) -> None:
    """The check itself can fail: a confirmed move missing from the log is counted lost."""
    from companion.engine.journey import JourneyGame, StartRow
    from companion.history import open_store
    from companion.tables import TableHub

    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    store = open_store(url)
    hub = TableHub(store)
    table = hub.create("journey", JourneyGame.new(list(crashtest.PLAYERS)))
    hub.submit(table.table_id, StartRow("9"), seen=0, device="t")
    store.close()
    expected = crashtest.Expected(
        tables={table.table_id: [StartRow("9").to_dict(), StartRow("K").to_dict()]}, confirmed=2
    )
    cycle = crashtest.Cycle(crashtest.Server(url, tmp_path / "log"), expected, random.Random(1))
    report = crashtest.Report()
    crashtest.check(url, expected, cycle, report)
    assert report.lost == 1 and "lost" in report.problems[0]
