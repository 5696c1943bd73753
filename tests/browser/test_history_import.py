"""History's import of a large backup from a phone, in a real browser at 390×844.

The server on 127.0.0.2 needs the access code, so the upload has to carry the device's cookie
like every other request; the file is larger than anything Flet's WebSocket would carry.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.bench.imports import backup
from companion.browser import AppPage, AppServer
from companion.history import open_store

pytestmark = pytest.mark.browser

PLAYS = 35_000  # about 22 MB: over the old 20 MB limit of a file sent over the WebSocket


@pytest.fixture
def lan_server(db_url: str, tmp_path: Path) -> Iterator[AppServer]:
    with AppServer(db_url, host="127.0.0.2", log_path=tmp_path / "server.log") as server:
        yield server


def pick(app: AppPage, entry: str, file: Path) -> None:
    """Open History's export/import menu, choose ``entry`` and give the browser ``file``."""
    app.press("history-menu")
    with app.page.expect_file_chooser(timeout=30_000) as chooser:
        app.tap(app.page.get_by_role("menuitem", name=entry))
    chooser.value.set_files(str(file))


def test_a_phone_imports_a_backup_larger_than_20_mb(
    chromium: Any, lan_server: AppServer, db_url: str, tmp_path: Path
) -> None:
    file = tmp_path / "merchants-companion-history.json"
    file.write_text(backup(PLAYS), encoding="utf-8")
    assert file.stat().st_size > 20_000_000
    app = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    pick(app, "Import a backup file", file)
    app.expect("Import finished", timeout=180_000)
    app.shows("import-result", f"{PLAYS} plays added.")
    app.page.screenshot(path=str(tmp_path / "import-finished.png"))
    app.tap(app.button("OK"))
    app.page.context.close()
    with open_store(db_url) as store:
        assert store.count_plays() == PLAYS


def test_a_file_that_is_not_a_backup_is_refused_and_nothing_changes(
    chromium: Any, lan_server: AppServer, db_url: str, tmp_path: Path
) -> None:
    file = tmp_path / "notes.json"
    file.write_bytes(b"\xff\xfe not text at all")
    app = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    pick(app, "Import a BG Stats backup", file)
    app.expect("notes.json was not imported", timeout=60_000)
    app.shows("import-result", "The file is not UTF-8 text.")
    app.page.context.close()
    with open_store(db_url) as store:
        assert store.count_plays() == 0
