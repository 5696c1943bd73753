"""The shipment auction panel: the shipment card typed in (its goods top to bottom, each one's
minimum bid, or all as a single lot) and Start the auction; then the lot under way
(:mod:`.bidding`); then how the lots went."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import goods_in, markets, rules
from companion.engine.mercante.auction import RULING_SAMPLE_SHIPMENT, bidding_order
from companion.engine.mercante.upkeep import THREE_PLAYERS
from companion.ui.kit.widgets import body, button, notice, panel, small, tagged, whole_number_field
from companion.ui.mercante.model import good_name, lot_lines
from companion.ui.mercante.parts import cite, ruling_chip, switched, typed
from companion.ui.mercante.parts.turn.bidding import Bidding, auction_why

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab

NONE = "__none__"


class ShipmentPanel:
    """The "Shipment auction" panel of the Turn tab; the card typed in is this phone's
    draft until the auction starts."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab
        self.bidding = Bidding(tab)

    # -- the card typed in ----------------------------------------------------------------------
    def add_good(self, good: str | None) -> None:
        if good and good != NONE:
            self.tab.drafts.shipment.add(good)
            self.tab.redraw()

    def drop_good(self, index: int) -> None:
        self.tab.drafts.shipment.remove(index)
        self.tab.redraw()

    def set_minimum(self, index: int, text: str) -> None:
        self.tab.drafts.shipment.minimums[index] = text

    def set_lot_minimum(self, text: str) -> None:
        self.tab.drafts.shipment.lot_minimum = text

    def set_single_lot(self, on: bool) -> None:
        self.tab.drafts.shipment.single_lot = on
        self.tab.redraw()

    def start(self) -> None:
        try:
            action = self.tab.drafts.shipment.start()
        except ValueError as exc:
            self.tab.session.refuse(str(exc))
            return
        self.tab.act(action)

    # -- rendering ------------------------------------------------------------------------------
    def panel(self) -> ft.Control:
        return tagged("shipment-panel", panel(*self.controls(), title="Shipment auction"))

    def controls(self) -> list[ft.Control]:
        game = self.tab.game
        auction = game.auction
        if auction is not None and auction.current is not None:
            return self.bidding.controls()
        if game.auctioned or game.auction_results():
            return [
                *(tagged("auction-results", body(line)) for line in lot_lines(game)),
                small("The shipment auction is over for this turn."),
            ]
        if game.step != "shipment":
            return [
                body(
                    "The agents are at work: the shipment auction is over for this turn.",
                    muted=True,
                )
            ]
        return self.card_controls()

    def card_controls(self) -> list[ft.Control]:
        tab = self.tab
        game = tab.game
        facts_ = rules().shipment_auction
        draft = tab.drafts.shipment
        problems = draft.errors() if draft.goods else {}
        controls: list[ft.Control] = [
            body(
                f"{game.active} chooses a shipment card. Add its goods top to bottom with each "
                "one's minimum bid"
                + (
                    ": the app runs the auction and takes each winner's crowns."
                    if game.ledger
                    else ", or run the auction at the table and go on to the agents."
                ),
                muted=True,
            )
        ]
        for i, good in enumerate(draft.goods):
            field = whole_number_field(
                f"{good_name(good)}: minimum bid",
                draft.minimums[i],
                on_change=typed(self.set_minimum, i),
                expand=True,
            )
            field.error = problems.get(("minimum", i)) if draft.minimums[i].strip() else None
            field.error_max_lines = 2
            controls.append(
                tagged(
                    f"shipment-token-{i + 1}",
                    ft.Row(
                        [
                            field,
                            ft.IconButton(
                                ft.Icon(ft.Icons.CLOSE, semantics_label=f"Take the {good} off"),
                                tooltip=f"Take the {good} off",
                                on_click=lambda e, i=i: self.drop_good(i),
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                )
            )
        if len(draft.goods) < facts_.most_tokens:
            controls.append(
                tagged(
                    "shipment-add",
                    ft.Dropdown(
                        label="Add a good from the card",
                        value=NONE,
                        options=[ft.DropdownOption(key=NONE, text="Choose a good")]
                        + [
                            ft.DropdownOption(key=g, text=good_name(g))
                            for m in markets()
                            for g in goods_in(m)
                        ],
                        on_select=lambda e: self.add_good(e.control.value),
                        expand=True,
                    ),
                )
            )
        if len(draft.goods) > 1:
            controls.append(
                tagged(
                    "single-lot",
                    ft.Switch(
                        label="All at once, as a single lot",
                        value=draft.single_lot,
                        on_change=switched(self.set_single_lot),
                    ),
                )
            )
            if draft.single_lot:
                whole = whole_number_field(
                    "Single lot: minimum bid",
                    draft.lot_minimum,
                    on_change=typed(self.set_lot_minimum),
                )
                if draft.lot_minimum.strip():
                    whole.error = problems.get(("lot_minimum",))
                controls.append(tagged("lot-minimum", whole))
        card_problem = problems.get(("goods",))
        if card_problem:
            controls.append(notice(card_problem, level="warning"))
            if "shipment card carries" in card_problem:
                controls.append(ruling_chip(tab.ctx, RULING_SAMPLE_SHIPMENT))
        order = bidding_order(game.seats, game.active, reversed_=game.variants.reversed_auctions)
        rounds = "twice round" if len(order) == THREE_PLAYERS else "once round"
        controls.append(small(f"Bids go {rounds} from {order[0]}; {game.active} bids last."))
        controls.append(
            button(
                "Start the auction",
                lambda e: self.start(),
                icon=ft.Icons.GAVEL,
                kind="tonal",
                ident="start-auction",
                disabled=not draft.goods or not tab.session.playing,
            )
        )
        controls.append(auction_why(tab.ctx, game))
        controls.append(
            cite(tab.ctx, facts_.tokens_source, facts_.lots_source, facts_.minimum_source)
        )
        return controls


__all__ = ["ShipmentPanel"]
