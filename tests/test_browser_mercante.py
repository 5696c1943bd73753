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

    # Adam's Manipulate Events agent plays Distant War: into A, Visiting Nobility moves to B
    # and raw materials close. Then his turn ends: Beth sells.
    app.press("play-rulebook:distant_war")
    app.expect("Adam manipulated events: Distant War went into A. Visiting Nobility moved to B.")
    app.shows("closed-raw_materials", "CLOSED")
    app.shows("glance-silk", "+1")
    app.shows("glance-gold", "0")
    app.press("end-turn")
    app.shows("turn-line", "Beth's turn")

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
    again.expect("Beth sold silk 21 (20 + 1 = 21): 21 crowns.")
    again.reload()
    again.shows("running-total", "Nothing chosen yet")  # the sale is done, the draft cleared
    again.goto(f"{BASE}/calendar")
    again.shows("closed-raw_materials", "CLOSED")
    again.shows("slot-A", "Distant War")
    again.shows("slot-B", "Visiting Nobility")
    again.page.context.close()


def _seed(db_url: str, seats: tuple[str, ...]) -> None:
    """A game already started (as the new-game form leaves it), written to the app's database."""
    from companion.engine.mercante import MercanteGame, rulebook_event
    from companion.history import open_store
    from companion.ui.logic.mercante import GAME_KEY, MercanteState

    store = open_store(db_url)
    try:
        state = MercanteState()
        state.start(MercanteGame.new(seats, first_event=rulebook_event("Visiting Nobility")))
        store.set_setting(GAME_KEY, state.to_dict())
    finally:
        store.close()


def test_end_turn_from_the_sale_tab_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    _seed(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/sale")
    app.shows("turn-line", "Adam's turn")
    app.shows("turn-agents", "2 of 2 agents left · Beth next")
    # The End turn button sits beside the banner, on screen without scrolling.
    box = app.by_id("end-turn").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    app.press("end-turn")
    app.expect("Adam's turn ended; Beth is next.")
    app.shows("turn-line", "Beth's turn")
    app.page.wait_for_url(re.compile(r"/calculators/mercante/sale$"), timeout=10_000)
    app.page.context.close()


def test_the_tally_with_0_unfulfilled_contracts_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    _seed(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/end")
    for player, (vp, crowns) in enumerate((("8", "12"), ("8", "12"), ("6", "30"))):
        app.type_into("VP tokens", vp, nth=player)
        app.type_into("Crowns", crowns, nth=player)
        app.type_into("Unfulfilled contracts", "0", nth=player)
    app.shows("mercante-standings", "shared win")
    app.expect("Adam: 12 crowns left, 0 unfulfilled contracts")
    app.expect("Beth: 12 crowns left, 0 unfulfilled contracts")
    # A penalty of 0 is named on its field, whole, at 390 px.
    app.type_into("Their penalties", "0", nth=0)
    app.expect("A contract's penalty is at least 1")
    app.page.keyboard.press("Backspace")  # the field still has the focus: empty it again
    app.settle(300)
    # Save sits in the bar at the bottom, in reach of a thumb.
    save = app.by_id("save-tally").bounding_box()
    assert save is not None and save["y"] > 844 / 2 and save["y"] + save["height"] <= 844
    app.press("save-tally")
    app.expect("Saved Mercante: Adam and Beth won.")
    app.page.context.close()
