"""Mercante's Sale tab in Debian's Chromium at desktop size (1280×800): where the tab's
panels sit side by side, typing the printed values prices the sale, fills "The sale" and
enables Sell."""

from __future__ import annotations

from typing import Any

import pytest

from companion.tools.browser import AppPage, AppServer
from tests.browser.test_mercante import BASE, seeded_table

pytestmark = pytest.mark.browser


def test_pricing_a_sale_at_desktop_size(chromium: Any, app_server: AppServer, db_url: str) -> None:
    table_id = seeded_table(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=False, route=f"{BASE}/{table_id}/sale")
    app.shows("turn-line", "Adam's turn")
    app.press("end-turn")
    app.shows("turn-line", "Beth's turn")
    app.shows("running-total", "Nothing chosen yet")
    app.tap(app.by_id("add-silk"))
    app.shows("add-silk", "Silk × 1")
    # The field sits below the fold at this size (under the goods, beside "The sale").
    app.type_into("Printed value of its space", "20")
    # Visiting Nobility is in A: luxuries (silk) +1.
    app.shows("token-silk:1", "20 + 1 = 21")
    app.shows("running-total", "Total 21 crowns for 1 token")
    app.shows("sale-total", "Total: 21 crowns")
    app.shows("confirm-sale", "Sell for 21 crowns")
    app.press("confirm-sale")
    app.expect("Beth sold silk for 21 crowns (20 + 1 = 21).")
    app.page.context.close()
