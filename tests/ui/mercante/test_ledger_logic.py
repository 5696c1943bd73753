"""The Mercante screens' words and drafts for a game the app keeps (issue 20), without flet."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.mercante import (
    BuyVictoryPoint,
    ImproveHouse,
    MercanteGame,
    SelectContract,
    StartShipmentAuction,
)
from companion.engine.mercante.auction import Shipment
from companion.engine.mercante.house import STANDARD
from companion.ui.mercante.model import (
    FieldErrors,
    MercanteDrafts,
    NewGameForm,
    agent_choices,
    event_choices,
    player_glances,
)

SEATS = ["Ann", "Ben", "Cleo", "David"]


def test_the_new_game_form_starts_a_game_the_app_keeps() -> None:
    choices, _ = event_choices([])
    game = NewGameForm(seats=list(SEATS)).build(choices, STANDARD)
    assert game.ledger
    # Setup: "8 crowns ... plus 2 crowns for each place in turn order"
    assert [p.crowns for p in game.players] == [10, 12, 14, 16]


def test_every_player_at_a_glance_kept_or_counted_at_the_table() -> None:
    game = MercanteGame.new(SEATS)
    game = replace(game, players=(replace(game.players[0], vp=2), *game.players[1:]))
    lines = [g.text for g in player_glances(game)]
    assert lines[0] == "Ann: 10 crowns · 2 VP · 0 contracts"
    assert [g.active for g in player_glances(game)] == [True, False, False, False]
    counted = MercanteGame.new(SEATS, ledger=False)
    assert [g.text for g in player_glances(counted)][1] == "Ben: 0 VP"


def after_auction(game: MercanteGame) -> MercanteGame:
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (5,))))
    while game.auction is not None:
        game, _ = game.bid(game.auction.next_bidder or "", None)
    return game


def test_buying_in_a_kept_game_asks_the_price_on_the_track() -> None:
    game = after_auction(MercanteGame.new(SEATS))
    offered = {c.ident: c for c in agent_choices(game, playing=True)}
    vp, agent = offered["buy-vp"], offered["buy-agent"]
    assert vp.action is None and vp.priced is not None and not vp.disabled
    assert vp.price_label == "Price in the green seal"
    assert vp.priced(4) == BuyVictoryPoint(price=4)
    assert agent.priced is not None and agent.priced(7) == ImproveHouse("agent", price=7)
    assert offered["select-contract-8"].action == SelectContract(crowns=8)
    assert {"select-contract-6", "select-contract-10"} <= set(offered)
    assert "select-contract" not in offered
    assert offered["buy-warehouse"].label == "Buy a warehouse (5 crowns)"
    # a game whose crowns the table counts asks no price
    counted = {
        c.ident: c for c in agent_choices(MercanteGame.new(SEATS, ledger=False), playing=True)
    }
    assert counted["buy-vp"].action == BuyVictoryPoint() and counted["buy-vp"].priced is None


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("", "Type the price the reference track shows"),
        ("x", None),
    ],
)
def test_a_track_price_that_does_not_read_is_said_at_its_field(
    typed: str, error: str | None
) -> None:
    drafts = MercanteDrafts(prices={"buy-vp": typed})
    with pytest.raises(FieldErrors) as caught:
        drafts.track_price("buy-vp")
    said = caught.value.errors[("price", "buy-vp")]
    assert said == error if error else said
    assert MercanteDrafts(prices={"buy-vp": " 4 "}).track_price("buy-vp") == 4


def test_a_bid_beyond_the_bidders_crowns_is_refused_at_its_field() -> None:
    """Rulebook: "No player may ever bid more money than that player has to spend"."""
    drafts = MercanteDrafts(bids={"Ann": "11", "Ben": "4", "Cleo": "x"})
    with pytest.raises(FieldErrors) as caught:
        drafts.vp_auction(SEATS, {"Ann": 10, "Ben": 12, "Cleo": 14, "David": 16})
    errors = caught.value.errors
    assert errors[("bid", "Ann")] == "Ann has 10 crowns"
    assert ("bid", "Ben") not in errors and ("bid", "Cleo") in errors
    # a game whose crowns the table counts: only what does not read
    drafts.bids["Cleo"] = ""
    assert dict(drafts.vp_auction(SEATS).bids)["Ann"] == 11
    shipment = MercanteDrafts().shipment
    shipment.bid = "27"
    with pytest.raises(FieldErrors) as refused:
        shipment.typed_bid("David", 26)
    assert refused.value.errors[("bid",)] == "David has 26 crowns"
    shipment.bid = "26"
    assert shipment.typed_bid("David", 26).amount == 26
    prices = MercanteDrafts(prices={"buy-vp": "11"})
    with pytest.raises(FieldErrors) as priced:
        prices.track_price("buy-vp", ("Ann", 1))
    assert priced.value.errors[("price", "buy-vp")] == "Ann has 1 crown"
