"""Upkeep step 3: the blind bids for each victory point token on the upkeep marker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import rules
from companion.engine.mercante.upkeep import RULING_AUCTION_TIE
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, tagged, whole_number_field
from companion.ui.mercante.model import FieldErrors, show_vp_bids
from companion.ui.mercante.parts import cite, ruling_chip, typed

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab


class VpAuctionStep:
    """One bid field a seat (typed on this phone) and Settle this bid."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab
        self.fields: dict[str, ft.TextField] = {}

    def set_bid(self, name: str, text: str) -> None:
        self.tab.drafts.bids[name] = text

    def settle(self) -> None:
        tab = self.tab
        drafts = tab.drafts
        try:
            game = tab.game
            crowns = {p.name: p.crowns for p in game.players} if game.ledger else None
            action = drafts.vp_auction(tuple(self.fields), crowns)
        except FieldErrors as exc:
            for name, field in self.fields.items():
                field.error = exc.errors.get(("bid", name))
            tab.show_errors(tab.upkeep_slot)
            return
        for field in self.fields.values():
            field.error = None
        tab.act(action, settle=drafts.bids.clear)

    def controls(self) -> list[ft.Control]:
        tab = self.tab
        game = tab.game
        if not show_vp_bids(game):
            return [body("No victory point token on the marker: nothing to auction.", muted=True)]
        held = game.vp_auctions_held()
        controls: list[ft.Control] = [
            tagged(
                "vp-auction",
                body(
                    f"Token {held + 1} of {held + game.vp_auctions_left} on the marker: one "
                    "blind bid. Type "
                    "each bid; a blank is 0. All 0 and the token stays for the next upkeep."
                ),
            )
        ]
        self.fields = {}
        fields: list[ft.Control] = []
        for name in game.seats:
            field = whole_number_field(
                f"{name}'s bid",
                tab.drafts.bids.get(name, ""),
                on_change=typed(self.set_bid, name),
                col={"xs": 6, "md": 3},
            )
            field.error_max_lines = 2
            self.fields[name] = field
            fields.append(tagged(f"bid-{name}", field))
        controls.append(ft.ResponsiveRow(fields, spacing=8, run_spacing=8))
        controls.append(
            button(
                "Settle this bid",
                lambda e: self.settle(),
                icon=ft.Icons.GAVEL,
                kind="tonal",
                ident="settle-bid",
            )
        )
        controls.append(ruling_chip(tab.ctx, RULING_AUCTION_TIE))
        controls.append(
            why_link(tab.ctx, ["mercante.vp_auction"], [RULING_AUCTION_TIE], ident="why-vp-bid")
        )
        controls.append(cite(tab.ctx, rules().vp_auction.source, rules().vp_auction.tie_source))
        return controls


__all__ = ["VpAuctionStep"]
