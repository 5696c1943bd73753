"""Sending a saved play to BG Stats from its detail, in a real browser at phone size."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from companion.browser import AppPage, AppServer
from companion.history import open_store

pytestmark = pytest.mark.browser


def test_a_play_goes_to_bg_stats_by_qr_code_and_link(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    with open_store(db_url) as store:
        play = store.record_play(
            "mercante", [("Ann", 42), ("Ben", 30), ("Cleo", 12)], datetime(2024, 5, 1, 20)
        )
    app = AppPage.open(chromium, app_server.url, route=f"/history/play/{play}")
    app.expect("Ann won with 42")
    app.press("send-bgstats")
    app.expect("QR code of this play for BG Stats")
    app.expect("Open in BG Stats")
    app.page.context.close()
