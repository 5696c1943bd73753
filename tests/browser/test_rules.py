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


_TOP = """(ident) => {
    const n = document.querySelector(`[flt-semantics-identifier='${ident}']`);
    return n ? n.getBoundingClientRect().top : null;
}"""


def test_back_keeps_the_search_and_the_place_and_a_why_returns_to_its_screen(
    chromium: Any, app_server: AppServer
) -> None:
    """Issue 21: Rules keeps its query and scroll after an entry is opened and closed; an
    entry opened by a "Why?" goes back to the screen that asked."""
    app = AppPage.open(chromium, app_server.url, phone=True, route="/rules")
    app.type_into("Search the rules", "gold")
    app.shows("rules-group-merchants_cove", "gold")
    # Scroll down the results and open one below the fold.
    app.page.mouse.move(195, 500)
    for _ in range(4):
        app.page.mouse.wheel(0, 400)
        app.settle(300)
    tiles = app.page.evaluate(
        """() => [...document.querySelectorAll('[flt-semantics-identifier^="result-"]')]
            .map(n => [n.getAttribute('flt-semantics-identifier'), n.getBoundingClientRect().top])
            .filter(([i, top]) => top > 120 && top < 700)"""
    )
    assert tiles, "results on the screen after scrolling"
    ident, top = tiles[0]
    app.press(ident)
    app.by_id("entry-title").wait_for(state="attached", timeout=10_000)
    app.press("app-back")
    app.page.wait_for_url(re.compile(r"/rules$"), timeout=10_000)
    app.by_id(ident).wait_for(state="attached", timeout=10_000)
    app.settle(800)
    # Still the search's results (the topics would show without it).
    assert app.page.locator("[flt-semantics-identifier^='topic-']").count() == 0
    again = app.page.evaluate(_TOP, ident)
    assert again is not None and abs(again - top) < 60, (top, again)
    # A "Why?" on a Bard table opens an entry; back returns to the table.
    app.goto("/calculators/bard")
    app.press("start-bard")
    app.press("why-tableau")  # several entries: a list to pick from
    listed = app.page.locator("[flt-semantics-identifier^='why-entry-']").first
    listed.wait_for(state="attached", timeout=10_000)
    app.press(str(listed.get_attribute("flt-semantics-identifier")))
    app.by_id("entry-title").wait_for(state="attached", timeout=10_000)
    app.press("app-back")
    app.page.wait_for_url(re.compile(r"/calculators/bard/\d+$"), timeout=10_000)
    app.by_id("bard-summary").wait_for(state="attached", timeout=10_000)
    app.page.context.close()
