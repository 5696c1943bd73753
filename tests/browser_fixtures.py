"""Fixtures for the real-browser tests: Chromium (Debian's, never downloaded) and the app."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.tools.browser import INSTALL_HINT, AppServer, chromium_path, launch_chromium


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if chromium_path() is None:
        if os.environ.get("COMPANION_REQUIRE_BROWSER"):
            pytest.fail(
                f"COMPANION_REQUIRE_BROWSER is set but no Chromium was found: {INSTALL_HINT}"
            )
        pytest.skip(f"no Chromium on this machine: {INSTALL_HINT}")
    playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with playwright_api.sync_playwright() as pw:
        browser = launch_chromium(pw)
        yield browser
        browser.close()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'history.sqlite3'}"


@pytest.fixture
def app_server(db_url: str, tmp_path: Path) -> Iterator[AppServer]:
    server = AppServer(db_url, log_path=tmp_path / "server.log")
    server.start()
    yield server
    server.stop()
