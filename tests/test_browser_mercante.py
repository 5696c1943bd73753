"""The Mercante screen in Debian's Chromium at phone size: start a game, play an event, see the
at-a-glance board change, price a sale, and find it all again after a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

BASE = "/calculators/mercante"


def test_a_mercante_game_at_phone_size_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=BASE)
    app.expect("New Mercante game")
    for seat, name in enumerate(("Adam", "Beth", "Chris"), start=1):
        app.type_into("Player name", name)
        app.press("add-seat")
        app.shows(f"new-seat-{seat}", name)
    app.press("first-event-rulebook:visiting_nobility")
    app.press("start-game")
    app.shows("turn-line", "Adam's turn")
    app.shows("turn-line", "Upkeep marker: Chris · upkeep in 2 turns")
    app.shows("slot-A", "Visiting Nobility")

    # Distant War goes into A: Visiting Nobility moves to B and raw materials close.
    app.press("play-rulebook:distant_war")
    app.expect("Distant War went into A. Visiting Nobility moved to B.")
    app.shows("closed-raw_materials", "CLOSED")
    app.shows("glance-silk", "+1")
    app.shows("glance-gold", "0")

    # Price a silk sale on a space printed 20: 20 + 1 (Visiting Nobility) = 21.
    app.tap(app.page.get_by_role("tab", name=re.compile(r"^Sale")).first)
    app.page.wait_for_url(re.compile(r"/calculators/mercante/sale$"), timeout=10_000)
    app.shows("running-total", "Nothing chosen yet")
    app.tap(app.by_id("add-silk"))
    app.shows("add-silk", "Silk × 1")
    app.shows("token-silk:1", "Type the printed value to see the price.")
    app.type_into("Printed value of its space", "20")
    app.shows("token-silk:1", "20 + 1 = 21")
    app.shows("bazaar-alternative", "All to the bazaar instead: 1 × 3 = 3 crowns")
    app.page.context.close()

    # Closing the tab and coming back later: the calendar and the half-priced sale are there.
    again = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/sale")
    again.shows("token-silk:1", "20 + 1 = 21")
    again.press("confirm-sale")
    again.expect("Adam sold silk 21 (20 + 1 = 21): 21 crowns.")
    again.reload()
    again.shows("running-total", "Nothing chosen yet")  # the sale is done, the draft cleared
    again.goto(f"{BASE}/calendar")
    again.shows("closed-raw_materials", "CLOSED")
    again.shows("slot-A", "Distant War")
    again.shows("slot-B", "Visiting Nobility")
    again.page.context.close()
