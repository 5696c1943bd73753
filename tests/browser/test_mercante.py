"""Mercante in Debian's Chromium at phone size: start a game (a shared table), play an event,
see the at-a-glance board change, price a sale and find it all again after a reload; End turn
from the Sale tab; the tally with 0 unfulfilled contracts; two phones on one table, each move
showing on the other without a reload; and "why?" from a sale landing on the rules entry."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.engine.mercante import MercanteGame, MercanteTable, rulebook_event
from companion.tools.browser import PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

BASE = "/calculators/mercante"


def seeded_table(db_url: str, seats: tuple[str, ...]) -> int:
    """A game already started (as the new-game form leaves it), as a table on the server's
    database (the server opens it on demand)."""
    game = MercanteGame.new(seats, first_event=rulebook_event("Visiting Nobility"), ledger=False)
    return table_at(db_url, "mercante", MercanteTable.new(game))


def auction_all_pass(app: AppPage, table_id: int) -> None:
    """The shipment auction of the turn on the Turn tab: one silk at 5, every bidder passes
    (a game the app keeps takes its phases in order)."""
    app.goto(f"{BASE}/{table_id}/turn")
    app.tap(app.by_id("shipment-add"))
    app.settle(500)
    app.tap(app.page.get_by_role("button", name="Silk", exact=True).first)
    app.type_into("Silk: minimum bid", "5")
    app.press("start-auction")
    app.wait_tappable("pass-bid")
    while app.tap_if_there("pass-bid"):
        app.settle(600)
    app.shows("auction-results", "Nobody bid for the silk")


def table_of(db_url: str, table_id: int) -> MercanteTable:
    return game_at(db_url, table_id, MercanteTable)


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
    app.page.wait_for_url(re.compile(r".*/calculators/mercante/\d+$"))  # the table's address
    table_id = int(app.page.url.rsplit("/", 1)[1])
    app.shows("turn-line", "Upkeep marker: Chris · upkeep in 2 turns")
    app.shows("slot-A", "Visiting Nobility")
    # The app keeps a new game: every player's crowns at a glance, the auction comes first.
    app.shows("players-glance", "Adam: 10 crowns · 0 VP · 0 contracts")
    auction_all_pass(app, table_id)
    app.goto(f"{BASE}/{table_id}/calendar")

    # Adam's Manipulate Events agent plays Distant War: into A, Visiting Nobility moves to B
    # and raw materials close. Then his turn ends: Beth sells.
    app.press("play-rulebook:distant_war")
    app.expect(
        "Adam manipulated events: Distant War went into space A. "
        "Visiting Nobility moved to space B."
    )
    app.shows("closed-raw_materials", "CLOSED")
    app.shows("glance-silk", "+1")
    app.shows("glance-gold", "0")
    app.press("end-turn")
    app.shows("turn-line", "Beth's turn")
    auction_all_pass(app, table_id)
    app.goto(f"{BASE}/{table_id}/calendar")

    # Price a silk sale on a space printed 20: 20 + 1 (Visiting Nobility) = 21.
    app.tap(app.page.get_by_role("tab", name=re.compile(r"^Sale")).first)
    app.page.wait_for_url(re.compile(rf"/calculators/mercante/{table_id}/sale$"), timeout=10_000)
    app.shows("running-total", "Nothing chosen yet")
    app.tap(app.by_id("add-silk"))
    app.shows("add-silk", "Silk × 1")
    app.shows("token-silk:1", "Type the printed value to see the price.")
    app.type_into("Printed value of its space", "20")
    app.shows("token-silk:1", "20 + 1 = 21")
    app.shows("bazaar-alternative", "All to the bazaar instead: 1 × 3 = 3 crowns")

    # A reload keeps the sale being priced (it is this phone's) and the table as it is.
    app.reload()
    app.shows("token-silk:1", "20 + 1 = 21")
    app.press("confirm-sale")
    app.expect("Beth sold silk for 21 crowns (20 + 1 = 21).")
    app.shows("running-total", "Nothing chosen yet")  # the sale is done, the draft cleared
    app.page.context.close()

    # Another phone (or the same one, later) finds the game in the list and resumes it.
    again = AppPage.open(chromium, app_server.url, phone=True, route=BASE)
    again.press(f"resume-{table_id}")
    again.shows("closed-raw_materials", "CLOSED")
    again.shows("slot-A", "Distant War")
    again.shows("slot-B", "Visiting Nobility")
    again.page.context.close()


def test_end_turn_from_the_sale_tab_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/sale")
    app.shows("turn-line", "Adam's turn")
    app.shows("turn-agents", "2 of 2 agents left · Beth next")
    # The End turn button sits beside the banner, on screen without scrolling.
    box = app.by_id("end-turn").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    app.press("end-turn")
    app.shows("message", "Adam's turn ended; Beth is next.")
    app.shows("turn-line", "Beth's turn")
    app.page.wait_for_url(re.compile(rf"/calculators/mercante/{table_id}/sale$"), timeout=10_000)
    # The message sits below the screen, covering nothing: the bar's Sell is still in reach.
    message = app.by_id("message").bounding_box()
    sell = app.by_id("confirm-sale").bounding_box()
    assert message is not None and sell is not None
    assert sell["y"] + sell["height"] <= message["y"] + 1
    app.page.context.close()


def test_the_tally_with_0_unfulfilled_contracts_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/end")
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
    app.shows("message", "Saved Mercante: Adam and Beth won.")
    table = table_of(db_url, table_id)
    assert table.figures("Chris").unfulfilled == 0 and table.figures("Adam").penalties == ()
    app.page.context.close()


def test_two_phones_on_one_mercante_table_see_each_move(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, ("Adam", "Beth", "Chris"))
    adam = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/calendar")
    beth = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/sale")
    for page in (adam, beth):
        page.by_id("turn-line").wait_for(state="attached", timeout=30_000)
    # Beth starts pricing a sale: that stays on her phone.
    beth.press("add-gems")
    beth.type_into("Printed value of its space", "18")
    beth.shows("token-gems:1", "18 + 1 = 19")
    # Adam's move shows on Beth's phone without a reload, her draft priced again in place.
    adam.settle(600)
    adam.tap_now("play-rulebook:distant_war")
    beth.shows("turn-agents", "1 of 2 agents left", timeout=PUSHED)
    beth.shows("token-gems:1", "18 + 1 = 19")
    beth.shows("add-gems", "Gems × 1")
    # And back: Beth ends Adam's turn from her tab; Adam's phone follows.
    beth.settle(600)
    beth.tap_now("end-turn")
    adam.shows("turn-line", "Beth's turn", timeout=PUSHED)
    adam.shows("slot-A", "Distant War")
    # A figure of the tally on one phone shows on the other.
    adam.goto(f"{BASE}/{table_id}/end")
    beth.goto(f"{BASE}/{table_id}/end")
    for page in (adam, beth):
        page.by_id("tally-player-1").wait_for(state="attached", timeout=30_000)
    adam.type_into("VP tokens", "7", nth=0)
    adam.type_into("Crowns", "31", nth=0)
    beth.shows("working-score-1", "Score: 7 VP = 7", timeout=PUSHED)
    beth.shows("working-crowns-1", "Crowns: 31 left")
    table = table_of(db_url, table_id)
    assert table.game.active == "Beth" and table.figures("Adam").crowns == 31
    for page in (adam, beth):
        page.page.context.close()


def test_why_beside_a_sale_price_lands_on_the_rules_entry_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, ("Adam", "Beth", "Chris"))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/sale")
    app.press("add-silk")
    app.type_into("Printed value of its space", "20")
    app.shows("token-silk:1", "20 + 1 = 21")
    app.press("why-price-silk:1")
    app.press("why-entry-mercante.selling")
    # The entry's address names the screen that asked, for its back arrow (issue 21).
    app.page.wait_for_url(re.compile(r"/rules/mercante\.selling\?back=.*$"), timeout=10_000)
    app.shows("entry-title", "Selling")
    # Back on the table, the sale being priced is still there.
    app.goto(f"{BASE}/{table_id}/sale")
    app.shows("token-silk:1", "20 + 1 = 21")
    app.page.context.close()
