"""The crash test, short: the real server killed with SIGKILL a few times while a scripted
phone plays Merchant's Journey; every action the screen confirmed is in the database, and
nothing else (``python -m companion.crashtest --kills 200`` is the long run)."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from companion.tools import crashtest


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_killing_the_server_loses_nothing_a_screen_confirmed(tmp_path: Path) -> None:
    lines: list[str] = []
    report = crashtest.run(4, seed=11, db_url=None, workdir=tmp_path, log=lines.append)
    assert report.kills == 4
    assert report.confirmed > 0, "the scripted phone confirmed no move at all"
    assert (report.lost, report.unexpected, report.double_saves) == (0, 0, 0), report.problems


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_server_off_loopback_killed_loses_nothing_and_the_phone_joins_with_the_code(
    tmp_path: Path,
) -> None:
    """Served as on a network (127.0.0.2 is no loopback name): the server requires the access
    code, the phone joins with the printed address and its device cookie admits it again
    after every restart."""
    lines: list[str] = []
    report = crashtest.run(
        2, seed=5, db_url=None, workdir=tmp_path, log=lines.append, host="127.0.0.2"
    )
    assert report.kills == 2 and report.confirmed > 0
    assert (report.lost, report.unexpected, report.double_saves) == (0, 0, 0), report.problems


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_phone_without_the_code_is_not_let_onto_a_table(tmp_path: Path) -> None:
    """The check above can fail: off loopback, a phone that has not joined gets no table."""
    server = crashtest.Server(
        f"sqlite:///{tmp_path / 'h.sqlite3'}", tmp_path / "server.log", host="127.0.0.2"
    )
    server.start()
    try:
        assert server.needs_code and server.printed_code() is not None
        with pytest.raises(crashtest.ServerGone):
            phone = crashtest.Client(server.url, "/calculators/journey")
            try:
                phone.handle("start-journey", timeout=5.0)
                assert "start-journey" not in phone.ids, "a phone without the code got in"
            finally:
                phone.close()
        assert server.join() is not None
    finally:
        server.stop()


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
