"""The Rules screen in Debian's Chromium at phone size: search from the Rules tab, open an
entry, follow a link to a related one, reload on the entry's route; Settings behind the gear."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.tools.browser import AppPage, AppServer

pytestmark = pytest.mark.browser


def test_search_open_follow_and_reload(chromium: Any, app_server: AppServer) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/setup")
    app.tap(app.tab("Rules"))
    app.page.wait_for_url(re.compile(r"/rules$"), timeout=10_000)
    app.type_into("Search the rules", "unfairies")
    app.shows("result-cove.card.un_fairies", "Un-Fairies (Rogue card 19)")
    app.press("result-cove.card.un_fairies")
    app.page.wait_for_url(re.compile(r"/rules/cove\.card\.un_fairies$"), timeout=10_000)
    app.shows("entry-title", "Un-Fairies (Rogue card 19)")

    app.press("related-cove.sale_value")
    app.page.wait_for_url(re.compile(r"/rules/cove\.sale_value$"), timeout=10_000)
    app.shows("entry-title", "What a Good sells for with Master Craft")

    app.reload()
    app.shows("entry-title", "What a Good sells for with Master Craft")
    assert app.page.title().startswith("What a Good sells for")
    app.page.context.close()


def test_settings_is_behind_the_gear_and_its_back_arrow_returns(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/rules")
    app.press("nav-settings")
    app.page.wait_for_url(re.compile(r"/settings$"), timeout=10_000)
    app.expect("Rulings and house rules")
    app.press("app-back")
    app.page.wait_for_url(re.compile(r"/rules$"), timeout=10_000)
    app.page.context.close()
