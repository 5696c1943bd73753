"""Fixtures for the tests that run screens: a SQLite store of the test's own (screens are
tested on SQLite only; the history tests run both backends), the shared-table hub on it,
``players_who_look``, which the tests of live tables ask for, and what every live table's
screen must do when a phone leaves it (:func:`leave_and_close`) and when a lobby's table is
abandoned (:func:`abandon_with_confirm`).

``tests/ui/conftest.py`` offers ``store`` and ``hub`` to every test below ``tests/ui``; a
test module elsewhere imports what it needs from here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.history import Store, open_store
from companion.tables import TableHub
from companion.ui import live as live_module
from tests.ui_harness import Harness, settled


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A store on a new SQLite file, closed after the test."""
    with open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}") as s:
        yield s


@pytest.fixture
def hub(store: Store) -> TableHub:
    """The shared-table hub on ``store``, with every tool's table rules."""
    return TableHub(store)


@pytest.fixture
def players_who_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """These phones tap at once after a push; people take longer to see it (a test that
    needs the real delay sets ``SEEN_DELAY`` itself)."""
    monkeypatch.setattr(live_module, "SEEN_DELAY", 0.0)


async def leave_and_close(
    hub: TableHub, table_id: int, h: Harness, other: Harness, to: int
) -> None:
    """Two phones on the table's screen: ``h`` goes to section ``to`` of the navigation bar,
    then ``other``'s session closes. Each takes its subscription with it."""
    assert hub.subscriber_count(table_id) == 2
    await h.navigate(to)
    assert hub.subscriber_count(table_id) == 1
    other.session.close()
    await settled()
    assert hub.subscriber_count(table_id) == 0


async def abandon_with_confirm(h: Harness, store: Store, table_id: int) -> None:
    """Abandon the table from the lobby on ``h``: the question's cancel keeps it open, its
    confirm abandons it."""
    await h.click(h.by_id(f"abandon-{table_id}"))
    await h.click(h.by_id(f"confirm-abandon-{table_id}-cancel"))
    assert store.table(table_id).status == "open"
    await h.click(h.by_id(f"abandon-{table_id}"))
    await h.click(h.by_id(f"confirm-abandon-{table_id}"))
    assert store.table(table_id).status == "abandoned"
