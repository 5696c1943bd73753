"""Sending a saved play to BG Stats from its detail, in a real browser at phone size."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from companion.history import open_store
from companion.tools.browser import AppPage, AppServer

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


def test_settings_mark_me_and_a_games_boardgamegeek_id_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    with open_store(db_url) as store:
        store.record_play("Azul", [("Ann", 30), ("Ben", 25)], datetime(2024, 5, 1, 20))
    app = AppPage.open(chromium, app_server.url, route="/settings")
    app.type_into("Azul", "12x")
    app.expect("is not a BoardGameGeek id")  # said in the field, nothing saved
    app.page.keyboard.press("Backspace")
    app.expect("Azul: BoardGameGeek id 12")
    me = app.by_id("bgstats-me")
    me.scroll_into_view_if_needed()
    app.tap(me)
    app.tap(app.page.get_by_role("button", name="Ben", exact=True).last)  # the menu's entry
    app.expect("BG Stats exports now name Ben as you")
    app.page.context.close()
    with open_store(db_url) as store:
        prefs = store.bgstats_preferences()
        assert prefs.me == "Ben" and prefs.bgg_id("Azul") == 12
        assert '"meRefId"' in store.export_bgstats()
