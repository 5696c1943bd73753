"""History's import of a large backup from a phone, in a real browser at 390×844.

The server on 127.0.0.2 needs the access code, so the upload has to carry the device's cookie
like every other request; the file is larger than anything Flet's WebSocket would carry.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.history import open_store
from companion.tools.bench.imports import backup
from companion.tools.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

PLAYS = 35_000  # about 22 MB: over the old 20 MB limit of a file sent over the WebSocket


@pytest.fixture
def lan_server(db_url: str, tmp_path: Path) -> Iterator[AppServer]:
    with AppServer(db_url, host="127.0.0.2", log_path=tmp_path / "server.log") as server:
        yield server


def test_a_phone_imports_a_backup_larger_than_20_mb(
    chromium: Any, lan_server: AppServer, db_url: str, tmp_path: Path
) -> None:
    file = tmp_path / "merchants-companion-history.json"
    file.write_text(backup(PLAYS), encoding="utf-8")
    assert file.stat().st_size > 20_000_000
    app = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    app.pick_file("history-menu", "Import a backup file", file)
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
    app.pick_file("history-menu", "Import a BG Stats backup", file)
    app.expect("notes.json was not imported", timeout=60_000)
    app.shows("import-result", "The file is not UTF-8 text.")
    app.page.context.close()
    with open_store(db_url) as store:
        assert store.count_plays() == 0


def test_a_file_over_128_mb_is_refused_before_it_is_sent(
    chromium: Any, lan_server: AppServer, tmp_path: Path
) -> None:
    file = tmp_path / "huge.json"
    with file.open("wb") as handle:  # sparse: nothing written to the disk
        handle.truncate(300_000_000)
    app = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    app.pick_file("history-menu", "Import a backup file", file)
    app.expect("huge.json was not imported", timeout=60_000)
    app.shows("import-result", "The file is 300 MB; the largest file an import takes is 128 MB.")
    result = app.by_id("import-result").bounding_box()
    assert result is not None and result["x"] >= 0 and result["x"] + result["width"] <= 390
    app.page.context.close()
