"""Fixtures for the tests that run screens: a SQLite store of the test's own (screens are
tested on SQLite only; the history tests run both backends), the shared-table hub on it, and
``players_who_look``, which the tests of live tables ask for.

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
