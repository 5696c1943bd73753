"""The shipment auction under way: the lot, who bids next and the least they may bid, the bid
typed on this phone, Bid and Pass, and the bids so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import MercanteGame, ShipmentBid, rules
from companion.engine.mercante.auction import (
    RULING_REVERSED,
    RULING_SAMPLE_SHIPMENT,
    RULING_SECOND_ROUND,
)
from companion.engine.mercante.upkeep import THREE_PLAYERS
from companion.tables import Applied, Outcome
from companion.ui.context import AppContext
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, small, tagged, whole_number_field, wrap
from companion.ui.mercante.model import FieldErrors, lot_lines, plural
from companion.ui.mercante.parts import cite, ruling_chip, typed

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab


class Bidding:
    """The lot being auctioned, in the shipment panel."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab
        self.field: ft.TextField | None = None

    def set_bid(self, text: str) -> None:
        self.tab.drafts.shipment.bid = text

    def send(self, action: ShipmentBid) -> None:
        draft = self.tab.drafts.shipment

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                draft.bid_taken(outcome.snapshot.game.game)

        self.tab.session.act(action, on_outcome=done)

    def bidder(self) -> str | None:
        auction = self.tab.game.auction
        return None if auction is None else auction.next_bidder

    def pass_(self) -> None:
        bidder = self.bidder()
        if bidder is not None:
            self.send(self.tab.drafts.shipment.passed(bidder))

    def bid(self) -> None:
        bidder = self.bidder()
        try:
            game = self.tab.game
            crowns = game.player(bidder).crowns if game.ledger and bidder else None
            action = self.tab.drafts.shipment.typed_bid(bidder or "", crowns)
        except FieldErrors as exc:
            if self.field is not None:
                self.field.error = exc.errors.get(("bid",))
                self.tab.show_errors(self.tab.shipment_slot)
            return
        if bidder is not None:
            self.send(action)

    def controls(self) -> list[ft.Control]:
        tab = self.tab
        game = tab.game
        auction = game.auction
        assert auction is not None and auction.current is not None
        facts_ = rules().shipment_auction
        lot = auction.current
        number = auction.lot + 1
        least = auction.minimum_bid or lot.minimum
        high = (
            f"High bid: {auction.high[0]}, {plural(auction.high[1], 'crown')}."
            if auction.high
            else f"No bid yet; the minimum is {plural(lot.minimum, 'crown')}."
        )
        bidder = auction.next_bidder
        rounds = f" (round {auction.round} of {auction.laps})" if auction.laps > 1 else ""
        controls: list[ft.Control] = [
            tagged(
                "auction-lot",
                body(f"Lot {number} of {len(auction.lots)}: the {lot.label}{rounds}."),
            ),
            tagged(
                "auction-next",
                ft.Text(
                    f"{bidder} to bid: at least {plural(least, 'crown')}",
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                ),
            ),
            small(high),
        ]
        field = whole_number_field(
            f"{bidder}'s bid",
            tab.drafts.shipment.bid,
            on_change=typed(self.set_bid),
            col={"xs": 12, "sm": 6},
        )
        field.error_max_lines = 2
        self.field = field
        controls.append(tagged("shipment-bid", field))
        controls.append(
            wrap(
                [
                    button("Bid", lambda e: self.bid(), icon=ft.Icons.GAVEL, ident="place-bid"),
                    button(
                        "Pass",
                        lambda e: self.pass_(),
                        kind="outlined",
                        icon=ft.Icons.DO_NOT_DISTURB_ON_OUTLINED,
                        ident="pass-bid",
                    ),
                ]
            )
        )
        controls += [small(line) for line in lot_lines(game)]
        if auction.laps > 1:
            controls.append(ruling_chip(tab.ctx, RULING_SECOND_ROUND))
        if game.variants.reversed_auctions:
            controls.append(ruling_chip(tab.ctx, RULING_REVERSED))
        controls.append(auction_why(tab.ctx, game))
        controls.append(
            cite(tab.ctx, facts_.bidding_source, facts_.last_source, facts_.crowns_source)
        )
        return controls


def auction_why(ctx: AppContext, game: MercanteGame) -> ft.Control:
    """Why? for the shipment auction, with the rulings this game's auction follows."""
    rulings_used = [RULING_SAMPLE_SHIPMENT]
    if len(game.seats) == THREE_PLAYERS:
        rulings_used.append(RULING_SECOND_ROUND)
    if game.variants.reversed_auctions:
        rulings_used.append(RULING_REVERSED)
    return why_link(ctx, ["mercante.auction"], rulings_used, ident="why-auction")


__all__ = ["Bidding", "auction_why"]
