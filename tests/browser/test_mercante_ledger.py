"""Mercante kept by the app (issue 20) in Debian's Chromium at phone size: every player's
crowns, VP and contracts at a glance; a price beyond a player's crowns refused at its field;
the end announced; the tally with nothing typed, saved in one tap."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.engine.mercante import (
    MercanteGame,
    MercanteTable,
    StartShipmentAuction,
    rulebook_event,
)
from companion.engine.mercante.auction import Shipment
from companion.tools.browser import PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

BASE = "/calculators/mercante"
PHONE_WIDTH = 390


def kept_table(db_url: str, *, rich: str | None = None) -> int:
    """A kept game on Adam's turn after the shipment auction (everybody passed); ``rich``
    has 82 crowns (the end trigger)."""
    game = MercanteGame.new(
        ("Adam", "Beth", "Chris"), first_event=rulebook_event("Visiting Nobility")
    )
    if rich is not None:
        players = tuple(replace(p, crowns=82) if p.name == rich else p for p in game.players)
        game = replace(game, players=players)
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (5,))))
    while game.auction is not None:
        game, _ = game.bid(game.auction.next_bidder or "", None)
    table = MercanteTable.new(game.start)
    for record in game.log:
        table, _ = table.apply(record.action)
    return table_at(db_url, "mercante", table)


def test_crowns_at_a_glance_and_a_price_beyond_them_refused_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = kept_table(db_url)
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/turn")
    other = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/sale")
    for page in (app, other):
        page.shows("players-glance", "Adam: 10 crowns · 0 VP · 0 contracts")
        page.shows("players-glance", "Chris: 14 crowns · 0 VP · 0 contracts")
        box = page.by_id("players-glance").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH
    app.type_into("Price in the green seal", "40")
    app.press("buy-vp")
    app.expect("Adam has 10 crowns")
    assert game_at(db_url, table_id, MercanteTable).game.player("Adam").vp == 0
    app.page.get_by_role("textbox", name="Price in the green seal").first.focus()
    app.settle(300)
    app.page.keyboard.press("Control+a")
    app.page.keyboard.type("4")
    app.settle(300)
    app.press("buy-vp")
    app.shows("players-glance", "Adam: 6 crowns · 1 VP · 0 contracts")
    other.shows("players-glance", "Adam: 6 crowns · 1 VP · 0 contracts", timeout=PUSHED)
    for page in (app, other):
        page.page.context.close()


def test_the_end_announced_and_the_tally_saved_with_nothing_typed_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = kept_table(db_url, rich="Beth")
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/turn")
    other = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/calendar")
    for page in (app, other):
        page.shows("end-notice", "The game ends at the end of Adam's turn. Beth has 82 crowns.")
    app.press("end-turn")
    other.shows("end-notice", "The game is over. Beth has 82 crowns.", timeout=PUSHED)
    app.press("open-tally")
    app.shows("end-state", "The game is over. Beth has 82 crowns.")
    for seat in (1, 2, 3):
        app.press(f"final-sell-{seat}")
        app.wait_tappable(f"final-buy-{seat}")
    app.press("final-vp-2-plus")
    app.press("final-vp-2-plus")
    for seat in (1, 2, 3):
        app.press(f"final-buy-{seat}")
        app.shows(f"final-line-{seat}", "bought")
    app.shows("working-2", "Crowns: 82; 2 VP × 10 = 20; 62 left")
    box = app.by_id("working-2").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE_WIDTH
    assert app.page.get_by_role("textbox").count() <= 1  # the correction's field at most
    app.press("save-tally")
    app.shows("message", "Saved Mercante: Beth won.")
    for page in (app, other):
        page.page.context.close()


def test_the_setup_deal_told_and_kept_on_the_holders_phone_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Setup: two contracts dealt, one kept; the phone that says it is Adam's tells both and
    keeps one, everything in its panel on screen at 390 px (issue 20, Contracts)."""
    game = MercanteGame.new(
        ("Adam", "Beth", "Chris"), first_event=rulebook_event("Visiting Nobility")
    )
    table_id = table_at(db_url, "mercante", MercanteTable.new(game))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/{table_id}/setup")
    app.press("table-menu")
    app.press("whose-phone")
    app.press("phone-of-1")
    app.shows("setup-deal", "Adam's setup deal")
    app.press("deal-keep-1")
    app.expect("Card 1: choose what the card asks for")
    app.tap(app.by_id("deal-kind-1"))
    app.settle(500)
    app.tap(app.text("2 raw materials, mixed (10)", exact=True).last)
    app.settle(500)
    for ident in ("deal-card-1", "deal-kind-1", "deal-good-1-2", "deal-keep-1", "deal-card-2"):
        app.bring_into_view(app.by_id(ident))
        box = app.by_id(ident).bounding_box()
        assert box is not None and box["x"] >= 0, ident
        assert box["x"] + box["width"] <= PHONE_WIDTH, ident
    for k, good in ((1, "Ore"), (2, "Dyes")):
        app.tap(app.by_id(f"deal-good-1-{k}"))
        app.settle(500)
        app.tap(app.text(good, exact=True).last)
        app.settle(500)
    app.shows("deal-keep-1", "Keep card 1: 10 crowns")
    app.press("deal-keep-1")
    app.shows("crowns-1", "20 crowns")
    app.shows("my-contract-1", "Contract 1 (10 crowns): sell ore and dyes")
    (contract,) = game_at(db_url, table_id, MercanteTable).game.contracts_of("Adam")
    assert contract.card is not None and contract.card.goods == ("ore", "dyes")
    app.page.context.close()
