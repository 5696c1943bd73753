"""The Mercante screens on a game the app keeps (the ledger): real flet Sessions and a real
(temporary) history, no browser (issue 20, "At the table" and "Private information").

A new game is kept by the app; every phone shows each player's crowns, victory points and
contracts; the prices the reference track shows and the contracts kept are told once and
paid; an old game whose crowns the table counts plays as before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from companion.engine.mercante import (
    BuyVictoryPoint,
    MercanteGame,
    StartShipmentAuction,
    rulebook_event,
)
from companion.engine.mercante.auction import Shipment
from companion.tables import TableHub
from companion.ui.app import create_main
from tests.ui.mercante.test_screen import (
    BASE,
    add_players,
    counted_at_table,
    game_of,
    only_table,
    open_tab,
    table_with,
    text_of,
)
from tests.ui_harness import Harness, message, run, settled, visible

pytestmark = pytest.mark.usefixtures("players_who_look")


def kept_game(seats: list[str], **kw: Any) -> MercanteGame:
    return MercanteGame.new(seats, first_event=rulebook_event("Visiting Nobility"), **kw)


def after_auction(game: MercanteGame) -> MercanteGame:
    """The shipment auction over, every bidder passing."""
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (5,))))
    while game.auction is not None:
        game, _ = game.bid(game.auction.next_bidder or "", None)
    return game


def glance(h: Harness) -> list[str]:
    return text_of(h.by_id("players-glance")).split(" | ")


@run
async def test_a_new_game_is_kept_by_the_app_and_every_phone_sees_the_crowns(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await add_players(h, "Adam", "Beth", "Chris", "David")
    await h.click(h.by_id("start-game"))
    table_id = only_table(store)
    game = game_of(store, table_id)
    assert game.ledger
    assert [p.crowns for p in game.players] == [10, 12, 14, 16]  # 8 + 2 × seat
    assert glance(h) == [
        "Adam: 10 crowns · 0 VP · 0 contracts",
        "Beth: 12 crowns · 0 VP · 0 contracts",
        "Chris: 14 crowns · 0 VP · 0 contracts",
        "David: 16 crowns · 0 VP · 0 contracts",
    ]
    # The contracts kept at setup are paid once, and every phone sees it at once.
    other = await open_tab(store, hub, table_id, "turn")
    setup = await open_tab(store, hub, table_id, "setup")
    await setup.select(setup.by_id("kept-2"), ["8"])
    assert game_of(store, table_id).player("Beth").crowns == 20
    assert text_of(setup.by_id("crowns-2")) == "20 crowns"
    await settled()
    assert glance(other)[1] == "Beth: 20 crowns · 0 VP · 1 contract"
    # A kept contract is not taken back by the picker (its crowns were paid): Undo does it.
    await setup.select(setup.by_id("kept-2"), ["10"])
    assert game_of(store, table_id).player("Beth").crowns == 20
    assert message(setup) == "Beth's contract is kept: Undo takes it back"


@run
async def test_buying_asks_the_price_on_the_track_and_pays_it(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, kept_game(["Adam", "Beth", "Chris"]))
    h = await open_tab(store, hub, table_id, "turn")
    # the shipment auction comes first: Adam's card has no lot this time (all pass)
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "5")
    await h.click(h.by_id("start-auction"))
    for _ in range(6):
        if not h.find_all(ft.Semantics, identifier="pass-bid"):
            break
        await h.click(h.by_id("pass-bid"))
    await h.click(h.by_id("buy-vp"))
    price = h.by_id("buy-vp-price")
    assert price.error == "Type the price the reference track shows"
    assert game_of(store, table_id).player("Adam").vp == 0
    await h.type(price, "40")
    await h.click(h.by_id("buy-vp"))  # refused before it is sent
    assert game_of(store, table_id).player("Adam").crowns == 10
    assert h.by_id("buy-vp-price").error == "Adam has 10 crowns"
    await h.type(h.by_id("buy-vp-price"), "4")
    await h.click(h.by_id("buy-vp"))
    game = game_of(store, table_id)
    assert (game.player("Adam").crowns, game.player("Adam").vp) == (6, 1)
    assert glance(h)[0] == "Adam: 6 crowns · 1 VP · 0 contracts"
    await h.click(h.by_id("select-contract-8"))
    game = game_of(store, table_id)
    assert game.player("Adam").crowns == 14 and game.contract_count("Adam") == 1
    assert glance(h)[0] == "Adam: 14 crowns · 1 VP · 1 contract"


@run
async def test_a_game_whose_crowns_the_table_counts_plays_as_before(
    store: Any, hub: TableHub
) -> None:
    game = counted_at_table(["Adam", "Beth", "Chris"])
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id, "turn")
    assert glance(h) == ["Adam: 0 VP", "Beth: 0 VP", "Chris: 0 VP"]  # no crowns to show
    await h.click(h.by_id("buy-vp"))  # no price asked: the table counts the crowns
    assert game_of(store, table_id).player("Adam").vp == 1
    assert h.find_all(ft.Semantics, identifier="buy-vp-price") == []
    sale = await open_tab(store, hub, table_id, "sale")
    assert visible(sale, "contract-vp")
    kept = await open_tab(store, hub, table_with(hub, kept_game(["Dee", "Eve", "Fay"])), "sale")
    assert not visible(kept, "contract-vp")  # the app completes the contracts itself


@run
async def test_the_bid_boxes_refuse_a_bid_beyond_the_bidders_crowns(
    store: Any, hub: TableHub
) -> None:
    """Rulebook: "No player may ever bid more money than that player has to spend"."""
    game = replace(kept_game(["Adam", "Beth", "Chris", "David"]), vp_on_marker=1)
    game = replace(game, active="David", step=None)  # David holds the upkeep marker
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id, "turn")
    await h.click(h.by_id("remove-goods"))
    await h.select(h.by_id("upkeep-event"), "rulebook:visiting_nobility")
    await h.click(h.by_id("apply-event"))
    await h.type(h.by_id("bid-Adam"), "11")  # Adam has 10
    await h.type(h.by_id("bid-Beth"), "5")
    await h.click(h.by_id("settle-bid"))
    assert h.by_id("bid-Adam").error == "Adam has 10 crowns"
    assert h.by_id("bid-Beth").error is None
    assert game_of(store, table_id).vp_on_marker == 1, "nothing was sent"
    await h.type(h.by_id("bid-Adam"), "10")
    await h.click(h.by_id("settle-bid"))
    game = game_of(store, table_id)
    assert (game.player("Adam").crowns, game.player("Adam").vp) == (0, 1)
    assert glance(h)[0] == "Adam: 0 crowns · 1 VP · 0 contracts"
    await h.click(h.by_id("pass-marker"))
    # The shipment auction: Adam has nothing left to bid with.
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "1")
    await h.click(h.by_id("start-auction"))
    assert "Adam to bid" in text_of(h.by_id("auction-next"))
    await h.type(h.by_id("shipment-bid"), "3")
    await h.click(h.by_id("place-bid"))
    assert h.by_id("shipment-bid").error == "Adam has 0 crowns"
    assert game_of(store, table_id).auction.bids == ()  # type: ignore[union-attr]


@run
async def test_the_engines_refusal_reaches_a_stale_phone_in_words(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, after_auction(kept_game(["Adam", "Beth", "Chris"])))
    h = await open_tab(store, hub, table_id, "turn")
    await h.type(h.by_id("buy-agent-price"), "5")  # Adam has 10 crowns on this screen
    # Adam buys a victory point on another device; this phone has not heard of it yet.
    seen = len(game_of(store, table_id).log)
    assert hub.submit(table_id, BuyVictoryPoint(price=8), seen=seen, device="x").ok
    await h.session.dispatch_event(h.by_id("buy-agent")._i, "click", None)
    assert game_of(store, table_id).player("Adam").crowns == 2
    # refused saying what changed; the tap again is refused at the field, in words
    assert message(h) == (
        "Meanwhile, on another phone: Adam: Buy One Victory Point (8 crowns; one more on the "
        "upkeep marker, 1 there now)."
    )
    await h.type(h.by_id("buy-agent-price"), "5")
    await h.click(h.by_id("buy-agent"))
    assert h.by_id("buy-agent-price").error == "Adam has 2 crowns"
    assert h.by_id("buy-warehouse").disabled  # 5 crowns
